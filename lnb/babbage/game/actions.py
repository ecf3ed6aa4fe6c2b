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

import dataclasses
import json
import re
from dataclasses import dataclass
from typing import Any

from lnb.babbage.errors import BadInputError, GameError, LnbError
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


# ------------------------------------------------------------------------ the text form
#
# One line per action, untranslated and stable (what a room stores, what ``lnb`` reads):
# the player's name, a colon, a verb and its fields. ``str(action)`` stays the translated
# sentence people read.

#: The verbs of the text form, by action type (``TimeUp`` is the line ``time up``).
VERBS: dict[type, str] = {
    Target: "target", Activate: "activate", WriteProgram: "write", Finish: "finish",
    ResolveRow: "resolve", Debug: "debug", Recompute: "recompute",
}
_BY_VERB = {verb: kind for kind, verb in VERBS.items()}
#: An example of each verb's line (the ``expected`` field of its errors): syntax, not words.
FORMS: dict[str, str] = {
    "target": "Ada: target 23",
    "activate": "Ada: activate 5 12",
    "write": "Ada: write A3+ A4/ aims 68:58",
    "finish": "Ada: finish 12.5",
    "resolve": "Ada: resolve patron 58 take Art",
    "debug": "Ada: debug A4/ B2x",
    "recompute": "Ada: recompute",
    "time up": "time up",
}
_TYPES_BY_NAME = {t.__name__: t for t in ACTION_TYPES}
_INT = re.compile(r"[-+]?\d+")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)",
                     re.IGNORECASE)
_AIM = re.compile(r"([-+]?\d+):([-+]?\d+)")
_AIMS = re.compile(r"(?:^|\s)aims(?:\s|$)", re.IGNORECASE)
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\S+')
_TIME_UP = re.compile(r"time\s+up", re.IGNORECASE)


def _quoted(word: str, plain: bool) -> str:
    """``word`` as it is, or as a JSON string when it could not be read back plain."""
    return word if plain else json.dumps(word, ensure_ascii=False)


def _name_text(name: str) -> str:
    plain = (name == name.strip() and ":" not in name and name.isprintable()
             and not name.startswith(('"', "{")))
    return _quoted(name, plain)


def _word_text(word: str) -> str:
    return _quoted(word, bool(re.fullmatch(r'[^\s"]+', word)))


def action_text(action: Action) -> str:
    """``action`` as one untranslated line that :func:`parse_action` reads back.

    >>> action_text(Target("Ada", 3)), action_text(WriteProgram("Ada", "A3+ B2x"))
    ('Ada: target 3', 'Ada: write A3+ B2x')
    >>> action_text(WriteProgram("Ada", "A3+ 60, B1+Σ 61", ((68, 58),)))
    'Ada: write A3+ 60, B1+Σ 61 aims 68:58'
    >>> action_text(Finish("Ada", 12.5)), action_text(TimeUp()), action_text(Activate("Bea"))
    ('Ada: finish 12.5', 'time up', 'Bea: activate')
    >>> action_text(ResolveRow("Ada", patron=58, take="Art"))
    'Ada: resolve patron 58 take Art'
    >>> action_text(Finish("Ada: the first"))  # a name that needs it is quoted
    '"Ada: the first": finish'
    """
    kind = type(action)
    if kind is TimeUp:
        return "time up"
    verb = VERBS.get(kind)
    if verb is None:
        raise BadInputError(N_("{value!r} is not an action of Lovelace & Babbage; make one of "
                               "{kinds}"), value=action, reason="not-an-action",
                            kinds=", ".join(t.__name__ for t in ACTION_TYPES),
                            expected=tuple(t.__name__ for t in ACTION_TYPES))
    words = [f"{_name_text(action.player)}: {verb}"]
    if isinstance(action, Target):
        words.append(str(action.subroutine))
    elif isinstance(action, Activate):
        words.extend(str(s) for s in action.subroutines)
    elif isinstance(action, (WriteProgram, Debug)):
        program = str(action.program)
        if program:
            words.append(program)
        if isinstance(action, WriteProgram) and action.aims:
            words.append("aims")
            words.extend(f"{s}:{p}" for s, p in action.aims)
    elif isinstance(action, Finish):
        if action.seconds is not None:
            words.append(repr(action.seconds))
    elif isinstance(action, ResolveRow):
        if action.patron is not None:
            words.append(f"patron {action.patron}")
        if action.take is not None:
            words.append(f"take {_word_text(action.take)}")
    return " ".join(words)


def _bad_text(text: str, entry: str, fix: str | Text, expected: Any = None,
              value: object = None, reason: str = "bad-action") -> BadInputError:
    """The error for the action line ``text``: ``entry`` names the part that is wrong
    (``player``, ``verb``, ``subroutine``...), ``expected`` what it takes."""
    fix = fix if isinstance(fix, Text) else Text(fix)
    return BadInputError(Text(N_("action {text!r}: {fix}"), text=text, fix=fix),
                         text=text, action=text, entry=entry, expected=expected, value=value,
                         reason=reason)


def parse_action(text: str) -> Action:
    """The action an :func:`action_text` line (or a stored move's old JSON form) gives.

    >>> parse_action("Ada: target 3")
    Target(player='Ada', subroutine=3)
    >>> parse_action("Ada: write A3+ A4/ aims 68:58")
    WriteProgram(player='Ada', program=Program.parse('A3+ A4/'), aims=((68, 58),))
    >>> parse_action("time up"), parse_action('{"player": "Ada", "type": "Finish"}')
    (TimeUp(player=None), Finish(player='Ada', seconds=None))

    Bad text raises ``BadInputError`` (``reason="bad-action"``): ``entry`` names the part
    that is wrong, ``expected`` how to write it, ``action`` the whole line (a badly written
    program row keeps the row's own fields: ``row``, ``text``, its ``reason``):

    >>> parse_action("Ada: jump 3")
    Traceback (most recent call last):
    ...
    lnb.core.errors.BadInputError: action 'Ada: jump 3': after the name and colon write target, activate, write, finish, resolve, debug or recompute, e.g. 'Ada: target 23' (or 'time up' alone)
    >>> try:
    ...     parse_action("Ada: finish soon")
    ... except BadInputError as caught:
    ...     print(caught.entry, caught.value, caught.expected)
    seconds soon Ada: finish 12.5
    """  # noqa: E501
    if not isinstance(text, str):
        raise BadInputError(Text(N_("an action is text like 'Ada: target 23', not {value!r}"),
                                 value=text), value=text, reason="bad-action", entry="text",
                            expected="text like 'Ada: target 23'")
    line = text.strip()
    if line.startswith("{"):
        return _from_json(text)
    if _TIME_UP.fullmatch(line):
        return TimeUp()
    player, rest = _split_player(text, line)
    verb, _, args = rest.strip().partition(" ")
    kind = _BY_VERB.get(verb.lower())
    if kind is None:
        raise _bad_text(text, "verb", N_(
            "after the name and colon write target, activate, write, finish, resolve, debug or "
            "recompute, e.g. 'Ada: target 23' (or 'time up' alone)"),
            expected=(*_BY_VERB, "time up"), value=verb)
    try:
        return _READ[kind](text, player, args.strip())  # type: ignore[no-any-return]
    except BadInputError:
        raise
    except LnbError as err:  # a program row badly written, a field the action refuses
        raise err.as_family(BadInputError, N_("action {action!r}: "), action=text,
                            entry=err.entry or "program") from None


def _split_player(text: str, line: str) -> tuple[str, str]:
    """The player's name (plain, or a JSON string) and what follows its colon."""
    if line.startswith('"'):
        try:
            name, end = json.JSONDecoder().raw_decode(line)
        except ValueError:
            name, end = None, 0
        rest = line[end:].lstrip()
        if not isinstance(name, str) or not rest.startswith(":"):
            raise _bad_text(text, "player", N_(
                "a quoted name is closed by its quote and followed by a colon, e.g. "
                "'\"Ada: the first\": finish'"), expected='"name": verb ...')
        return name, rest[1:]
    name, colon, rest = line.partition(":")
    if not colon or not name.strip():
        raise _bad_text(text, "player", N_(
            "start with the player's name and a colon, e.g. 'Ada: target 23' (or write "
            "'time up')"), expected="name: verb ...", value=name.strip() or None)
    return name.strip(), rest


#: How to write each verb's fields, said when they are not written so.
_FIXES: dict[str, str] = {
    "target": N_("give the Subroutine's number, e.g. {form!r}"),
    "activate": N_("give the Subroutines' numbers, e.g. {form!r}, or nothing after 'activate' "
                   "for none"),
    "finish": N_("give the clock's seconds as a number, e.g. {form!r}, or nothing after "
                 "'finish'"),
    "resolve": N_("name the Patron and the type to take, e.g. {form!r}; leave either out for "
                  "the default"),
    "recompute": N_("nothing follows 'recompute': write it like {form!r}"),
}


def _unlike(text: str, entry: str, verb: str, value: object) -> BadInputError:
    """The error for a verb's fields not written as :data:`FORMS` shows."""
    return _bad_text(text, entry, Text(_FIXES[verb], form=FORMS[verb]), expected=FORMS[verb],
                     value=value)


def _nothing_more(text: str, verb: str, args: str) -> None:
    if args:
        raise _unlike(text, verb, verb, args)


def _int_of(text: str, entry: str, word: str, verb: str) -> int:
    if not _INT.fullmatch(word):
        raise _unlike(text, entry, verb, word)
    return int(word)


def _read_target(text: str, player: str, args: str) -> Target:
    return Target(player, _int_of(text, "subroutine", args, "target"))


def _read_activate(text: str, player: str, args: str) -> Activate:
    return Activate(player, tuple(_int_of(text, "subroutines", w, "activate")
                                  for w in args.split()))


def _read_write(text: str, player: str, args: str) -> WriteProgram:
    program, *aims = _AIMS.split(args, maxsplit=1)
    pairs = []
    for word in aims[0].split() if aims else ():
        found = _AIM.fullmatch(word)
        if found is None:
            raise _bad_text(text, "aims", N_("name each aim as Subroutine:Patron, e.g. 'Ada: "
                                             "write A3+ A4/ aims 68:58'"),
                            expected="aims 68:58", value=word)
        pairs.append((int(found.group(1)), int(found.group(2))))
    if aims and not pairs:
        raise _bad_text(text, "aims", N_("name each aim as Subroutine:Patron, e.g. 'Ada: write "
                                         "A3+ A4/ aims 68:58'"), expected="aims 68:58")
    return WriteProgram(player, Program.parse(program), tuple(pairs))


def _read_finish(text: str, player: str, args: str) -> Finish:
    if not args:
        return Finish(player)
    if _INT.fullmatch(args):
        return Finish(player, int(args))
    if not _NUMBER.fullmatch(args):
        raise _unlike(text, "seconds", "finish", args)
    return Finish(player, float(args))


def _read_resolve(text: str, player: str, args: str) -> ResolveRow:
    words = _TOKEN.findall(args)
    fields: dict[str, Any] = {}
    while words:
        key = words.pop(0).lower()
        if key not in ("patron", "take") or key in fields or not words:
            raise _unlike(text, key if key in ("patron", "take") else "resolve", "resolve", key)
        word = words.pop(0)
        if key == "patron":
            fields[key] = _int_of(text, "patron", word, "resolve")
        elif word.startswith('"'):
            try:
                fields[key] = json.loads(word)
            except ValueError:
                raise _unlike(text, "take", "resolve", word) from None
        else:
            fields[key] = word
    return ResolveRow(player, **fields)


def _read_debug(text: str, player: str, args: str) -> Debug:
    return Debug(player, Program.parse(args))


def _read_recompute(text: str, player: str, args: str) -> Recompute:
    _nothing_more(text, "recompute", args)
    return Recompute(player)


_READ: dict[type, Any] = {
    Target: _read_target, Activate: _read_activate, WriteProgram: _read_write,
    Finish: _read_finish, ResolveRow: _read_resolve, Debug: _read_debug,
    Recompute: _read_recompute,
}


def _from_json(text: str) -> Action:
    """The action a live room stored as JSON until the text form came
    (``lnb.babbage.rooms.action_to_json``: ``{"type": "Target", "player": ..., ...}``)."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    kind = _TYPES_BY_NAME.get(data.get("type")) if isinstance(data, dict) else None
    if kind is None:
        raise _bad_text(text, "json", N_("a stored move is JSON with its type, e.g. "
                                         "'{\"type\": \"Finish\", \"player\": \"Ada\"}'"),
                        expected=tuple(_TYPES_BY_NAME), value=None)
    fields = {k: v for k, v in data.items() if k != "type"}
    if isinstance(fields.get("aims"), list):
        fields["aims"] = tuple(tuple(a) if isinstance(a, list) else a for a in fields["aims"])
    if isinstance(fields.get("subroutines"), list):
        fields["subroutines"] = tuple(fields["subroutines"])
    try:
        return kind(**fields)  # type: ignore[no-any-return]
    except TypeError:
        raise _bad_text(text, "json", Text(N_("a stored {kind} move has the fields {fields}"),
                                           kind=kind.__name__,
                                           fields=", ".join(f.name for f in
                                                            dataclasses.fields(kind))),
                        expected=tuple(f.name for f in dataclasses.fields(kind)),
                        value=tuple(fields)) from None
    except BadInputError:
        raise
    except LnbError as err:
        raise err.as_family(BadInputError, N_("action {action!r}: "), action=text) from None
