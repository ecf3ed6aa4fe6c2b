"""The edition's words a pupil reads, translated: Influence types and Subroutine effects.

The edition's data file (``data/standard.json``) names them in English, as the rulebook does;
they are looked up in the catalog with a context (``pgettext``), so a translator sees what each
word is. The words are listed here for the catalog (``make i18n`` reads this file), and
``tests/test_library_messages.py`` checks that every word of every edition is listed.
People's names (Patrons, Characters) stay as printed (docs/glossary.md).

>>> from lnb.core.i18n import use_language
>>> with use_language("zh-CN"):
...     type_name("Art"), effect_name("NEAR")
('艺术', '差 1 也算')
>>> type_name("Art"), effect_name("a new effect")
('Art', 'a new effect')
"""

from __future__ import annotations

from lnb.core.i18n import lazy_pgettext, pgettext

INFLUENCE_TYPE = "Influence type"
EFFECT = "Subroutine effect"

#: The words of the kit's editions, marked for the catalog (each in its context).
MARKED = (
    lazy_pgettext("Influence type", "Art"),
    lazy_pgettext("Influence type", "Science"),
    lazy_pgettext("Influence type", "Engineering"),
    lazy_pgettext("Influence type", "Politics"),
    lazy_pgettext("Influence type", "Commerce"),
    lazy_pgettext("Subroutine effect", "SIGMA"),
    lazy_pgettext("Subroutine effect", "NEAR"),
    lazy_pgettext("Subroutine effect", "EXTRA"),
    lazy_pgettext("Subroutine effect", "DOUBLE"),
    lazy_pgettext("Subroutine effect", "SLOW"),
    lazy_pgettext("Subroutine effect", "BOTH"),
    lazy_pgettext("Subroutine effect", "RESERVE"),
    lazy_pgettext("Subroutine effect", "CHOICE"),
)


def type_name(kind: str) -> str:
    """An Influence type as the pupil's language names it (``Art``: 艺术)."""
    return pgettext(INFLUENCE_TYPE, kind)


def effect_name(effect: object) -> str:
    """A Subroutine effect (an ``Effect`` or its name) as the pupil's language names it."""
    return pgettext(EFFECT, str(getattr(effect, "value", effect)))
