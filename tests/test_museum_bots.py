"""The museum's computer players, the solo table, ``lnb museum simulate`` and the daily
challenge."""

from __future__ import annotations

import datetime
import json

import pytest

from lnb.cli import main
from lnb.core.errors import BadInputError
from lnb.museum.bots import REGISTRY, make_bot
from lnb.museum.daily import _par, daily_seed, par
from lnb.museum.records import write
from lnb.museum.simulate import simulate
from lnb.museum.state import Game
from lnb.museum.table import museum_table


@pytest.mark.parametrize("kind", ["greedy", "planner"])
def test_a_bot_plays_a_whole_game_with_legal_actions(kind: str) -> None:
    state = Game(seed=21).new_initial_state()
    bot = make_bot(kind)
    steps = 0
    while not state.is_terminal():
        action = bot.choose_action(state, "solo")
        assert action in state.legal_actions()
        state.apply_action(action)
        steps += 1
    assert state.score().total > 0 and steps > 20


def test_bots_are_deterministic_and_registered() -> None:
    assert REGISTRY.names == ("greedy", "planner")
    assert REGISTRY.kind("planner").strength > REGISTRY.kind("greedy").strength
    with pytest.raises(BadInputError):
        make_bot("clever")
    first, second = (simulate(2, "planner", seed=3) for _ in range(2))
    assert first.scores == second.scores


def test_the_planner_beats_the_greedy_player_on_average() -> None:
    greedy, planner = simulate(6, "greedy", seed=40), simulate(6, "planner", seed=40)
    assert sum(planner.scores) > sum(greedy.scores)


def test_a_solo_table_plays_a_computer_to_the_end_and_waits_for_a_person() -> None:
    table = museum_table(Game(seed=2).new_initial_state(), make_bot("greedy"))
    table.advance()
    assert table.state.is_terminal()
    person = museum_table(Game(seed=2).new_initial_state())
    person.advance()
    assert person.waiting_for() == ("solo",)
    person.act(person.state.legal_actions()[0])
    assert len(person.state.history) == 1


def test_simulate_prints_the_distribution_and_the_verdict_shares(capsys) -> None:
    assert main(["museum", "simulate", "--games", "3", "--bot", "greedy", "--seed", "5",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 games, greedy, seeds 5–7\nscore: median ")
    assert "verdicts:" in out and "75+" in out and "Master Criminal" in out
    assert main(["museum", "simulate", "--games", "2", "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and len(data["scores"]) == 2
    assert abs(sum(data["verdicts"].values()) - 1) < 1e-9
    assert main(["museum", "simulate", "--bot", "clever"]) == 2
    assert "clever" in capsys.readouterr().err


def test_simulate_speaks_chinese(capsys) -> None:
    assert main(["--lang", "zh-CN", "museum", "simulate", "--games", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 局，planner，种子 1–1") and "结局：" in out


def test_the_daily_challenge_is_one_seed_a_day_and_its_par_is_cached() -> None:
    day = datetime.date(2026, 3, 14)
    assert daily_seed(day) == daily_seed("2026-03-14") != daily_seed("2026-03-15")
    with pytest.raises(BadInputError):
        daily_seed("tomorrow")
    first = par(day)
    hits = _par.cache_info().hits
    assert par("2026-03-14") == first and _par.cache_info().hits == hits + 1


def test_replay_and_map_commands(tmp_path, capsys) -> None:
    state = Game(seed=8).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    path = tmp_path / "g.json"
    path.write_text(json.dumps(write(state)), "utf-8")
    assert main(["museum", "replay", str(path)]) == 0
    assert "score 0: evidence 0, rooms 0, bonuses 0" in capsys.readouterr().out
    assert main(["museum", "map"]) == 0
    assert "Newton Theatre: 9 points" in capsys.readouterr().out
