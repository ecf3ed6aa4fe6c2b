"""Computer players: the protocol every game's bots follow, and a registry of them by name.

A computer player reads a game's public state and answers with one action; it never changes
the state itself. Each game keeps a :class:`Registry` of its players, with a strength and one
line that says what it does (for ``simulate`` and the apps' setup forms).

>>> registry = Registry("example")
>>> class Lazy:
...     def __init__(self, seed=0): self.seed = seed
...     def choose_action(self, state, player): return state.legal_actions(player)[0]
...     def think_seconds(self, state, player): return 10.0
>>> registry.register("lazy", Lazy, strength=1, describe="always takes the first legal action")
>>> registry.make("Lazy", seed=3).seed, registry.names, registry.kind("lazy").strength
(3, ('lazy',), 1)
>>> registry.make("clever")
Traceback (most recent call last):
...
lnb.core.errors.BadInputError: no computer player named 'clever'; choose one of: lazy
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from lnb.core.errors import BadInputError
from lnb.core.i18n import N_


@runtime_checkable
class ComputerPlayer(Protocol):
    """What a table asks of a computer player."""

    def choose_action(self, state: Any, player: str) -> Any:
        """The action ``player`` takes now (one of the legal ones)."""
        ...

    def think_seconds(self, state: Any, player: str) -> float:
        """Seconds the player "thinks" in a timed phase before it finishes."""
        ...


@dataclass(frozen=True)
class PlayerKind:
    """One kind of computer player: its name, how to make one, its strength (1 = weakest)
    and a sentence for people choosing an opponent."""

    name: str
    factory: Callable[..., ComputerPlayer]
    strength: int
    describe: str


class Registry:
    """A game's computer players by name (names are case-insensitive)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._kinds: dict[str, PlayerKind] = {}

    def register(self, name: str, factory: Callable[..., ComputerPlayer], strength: int,
                 describe: str) -> None:
        """Add a kind of player; a name is registered once."""
        key = name.strip().lower()
        if key in self._kinds:
            raise BadInputError(N_("a computer player named {key!r} is already registered"),
                                key=key,
                                text=name, reason="duplicate")
        self._kinds[key] = PlayerKind(key, factory, strength, describe)

    @property
    def names(self) -> tuple[str, ...]:
        """Registered names, weakest first."""
        return tuple(k.name for k in sorted(self._kinds.values(), key=lambda k: k.strength))

    def kind(self, name: str) -> PlayerKind:
        """The kind registered under ``name``; an unknown one raises ``BadInputError``."""
        key = name.strip().lower() if isinstance(name, str) else None
        if key not in self._kinds:
            raise BadInputError(
                N_("no computer player named {text!r}; choose one of: {names}"),
                names=", ".join(self.names), text=name, expected=self.names,
                reason="unknown-player")
        return self._kinds[key]

    def make(self, name: str, seed: int | str = 0) -> ComputerPlayer:
        """A new player of the kind ``name``, seeded."""
        return self.kind(name).factory(seed)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.strip().lower() in self._kinds

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)
