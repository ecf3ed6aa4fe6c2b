"""RULES.md §5: majorities and their ties, Failed Experiments, Subroutines 2/2/4/8, engine,
Debugs, tie-breakers, handicap; the score sheet explains every point."""

from __future__ import annotations

from game_kit import make_record, player_json

from lnb.babbage.edition import Edition
from lnb.babbage.game.scoring import Tally, score, split_places, subroutine_points
from lnb.babbage.records import replay

ED = Edition.load()
NO_ENGINE = {"C": 0, "D": 0, "E": 0}


def tally(name, influence=None, fe=0, subs=0, engine_rows=None, engine=0, debugs=0):
    return Tally(name, influence or {}, fe, subs, engine_rows or dict(NO_ENGINE), engine, debugs)


def points(sheet, kind):
    return dict(next(m for m in sheet.majorities if m.type == kind).points)


def test_most_scores_9_second_4():
    sheet = score([tally("A", {"Art": 3}), tally("B", {"Art": 2}), tally("C", {"Art": 1})],
                  ["A", "B", "C"], ED)
    assert points(sheet, "Art") == {"A": 9, "B": 4, "C": 0}


def test_two_tied_first_share_13_rounded_down():
    sheet = score([tally("A", {"Art": 2}), tally("B", {"Art": 2}), tally("C", {"Art": 1})],
                  ["A", "B", "C"], ED)
    assert points(sheet, "Art") == {"A": 6, "B": 6, "C": 0}


def test_three_tied_first_and_three_tied_second():
    first = score([tally(n, {"Art": 1}) for n in "ABC"], list("ABC"), ED)
    assert points(first, "Art") == {"A": 4, "B": 4, "C": 4}
    second = score([tally("A", {"Art": 3}), *(tally(n, {"Art": 1}) for n in "BCD")],
                   list("ABCD"), ED)
    assert points(second, "Art") == {"A": 9, "B": 1, "C": 1, "D": 1}


def test_a_player_needs_one_mark_to_place():
    sheet = score([tally("A", {"Art": 1}), tally("B")], ["A", "B"], ED)
    assert points(sheet, "Art") == {"A": 9, "B": 0}
    assert points(sheet, "Science") == {"A": 0, "B": 0}


def test_split_places_covers_the_places_of_the_group():
    assert split_places([["A"], ["B", "C"]], [9, 4]) == {"A": 9, "B": 2, "C": 2}


def test_subroutines_score_2_2_4_8():
    assert [subroutine_points(n, ED.subroutine_points) for n in range(5)] == [0, 2, 4, 8, 16]


def test_total_is_the_sum_of_its_parts_and_debugs_are_negative():
    t = tally("A", {"Art": 1, "Science": 2}, fe=2, subs=3, engine_rows={"C": 1, "D": 1, "E": 0},
              engine=3, debugs=2)
    p = score([t, tally("B", {"Science": 1})], ["A", "B"], ED).player("A")
    assert p.parts == {"influence": 18, "failed_experiments": 2, "subroutines": 8, "engine": 3,
                       "debugs": -6}
    assert p.total == sum(p.parts.values()) == 25


def test_tie_broken_by_subroutines_plus_engine_rows():
    a = tally("A", {"Art": 1}, subs=1)                                     # 9 + 2 = 11
    b = tally("B", {"Science": 1}, engine_rows={"C": 2, "D": 0, "E": 0}, engine=2)  # 9 + 2
    sheet = score([a, b], ["A", "B"], ED)
    assert sheet.player("A").total == sheet.player("B").total == 11
    assert sheet.winners == ("B",)  # 2 engine rows beat 1 Subroutine (counts, not points)


def test_tie_then_fewest_failed_experiments_then_last_rounds_order():
    a = tally("A", {"Art": 1}, fe=1, subs=0)
    b = tally("B", {"Science": 1}, fe=1)
    c = tally("C", {"Politics": 1}, fe=0, engine=1)
    sheet = score([a, b, c], ["B", "A", "C"], ED)
    assert [p.total for p in sheet.players] == [10, 10, 10]
    assert sheet.ranking == ("C", "B", "A")


def test_score_sheet_explains_each_part():
    sheet = score([tally("A", {"Art": 2}, debugs=1), tally("B", {"Art": 2})], ["A", "B"], ED)
    text = sheet.text()
    assert ("Art: A (2 Influence), B (2 Influence) tie for 1st–2nd: 9 + 4 = 13; 13 ÷ 2 = 6 r 1, "
            "so 6 points each") in text
    assert "Debugs -3: 1 × −3" in text


def test_handicap_marks_count_as_influence():
    record = make_record(2, options={"handicap": {"Bea": ["Art", "Art"]}})
    result = replay(record)
    assert player_json(result, "Bea")["influence"] == {"Art": 2}
    assert player_json(result, "Bea")["score"]["influence"] == 9
    assert result.to_dict()["winners"] == ["Bea"]


def test_the_tie_break_line_is_in_a_pupils_words():
    a = tally("A", {"Art": 1}, subs=1)
    b = tally("B", {"Science": 1}, engine_rows={"C": 2, "D": 0, "E": 0}, engine=2)
    sheet = score([a, b], ["A", "B"], ED)
    line = sheet.player("B").lines[-1]
    assert line == ("Level with A on 11 points, so the tie is broken: the one with more "
                    "Subroutines and engine rows together goes ahead (B 2, A 1). B comes 1st.")
    assert "broken by:" not in sheet.text() and "+ engine rows 2" not in sheet.text()
    # Level on the first rule: the next one is said, with the numbers of those still level.
    c = tally("C", {"Politics": 1}, fe=0, engine=3)  # 9 + 3 = 12
    d = tally("D", {"Commerce": 1}, fe=2, engine=1)  # 9 + 2 + 1 = 12
    line = score([c, d], ["D", "C"], ED).player("D").lines[-1]
    assert "(C 0, D 0); still level, so the one with fewer Failed Experiments goes ahead " \
           "(C 0, D 2). D comes 2nd." in line


def test_the_score_sheet_view_marks_the_tie_break_line():
    from widgets.babbage.scoreboard import ScoreSheetView

    sheet = score([tally("A", {"Art": 1}, subs=1),
                   tally("B", {"Science": 1}, engine_rows={"C": 2, "D": 0, "E": 0}, engine=2)],
                  ["A", "B"], ED)
    assert "<li class='lnb-tie'>Level with A on 11 points" in ScoreSheetView(sheet).details.value
