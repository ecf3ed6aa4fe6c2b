"""Lovelace & Babbage's ``review`` hook (:mod:`lnb.core.review`): each program a person wrote
against the planner's best program from the same position, with the same cards.

A decision is a program: the rows a person writes in a Round. Both programs are judged by
the rules themselves: the Round is played to its end from that very position (the same
board, Patrons and Subroutines, every other player's program, order token and picks as the
record has them; where the other program takes a Patron first, the others' picks follow the
rules' defaults), and a program is worth the person's points on the score sheet when the
Round ends (Patrons hit, Subroutines completed, engine bonuses, the majorities then). The
whole game cannot be played on as recorded: the next Rounds start at the program's last
Result. The best program is the planner's (``best_program``: its takes by the majorities
they help); a written program that does better than the planner's costs nothing.

>>> from lnb.babbage.game import Game
>>> from lnb.babbage.bots import make_bot
>>> from lnb.babbage.simulate import play_game
>>> from lnb.babbage.records import record_of
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=3)
>>> state = play_game({"Ada": make_bot("beginner", 1), "Bea": make_bot("planner", 1)}, game)
>>> reviewer = BabbageReviewer(record_of(state))
>>> start = reviewer.start()
>>> index = next(i for i, a in enumerate(reviewer.actions) if isinstance(a, WriteProgram))
>>> for action in reviewer.actions[:index]:
...     start.apply_action(action)
>>> judged = reviewer.judge(start, reviewer.actions[index])
>>> judged.horizon, judged.best_points >= judged.played_points
('round', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from lnb.babbage.bots.base import with_true_results
from lnb.babbage.bots.planner import Planner, best_program
from lnb.babbage.edition import Effect
from lnb.babbage.errors import LnbError
from lnb.babbage.game.actions import Action, ResolveRow, WriteProgram
from lnb.babbage.game.chance import RandomChance, ResumedChance, ScriptedChance, resumed_generator
from lnb.babbage.game.events import FAILED_EXPERIMENT, PATRON, SUBROUTINE, Claim
from lnb.babbage.game.history import Play, RoundEntry
from lnb.babbage.game.state import Game, State
from lnb.babbage.programs import Program
from lnb.babbage.records import Record, _Round, load, replay, write
from lnb.babbage.solver import MoveTable
from lnb.core.i18n import N_
from lnb.core.messages import Listing, Text
from lnb.core.review import Decision, Judgement, Kind, Moment, declare_kind

__all__ = ["BabbageReviewer", "Outcome", "review_hook"]


class _WhatIf(_Round):
    """A Round of the record played from a position inside it: ``who``'s picks are the
    planner's takes when ``choose`` (a program the record has no picks for); another
    player's recorded pick the Round no longer offers (someone else came first) falls back
    to the rules' default."""

    def __init__(self, state: State, number: int, entry: RoundEntry, who: str,
                 choose: bool) -> None:
        super().__init__(state, number, entry)
        self.who, self.choose = who, choose
        self.taker = Planner(0)

    def rest(self) -> None:
        """Play the rest of the Round from its program phase: programs, tokens, rows."""
        self.program_phase()
        self.resolution_phase()

    def resolve_action(self, name: str, row: int) -> ResolveRow:
        if name == self.who and self.choose:
            actions = [a for a in self.state.legal_actions(name) if isinstance(a, ResolveRow)]
            return self.taker.best_take(self.state, name, actions)
        try:
            return super().resolve_action(name, row)
        except LnbError:
            self.picks[name] = []
            return self.state.row_choices(name).action(())[0]


class Outcome:
    """A program played to the end of its Round: the person's ``points`` then, the claims
    its rows made (``claims``) and the position the Round ended at (``state``)."""

    def __init__(self, state: State, who: str, number: int) -> None:
        self.state = state
        self.points = state.score_sheet().player(who).total
        self.claims: tuple[Claim, ...] = tuple(
            c for e in state.events if e.round == number and e.player == who
            for c in e.claims if c.kind in (PATRON, FAILED_EXPERIMENT, SUBROUTINE))


class BabbageReviewer:
    """One Lovelace & Babbage record under review (a :class:`lnb.core.review.Reviewer`);
    the record is checked first (a changed record is refused with its ``RecordError``)."""

    def __init__(self, source: Mapping[str, Any] | str | Path | Record) -> None:
        record = source if isinstance(source, Record) else load(source)
        replay(record)
        self.record = record
        computers = {p.get("name") for p in record.data.get("players", ())
                     if isinstance(p, dict) and p.get("computer")}
        #: The people reviewed: seats the record marks ``"computer"`` are not.
        self.players = tuple(name for name, _character in record.players
                             if name not in computers)
        self._seats = len(record.players)
        self.actions = self._actions()
        self._judged: dict[tuple[int, str], tuple[Judgement, Outcome, Outcome]] = {}
        self._words: dict[tuple[int, str, str], Text] = {}
        self._round = 0  # the Round of the decision judged last (``describe``'s)

    def start(self, rounds: int | None = None) -> State:
        """The record's first position, with its chance (as :func:`records.replay` builds
        it): the same seats, levels, Patrons and RESERVE draws; with ``rounds``, those of its
        first ``rounds`` Rounds only, then the draws of a game saved after them."""
        rec = self.record
        kept = rec.rounds[:rounds] if rounds is not None else rec.rounds
        levels = {i: r.level for i, r in enumerate(kept, start=1)}
        patrons = {i: r.patrons for i, r in enumerate(kept, start=1)}
        reserves = {(i, name, sub): patron for i, r in enumerate(kept, start=1)
                    for name, play in r.plays.items() for sub, patron in play.activate}
        played = len(kept)
        chance = ResumedChance(ScriptedChance(rec.seats, levels, patrons, reserves), played,
                               RandomChance(resumed_generator(rec.seed, played)))
        game = Game(rec.players, rec.options, seed=rec.seed, edition=rec.edition)
        return game.new_initial_state(chance)

    def _actions(self) -> tuple[Action, ...]:
        """Every action of the record, in the order its replay applies them."""
        state = self.start()
        done: list[Action] = []
        apply = state.apply_action

        def logged(action: Action) -> None:
            apply(action)
            done.append(action)

        state.apply_action = logged  # type: ignore[method-assign]
        for number, entry in enumerate(self.record.rounds, start=1):
            _Round(state, number, entry).play()
        return tuple(done)

    # -- the Reviewer protocol ------------------------------------------------------------

    def decision(self, state: State, action: Action) -> Decision | None:
        if not isinstance(action, WriteProgram) or action.player not in self.players:
            return None
        self._round = state.round
        judged = self._judge(state, action)[0]
        best = judged.best.program.operations
        played = action.program.operations
        row = next((i for i, (a, b) in enumerate(zip(played, best, strict=False), start=1)
                    if a != b), min(len(played), len(best)) + 1)
        return Decision(action.player, {"round": state.round, "row": row},
                        Text(N_("Round {round}, row {row}"), round=state.round, row=row))

    def judge(self, state: State, action: Action) -> Judgement:
        return self._judge(state, action)[0]

    def classify(self, state: State, action: Action, judged: Judgement) -> Kind:
        """The kind of a costly program (:func:`classify`)."""
        assert isinstance(action, WriteProgram)
        _judged, best, played = self._judge(state, action)
        return classify(state, action.player, played, best)

    def describe(self, action: Action) -> str:
        if isinstance(action, WriteProgram):
            said = self._words.get((self._round, action.player, str(action.program)))
            if said is not None:
                return said  # type: ignore[return-value]
        return str(action)

    # -- judging ------------------------------------------------------------------------------

    def _judge(self, state: State, action: WriteProgram
               ) -> tuple[Judgement, Outcome, Outcome]:
        key = (state.round, action.player)
        found = self._judged.get(key)
        if found is None:
            who = action.player
            played = self.outcome(state, who)
            ops, _estimate = best_program(state, who)
            program = Program.of(ops)
            if state.options.mental_arithmetic:
                program = with_true_results(program, state, who)
            best = played if program == action.program else self.outcome(state, who, program)
            judged = Judgement(WriteProgram(who, program), best.points, played.points,
                               "round")
            found = self._judged[key] = (judged, best, played)
            self._words[(state.round, who, str(action.program))] = _said(action.program,
                                                                          played)
            self._words[(state.round, who, str(program))] = _said(program, best)
        return found

    def outcome(self, state: State, who: str, program: Program | None = None) -> Outcome:
        """``who``'s points at the end of the Round from ``state`` (in its program phase),
        with ``program`` in place of what the record has them write (None: the record's
        own program and picks); ``state`` is left as it was."""
        number = state.round
        entry = self.record.rounds[number - 1]
        if program is not None:
            plays = dict(entry.plays)
            plays[who] = _instead(plays[who], program, state, who)
            entry = replace(entry, plays=plays)
        play = state.clone()
        _WhatIf(play, number, entry, who, program is not None).rest()
        return Outcome(play, who, number)

    def try_again(self, moment: Moment) -> State:
        """*Try it again* in an app: a new game at the start of the programs of the moment's
        Round (everyone writes afresh, on the same board with the same Patrons and
        Subroutines); later Rounds draw as a game saved after this one would. The record is
        not changed."""
        number = moment.where["round"]
        writes = [i for i, a in enumerate(self.actions) if isinstance(a, WriteProgram)]
        first = writes[(number - 1) * self._seats]
        state = self.start(rounds=number)
        for action in self.actions[:first]:
            state.apply_action(action)
        return state

    def what_if(self, index: int) -> dict[str, Any]:
        """The record of the game up to the end of the Round of the decision at ``index``
        (an index of ``actions``), with the best program in place of the one written: what
        :func:`lnb.babbage.records.replay` replays to the points the review claims."""
        state = self.start()
        for action in self.actions[:index]:
            state.apply_action(action)
        action = self.actions[index]
        assert isinstance(action, WriteProgram)
        return write(self._judge(state, action)[1].state)


#: Lovelace & Babbage's kinds of mistake (the teacher's dashboard pools them), the first that
#: fits.
REMAINDER = declare_kind("babbage.remainder", N_("a remainder kept: ÷ drops it"))
WRONG = declare_kind("babbage.wrong-result", N_("a wrong Result written"))
SUBROUTINE_LEFT = declare_kind("babbage.subroutine", N_("the targeted Subroutine left "
                                                        "uncompleted"))
SHORT = declare_kind("babbage.short", N_("a program stopped with rows to spare"))
ONE_ROW = declare_kind("babbage.one-row", N_("a Patron missed by one row"))
FEWER = declare_kind("babbage.fewer", N_("a path past fewer or later-claimed Patrons"))


def classify(state: State, who: str, played: Outcome, best: Outcome) -> Kind:
    """The kind of ``who`` writing the program of ``played`` rather than that of ``best``
    from ``state`` (in its program phase), read from the rows each resolved and what they
    claimed: a wrong Result in a ÷ row (a remainder kept), another wrong Result, the
    targeted Subroutine the best completes, the same rows stopped short, a Patron the best
    claims one row from a Result of the played program; else fewer Patrons or later places.
    """
    number = state.round
    rows = [e for e in played.state.events if e.round == number and e.player == who]
    wrong = [e for e in rows if e.written is not None and e.written != e.result]
    if wrong:
        return REMAINDER if "/" in wrong[0].operation else WRONG
    if (any(c.kind == SUBROUTINE for c in best.claims)
            and not any(c.kind == SUBROUTINE for c in played.claims)):
        return SUBROUTINE_LEFT
    mine = [e.operation for e in rows]
    theirs = [e.operation for e in best.state.events if e.round == number and e.player == who]
    if len(mine) < len(theirs) and theirs[:len(mine)] == mine:
        return SHORT
    had = {c.patron for c in played.claims if c.kind == PATRON}
    missed = {c.patron for c in best.claims if c.kind == PATRON} - had
    table = MoveTable.of(state.board).rows
    values = [state.start_value(who), *(e.result for e in rows if not e.void)]
    if any(result in missed for v in values for result, _op in table[v]):
        return ONE_ROW
    return FEWER


def _instead(play: Play, program: Program, state: State, who: str) -> Play:
    """``play`` with ``program`` written instead: no picks, no Debug, and its aimed effects
    at the first row they can (a RESERVE keeps the Patron it drew)."""
    player = state.player(who)
    activate = tuple((sub, patron if player.character.subroutine(sub).effect is Effect.RESERVE
                      else None) for sub, patron in play.activate)
    return replace(play, program=program, activate=activate, picks=(), debug=())


def _said(program: Program, outcome: Outcome) -> Text:
    """A program and what it claimed, in words: ``A3+ B2- (Patron 60 first)``."""
    claims = [_claim_words(c) for c in outcome.claims]
    if not claims:
        return Text(N_("{program} (claiming nothing)"), program=str(program) or "-")
    return Text(N_("{program} ({claims})"), program=str(program), claims=Listing(claims))


def _claim_words(claim: Claim) -> Text:
    """One claim in words: ``Patron 54 first``, ``your Subroutine 37``.

    >>> str(_claim_words(Claim("patron", patron=54, took="Art", place=1)))
    'Patron 54 first'
    >>> str(_claim_words(Claim("subroutine", subroutine=37, effect="sigma")))
    'your Subroutine 37'
    """
    if claim.kind == SUBROUTINE:
        return Text(N_("your Subroutine {subroutine:02d}"), subroutine=claim.subroutine)
    if claim.kind == FAILED_EXPERIMENT:
        return Text(N_("a Failed Experiment at Patron {patron:02d}"), patron=claim.patron)
    if claim.place == 1:
        return Text(N_("Patron {patron:02d} first"), patron=claim.patron)
    return Text(N_("Patron {patron:02d} second"), patron=claim.patron)


def review_hook(source: Any) -> BabbageReviewer:
    """The ``review`` hook: a reviewer of the record ``source``."""
    return BabbageReviewer(source)
