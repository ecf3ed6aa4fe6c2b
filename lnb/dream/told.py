"""A move already played, told in words of its own (the log of a computer's move, issue 31).

A button says what a move *will* do (:func:`lnb.dream.describe.describe`: *place a disc on
Derby*); the log says what a player *did*, who did it and what it brought them: *Computer 1
placed a disc on Derby: +£2*. :func:`told` reads the action and the game just before it; what
the move gained or spent is what the library's own rules did to the player's board (the move
played on a copy of the game), never guessed here. A placement (and the Mill turn's choice)
says why, in the words of :func:`lnb.dream.reasons.place_reason`.

>>> from lnb.core.i18n import use_language
>>> from lnb.dream.actions import Collect, Pass
>>> from lnb.dream.state import Game
>>> state = Game(["Ada", "Bot"], edition="classroom", seed=2).new_initial_state()
>>> print(told(Collect("Ada", 1), state, state.edition, "Computer 1"))
Computer 1 took the grey 1 from Workshop space 1
>>> with use_language("zh-CN"):
...     print(told(Pass("Ada"), state, state.edition, "电脑 1"))
电脑 1 跳过了
"""

from __future__ import annotations

from lnb.core.i18n import N_
from lnb.core.messages import Listing, Text
from lnb.dream import actions as a
from lnb.dream.describe import _gain, area_name, effect_text
from lnb.dream.dice import colour_name
from lnb.dream.edition import Area, Colour, Edition
from lnb.dream.player import PlayerState
from lnb.dream.reasons import place_reason
from lnb.dream.state import State

#: The player's counts a move may change, in the order they are told.
_COUNTS = ("money", "coal", "brass", "books", "innovation", "prestige")


def told(action: a.Action, state_before: State, edition: Edition, who: str) -> Text:
    """``action`` (legal in ``state_before``, which is left unchanged) in the past tense,
    ``who`` doing it, with what it gained or spent (see the module's examples).

    >>> from lnb.dream.bots import make_bot
    >>> from lnb.dream.state import Game
    >>> state = Game(["Ada", "Bot"], edition="classroom", seed=2).new_initial_state()
    >>> bot, said = make_bot("greedy", 1), []
    >>> while len(said) < 35:
    ...     action = bot.choose_action(state, state.current_player)
    ...     said.append(str(told(action, state, state.edition, "Computer 1")))
    ...     state.apply_action(action)
    >>> for line in said[1:3] + said[7:9] + said[34:35]:
    ...     print(line)
    Computer 1 played the Partner card Clerk: +£2
    Computer 1 passed
    Computer 1 played the Partner card Brass fitter: +1 Brass
    Computer 1 published: −1 Book and +3 Prestige
    Computer 1 placed a disc on Bristol: +£1 and +1 Book
    """
    words = _did(action, state_before, edition, who)
    if isinstance(action, (a.Place, a.Pass)) or state_before.step == "mill_turn":
        return words  # a placement says why; a pass gains nothing of its own
    changes = changes_text(action, state_before)
    if not changes.items:
        return words
    # TRANSLATORS: {told} is a move already played ("Ada placed a disc on Derby"), {changes}
    # what it gained or spent ("+£2 and −1 Coal")
    return Text(N_("{told}: {changes}"), told=words, changes=changes)


def changes_text(action: a.Action, state_before: State) -> Listing:
    """What ``action`` changed of its player's £, Coal, Brass, Books, Innovation, Prestige and
    Research, as the rules applied it (on a copy of ``state_before``): ``+£2``, ``−1 Coal``
    (a Research move's own step is in its words, not here).

    >>> from lnb.dream.actions import Collect
    >>> from lnb.dream.state import Game
    >>> state = Game(["Ada", "Bot"], edition="classroom", seed=2).new_initial_state()
    >>> str(changes_text(Collect("Ada", 1), state))
    ''
    """
    after = state_before.clone()
    after.apply_action(action)
    was, now = state_before.players[action.player], after.players[action.player]
    items: list[object] = []
    for key in _COUNTS:
        items += _signed(_gain(key, abs(d)), d) if (d := _delta(was, now, key)) else []
    for colour, before in was.research.items():
        d = now.research.get(colour, 0) - before
        if isinstance(action, a.Research) and colour == Colour(action.track):
            d -= 1  # the step the words already tell ("moved up the red Research track")
        if d:
            research = Text(N_("{n} Research on the {track} track"), n=abs(d),
                            track=colour_name(colour))
            items += _signed(research, d)
    return Listing(items)


def _delta(was: PlayerState, now: PlayerState, key: str) -> int:
    return int(getattr(now, key)) - int(getattr(was, key))


def _signed(words: Text, d: int) -> list[Text]:
    return [Text(N_("+{gain}") if d > 0 else N_("−{cost}"), gain=words, cost=words)]


def _die(colour: Colour, face: int) -> Text:
    return Text(N_("the {colour} {face}"), colour=colour_name(colour), face=face)


def _did(action: a.Action, before: State, ed: Edition, who: str) -> Text:
    """What ``who`` did, in the past tense, without what it gained."""
    reason = place_reason(before, action)
    if reason is not None:
        if isinstance(action, a.Place):
            # TRANSLATORS: {reason} says the die, its cell and why: "the red 5 in A3: row A …"
            return Text(N_("{player} put {reason}"), player=who, reason=reason)
        # TRANSLATORS: the Mill turn's choice: "the red 4 in A3 turned to 5: row A …"
        return Text(N_("{who} at the Mill: {reason}"), who=who, reason=reason)
    if isinstance(action, a.Collect):
        die = before.workshop[action.space - 1]
        return Text(N_("{who} took {die} from Workshop space {space}"), who=who,
                    die=_die(die.colour, die.face), space=action.space)
    if isinstance(action, a.Place):
        die = before.players[action.player].store[action.slot - 1]
        placed = _die(die.colour, die.face) if die else Text(N_("a die"))
        return Text(N_("{who} put {die} in Mill cell {cell}"), who=who, die=placed,
                    cell=action.cell)
    if isinstance(action, a.TurnDie):
        if action.where.startswith("S"):
            return Text(N_("{who} turned the die of Store slot {slot} to {face}"), who=who,
                        slot=action.where[1:], face=action.face)
        return Text(N_("{who} turned the die in Mill cell {cell} to {face}"), who=who,
                    cell=action.where, face=action.face)
    return _plain(action, ed, who)


def _plain(action: a.Action, ed: Edition, who: str) -> Text:
    """A move that moves no die, in the past tense."""
    if isinstance(action, a.ChooseArea):
        return Text(N_("{who} chose the main action of {area}"), who=who,
                    area=area_name(Area(action.area)))
    if isinstance(action, a.TakeProgram):
        from lnb.dream.mill import rule_text

        return Text(N_("{who} took the Program card {rule} for line {line}"), who=who,
                    rule=rule_text(ed.program(action.program)), line=action.line)
    if isinstance(action, a.TakeAssignment):
        return Text(N_("{who} took the Assignment card ({effect}) into the {column} column"),
                    who=who, effect=effect_text(ed.assignment(action.assignment).effect),
                    column=colour_name(Colour(action.column)))
    if isinstance(action, a.TakePartner):
        template = (N_("{who} took the Partner card {name}, giving up {removed} from the hand")
                    if action.pile == "hand" else
                    N_("{who} took the Partner card {name}, giving up {removed} from the "
                       "discard pile"))
        return Text(template, who=who, name=ed.partner(action.partner).name,
                    removed=ed.partner(action.remove).name)
    if isinstance(action, a.Visit):
        return Text(N_("{who} placed a disc on {place}"), who=who,
                    place=ed.location(action.place).name)
    if isinstance(action, a.Join):
        return Text(N_("{who} placed a disc in the {place}"), who=who,
                    place=ed.institution(action.institution).name)
    if isinstance(action, a.MoveDisc):
        kind, _sep, key = action.place.partition(":")
        place = ed.location(key).name if kind == "map" else ed.institution(key).name
        return Text(N_("{who} moved a disc away from {place}"), who=who, place=place)
    if isinstance(action, a.Play):
        return Text(N_("{who} played the Partner card {name}"), who=who,
                    name=ed.partner(action.card).name)
    if isinstance(action, a.Research):
        return Text(N_("{who} moved up the {track} Research track"), who=who,
                    track=colour_name(Colour(action.track)))
    if isinstance(action, a.Discard):
        return Text(N_("{who} discarded {name}"), who=who, name=ed.partner(action.card).name)
    if isinstance(action, a.Bonus):
        return Text(N_("{who} took the Innovation bonus: {effect}"), who=who,
                    effect=effect_text(ed.bonus(action.bonus)))
    if isinstance(action, a.Pay):
        return Text(N_("{who} paid"), who=who)
    if isinstance(action, a.Publish):
        return Text(N_("{who} published"), who=who)
    if isinstance(action, a.Build):
        return Text(N_("{who} built the Gear {name}"), who=who, name=ed.gear(action.gear).name)
    return Text(N_("{who} passed"), who=who)
