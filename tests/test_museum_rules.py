"""Consulting Mathematician's rules, one small scenario each (the seed's rulebook,
docs/museum.md for the kit's decisions)."""

from __future__ import annotations

import pytest

from lnb.core.errors import BadInputError, GameError
from lnb.core.i18n import use_language
from lnb.museum.actions import Place, Reroll, Return, Skip, Wild, Write, parse_action
from lnb.museum.errors import PlacementError
from lnb.museum.museum import Museum
from lnb.museum.scenario import scenario
from lnb.museum.shapes import Orientation, Shape
from lnb.museum.state import Game, verdict

M = Museum.standard()


def snapshot(state):
    return (state.filled, state.hand, state.reserve, state.used, state.wilds, state.rerolls,
            state.gifts, state.pending_return, tuple(state.sheet.collected),
            dict(state.sheet.icons), tuple(state.sheet.unlocked), len(state.history))


# -- shapes -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "distinct"), [
    ("#", 1), ("##", 2), ("###", 2), ("##/#.", 4), ("###/.#.", 4), (".##/##.", 4),
    ("###/#..", 8), ("##/##", 1), ("####", 2), ("##/##/#.", 8), ("#.#/###", 4),
    (".#./###/.#.", 1), ("#../##./.##", 4), (".##/##./.#.", 8),
])
def test_a_shape_lies_in_its_distinct_orientations(text: str, distinct: int) -> None:
    shape = Shape.parse(text)
    assert len(shape.orientations()) == distinct
    every = {shape.oriented(o).cells for o in Orientation.all()}
    assert len(every) == distinct
    assert all(shape.oriented(o).same_piece(shape) for o in Orientation.all())


def _grow(pieces: set[frozenset]) -> set[frozenset]:
    grown = set()
    for cells in pieces:
        for r, c in cells:
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near not in cells:
                    grown.add(Shape(frozenset(cells | {near})).cells)
    return grown


def test_free_and_fixed_polyominoes_up_to_five_cells() -> None:
    fixed = {Shape(frozenset({(0, 0)})).cells}
    counts_fixed, counts_free = [], []
    for _size in range(5):
        counts_fixed.append(len(fixed))
        counts_free.append(len({Shape(c).canonical() for c in fixed}))
        fixed = _grow(fixed)
    assert counts_free == [1, 1, 2, 5, 12]
    assert counts_fixed == [1, 2, 6, 19, 63]


def test_turning_and_flipping_compose() -> None:
    l4 = Shape.parse("###/#..")
    assert l4.oriented(Orientation.parse("r1")).text == "##/.#/.#"
    assert l4.oriented(Orientation.parse("r0f")).text == "###/..#"
    for o in Orientation.all():
        assert l4.oriented(o.rotated()) == l4.oriented(o).oriented(Orientation(1))
        assert l4.oriented(o.mirrored()) == l4.oriented(o).oriented(Orientation(0, True))
        assert Orientation.parse(str(o)) == o
    with pytest.raises(BadInputError):
        Orientation.parse("r4")
    with pytest.raises(BadInputError):
        Shape.parse("#./.#")  # not connected


# -- the map and the wheel --------------------------------------------------------------------

def test_the_museum_has_the_seeds_rooms_evidence_and_time_boxes() -> None:
    assert {r.name: r.points for r in M.rooms.values()} == {
        "Newton Theatre": 9, "Euclid Observatory": 9, "Link": 8, "Germain Gallery": 6,
        "Euler View": 11, "Hall": 8, "Pascal Parlour": 6, "Lobby": 10, "Fibonacci Garden": 11}
    assert {e.name for e in M.evidence} == {
        "crowbar", "binoculars", "violin", "penny farthing bike", "stopwatch", "top hat",
        "cocktail glass", "teapot", "ham", "key", "apple", "eyeglasses"}
    assert M.time_boxes == ("9:40 pm", "9:45 pm", "9:50 pm", "9:55 pm", "10:00 pm")
    for e in M.evidence:
        assert M.inside(e.square) and M.room_of(e.square) is not None
    assert len({e.square for e in M.evidence}) == 12


def test_the_wheel_has_two_shapes_per_value_and_three_in_the_centre() -> None:
    for value in range(1, 7):
        assert len(M.wheel.shapes_for(value)) == 2
    assert M.wheel.shapes_for(0) == ("0a", "0b", "0c")
    pieces = [M.wheel[s].canonical() for s in M.wheel.ids]
    assert len(set(pieces)) == len(pieces)  # no piece twice on the wheel
    abilities = {e.id: e.ability for e in M.evidence}
    assert abilities["key"].shapes == ("7a", "7b") and abilities["apple"].shapes == ("8a", "8b")


def test_walls_and_doorways() -> None:
    assert M.wall_between("E4", "F4") and M.wall_between("F4", "E4")
    assert not M.wall_between("E5", "F5") and M.is_doorway("F5", "E5")
    assert not M.wall_between("C5", "D5")  # one room
    for pair in M.doorways:
        a, b = sorted(pair)
        assert M.room_of(a) != M.room_of(b)
        assert not M.wall_between(a, b) and M.wall_between(a, b, doors=False)
    assert M.room_of("A1") is None and not M.inside("A1") and not M.inside("Z9")
    assert [str(s) for s in M.neighbours("A1")] == ["B1", "A2", "B2"]


# -- placing a shape --------------------------------------------------------------------------

@pytest.mark.parametrize(("shape", "orientation", "anchor", "reason", "square", "message"), [
    ("5a", "r0", "L1", "outside", "O1", "square O1 is outside the museum"),
    ("5a", "r0", "M2", "outside", "P2", "square P2 is outside the museum"),
    ("5a", "r1", "O10", "outside", "O12", "square O12 is outside the museum"),
    ("2a", "r0", "B2", "evidence", "D2",
     "square D2 holds evidence (crowbar) and is already filled"),
    ("4b", "r0", "A6", "wall", "A6",
     "crosses the wall between Germain Gallery and Hall at A6/A7 (not a doorway)"),
])
def test_a_refused_placement_names_the_square_and_the_reason(
        shape, orientation, anchor, reason, square, message) -> None:
    state = scenario(hand=(5, 2))
    with pytest.raises(PlacementError) as caught:
        state.check_placement(shape, orientation, anchor)
    err = caught.value
    assert (err.reason, err.square, str(err)) == (reason, square, message)
    with use_language("zh-CN"):
        assert err.explain() != message and square in err.explain()


def test_filled_squares_cannot_be_drawn_on_and_a_doorway_can_be_crossed() -> None:
    state = scenario(hand=(2, 4), filled="C5")
    with pytest.raises(PlacementError) as caught:
        state.apply_action("place 2a r0 @A5")  # A5 B5(violin)...
    assert caught.value.reason == "evidence"
    before = snapshot(state)
    with pytest.raises(PlacementError) as caught:
        state.apply_action("place 4b r0 @C5")
    assert (caught.value.reason, caught.value.square) == ("filled", "C5")
    assert snapshot(state) == before  # a refused action changes nothing
    state.apply_action("place 2a r0 @D5")  # D5 E5 (Germain) F5 (Link) through E5/F5
    assert {M.room_of(s).id for s in state.placed[-1].squares} == {"germain", "link"}


def test_every_orientation_may_be_used_and_the_shape_must_be_whole() -> None:
    for o in Orientation.all():
        state = scenario(hand=(4, 1))
        spot = next(p for p in state.free_placements("4a") if p.orientation == o)
        placement = state.check_placement("4a", o, spot.anchor)
        assert len(placement.squares) == 4 and placement.mask == spot.mask
        state.apply_action(Place("4a", o, spot.anchor))
        assert state.placed[-1].placement.mask == placement.mask


def test_a_die_takes_only_its_values_shapes_and_the_centre_needs_a_wild() -> None:
    state = scenario(hand=(2, 3))
    with pytest.raises(GameError) as caught:
        state.apply_action("place 6a r0 @F1")
    assert caught.value.reason == "no-die"
    with pytest.raises(GameError) as caught:
        state.apply_action("place 0a r0 @E9")
    assert caught.value.reason == "wild-only"
    with pytest.raises(GameError) as caught:
        state.apply_action("wild 0a r0 @E9")
    assert caught.value.reason == "no-wild"
    with pytest.raises(GameError) as caught:
        state.apply_action("place 7a r0 @E9")
    assert caught.value.reason == "no-gift"


# -- dice: Reserve, hand, Used, the time tracker ---------------------------------------------

def test_a_turn_takes_two_dice_and_used_dice_go_to_used() -> None:
    state = Game(seed=5).new_initial_state()
    assert (len(state.hand), state.reserve, state.used) == (2, 4, 0)
    for _ in range(2):
        state.apply_action(next(a for a in state.legal_actions() if isinstance(a, Place)))
    assert (len(state.hand), state.reserve, state.used) == (2, 2, 2)


def test_one_die_left_is_rolled_alone_and_an_empty_reserve_checks_a_box() -> None:
    state = scenario(hand=(1, 2), reserve=1, used=3, rolls=[(5,), (3, 4)])
    state.apply_action("place 1a r0 @A5")
    state.apply_action("place 2a r0 @A6")
    assert (state.hand, state.reserve, state.used, state.boxes_checked) == ((5,), 0, 5, 0)
    state.apply_action("place 5a r0 @A10")
    assert (state.hand, state.reserve, state.used, state.boxes_checked) == ((3, 4), 4, 0, 1)
    assert state.log[-1] == ("box", "9:40 pm") and state.time_box() == "9:45 pm"


def test_checking_the_fifth_box_ends_the_game() -> None:
    state = scenario(hand=(1,), reserve=0, used=5, boxes=4)
    state.apply_action("place 1a r0 @A5")
    assert state.is_terminal() and state.boxes_checked == 5 and state.legal_actions() == []
    with pytest.raises(GameError) as caught:
        state.apply_action("place 1a r0 @A6")
    assert caught.value.reason == "game-over"


def test_a_die_with_no_use_is_set_aside_only_then() -> None:
    filled = [str(s) for s in M.squares_of(M.inside_mask)]
    every = [e.id for e in M.evidence]
    state = scenario(hand=(6, 1), filled=[s for s in filled if s != "A5"], rolls=[(2, 2)],
                     icons={e: (3, 3) for e in every}, unlocked=every)
    assert Skip(6) in state.legal_actions() and Skip(1) not in state.legal_actions()
    with pytest.raises(GameError) as caught:
        state.apply_action("skip 1")
    assert caught.value.reason == "has-use"
    state.apply_action("skip 6")
    assert (state.hand, state.used) == ((1,), 1)


# -- evidence and abilities -------------------------------------------------------------------

def test_evidence_is_collected_when_its_eight_neighbours_are_filled() -> None:
    ring = [str(s) for s in M.neighbours("B5")]
    state = scenario(hand=(1, 1), filled=[s for s in ring if s != "A6"])
    assert "violin" not in state.collected
    state.apply_action("place 1a r0 @A6")
    assert state.collected == ("violin",) and ("collected", "violin") in state.log
    assert state.score().evidence_points == 2


def test_squares_outside_the_museum_and_off_the_map_count_as_filled() -> None:
    ring = [str(s) for s in M.neighbours("N11") if M.inside(s)]  # O12 is outside
    state = scenario(hand=(1, 1), filled=ring[1:])
    state.apply_action(f"place 1a r0 @{ring[0]}")
    assert "eyeglasses" in state.collected
    key_ring = [str(s) for s in M.neighbours("O3")]  # column O is the map's edge
    assert len(key_ring) == 5
    state = scenario(hand=(1, 1), filled=key_ring[1:])
    state.apply_action(f"place 1a r0 @{key_ring[0]}")
    assert "key" in state.collected


def test_die_icons_only_on_collected_evidence_and_only_pairs_that_can_work() -> None:
    state = scenario(hand=(4, 6), collected=["key", "apple", "violin"])
    with pytest.raises(GameError) as caught:
        state.apply_action("write 4 on crowbar")
    assert caught.value.reason == "not-collected"
    with pytest.raises(GameError) as caught:
        state.apply_action("write 4 on key")  # 4 + 1 = 5: no pair sums 4 or less
    assert caught.value.reason == "cannot-pair"
    with pytest.raises(GameError) as caught:
        state.apply_action("write 4 on teacup")
    assert caught.value.reason == "no-evidence"
    state.apply_action("write 6 on violin")
    with pytest.raises(GameError) as caught:
        state.apply_action("write 4 on violin")  # 6 and 4 are not consecutive
    assert caught.value.reason == "wrong-pair"
    assert Write(4, "apple") in state.legal_actions() and Write(4, "key") not in \
        state.legal_actions()


def test_six_and_one_are_not_consecutive() -> None:
    state = scenario(hand=(1, 5), collected=["violin"], icons={"violin": (6,)})
    assert Write(1, "violin") not in state.legal_actions()
    assert Write(5, "violin") in state.legal_actions()


@pytest.mark.parametrize("evidence", ["crowbar", "binoculars"])
def test_same_value_moves_up_to_three_used_dice_back_and_scores_three(evidence) -> None:
    state = scenario(hand=(4, 2), reserve=0, used=4, collected=[evidence],
                     icons={evidence: (4,)}, rolls=[(6, 6)])
    state.apply_action(f"write 4 on {evidence}")
    assert state.unlocked == (evidence,) and state.pending_return == 3
    assert state.legal_actions() == [Return(0), Return(1), Return(2), Return(3)]
    with pytest.raises(GameError) as caught:
        state.apply_action("place 2a r0 @A10")
    assert caught.value.reason == "return-first"
    state.apply_action("return 3")
    assert (state.reserve, state.used, state.hand) == (3, 2, (2,))
    # the Reserve was empty mid-turn: it is refilled, so no box is checked
    state.apply_action("place 2a r0 @A6")
    assert (state.boxes_checked, state.hand, state.reserve, state.used) == (0, (6, 6), 1, 3)
    assert dict(state.score().bonuses) == {evidence: 3}


def test_the_return_moves_at_most_what_is_used() -> None:
    state = scenario(hand=(3, 3), reserve=4, used=0, collected=["crowbar"])
    state.apply_action("write 3 on crowbar")
    assert state.pending_return == 0 and state.icons("crowbar") == (3,)  # one icon: not yet
    state = scenario(hand=(3, 3), reserve=4, used=0, collected=["crowbar"],
                     icons={"crowbar": (3,)})
    state.apply_action("write 3 on crowbar")
    assert state.legal_actions() == [Return(0), Return(1)]  # only the die just used
    with pytest.raises(GameError):
        state.apply_action("return 2")


@pytest.mark.parametrize("evidence", ["violin", "ham", "bike", "stopwatch"])
def test_consecutive_values_give_two_wild_shapes(evidence) -> None:
    state = scenario(hand=(3, 4), collected=[evidence], icons={evidence: (5,)})
    state.apply_action(f"write 4 on {evidence}")
    assert state.wilds == 2
    free = state.free_placements("0a")[0]
    state.apply_action(Wild("0a", free.orientation, free.anchor))  # a centre shape
    assert state.wilds == 1 and state.placed[-1].source == "wild"
    free = state.free_placements("6b")[0]
    state.apply_action(Wild("6b", free.orientation, free.anchor))  # any wheel shape
    assert state.wilds == 0 and state.hand == (3,)
    spot = state.free_placements("1a")[0]
    with pytest.raises(GameError) as caught:
        state.apply_action(Wild("1a", spot.orientation, spot.anchor))
    assert caught.value.reason == "no-wild"


@pytest.mark.parametrize(("evidence", "first", "second"), [
    ("cocktail", 3, 5), ("cocktail", 3, 6), ("tophat", 1, 4), ("tophat", 1, 5)])
def test_sums_give_four_re_rolls_of_one_or_two_dice(evidence, first, second) -> None:
    state = scenario(hand=(second, 2), collected=[evidence], icons={evidence: (first,)},
                     rolls=[(6,), (5, 1)])
    state.apply_action(f"write {second} on {evidence}")
    assert state.rerolls == 4 and state.hand == (2,)
    assert Reroll((2,)) in state.legal_actions()
    with pytest.raises(GameError) as caught:
        state.apply_action("reroll 3")
    assert caught.value.reason == "no-die"
    state.apply_action("reroll 2")
    assert state.hand == (6,) and state.rerolls == 3 and state.used == 1


def test_a_re_roll_of_two_dice_and_none_left() -> None:
    state = scenario(hand=(2, 2), rerolls=1, rolls=[(5, 1)])
    assert {Reroll((2,)), Reroll((2, 2))} <= set(state.legal_actions())
    state.apply_action("reroll 2,2")
    assert state.hand == (1, 5) and state.rerolls == 0
    with pytest.raises(GameError) as caught:
        state.apply_action("reroll 1")
    assert caught.value.reason == "no-reroll"


@pytest.mark.parametrize(("evidence", "first", "second", "shapes"), [
    ("key", 1, 3, ("7a", "7b")), ("key", 2, 2, ("7a", "7b")), ("apple", 4, 6, ("8a", "8b")),
    ("apple", 6, 6, ("8a", "8b"))])
def test_low_and_high_sums_give_two_shapes_to_place_once_each(evidence, first, second,
                                                              shapes) -> None:
    state = scenario(hand=(second, 1), collected=[evidence], icons={evidence: (first,)})
    state.apply_action(f"write {second} on {evidence}")
    assert state.gifts == shapes
    spot = state.free_placements(shapes[0])[0]
    state.apply_action(Place(shapes[0], spot.orientation, spot.anchor))
    assert state.gifts == shapes[1:] and state.hand == (1,)
    spot = state.free_placements(shapes[0])[0]
    with pytest.raises(GameError) as caught:
        state.apply_action(Place(shapes[0], spot.orientation, spot.anchor))
    assert caught.value.reason == "no-gift"


@pytest.mark.parametrize(("evidence", "first", "second", "ok"), [
    ("teapot", 1, 5, True), ("teapot", 4, 4, True), ("teapot", 6, 2, True),
    ("teapot", 6, 3, False), ("eyeglasses", 3, 4, True), ("eyeglasses", 1, 4, False)])
def test_sums_six_to_eight_score_seven_at_the_end(evidence, first, second, ok) -> None:
    state = scenario(hand=(second, 1), collected=[evidence], icons={evidence: (first,)})
    if not ok:
        with pytest.raises(GameError):
            state.apply_action(f"write {second} on {evidence}")
        return
    state.apply_action(f"write {second} on {evidence}")
    assert dict(state.score().bonuses) == {evidence: 7}


def test_an_ability_is_unlocked_once() -> None:
    state = scenario(hand=(5, 4), collected=["violin"], icons={"violin": (3, 4)},
                     unlocked=["violin"])
    with pytest.raises(GameError) as caught:
        state.apply_action("write 5 on violin")
    assert caught.value.reason == "icons-full"


# -- scoring ----------------------------------------------------------------------------------

def test_a_room_scores_when_every_empty_square_in_it_is_filled() -> None:
    pascal = [str(s) for s in M.rooms["pascal"].squares if str(s) != "H8"]
    state = scenario(hand=(1, 2), filled=pascal[1:])
    assert state.score().rooms == ()
    state.apply_action(f"place 1a r0 @{pascal[0]}")
    assert state.score().rooms == (("pascal", 6),)


def test_the_score_is_its_parts() -> None:
    state = scenario(hand=(1, 2), collected=["violin", "teapot"],
                     icons={"teapot": (3, 4)}, unlocked=["teapot"])
    score = state.score()
    assert score.evidence_points == 4 and score.bonus_points == 7
    assert score.total == score.evidence_points + score.room_points + score.bonus_points


@pytest.mark.parametrize(("points", "band"), [
    (0, 0), (29, 0), (30, 1), (39, 1), (40, 2), (49, 2), (50, 3), (59, 3), (60, 4), (74, 4),
    (75, 5), (122, 5)])
def test_the_verdict_chart_has_six_bands(points: int, band: int) -> None:
    found = verdict(points)
    assert found.band == band and found.low <= points
    assert found.high is None or points <= found.high
    with use_language("zh-CN"):
        assert verdict(points).text != found.text


# -- actions as text --------------------------------------------------------------------------

def test_every_legal_action_reads_back_from_its_text() -> None:
    state = scenario(hand=(3, 5), collected=["violin", "key"], wilds=1, rerolls=1,
                     gifts=("8a",), icons={"key": (1,)})
    actions = state.legal_actions()
    kinds = {type(a) for a in actions}
    assert kinds == {Place, Wild, Write, Reroll}
    for number, action in enumerate(actions):
        assert parse_action(str(action)) == action
        assert number % 25 or eval(repr(action), {"Place": Place, "Wild": Wild, "Write": Write,
                                   "Reroll": Reroll}) == action
    assert state.legal_actions() == actions


@pytest.mark.parametrize("text", ["place 3a r0 C5", "place 9a r0 @C5", "write x on violin",
                                  "reroll 1,2,3", "return", "skip 7", "place 3a r5 @C5", ""])
def test_badly_written_actions_are_refused(text: str) -> None:
    with pytest.raises(BadInputError):
        parse_action(text)


def test_check_placement_takes_a_shape_value_and_refuses_an_unknown_id() -> None:
    state = scenario(hand=(1, 2))
    placement = state.check_placement(Shape.parse("##/##"), Orientation(), "F1")
    assert [str(s) for s in placement.squares] == ["F1", "G1", "F2", "G2"]
    with pytest.raises(GameError) as caught:
        state.check_placement("9z", "r0", "F1")
    assert caught.value.reason == "no-shape"


def test_undo_replays_the_game_without_the_last_action() -> None:
    state = Game(seed=1).new_initial_state()
    first = state.hand
    state.apply_action(state.die_uses(state.hand[0])[0])
    state.apply_action(state.die_uses(state.hand[0])[0])
    assert state.this_turn() == [] and len(state.history) == 2
    back = state.undone()
    assert back.hand == (state.history[-1].value,) and len(back.this_turn()) == 1
    assert back.undone().hand == first and back.undone().filled == M.evidence_mask


def test_a_return_on_the_last_turn_of_the_game_plays_on() -> None:
    state = scenario(hand=(4,), reserve=0, used=5, boxes=4, collected=["crowbar"],
                     icons={"crowbar": (4,)}, rolls=[(2, 3)])
    state.apply_action("write 4 on crowbar")
    assert not state.is_terminal() and state.pending_return == 3
    state.apply_action("return 2")
    assert (state.hand, state.reserve, state.used, state.boxes_checked) == ((2, 3), 0, 4, 4)
    ended = scenario(hand=(4,), reserve=0, used=5, boxes=4, collected=["crowbar"],
                     icons={"crowbar": (4,)})
    ended.apply_action("write 4 on crowbar")
    ended.apply_action("return 0")
    assert ended.is_terminal() and dict(ended.score().bonuses) == {"crowbar": 3}


def test_every_name_of_the_edition_is_translatable_and_seeds_are_checked() -> None:
    from lnb.museum import words

    assert {r.id for r in M.rooms.values()} == set(words.ROOM_NAMES)
    assert {e.id for e in M.evidence} == set(words.EVIDENCE_NAMES)
    assert set(M.time_boxes) == set(words.TIME_BOXES)
    with use_language("zh-CN"):
        assert M.rooms["hall"].name == "大厅" and M.evidence_by_id("bike").name == "大小轮自行车"
        assert words.time_box("10:00 pm") == "晚上 10:00"
    for bad in ("7", True, 2.5):
        with pytest.raises(BadInputError):
            Game(seed=bad)
