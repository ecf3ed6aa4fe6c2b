"""A damaged saved game, loaded in any app (game, museum, Ada's Dream): the pupil reads one
plain sentence first (the file is damaged, their game goes on), the library's words follow
for the teacher, the game in progress is kept, and the error raised keeps the library's
fields (its ``reason`` and ``entry``: nobody parses a message back).

Issue 26, trial report *babbage-and-classroom* defect 17: a JSON file of the wrong shape said
only *that file is not a game we can read: players: give 2 to 4 players, each {"name": …,
"character": …}*, and the game's error lost its fields on the way.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

import pytest

from lnb.babbage import records as game_records
from lnb.core.errors import LnbError, RecordError
from lnb.core.i18n import _, use_language
from lnb.dream import records as dream_records
from lnb.museum import records as museum_records
from widgets.babbage.game_app import GameApp, Seat
from widgets.core.saveload import DAMAGED, OTHER_APP, SaveLoadPanel, damaged
from widgets.dream.app import DreamApp
from widgets.museum.app import MuseumApp


def game_app() -> GameApp:
    return GameApp([Seat("You", character="Ada Lovelace"),
                    Seat("Babbage", computer=True, character="Charles Babbage")], seed=2)


#: Each game's record writer, by the apps' names.
WRITE = {"game": game_records.write, "museum": museum_records.write, "dream": dream_records.write}

APPS: dict[str, Callable[[], Any]] = {
    "game": game_app,
    "museum": lambda: MuseumApp(seed=1),
    "dream": lambda: DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=4),
}


def read_game(data: dict) -> object:
    """The game's library reading a record as the app does (load, then replay)."""
    return game_records.replay(game_records.load(data))


#: Each app's library, reading a record's data (what the app's load asks).
LIBRARY: dict[str, Callable[[dict], object]] = {
    "game": read_game,
    "museum": museum_records.replay,
    "dream": dream_records.replay,
}


def wrong_players(record: dict) -> dict:
    """The record with a player list of the wrong length (one player where the game needs 2
    to 4, two where the museum has one)."""
    players = record["players"]
    return {**record, "players": players[:1] if len(players) > 1 else players * 2}


def wrong_type(record: dict) -> dict:
    """The record with a field of the wrong type (a seed that is not a number)."""
    return {**record, "seed": "x"}


DAMAGES = {"players": wrong_players, "seed": wrong_type}


def upload(panel: SaveLoadPanel, content: bytes) -> None:
    """What the page's upload button gives the kernel when a file is chosen."""
    panel.upload.value = ({"name": "game.json", "type": "application/json",
                           "size": len(content), "content": memoryview(content),
                           "last_modified": datetime.datetime.now(datetime.timezone.utc)},)


def library_error(kind: str, data: dict) -> LnbError:
    """The error the app's library raises on ``data``."""
    with pytest.raises(LnbError) as refused:
        LIBRARY[kind](data)
    return refused.value


def first_sentence() -> str:
    """The plain sentence a pupil reads first, in the current language."""
    return _(DAMAGED).split("{detail}")[0].strip()


@pytest.mark.parametrize("damage", DAMAGES)
@pytest.mark.parametrize("kind", APPS)
def test_a_damaged_record_is_refused_plainly_and_the_game_kept(kind: str, damage: str) -> None:
    app = APPS[kind]()
    before = WRITE[kind](app.state)
    bad = DAMAGES[damage](before)
    expected = library_error(kind, bad)
    upload(app.files, json.dumps(bad).encode())
    assert app.status.kind == "error"
    text = app.status.text
    assert text.startswith("That saved game is damaged, so it cannot be loaded: your game "
                           "goes on. For your teacher: "), text
    assert text.startswith(first_sentence())
    assert text.endswith(f"For your teacher: {expected}."), text
    assert WRITE[kind](app.state) == before


@pytest.mark.parametrize("damage", DAMAGES)
@pytest.mark.parametrize("kind", APPS)
def test_the_error_raised_keeps_the_library_s_fields(kind: str, damage: str) -> None:
    app = APPS[kind]()
    bad = DAMAGES[damage](WRITE[kind](app.state))
    expected = library_error(kind, bad)
    assert expected.fields["reason"] is not None
    with pytest.raises(RecordError) as refused:
        app.load_text(json.dumps(bad))
    assert type(refused.value) is type(expected)
    assert refused.value.reason == expected.reason
    assert refused.value.fields == expected.fields
    assert refused.value.__cause__ is not None


def test_the_game_s_damaged_player_list_reads_plainly_first() -> None:
    """The trial's file: a game record with one player."""
    app = game_app()
    upload(app.files, json.dumps(wrong_players(game_records.write(app.state))).encode())
    assert app.status.text == (
        "That saved game is damaged, so it cannot be loaded: your game goes on. For your "
        'teacher: players: give 2 to 4 players, each {"name": ..., "character": ...}.')


def test_a_record_of_another_app_says_so() -> None:
    app = game_app()
    before = game_records.write(app.state)
    upload(app.files, json.dumps(museum_records.write(MuseumApp(seed=1).state)).encode())
    assert app.status.text.startswith(_(OTHER_APP).split("{detail}")[0].strip())
    assert game_records.write(app.state) == before
    with pytest.raises(RecordError) as refused:
        app.load_text(json.dumps(museum_records.write(MuseumApp(seed=1).state)))
    assert refused.value.reason == "format"


@pytest.mark.parametrize("kind", APPS)
def test_a_damaged_record_in_chinese(kind: str) -> None:
    app = APPS[kind]()
    bad = wrong_type(WRITE[kind](app.state))
    with use_language("zh-CN"):
        upload(app.files, json.dumps(bad).encode())
        text = app.status.text
        sentence = first_sentence()
        detail = str(library_error(kind, bad))
    assert sentence != first_sentence()  # translated
    assert text.startswith(sentence), text
    assert detail in text


def test_damaged_keeps_class_and_fields() -> None:
    err = RecordError("seed: {value} must be a whole number", value="'x'", entry="seed",
                      reason="wrong-type")
    made = damaged(err)
    assert type(made) is RecordError
    assert made.fields == err.fields and made.entry == "seed"
    assert str(made).endswith("For your teacher: seed: 'x' must be a whole number")
