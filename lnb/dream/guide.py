"""The guided first game: each new kind of decision explained the first time it comes, in
the rule's words, with a suggested move the pupil may ignore (issue 31, item 2).

A decision's *kinds* come from its legal actions (a Workshop die, a Mill cell, a Program, a
Research track, Publish, a Gear...), never from a second copy of the rules; an action of a
verb the guide does not know yet is "a new decision", said in the library's own words
(:func:`lnb.dream.describe.decision_text`). Two notes join them when they first matter: an
advanced action about to be taken, and a scoring token taken. The suggestion is the greedy
computer player's choice, with its reason when it puts a die in the Mill
(:func:`lnb.dream.reasons.place_reason`).

>>> from lnb.dream.state import Game
>>> state = Game(["You", "Computer"], "classroom", seed=GUIDED_SEED).new_initial_state()
>>> guide = Guide()
>>> advice = guide.advise(state, "You")
>>> advice.kinds, [lesson.kind for lesson in advice.new]
(('workshop',), ['workshop'])
>>> print(advice.new[0].title)
A Workshop turn or an Actions turn
>>> advice.move in state.legal_actions("You"), guide.advise(state, "You") == advice
(True, True)
>>> state.apply_action(advice.move)
>>> later = guide.advise(state, "You")  # a Partner card to play: a new kind
>>> [lesson.kind for lesson in later.new], later.topics
(['play'], ())

Every kind is explained once: the same kind at a later decision is not explained again.

>>> while state.step != "turn" or state.current_player != "You":
...     state.apply_action(state.legal_actions()[-1])
>>> advice = guide.advise(state, "You")  # a Workshop die again, and now a Mill cell
>>> advice.kinds[:2], [lesson.kind for lesson in advice.new]
(('workshop', 'mill'), ['mill'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.dream.actions import Action, Pass
from lnb.dream.bots import DreamBot, make_bot
from lnb.dream.describe import decision_text, describe
from lnb.dream.edition import Area
from lnb.dream.reasons import place_reason
from lnb.dream.refusals import PROMPTS
from lnb.dream.state import State

#: The guided first game's seed: a friendly game against one greedy computer player, in
#: which the usual kinds of decision come up and a pupil who follows the suggestions wins, in
#: the ``classroom`` edition and in ``classroom-3`` (its Mill turn) alike (checked by
#: ``tests/test_dream_guide.py``).
GUIDED_SEED = 88

#: Each kind of decision: its title and its explanation, in the rule's words.
KINDS: dict[str, tuple[str, str]] = {
    "workshop": (N_("A Workshop turn or an Actions turn"),
                 N_("On your turn you choose one of two. A Workshop turn takes a die from the "
                    "Workshop into an empty slot of your Store. An Actions turn moves a die "
                    "from your Store into your Mill and takes the action of its colour.")),
    "mill": (N_("The Mill"),
             N_("Move a Store die into any empty cell of your 3×3 Mill: its colour's area "
                "acts (yellow Ada's Study, red Meetings, blue Travel, green Institutions, "
                "grey any). A Program beside a row or column scores its Prestige when that "
                "line's three dice make it true. When a Mill is full, the last round begins.")),
    "mill_turn": (N_("The Mill turn"),
                  N_("The die you just moved into your Store or your Mill may be turned one up "
                     "or down, for the price the edition sets: worth it when the new face makes "
                     "a Program line true. Or pass.")),
    "play": (N_("Playing a Partner card"),
             N_("On a Workshop turn you may play one Partner card from your hand if the die "
                "you took meets its requirement, or if you pay its cost. It gives its "
                "Prestige and its effect (as much as you can).")),
    "play_free": (N_("A Partner card for free"),
                  N_("An effect lets you play a Partner card from your hand: its requirement "
                     "and its cost are ignored.")),
    "area": (N_("A grey die"),
             N_("A grey die takes the main action of any area you choose, but never its "
                "advanced action.")),
    "program": (N_("Programs"),
                N_("A Program is a punch card placed beside a row or column of your Mill. When "
                   "that line is full and its three dice make the card true (e.g. a + b = c), "
                   "it scores its Prestige. Choose the card, then its line.")),
    "assignment": (N_("Assignments"),
                   N_("Take its effect now, then tuck it in a colour column under your board. "
                      "A die of that colour taken on a Workshop turn gives 1 Research per "
                      "Assignment in its column.")),
    "partner": (N_("Partner cards"),
                N_("Take the Partner into your hand and remove one card of your hand or "
                   "discard pile from the game: you always have eight cards. Choose the "
                   "Partner, then the card it replaces.")),
    "travel": (N_("Travel"),
               N_("Place one of your discs on a University or a Small City the die reaches "
                  "and take its reward. Each disc taken from your board opens a space for a "
                  "Gear.")),
    "institution": (N_("London's Institutions"),
                    N_("Gain the Institution's resource by the die's value and place a disc "
                       "there. At the end, majorities in the Institutions score.")),
    "research": (N_("Research"),
                 N_("Each area has a Research track. Reaching or passing a ! space gives its "
                    "reward; the spaces I and II unlock the area's advanced actions; the top "
                    "takes that colour's scoring token. A full track takes no more Research.")),
    "discard": (N_("Discarding for a card"),
                N_("The card you took asks you to discard Partner cards from your hand.")),
    "discard_down": (N_("Five cards in hand"),
                     N_("At the end of a turn you keep at most five cards in hand: discard "
                        "the others (they come back when your deck is shuffled again).")),
    "pay": (N_("Paying for an effect"),
            N_("This part of the effect gives something only if you pay for it: pay, or "
               "pass and get nothing.")),
    "bonus": (N_("Innovation"),
              N_("Innovation goes from 0 to 6 on your board. Reaching 6 lets you spend 2 at "
                 "once for one Workshop bonus of your choice. At the end 5 scores 2 and 6 "
                 "scores 4.")),
    "move_disc": (N_("No disc left"),
                  N_("All your discs are on the main board: choose one of them to move to "
                     "the new place.")),
    "publish": (N_("Publish"),
                N_("At the end of your turn you may spend a Book to take the Publish action "
                   "of the area you used, or build one Gear, or neither.")),
    "gear": (N_("Gears"),
             N_("A Gear costs Coal and Brass and goes on an open Gear space of your board. It "
                "gives Prestige or a lasting bonus.")),
    "advanced": (N_("Advanced actions"),
                 N_("Your Research has reached level I or II of this area's track: on every "
                    "Actions turn here you take its advanced action after its main action.")),
    "token": (N_("Scoring tokens"),
              N_("The top of a Research track takes that colour's scoring token: the first "
                 "player a 2, later players a 1. At the end it scores its value × your "
                 "Assignments in that colour.")),
}

#: The Help entries (a "?" where they appear): Publish, Research, Innovation, advanced
#: actions and scoring tokens, each a key of :data:`KINDS`.
TOPICS = ("publish", "research", "bonus", "advanced", "token")

#: The Help entries that matter at a decision of each kind.
RELATED: dict[str, tuple[str, ...]] = {
    "workshop": ("research",), "mill": ("advanced",), "assignment": ("research", "token"),
    "research": ("research", "advanced", "token"), "bonus": ("bonus",),
    "publish": ("publish",), "gear": ("publish",), "advanced": ("advanced",),
    "mill_turn": ("mill_turn",),
    "token": ("token",), "area": ("advanced",)}

#: The kind of each verb (``play`` and ``discard`` depend on the step: see :func:`kind_of`).
_VERBS = {"collect": "workshop", "place": "mill", "area": "area", "program": "program",
          "assignment": "assignment", "partner": "partner", "visit": "travel",
          "join": "institution", "research": "research", "pay": "pay", "bonus": "bonus",
          "move": "move_disc", "publish": "publish", "build": "gear", "turn": "mill_turn"}


@dataclass(frozen=True)
class Lesson:
    """One kind explained: its key, title and words (shown in the current language)."""

    kind: str
    title: Text
    words: Text


@dataclass(frozen=True)
class Advice:
    """What the guide says at one decision: its kinds, the lessons shown now (the kinds met
    for the first time), the Help entries that matter here, and the suggested move with its
    words and, for a die put in the Mill, why."""

    kinds: tuple[str, ...]
    new: tuple[Lesson, ...]
    topics: tuple[str, ...]
    move: Action | None
    move_text: Text | None
    reason: Text | None = None


def lesson(kind: str, state: State | None = None) -> Lesson:
    """The explanation of ``kind``; a kind the guide does not know (a step the rules added)
    is "a new decision", said as the library asks it.

    >>> print(lesson("publish").title)
    Publish
    >>> print(lesson("new:mill_swap").title)
    A new decision
    """
    if kind in KINDS:
        title, words = KINDS[kind]
        return Lesson(kind, Text(title), Text(words))
    step = state.pending[0] if state is not None and state.pending else None
    try:
        asked = decision_text(step, PROMPTS)
    except KeyError:  # a step with no prompt yet: the legal actions say it
        asked = Text(N_("choose one of the buttons"))
    return Lesson(kind, Text(N_("A new decision")), asked)


def kind_of(state: State, action: Action) -> str | None:
    """The kind of decision ``action`` (legal in ``state``) belongs to; None for passing.

    >>> from lnb.dream.actions import Collect
    >>> from lnb.dream.state import Game
    >>> kind_of(Game(["A", "B"], seed=1).new_initial_state(), Collect("A", 1))
    'workshop'
    """
    if isinstance(action, Pass):
        return None
    if action.verb == "play":
        return "play" if state.step == "workshop_play" else "play_free"
    if action.verb == "discard":
        return "discard_down" if state.step == "discard_down" else "discard"
    return _VERBS.get(action.verb, f"new:{state.step}")


def kinds_now(state: State, player: str, legal: Sequence[Action]) -> tuple[str, ...]:
    """The kinds of the decision at hand, from its legal actions, then the notes that matter
    now: an advanced action this main action will bring, a scoring token taken."""
    kinds: list[str] = []
    for action in legal:
        kind = kind_of(state, action)
        if kind is not None and kind not in kinds:
            kinds.append(kind)
    if legal and state.pending and state.pending[0][0] == "main" and _advances(state, player):
        kinds.append("advanced")
    if any(state.tokens_taken.values()):
        kinds.append("token")
    return tuple(kinds)


def _advances(state: State, player: str) -> bool:
    """True when the main action at hand is followed by an advanced action of its area
    (the turn's next step is the area's advanced action and the player's Research has
    reached its level I)."""
    area = Area(state.pending[0][1])
    if ("advanced", area.value) not in state.pending[1:2]:
        return False
    levels = state.edition.track(area.colour).levels
    return bool(levels) and state.players[player].research[area.colour] >= levels[0]


@dataclass
class Guide:
    """The guide of one game: which kinds were explained (and at which decision) and the
    computer player whose choice it suggests."""

    seed: int | str = GUIDED_SEED
    bot: DreamBot = field(init=False)
    #: Each kind explained, with the decision (the history's length) it was explained at.
    explained: dict[str, int] = field(default_factory=dict)
    _said: dict[tuple[int, str], Advice] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.bot = make_bot("greedy", f"guide:{self.seed}")

    def advise(self, state: State, player: str) -> Advice | None:
        """The guide's words for ``player``'s decision now (None when they have nothing to
        decide); asked again at the same decision, the same advice."""
        if state.is_terminal() or state.current_player != player:
            return None
        key = (len(state.history), player)
        if key in self._said:
            return self._said[key]
        legal = state.legal_actions(player)
        kinds = kinds_now(state, player, legal)
        new = tuple(lesson(k, state) for k in kinds
                    if self.explained.setdefault(k, key[0]) == key[0])
        topics = tuple(t for t in TOPICS if any(t in RELATED.get(k, ()) for k in kinds))
        move = legal[0] if len(legal) == 1 else self.bot.choose_action(state, player)
        advice = Advice(kinds, new, topics, move, describe(move, state.edition),
                        place_reason(state, move))
        self._said = {key: advice}
        return advice
