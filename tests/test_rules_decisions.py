"""RULES.md §4–§5, the decisions marked D that the game had to learn, each with a record:
two Debugs in one Round, never claiming from the same Patron twice, BOTH/CHOICE refused at
one's own reserved Patron, levels with at most two Set To tokens; and the one source of a
row's choices (``State.row_choices``) that legal actions and replay share."""

from __future__ import annotations

import pytest
from game_kit import LEVELS, PLAYERS, QUIET_TARGETS, claims_of, make_record, player_json

from lnb.babbage.components import Component
from lnb.babbage.edition import Edition, Effect
from lnb.babbage.errors import GameError, RecordError
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
    WriteProgram,
)
from lnb.babbage.game.chance import ScriptedChance
from lnb.babbage.game.resolution import EffectUse, PatronSlot, row_options
from lnb.babbage.records import dumps, load, replay, write
from lnb.cli import main

MENTAL = {"mental_arithmetic": True}
R1 = [29, 40, 46, 95, 98]  # 29: Elizabeth Barrett Browning (Art, Politics)
WRONG = "A3+ 60, A4/ 31, A2- 29"  # row 2 is wrong: 60 ÷ 2 is 30
FIRST = "A4/ 30, A1- 28"  # the rewrite from row 2; its row 3 is wrong again (30 − 1 = 29)
SECOND = "A1- 29"  # the rewrite from row 3


def scripted(players, patrons, reserves=None):
    """A live game whose draws are given: Patrons by Round, RESERVE draws, game_kit's levels."""
    levels = {n: tuple(Component.parse_token(t) for t in tokens) for n, tokens in LEVELS.items()}
    chance = ScriptedChance(None, levels, patrons, reserves or {})
    return Game(PLAYERS[:players], seed=1).new_initial_state(chance)


def play_round(state, plays):
    """One Round up to its resolution: targets, activations, programs, finishes (in the
    ``finished`` order given, else seat order); ``plays`` maps names to what they do."""
    def get(name, key, default):
        return plays.get(name, {}).get(key, default)

    for name in state.names:
        state.apply_action(Target(name, get(name, "target", QUIET_TARGETS[name])))
    while state.phase is Phase.ACTIVATE:
        name = state.current_players()[0]
        activate = get(name, "activate", ())
        subs = tuple(a["id"] if isinstance(a, dict) else a for a in activate)
        state.apply_action(Activate(name, subs))
    for name in state.names:
        state.apply_action(WriteProgram(name, get(name, "program", "")))
    seats = list(state.names)
    for name in sorted(seats, key=lambda n: get(n, "finished", seats.index(n) + 1)):
        state.apply_action(Finish(name))


def resolve_round(state):
    """Resolve every row of the Round with the default choices."""
    number = state.round
    while state.round == number and not state.is_terminal():
        state.apply_action(ResolveRow(state.turn()[0]))


def mental(plays, more=None):
    return make_record(2, {1: {"patrons": R1, "plays": plays}, **(more or {})}, options=MENTAL)


def rows_of(result, name="Ada", round_no=1):
    return [e for e in result.to_dict()["events"]
            if e["player"] == name and e["round"] == round_no]


# -- §4.5 D: both Debugs of a game may fall in one Round -------------------------------------


def test_a_wrong_result_inside_a_rewrite_may_be_debugged_again():
    result = replay(mental({"Ada": {"program": WRONG, "debug": [FIRST, SECOND]}}))
    assert [(r["operation"], r["result"], r.get("debugged", False)) for r in rows_of(result)] == [
        ("A3+", 60, False), ("A4/", 30, True), ("A1-", 29, True)]
    assert claims_of(result, 1, "Ada")[0]["patron"] == 29
    ada = player_json(result, "Ada")
    assert (ada["debugs"], ada["score"]["debugs"]) == (2, -6)


def test_the_writer_gives_a_list_for_two_rewrites_and_text_for_one():
    two = replay(mental({"Ada": {"program": WRONG, "debug": [FIRST, SECOND]}}))
    assert write(two.state)["rounds"][0]["plays"]["Ada"]["debug"] == [FIRST, SECOND]
    one = replay(mental({"Ada": {"program": WRONG, "debug": "A4/ 30, A1- 29"}}))
    assert write(one.state)["rounds"][0]["plays"]["Ada"]["debug"] == "A4/ 30, A1- 29"
    again = replay(load(dumps(write(two.state))))
    assert again.to_dict() == two.to_dict()


def test_without_a_second_rewrite_the_rewrite_is_recomputed():
    result = replay(mental({"Ada": {"program": WRONG, "debug": FIRST}}))
    assert [(r["written"], r["result"]) for r in rows_of(result)] == [(60, 60), (30, 30), (28, 29)]
    assert player_json(result, "Ada")["debugs"] == 1


def test_the_second_debug_is_offered_as_an_action_at_the_wrong_row_of_the_rewrite():
    game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")],
                GameOptions(mental_arithmetic=True), seed=4)
    state = game.new_initial_state()
    state.apply_action(Target("Ada", 86))
    state.apply_action(Target("Bea", 93))
    state.apply_action(WriteProgram("Ada", "A3+ 61, A4/ 30"))
    state.apply_action(Finish("Ada"))
    state.apply_action(Finish("Bea"))
    assert state.phase is Phase.DEBUG and state.debug_from() == ("Ada", 1, 55)
    state.apply_action(Debug("Ada", "A3+ 60, A4/ 31"))  # row 2 of the rewrite is wrong
    state.apply_action(ResolveRow("Ada"))
    assert state.phase is Phase.DEBUG and state.debug_from() == ("Ada", 2, 60)
    state.apply_action(Debug("Ada", "A4/ 30, A4/ 16"))  # wrong again: no Debugs left
    assert state.players["Ada"].debugs == 2 and state.debugs_left("Ada") == 0
    play = state.players["Ada"].play
    assert (play.debug_rows, str(play.rewrite)) == ((1, 2), "A4/ 30, A4/ 16")
    assert [str(r) for r in play.rewrites] == ["A3+ 60, A4/ 31", "A4/ 30, A4/ 16"]
    state.apply_action(ResolveRow("Ada"))
    assert state.phase is Phase.RESOLUTION and state.turn() == ("Ada", 3)
    assert state.legal_actions("Ada") == [ResolveRow("Ada")]


def test_a_second_rewrite_given_when_no_second_debug_was_possible_is_refused():
    record = mental({"Ada": {"program": WRONG, "debug": ["A4/ 30, A1- 29", SECOND]}})
    with pytest.raises(RecordError, match=r"^Round 1, Ada: 2 rewrites are given, but only 1"):
        replay(record)


def test_two_debugs_a_game_still_hold_across_rounds():
    more = {2: {"patrons": [11, 12, 15, 18, 21],
                "plays": {"Ada": {"program": "A1+ 30, A1+ 98", "debug": ["A1+ 30", "A1+ 31"]}}}}
    record = mental({"Ada": {"program": "A3+ 61", "debug": "A3+ 60"}}, more)
    with pytest.raises(RecordError, match=r"^Round 2, Ada: 2 rewrites are given, but only 1"):
        replay(record)


@pytest.mark.parametrize("debug, words", [
    ([FIRST, SECOND, SECOND], r"debug: 3 rewrites given; a game has at most 2 Debugs"),
    ([FIRST, 29], r"debug: .* must be a rewrite like"),
    ([], r"debug: \[\] must be a rewrite like"),
    (5, r"debug: 5 must be a rewrite like"),
])
def test_a_record_refuses_a_third_rewrite_or_one_that_is_not_text(debug, words):
    with pytest.raises(RecordError, match=r"^Round 1, Ada: " + words):
        load(mental({"Ada": {"program": WRONG, "debug": debug}}))


def test_recompute_still_ends_the_debugs_of_the_round():
    game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")],
                GameOptions(mental_arithmetic=True), seed=4)
    state = game.new_initial_state()
    state.apply_action(Target("Ada", 86))
    state.apply_action(Target("Bea", 93))
    state.apply_action(WriteProgram("Ada", "A3+ 61, A4/ 31"))
    for name in ("Ada", "Bea"):
        state.apply_action(Finish(name))
    state.apply_action(Recompute("Ada"))
    state.apply_action(ResolveRow("Ada"))
    assert state.phase is Phase.RESOLUTION and state.players["Ada"].debugs == 0


# -- §4.4 D: never the same Patron twice in a game ---------------------------------------------

RESERVE_44 = {
    1: {"patrons": R1, "plays": {"Bea": {"target": 59, "program": "A2+ A2+"}}},  # 59
    2: {"patrons": [11, 12, 15, 18, 21],
        "plays": {"Bea": {"target": 74, "activate": [{"id": 59, "patron": 44}],
                          "program": "B3- A3- A1+ A1-"}}},  # 49 44 45 44: both claims
}


def reserve_then_revealed(bea3, ada3, players=2):
    """Bea reserves 44 in Round 2 and claims it twice; 44 is revealed again in Round 3."""
    revealed = [44, 24, 27, 33, 36] if players == 2 else [44, 27, 33, 36, 37, 53]
    rounds = {**RESERVE_44, 3: {"patrons": revealed, "plays": {
        "Bea": {"target": 74, "program": bea3, "finished": 1},
        "Ada": {"program": ada3, "finished": 2}}}}
    if players == 3:
        rounds[1] = {**rounds[1], "patrons": [*R1, 77]}
        rounds[2] = {**rounds[2], "patrons": [11, 12, 15, 18, 21, 24]}
        rounds[3]["plays"]["Cy"] = {"finished": 3}
    return make_record(players, rounds)


def test_a_reserved_patron_revealed_again_gives_its_old_claimer_nothing():
    # Round 3: Bea starts at 44 and reaches 44 again first; Ada (55) reaches 44 after her.
    result = replay(reserve_then_revealed("A1+ A1-", "B3- A1-"))
    assert [c["took"] for c in claims_of(result, 2, "Bea")] == ["Engineering", "Commerce"]
    assert claims_of(result, 3, "Bea") == []
    assert claims_of(result, 3, "Ada") == [
        {"kind": "patron", "patron": 44, "took": "Engineering", "place": 1}]
    assert result.state.players["Bea"].claimed_from >= {44}


def test_no_failed_experiment_either():
    # Three players: Ada and Cy claim 44 first and second (it flips); Bea's 44 comes last,
    # where a Failed Experiment would be left, and gives her nothing: she claimed it before.
    record = reserve_then_revealed("A1+ A1+ A1- A1-", "B3- A1-", players=3)
    record["rounds"][2]["plays"]["Cy"].update({"program": "B3- A1-", "finished": 3})
    result = replay(record)
    assert [c["place"] for c in claims_of(result, 3, "Ada")] == [1]
    assert [c["place"] for c in claims_of(result, 3, "Cy")] == [2]
    assert claims_of(result, 3, "Bea") == []
    assert player_json(result, "Bea")["failed_experiments"] == 0


def test_near_does_not_reach_a_patron_claimed_before_either():
    ed = Edition.load()
    table = {44: PatronSlot(ed.patron(44)), 46: PatronSlot(ed.patron(46))}
    near = [EffectUse(25, Effect.NEAR)]
    assert {o.patron for o in row_options(table, "Bea", 45, near, 2)} == {44, 46}
    assert {o.patron for o in row_options(table, "Bea", 45, near, 2, claimed_before={44})} == {46}


def test_the_legal_actions_offer_no_claim_at_a_patron_claimed_before():
    state = scripted(2, {1: R1, 2: [11, 12, 15, 18, 21], 3: [44, 24, 27, 33, 36]},
                     {(2, "Bea", 59): 44})
    for number in (1, 2):
        play_round(state, {name: RESERVE_44[number]["plays"].get(name, {})
                           for name in state.names})
        resolve_round(state)
    assert state.players["Bea"].claimed_from >= {44} and state.players["Bea"].start == 44
    play_round(state, {"Bea": {"target": 74, "program": "A1+ A1-", "finished": 1},
                       "Ada": {"finished": 2}})
    assert 44 in {s.value for s in state.patrons}
    state.apply_action(ResolveRow("Bea"))
    assert state.turn() == ("Bea", 2)
    choices = state.row_choices("Bea")
    assert choices.patrons == () and choices.options == ()
    assert state.legal_actions("Bea") == [ResolveRow("Bea")]
    with pytest.raises(GameError, match="claims no Patron"):
        state.apply_action(ResolveRow("Bea", patron=44))


# -- §4.4 D: BOTH or CHOICE at one's own reserved Patron is refused ----------------------------


def test_choice_aimed_at_ones_own_reserved_patron_is_refused():
    rounds = {**RESERVE_44}
    rounds[2] = {**RESERVE_44[2], "plays": {"Bea": {
        **RESERVE_44[2]["plays"]["Bea"], "target": 93, "activate": [],
        "program": "B2+ A3+ A3+ A2+ A2+"}}}  # 59 → 93
    rounds[3] = {"plays": {"Bea": {"target": 74, "activate": [
        {"id": 59, "patron": 44}, {"id": 93, "patron": 44}]}}}
    record = make_record(2, rounds)
    with pytest.raises(RecordError, match=r"^Round 3, Bea: Subroutine 93 \(CHOICE\) names "
                                          r"Patron 44, your own reserved Patron"):
        replay(record)
    rounds[4] = {"plays": {"Bea": {"target": 74}}}
    rounds[3]["plays"]["Bea"]["activate"] = [{"id": 59, "patron": 44}, 93]
    assert replay(make_record(2, rounds)).finished  # unaimed, CHOICE is simply not used there


def both_and_reserve_ready():
    """Cy (Mary Somerville) completes 62 RESERVE in Round 1 and 08 BOTH in Round 2."""
    rounds = {1: {"patrons": [*R1, 77], "plays": {"Cy": {"target": 62, "program": "A3+ A2+"}}},
              2: {"patrons": [11, 15, 18, 21, 24, 27],
                  "plays": {"Cy": {"target": 8, "program": "B1- A2- A2-"}}}}
    return rounds


def test_both_aimed_at_ones_own_reserved_patron_is_refused_with_fields():
    record = make_record(3, both_and_reserve_ready())
    state = replay({**record, "rounds": record["rounds"][:2]}).state
    for name, sub in (("Ada", 86), ("Bea", 93), ("Cy", 79)):
        state.apply_action(Target(name, sub))
    while state.phase is Phase.ACTIVATE:
        name = state.current_players()[0]
        state.apply_action(Activate(name, (8, 62) if name == "Cy" else ()))
    mine = state.reserved[0].value
    with pytest.raises(GameError, match=r"^Cy: Subroutine 08 \(BOTH\) names Patron") as err:
        state.apply_action(WriteProgram("Cy", "", aims=((8, mine),)))
    assert (err.value.player, err.value.reason) == ("Cy", "own-reserved-patron")
    assert err.value.expected == tuple(s.value for s in state.patrons)
    state.apply_action(WriteProgram("Cy", "", aims=((8, state.patrons[0].value),)))  # fine


# -- §2 D: a level shows at most two Set To tokens ---------------------------------------------


@pytest.mark.parametrize("command", [
    ["board"], ["run", "A3+"], ["solve", "--target", "60"],
])
def test_a_level_with_three_set_to_tokens_is_refused_by_every_command(command, capsys):
    assert main([*command, "--level", "C==13,=31,=42,swap"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "level C shows 3 Set To tokens" in err and "keep at most 2" in err
    assert main([*command, "--level", "C==13,=31,+-7,swap"]) in (0, 1)


# -- one source for a row's choices ------------------------------------------------------------


def near_fork_record(picks=None):
    """Ada completes 68 NEAR in Round 1; in Round 2 her 63 touches 62 and 64."""
    rounds = {1: {"patrons": R1, "plays": {"Ada": {"target": 68, "program": "B3+ A2+ A1+"}}},
              2: {"patrons": [62, 64, 11, 12, 15],
                  "plays": {"Ada": {"target": 23, "activate": [68], "program": "A3-"}}}}
    if picks is not None:
        rounds[2]["plays"]["Ada"]["picks"] = picks
    return make_record(2, rounds)


def test_row_choices_show_the_near_fork_and_the_types():
    state = scripted(2, {1: R1, 2: [62, 64, 11, 12, 15]})
    play_round(state, {"Ada": {"target": 68, "program": "B3+ A2+ A1+"}})
    resolve_round(state)
    play_round(state, {"Ada": {"target": 23, "activate": (68,), "program": "A3-"}})
    choices = state.row_choices("Ada")
    assert (choices.patrons, choices.fork, choices.row) == ((62, 64), True, 1)
    assert choices.takes(62) == ("Science", "Politics")
    assert choices.takes(64) == ("Art", "Engineering")
    assert set(state.legal_actions("Ada")) == set(choices.actions())
    assert len(choices.actions()) == 4
    assert choices.resolve() == ResolveRow("Ada", 62, "Science")  # the defaults, spelled out
    assert choices.resolve(patron=64, take="Engineering") == ResolveRow("Ada", 64, "Engineering")
    assert choices.action([64, "Engineering", "Art"]) == (ResolveRow("Ada", 64, "Engineering"), 2)
    assert state.row_choices("Bea").patrons == ()
    with pytest.raises(GameError, match=r"'Commerce' cannot be taken from Patron 64") as err:
        choices.resolve(patron=64, take="Commerce")
    assert err.value.reason == "cannot-take" and err.value.expected == ("Art", "Engineering")
    state.apply_action(choices.resolve(patron=64, take="Engineering"))
    last = write(state)["rounds"][-1]  # Round 2 is over
    assert last["plays"]["Ada"]["picks"] == [64, "Engineering"]
    assert state.events[-1].claims[-1].patron == 64


def test_replay_reads_the_picks_through_the_same_choices():
    result = replay(near_fork_record([64, "Engineering"]))
    assert [c for c in claims_of(result, 2, "Ada") if c["kind"] == "patron"] == [
        {"kind": "patron", "patron": 64, "took": "Engineering", "place": 1,
         "effects": ["NEAR"]}]
    with pytest.raises(RecordError, match=r"^Round 2, Ada, row 1: pick 65: this row's NEAR "
                                          r"touches Patrons 62 and 64"):
        replay(near_fork_record([65]))
    with pytest.raises(RecordError, match=r"^Round 2, Ada, row 1: pick 'Commerce' cannot be "
                                          r"taken from Patron 64 \(Art, Engineering\)"):
        replay(near_fork_record([64, "Commerce"]))
