"""The game contract (lnb.core.game) holds for every registered game, the fourth one too.

Nim (tests/nim_game.py, one file) is registered for these tests only: every check below runs
on the kit's three games and on Nim alike, through the ``GameType`` and nothing else.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import nim_game
import pytest

from lnb.core.game import GameType, get, names, register, unregister
from lnb.core.table import Table
from lnb.core.testing import playthrough

SEEDS = (1, 2, 3)


@pytest.fixture(autouse=True)
def nim() -> Iterator[GameType]:
    """Nim in the registry for each test, out again after it."""
    register(nim_game.GAME)
    yield nim_game.GAME
    unregister(nim_game.NAME)


GAMES = (*names(), nim_game.NAME)


def seat_names(game: GameType, count: int | None = None) -> list[str]:
    """Names for a table of ``game`` (its fewest players, at least two when it seats two)."""
    most = game.seats[1]
    if most == 1:
        return ["solo"]
    return ["Ada", "Bea", "Cy", "Di"][:count or max(2, game.seats[0])]


def random_choice(state: Any, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions())


def test_nim_is_registered_only_while_a_test_wants_it(nim: GameType):
    assert get("nim") is nim and names()[-1] == "nim"
    assert names()[:3] == ("babbage", "museum", "dream")


def test_a_game_without_commands_has_no_group_of_its_own():
    assert _group_commands("nim") == set()
    assert {"simulate", "replay"} <= _group_commands("museum")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_legal_action_round_trips_through_its_text(name: str, seed: int):
    game = get(name)
    checked = []

    def check(state: Any) -> None:
        for action in state.legal_actions():
            text = game.action_text(action)
            assert isinstance(text, str) and text
            assert game.parse_action(text) == action, text
            checked.append(text)

    state = playthrough(lambda: game.new_state(seat_names(game), seed=seed), random_choice,
                        seed, check=check)
    assert state.is_terminal() and checked


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_have_no_why_not(name: str):
    game = get(name)
    state = game.new_state(seat_names(game), seed=4)
    for action in state.legal_actions()[:50]:
        assert game.why_not(state, action) is None, action


@pytest.mark.parametrize("name", GAMES)
def test_a_new_state_seats_the_players_given(name: str):
    game = get(name)
    players = seat_names(game)
    state = game.new_state(players, seed=2)
    assert tuple(state.names) == tuple(players)
    assert not state.is_terminal() and state.current_players()
    assert set(state.returns()) == set(players)


@pytest.mark.parametrize("name", GAMES)
def test_computer_players_play_a_game_to_its_end_at_the_table(name: str):
    game = get(name)
    state = game.new_state(seat_names(game), seed=5)
    weakest = game.bots.names[0]
    bots = {n: game.make_bot(weakest, f"5:{i}") for i, n in enumerate(state.names)}
    table = Table(state, bots, game.table_rules, timed=False)
    table.advance(through_paced=True)
    assert table.state.is_terminal() and table.waiting_for() == ()


@pytest.mark.parametrize("name", GAMES)
def test_a_record_written_replays_to_the_same_final_state(name: str):
    game = get(name)
    state = game.new_state(seat_names(game), seed=6)
    weakest = game.bots.names[0]
    table = Table(state, {n: game.make_bot(weakest, 6) for n in state.names},
                  game.table_rules, timed=False)
    table.advance(through_paced=True)
    records = game.records
    text = records.dumps(records.write(table.state))
    replayed = records.replay(json.loads(text)).state
    assert replayed.is_terminal()
    assert replayed.returns() == table.state.returns()
    assert records.write(replayed) == records.write(table.state)


def nim_record(tmp_path, pile: int = 7) -> Any:
    state = nim_game.new_state(["Ada", "Bea"], seed=1, options={"pile": pile})
    table = Table(state, {"Ada": nim_game.BOTS.make("perfect"),
                          "Bea": nim_game.BOTS.make("random", 2)}, nim_game.RULES)
    table.advance()
    path = tmp_path / "nim.json"
    path.write_text(nim_game.dumps(nim_game.write(table.state)), "utf-8")
    return path, table.state


def test_lnb_replay_replays_a_nim_record(tmp_path, capsys):
    from lnb.cli import main

    path, state = nim_record(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Ada took the last counter and wins" == str(state)
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"finished": True,
                                                   "returns": {"Ada": 1, "Bea": 0}}


def test_lnb_replay_refuses_a_broken_nim_record_in_one_line(tmp_path, capsys):
    from lnb.cli import main

    path, _state = nim_record(tmp_path)
    record = json.loads(path.read_text("utf-8"))
    record["actions"][0] = "Bea: take 1"
    path.write_text(json.dumps(record), "utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == "lnb replay: actions[0] 'Bea: take 1': it is Ada's turn, not Bea's\n"


def test_nim_at_the_hot_seat_table_with_a_computer_player():
    nim = get("nim")
    state = nim.new_state(["Ada", "Bea", "Cy"], options={"pile": 9})
    table = Table(state, {"Bea": nim.make_bot("perfect"), "Cy": nim.make_bot("random", 1)},
                  nim.table_rules)
    assert table.persons == ("Ada",)
    table.advance()
    assert table.waiting_for() == ("Ada",)
    while not table.state.is_terminal():
        take = table.state.legal_actions("Ada")[-1]
        table.act(nim.parse_action(nim.action_text(take)))
        table.advance()
    assert table.waiting_for() == () and sum(table.state.returns().values()) == 1
    assert [a.player for a in table.state.history[:3]] == ["Ada", "Bea", "Cy"]


def test_a_person_cannot_act_for_a_computer_seat():
    from lnb.core.errors import GameError

    nim = get("nim")
    table = Table(nim.new_state(["Ada", "Bea"], options={"pile": 9}),
                  {"Bea": nim.make_bot("random")}, nim.table_rules)
    with pytest.raises(GameError) as info:
        table.act(nim.parse_action("Bea: take 1"))
    assert info.value.reason == "computer-seat"
    error = nim.why_not(table.state, nim_game.Take("Ada", 4))
    assert error is not None and error.reason == "too-many" and error.expected == 3


@pytest.mark.parametrize("name", GAMES)
def test_lnb_replay_replays_every_games_record_as_its_own_group_does(name: str, tmp_path,
                                                                     capsys):
    from lnb.cli import main

    game = get(name)
    state = game.new_state(seat_names(game), seed=7)
    table = Table(state, {n: game.make_bot(game.bots.names[0], 7) for n in state.names},
                  game.table_rules, timed=False)
    table.advance(through_paced=True)
    path = tmp_path / "game.json"
    path.write_text(game.records.dumps(game.records.write(table.state)), "utf-8")
    for args in ([], ["--json"]):
        assert main(["replay", str(path), *args]) == 0
        printed = capsys.readouterr().out
        assert printed.strip()
        if "replay" in _group_commands(name):
            assert main([name, "replay", str(path), *args]) == 0
            assert capsys.readouterr().out == printed


def _group_commands(name: str) -> set[str]:
    """The sub-commands of ``lnb NAME`` (none for a game without a group)."""
    import argparse

    from lnb.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    group = sub.choices.get(name)
    inner = [a for a in group._actions if isinstance(a, argparse._SubParsersAction)] \
        if group is not None else []
    return set(inner[0].choices) if inner else set()


def test_importing_the_command_and_the_catalogs_loads_no_game():
    import subprocess
    import sys

    code = ("import sys, lnb.cli, lnb.core.i18n, lnb.core.game; print(sorted(m for m in "
            "sys.modules if m.split('.')[:2] in (['lnb', 'babbage'], ['lnb', 'museum'], "
            "['lnb', 'dream'])))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_the_catalogs_are_the_games_and_the_cores_in_their_order():
    from lnb.core.i18n import CORE_DOMAINS, DOMAINS

    assert list(DOMAINS) == ["lnb", "widgets", "babbage_widgets", "lessons", "museum",
                             "museum_widgets", "dream", "dream_widgets"]
    for name in names():
        for domain, folders in get(name).domains.items():
            assert DOMAINS[domain] == folders
    assert all(DOMAINS[d] == f for d, f in CORE_DOMAINS.items())
