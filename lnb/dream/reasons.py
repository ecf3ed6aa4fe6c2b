"""Why a computer player put a die where it did, in words (both languages).

:func:`place_reason` reads the state *before* a ``place`` action and says what the die does
to the Program lines through its cell: makes one true (and its Prestige), keeps it possible,
or gives it up; with no Program on either line, that the cell keeps the others open. The bots
keep the words of their last choice in ``bot.reason`` (None for a choice that is no
placement), for the app's log. An edition with the Mill turn asks, right after, whether to turn
the die one up or down: the reason then says what the turned (or kept) die does.

>>> from lnb.dream.actions import Place
>>> from lnb.dream.dice import Die
>>> from lnb.dream.edition import Colour
>>> from lnb.dream.state import Game
>>> state = Game(["Ada", "Bea"], edition="classroom", seed=2).new_initial_state()
>>> p = state.players["Ada"]
>>> p.store[0] = Die(Colour.RED, 5)
>>> p.mill.update({"A1": Die(Colour.RED, 2), "A2": Die(Colour.RED, 3)})
>>> p.programs["A"] = "p01"  # a + b = c, 5 Prestige
>>> print(place_reason(state, Place("Ada", 1, "A3")))
the red 5 in A3: row A 2 + 3 = 5 is true, 5 Prestige
>>> print(place_reason(state, Place("Ada", 1, "B1")))
the red 5 in B1: no Program on row B or column 1 yet, so it keeps the other cells free

With the Mill turn (here the die has gone into A3 as a 4, and turning it to 5 is asked):

>>> from lnb.dream.actions import Pass, TurnDie
>>> p.mill["A3"] = Die(Colour.RED, 4)
>>> state.pending[:0] = [("mill_turn", "A3")]
>>> print(place_reason(state, TurnDie("Ada", "A3", 5)))
the red 4 in A3 turned to 5: row A 2 + 3 = 5 is true, 5 Prestige
>>> print(place_reason(state, Pass("Ada")))
the red 4 in A3 kept as it is: row A 2 + 3 = 4 can no longer come true
"""

from __future__ import annotations

from lnb.core.i18n import N_
from lnb.core.messages import Listing, Text
from lnb.dream.actions import Action, Pass, Place, TurnDie
from lnb.dream.dice import Die, colour_name
from lnb.dream.mill import ROWS, Status, equation, line_cells, lines_through
from lnb.dream.state import State

_LINE = {True: N_("row {line}"), False: N_("column {line}")}
_STATUS = {
    Status.TRUE: N_("{line} {equation} is true, {prestige} Prestige"),
    Status.NOT_YET: N_("{line} {equation} can still come true ({prestige} Prestige)"),
    Status.FALSE: N_("{line} {equation} can no longer come true"),
}


def line_name(line: str) -> Text:
    """``row A`` or ``column 2``.

    >>> str(line_name("B")), str(line_name("3"))
    ('row B', 'column 3')
    """
    return Text(_LINE[line in ROWS], line=line)


def place_reason(state: State, action: Action) -> Text | None:
    """Why ``action`` (legal, before it is applied) puts its die there: a ``place``, or the
    Mill turn's choice (a ``turn`` or keeping the die); None for any other action."""
    p = state.players[action.player]
    if isinstance(action, Place):
        die = p.store[action.slot - 1]
        if die is None:
            return None
        cell = action.cell
        where = Text(N_("the {colour} {face} in {cell}"), colour=colour_name(die.colour),
                     face=die.face, cell=cell)
        nothing = N_("{where}: no Program on {row} or {column} yet, so it keeps the other "
                     "cells free")
    elif state.step == "mill_turn" and isinstance(action, (TurnDie, Pass)) \
            and state.pending[0][1] in p.mill:  # (a die going into the Store: None)
        cell = state.pending[0][1]
        was = p.mill[cell]
        if isinstance(action, TurnDie):
            die = Die(was.colour, action.face)
            where = Text(N_("the {colour} {face} in {cell} turned to {new}"),
                         colour=colour_name(was.colour), face=was.face, cell=cell,
                         new=action.face)
        else:
            die = was
            where = Text(N_("the {colour} {face} in {cell} kept as it is"),
                         colour=colour_name(was.colour), face=was.face, cell=cell)
        nothing = N_("{where}: no Program on {row} or {column} yet, so the action it takes "
                     "decides")
    else:
        return None
    said = []
    for line in lines_through(cell):
        if line not in p.programs:
            continue
        card = state.edition.program(p.programs[line])
        dice = tuple(die if c == cell else p.mill.get(c) for c in line_cells(line))
        eq = equation(card, dice, line)
        said.append(Text(_STATUS[eq.status], line=line_name(line), equation=eq.text,
                         prestige=card.prestige))
    if not said:
        row, column = lines_through(cell)
        return Text(nothing, where=where, row=line_name(row), column=line_name(column))
    return Text(N_("{where}: {lines}"), where=where, lines=Listing(said))
