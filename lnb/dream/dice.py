"""Dice: a colour and a face; the Workshop rolls them from the edition's colour weights.

>>> die = Die(Colour.RED, 4)
>>> str(die), Die.parse("red4"), die.lowered()
('red4', Die(colour=<Colour.RED: 'red'>, face=4), Die(colour=<Colour.RED: 'red'>, face=3))
"""

from __future__ import annotations

from dataclasses import dataclass

from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.dream.edition import Colour
from lnb.dream.errors import BadInputError


@dataclass(frozen=True, order=True)
class Die:
    """One die: its colour and the face it shows (1–6)."""

    colour: Colour
    face: int

    def __post_init__(self) -> None:
        if not isinstance(self.colour, Colour) or not isinstance(self.face, int) \
                or isinstance(self.face, bool) or not 1 <= self.face <= 6:
            raise BadInputError(N_("a die is a colour and a face from 1 to 6, not {text!r}"),
                                text=f"{self.colour}{self.face}", reason="bad-die")

    def __str__(self) -> str:
        return f"{self.colour.value}{self.face}"

    @classmethod
    def parse(cls, text: str) -> Die:
        """``red4`` → the red die showing 4."""
        colour = next((c for c in Colour if text.startswith(c.value)), None)
        face = text[len(colour.value):] if colour else ""
        if colour is None or not face.isdigit():
            raise BadInputError(N_("a die is a colour and a face from 1 to 6, not {text!r}"),
                                text=text, reason="bad-die")
        return cls(colour, int(face))

    def lowered(self) -> Die:
        """The same die one lower (a Partner's cost); not possible with a 1."""
        return Die(self.colour, self.face - 1)


_COLOUR_NAMES = {Colour.YELLOW: N_("yellow"), Colour.RED: N_("red"), Colour.BLUE: N_("blue"),
                 Colour.GREEN: N_("green"), Colour.GREY: N_("grey")}


def colour_name(colour: Colour) -> Text:
    """A colour's name, shown in the current language.

    >>> from lnb.core.i18n import use_language
    >>> with use_language("zh-CN"):
    ...     str(colour_name(Colour.GREY))
    '灰'
    """
    return _NAMES[colour]


#: Each colour's name, made once (a Text is shown in the language of the moment).
_NAMES = {colour: Text(name) for colour, name in _COLOUR_NAMES.items()}
