"""A progress file of today (schema 5, made by the kit before issue 27 moved the classroom
out of widgets/: tests/data/make_progress_v5.py) still opens: a COPY is opened with this kit
(upgraded if its schema is older than this kit's) and everything in it reads back as the old
kit read it (tests/data/progress-v5-cd1df91.json): the class and its cards, each pupil's
puzzle progress, the browser's progress by its key, the daily scores, the dashboard's
tables, and both live tables, which replay to the same moves, phase, draft and record."""

from __future__ import annotations

import datetime
import hashlib
import json
import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from classroom.dashboard_store import ClassWork
from classroom.identity import Classroom, Pupil, device_key
from classroom.progress import Progress, ProgressStore, class_progress
from classroom.rooms import RoomStore
from classroom.scores import DailyScores
from classroom.storefile import SCHEMA_VERSION

DATA = Path(__file__).parent / "data"
FILE = DATA / "progress-v5-cd1df91.sqlite3"
READ: dict[str, Any] = json.loads((DATA / "progress-v5-cd1df91.json").read_text("utf-8"))
DAY = datetime.date(2026, 12, 1)


def plain(value: Any) -> Any:
    """``value`` as its JSON reads back (tuples as lists, days as text)."""
    return json.loads(json.dumps(value, default=lambda v: v.isoformat()))


def progress_of(p: Progress) -> dict[str, Any]:
    return plain({"streak": p.streak, "best_streak": p.best_streak, "last_day": p.last_day,
                  "puzzles": [[q.puzzle, q.difficulty, q.attempts, q.hints, q.best_rows,
                               q.first_day, q.solved_day] for q in p.puzzles]})


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProgressStore]:
    before = hashlib.sha256(FILE.read_bytes()).hexdigest()
    copy = tmp_path / "progress.sqlite3"
    shutil.copyfile(FILE, copy)
    opened = ProgressStore(copy, backups=False)
    yield opened
    opened.close()
    assert hashlib.sha256(FILE.read_bytes()).hexdigest() == before  # only the copy opened


def test_the_file_of_today_opens_and_reads_back_whole(store: ProgressStore) -> None:
    assert store.pupil_count() == READ["pupil_count"]
    assert (store.problem, store.notices) == (None, [])
    with closing(sqlite3.connect(store.path)) as raw:  # type: ignore[arg-type]
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    if READ["schema"] == SCHEMA_VERSION:  # an upgrade may add columns, never change values
        assert plain(store.dump()) == READ["dump"]
    pupils = READ["pupils"]
    for name, key in pupils.items():
        if name != "device_browser_key":
            assert progress_of(store.load(Pupil(key, name))) == READ["progress"][name], name
    # the browser's key still opens its progress (the same hash)
    browser = Pupil.from_browser_key(pupils["device_browser_key"])
    assert browser.key == device_key(pupils["device_browser_key"]) == READ["device_key"]
    assert progress_of(store.load(browser)) == READ["progress"]["device"]


def test_the_class_its_cards_scores_and_dashboard_tables_read_back(store: ProgressStore) -> None:
    made = READ["class"]
    room = Classroom(store, failure_delay=0)
    assert [(c.code, c.name) for c in room.classes()] == [(made["code"], made["name"])]
    assert [[name, p.solved_count] for name, p in
            class_progress(room, made["code"], made["teacher_key"])] == READ["class_progress"]
    for (name, secret), key in zip(made["cards"], ("ali", "bea", "cy"), strict=True):
        assert room.join(made["code"], name, secret).pupil.key == READ["pupils"][key]
    ali = Pupil(READ["pupils"]["ali"], "Ali")
    scores = DailyScores(store, "museum")
    best = scores.best(ali, DAY)
    assert best is not None and [best.best, best.plays] == READ["scores"]["ali"]
    assert plain(scores.class_scores(made["code"], DAY)) == READ["scores"]["class"]
    work = ClassWork(store)
    assert [[w.puzzle, w.rows, w.pupils, w.times] for w in
            work.wrong_answers(room, made["code"], made["teacher_key"])] == READ["wrong"]
    assert list(work.class_set(room, made["code"], made["teacher_key"], DAY)) == \
        READ["class_set"]


def test_the_live_tables_replay(store: ProgressStore) -> None:
    kept = READ["room"]
    last = max(m[3] for m in kept["moves"])
    rooms = RoomStore(store, clock=lambda: last + 2)
    code = kept["code"]
    setup = rooms.room(code)
    assert setup.status == kept["status"]
    assert [[s.index, s.name, s.pupil] for s in setup.players] == kept["seats"]
    assert rooms.version(code) == kept["version"]
    assert [[m.seq, m.seat, m.by, m.at] for m in rooms.moves(code)] == kept["moves"]
    play = rooms.play(code)
    assert (play.next_seq, play.state.phase.name) == (kept["next_seq"],
                                                       kept["phase"].split(".")[-1])
    assert rooms.draft(code, 0, READ["pupils"]["ali"]) == kept["draft"] == "A3+ B1-"
    assert plain(rooms.record(code)) == kept["record"]
    second = READ["second_room"]
    assert len(rooms.moves(second["code"])) == second["moves"]
    assert rooms.play(second["code"]).next_seq == second["next_seq"]
    assert plain(rooms.record(second["code"])) == second["record"]
    assert len(second["record"]["rounds"]) == 1
