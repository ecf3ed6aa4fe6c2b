"""``lnb.babbage.refusals.why_not`` agrees with ``State.apply_action`` all through random
games: None for every legal action (and every legal program), and for mutated or illegal
actions the very error ``apply_action`` raises (its class, reason and fields); the state it
is asked about never changes."""

from __future__ import annotations

import json
import random

import pytest
from game_checks import PLAYERS

from lnb.babbage.errors import IllegalOperationError, LnbError
from lnb.babbage.game import (
    Activate,
    Debug,
    Finish,
    Game,
    GameOptions,
    Phase,
    Recompute,
    ResolveRow,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.babbage.game.random_play import finish_written, random_action, random_program
from lnb.babbage.operations import FUNCTION_SYMBOLS, Operation
from lnb.babbage.programs import Program
from lnb.babbage.records import write
from lnb.babbage.refusals import why_not, why_not_row
from lnb.core.errors import GameError
from lnb.core.game import get
from lnb.core.testing import playthrough


def _fingerprint(state) -> tuple:
    """What an apply would change: the record so far, phase, turn, events, what is legal."""
    return (json.dumps(write(state), sort_keys=True, default=str), state.phase,
            state.round, len(state.events), state.turn(), tuple(state.legal_actions()))


def _random_program(rng: random.Random) -> Program:
    """A program of well-written rows, legal or not (levels, racks, functions at random)."""
    rows = []
    for _ in range(rng.randint(0, 7)):
        text = (rng.choice("ABCDE") + rng.choice("1234") + rng.choice(FUNCTION_SYMBOLS)
                + ("Σ" if rng.random() < 0.1 else ""))
        try:
            op = Operation.parse(text)
        except LnbError:
            continue
        rows.append(op)
    program = Program.of(rows)
    if rows and rng.random() < 0.3:  # written Results, right or wrong
        program = Program.parse(", ".join(f"{r} {rng.randint(0, 99):02d}" for r in rows))
    return program


def _mutations(state, rng: random.Random) -> list:
    """Actions of every kind, by players of the game and one who is not, mostly illegal."""
    names = [*state.names, "Zed"]
    types = [*state.edition.influence_types, "Gold"]
    name = rng.choice(names)
    subs = tuple(rng.sample(range(1, 100), rng.randint(0, 3)))
    aims = tuple((rng.randint(1, 99), rng.randint(0, 99)) for _ in range(rng.randint(0, 1)))
    out = [
        Target(name, rng.randint(0, 99)), Activate(name, subs),
        WriteProgram(name, _random_program(rng), aims), Finish(name, rng.random() * 60),
        TimeUp(), ResolveRow(name, rng.choice([None, rng.randint(0, 99)]),
                             rng.choice([None, *types])),
        Debug(name, _random_program(rng)), Recompute(name),
    ]
    for legal in state.legal_actions():  # a legal action of another player, another row
        if legal.player is not None:
            other = rng.choice([n for n in names if n != legal.player])
            out.append(type(legal)(**{**legal.__dict__, "player": other}))
            break
    return out


def _check_agrees(state, action) -> str:
    """why_not(state, action) is what applying it to a copy raises; returns its reason."""
    before = _fingerprint(state)
    said = why_not(state, action)
    assert _fingerprint(state) == before, action  # the state is not changed
    try:
        state.clone().apply_action(action)
    except LnbError as raised:
        assert said is not None, action
        assert type(said) is type(raised)
        assert (said.reason, str(said)) == (raised.reason, str(raised))
        assert {k: repr(v) for k, v in said.fields.items()} == \
            {k: repr(v) for k, v in raised.fields.items()}
        return said.reason
    assert said is None, (action, said)
    return "legal"


def _games(count: int):
    for seed in range(count):
        options = GameOptions(take_that=seed % 3 != 1, mental_arithmetic=seed % 2 == 0)
        yield seed, Game(PLAYERS[: 2 + seed % 3], options, seed=seed)


def test_why_not_agrees_with_apply_action_through_random_games() -> None:
    reasons: dict[str, int] = {}
    phases = set()
    for seed, game in _games(6):
        rng = random.Random(1000 + seed)

        def check(state, rng=rng) -> None:
            if state.is_terminal():
                assert why_not(state, Finish(state.names[0])).reason == "wrong-phase"
                return
            phases.add(state.phase)
            for action in state.legal_actions():
                assert why_not(state, action) is None, action
            if state.phase is Phase.PROGRAM:
                for name in state.current_players():
                    legal = WriteProgram(name, random_program(state, name, rng, mistakes=0.3))
                    assert why_not(state, legal) is None
            tried = _mutations(state, rng)
            kinds = {type(a) for a in state.legal_actions()}
            if state.phase is Phase.PROGRAM:
                kinds.add(WriteProgram)
            fitting = [a for a in tried if type(a) in kinds]  # mostly this phase's kinds
            for action in [*rng.sample(fitting, min(3, len(fitting))), rng.choice(tried)]:
                reason = _check_agrees(state, action)
                reasons[reason] = reasons.get(reason, 0) + 1

        playthrough(game.new_initial_state, random_action, seed, check=check,
                    after=finish_written)
    assert {Phase.TARGET, Phase.PROGRAM, Phase.RESOLUTION} <= phases
    assert {"wrong-phase", "not-targetable", "not-your-turn"} <= set(reasons)
    assert {"already-targets", "finished", "no-such-player", "legal"} <= set(reasons)
    assert len(reasons) >= 12, reasons  # program errors, aims, claims among them


def test_a_program_refusal_is_the_program_error_with_its_row() -> None:
    state = get("babbage").new_state(["Ada", "Bea"], seed=1)
    state.apply_action(Target("Ada", 14))
    state.apply_action(Target("Bea", 12))
    err = why_not(state, WriteProgram("Ada", "A3+ D1+"))
    assert isinstance(err, IllegalOperationError)
    assert (err.reason, err.row) == ("level-not-revealed", 2)
    assert why_not(state, WriteProgram("Ada", "A3+")) is None


@pytest.mark.parametrize(("action", "reason"), [
    (Finish("Ada"), "wrong-phase"),
    (Target("Zed", 14), None),  # an unknown name: the game's own error for it
    ("Ada: target 14", "not-an-action"),
    (TimeUp(), "wrong-phase"),
])
def test_refusals_before_any_move(action, reason) -> None:
    state = get("babbage").new_state(["Ada", "Bea"], seed=1)
    err = why_not(state, action)
    assert isinstance(err, GameError)
    if reason is not None:
        assert err.reason == reason
    with pytest.raises(GameError) as raised:
        state.apply_action(action)
    assert raised.value.reason == err.reason


def test_the_game_type_hook_is_this() -> None:
    babbage = get("babbage")
    state = babbage.new_state(["Ada", "Bea"], seed=1)
    assert babbage.why_not(state, Target("Ada", 14)) is None
    assert babbage.why_not(state, Target("Ada", 99)).reason == "not-targetable"


def test_why_not_row_is_none_exactly_for_the_legal_rows() -> None:
    from lnb.babbage.board import Board
    from lnb.babbage.operations import legal_operations

    board = Board.standard()
    for value in range(0, 100, 7):
        legal = set(legal_operations(value, board))
        for level, rack, comp in board.spaces():
            for function in comp.functions:
                op = Operation(level, rack, function)
                err = why_not_row(op, value, board)
                assert (err is None) == (op in legal), (op, value)
                if err is not None:
                    with pytest.raises(IllegalOperationError) as raised:
                        op.apply(value, board)
                    assert (err.reason, str(err)) == (raised.value.reason, str(raised.value))
