"""Ada's Dream, whole games: seeded random playthroughs checking the invariants at every step,
records that replay, text forms that parse back, bots that play legal moves, and simulate."""

from __future__ import annotations

import json
import random

import pytest

from lnb.cli import main
from lnb.core.errors import RecordError
from lnb.core.testing import mutated, playthrough, refuses_cleanly
from lnb.dream.actions import action_sort_key, parse_action
from lnb.dream.bots import REGISTRY, make_bot
from lnb.dream.mill import CELLS
from lnb.dream.records import replay, write
from lnb.dream.simulate import simulate
from lnb.dream.state import Game, State
from lnb.dream.table import dream_table

NAMES = ("Ada", "Bea", "Cy", "Dot")


def random_choice(state: State, rng: random.Random):
    return rng.choice(state.legal_actions())


def check_invariants(state: State) -> None:
    ed = state.edition
    assert len(state.workshop) == ed.workshop_spaces
    for p in state.players.values():
        assert len(p.supply()) == 8, p.name  # deck, hand and discard: always eight
        assert 0 <= p.innovation <= 6
        assert p.discs + len(p.places) == ed.discs  # discs are conserved
        assert len(p.gears) <= ed.discs - p.discs
        assert all(0 <= v <= 10 for v in p.research.values())
        assert min(p.money, p.coal, p.brass, p.books) >= 0
        assert len(p.mill) <= 9 and set(p.mill) <= set(CELLS)
    for kind, row in state.displays.items():
        assert len(row) == ed.display_spaces
        shown = [x for x in row if x]
        assert len(shown) == len(set(shown))
        assert not set(shown) & set(state.gone[kind])
    if not state.over:
        assert state.legal_actions(), "somebody must always have something to do"
        actions = state.legal_actions()
        assert actions == sorted(actions, key=action_sort_key)


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_invariants_and_end_as_the_rules_say(seed: int) -> None:
    players = list(NAMES[: 2 + seed % 3])
    state = playthrough(lambda: Game(players, seed=seed).new_initial_state(), random_choice,
                        seed=seed, check=check_invariants)
    turns = {p.turns for p in state.players.values()}
    assert len(turns) == 1  # everyone has had the same number of turns
    assert any(len(p.mill) == 9 for p in state.players.values())
    assert len(state.returns()) == len(players)


@pytest.mark.parametrize("seed", range(4))
def test_a_record_replays_to_the_same_game_and_every_action_reads_back(seed: int) -> None:
    state = playthrough(lambda: Game(["Ada", "Bea", "Cy"], seed=seed).new_initial_state(),
                        random_choice, seed=seed)
    record = json.loads(json.dumps(write(state)))
    again = replay(record).state
    assert again.history == state.history and again.returns() == state.returns()
    assert again.is_terminal() and record["finished"]
    assert all(parse_action(str(a)) == a for a in state.history)


def test_an_unfinished_record_replays_to_where_it_stopped() -> None:
    state = Game(["Ada", "Bea"], seed=9).new_initial_state()
    rng = random.Random(9)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    again = replay(write(state)).state
    assert again.step == state.step and again.current_player == state.current_player
    assert again.legal_actions() == state.legal_actions()


def test_a_broken_record_is_refused_with_its_entry() -> None:
    state = Game(["Ada", "Bea"], seed=2).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    record = write(state)
    err = refuses_cleanly(replay, {**record, "actions": ["Ada: collect 1", "Ada: fly"]})
    assert isinstance(err, RecordError) and err.entry == "actions[1]"
    assert refuses_cleanly(replay, {**record, "format": "lnb-game/1"}).entry == "format"
    assert refuses_cleanly(replay, {**record, "edition": "../x"}).entry == "edition"
    rng = random.Random(0)
    for i in range(60):  # whatever is changed, the record is read or refused cleanly
        refuses_cleanly(replay, mutated(record, rng.randrange(100),
                                        rng.choice([None, 7, "x", [], {}]), delete=i % 2 == 0))


@pytest.mark.parametrize("kind", REGISTRY.names)
def test_each_computer_player_answers_a_legal_action_and_leaves_the_state_alone(
        kind: str) -> None:
    state = Game(["Ada", "Bea", "Cy"], seed=5).new_initial_state()
    rng = random.Random(5)
    bot = make_bot(f"{kind}:research", 3)
    for _ in range(12 if kind == "planner" else 40):  # a planner thinks longer
        name = state.current_player
        before = write(state)
        action = bot.choose_action(state, name)
        assert action in state.legal_actions(name) and write(state) == before
        state.apply_action(action if rng.random() < 0.5 else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_computer_players_play_a_whole_game_at_the_table(kind: str) -> None:
    game = Game(["Ada", "Bea"], seed=11)
    bots = {"Ada": make_bot(kind, 1), "Bea": make_bot("random", 2)}
    table = dream_table(game.new_initial_state(), bots)
    table.advance()
    assert table.state.is_terminal()
    assert replay(write(table.state)).state.returns() == table.state.returns()
    if kind == "greedy":  # a greedy player beats a random one
        assert table.state.returns()["Ada"] > table.state.returns()["Bea"]


def test_a_person_at_the_table_is_waited_for() -> None:
    table = dream_table(Game(["Ada", "Bea"], seed=3).new_initial_state(),
                        {"Bea": make_bot("greedy", 1)})
    table.advance()
    assert table.waiting_for() == ("Ada",)
    table.act(table.state.legal_actions()[0])
    table.advance()
    assert table.waiting_for() == ("Ada",)


def test_simulate_counts_wins_by_player_and_by_seat() -> None:
    summary = simulate(4, ["random", "random:mill", "random"], seed=3)
    assert sum(r.wins for r in summary.rows) == pytest.approx(4)
    assert sum(r.wins for r in summary.seats) == pytest.approx(4)
    assert [r.name for r in summary.rows] == ["random#1", "random/mill", "random#2"]
    assert [r.games for r in summary.rows] == [4, 4, 4]
    assert simulate(4, ["random", "random:mill", "random"], seed=3).to_dict() == \
        summary.to_dict()


def test_lnb_dream_commands(tmp_path, capsys) -> None:
    state = playthrough(lambda: Game(["Ada", "Bea"], seed=1).new_initial_state(),
                        random_choice, seed=1)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(write(state)))
    assert main(["dream", "replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] and {s["player"]: s["total"] for s in out["scores"]} == \
        state.returns()
    assert main(["dream", "replay", str(path)]) == 0
    assert "Total:" in capsys.readouterr().out
    path.write_text("{}")
    assert main(["dream", "replay", str(path)]) == 2
    assert capsys.readouterr().err.startswith("lnb dream: format:")
    assert main(["dream", "simulate", "--games", "1", "--players", "random,nobody"]) == 2
    assert main(["dream", "cards"]) == 0
    assert "Queen Victoria" in capsys.readouterr().out


def test_every_legal_action_has_words_in_both_languages() -> None:
    from lnb.core.i18n import use_language
    from lnb.dream.describe import describe

    seen: set[str] = set()

    def words(state: State) -> None:
        for action in state.legal_actions():
            seen.add(action.verb)
            english = str(describe(action, state.edition))
            with use_language("zh-CN"):
                chinese = str(describe(action, state.edition))
            assert english and chinese and chinese != english, action

    playthrough(lambda: Game(["Ada", "Bea"], seed=6).new_initial_state(), random_choice,
                seed=6, check=words)
    assert {"collect", "place", "pass"} <= seen
