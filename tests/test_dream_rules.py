"""Ada's Dream, mechanism by mechanism: small scenarios on a real game state (ADAS-DREAM.md)."""

from __future__ import annotations

import pytest

from lnb.dream.actions import (
    Bonus,
    Build,
    ChooseArea,
    Collect,
    Discard,
    Join,
    MoveDisc,
    Pass,
    Place,
    Play,
    Publish,
    Research,
    TakeAssignment,
    TakePartner,
    TakeProgram,
    Visit,
    parse_action,
)
from lnb.dream.dice import Die
from lnb.dream.edition import Colour, Edition
from lnb.dream.errors import IllegalActionError, InvalidActionError
from lnb.dream.mill import Status
from lnb.dream.records import write
from lnb.dream.refusals import why_not
from lnb.dream.scoring import institution_points
from lnb.dream.state import Game, State

Y, R, B, G, GREY = Colour.YELLOW, Colour.RED, Colour.BLUE, Colour.GREEN, Colour.GREY


def new(seed: int = 1, players: tuple[str, ...] = ("Ada", "Bea")) -> State:
    return Game(list(players), edition="classroom", seed=seed).new_initial_state()


def act(state: State, *lines: str) -> None:
    for line in lines:
        state.apply_action(parse_action(line))


def finish_turn(state: State) -> None:
    """Pass or take the first choice until the turn passes to the next player."""
    who = state.current_player
    while state.current_player == who and not state.is_terminal():
        actions = state.legal_actions()
        passes = [a for a in actions if isinstance(a, Pass)]
        state.apply_action(passes[0] if passes else actions[0])


def give_die(state: State, name: str, die: Die, slot: int = 0) -> None:
    state.players[name].store[slot] = die


# -- the two turns ------------------------------------------------------------------------------

def test_a_workshop_turn_takes_a_die_into_the_store_and_the_space_is_rolled_again() -> None:
    state = new()
    state.workshop[2] = Die(R, 4)
    act(state, "Ada: collect 3")
    ada = state.players["Ada"]
    assert ada.store[0] == Die(R, 4)
    assert len(state.workshop) == 6 and state.turn.kind == "workshop"
    assert state.step == "workshop_play"


def test_a_full_store_refuses_a_workshop_turn_and_says_why() -> None:
    state = new()
    for slot in range(3):
        give_die(state, "Ada", Die(Y, 2), slot)
    assert not any(isinstance(a, Collect) for a in state.legal_actions())
    with pytest.raises(IllegalActionError) as caught:
        act(state, "Ada: collect 1")
    assert caught.value.reason == "store-full" and "Store is full" in str(caught.value)


def test_an_actions_turn_moves_a_die_into_the_mill_and_takes_its_colours_action() -> None:
    state = new()
    give_die(state, "Ada", Die(G, 5))
    act(state, "Ada: place 1 B2")
    ada = state.players["Ada"]
    assert ada.mill == {"B2": Die(G, 5)} and ada.store[0] is None
    assert state.step == "main"
    assert {type(a) for a in state.legal_actions()} == {Join, Pass}
    coal = ada.coal
    act(state, "Ada: join royal_institution")
    assert ada.coal == coal + 3 and ada.places == ["inst:royal_institution"]  # 5 ÷ 2, up


def test_a_cell_of_the_mill_holds_one_die() -> None:
    state = new()
    give_die(state, "Ada", Die(G, 5))
    state.players["Ada"].mill["A1"] = Die(Y, 1)
    err = why_not(state, Place("Ada", 1, "A1"))
    assert err is not None and err.reason == "cell-taken" and err.cell == "A1"


def test_a_grey_die_takes_any_areas_main_action_but_never_its_advanced_action() -> None:
    state = new()
    ada = state.players["Ada"]
    ada.research[B] = 6  # levels I and II of Travel reached
    give_die(state, "Ada", Die(GREY, 3))
    act(state, "Ada: place 1 A1")
    assert state.step == "area"
    act(state, "Ada: area travel", "Ada: visit derby")
    prestige = ada.prestige
    assert state.step == "end" and ada.prestige == prestige  # no advanced action II (+2)


def test_the_advanced_actions_follow_the_main_action_once_their_level_is_reached() -> None:
    state = new()
    ada = state.players["Ada"]
    ada.research[B] = 6
    give_die(state, "Ada", Die(B, 1))
    act(state, "Ada: place 1 A1", "Ada: visit ucl")
    # ucl gives 1 Research (a choice), then level I: 1 Research, level II: 2 Prestige
    act(state, "Ada: research red", "Ada: research red")
    assert ada.research[R] == 2 and ada.prestige == 2 and state.step == "end"


def test_travel_goes_only_as_far_as_the_die_and_once_to_each_place() -> None:
    state = new()
    give_die(state, "Ada", Die(B, 2))
    act(state, "Ada: place 1 A1")
    places = {a.place for a in state.legal_actions() if isinstance(a, Visit)}
    assert places == {"ucl", "cambridge", "oxford", "swindon", "bath"}
    err = why_not(state, Visit("Ada", "glasgow"))
    assert err.reason == "too-far" and err.distance == 6 and err.face == 2
    act(state, "Ada: visit bath")
    assert state.players["Ada"].money == 3 + 3


# -- Partner cards -------------------------------------------------------------------------------

def _hand(state: State, name: str, cards: list[str]) -> None:
    p = state.players[name]
    pool = p.deck + p.hand + p.discard
    p.hand = list(cards)
    p.deck, p.discard = [], []
    for card in cards:
        pool.remove(card) if card in pool else pool.pop()
    p.deck = pool


def test_a_partner_is_played_on_a_workshop_turn_only_if_the_die_meets_its_requirement() -> None:
    state = new()
    _hand(state, "Ada", ["clerk", "stoker", "fitter", "copyist", "human_computer"])
    state.workshop[0] = Die(R, 2)
    act(state, "Ada: collect 1")
    plays = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    assert plays == {"clerk", "copyist", "human_computer"}  # faces 1-2, 2/4/6, lower
    err = why_not(state, Play("Ada", "fitter"))
    assert err.reason == "requirement" and "5 or 6" in str(err)
    money = state.players["Ada"].money
    act(state, "Ada: play clerk")
    assert state.players["Ada"].money == money + 2
    assert "clerk" in state.players["Ada"].discard


def test_lowering_the_active_die_changes_the_die_in_the_store_and_a_1_cannot_be_lowered() -> None:
    state = new()
    _hand(state, "Ada", ["human_computer", "clerk", "stoker", "fitter", "copyist"])
    state.workshop[0] = Die(Y, 4)
    act(state, "Ada: collect 1", "Ada: play human_computer", "Ada: research yellow")
    assert state.players["Ada"].store[0] == Die(Y, 3)
    other = new()
    _hand(other, "Ada", ["human_computer", "clerk", "stoker", "fitter", "copyist"])
    other.workshop[0] = Die(Y, 1)
    act(other, "Ada: collect 1")
    assert why_not(other, Play("Ada", "human_computer")).reason == "cannot-lower"


def test_a_pay_cost_is_the_active_dies_value_in_money() -> None:
    state = new()
    _hand(state, "Ada", ["clerk", "stoker", "fitter", "copyist", "human_computer"])
    ada = state.players["Ada"]
    ada.hand[1] = "victoria"  # Queen Victoria, in place of a Stoker: pay £ equal to the die
    state.workshop[0] = Die(Y, 5)
    ada.money = 4
    act(state, "Ada: collect 1")
    assert why_not(state, Play("Ada", "victoria")).reason == "cannot-afford"
    ada.money = 5
    act(state, "Ada: play victoria")
    assert ada.money == 0 and ada.prestige == 1


def test_gaining_a_partner_removes_a_card_so_the_supply_stays_eight() -> None:
    state = new()
    ada = state.players["Ada"]
    give_die(state, "Ada", Die(R, 3))
    act(state, "Ada: place 1 A1")
    shown = [x for x in state.displays["partners"] if x]
    take = TakePartner("Ada", shown[0], "hand", ada.hand[0])
    state.apply_action(take)
    assert len(ada.supply()) == 8 and shown[0] in ada.hand and ada.removed == [take.remove]


def test_the_hand_is_discarded_down_to_five_at_the_end_of_the_turn() -> None:
    state = new()
    ada = state.players["Ada"]
    state.workshop[0] = Die(GREY, 6)
    act(state, "Ada: collect 1", "Ada: pass", "Ada: pass")
    assert state.step == "discard_down" and len(ada.hand) == 6  # drew one at the turn's end
    act(state, f"Ada: discard {ada.hand[0]}")
    assert len(ada.hand) == 5 and state.current_player == "Bea"


def test_an_empty_deck_is_refilled_by_shuffling_the_discard_pile() -> None:
    state = new()
    ada = state.players["Ada"]
    ada.discard, ada.deck = ada.deck, []
    state._draw(ada)
    assert len(ada.hand) == 6 and len(ada.deck) == 2 and ada.discard == []


# -- displays ------------------------------------------------------------------------------------

def test_a_main_action_takes_from_a_display_then_the_rightmost_item_leaves_the_game() -> None:
    state = new()
    before = list(state.displays["programs"])
    give_die(state, "Ada", Die(Y, 3))
    act(state, "Ada: place 1 A1")
    state.apply_action(TakeProgram("Ada", before[0], "A"))
    row = state.displays["programs"]
    assert state.gone["programs"] == [before[-1]]
    assert row[2:] == before[1:3] and None not in row and before[0] not in row


def test_another_effect_takes_from_a_display_and_nothing_leaves_the_game() -> None:
    state = new()
    before = list(state.displays["programs"])
    state.pending[:0] = [("take", "program")]
    state.apply_action(TakeProgram("Ada", before[1], "B"))
    assert state.gone["programs"] == []
    assert state.displays["programs"][1:] == [before[0], before[2], before[3]]


# -- Assignments ---------------------------------------------------------------------------------

def _study_with(state: State, assignment: str) -> None:
    state.displays["assignments"][0] = assignment
    give_die(state, "Ada", Die(Y, 3))
    act(state, "Ada: place 1 A1")


def test_an_assignment_goes_in_its_colours_column_two_colours_either_none_any() -> None:
    state = new()
    _study_with(state, "a12")  # red or blue
    columns = {a.column for a in state.legal_actions() if isinstance(a, TakeAssignment)
               and a.assignment == "a12"}
    assert columns == {"red", "blue"}
    assert why_not(state, TakeAssignment("Ada", "a12", "green")).reason == "wrong-column"
    other = new()
    _study_with(other, "a15")
    assert {a.column for a in other.legal_actions() if isinstance(a, TakeAssignment)
            and a.assignment == "a15"} == {"yellow", "red", "blue", "green"}


def test_an_assignment_that_asks_for_discards_needs_the_cards_in_hand() -> None:
    state = new()
    ada = state.players["Ada"]
    _study_with(state, "a14")  # discard 2
    ada.discard += ada.hand[1:]
    ada.hand = ada.hand[:1]
    assert why_not(state, TakeAssignment("Ada", "a14", "blue")).reason == "cannot-discard"
    ada.hand.append(ada.discard.pop())
    act(state, "Ada: assignment a14 blue")
    assert state.step == "discard"
    act(state, f"Ada: discard {ada.hand[0]}", f"Ada: discard {ada.hand[0]}")
    assert ada.hand == [] and ada.prestige == 4 and ada.columns[B] == ["a14"]


def test_collecting_a_coloured_die_gives_research_per_assignment_in_its_column() -> None:
    state = new()
    ada = state.players["Ada"]
    ada.columns[B] = ["a05", "a06"]
    state.workshop[0] = Die(B, 4)
    act(state, "Ada: collect 1")
    assert ada.research[B] == 2
    finish_turn(state)
    finish_turn(state)
    state.workshop[0] = Die(GREY, 4)
    act(state, "Ada: collect 1")
    assert ada.research[B] == 2  # grey dice trigger nothing


# -- Research ------------------------------------------------------------------------------------

def test_passing_breakthroughs_gives_each_reward_and_the_top_takes_a_token() -> None:
    state = new()
    ada, bea = state.players["Ada"], state.players["Bea"]
    books = ada.books
    state._research(ada, Y, 10)
    assert ada.books == books + 1 and ada.prestige == 2 and ada.tokens == {Y: 2}
    state._research(bea, Y, 10)
    assert bea.tokens == {Y: 1}
    state._research(ada, Y, 3)
    assert ada.research[Y] == 10  # a full track takes no more


def test_a_level_reached_on_a_workshop_turn_gives_its_reward_but_no_advanced_action() -> None:
    state = new()
    ada = state.players["Ada"]
    ada.research[G] = 2
    ada.columns[G] = ["a07"]
    brass = ada.brass
    state.workshop[0] = Die(G, 2)
    act(state, "Ada: collect 1")
    assert ada.research[G] == 3 and ada.brass == brass + 1 and state.step == "workshop_play"


def test_research_of_a_free_choice_skips_full_tracks() -> None:
    state = new()
    ada = state.players["Ada"]
    ada.research.update({Y: 10, R: 10, B: 10})
    state.pending[:0] = [("research", 1)]
    assert state.legal_actions() == [Research("Ada", "green")]


# -- Innovation ----------------------------------------------------------------------------------

def test_reaching_six_innovation_offers_a_workshop_bonus_and_never_goes_above_six() -> None:
    state = new()
    ada = state.players["Ada"]
    ada.innovation = 4
    state.pending[:0] = state._innovation(ada, 3)
    assert ada.innovation == 6 and state.step == "bonus"
    act(state, "Ada: bonus money")
    assert ada.innovation == 5  # 6 - 2, then the third point
    state.pending[:0] = state._innovation(ada, 4)
    state.apply_action(Pass("Ada"))
    assert ada.innovation == 6
    assert state._innovation(ada, 2) == [] and ada.innovation == 6


@pytest.mark.parametrize(("innovation", "points"), [(4, 0), (5, 2), (6, 4)])
def test_innovation_scores_at_the_end(innovation: int, points: int) -> None:
    state = new()
    state.players["Ada"].innovation = innovation
    assert state.score_sheet().rows[0].part("innovation") == points


# -- discs and Gears -----------------------------------------------------------------------------

def test_a_disc_opens_a_gear_space_and_with_none_left_one_is_moved() -> None:
    state = new()
    ada = state.players["Ada"]
    assert ada.open_gear_spaces(state.edition) == 0
    ada.discs, ada.places = 0, ["inst:bank"] * 6
    give_die(state, "Ada", Die(G, 4))
    act(state, "Ada: place 1 A1", "Ada: join royal_society")
    assert state.step == "move_disc" and state.legal_actions() == [MoveDisc("Ada", "inst:bank")]
    act(state, "Ada: move inst:bank")
    assert sorted(ada.places) == ["inst:bank"] * 5 + ["inst:royal_society"]


def test_a_gear_needs_an_open_space_and_its_coal_and_brass() -> None:
    state = new()
    ada = state.players["Ada"]
    state.pending[:0] = [("end",)]
    assert why_not(state, Build("Ada", "figure_wheel")).reason == "no-gear-space"
    ada.discs -= 1
    ada.places.append("map:bath")
    ada.coal, ada.brass = 3, 3
    assert why_not(state, Build("Ada", "great_crank")) is None
    act(state, "Ada: build great_crank")
    assert ada.gears == ["great_crank"] and (ada.coal, ada.brass) == (0, 0)


# -- Publish -------------------------------------------------------------------------------------

def test_publish_spends_a_book_for_the_area_used() -> None:
    state = new()
    ada = state.players["Ada"]
    give_die(state, "Ada", Die(G, 1))
    act(state, "Ada: place 1 A1", "Ada: join bank")
    books, prestige = ada.books, ada.prestige
    act(state, "Ada: publish")
    assert ada.books == books - 1 and ada.prestige == prestige + 3


def test_a_grey_workshop_turn_has_no_area_to_publish_in() -> None:
    state = new()
    state.workshop[0] = Die(GREY, 3)
    act(state, "Ada: collect 1", "Ada: pass")
    assert state.step == "end"
    assert why_not(state, Publish("Ada")).reason == "no-area"


# -- the end -------------------------------------------------------------------------------------

def test_the_ninth_die_ends_the_game_once_everyone_has_had_as_many_turns() -> None:
    state = new(players=("Ada", "Bea", "Cy"))
    finish_turn(state)  # Ada's first turn
    bea = state.players["Bea"]
    for cell in ("A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2"):
        bea.mill[cell] = Die(GREY, 1)
    give_die(state, "Bea", Die(GREY, 2))
    act(state, "Bea: place 1 C3")
    finish_turn(state)
    assert state.ending and not state.is_terminal() and state.current_player == "Cy"
    finish_turn(state)
    assert state.is_terminal() and {p.turns for p in state.players.values()} == {1}
    assert state.legal_actions() == [] and why_not(state, Pass("Ada")).reason == "game-over"


# -- the Mill and its Programs -------------------------------------------------------------------

def test_a_program_scores_when_its_line_is_full_and_true() -> None:
    state = new()
    ada = state.players["Ada"]
    ada.programs["A"] = "p01"  # a + b = c
    ada.mill.update({"A1": Die(Y, 2), "A2": Die(R, 3)})
    (eq,) = state.equations("Ada")
    assert eq.status is Status.NOT_YET and str(eq.text) == "2 + 3 = □"
    ada.mill["A3"] = Die(B, 5)
    assert state.equations("Ada")[0].status is Status.TRUE
    assert state.score_sheet().rows[0].part("programs") == 5
    ada.mill["A3"] = Die(B, 6)
    assert state.equations("Ada")[0].status is Status.FALSE


def test_a_line_holds_one_program() -> None:
    state = new()
    state.players["Ada"].programs["A"] = "p02"
    give_die(state, "Ada", Die(Y, 3))
    act(state, "Ada: place 1 B1")
    shown = state.displays["programs"][0]
    assert why_not(state, TakeProgram("Ada", shown, "A")).reason == "line-taken"


# -- Institutions --------------------------------------------------------------------------------

def test_institutions_score_by_majority_and_ties_share() -> None:
    state = new(players=("Ada", "Bea", "Cy"))
    state.players["Ada"].places = ["inst:bank", "inst:bank", "inst:royal_society"]
    state.players["Bea"].places = ["inst:bank", "inst:royal_society"]
    state.players["Cy"].places = ["inst:royal_society"]
    # bank: Ada 5, Bea 2; royal society: all tied for first: (5 + 2) // 3 each
    assert institution_points(state) == {"Ada": 7, "Bea": 4, "Cy": 2}


# -- refusals ------------------------------------------------------------------------------------

def test_an_illegal_action_leaves_the_state_as_it_was() -> None:
    state = new()
    before = write(state)
    for bad in (Collect("Bea", 1), Place("Ada", 1, "A1"), ChooseArea("Ada", "study"),
                Discard("Ada", "clerk"), Bonus("Ada", "money")):
        with pytest.raises(IllegalActionError) as caught:
            state.apply_action(bad)
        assert caught.value.reason and str(caught.value)
    assert write(state) == before


def test_it_is_somebody_elses_turn() -> None:
    err = why_not(new(), Collect("Bea", 1))
    assert (err.reason, err.player, err.current) == ("not-your-turn", "Bea", "Ada")


def test_a_badly_written_action_is_refused_with_its_field() -> None:
    with pytest.raises(InvalidActionError) as caught:
        parse_action("Ada: place 1 D4")
    assert caught.value.entry == "cell"
    with pytest.raises(InvalidActionError):
        Place("", 1, "A1")


def test_the_edition_has_what_the_classroom_edition_promises() -> None:
    ed = Edition.load("classroom")
    sciences = [p.science for p in ed.partners]
    assert len(ed.partners) == 24 and sciences.count(None) == 4
    assert all(sciences.count(s) == 5 for s in set(sciences) - {None})
    assert len(ed.assignments) == 16 and len(ed.programs) == 18
    assert [loc.kind for loc in ed.map].count("university") == 6 and len(ed.map) == 12
    assert len(ed.institutions) == 4 and len(ed.bonuses) == 6
    assert all(t.spaces == 10 for t in ed.tracks)
    assert all(p.who.english and str(p.name) for p in ed.partners)
    assert {"Charles Babbage", "Charles Dickens", "Queen Victoria"} <= {
        p.name.english for p in ed.partners}
