"""The review: a coach after the game, the same for every game of the kit.

A finished game (a record, or the game just played) is replayed; at each decision of each
person the game's ``review`` hook says what the best choice the kit can find from that very
position would have made (the same dice and cards: the planner, or an exact search where the
game is small enough) and what the played choice made, both in points at the end of the game.
Each person's three costliest decisions are kept, each a :class:`Moment` told in words a
pupil reads, with the position's index in the record so an app can open a what-if branch
there (:meth:`Review.branch`: a new state; the record never changes).

The ``review`` hook of a game is a callable ``hook(source) -> Reviewer`` (a :class:`Reviewer`:
the record's players and actions, its first position, who decides what where, and the
judgement of one decision). This module names no game.

Each moment also has a mistake :class:`Kind` (``moment.kind``: a stable key such as
``"museum.hole"`` and its words, translated when shown), given by the reviewer's optional
``classify(state, action, judgement)`` from the judgement's data; the teacher's dashboard pools
moments by kind. A reviewer without ``classify`` gives :data:`OTHER`.

>>> from lnb.museum.state import Game
>>> from lnb.museum.records import write
>>> state = Game(seed=3).new_initial_state()
>>> state.apply_action("place 4a r0 @C1")  # the first placement listed: a poor one
>>> result = review("museum", write(state))
>>> [(m.index, m.played) for m in result.moments["solo"]], result.finished
([(0, 'place 4a r0 @C1')], False)
>>> result.branch(result.moments["solo"][0]).history  # Try it again: before the skip
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from lnb.core.game import GameType, games, get
from lnb.core.i18n import N_
from lnb.core.messages import Text, lazy_ngettext

__all__ = ["OTHER", "Decision", "Judgement", "Kind", "Moment", "Review", "Reviewer",
           "costliest", "declare_kind", "kind_named", "kinds", "review", "your_turn"]

#: How many decisions a review keeps per person.
KEEP = 3


@dataclass(frozen=True)
class Kind:
    """A kind of mistake: a stable ``key`` (kept in the classroom's store; never changes once
    published) and its ``words`` (an ``N_``-marked template, translated when shown).

    >>> OTHER.key, str(OTHER.text)
    ('other', 'another choice')
    """

    key: str
    words: str

    @property
    def text(self) -> Text:
        """The kind's words in the language of the moment it is shown."""
        return Text(self.words)


#: Every kind a game's review module declared (:func:`declare_kind`), by key.
_KINDS: dict[str, Kind] = {}


def declare_kind(key: str, words: str) -> Kind:
    """Declare a kind of mistake (a review module does so at import); the same key twice
    with other words is a programming error.

    >>> declare_kind("other", "another choice") is OTHER
    True
    """
    found = _KINDS.get(key)
    if found is not None:
        if found.words != words:
            raise ValueError(f"mistake kind {key!r} is declared twice with other words: "
                             f"{found.words!r} and {words!r}; give the new one its own key")
        return found
    made = _KINDS[key] = Kind(key, words)
    return made


#: The kind of a moment its game does not classify.
OTHER = declare_kind("other", N_("another choice"))


def kinds() -> dict[str, Kind]:
    """Every declared kind, by key, each game's review module imported first.

    >>> "museum.hole" in kinds()
    True
    """
    for game in games():
        if game.has("review"):
            game.hook("review")
    return dict(_KINDS)


def kind_named(key: str) -> Kind:
    """The kind of ``key`` (a key no game declares any more reads as :data:`OTHER`'s words,
    its key kept).

    >>> kind_named("museum.hole").key, kind_named("gone.kind").text == OTHER.text
    ('museum.hole', True)
    """
    found = _KINDS.get(key) or kinds().get(key)
    return found if found is not None else Kind(key, OTHER.words)


@dataclass(frozen=True)
class Decision:
    """Whose decision a position is and where in the game: ``where`` as numbers
    (``{"turn": 5, "box": 2}``, ``{"round": 3, "row": 2}``…) and as words."""

    who: str
    where: Mapping[str, int]
    where_text: str


@dataclass(frozen=True)
class Judgement:
    """One decision judged: the best action the kit finds, and the points after it and after
    the played action (the same continuation for both) at the ``horizon``: ``"game"`` the
    score at the end of the game; ``"turn"`` what the board is worth at the end of the turn
    (points and what they promise, the bots' measure) where the whole game is too far;
    ``"round"`` the score sheet at the end of the Round (a game whose next Rounds start from
    what this one made, so it cannot be played on as recorded)."""

    best: Any
    best_points: int
    played_points: int
    horizon: str = "game"


class Reviewer(Protocol):
    """What a game's ``review`` hook gives for one record."""

    players: tuple[str, ...]
    actions: Sequence[Any]

    def start(self) -> Any:
        """A new copy of the record's first position."""

    def decision(self, state: Any, action: Any) -> Decision | None:
        """Whose choice ``action`` is in ``state`` and where; None when it was no choice
        (forced, or made by chance)."""

    def judge(self, state: Any, action: Any) -> Judgement:
        """The best choice from ``state`` and what it and ``action`` make (``state`` is
        left as it was)."""

    def describe(self, action: Any) -> str:
        """An action in words a pupil reads."""

    # Optional: ``classify(state, action, judgement) -> Kind``, the kind of a costly choice
    # (``state`` before ``action``, left as it was), read from data, never from words.


#: A moment's words by its horizon (:class:`Judgement`).
_WORDS = {
    "game": N_("{where}: you chose {played}. The best choice the kit found, {best}, ends the "
               "game with {more} ({best_points} rather than {played_points})."),
    "turn": N_("{where}: you chose {played}. The best choice the kit found, {best}, ends "
               "your turn {more} ahead ({best_points} rather than {played_points}, counting "
               "what your board promises)."),
    "round": N_("{where}: you wrote {played}. The best program the kit found, {best}, ends "
                "the Round with {more} ({best_points} rather than {played_points})."),
}


@dataclass(frozen=True)
class Moment:
    """One costly decision: ``who`` played ``played`` at ``where`` (``index``: how many of
    the record's actions came before it), ``best`` would have ended with ``cost`` more
    points; ``words`` tells it, translated when shown.

    >>> m = Moment("Ada", {"turn": 2}, "turn 2", "skip 1", "place 1a r0 @A1", 7, 5, 3)
    >>> m.cost, str(m.words)[:60]
    (2, 'turn 2: you chose skip 1. The best choice the kit found, pla')
    >>> str(m.words)[60:]
    'ce 1a r0 @A1, ends the game with 2 more points (7 rather than 5).'
    """

    who: str
    where: Mapping[str, int]
    where_text: str
    played: str
    best: str
    best_points: int
    played_points: int
    index: int
    played_words: str = ""
    best_words: str = ""
    horizon: str = "game"
    kind: Kind = OTHER

    @property
    def cost(self) -> int:
        """Points the played choice cost against the best one (never below 0)."""
        return max(0, self.best_points - self.played_points)

    @property
    def words(self) -> Text:
        """The moment told to the pupil, in the language of the moment it is shown."""
        more = lazy_ngettext("{count} more point", "{count} more points", self.cost,
                             count=self.cost)
        template = _WORDS.get(self.horizon, _WORDS["game"])
        return Text(template, where=self.where_text, played=self.played_words or self.played,
                    best=self.best_words or self.best, more=more,
                    best_points=self.best_points, played_points=self.played_points)

    def as_dict(self) -> dict[str, Any]:
        """The moment as JSON data (``words`` in the current language)."""
        return {"who": self.who, "where": dict(self.where), "played": self.played,
                "best": self.best, "best_points": self.best_points,
                "played_points": self.played_points, "cost": self.cost,
                "horizon": self.horizon, "index": self.index, "words": str(self.words),
                "kind": self.kind.key, "kind_words": str(self.kind.text)}


def your_turn(turn: int) -> Text:
    """Where a decision was, for a game counted in each person's own turns.

    >>> str(your_turn(3))
    'Your turn 3'
    """
    return Text(N_("Your turn {turn}"), turn=turn)


def costliest(moments: Iterable[Moment], keep: int = KEEP) -> tuple[Moment, ...]:
    """The ``keep`` moments that cost most (the earlier first among equals; none that cost
    nothing), in the order they were played.

    >>> ms = [Moment("a", {}, "", "x", "y", b, 0, i) for i, b in enumerate([1, 0, 4, 2, 4])]
    >>> [m.index for m in costliest(ms)]
    [2, 3, 4]
    """
    found = sorted((m for m in moments if m.cost > 0), key=lambda m: (-m.cost, m.index))
    return tuple(sorted(found[:keep], key=lambda m: m.index))


@dataclass(frozen=True)
class Review:
    """A reviewed game: each person's costliest moments (``moments[name]``)."""

    game: str
    players: tuple[str, ...]
    moments: Mapping[str, tuple[Moment, ...]]
    finished: bool
    reviewer: Reviewer = field(repr=False, compare=False)

    def branch(self, moment: Moment | int) -> Any:
        """A new state at a moment's position (or at ``index`` actions into the record):
        the what-if branch of Try it again; the record is not changed."""
        index = moment.index if isinstance(moment, Moment) else moment
        state = self.reviewer.start()
        for action in list(self.reviewer.actions)[:index]:
            state.apply_action(action)
        return state

    def every(self) -> Iterator[Moment]:
        """All kept moments, person by person."""
        for name in self.players:
            yield from self.moments.get(name, ())

    def as_dict(self) -> dict[str, Any]:
        """The review as JSON data (``lnb <game> review --json``)."""
        return {"game": self.game, "finished": self.finished,
                "players": [{"name": name, "moments": [m.as_dict() for m in
                                                       self.moments.get(name, ())]}
                            for name in self.players]}

    def text(self) -> str:
        """The review as lines to read: each person, then their moments."""
        lines: list[str] = []
        for name in self.players:
            kept = self.moments.get(name, ())
            lines.append(str(Text(N_("{name}:"), name=name)))
            if not kept:
                lines.append("  " + str(Text(N_("no choice cost points against the best "
                                                "the kit found."))))
            lines.extend("  " + str(m.words) for m in kept)
        return "\n".join(lines)


def review(game: str | GameType, source: Any, keep: int = KEEP) -> Review:
    """Review a record of ``game`` (``source``: what the game's records module reads);
    ``GameError`` (reason ``no-hook``) for a game that has no review yet."""
    game_type = get(game) if isinstance(game, str) else game
    reviewer: Reviewer = game_type.hook("review")(source)
    classify = getattr(reviewer, "classify", None)
    found: dict[str, list[Moment]] = {name: [] for name in reviewer.players}
    state = reviewer.start()
    for index, action in enumerate(reviewer.actions):
        decision = reviewer.decision(state, action)
        if decision is not None:
            judged = reviewer.judge(state, action)
            moment = Moment(decision.who, dict(decision.where), decision.where_text,
                            game_type.action_text(action), game_type.action_text(judged.best),
                            judged.best_points, judged.played_points, index,
                            reviewer.describe(action), reviewer.describe(judged.best),
                            judged.horizon)
            if moment.cost > 0:
                if classify is not None:
                    moment = replace(moment, kind=classify(state, action, judged))
                found.setdefault(decision.who, []).append(moment)
        state.apply_action(action)
    kept = {name: costliest(ms, keep) for name, ms in found.items()}
    return Review(game_type.name, tuple(reviewer.players), kept, bool(state.is_terminal()),
                  reviewer)
