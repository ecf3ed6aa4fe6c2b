"""Why an action (or a program row) is not allowed now: the error the rules would raise, as a
value, with nothing changed.

The rules check an action once, in :meth:`State.apply_action` (the phase, the player, then the
action's own rules: a Subroutine one may target, a program the board and the limit allow,
a row's choice...). :func:`why_not` asks them: an action the state lists as legal is
allowed; any other is tried on a copy of the state (:meth:`State.clone`), so a refusal shown
beside a button and an apply can never disagree.

>>> from lnb.babbage.game import Finish, Game, Target, WriteProgram
>>> state = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=1
...              ).new_initial_state()
>>> why_not(state, Target("Ada", 14)) is None
True
>>> err = why_not(state, Finish("Ada"))
>>> err.reason, err.expected
('wrong-phase', ('Target',))
>>> why_not(state, Target("Ada", 99)).reason
'not-targetable'
>>> state.apply_action(Target("Ada", 14)); state.apply_action(Target("Bea", 12))
>>> why_not(state, WriteProgram("Ada", "A3+ D1+")).reason  # the program's own error
'level-not-revealed'

:func:`why_not_row` answers the same for one row after a value, on a board (what a program
builder asks of each button):

>>> from lnb.babbage.board import Board
>>> from lnb.babbage.operations import Operation
>>> why_not_row(Operation.parse("B1-"), 6, Board.standard()).reason
'out-of-range'
>>> why_not_row(Operation.parse("A3+"), 55, Board.standard()) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lnb.babbage.errors import LnbError
from lnb.babbage.game.actions import Action, Debug, WriteProgram

if TYPE_CHECKING:  # pragma: no cover
    from lnb.babbage.board import Board
    from lnb.babbage.game.state import State
    from lnb.babbage.operations import Operation

#: Actions ``legal_actions`` cannot list (a program is written, not picked from a list).
_WRITTEN = (WriteProgram, Debug)


def why_not(state: State, action: Action) -> LnbError | None:
    """None when ``action`` is legal in ``state`` now, else the error ``apply_action`` raises
    for it: a :class:`~lnb.core.errors.GameError` (wrong phase, not your turn, a Subroutine
    that may not be targeted...) or, for a program, its own
    :class:`~lnb.babbage.errors.IllegalOperationError` (a level not revealed, a Result out of
    00–99, too many rows), with their fields (``reason``, ``player``, ``row``, ``expected``).
    ``state`` does not change.
    """
    if not isinstance(action, _WRITTEN):
        player = getattr(action, "player", None)
        try:
            if action in state.legal_actions(player):
                return None
        except LnbError:  # a name the game does not know: apply_action says so below
            pass
    try:
        state.clone().apply_action(action)
    except LnbError as err:
        return err
    return None


def why_not_row(operation: Operation, value: int, board: Board) -> LnbError | None:
    """None when ``operation`` may be written after ``value`` on ``board``, else the error the
    rules give for it (an :class:`~lnb.babbage.errors.IllegalOperationError`: a level not
    revealed, a function the component does not have, a Result leaving 00–99), its
    ``detail`` field the explanation without the row's prefix."""
    try:
        operation.apply(value, board)
    except LnbError as err:
        return err
    return None
