"""The parts of a Lovelace & Babbage page that the game on one device (:class:`GameApp`) and
a live table's Babbage view (:class:`~widgets.babbage.room_app.BabbageTable`) both show,
each made when first needed.

An app that uses them is an ipywidgets box with a ``status`` line
(:class:`~widgets.core.status.StatusLine`), a ``timer`` and a ``finished_line``, and the
handlers the parts call back: ``_target(number)``, ``_activate(numbers)``,
``_written(program)`` and ``_program_done(program)``.

>>> class Page(GameParts):
...     status = None
>>> "builder" in Page.__dict__, hasattr(Page, "builder")
(False, True)
"""

from __future__ import annotations

import html
from functools import cached_property
from typing import Any

import ipywidgets as w

from lnb.babbage.numbers import two_digits
from lnb.babbage.programs import Program
from lnb.core.i18n import ngettext
from widgets.babbage.board import BoardView
from widgets.babbage.patrons import PatronsView
from widgets.babbage.program_builder import ProgramBuilder
from widgets.babbage.scoreboard import ScoreSheetView
from widgets.babbage.subroutines import SubroutinesView
from widgets.core.status import StatusLine


class GameParts:
    """The board, the Patrons, the Subroutines, the program builder with the target card, the
    race's top line and the score sheet (see the module's docstring)."""

    status: StatusLine
    finished_line: w.HTML
    timer: w.Widget

    # the handlers the parts call back (each app decides what a choice does)
    def _target(self, number: int) -> None:
        raise NotImplementedError

    def _activate(self, numbers: tuple[int, ...]) -> None:
        raise NotImplementedError

    def _written(self, program: Program) -> None:
        raise NotImplementedError

    def _program_done(self, program: Program) -> None:
        raise NotImplementedError

    @cached_property
    def board_view(self) -> BoardView:
        """The board, shown while nobody writes a program."""
        return BoardView()

    @cached_property
    def patrons_view(self) -> PatronsView:
        """This Round's Patrons."""
        return PatronsView()

    @cached_property
    def subs_view(self) -> SubroutinesView:
        """The Subroutines of the player who chooses now."""
        return SubroutinesView(on_target=self.status.guarded(self._target),
                               on_activate=self.status.guarded(self._activate))

    @cached_property
    def builder(self) -> ProgramBuilder:
        """The program builder of the person who writes now."""
        return ProgramBuilder(on_change=self.status.guarded(self._written),
                              on_done=self.status.guarded(self._program_done))

    @cached_property
    def target_card(self) -> w.HTML:
        """The writer's targeted Subroutine, shown beside the program."""
        card = w.HTML("")
        card.add_class("lnb-target-card")
        return card

    @cached_property
    def race_panel(self) -> w.HBox:
        """The builder with the target card beside it."""
        panel = w.HBox([self.builder, self.target_card])
        panel.add_class("lnb-race")
        return panel

    @cached_property
    def race_top(self) -> w.HBox:
        """The minute and who is done, on one line above the race."""
        top = w.HBox([self.timer, self.finished_line])
        top.add_class("lnb-race-top")
        return top

    @cached_property
    def scores(self) -> ScoreSheetView:
        """The score sheet."""
        return ScoreSheetView()


def debug_offer(state: Any, name: str, row: int) -> str:
    """What a player whose Result of ``row`` was wrong reads (mental arithmetic, RULES.md
    §4.5), on one screen and at a table alike: what they wrote, the Engine's arithmetic, the
    Debug's cost and how many are left (tests/test_game_app.py and the table's page tests
    read it: ``<b>Ada, row 2</b>: you wrote 61, but 55 + 5 = 60. Debug (−3 points…``)."""
    trace_row = state.player(name).play.trace.rows[row - 1]
    wrote = two_digits(trace_row.written) if trace_row.written is not None else "?"
    penalty = state.edition.debug_penalty
    return ngettext(
        "<b>{player}, row {row}</b>: you wrote {wrote}, but {arithmetic}. Debug "
        "(−{penalty} point, {left} left) and rewrite from row {row}, or keep your "
        "rows (their Results are worked out again).",
        "<b>{player}, row {row}</b>: you wrote {wrote}, but {arithmetic}. Debug "
        "(−{penalty} points, {left} left) and rewrite from row {row}, or keep your "
        "rows (their Results are worked out again).", penalty).format(
            player=html.escape(name), row=row, wrote=wrote,
            arithmetic=html.escape(str(trace_row.text)), penalty=penalty,
            left=state.debugs_left(name))
