"""Actions: everything a player (or the table) does, as small frozen values.

A State moves only by ``State.apply_action(action)``; ``State.legal_actions(player)`` lists
them sorted. Writing a program cannot be listed (too many programs): bots build one from
``State.board``, ``State.start_value(player)`` and ``State.program_limit(player)``.

>>> WriteProgram("Ada", "A3+ A4/")
WriteProgram(player='Ada', program=Program.parse('A3+ A4/'), aims=())
>>> str(ResolveRow("Ada", take="Art"))
'Ada resolves a row, taking Art'
>>> sorted([Finish("Bea"), Target("Ada", 14)], key=action_sort_key)
[Target(player='Ada', subroutine=14), Finish(player='Bea', seconds=None)]
"""

from __future__ import annotations

from dataclasses import dataclass

from lnb.babbage.errors import GameError
from lnb.babbage.programs import Program

EMPTY_PROGRAM = Program()


def _program(value: Program | str) -> Program:
    return value if isinstance(value, Program) else Program.parse(value)


@dataclass(frozen=True)
class Target:
    """Subroutine phase: secretly target one uncompleted Subroutine (by its number)."""

    player: str
    subroutine: int

    def __str__(self) -> str:
        return f"{self.player} targets Subroutine {self.subroutine:02d}"


@dataclass(frozen=True)
class Activate:
    """Subroutine phase, Rounds 2–4: activate completed, unused Subroutines (maybe none)."""

    player: str
    subroutines: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "subroutines", tuple(sorted(self.subroutines)))

    def __str__(self) -> str:
        if not self.subroutines:
            return f"{self.player} activates nothing"
        return f"{self.player} activates " + ", ".join(f"{s:02d}" for s in self.subroutines)


@dataclass(frozen=True)
class WriteProgram:
    """Program phase: write (or rewrite) the whole program before finishing.

    ``aims`` names the Patron of a once-a-Round effect: ``((68, 58),)`` keeps NEAR from
    Subroutine 68 for Patron 58; without an aim it applies at the first row where it can.
    """

    player: str
    program: Program
    aims: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "program", _program(self.program))
        try:
            aims = tuple(sorted((int(s), int(p)) for s, p in self.aims))
        except (TypeError, ValueError):
            raise GameError(
                f"aims {self.aims!r}: give (subroutine, patron) pairs, e.g. ((68, 58),)"
            ) from None
        object.__setattr__(self, "aims", aims)

    def __str__(self) -> str:
        return f"{self.player} writes {str(self.program) or '(no rows)'}"


@dataclass(frozen=True)
class Finish:
    """Program phase: the player is done and takes the next order token.

    ``seconds`` (optional) is when, on the UI's clock, the player finished.
    """

    player: str
    seconds: float | None = None

    def __str__(self) -> str:
        return f"{self.player} finishes"


@dataclass(frozen=True)
class TimeUp:
    """Program phase: the timer reached zero; unfinished players stop (a table action)."""

    player: None = None

    def __str__(self) -> str:
        return "time is up"


@dataclass(frozen=True)
class ResolveRow:
    """Resolution phase: the player whose turn it is resolves their next row.

    ``patron`` picks between two Patrons a NEAR Result touches; ``take`` is the Primary type
    taken when there is a choice. None means the default (lower Patron, type printed first).
    """

    player: str
    patron: int | None = None
    take: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.patron is not None:
            parts.append(f"claiming Patron {self.patron:02d}")
        if self.take is not None:
            parts.append(f"taking {self.take}")
        return f"{self.player} resolves a row" + (", " + ", ".join(parts) if parts else "")


@dataclass(frozen=True)
class Debug:
    """Mental arithmetic: erase the wrong row and every row below, write ``program`` instead
    (−3 points; at most 2 a game, one a Round)."""

    player: str
    program: Program = EMPTY_PROGRAM

    def __post_init__(self) -> None:
        object.__setattr__(self, "program", _program(self.program))

    def __str__(self) -> str:
        return f"{self.player} debugs: {str(self.program) or '(no rows)'}"


@dataclass(frozen=True)
class Recompute:
    """Mental arithmetic: keep the written Operations; Results are recomputed, rows leaving
    00–99 are void."""

    player: str

    def __str__(self) -> str:
        return f"{self.player} keeps the rows (recomputed)"


Action = Target | Activate | WriteProgram | Finish | TimeUp | ResolveRow | Debug | Recompute

ACTION_TYPES: tuple[type, ...] = (
    Target, Activate, WriteProgram, Finish, TimeUp, ResolveRow, Debug, Recompute,
)
_ORDER = {t: i for i, t in enumerate(ACTION_TYPES)}


def action_sort_key(action: Action) -> tuple[int, str]:
    """Deterministic order of actions: by kind, then by their text."""
    return (_ORDER[type(action)], repr(action))
