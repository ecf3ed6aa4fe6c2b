"""The museum's words for people, translated when shown (:mod:`lnb.core.i18n`, catalog
``museum``): room and evidence names, ability descriptions, the verdicts, the time boxes.

The edition file names rooms and evidence by id; their names for pupils are here, so the
catalog can carry them (a JSON file is not extracted).

>>> from lnb.core.i18n import use_language
>>> str(ROOM_NAMES["newton"]), str(EVIDENCE_NAMES["bike"])
('Newton Theatre', 'penny farthing bike')
>>> with use_language("zh-CN"):
...     str(ROOM_NAMES["newton"])
'牛顿剧场'
"""

from __future__ import annotations

from lnb.core.i18n import LazyText, lazy_gettext, lazy_pgettext

GAME_TITLE = lazy_pgettext("game title", "Ada Lovelace: Consulting Mathematician")
SHORT_TITLE = lazy_pgettext("game title", "Consulting Mathematician")

ROOM_NAMES: dict[str, LazyText] = {
    "newton": lazy_pgettext("room", "Newton Theatre"),
    "euclid": lazy_pgettext("room", "Euclid Observatory"),
    "link": lazy_pgettext("room", "Link"),
    "germain": lazy_pgettext("room", "Germain Gallery"),
    "euler": lazy_pgettext("room", "Euler View"),
    "hall": lazy_pgettext("room", "Hall"),
    "pascal": lazy_pgettext("room", "Pascal Parlour"),
    "lobby": lazy_pgettext("room", "Lobby"),
    "fibonacci": lazy_pgettext("room", "Fibonacci Garden"),
}

EVIDENCE_NAMES: dict[str, LazyText] = {
    "crowbar": lazy_pgettext("evidence", "crowbar"),
    "binoculars": lazy_pgettext("evidence", "binoculars"),
    "violin": lazy_pgettext("evidence", "violin"),
    "bike": lazy_pgettext("evidence", "penny farthing bike"),
    "stopwatch": lazy_pgettext("evidence", "stopwatch"),
    "tophat": lazy_pgettext("evidence", "top hat"),
    "cocktail": lazy_pgettext("evidence", "cocktail glass"),
    "teapot": lazy_pgettext("evidence", "teapot"),
    "ham": lazy_pgettext("evidence", "ham"),
    "key": lazy_pgettext("evidence", "key"),
    "apple": lazy_pgettext("evidence", "apple"),
    "eyeglasses": lazy_pgettext("evidence", "eyeglasses"),
}

#: What two dice must show, by condition kind (``{sums}`` is the list of sums).
CONDITIONS: dict[str, LazyText] = {
    "same": lazy_gettext("two dice with the same value"),
    "consecutive": lazy_gettext("two dice with consecutive values (6 and 1 are not)"),
    "sum": lazy_gettext("two dice that sum {sums}"),
    "sum-at-most": lazy_gettext("two dice that sum {high} or less"),
    "sum-at-least": lazy_gettext("two dice that sum {low} or more"),
}

#: An ability's condition and what it gives, as one sentence.
ABILITY = lazy_gettext("{condition}: {effect}")

#: What an ability gives, by effect kind (``{amount}``, ``{points}``, ``{shapes}``).
EFFECTS: dict[str, LazyText] = {
    "return": lazy_gettext("move up to {amount} Used dice back to the Reserve at once, and "
                           "{points} points at the end"),
    "wild": lazy_gettext("{amount} wild shapes: any shape of the wheel, to place at any time "
                         "of your turn"),
    "reroll": lazy_gettext("{amount} re-rolls, each of 1 or 2 dice before you use them"),
    "shapes": lazy_gettext("the shapes {shapes}, to place once each at any time of your turn"),
    "points": lazy_gettext("{points} points at the end"),
}

#: The verdict chart: the lowest score of each band and what happens, in the kit's words.
VERDICTS: tuple[tuple[int, LazyText, LazyText], ...] = (
    (0, lazy_pgettext("verdict", "Butterfingers"),
     lazy_gettext("In the fluster you knock an ancient abacus to the floor and it shatters. "
                  "The whole room boos.")),
    (30, lazy_pgettext("verdict", "Bits and bobs"),
     lazy_gettext("A handful of odds and ends is no case at all. Nobody is convinced.")),
    (40, lazy_pgettext("verdict", "A weak case"),
     lazy_gettext("There is a case, but a feeble one, and your good name is in tatters.")),
    (50, lazy_pgettext("verdict", "Wrong man: Wheatstone"),
     lazy_gettext("Your evidence is decent, so you accuse Sir Charles Wheatstone. \"Nonsense!\" "
                  "he cries, and his friends agree: he was playing his concertina all evening. "
                  "Oops.")),
    (60, lazy_pgettext("verdict", "Wrong man: Babbage"),
     lazy_gettext("You accuse Charles Babbage, and some say: \"Goodness, she may be right!\" "
                  "She is not, and Charles is far from amused.")),
    (75, lazy_pgettext("verdict", "Master Criminal"),
     lazy_gettext("You lay the blame on Lord Byron, dead these eighteen years, and your case is "
                  "so thorough that everyone believes it. So nobody guesses that you stole the "
                  "Lebombo Bone yourself. Ada Lovelace, master criminal!")),
)

REASONS: dict[str, LazyText] = {
    "outside": lazy_gettext("square {square} is outside the museum"),
    "evidence": lazy_gettext("square {square} holds evidence ({evidence}) and is already "
                             "filled"),
    "filled": lazy_gettext("square {square} is already filled"),
    "wall": lazy_gettext("crosses the wall between {room} and {other} at {square}/{beside} "
                         "(not a doorway)"),
}

#: The time tracker's boxes as the edition file writes them, for people.
TIME_BOXES: dict[str, LazyText] = {
    "9:40 pm": lazy_pgettext("time box", "9:40 pm"),
    "9:45 pm": lazy_pgettext("time box", "9:45 pm"),
    "9:50 pm": lazy_pgettext("time box", "9:50 pm"),
    "9:55 pm": lazy_pgettext("time box", "9:55 pm"),
    "10:00 pm": lazy_pgettext("time box", "10:00 pm"),
}


def time_box(text: str) -> str:
    """A time box of the edition in the current language (itself when unknown).

    >>> time_box("9:40 pm"), time_box("11:00 pm")
    ('9:40 pm', '11:00 pm')
    """
    found = TIME_BOXES.get(text)
    return str(found) if found is not None else text
