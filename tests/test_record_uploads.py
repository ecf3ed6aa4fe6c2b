"""Uploads are content, never paths, in every app; the library's loaders read a file only
when given a ``Path`` (the ``lnb`` command's), at most ``RECORD_BYTES``; players' names in
records are cleaned (no bidi overrides or control characters, at most ``NAME_LIMIT``).

Issue 26 items 4 (D1, D11): the museum's *Load a game* read ``/etc/hostname`` and
``/dev/zero`` from the laptop; Ada's Dream gave the apology for deeply nested JSON. Every
file opened while a load runs is seen by an audit hook (``sys.addaudithook``), so "nothing
was read" is checked, not assumed.
"""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lnb.babbage import records as game_records
from lnb.babbage.game import Game as BabbageGame
from lnb.babbage.game.random_play import play_random_game
from lnb.core.errors import LnbError, RecordError
from lnb.core.records import NAME_LIMIT, RECORD_BYTES, clean_name
from lnb.dream import records as dream_records
from lnb.dream.state import Game as DreamGame
from lnb.museum import records as museum_records
from widgets.babbage.game_app import GameApp, Seat
from widgets.core.saveload import NOT_A_GAME, SaveLoadPanel
from widgets.dream.app import DreamApp
from widgets.museum.app import MuseumApp

#: Texts a pupil's file may hold that name files of the server (absolute, endless, relative).
PATHS = ["/etc/hostname", "/dev/zero", "../README.md", "README.md"]
OPENED: list[str] = []


def _audit(event: str, args: tuple) -> None:
    if event == "open" and args and isinstance(args[0], (str, bytes, Path)):
        OPENED.append(str(args[0]))


sys.addaudithook(_audit)


@pytest.fixture
def opened() -> Iterator[list[str]]:
    """The files opened while the test runs (an audit hook sees every ``open``)."""
    OPENED.clear()
    yield OPENED
    OPENED.clear()


def never_opened(opened: list[str], text: str) -> bool:
    name = Path(text).name
    return not any(Path(p).name == name for p in opened)


# -- the apps -----------------------------------------------------------------------------

def game_app() -> GameApp:
    return GameApp([Seat("You", character="Ada Lovelace"),
                    Seat("Babbage", computer=True, character="Charles Babbage")], seed=2)


#: Each game's record writer, by the apps' names.
WRITE = {"game": game_records.write, "museum": museum_records.write, "dream": dream_records.write}

APPS: dict[str, Callable[[], object]] = {
    "game": game_app,
    "museum": lambda: MuseumApp(seed=1),
    "dream": lambda: DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=4),
}


def upload(panel: SaveLoadPanel, content: bytes) -> None:
    """What the page's upload button gives the kernel when a file is chosen."""
    panel.upload.value = ({"name": "game.json", "type": "application/json",
                           "size": len(content), "content": memoryview(content),
                           "last_modified": datetime.datetime.now(datetime.timezone.utc)},)


@pytest.mark.parametrize("text", PATHS)
@pytest.mark.parametrize("kind", APPS)
def test_an_upload_holding_a_path_reads_no_file(kind: str, text: str, opened) -> None:
    app = APPS[kind]()
    before = WRITE[kind](app.state)  # type: ignore[attr-defined]
    upload(app.files, text.encode())  # type: ignore[attr-defined]
    assert never_opened(opened, text), opened
    assert app.status.kind == "error"  # type: ignore[attr-defined]
    assert app.status.text == str(NOT_A_GAME)  # type: ignore[attr-defined]
    assert WRITE[kind](app.state) == before  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", APPS)
def test_deeply_nested_json_is_refused_in_a_sentence(kind: str) -> None:
    app = APPS[kind]()
    upload(app.files, b"[" * 100_000 + b"]" * 100_000)  # type: ignore[attr-defined]
    assert app.status.kind == "error"  # type: ignore[attr-defined]
    assert app.status.text == str(NOT_A_GAME)  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", APPS)
def test_a_file_too_large_is_refused_in_a_sentence_and_the_game_kept(kind: str) -> None:
    app = APPS[kind]()
    before = WRITE[kind](app.state)  # type: ignore[attr-defined]
    app.files.upload.on_too_big(50_000_000)  # type: ignore[attr-defined]  # the page's check
    assert app.status.kind == "error"  # type: ignore[attr-defined]
    assert "too large to be a saved game (50.0 MB" in app.status.text  # type: ignore[attr-defined]
    upload(app.files, b" " * (RECORD_BYTES + 1))  # type: ignore[attr-defined]  # not via the page
    assert "too large" in app.status.text  # type: ignore[attr-defined]
    assert WRITE[kind](app.state) == before  # type: ignore[attr-defined]


def test_the_load_button_shows_its_words_alone() -> None:
    panel = SaveLoadPanel(lambda: ("g.json", "{}"), lambda _text: None)
    assert panel.upload.description == "Load a game"
    assert not hasattr(panel.upload, "multiple")  # not FileUpload: no "(0)" count on it


# -- the library's loaders ----------------------------------------------------------------

LOADERS: dict[str, Callable[[str], object]] = {
    "game": game_records.load,
    "museum": museum_records.load,
    "dream": dream_records.load,
}


@pytest.mark.parametrize("text", PATHS)
@pytest.mark.parametrize("kind", LOADERS)
def test_a_loader_reads_a_str_as_text_never_as_a_file(kind: str, text: str, opened) -> None:
    with pytest.raises(RecordError) as refused:
        LOADERS[kind](text)
    assert refused.value.reason == "invalid-json"
    assert never_opened(opened, text), opened


@pytest.mark.parametrize("kind", ["game", "museum", "dream"])
def test_a_path_is_read_at_most_record_bytes(kind: str) -> None:
    load = {"game": game_records.load, "museum": museum_records.load,
            "dream": dream_records.load}[kind]
    with pytest.raises(RecordError) as refused:  # endless: read RECORD_BYTES + 1, no more
        load(Path("/dev/zero"))
    assert refused.value.reason == "too-big"


def test_a_record_file_loads_from_its_path(tmp_path: Path) -> None:
    state = DreamGame(["Ada", "Bea"], seed=4).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    path = tmp_path / "dream.json"
    path.write_text(json.dumps(dream_records.write(state)), "utf-8")
    assert dream_records.replay(path).state.history == state.history
    with pytest.raises(LnbError):
        dream_records.load(str(path))  # a str is text, not a file


# -- names ----------------------------------------------------------------------------------

OVERRIDE = "Ada\u202e !sniw"
LONG = "x" * 1_000_000


def renamed(value: object, names: dict[str, str]) -> object:
    """``value`` (JSON) with every name of ``names`` replaced, as a keys, a value, or before
    ``": "`` in an action line."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, str):
        for old, new in names.items():
            if value == old:
                return new
            if value.startswith(old + ": "):
                return new + value[len(old):]
    return value


def test_names_in_a_game_record_lose_overrides_and_are_cut() -> None:
    game = BabbageGame([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=5)
    record = game_records.write(play_random_game(game, seed=5))
    bad = renamed(record, {"Ada": OVERRIDE, "Bea": LONG})
    result = game_records.replay(bad)
    names = list(result.state.names)
    assert names == [clean_name(OVERRIDE), "x" * NAME_LIMIT]
    assert "\u202e" not in "".join(names) and all(len(n) <= NAME_LIMIT for n in names)
    assert [p.total for p in result.sheet.players] == [
        p.total for p in game_records.replay(record).sheet.players]
    assert [p["name"] for p in game_records.load(bad).data["players"]] == names


def test_names_in_a_dream_record_lose_overrides_and_are_cut() -> None:
    state = DreamGame(["Ada", "Bea"], seed=4).new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    bad = renamed(dream_records.write(state), {"Ada": OVERRIDE, "Bea": LONG})
    again = dream_records.replay(bad).state
    assert list(again.names) == [clean_name(OVERRIDE), "x" * NAME_LIMIT]
    assert len(again.history) == len(state.history)


def test_a_loaded_dream_game_keeps_its_computer_under_the_clean_name() -> None:
    app = APPS["dream"]()
    long = "x" * 100_000  # the upload stays under RECORD_BYTES
    record = renamed(dream_records.write(app.state), {"Computer": long})  # type: ignore[attr-defined]
    record["players"][1]["computer"] = "greedy"  # type: ignore[index]
    app.load_text(json.dumps(record))  # type: ignore[attr-defined]
    assert app.kinds == {"x" * NAME_LIMIT: "greedy"}  # type: ignore[attr-defined]


def test_a_name_that_is_only_invisible_characters_is_refused() -> None:
    state = DreamGame(["Ada", "Bea"], seed=4).new_initial_state()
    with pytest.raises(RecordError) as refused:
        dream_records.replay(renamed(dream_records.write(state), {"Ada": "\u202e\u200b"}))
    assert refused.value.reason == "empty-name"


def test_names_on_the_score_table_are_isolated() -> None:
    """A right-to-left name keeps its direction to itself on the score table and chart."""
    from widgets.babbage.scoreboard import ScoreSheetView

    game = BabbageGame([("אדה", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=5)
    view = ScoreSheetView(play_random_game(game, seed=5).score_sheet())
    assert "<bdi>אדה</bdi>" in view.table.value and "<bdi>Bea</bdi>" in view.table.value
    assert "<bdi>אדה</bdi>" in view.chart.value
