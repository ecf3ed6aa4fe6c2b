"""Issue 31 item 3, the Mill at the heart: the simulate report's measures, the bots' reasons
for their placements (both languages), and the invariants of the edition ``classroom-2``."""

from __future__ import annotations

import json

import pytest

from lnb.core.i18n import use_language
from lnb.dream.actions import Place
from lnb.dream.bots import make_bot
from lnb.dream.decisions import count_decisions, touches_mill
from lnb.dream.dice import Die
from lnb.dream.edition import Colour, Edition
from lnb.dream.mill import count_ways
from lnb.dream.reasons import place_reason
from lnb.dream.simulate import play_game, simulate
from lnb.dream.state import Game


def test_the_report_counts_decisions_touching_the_mill_and_the_winners_parts() -> None:
    summary = simulate(4, ["greedy", "greedy:mill"], seed=2)
    data = summary.to_dict()
    shares = data["winners_share_by_part"]
    assert set(shares) == {"prestige", "partners", "programs", "assignments",
                           "institutions", "gears", "innovation"}
    assert sum(shares.values()) == pytest.approx(1, abs=0.01)
    for row in data["by_player"]:
        assert row["mean_decisions"] > 20 and 0 < row["mill_share"] < 1
    assert "mill %" in summary.table()


def test_every_placement_and_program_is_a_mill_decision_and_forced_moves_none() -> None:
    state, _seated = play_game(["greedy", "random"], seed=4)
    counts = count_decisions(state)
    places = sum(1 for a in state.history if a.verb in ("place", "program"))
    assert sum(c.mill for c in counts.values()) >= places - 2  # a forced one is no decision
    assert sum(c.decisions for c in counts.values()) < len(state.history)


def _set_up() -> tuple:
    state = Game(["Ada", "Bea"], edition="classroom", seed=2).new_initial_state()
    p = state.players["Ada"]
    p.store[0] = Die(Colour.BLUE, 6)
    p.mill.update({"A1": Die(Colour.RED, 2), "A2": Die(Colour.RED, 3), "B3": Die(Colour.RED, 1)})
    p.programs["A"] = "p05"  # a × b = c
    p.programs["3"] = "p01"  # a + b = c
    return state, p


def test_a_placement_reason_names_each_program_line_through_the_cell_in_both_languages() -> None:
    state, _p = _set_up()
    action = Place("Ada", 1, "A3")
    assert touches_mill(state, action)
    with use_language("en"):
        text = str(place_reason(state, action))
    assert text.startswith("the blue 6 in A3: ")
    assert "row A 2 × 3 = 6 is true, 6 Prestige" in text
    assert "column 3 6 + 1 = □ can no longer come true" in text
    with use_language("zh-CN"):
        zh = str(place_reason(state, action))
    assert "成立" in zh and "不可能再成立了" in zh and "A3" in zh and "the blue" not in zh


def test_a_placement_off_every_program_says_it_keeps_the_cells_free() -> None:
    state, _p = _set_up()
    with use_language("en"):
        assert str(place_reason(state, Place("Ada", 1, "C1"))) == (
            "the blue 6 in C1: no Program on row C or column 1 yet, so it keeps the other "
            "cells free")


@pytest.mark.parametrize("kind", ["random", "greedy", "planner"])
def test_a_bot_says_why_it_placed_its_die_and_nothing_for_other_choices(kind: str) -> None:
    state = Game(["Ada", "Bea"], edition="classroom-3", seed=6).new_initial_state()
    bot = make_bot(kind, 1)
    seen = {"place": 0, "other": 0, "mill turn": 0}
    while not state.is_terminal() and min(seen.values()) < 2 and len(state.history) < 400:
        name = state.current_player
        step = state.pending[0]
        action = bot.choose_action(state, name)
        if isinstance(action, Place):
            assert bot.reason is not None and str(bot.reason).startswith("the ")
            assert action.cell in str(bot.reason)
            seen["place"] += 1
        elif step[0] == "mill_turn" and step[1] in state.players[name].mill:
            assert bot.reason is not None and str(bot.reason).startswith("the ")
            assert step[1] in str(bot.reason)  # the die turned or kept as it went in
            seen["mill turn"] += 1
        else:
            assert bot.reason is None
            seen["other"] += 1
        state.apply_action(action)
    assert min(seen.values()) >= 2


def test_classroom_2_puts_the_mill_first_and_keeps_the_old_edition() -> None:
    old, new = Edition.load("classroom"), Edition.load("classroom-2")
    assert (old.name, new.name) == ("classroom", "classroom-2")
    assert len(new.programs) > len(old.programs)
    old_worth = {c.id: c.prestige for c in old.programs}
    assert all(c.prestige > old_worth[c.id] for c in new.programs if c.id in old_worth)
    # the harder an equation is to roll, the more it is worth (a die's chance, not taste)
    numeric = [c for c in new.programs if c.rule.value not in ("one_colour", "three_colours")]
    for a in numeric:
        for b in numeric:
            if count_ways(a)[0] < count_ways(b)[0] / 2:
                assert a.prestige >= b.prestige, (a, b)
    assert min(new.scoring_tokens) > max(old.scoring_tokens)
    assert dict(new.innovation_scores)[4] > 0 and max(dict(new.innovation_scores).values()) \
        > max(dict(old.innovation_scores).values())
    lowering = [p for p in new.starting if p.cost == "lower"]
    assert len(lowering) > len([p for p in old.starting if p.cost == "lower"])
    assert all(t.spaces == 8 for t in new.tracks)


def test_a_classroom_2_game_is_played_and_recorded_under_its_name() -> None:
    from lnb.dream.records import replay, write

    state, _seated = play_game(["greedy", "greedy"], seed=5, edition="classroom-2")
    assert state.is_terminal() and state.edition.name == "classroom-2"
    record = write(state, {n: "greedy" for n in state.names})
    assert record["edition"] == "classroom-2"
    again = replay(json.loads(json.dumps(record))).state
    assert again.returns() == state.returns()


def test_in_classroom_2_programs_score_most_and_more_decisions_touch_the_mill() -> None:
    """Seeded runs (the same figures every time): 16 greedy games of each edition."""
    old = simulate(16, ["greedy", "greedy"], seed=31, edition="classroom")
    new = simulate(16, ["greedy", "greedy"], seed=31, edition="classroom-2")
    shares = new.winner_shares()
    assert max(shares, key=shares.__getitem__) == "programs"
    assert shares["programs"] > 2 * old.winner_shares()["programs"]
    assert shares["assignments"] > old.winner_shares()["assignments"]
    assert shares["innovation"] > old.winner_shares()["innovation"]

    def mill(summary) -> float:
        return sum(r.decisions.mill for r in summary.rows) / sum(
            r.decisions.decisions for r in summary.rows)

    assert mill(new) > mill(old) + 0.05
