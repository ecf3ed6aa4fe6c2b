"""A live table saved today (moves kept as JSON, in tests/data/progress-v5-cd1df91.sqlite3,
made by the kit before issue 27) plays on with this kit: a COPY is opened, the table in its
Program phase is taken up where it stood (the seats whose pupils are away played by the
table) to the end, the old rows stay JSON, the new ones are the game's text form, and the
record replays."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clock import Clock

from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.babbage import records

DATA = Path(__file__).parent / "data"
FILE = DATA / "progress-v5-cd1df91.sqlite3"
READ: dict[str, Any] = json.loads((DATA / "progress-v5-cd1df91.json").read_text("utf-8"))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProgressStore]:
    copy = tmp_path / "progress.sqlite3"
    shutil.copyfile(FILE, copy)
    opened = ProgressStore(copy, backups=False)
    yield opened
    opened.close()


def kept_actions(store: ProgressStore, code: str) -> list[str]:
    with store.transaction() as conn:
        return [row[0] for row in conn.execute(
            "SELECT action FROM room_moves WHERE code = ? ORDER BY seq", (code,)).fetchall()]


def test_a_table_saved_today_plays_on_to_the_end(store: ProgressStore) -> None:
    kept = READ["room"]
    code = kept["code"]
    clock = Clock(max(m[3] for m in kept["moves"]) + 1)
    rooms = RoomStore(store, clock=clock)
    before = kept_actions(store, code)
    assert before and all(a.startswith("{") for a in before)  # today's rows: JSON
    play = rooms.play(code)
    assert play.state.phase.name == "PROGRAM" and play.race_since is not None
    # nobody's page beats any more: every seat is played for its pupil by the table
    for _ in range(5000):
        if rooms.play(code).finished:
            break
        clock.now += 2
        rooms.advance(code)
    play = rooms.play(code)
    assert play.finished and rooms.room(code).status == "over"
    after = kept_actions(store, code)
    assert after[:len(before)] == before  # the old rows are as they were
    new = after[len(before):]
    assert new and not any(a.startswith("{") for a in new)  # new rows: the game's text form
    record = rooms.record(code)
    replayed = records.replay(json.loads(rooms.record_json(code)))
    assert len(record["rounds"]) == 4 and replayed.finished
    assert replayed.state.returns() == play.state.returns()


def test_the_table_of_computers_saved_today_plays_on(store: ProgressStore) -> None:
    second = READ["second_room"]
    code = second["code"]
    rooms = RoomStore(store, clock=Clock(2_000_000_000.0))
    assert rooms.play(code).next_seq == second["next_seq"]
    rooms.advance(code)
    play = rooms.play(code)
    assert play.next_seq > second["next_seq"]
    assert records.replay(rooms.record(code)).state.round >= 1
