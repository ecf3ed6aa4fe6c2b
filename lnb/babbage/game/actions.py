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

An action checks its own fields when it is made: a value of the wrong type raises
``GameError`` at once (``reason="bad-action"``, ``entry`` the field, ``expected`` what it takes),
so nothing bad reaches a State.

>>> Target(None, 23)
Traceback (most recent call last):
...
lnb.core.errors.GameError: Target: player None: give the player's name, e.g. 'Ada'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lnb.babbage.errors import GameError
from lnb.babbage.programs import Program
from lnb.core.i18n import N_, _
from lnb.core.messages import Text

EMPTY_PROGRAM = Program()


def _refuse(action: object, entry: str, value: object, fix: str, expected: Any) -> GameError:
    """``Target: subroutine '23': give the Subroutine's number, e.g. 23``; ``fix`` is a
    template marked for the catalog (or a :class:`Text`)."""
    name = type(action).__name__
    player = None if entry == "player" else getattr(action, "player", None)
    message = Text(N_("{action}: {entry} {value!r}: {fix}"), action=name, entry=entry,
                   value=value, fix=fix if isinstance(fix, Text) else Text(fix))
    return GameError(message, entry=entry, reason="bad-action", expected=expected,
                     player=player, action=name, value=value)


def _check_player(action: Any) -> None:
    player = action.player
    if not isinstance(player, str) or not player.strip():
        raise _refuse(action, "player", player, N_("give the player's name, e.g. 'Ada'"),
                      "a non-empty str")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _program(action: Any, value: Program | str) -> Program:
    if isinstance(value, Program):
        return value
    if not isinstance(value, str):
        raise _refuse(action, "program", value, N_("give the rows as text like 'A3+ A4/' or a "
                                                   "Program"), "a str or a Program")
    return Program.parse(value)  # a badly written row raises InvalidOperationError


@dataclass(frozen=True)
class Target:
    """Subroutine phase: secretly target one uncompleted Subroutine (by its number)."""

    player: str
    subroutine: int

    def __post_init__(self) -> None:
        _check_player(self)
        if not _is_int(self.subroutine):
            raise _refuse(self, "subroutine", self.subroutine,
                          N_("give the Subroutine's number, e.g. 23"), "an int")

    def __str__(self) -> str:
        return _("{player} targets Subroutine {subroutine:02d}").format(
            player=self.player, subroutine=self.subroutine)


@dataclass(frozen=True)
class Activate:
    """Subroutine phase, Rounds 2–4: activate completed, unused Subroutines (maybe none)."""

    player: str
    subroutines: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_player(self)
        subs = self.subroutines
        if _is_int(subs):
            raise _refuse(self, "subroutines", subs, Text(N_(
                "pass a tuple of Subroutine numbers like ({number},), or () for none"),
                number=subs), "a tuple of ints")
        if isinstance(subs, (str, bytes)) or not hasattr(subs, "__iter__"):
            raise _refuse(self, "subroutines", subs, N_("pass a tuple of Subroutine numbers "
                                                        "like (5,), or () for none"),
                          "a tuple of ints")
        subs = tuple(subs)
        if not all(_is_int(s) for s in subs):
            raise _refuse(self, "subroutines", subs, N_("every Subroutine is given by its "
                                                        "number, e.g. (5, 12)"),
                          "a tuple of ints")
        object.__setattr__(self, "subroutines", tuple(sorted(subs)))

    def __str__(self) -> str:
        if not self.subroutines:
            return _("{player} activates nothing").format(player=self.player)
        return _("{player} activates {subroutines}").format(
            player=self.player, subroutines=", ".join(f"{s:02d}" for s in self.subroutines))


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
        _check_player(self)
        object.__setattr__(self, "program", _program(self, self.program))
        try:
            aims = tuple(sorted((int(s), int(p)) for s, p in self.aims))
        except (TypeError, ValueError):
            raise GameError(
                N_("aims {value!r}: give (subroutine, patron) pairs, e.g. ((68, 58),)"),
                entry="aims", reason="bad-action", expected="((subroutine, patron), ...)",
                action="WriteProgram", value=self.aims,
            ) from None
        object.__setattr__(self, "aims", aims)

    def __str__(self) -> str:
        return _("{player} writes {program}").format(
            player=self.player, program=str(self.program) or _("(no rows)"))


@dataclass(frozen=True)
class Finish:
    """Program phase: the player is done and takes the next order token.

    ``seconds`` (optional) is when, on the UI's clock, the player finished.
    """

    player: str
    seconds: float | None = None

    def __post_init__(self) -> None:
        _check_player(self)
        if self.seconds is not None and (isinstance(self.seconds, bool)
                                         or not isinstance(self.seconds, (int, float))):
            raise _refuse(self, "seconds", self.seconds, N_("give the UI clock's seconds as a "
                                                            "number, e.g. 12.5, or None"),
                          "a float or None")

    def __str__(self) -> str:
        return _("{player} finishes").format(player=self.player)


@dataclass(frozen=True)
class TimeUp:
    """Program phase: the timer reached zero; unfinished players stop (a table action)."""

    player: None = None

    def __post_init__(self) -> None:
        if self.player is not None:
            raise _refuse(self, "player", self.player, N_("time up is the table's action; make "
                                                          "it as TimeUp()"), None)

    def __str__(self) -> str:
        return _("time is up")


@dataclass(frozen=True)
class ResolveRow:
    """Resolution phase: the player whose turn it is resolves their next row.

    ``patron`` picks between two Patrons a NEAR Result touches; ``take`` is the Primary type
    taken when there is a choice. None means the default (lower Patron, type printed first).
    """

    player: str
    patron: int | None = None
    take: str | None = None

    def __post_init__(self) -> None:
        _check_player(self)
        if self.patron is not None and (not _is_int(self.patron) or not 0 <= self.patron <= 99):
            raise _refuse(self, "patron", self.patron, N_(
                "give the Patron's value as a whole number 0 to 99, e.g. 58 (or None for the "
                "default)"), (0, 99))
        if self.take is not None and (not isinstance(self.take, str) or not self.take):
            raise _refuse(self, "take", self.take, N_("give an Influence type like 'Art' (or "
                                                      "None for the default)"), "a str or None")

    def __str__(self) -> str:
        if self.patron is not None and self.take is not None:
            said = _("{player} resolves a row, claiming Patron {patron:02d}, taking {take}")
        elif self.patron is not None:
            said = _("{player} resolves a row, claiming Patron {patron:02d}")
        elif self.take is not None:
            said = _("{player} resolves a row, taking {take}")
        else:
            said = _("{player} resolves a row")
        return said.format(player=self.player, patron=self.patron, take=self.take)


@dataclass(frozen=True)
class Debug:
    """Mental arithmetic: erase the wrong row and every row below, write ``program`` instead
    (−3 points; at most 2 a game, both may fall in one Round)."""

    player: str
    program: Program = EMPTY_PROGRAM

    def __post_init__(self) -> None:
        _check_player(self)
        object.__setattr__(self, "program", _program(self, self.program))

    def __str__(self) -> str:
        return _("{player} debugs: {program}").format(
            player=self.player, program=str(self.program) or _("(no rows)"))


@dataclass(frozen=True)
class Recompute:
    """Mental arithmetic: keep the written Operations; Results are recomputed, rows leaving
    00–99 are void."""

    player: str

    def __post_init__(self) -> None:
        _check_player(self)

    def __str__(self) -> str:
        return _("{player} keeps the rows (recomputed)").format(player=self.player)


Action = Target | Activate | WriteProgram | Finish | TimeUp | ResolveRow | Debug | Recompute

ACTION_TYPES: tuple[type, ...] = (
    Target, Activate, WriteProgram, Finish, TimeUp, ResolveRow, Debug, Recompute,
)
_ORDER = {t: i for i, t in enumerate(ACTION_TYPES)}


def action_sort_key(action: Action) -> tuple[int, str]:
    """Deterministic order of actions: by kind, then by their text."""
    return (_ORDER[type(action)], repr(action))
