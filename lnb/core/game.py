"""What a game is to the rest of the kit: one :class:`GameType` per game, and a registry.

Every shared service (the ``lnb`` command, simulations, the table, live rooms, records, the
catalogs, the classroom) asks a game's ``GameType`` and loops over :func:`games`; none names
a game. A game declares itself in one file (``lnb/<game>/define.py``); the declaration is
cheap to import: the game's own modules load only when a service first asks for them (each
*hook* is a ``"module:attribute"`` path).

A new game plugs in by writing its declaration and calling :func:`register` (the kit's own
games are in :data:`BUILT_IN`). See docs/architecture.md.

>>> babbage = get("babbage")
>>> babbage.name, str(babbage.title), babbage.seats
('babbage', 'Lovelace & Babbage', (2, 4))
>>> [g.name for g in games()]
['babbage', 'museum', 'dream']
>>> get("chess")
Traceback (most recent call last):
...
lnb.core.errors.BadInputError: no game named 'chess'; choose one of: babbage, museum, dream
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any

from lnb.core.errors import BadInputError, GameError
from lnb.core.i18n import N_, LazyText

#: The kit's own games, in the order menus show them: each module holds ``GAME``.
BUILT_IN = ("lnb.babbage.define", "lnb.museum.define", "lnb.dream.define")

#: The hooks every game gives (see :class:`GameType`); the rest are optional.
REQUIRED_HOOKS = ("new_state", "parse_action", "action_text", "why_not", "bots",
                  "table_rules", "records")


def load_hook(path: str) -> Any:
    """The object a ``"module:attribute"`` path names (a module alone for ``"module"``).

    >>> load_hook("lnb.core.game:load_hook") is load_hook
    True
    """
    module_name, _, attribute = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True)
class GameType:
    """One game, as every shared service sees it.

    - ``name``: the short name (``lnb <name> …``, the rooms' ``game`` column, records);
    - ``title``: what pages and menus call it (translated when shown);
    - ``seats``: the fewest and most players at one table;
    - ``hooks``: role → ``"module:attribute"``, imported when first asked:

      ``new_state(names, seed=None, options=None)`` a new game's first ``State``;
      ``parse_action(text)`` / ``action_text(action)`` the action's text form, round-tripping;
      ``why_not(state, action)`` None if legal, else the error applying it would raise (an
      ``LnbError`` with its fields: ``reason``…), the state unchanged;
      ``bots`` the game's :class:`~lnb.core.players.Registry` of computer players;
      ``table_rules`` its :class:`~lnb.core.table.TableRules`;
      ``records`` its records module (``load``, ``replay``, ``write``, ``dumps``);
      optional: ``describe(action, state=None)`` (an action as everyone at the table may
      read it; ``state``, when given: the game the move was played in, e.g. for its edition),
      ``commands`` (a tuple of ``lnb`` command modules), ``show_replay(source, as_json)``
      (what ``lnb replay FILE`` prints of a record of the game), and any service's own hooks.
    - ``domains``: the game's i18n catalogs, name → folders (``make i18n``).
    """

    name: str
    title: LazyText | str
    seats: tuple[int, int]
    hooks: Mapping[str, str]
    domains: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    record_format: str = ""

    def __post_init__(self) -> None:
        missing = [h for h in REQUIRED_HOOKS if h not in self.hooks]
        if missing:
            raise GameError(N_("game {game!r} does not say its {hook}"), game=self.name,
                            hook=missing[0], reason="missing-hook")
        object.__setattr__(self, "hooks", MappingProxyType(dict(self.hooks)))
        object.__setattr__(self, "domains", MappingProxyType(dict(self.domains)))

    # ------------------------------------------------------------------ the hooks
    def has(self, role: str) -> bool:
        """True if the game gives the hook ``role``."""
        return role in self.hooks

    def hook(self, role: str) -> Any:
        """The hook ``role`` (imported now); ``GameError`` if the game gives none."""
        path = self.hooks.get(role)
        if path is None:
            raise GameError(N_("game {game!r} has no {hook}"), game=self.name, hook=role,
                            reason="no-hook")
        return load_hook(path)

    def new_state(self, names: Sequence[str], seed: int | None = None,
                  options: Mapping[str, Any] | None = None) -> Any:
        """A new game's first state for the players ``names``."""
        return self.hook("new_state")(list(names), seed=seed, options=options)

    def parse_action(self, text: str) -> Any:
        """The action written as ``text`` (as :meth:`action_text` writes it)."""
        return self.hook("parse_action")(text)

    def action_text(self, action: Any) -> str:
        """``action`` as text (:meth:`parse_action` reads it back)."""
        return str(self.hook("action_text")(action))

    def why_not(self, state: Any, action: Any) -> Any | None:
        """None if ``action`` is legal in ``state``, else why not."""
        return self.hook("why_not")(state, action)

    def describe(self, action: Any, state: Any = None) -> Any:
        """``action`` as everyone at the table may read it (``state``: the game it was played
        in, when known: e.g. its edition's words)."""
        if self.has("describe"):
            hook = self.hook("describe")
            return hook(action) if state is None else hook(action, state)
        return self.action_text(action)

    @property
    def bots(self) -> Any:
        """The game's registry of computer players."""
        return self.hook("bots")

    def make_bot(self, kind: str, seed: int | str = 0) -> Any:
        """A computer player of ``kind``, seeded."""
        return self.bots.make(kind, seed)

    @property
    def table_rules(self) -> Any:
        """How the game plays at a :class:`~lnb.core.table.Table`."""
        return self.hook("table_rules")

    @property
    def records(self) -> ModuleType:
        """The game's records module (``load``, ``replay``, ``write``, ``dumps``)."""
        return self.hook("records")

    @property
    def commands(self) -> tuple[str, ...]:
        """The game's ``lnb`` command modules."""
        return tuple(self.hook("commands")) if self.has("commands") else ()


# ---------------------------------------------------------------------- the registry
_GAMES: dict[str, GameType] = {}
_loaded = False


def register(game: GameType) -> GameType:
    """Add ``game`` to the registry (again: replaced); returns it, for ``GAME = register(…)``.
    The kit's own games come first, whenever another game registers."""
    _load_built_in()
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Take the game ``name`` out of the registry (a test's own game, when it is done)."""
    _GAMES.pop(name, None)


def _load_built_in() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for path in BUILT_IN:
            register(load_hook(path + ":GAME"))


def games() -> tuple[GameType, ...]:
    """Every registered game: the kit's own first, in menu order."""
    _load_built_in()
    return tuple(_GAMES.values())


def names() -> tuple[str, ...]:
    """The registered games' names."""
    return tuple(g.name for g in games())


def get(name: str) -> GameType:
    """The game ``name``; ``BadInputError`` naming the choices if there is none."""
    _load_built_in()
    game = _GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise BadInputError(N_("no game named {value!r}; choose one of: {choices}"),
                            value=name, choices=", ".join(_GAMES), reason="unknown-game",
                            expected=tuple(_GAMES))
    return game


def hooks_of(role: str) -> dict[str, Callable[..., Any] | Any]:
    """Each game's ``role`` hook, by game name, for the games that give one."""
    return {g.name: g.hook(role) for g in games() if g.has(role)}
