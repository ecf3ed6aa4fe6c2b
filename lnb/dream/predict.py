"""Pause and predict for Ada's Dream (:mod:`lnb.core.predict`): before each die put in the
Mill on a line that has a Program, the class predicts what it does to that line's equation:
makes it true, leaves it able to come true, or makes it false for good.

>>> from lnb.dream.actions import Place
>>> from lnb.dream.dice import Die
>>> from lnb.dream.edition import Colour
>>> from lnb.dream.state import Game
>>> state = Game(["Ada", "Bea"], seed=2).new_initial_state()
>>> p = state.players["Ada"]
>>> p.store[0] = Die(Colour.RED, 5)
>>> p.mill.update({"A1": Die(Colour.RED, 2), "A2": Die(Colour.RED, 3)})
>>> p.programs["A"] = "p01"  # a + b = c, 5 Prestige
>>> [(str(m.question), m.answer) for m in checks(state, Place("Ada", 1, "A3"), 7)]
[('Ada puts the red 5 in Mill cell A3. row A: 2 + 3 = □. Does it come true?', 'true')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.core.predict import Moment
from lnb.dream.actions import Place
from lnb.dream.dice import colour_name
from lnb.dream.mill import Status, equation, line_cells, lines_through
from lnb.dream.reasons import line_name, place_reason
from lnb.dream.records import _parse, load, replay
from lnb.dream.state import Game, State

#: The answers to choose from, by key (a :class:`~lnb.dream.mill.Status` value).
CHOICES = (
    (Status.TRUE.value, Text(N_("it is true"))),
    (Status.NOT_YET.value, Text(N_("it can still come true"))),
    (Status.FALSE.value, Text(N_("it can no longer come true"))),
)


def checks(state: State, action: Place, index: int) -> list[Moment]:
    """The moments of one placement (``state`` just before it): one per Program line
    through its cell."""
    p = state.players[action.player]
    die = p.store[action.slot - 1]
    if die is None:
        return []
    found = []
    why = place_reason(state, action)
    for line in lines_through(action.cell):
        if line not in p.programs:
            continue
        card = state.edition.program(p.programs[line])
        cells = line_cells(line)
        now = equation(card, tuple(p.mill.get(c) for c in cells), line)
        then = equation(card, tuple(die if c == action.cell else p.mill.get(c) for c in cells),
                        line)
        question = Text(N_("{player} puts the {colour} {face} in Mill cell {cell}. "
                           "{line}: {equation}. Does it come true?"),
                        player=action.player, colour=colour_name(die.colour), face=die.face,
                        cell=action.cell, line=line_name(line),
                        equation=now.text)
        answer = dict(CHOICES)[then.status.value]
        after = why or Text(N_("{line}: {equation}"), line=line_name(line),
                                equation=then.text)
        found.append(Moment(index, question, then.status.value, answer, after,
                            action.player, CHOICES))
    return found


def moments(record: Mapping[str, Any]) -> list[Moment]:
    """Each die of ``record`` put on a Program line (``index``: how many actions came
    before it); the record is checked first (its replay)."""
    checked = load(record)
    replay(checked)
    state = Game([p["name"] for p in checked.players], checked.edition,
                 seed=checked.seed).new_initial_state()
    found: list[Moment] = []
    for index, text in enumerate(checked.actions):
        action = _parse(text)
        if isinstance(action, Place):
            found.extend(checks(state, action, index))
        state.apply_action(action)
    return found


__all__ = ["CHOICES", "checks", "moments"]
