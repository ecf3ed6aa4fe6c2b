"""``lnb museum ...``: Consulting Mathematician's commands; their words live with the game
(:mod:`lnb.museum.command`, the ``museum`` catalog)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    """Add Consulting Mathematician's commands (``simulate``, ``replay``, ``daily``, ``map``)."""
    from lnb.museum.command import register as register_museum

    register_museum(sub)
