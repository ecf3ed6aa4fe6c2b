"""Lovelace & Babbage at a :class:`~lnb.core.table.Table`: the Program phase is the race.

Computers write their programs at once and finish at their think times; people write in
turn; the first finish starts the minute; whoever is still writing when it ends is stopped
(``TimeUp``) and their rows so far stand. Resolution is paced: a front end shows each row.
At a live table (:mod:`lnb.core.rooms`) a pupil deciding whether to Debug a wrong Result
has the minute too (then ``Recompute``), a draft handed in at the bell is its longest legal
start, and a Target, a program or an *I'm done* sent from a screen the table has moved on
from still counts (each seat makes them on its own).

>>> from lnb.babbage.bots import make_bot
>>> from lnb.babbage.game import Game
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=5)
>>> table = babbage_table(game.new_initial_state(),
...                       {"Ada": make_bot("planner", 1), "Bea": make_bot("greedy", 2)})
>>> table.advance(through_paced=True)
>>> table.state.is_terminal(), len(table.state.history)
(True, 4)
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from lnb.babbage.edition import Edition
from lnb.babbage.errors import LnbError
from lnb.babbage.game import (
    Activate,
    Finish,
    GameOptions,
    Phase,
    Recompute,
    ResolveRow,
    State,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.babbage.programs import Program
from lnb.core.i18n import N_, format_list
from lnb.core.messages import Text
from lnb.core.players import ComputerPlayer
from lnb.core.rooms import RoomError, bad_seat_count
from lnb.core.table import Table, TableRules
from lnb.core.table_options import TableOption

_INDEPENDENT = (Target, WriteProgram, Finish)
"""Actions a seat makes on its own while others make theirs (a stale one still counts)."""

#: The race's lengths a table's host may choose (seconds; the rules' own is 60).
RACE_LENGTHS = (30, 60, 90, 120, 180)
#: What a live table's host sets in the lobby (:meth:`BabbageRules.table_options`): the
#: optional rules of RULES.md §4.5 (mental arithmetic, with its Debug) and §5 (take-that),
#: and the race's length.
TABLE_OPTIONS = (
    TableOption("mental_arithmetic", N_("Mental arithmetic (write your Results)"), False),
    TableOption("take_that", N_("Take-that Subroutines"), True),
    TableOption("timer_seconds", N_("Time after the first I'm done"), 60,
                choices=tuple((s, N_("{value} seconds")) for s in RACE_LENGTHS)),
)


class BabbageRules(TableRules):
    """The table rules of Lovelace & Babbage (see :class:`lnb.core.table.TableRules`)."""

    def racing(self, state: State) -> bool:
        return state.phase is Phase.PROGRAM

    def race_key(self, state: State) -> Any:
        return state.round

    def seconds(self, state: State, timed: bool) -> float | None:
        return state.options.timer_seconds if timed else None

    def race_seconds(self, options: Mapping[str, Any]) -> float | None:
        return GameOptions.from_dict(options).timer_seconds

    def is_finish(self, action: Any) -> bool:
        return isinstance(action, Finish)

    def finish(self, player: str, seconds: float) -> Finish:
        return Finish(player, seconds=seconds)

    def time_up(self) -> TimeUp:
        return TimeUp()

    def has_finished(self, state: State, player: str) -> bool:
        return state.player(player).play.token is not None

    def write(self, player: str, work: Any) -> WriteProgram:
        return WriteProgram(player, work)

    def hand_in(self, state: State, player: str, draft: str) -> WriteProgram | None:
        """The draft's longest legal start, when it is not what ``player`` handed in."""
        program = legal_start(state, player, draft)
        play = state.player(player).play
        return WriteProgram(player, program, play.aims) if program != play.program else None

    def stamp(self, action: Any, seconds: float) -> Any:
        if isinstance(action, Finish) and action.seconds is None:
            return Finish(action.player, seconds=seconds)
        return action

    def paced(self, state: State) -> bool:
        return state.phase in (Phase.RESOLUTION, Phase.DEBUG)

    def forced(self, state: State, player: str, actions: list[Any]) -> Any | None:
        """A person's row with nothing to choose resolves by itself; an activation with
        nothing to activate (no completed, unused Subroutine) is made by itself."""
        if len(actions) != 1:
            return None
        only = actions[0]
        if state.phase is Phase.RESOLUTION and isinstance(only, ResolveRow):
            return only
        if state.phase is Phase.ACTIVATE and isinstance(only, Activate) \
                and not only.subroutines:
            return only
        return None

    def timeout(self, state: State, player: str) -> tuple[float, Any] | None:
        """A pupil deciding whether to Debug a wrong Result has the minute; then the rows
        stand as written (``Recompute``)."""
        if state.phase is Phase.DEBUG:
            return float(state.options.timer_seconds), Recompute(player)
        return None

    def phase_key(self, state: State) -> Hashable:
        return state.round, state.phase

    def independent(self, action: Any) -> bool:
        return isinstance(action, _INDEPENDENT)

    def checked_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return GameOptions.from_dict(options).to_dict()

    def table_options(self) -> tuple[TableOption, ...]:
        """Mental arithmetic, take-that and the race's length (see :data:`TABLE_OPTIONS`).

        >>> [o.key for o in RULES.table_options()]
        ['mental_arithmetic', 'take_that', 'timer_seconds']
        """
        return TABLE_OPTIONS

    def characters(self, count: int, wanted: Sequence[str] | None = None) -> tuple[str, ...]:
        """The edition's characters (``wanted``: their names, checked: each seat its own)."""
        edition = Edition.load()
        names = list(wanted) if wanted is not None else [
            c.name for c in edition.characters][:count]
        if len(names) != count:
            raise bad_seat_count(len(names))
        chars = tuple(edition.character(c).name for c in names)  # unknown: the edition's error
        if len(set(chars)) != len(chars):
            raise same_character(chars)
        return chars

    def record(self, state: State, computers: Mapping[str, str]) -> dict[str, Any]:
        """The ``lnb-game/1`` record so far (the Rounds finished), as the game app saves it:
        each computer seat with ``"computer": kind``, ``"untimed": false``."""
        from lnb.babbage import records

        record = records.write(state)
        for player in record["players"]:
            if player["name"] in computers:
                player["computer"] = computers[player["name"]]
        record["untimed"] = False
        return record


RULES = BabbageRules()


def babbage_table(state: State, computers: Mapping[str, ComputerPlayer], *,
                  timed: bool = True, think: float | None = None) -> Table:
    """A table for a Lovelace & Babbage game; seats not in ``computers`` are people."""
    return Table(state, computers, RULES, timed=timed, think=think)


def legal_start(state: State, name: str, text: str) -> Program:
    """The longest start of the program ``text`` that ``name`` may hand in now (what a
    pupil's draft gives when time is up: rows after one that cannot be read or is not
    allowed are left out).

    >>> from lnb.babbage.game import Game
    >>> state = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=1
    ...              ).new_initial_state()
    >>> str(legal_start(state, "Ada", "A3+ A9+ A4/"))
    'A3+'
    """
    words = [w for w in re.split(r"[\s,]+", str(text)) if w][:64]
    rules = state.writing_rules(name)
    for k in range(len(words), 0, -1):
        try:
            candidate = Program.parse(" ".join(words[:k]))
            rules.check(candidate)
        except LnbError:
            continue
        return candidate
    return Program()


def describe(action: Any, state: Any = None) -> Text:
    """A move as every player may read it: a Target's Subroutine and a program being written
    stay secret.

    >>> str(describe(Target("Bea", 23))), str(describe(ResolveRow("Bea", take="Art")))
    ('Bea chose a target', 'Bea resolves a row, taking Art')
    """
    if isinstance(action, Target):
        return Text(N_("{player} chose a target"), player=action.player)
    if isinstance(action, WriteProgram):
        return Text(N_("{player} wrote a program"), player=action.player)
    return Text("{action}", action=_Said(action))


class _Said:
    """An action's own sentence, in the language of the moment it is shown."""

    def __init__(self, action: Any) -> None:
        self.action = action

    def __format__(self, spec: str) -> str:
        return str(self.action)


def same_character(characters: Sequence[str]) -> RoomError:
    """Two seats of a table given one character."""
    return RoomError(N_("characters {characters}: each seat needs its own character"),
                     characters=format_list(characters), reason="same-character")
