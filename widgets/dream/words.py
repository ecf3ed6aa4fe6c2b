"""The app's own words and small pictures: dice in words and in colour, the help line.

Every rule's words come from :mod:`lnb.dream` (its ``describe`` module); these are the app's.

>>> from lnb.dream.dice import Die
>>> die_label(Die.parse("red4"))
'red 4'
>>> "lnb-die-red" in die_html(Die.parse("red4"))
True
"""

from __future__ import annotations

import html

from lnb.core.i18n import lazy_gettext, pgettext
from lnb.dream.dice import Die, colour_name

#: The keys of the app (the help line says them; :mod:`widgets.dream.keys` sends them).
HELP = lazy_gettext(
    "Keys: 1–6 take that Workshop die · Q, W, E choose a die of your Store, then type a "
    "Mill cell (A1 … C3) · on other decisions 1–9 press the choice with that number, P "
    "passes · Escape lets go of a chosen die or card · Tab and Enter reach every button.")


def die_label(die: Die) -> str:
    """A die in words, its colour named in the current language (not its id ``red4``)."""
    return pgettext("die", "{colour} {face}").format(colour=colour_name(die.colour),
                                                      face=die.face)


def die_html(die: Die | None) -> str:
    """A die drawn as a small coloured square with its face (its words for screen readers).

    >>> die_html(None)
    "<span class='lnb-die lnb-die-empty' aria-hidden='true'>·</span>"
    """
    if die is None:
        return "<span class='lnb-die lnb-die-empty' aria-hidden='true'>·</span>"
    return (f"<span class='lnb-die lnb-die-{die.colour.value}' role='img' "
            f"aria-label='{html.escape(die_label(die), quote=True)}'>{die.face}</span>")


def esc(text: object) -> str:
    """Text for HTML (quotes too, for attributes)."""
    return html.escape(str(text), quote=True)
