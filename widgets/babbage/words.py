"""The edition's words as the apps show them, in the pupil's language.

The edition's data (``lnb/babbage/data/standard.json``) names things in English: the Influence
types (``Art``) and Subroutine effects (``SLOW``), whose names the library translates
(:mod:`lnb.babbage.words`, used here), and the effects' sentences and the computer players
(``greedy``), which only the apps show: this module gives each of those its catalog entry,
once, so every widget shows the same words for one thing (docs/glossary.md).
``tests/test_babbage_i18n.py`` checks that every one of the edition has an entry.

>>> from lnb.core.i18n import use_language
>>> with use_language("zh-CN"):
...     influence("Art"), effect_name("SLOW")
('艺术', '减速')
>>> influence("Art"), effect_name("SLOW")
('Art', 'SLOW')
"""

from __future__ import annotations

import html

from lnb.babbage.words import effect_name as library_effect_name
from lnb.babbage.words import type_name
from lnb.core.i18n import LazyText, lazy_gettext, lazy_pgettext
from widgets.core.theme import chip_class

#: What each effect does: the edition's sentences (the English is the data's own text).
EFFECT_TEXTS: dict[str, LazyText] = {
    "SIGMA": lazy_gettext("once: mark one row Σ; its Operation is applied twice in that row"),
    "NEAR": lazy_gettext("once, for a single Patron: a Result within ±1 of its value "
                         "claims it"),
    "EXTRA": lazy_gettext("two more Operations than your limit"),
    "DOUBLE": lazy_gettext("once, for a single Patron: record the Influence you take twice"),
    "SLOW": lazy_gettext("every opponent has one Operation fewer"),
    "BOTH": lazy_gettext("once: if you are first at a Patron, take both Primary types"),
    "RESERVE": lazy_gettext("draw a Patron into your own display: only you may claim it, "
                            "twice with two Results"),
    "CHOICE": lazy_gettext("once: as second at a Patron you may take either Primary type"),
}


#: The computer players' names (``lnb.babbage.bots``) and what each one does.
BOT_NAMES: dict[str, LazyText] = {
    "beginner": lazy_pgettext("computer player", "beginner"),
    "greedy": lazy_pgettext("computer player", "greedy"),
    "planner": lazy_pgettext("computer player", "planner"),
}
BOT_TEXTS: dict[str, LazyText] = {
    "beginner": lazy_gettext("a new player: short programs to the nearest Patron, with a "
                             "beginner's mistakes (wrong aims, forgotten Subroutines, "
                             "majorities missed)"),
    "greedy": lazy_gettext("short-sighted: the nearest Patron or Subroutine one row at a "
                           "time, blind to the other players' majorities"),
    "planner": lazy_gettext("searches whole programs for the most points this Round and plays "
                            "for every majority"),
}


def bot_name(name: str) -> str:
    """A computer player's name in the pupil's language."""
    return str(BOT_NAMES[name]) if name in BOT_NAMES else name


def bot_text(name: str, english: str = "") -> str:
    """What a computer player does; ``english`` (the registry's sentence) when the table
    lacks it or the registry says something else now."""
    if name in BOT_TEXTS and (not english or english == BOT_TEXTS[name].message):
        return str(BOT_TEXTS[name])
    return english


def influence(kind: str) -> str:
    """An Influence type's name (the library's: :func:`lnb.babbage.words.type_name`)."""
    return type_name(kind)


def effect_name(effect: object) -> str:
    """A Subroutine effect's name on its card (the library's: ``lnb.babbage.words``)."""
    return library_effect_name(effect)


def effect_text(effect: object, english: str = "") -> str:
    """What an effect does; ``english`` (the edition's sentence) when the table lacks it.

    >>> effect_text("EXTRA")
    'two more Operations than your limit'
    """
    key = str(getattr(effect, "value", effect))
    if key in EFFECT_TEXTS and (not english or english == EFFECT_TEXTS[key].message):
        return str(EFFECT_TEXTS[key])
    return english


def chip(name: str, label: str | None = None, extra: str = "") -> str:
    """A coloured chip for ``name`` (an Influence type, an effect), showing ``label`` (the
    name in the pupil's language); the colour is the name's (``widgets.core.theme``).

    >>> chip("Art", "艺术")
    "<span class='lnb-chip lnb-chip-art'>艺术</span>"
    """
    css = f"lnb-chip {chip_class(name)}" + (f" {extra}" if extra else "")
    return f"<span class='{css}'>{html.escape(name if label is None else label)}</span>"


__all__ = ["BOT_NAMES", "BOT_TEXTS", "EFFECT_TEXTS", "bot_name", "bot_text", "chip",
           "effect_name", "effect_text", "influence"]
