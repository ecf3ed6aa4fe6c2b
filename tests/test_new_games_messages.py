"""The two new games' messages are translated when shown (issue 14): every error of a catalogue
of bad inputs for the museum (``lnb.museum``) and for Ada's Dream (``lnb.dream``) renders in the
pseudo-language with no English word outside the marks, and in 简体中文 with Chinese characters;
an error made in English is shown in the language of the moment; the fields stay data."""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path

import pytest
from message_checks import CHINESE, Unmarked, assert_marked, assert_speaks_chinese
from message_checks import error_of as _error

from lnb.core import i18n
from lnb.core.errors import LnbError, RecordError
from lnb.dream import edition as dream_edition
from lnb.dream import records as dream_records
from lnb.dream.actions import ACTIONS
from lnb.dream.actions import parse_action as dream_action
from lnb.dream.bots import STRATEGIES
from lnb.dream.bots import make_bot as dream_bot
from lnb.dream.dice import Colour, Die
from lnb.dream.edition import Area
from lnb.dream.state import Game as DreamGame
from lnb.museum.actions import Place, Reroll, Return, Skip, Write, parse_action
from lnb.museum.bots import make_bot as museum_bot
from lnb.museum.daily import daily_seed
from lnb.museum.errors import PlacementError
from lnb.museum.museum import Museum, Square
from lnb.museum.records import replay as museum_replay
from lnb.museum.records import write as museum_write
from lnb.museum.scenario import ScriptedChance, scenario
from lnb.museum.shapes import Orientation, Shape
from lnb.museum.state import Game

MUSEUM = Museum.standard()
MUSEUM_DATA = json.loads((Path(__file__).parent.parent / "lnb/museum/data/standard.json")
                         .read_text("utf-8"))
DREAM_DATA = json.loads((Path(__file__).parent.parent / "lnb/dream/data/classroom.json")
                        .read_text("utf-8"))


def _state():
    return Game(seed=1).new_initial_state()  # hand (2, 6)


def _placement(reason: str) -> Callable[[], object]:
    """An action refused for ``reason`` (the first one found over the wheel and the map)."""
    state = _state()
    state.apply_action("place 6b r0 @A4")  # a filled square to run into
    for sid in MUSEUM.wheel.ids:
        for o in Orientation.all():
            for r in range(-1, MUSEUM.height + 1):
                for c in range(MUSEUM.width):
                    try:
                        state.check_placement(sid, o, Square(r, c))
                    except PlacementError as err:
                        if err.reason == reason:
                            return functools.partial(state.check_placement, sid, o,
                                                     Square(r, c))
    raise AssertionError(reason)  # pragma: no cover


def _evidence(test: Callable[[object], bool]) -> str:
    return next(e.id for e in MUSEUM.evidence if test(e.ability))


SAME = _evidence(lambda a: a.condition == "same")
PICKY = _evidence(lambda a: not all(a.can_start(v) for v in range(1, 7)))
NO_START = next(v for v in range(1, 7) if not MUSEUM.evidence_by_id(PICKY).ability.can_start(v))


def _returning():
    state = scenario(hand=(1, 2), reserve=2, used=2)
    state.pending_return = 3
    return state


def _record(**changes):
    state = _state()
    state.apply_action("place 6b r0 @A4")
    return {**museum_write(state), **changes}


def _edition(change: Callable[[dict], None]) -> Callable[[], object]:
    data = copy.deepcopy(MUSEUM_DATA)
    change(data)
    return lambda: Museum(data, "mine.json")


#: Bad input of every kind the museum meets: action texts and values, illegal actions,
#: squares, orientations, shapes, dates, seeds, scenarios, broken and tampered records, broken
#: editions.
MUSEUM_BAD: dict[str, Callable[[], object]] = {
    **{f"action {text!r}": (lambda text=text: parse_action(text)) for text in [
        "jump 3", "place 3a", "place 3a r9 @C5", "wild 3a r1f", "write x on violin",
        "write 4", "reroll", "reroll 3,5,6", "return x", "skip", "", "place 3a r1f @C",
        "place 9z r0 @C5", "write 9 on violin", "reroll 7", "return 9", "skip 0",
    ]},
    "action not text": lambda: parse_action(5),
    "place bad shape": lambda: Place("3z", Orientation(), Square(2, 2)),
    "place bad orientation": lambda: Place("3a", 5, Square(2, 2)),
    "write bad evidence": lambda: Write(4, ""),
    "reroll three": lambda: Reroll((1, 2, 3)),
    "return many": lambda: Return(9),
    "skip seven": lambda: Skip(7),
    "no die": lambda: _state().apply_action("place 3a r0 @C5"),
    "wild only": lambda: _state().apply_action("place 0a r0 @C5"),
    "no gift": lambda: _state().apply_action("place 7a r0 @C5"),
    "no wild": lambda: _state().apply_action("wild 3a r0 @C5"),
    "no evidence": lambda: _state().apply_action("write 2 on nothing"),
    "not collected": lambda: _state().apply_action("write 2 on violin"),
    "no reroll": lambda: _state().apply_action("reroll 2"),
    "no return": lambda: _state().apply_action("return 1"),
    "has use": lambda: _state().apply_action("skip 2"),
    "no shape": lambda: _state().check_placement("9z", "r0", "C5"),
    "not an action": lambda: _state().apply_action(Orientation()),
    "cannot pair": lambda: scenario(hand=(NO_START, 1), collected=[PICKY]).apply_action(
        Write(NO_START, PICKY)),
    "wrong pair": lambda: scenario(hand=(2, 3), collected=[SAME], icons={SAME: (1,)})
    .apply_action(Write(2, SAME)),
    "icons full": lambda: scenario(hand=(2, 3), collected=[SAME], icons={SAME: (1, 1)})
    .apply_action(Write(2, SAME)),
    "no unused die to re-roll": lambda: scenario(hand=(2, 3), rerolls=1).apply_action(
        Reroll(5)),
    "return first": lambda: _returning().apply_action("skip 1"),
    "too many": lambda: _returning().apply_action(Return(3)),
    "game over": lambda: scenario(boxes=5).apply_action("skip 1"),
    **{f"placement {reason}": _placement(reason)
       for reason in ("outside", "evidence", "filled", "wall")},
    **{f"square {text!r}": (lambda text=text: Square.parse(text))
       for text in ["ZZ", "C0", "5C", "", 5]},
    **{f"orientation {text!r}": (lambda text=text: Orientation.parse(text))
       for text in ["r4", "f", 3]},
    "orientation turns": lambda: Orientation(5),
    **{f"shape {text!r}": (lambda text=text: Shape.parse(text))
       for text in ["abc", "...", "#./.#", 7]},
    "shape no cells": lambda: Shape(frozenset()),
    **{f"date {text!r}": (lambda text=text: daily_seed(text))
       for text in ["2026-13-01", "tomorrow", "12/01/2026"]},
    "seed": lambda: Game(seed="abc"),
    "bot": lambda: museum_bot("nope"),
    "scenario no dice": lambda: ScriptedChance([]).roll("turn 2", 2),
    "scenario script": lambda: ScriptedChance([(1,)]).roll("turn 2", 2),
    "scenario count": lambda: scenario(hand=(1, 2), reserve=5, used=5),
    "record type": lambda: museum_replay(5).state,
    "record json": lambda: museum_replay("{").state,
    "record deep": lambda: museum_replay("{" + '"a": [' * 3000).state,
    "record no file": lambda: museum_replay("no-such-museum-game.json").state,
    "record format": lambda: museum_replay(_record(format="chess")).state,
    "record edition": lambda: museum_replay(_record(edition="../../etc/passwd")).state,
    "record seed missing": lambda: museum_replay({**_record(), "seed": None}).state,
    "record seed": lambda: museum_replay(_record(seed="x")).state,
    "record players": lambda: museum_replay(_record(players=[{"name": "A"}, {"name": "B"}])).state,
    "record actions": lambda: museum_replay(_record(actions="place 6b r0 @A4")).state,
    "record action type": lambda: museum_replay(_record(actions=[5])).state,
    "record action text": lambda: museum_replay(_record(actions=["jump 3"])).state,
    "record action illegal": lambda: museum_replay(_record(actions=["place 6b r0 @A4"] * 2)).state,
    "record action placement": lambda: museum_replay(_record(actions=["place 6b r0 @A1"])).state,
    "record rolls": lambda: museum_replay(_record(rolls=[[1, 1]])).state,
    "record score": lambda: museum_replay(_record(score={"total": 99})).state,
    "edition rows": _edition(lambda d: d["map"].append("NN")),
    "edition no map": _edition(lambda d: d.pop("map")),
    "edition map type": _edition(lambda d: d.update(map="NNN")),
    "edition room": _edition(lambda d: d["map"].__setitem__(0, "Z" + d["map"][0][1:])),
    "edition doorway": _edition(lambda d: d["doorways"].append("A1/A2")),
    "edition file": lambda: Museum.named("nope"),
}


def _after_the_end() -> None:
    state = Game(seed=3).new_initial_state()
    bot = museum_bot("greedy", seed=0)
    while not state.is_terminal():
        state.apply_action(bot.choose_action(state))
    record = museum_write(state)
    museum_replay({**record, "actions": [*record["actions"], "skip 1"], "score": None,
                 "rolls": None})


MUSEUM_BAD["record after the end"] = _after_the_end


# ---------------------------------------------------------------------------- Ada's Dream
PLAYERS = ["Ada", "Bea"]


def _dream():
    return DreamGame(PLAYERS, seed=5).new_initial_state()


def _dream_edition(change: Callable[[dict], None]) -> Callable[[], object]:
    data = copy.deepcopy(DREAM_DATA)
    change(data)
    return lambda: dream_edition.DreamReader(data, "mine.json").read("mine")


def _dream_record(**changes):
    state = _dream()
    state.apply_action(dream_action("Ada: collect 2"))
    return {**dream_records.write(state), **changes}


DREAM_BAD: dict[str, Callable[[], object]] = {
    **{f"action {text!r}": (lambda text=text: dream_action(text)) for text in [
        "nonsense", "Ada: fly 3", "Ada: collect", "Ada: collect x", "Ada: ", 5,
        "Ada: area nowhere",
    ]},
    "collect no space": lambda: _dream().apply_action(dream_action("Ada: collect 9")),
    "not your turn": lambda: _dream().apply_action(dream_action("Bea: collect 1")),
    "wrong step": lambda: _dream().apply_action(dream_action("Ada: publish")),
    "not an action": lambda: _dream().apply_action("Ada: collect 1"),
    "no such player": lambda: _dream().player("Cy"),
    "one player": lambda: DreamGame(["Ada"]),
    "same name": lambda: DreamGame(["Ada", "Ada"]),
    "die": lambda: Die.parse("purple3"),
    "die face": lambda: Die(Colour.RED, 9),
    "bot": lambda: dream_bot("nobody"),
    "bot strategy": lambda: dream_bot("greedy:nothing"),
    "record seed": lambda: dream_records.replay({**_dream_record(), "seed": None}),
    "record actions": lambda: dream_records.replay(_dream_record(actions="Ada: collect 2")),
    "record action": lambda: dream_records.replay(_dream_record(actions=["Bea: collect 1"])),
    "record text": lambda: dream_records.replay(_dream_record(actions=["jump"])),
    "record players": lambda: dream_records.replay(
        _dream_record(players=[{"name": "Ada"}, {"name": "Ada"}])),
    "record format": lambda: dream_records.replay(_dream_record(format="chess")),
    "record file": lambda: dream_records.load(Path(__file__)),
    "edition eight": _dream_edition(lambda d: d["starting_partners"][0].update(copies=5)),
    "edition effect": _dream_edition(lambda d: d["partners"][0].update(effect=[1])),
    "edition effect number": _dream_edition(
        lambda d: d["partners"][0].update(effect={"money": 0})),
    "edition payment": _dream_edition(
        lambda d: d["partners"][0].update(effect={"pay": {"money": 1}})),
    "edition card id": _dream_edition(lambda d: d["partners"][0].pop("id")),
    "edition science": _dream_edition(lambda d: d["partners"][0].update(science="alchemy")),
    "edition cost": _dream_edition(lambda d: d["partners"][0].update(cost="lower")),
    "edition twice": _dream_edition(lambda d: d["gears"].append(d["gears"][0])),
    "edition missing": _dream_edition(lambda d: d.pop("dice")),
    "edition file": lambda: dream_edition.Edition.load("nope"),
}


#: What may stay unmarked: numbers, the notation pupils type (squares, shapes, orientations,
#: dice), the ids of the data files (evidence, rooms, cards, effects: what a record or an
#: edition is written with), people's names, and anything quoted back.
NOTATION = re.compile(r"[-+]?\d+|[A-Za-z]\d{0,2}|\d[a-c]|r[0-3]f?|[a-z]+\d|\d+[a-z]?")
IDS = {e.id for e in MUSEUM.evidence} | set(MUSEUM.rooms) | {
    "Ada", "Bea", "Cy", "None", "True", "False", "mine", "json", "standard", "classroom",
    "actions", "record", "seed", "players", "rolls", "score", "format", "edition", "map",
    "rooms", "doorways", "lnb-museum", "lnb-dream", "name", "pay", "then", "id", "faces",
    "cost", "lower", "options", "starting_partners", "partners", "gears", "dice", "effect",
    "science", "parse", "Orientation", "YYYY-MM-DD", "turn", "list", "dict", "int", "str",
    "random", "greedy", "planner", *STRATEGIES, *(a.value for a in Area),
    *(cls.verb for cls in ACTIONS), *(f.name for cls in ACTIONS for f in fields(cls)),
    *dream_edition.EFFECT_KEYS, *dream_edition.RESOURCES, *(c.value for c in Colour),
    *(cls.__name__ for cls in ACTIONS),
    *dream_edition.EDITIONS.names,  # edition names are data (classroom, classroom-2)
}


_unmarked = Unmarked(NOTATION, IDS, letters="[A-Za-z]{3}",
                     separators=r"\s\[\](){}<>,;:.…'\"|·—–=+/@",
                     ignored=(str(Path(__file__)),))  # a file named in a message


BAD = {**{f"museum {k}": v for k, v in MUSEUM_BAD.items()},
       **{f"dream {k}": v for k, v in DREAM_BAD.items()}}


@pytest.mark.parametrize("case", list(BAD))
def test_every_error_is_marked_in_the_pseudo_language(case: str) -> None:
    assert_marked(_error(BAD[case]), _unmarked, case)


@pytest.mark.parametrize("case", list(BAD))
def test_every_error_speaks_chinese(case: str) -> None:
    err = _error(BAD[case])
    assert_speaks_chinese(err, case)
    assert err.reason or err.entry, case  # still data


def test_a_refusal_made_in_english_is_shown_in_the_language_of_the_moment() -> None:
    err = _error(lambda: _state().apply_action("write 2 on violin"))
    assert str(err) == "the violin is not collected yet: surround it first"
    assert (err.reason, err.text) == ("not-collected", "violin")
    with i18n.use_language("zh-CN"):
        assert str(err) == "小提琴还没有收集：先把它围住"
    wall = _error(_placement("wall"))
    english = str(wall)
    with i18n.use_language("zh-CN"):
        chinese = str(wall)
        assert wall.explain() == chinese  # the app's reason line says the same
    names = {str(MUSEUM.rooms[wall.room_id].name), str(MUSEUM.rooms[wall.other_id].name)}
    assert all(name in english for name in names)  # fields as before: text, in English
    assert wall.fields["room"] in english and wall.square in chinese
    with i18n.use_language("zh-CN"):
        room = str(MUSEUM.rooms[wall.room_id].name)
    assert room in chinese and CHINESE.search(room)


def test_an_ability_in_a_refusal_follows_the_language() -> None:
    err = _error(MUSEUM_BAD["wrong pair"])
    ability = MUSEUM.evidence_by_id(SAME).ability
    assert str(err).endswith(ability.describe())
    with i18n.use_language("zh-CN"):
        assert str(err).endswith(ability.describe()) and "：" in str(err)
        for e in MUSEUM.evidence:
            assert str(e.ability.described()) == e.ability.describe()
    for e in MUSEUM.evidence:
        assert e.ability.described() == e.ability.describe()


def test_a_record_error_keeps_its_entry_and_its_prefix_is_translated() -> None:
    err = _error(MUSEUM_BAD["record action illegal"])
    assert isinstance(err, RecordError) and err.entry == "actions[1]"
    assert str(err) == ("actions[1] 'place 6b r0 @A4': no die showing 6 in hand (you hold 2)")
    with i18n.use_language("zh-CN"):
        assert str(err).startswith("actions[1] 'place 6b r0 @A4'：手中没有 6 点的骰子")


def test_a_dream_error_made_in_english_is_shown_in_chinese() -> None:
    err = _error(DREAM_BAD["edition eight"])
    assert str(err) == "mine.json: starting_partners: the copies must make exactly eight cards"
    with i18n.use_language("zh-CN"):
        assert str(err) == "mine.json：starting_partners：份数加起来必须正好是 8 张牌"


def test_every_refusal_of_a_played_game_of_ada_s_dream_is_marked() -> None:
    """Along a game played by a computer, every action seen so far that is not legal now is
    refused with a message marked in the pseudo-language and Chinese in 简体中文."""
    state = _dream()
    bots = {name: dream_bot("random", seed=i) for i, name in enumerate(PLAYERS)}
    seen: dict[str, object] = {}
    reasons: set[str] = set()
    for _step in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        for action in legal:
            for name in PLAYERS:
                text = str(action).replace(f"{action.player}: ", f"{name}: ", 1)
                seen.setdefault(text, None)
        legal_texts = {str(a) for a in legal}
        for text in list(seen)[-80:]:
            if text in legal_texts:
                continue
            try:
                state.clone().apply_action(dream_action(text))
            except LnbError as err:
                if err.reason in reasons:
                    continue
                reasons.add(err.reason)
                with i18n.use_language("en-XA"):
                    assert _unmarked(str(err)) == [], (text, str(err))
                with i18n.use_language("zh-CN"):
                    assert CHINESE.search(str(err)), (text, str(err))
        player = state.current_players()[0]
        state.apply_action(bots[player].choose_action(state, player))
    assert len(reasons) >= 3, reasons
