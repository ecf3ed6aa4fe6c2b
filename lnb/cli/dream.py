"""``lnb dream ...``: Ada's Dream's commands; their words live with the game
(:mod:`lnb.dream.command`, the ``dream`` catalog)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    """Add Ada's Dream's commands (``simulate``, ``replay``, ``cards``)."""
    from lnb.dream.command import register as register_dream

    register_dream(sub)
