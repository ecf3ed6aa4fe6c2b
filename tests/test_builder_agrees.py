"""The program builder accepts a program exactly when the game's ``WriteProgram`` does.

A Round-2 State where Ada has SIGMA activated (one Σ row) and Bea has not, in normal and in
mental-arithmetic play; for many programs (valid, invalid, with written Results, with Σ, over
the limit, on levels not revealed, leaving 00–99) the builder, set up as the game app sets it
up, and the game give the same answer, typed or clicked.
"""

from __future__ import annotations

import random

import pytest

from lnb.babbage.errors import LnbError
from lnb.babbage.game import (
    Activate,
    Debug,
    Finish,
    Game,
    GameOptions,
    Phase,
    Target,
    WriteProgram,
)
from lnb.babbage.game.state import State
from lnb.babbage.operations import Operation
from lnb.babbage.programs import Program
from widgets.babbage.program_builder import ProgramBuilder

PLAYERS = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")]
# Ada completes Subroutine 23 (SIGMA) in Round 1: 55 − 20 = 35, − 10 = 25, − 2 = 23.
ADA_ROUND_1 = {False: "B2- B3- A2-", True: "B2- 35, B3- 25, A2- 23"}

FIXED = [
    "", "A3+", "A3+ A4/", "B2- B3- A2-", "B4s", "A1+ A1+ A1+ A1+ A1+",
    "A3+ 60", "A3+ 61", "B1+ 05", "A3+ 60, A4/ 30", "A3+ 60 A4/", "B4s 55", "A4/ 27",
    "B2+Σ", "B2+Σ 95", "B2+Σ A1+", "B2+Σ A1+Σ", "B2+Σ 95, A1+Σ 97", "A1+!", "A1+ 56 !",
    "A1+ A1+ A1+ A1+ A1+ A1+", "A1+ 56 A1+ 57 A1+ 58 A1+ 59 A1+ 60 A1+ 61",
    "D1+", "D1+ 50", "E2x", "A3+ 60 D1+ 61",
    "B1+", "B1+ B1+", "A4x A4x", "B1- B1-", "B1+ 99",
    "A1x", "B4+", "A1x 56", "Q9+", "A9+", "A3+ 120", "60", "A3+ 6O",
]


def program_phase(mental: bool, seed: int = 3) -> State:
    """Round 2's Program phase: Ada has SIGMA activated, Bea activated nothing."""
    game = Game(PLAYERS, GameOptions(mental_arithmetic=mental), seed=seed)
    state = game.new_initial_state()
    state.apply_action(Target("Ada", 23))
    state.apply_action(Target("Bea", 37))
    state.apply_action(WriteProgram("Ada", ADA_ROUND_1[mental]))
    state.apply_action(Finish("Ada"))
    state.apply_action(Finish("Bea"))
    while state.phase is Phase.RESOLUTION:
        state.apply_action(state.legal_actions()[0])
    assert state.round == 2 and state.phase is Phase.TARGET, state.phase
    assert 23 in state.player("Ada").completed_subroutines
    state.apply_action(Target("Ada", 49))
    state.apply_action(Target("Bea", 12))
    while state.phase is Phase.ACTIVATE:
        name = state.current_players()[0]
        state.apply_action(Activate(name, (23,) if name == "Ada" else ()))
    assert state.phase is Phase.PROGRAM
    assert (state.sigma_rows("Ada"), state.sigma_rows("Bea")) == (1, 0)
    return state


def builder_for(state: State, name: str) -> ProgramBuilder:
    """The builder as the game app sets it up for ``name``'s turn."""
    builder = ProgramBuilder()
    builder.reset(board=state.board, start=state.start_value(name),
                  limit=state.program_limit(name), sigma=state.sigma_rows(name) > 0)
    builder.mental = state.options.mental_arithmetic
    builder.refresh()
    return builder


def game_accepts(state: State, name: str, text: str) -> bool:
    try:
        state.apply_action(WriteProgram(name, text))
    except LnbError:
        return False
    return True


def builder_accepts(builder: ProgramBuilder, text: str) -> bool:
    builder.clear()
    try:
        builder.type_rows(text)
    except LnbError:
        assert len(builder.program) == 0  # a refused program changes nothing
        return False
    assert builder.program == (Program.parse(text) if text.strip() else Program())
    return True


def random_texts(state: State, count: int, seed: int) -> list[str]:
    """Programs of 0–7 rows on any space A–E (revealed or not), some Σ, some with Results."""
    rng = random.Random(seed)
    spaces = [(lv, r, comp) for lv, r, comp in state.board.spaces()]
    hidden = ["D1+", "D3x", "E1-", "E4s"]
    texts = []
    for _ in range(count):
        rows = []
        written = rng.random() < 0.5
        for _ in range(rng.choice([1, 1, 2, 3, 4, 5, 5, 6, 7])):
            if rng.random() < 0.1:
                word = rng.choice(hidden)
            else:
                level, rack, comp = rng.choice(spaces)
                word = str(Operation(level, rack, rng.choice(comp.functions)))
            if rng.random() < 0.15:
                word += "Σ"
            if written or rng.random() < 0.05:
                word += f" {rng.randrange(100):02d}"
            rows.append(word)
        texts.append(" ".join(rows))
    return texts


@pytest.fixture(scope="module", params=[False, True], ids=["normal", "mental"])
def state(request: pytest.FixtureRequest) -> State:
    return program_phase(request.param)


@pytest.mark.parametrize("name", ["Ada", "Bea"])
def test_typed_programs_are_accepted_exactly_when_the_game_accepts_them(
        state: State, name: str) -> None:
    builder = builder_for(state, name)
    texts = FIXED + random_texts(state, 150, seed={"Ada": 1, "Bea": 2}[name])
    verdicts = {text: (game_accepts(state, name, text), builder_accepts(builder, text))
                for text in texts}
    disagree = {text: v for text, v in verdicts.items() if v[0] != v[1]}
    assert not disagree, disagree
    accepted = sum(game for game, _ in verdicts.values())
    assert 10 < accepted < len(texts) - 10  # both kinds were tried


def test_a_written_wrong_result_is_accepted_in_mental_play_only() -> None:
    for mental in (False, True):
        state = program_phase(mental)
        builder = builder_for(state, "Bea")
        assert game_accepts(state, "Bea", "B1+ 05") is mental
        assert builder_accepts(builder, "B1+ 05") is mental


@pytest.mark.parametrize("name", ["Ada", "Bea"])
def test_board_buttons_are_enabled_exactly_for_the_rows_the_game_accepts(
        state: State, name: str) -> None:
    builder = builder_for(state, name)
    mental = state.options.mental_arithmetic
    for prefix in ["", "A3+ 60" if mental else "A3+", "B2+Σ 95" if mental else "B2+Σ"]:
        if not game_accepts(state, name, prefix):
            continue  # Bea has no Σ row
        for sigma in (False, True):
            builder.clear()
            builder.type_rows(prefix)
            if sigma:
                if builder.sigma_toggle.disabled:
                    continue
                builder.sigma_toggle.value = True
            for level, rack, comp in state.board.spaces():
                for function in comp.functions:
                    op = Operation(level, rack, function, sigma)
                    row = f"{op} 50" if mental else str(op)
                    game = game_accepts(state, name, f"{prefix} {row}".strip())
                    button = builder.board_view.button(op)
                    assert button.disabled is not game, (prefix, str(op), button.tooltip)


@pytest.mark.parametrize("name", ["Ada", "Bea"])
def test_clicked_programs_agree_with_the_game(state: State, name: str) -> None:
    builder = builder_for(state, name)
    mental = state.options.mental_arithmetic
    for text in random_texts(state, 60, seed=5):
        program = Program.parse(text)
        if mental:  # a clicked row always gets a Result; a normal one never has one
            program = Program(tuple(type(r)(r.operation, 50 if r.written is None else r.written)
                                    for r in program.rows))
        else:
            program = Program.of(program.operations)
        builder.clear()
        clicked = True
        for row in program.rows:
            if builder.sigma_toggle.value != row.operation.sigma:
                if builder.sigma_toggle.disabled:
                    clicked = False
                    break
                builder.sigma_toggle.value = row.operation.sigma
            try:
                builder.choose(row.operation)
                if mental:
                    builder.write_result(f"{row.written:02d}")
            except LnbError:
                clicked = False
                break
        assert clicked is game_accepts(state, name, str(program)), str(program)
        if clicked:
            assert builder.program == program


def test_the_debug_rewrite_builder_accepts_exactly_what_debug_accepts() -> None:
    game = Game(PLAYERS, GameOptions(mental_arithmetic=True), seed=3)
    state = game.new_initial_state()
    state.apply_action(Target("Ada", 23))
    state.apply_action(Target("Bea", 37))
    state.apply_action(WriteProgram("Ada", "A3+ 60, A3+ 66, A1+ 67"))  # row 2 is wrong
    state.apply_action(Finish("Ada"))
    state.apply_action(Finish("Bea"))
    while state.phase is Phase.RESOLUTION:
        state.apply_action(state.legal_actions()[0])
    assert state.phase is Phase.DEBUG and state.debug_from() == ("Ada", 2, 60)
    rules = state.writing_rules("Ada")  # as the game app sets up its rewrite builder
    builder = ProgramBuilder(mental=True)
    builder.reset(board=rules.board, start=rules.start, limit=rules.rows_left(Program()),
                  sigma=rules.sigma_left(Program()))
    texts = FIXED + random_texts(state, 80, seed=9)
    for text in texts:
        trial = state.clone()
        try:
            trial.apply_action(Debug("Ada", text))
            accepted = True
        except LnbError:
            accepted = False
        assert builder_accepts(builder, text) is accepted, text
