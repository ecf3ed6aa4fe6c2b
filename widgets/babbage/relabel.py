"""Moved: the relabel registry is every game's, :mod:`widgets.core.relabel` (and the page's
language, :func:`widgets.core.language.page_language`). Kept as those names for
``widgets/babbage/puzzle_app.py`` until it imports them from there."""

from __future__ import annotations

from widgets.core.language import page_language
from widgets.core.relabel import (
    Text,
    Words,
    language_switch,
    register,
    relabel_all,
    relabel_part,
    text_of,
)

__all__ = ["Text", "Words", "language_switch", "page_language", "register", "relabel_all",
           "relabel_part", "text_of"]
