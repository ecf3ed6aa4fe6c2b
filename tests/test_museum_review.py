"""An independent review of Consulting Mathematician (``lnb.museum``) against its rulebook
(``shared/seeds/003_39958b65b843b76d.txt``) and the kit's decisions (docs/museum.md).

Each rule is checked by a small scenario, written from the rulebook rather than from the code;
the placement rule and the ability conditions are re-derived independently here. Then a few
hundred random legal games check invariants and every step's bookkeeping.
"""

from __future__ import annotations

import random

import pytest

from lnb.core.errors import GameError, RecordError
from lnb.museum.actions import Place, Reroll, Return, Skip, Wild, Write
from lnb.museum.errors import PlacementError
from lnb.museum.museum import Museum, Square
from lnb.museum.records import replay, write
from lnb.museum.scenario import scenario
from lnb.museum.shapes import Orientation
from lnb.museum.state import Game, State, verdict

M = Museum.standard()


def spot(state: State, sid: str, near: str | None = None):
    """A free placement of ``sid`` (the one nearest ``near`` when given)."""
    free = state.free_placements(sid)
    if near is None:
        return free[0]
    target = Square.parse(near)
    return min(free, key=lambda p: min(abs(s.row - target.row) + abs(s.col - target.col)
                                       for s in p.squares))


def ring(evidence: str) -> list[str]:
    """The squares around an evidence that must be filled (inside the museum)."""
    e = M.evidence_by_id(evidence)
    return [str(s) for s in M.neighbours(e.square) if M.inside(s) and not M.evidence_at(s)]


# -- dice: two a turn, one when one is left, Used only once used, five boxes -------------------

def test_two_dice_a_turn_and_one_when_one_is_left() -> None:
    state = Game(seed=3).new_initial_state()
    assert (len(state.hand), state.reserve, state.used) == (2, 4, 0)
    state = scenario(hand=(1, 1), reserve=1, used=3, rolls=[(4,)])
    state.apply_action("place 1a r0 @A5")
    assert (state.hand, state.reserve, state.used) == ((1,), 1, 4)  # not rolled yet
    state.apply_action("place 1a r0 @A6")
    assert (state.hand, state.reserve, state.used) == ((4,), 0, 5)


def test_a_die_goes_to_used_only_once_it_is_used() -> None:
    state = scenario(hand=(4, 2))
    with pytest.raises(PlacementError):
        state.apply_action("place 4b r0 @A4")  # A5 B5: B5 is the violin
    assert (state.hand, state.used, state.history) == ((2, 4), 0, [])
    with pytest.raises(GameError):
        state.apply_action("write 4 on violin")  # not collected
    assert (state.hand, state.used) == ((2, 4), 0)
    state.apply_action("place 4b r0 @F1")
    assert (state.hand, state.used) == ((2,), 1)


def test_an_empty_reserve_returns_all_six_and_checks_the_next_box() -> None:
    state = scenario(hand=(1, 1), reserve=0, used=4, boxes=2, rolls=[(3, 5)])
    state.apply_action("place 1a r0 @A5")
    assert state.boxes_checked == 2 and (state.reserve, state.used) == (0, 5)
    state.apply_action("place 1a r0 @A6")
    assert state.boxes_checked == 3 and state.log[-1] == ("box", "9:50 pm")
    assert (state.hand, state.reserve, state.used) == ((3, 5), 4, 0)


def test_a_whole_game_is_exactly_five_cycles_and_the_fifth_box_ends_it_at_once() -> None:
    state = Game(seed=21).new_initial_state()
    rng = random.Random(21)
    while not state.is_terminal():
        uses = [a for a in state.legal_actions() if isinstance(a, (Place, Write, Skip, Return))]
        state.apply_action(rng.choice(uses))
    boxes = [text for kind, text in state.log if kind == "box"]
    assert boxes == ["9:40 pm", "9:45 pm", "9:50 pm", "9:55 pm", "10:00 pm"]
    returned = sum(a.count for a in state.history if isinstance(a, Return))
    dice_used = sum(1 for a in state.history if isinstance(a, (Place, Write, Skip))
                    and not (isinstance(a, Place) and a.value in (7, 8)))
    assert dice_used == 30 + returned
    assert state.hand == () and state.legal_actions() == [] and state.time_box() is None
    # the last die of the 10:00 pm cycle ends it even with wild shapes left unused
    last = scenario(hand=(1,), reserve=0, used=5, boxes=4, wilds=2, gifts=("7a",))
    last.apply_action("place 1a r0 @A5")
    assert last.is_terminal() and last.legal_actions() == []
    with pytest.raises(GameError):
        last.apply_action(Wild("1a", Orientation(), Square.parse("A6")))


# -- placing shapes -----------------------------------------------------------------------------

def _reference_fits(cells: list[tuple[int, int]]) -> bool:
    """The rulebook's placement rule written afresh: every cell on the map, inside a room and
    not an evidence square; two side-by-side cells in different rooms only across a doorway."""
    rooms = {}
    for r, c in cells:
        if not (0 <= r < M.height and 0 <= c < M.width):
            return False
        sq = Square(r, c)
        room = M.room_of(sq)
        if room is None or M.evidence_at(sq) is not None:
            return False
        rooms[(r, c)] = room.id
    for (r, c), room in rooms.items():
        for near in ((r + 1, c), (r, c + 1)):
            if near in rooms and rooms[near] != room \
                    and not M.is_doorway(Square(r, c), Square(*near)):
                return False
    return True


@pytest.mark.parametrize("sid", M.wheel.ids)
def test_placements_agree_with_the_rule_written_afresh(sid: str) -> None:
    """Every orientation of every shape at every anchor: the library's static placements are
    exactly the fitting ones, once per distinct lie (no duplicates of symmetric shapes)."""
    shape = M.wheel[sid]
    expected = set()
    for o in Orientation.all():
        cells = shape.oriented(o).cells
        for r in range(-5, M.height + 5):
            for c in range(-5, M.width + 5):
                moved = [(r + dr, c + dc) for dr, dc in cells]
                if _reference_fits(moved):
                    expected.add(frozenset(moved))
    found = [frozenset((s.row, s.col) for s in p.squares) for p in M.placements(sid)]
    assert len(found) == len(set(found))
    assert set(found) == expected
    assert all(len(f) == shape.size for f in found)  # drawn whole


def test_eight_orientations_and_symmetric_shapes_listed_once() -> None:
    state = scenario(hand=(6, 4))
    actions = state.legal_actions()
    orientations = {a.orientation for a in actions if isinstance(a, Place) and a.shape == "6b"}
    assert orientations == set(Orientation.all())
    square = {a.orientation for a in actions if isinstance(a, Place) and a.shape == "4b"}
    assert square == {Orientation()}
    masks = [state.check_placement(a.shape, a.orientation, a.anchor).mask
             for a in actions if isinstance(a, Place)]
    assert len(masks) == len(set(masks))
    # a symmetric shape written in another orientation is the same drawing, and is accepted
    state.apply_action("place 4b r2 @F1")
    assert [str(s) for s in state.placed[-1].squares] == ["F1", "G1", "F2", "G2"]


def test_no_overlap_and_whole_shapes_inside_the_museum() -> None:
    state = scenario(hand=(5, 5), filled="F1")
    for text, reason in [("place 5a r0 @D1", "filled"), ("place 5a r0 @L1", "outside"),
                         ("place 5a r1 @A10", "outside"), ("place 5b r0 @K1", "evidence")]:
        with pytest.raises(PlacementError) as caught:
            state.apply_action(text)
        assert caught.value.reason == reason, text
    assert state.hand == (5, 5) and state.placed == []


def test_a_shape_may_span_rooms_only_through_doorways() -> None:
    state = scenario(hand=(1, 2), wilds=3)
    state.apply_action("place 2a r1 @G5")  # G5 G6 (Link), G7 (Pascal) through G6/G7
    assert {M.room_of(s).id for s in state.placed[-1].squares} == {"link", "pascal"}
    # three rooms through two doorways: I6 (Euler) / I7 (Pascal) ... J8 (Pascal) / K8 (Fib.)
    state.apply_action("wild 0b r0 @I6")
    assert {M.room_of(s).id for s in state.placed[-1].squares} == {"euler", "pascal",
                                                                     "fibonacci"}
    # a 2x2 over the doorway E5/F5 also crosses E4/F4, a wall
    with pytest.raises(PlacementError) as caught:
        state.check_placement("4b", "r0", "E4")
    assert caught.value.reason == "wall"
    # only side-by-side cells matter: an L in Link hugging Germain's corner at F6/E6... fits
    placed = state.check_placement("2b", "r0", "F4")  # F4 G4 / F5: all Link
    assert {M.room_of(s).id for s in placed.squares} == {"link"}
    assert M.room_of("E6").id == "germain"  # diagonal to F5's neighbour, no wall crossed


def test_a_shape_touching_two_rooms_diagonally_across_a_wall_corner_fits() -> None:
    """Some accepted placement has two of its cells in different rooms touching only at a
    corner, with no side-by-side pair across a wall (the rule is about sides)."""
    found = []
    for sid in M.wheel.ids:
        for p in M.placements(sid):
            cells = {(s.row, s.col): M.room_of(s).id for s in p.squares}
            diagonal = any((r + 1, c + d) in cells and cells[(r + 1, c + d)] != room
                           and cells.get((r, c + d)) is not None
                           and cells.get((r + 1, c)) is None
                           for (r, c), room in cells.items() for d in (-1, 1))
            if diagonal:
                found.append(p)
    assert found
    for p in found[:50]:
        assert _reference_fits([(s.row, s.col) for s in p.squares])


# -- evidence ----------------------------------------------------------------------------------

def test_evidence_needs_all_eight_neighbours_and_the_edges_count_as_filled() -> None:
    around = ring("stopwatch")
    assert len(around) == 8
    state = scenario(hand=(1, 1), filled=around[1:-1], rolls=[(2, 2)])
    state.apply_action(f"place 1a r0 @{around[0]}")
    assert "stopwatch" not in state.collected  # one neighbour still empty
    state.apply_action(f"place 1a r0 @{around[-1]}")
    assert state.collected == ("stopwatch",)
    assert len(ring("key")) == 5 and len(ring("eyeglasses")) == 7  # map edge; O12 outside


@pytest.mark.parametrize("how", ["wild", "gift"])
def test_evidence_is_collected_by_a_wild_or_a_gift_shape(how: str) -> None:
    around = ring("violin")  # A4 B4 C4 A5 C5 A6 B6 C6
    rest = [s for s in around if s not in ("A6", "B6", "C6")]
    gifts = ("7b",) if how == "gift" else ()
    state = scenario(hand=(6, 6), filled=rest, wilds=1 if how == "wild" else 0, gifts=gifts)
    shape = "2a" if how == "wild" else "7b"
    if how == "wild":
        state.apply_action("wild 2a r0 @A6")
    else:  # the Y: A6 B6 C6 D6 and B7? B7 is Hall, across the B6/B7 doorway
        state.apply_action("place 7b r0 @A6")
    assert "violin" in state.collected, shape
    assert state.hand == (6, 6)  # no die paid


def test_evidence_collected_by_the_first_die_takes_the_second() -> None:
    around = ring("violin")
    state = scenario(hand=(1, 5), filled=[s for s in around if s != "C6"],
                     icons={}, rolls=[(2, 2)])
    assert state.writable(5) == []
    state.apply_action("place 1a r0 @C6")
    assert state.writable(5) == ["violin"] and Write(5, "violin") in state.legal_actions()
    state.apply_action("write 5 on violin")
    assert state.icons("violin") == (5,)


# -- abilities: conditions exactly -------------------------------------------------------------

CONDITIONS = {
    "crowbar": lambda a, b: a == b, "binoculars": lambda a, b: a == b,
    "violin": lambda a, b: abs(a - b) == 1, "ham": lambda a, b: abs(a - b) == 1,
    "bike": lambda a, b: abs(a - b) == 1, "stopwatch": lambda a, b: abs(a - b) == 1,
    "cocktail": lambda a, b: 8 <= a + b <= 9, "tophat": lambda a, b: 5 <= a + b <= 6,
    "key": lambda a, b: a + b <= 4, "apple": lambda a, b: a + b >= 10,
    "teapot": lambda a, b: 6 <= a + b <= 8, "eyeglasses": lambda a, b: 6 <= a + b <= 8,
}


@pytest.mark.parametrize("evidence", sorted(CONDITIONS))
def test_every_pair_of_values_unlocks_exactly_when_the_rulebook_says(evidence: str) -> None:
    ok = CONDITIONS[evidence]
    for a in range(1, 7):
        for b in range(1, 7):
            state = scenario(hand=(a, b), collected=[evidence], rolls=[(1, 1)])
            startable = any(ok(a, v) for v in range(1, 7))
            if not startable:
                with pytest.raises(GameError):
                    state.apply_action(f"write {a} on {evidence}")
                continue
            state.apply_action(f"write {a} on {evidence}")
            if ok(a, b):
                state.apply_action(f"write {b} on {evidence}")
                assert state.unlocked == (evidence,), (a, b)
            else:
                assert Write(b, evidence) not in state.legal_actions()
                with pytest.raises(GameError):
                    state.apply_action(f"write {b} on {evidence}")
                assert state.unlocked == (), (a, b)


def test_six_and_one_are_not_consecutive_either_way() -> None:
    for first, second in ((6, 1), (1, 6)):
        state = scenario(hand=(second, 3), collected=["ham"], icons={"ham": (first,)})
        with pytest.raises(GameError) as caught:
            state.apply_action(f"write {second} on ham")
        assert caught.value.reason == "wrong-pair"


@pytest.mark.parametrize(("used", "most"), [(6, 3), (5, 3), (3, 3), (2, 2), (1, 1)])
def test_a_return_moves_up_to_three_and_never_more_than_are_used(used: int, most: int) -> None:
    """``used`` counts the die just written (it is in Used when the ability fires)."""
    state = scenario(hand=(4,), reserve=6 - used, used=used - 1, collected=["binoculars"],
                     icons={"binoculars": (4,)}, rolls=[(1, 1)])
    state.apply_action("write 4 on binoculars")
    assert (state.unlocked, state.used) == (("binoculars",), used)
    assert state.legal_actions() == [Return(k) for k in range(most + 1)]
    with pytest.raises(GameError):
        state.apply_action(f"return {most + 1}")
    reserve = state.reserve
    state.apply_action(f"return {most}")
    assert state.used == used - most and state.pending_return == 0
    assert state.reserve + len(state.hand) == reserve + most and state.hand == (1, 1)
    assert state.boxes_checked == 0 or reserve + most == 0


def test_wild_shapes_take_any_wheel_shape_and_are_counted() -> None:
    state = scenario(hand=(4, 5), collected=["violin", "bike"], icons={"violin": (3,),
                                                                      "bike": (6,)},
                     rolls=[(1, 1)])
    state.apply_action("write 4 on violin")
    state.apply_action("write 5 on bike")
    assert state.wilds == 4  # two abilities, two each
    wild_shapes = {a.shape for a in state.legal_actions() if isinstance(a, Wild)}
    assert wild_shapes == set(M.wheel.ids)  # the centre, the key's and the apple's too
    for n, sid in enumerate(("0a", "0c", "8b", "6a")):
        state.apply_action(Wild(sid, *_lie(spot(state, sid))))
        assert state.wilds == 3 - n
    assert not any(isinstance(a, Wild) for a in state.legal_actions())


def _lie(p):
    return p.orientation, p.anchor


def test_re_rolls_are_four_opportunities_of_one_or_two_dice_before_use() -> None:
    state = scenario(hand=(4, 5), collected=["cocktail"], icons={"cocktail": (4,)},
                     rolls=[(3,), (6, 6), (2, 6), (1,), (5,)])
    state.apply_action("write 5 on cocktail")  # 4 + 5 = 9
    assert state.rerolls == 4 and state.hand == (4,)
    state.apply_action("reroll 4")  # the die not used yet
    assert state.hand == (3,)
    with pytest.raises(GameError):
        state.apply_action("reroll 3,5")  # the 5 is used
    state.apply_action("place 3a r0 @A10")
    assert state.hand == (6, 6)
    state.apply_action("reroll 6,6")
    state.apply_action("reroll 2")
    assert state.rerolls == 1
    state.apply_action(Reroll((1,)))
    assert state.rerolls == 0 and state.hand == (5, 6)
    assert not any(isinstance(a, Reroll) for a in state.legal_actions())


def test_gift_shapes_are_placed_once_each_before_between_and_after_the_dice() -> None:
    state = scenario(hand=(6, 1), reserve=0, used=4, collected=["apple"],
                     icons={"apple": (6,)}, rolls=[(2, 3)])
    state.apply_action("write 6 on apple")  # 6 + 6 = 12
    assert state.gifts == ("8a", "8b") and state.hand == (1,)
    state.apply_action(Place("8a", *_lie(spot(state, "8a"))))  # between the two dice
    state.apply_action("place 1a r0 @A5")  # the cycle ends: box, a new turn
    assert state.boxes_checked == 1 and state.hand == (2, 3)
    state.apply_action(Place("8b", *_lie(spot(state, "8b"))))  # before the dice of a turn
    assert state.gifts == () and state.hand == (2, 3)


@pytest.mark.parametrize(("evidence", "pair", "points"), [
    ("crowbar", (2, 2), 3), ("binoculars", (5, 5), 3), ("teapot", (2, 4), 7),
    ("eyeglasses", (4, 4), 7)])
def test_end_bonuses_only_once_unlocked(evidence: str, pair: tuple[int, int],
                                        points: int) -> None:
    state = scenario(hand=(pair[1], 1), collected=[evidence], icons={evidence: pair[:1]})
    assert state.score().bonuses == ()  # collected, one icon written: no bonus
    state.apply_action(f"write {pair[1]} on {evidence}")
    if state.pending_return:
        state.apply_action("return 0")
    assert dict(state.score().bonuses) == {evidence: points}
    assert state.score().total == 2 + points
    other = scenario(hand=(1, 1), collected=["violin", "cocktail"],
                     icons={"violin": (2, 3), "cocktail": (4, 4)},
                     unlocked=["violin", "cocktail"])
    assert other.score().bonuses == ()  # wild shapes and re-rolls score nothing


# -- scoring -----------------------------------------------------------------------------------

def test_a_room_scores_only_when_every_empty_square_is_filled() -> None:
    euclid = [str(s) for s in M.rooms["euclid"].squares]
    empty = [s for s in euclid if not M.evidence_at(s)]
    assert len(euclid) - len(empty) == 2  # binoculars and key: they don't block the room
    state = scenario(hand=(1, 1), filled=empty[:-1])
    assert dict(state.score().rooms) == {} and "binoculars" in state.collected
    state.apply_action(f"place 1a r0 @{empty[-1]}")
    assert dict(state.score().rooms) == {"euclid": 9}
    score = state.score()
    assert score.total == 2 * len(score.evidence) + 9 + score.bonus_points


def test_a_full_map_scores_every_room_and_evidence() -> None:
    every = [str(s) for s in M.squares_of(M.inside_mask & ~M.evidence_mask)]
    state = scenario(hand=(1, 1), filled=every)
    score = state.score()
    assert len(score.evidence) == 12 and dict(score.rooms) == {
        r.id: r.points for r in M.rooms.values()}
    assert score.total == 24 + 78


@pytest.mark.parametrize(("points", "low", "band"), [
    (0, 0, 0), (29, 0, 0), (30, 30, 1), (39, 30, 1), (40, 40, 2), (49, 40, 2), (50, 50, 3),
    (59, 50, 3), (60, 60, 4), (74, 60, 4), (75, 75, 5), (102, 75, 5)])
def test_verdict_bands_at_their_boundaries(points: int, low: int, band: int) -> None:
    found = verdict(points)
    assert (found.band, found.low) == (band, low)
    assert found.high == {0: 29, 1: 39, 2: 49, 3: 59, 4: 74, 5: None}[band]


# -- records -----------------------------------------------------------------------------------

def _random_game(seed: int, stop: int | None = None) -> State:
    state = Game(seed=seed).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and (stop is None or len(state.history) < stop):
        actions = state.legal_actions()
        kinds = sorted({type(a).__name__ for a in actions})
        kind = rng.choice(kinds)
        state.apply_action(rng.choice([a for a in actions if type(a).__name__ == kind]))
    return state


@pytest.mark.parametrize("stop", [None, 17])
def test_a_record_replays_to_the_same_state(stop: int | None) -> None:
    state = _random_game(5, stop)
    again = replay(write(state)).state
    for name in ("filled", "hand", "reserve", "used", "boxes_checked", "wilds", "rerolls",
                 "gifts", "pending_return", "collected", "unlocked", "log", "rolls"):
        assert getattr(again, name) == getattr(state, name), name
    assert again.score() == state.score() and again.history == state.history


def test_a_tampered_record_is_refused_naming_the_entry() -> None:
    record = write(_random_game(6))
    index = next(i for i, a in enumerate(record["actions"]) if a.startswith("place"))
    shape = record["actions"][index].split()[1]
    bad = {**record, "actions": list(record["actions"])}
    bad["actions"][index] = f"place {shape} r0 @A1"  # A1 is outside the museum
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert caught.value.entry == f"actions[{index}]"
    assert str(caught.value).startswith(f"actions[{index}] ")
    richer = {**record, "score": {**record["score"], "total": record["score"]["total"] + 1}}
    with pytest.raises(RecordError) as caught:
        replay(richer)
    assert caught.value.entry == "score"
    changed = [1, 1] if record["rolls"][0] != [1, 1] else [2, 2]
    with pytest.raises(RecordError) as caught:
        replay({**record, "rolls": [changed, *record["rolls"][1:]]})
    assert caught.value.entry == "rolls"


# -- random legal games: invariants at every step ---------------------------------------------

def _facts(state: State) -> dict:
    return {"filled": state.filled, "hand": state.hand, "reserve": state.reserve,
            "used": state.used, "boxes": state.boxes_checked, "wilds": state.wilds,
            "rerolls": state.rerolls, "gifts": state.gifts, "collected": state.collected,
            "unlocked": state.unlocked, "total": state.score().total,
            "pending": state.pending_return, "turn": state.turn}


def _check_step(before: dict, action, state: State) -> None:
    after = _facts(state)
    assert before["filled"] & ~after["filled"] == 0  # the map only fills
    assert after["collected"][:len(before["collected"])] == before["collected"]
    assert after["unlocked"][:len(before["unlocked"])] == before["unlocked"]
    assert after["total"] >= before["total"]
    assert after["boxes"] - before["boxes"] in (0, 1)
    if isinstance(action, (Place, Wild)):
        drawn = state.placed[-1]
        assert drawn.placement.mask & before["filled"] == 0
        assert len(drawn.squares) == M.wheel[action.shape].size
        assert after["filled"] == before["filled"] | drawn.placement.mask
    else:
        assert after["filled"] == before["filled"]
    pays = isinstance(action, (Write, Skip)) or (isinstance(action, Place)
                                                 and action.value <= 6)
    if pays:  # one die from the hand to Used, then maybe a new turn or a box
        rest = list(before["hand"])
        rest.remove(action.value)
        if after["turn"] == before["turn"]:
            assert sorted(after["hand"]) == sorted(rest)
            assert after["used"] == before["used"] + 1 or after["pending"]
    if isinstance(action, Wild):
        assert after["wilds"] == before["wilds"] - 1
    if isinstance(action, Place) and action.value in (7, 8):
        assert action.shape in before["gifts"] and action.shape not in after["gifts"]
        assert after["hand"] == before["hand"]
    if isinstance(action, Reroll):
        assert after["rerolls"] == before["rerolls"] - 1
        assert len(after["hand"]) == len(before["hand"])
    if isinstance(action, Return):
        assert action.count <= min(3, before["used"])
        assert after["pending"] == 0
    if after["turn"] != before["turn"] and not state.is_terminal():
        assert len(after["hand"]) == min(2, after["reserve"] + len(after["hand"]))
        if after["boxes"] > before["boxes"]:
            assert (after["reserve"], after["used"]) == (6 - len(after["hand"]), 0)
    assert state.dice_count() == 6
    if state.is_terminal():
        assert after["boxes"] == 5 and state.legal_actions() == [] and not state.hand
    else:
        assert after["boxes"] < 5 and (state.hand or state.pending_return)
        legal = state.legal_actions()
        assert legal and len(legal) == len(set(legal))
        if state.pending_return:
            assert all(isinstance(a, Return) for a in legal)
    for e in M.evidence:
        assert (e.id in state.collected) == (not M.ring_masks[e.id] & ~state.filled)
    for eid in state.unlocked:
        a, b = state.icons(eid)
        assert CONDITIONS[eid](a, b)
    score = state.score()
    assert score.total == 2 * len(score.evidence) + score.room_points + score.bonus_points


@pytest.mark.parametrize("block", range(6))
def test_random_legal_games_keep_every_rule(block: int) -> None:
    for seed in range(1000 + 50 * block, 1050 + 50 * block):
        state = Game(seed=seed).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            kinds = sorted({type(a).__name__ for a in actions})
            kind = rng.choice(kinds)
            action = rng.choice([a for a in actions if type(a).__name__ == kind])
            before = _facts(state)
            state.apply_action(action)
            _check_step(before, action, state)
        assert [t for k, t in state.log if k == "box"] == list(M.time_boxes)


# -- the scenario helper (tests, lessons and worked examples build on it) ----------------------

def test_a_scenarios_clone_gets_the_same_scripted_dice_and_leaves_the_original_its_own() -> None:
    state = scenario(hand=(1, 1), rolls=[(2, 3)])
    copy = state.clone()
    copy.apply_action("place 1a r0 @A5")
    copy.apply_action("place 1a r0 @A6")
    assert copy.hand == (2, 3)
    state.apply_action("place 1a r0 @F1")  # the original plays its own game on
    state.apply_action("place 1a r0 @G1")
    assert state.hand == (2, 3) and not state.is_filled("A5")


def test_a_scenarios_undo_replays_from_the_scenario_not_from_a_fresh_game() -> None:
    state = scenario(hand=(1, 4), filled="A4 B4", collected=["violin"], wilds=1,
                     rolls=[(5, 6)])
    state.apply_action("wild 1a r0 @F1")
    state.apply_action("place 1a r0 @G1")
    state.apply_action("write 4 on violin")
    back = state.undone()
    assert (back.hand, back.wilds, back.collected) == ((4,), 0, ("violin",))
    assert back.filled == state.filled and back.icons("violin") == ()
    forward = back.clone()
    forward.apply_action("write 4 on violin")
    assert forward.hand == state.hand == (5, 6)
    assert state.undone(3).filled == scenario(hand=(1, 4), filled="A4 B4",
                                              collected=["violin"]).filled


# -- a refused placement explained again in another language -----------------------------------

def test_a_refused_placement_names_rooms_and_evidence_in_the_language_of_the_moment() -> None:
    from lnb.core.i18n import use_language
    from lnb.museum import words

    state = scenario(hand=(4, 2))
    with pytest.raises(PlacementError) as wall:
        state.apply_action("place 4b r0 @A6")  # made in English
    with pytest.raises(PlacementError) as evidence:
        state.apply_action("place 2a r0 @B2")
    with use_language("zh-CN"):
        germain, hall = str(words.ROOM_NAMES["germain"]), str(words.ROOM_NAMES["hall"])
        crowbar = str(words.EVIDENCE_NAMES["crowbar"])
        assert germain in wall.value.explain() and hall in wall.value.explain()
        assert "Germain" not in wall.value.explain()
        assert crowbar in evidence.value.explain() and "crowbar" not in evidence.value.explain()
    assert (wall.value.room, wall.value.other) == ("Germain Gallery", "Hall")  # as before
    assert "Germain Gallery" in wall.value.explain() and "crowbar" in evidence.value.explain()


# -- anything the library accepts is legal; anything it refuses changes nothing ---------------

def _any_action(rng: random.Random) -> str:
    lie = f"{rng.choice([str(o) for o in Orientation.all()])} @{chr(65 + rng.randrange(15))}" \
          f"{rng.randrange(1, 13)}"
    return rng.choice([
        f"place {rng.choice(M.wheel.ids)} {lie}", f"wild {rng.choice(M.wheel.ids)} {lie}",
        f"write {rng.randrange(1, 7)} on {rng.choice([e.id for e in M.evidence])}",
        "reroll " + ",".join(str(rng.randrange(1, 7)) for _ in range(rng.randrange(1, 3))),
        f"return {rng.randrange(0, 5)}", f"skip {rng.randrange(1, 7)}"])


def _bookkeeping(s: State) -> tuple:
    return (s.filled, s.hand, s.reserve, s.used, s.wilds, s.rerolls, s.gifts, s.pending_return,
            s.collected, dict(s.sheet.icons), s.unlocked, len(s.history), s.turn,
            s.boxes_checked, len(s.log), len(s.placed))


@pytest.mark.parametrize("seed", range(8))
def test_what_is_accepted_is_legal_and_what_is_refused_changes_nothing(seed: int) -> None:
    from lnb.core.errors import LnbError
    from lnb.museum.actions import parse_action

    rng = random.Random(seed)
    state = Game(seed=seed).new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        effects = {(type(a), a.shape, state.check_placement(a.shape, a.orientation,
                                                             a.anchor).mask)
                   if isinstance(a, (Place, Wild)) else a for a in legal}
        for _ in range(12):
            text = _any_action(rng)
            copy = state.clone()
            before = _bookkeeping(copy)
            try:
                copy.apply_action(text)
            except LnbError:
                assert _bookkeeping(copy) == before, text
                continue
            action = parse_action(text)
            if isinstance(action, (Place, Wild)):
                assert (type(action), action.shape, copy.placed[-1].placement.mask) in effects
            else:
                assert action in effects, text
        kind = rng.choice(sorted({type(a).__name__ for a in legal}))
        state.apply_action(rng.choice([a for a in legal if type(a).__name__ == kind]))
