"""The daily challenges' scores in the progress file (schema 3): best kept, a class's scores
without names, only that class's, damage kept aside, a schema-2 file upgraded in place."""

from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path

import pytest

from classroom.identity import Classroom, Pupil
from classroom.progress import ProgressStore
from classroom.scores import DailyScores, GameScore
from classroom.storefile import SCHEMA_VERSION, TABLES, TABLES_OF

DAY = datetime.date(2026, 12, 1)


def pupils_of(room: Classroom, name: str, names: list[str]) -> tuple[str, list[Pupil]]:
    made = room.new_class(name, names)
    return made.code, [room.join(made.code, c.pupil_name, c.secret).pupil for c in made.cards]


def test_the_best_score_of_the_day_is_kept_and_plays_counted(store: ProgressStore) -> None:
    scores = DailyScores(store, "museum")
    sam = Pupil.from_nickname("sam")
    assert scores.best(sam, DAY) is None
    assert scores.record(sam, DAY, 52) == GameScore("museum", DAY, 52, 1)
    assert scores.record(sam, DAY, 40) == GameScore("museum", DAY, 52, 2)
    assert scores.record(sam, DAY, 77) == GameScore("museum", DAY, 77, 3)
    tomorrow = DAY + datetime.timedelta(days=1)
    assert scores.best(sam, tomorrow) is None
    assert DailyScores(store, "dream").best(sam, DAY) is None  # another game's day
    with ProgressStore(store.target) as again:  # it is in the file
        assert DailyScores(again, "museum").best(sam, DAY) == GameScore("museum", DAY, 77, 3)


@pytest.mark.parametrize("bad", [-1, 10_001, 3.5, True, "50"])
def test_a_score_that_is_not_a_score_is_refused(store: ProgressStore, bad: object) -> None:
    with pytest.raises(ValueError, match="whole number"):
        DailyScores(store, "museum").record(Pupil.from_nickname("sam"), DAY, bad)  # type: ignore[arg-type]


def test_a_class_sees_its_own_scores_only_and_no_names(store: ProgressStore) -> None:
    room = Classroom(store, failure_delay=0)
    code, (ali, bea, cy) = pupils_of(room, "7B", ["Ali", "Bea", "Cy"])
    other, (dan,) = pupils_of(room, "8C", ["Dan"])
    scores = DailyScores(store, "museum")
    scores.record(ali, DAY, 61)
    scores.record(bea, DAY, 45)
    scores.record(bea, DAY, 70)
    scores.record(dan, DAY, 99)
    scores.record(Pupil.from_nickname("sam"), DAY, 12)  # no class
    scores.record(cy, DAY - datetime.timedelta(days=1), 30)  # yesterday
    assert scores.class_scores(code, DAY) == (61, 70)
    assert scores.class_scores(other, DAY) == (99,)
    assert DailyScores(store, "dream").class_scores(code, DAY) == ()


def test_a_damaged_score_row_is_left_out_and_kept_aside(store: ProgressStore) -> None:
    room = Classroom(store, failure_delay=0)
    code, (ali, bea) = pupils_of(room, "7B", ["Ali", "Bea"])
    scores = DailyScores(store, "museum")
    scores.record(ali, DAY, 61)
    scores.record(bea, DAY, 45)
    with store.transaction() as raw:  # a write that is not the kit's own
        raw.execute("UPDATE game_scores SET best = 130 WHERE best = 45")  # not the kit's write
    assert scores.class_scores(code, DAY) == (61,)
    with ProgressStore(store.target, backups=False) as again:  # the open repairs the file
        assert DailyScores(again, "museum").class_scores(code, DAY) == (61,)
        assert any("game_scores" in text for _at, text in again.teacher_notes())
        kept = again.dump()
    assert [row[3] for row in kept["game_scores"]] == [61]


def test_a_schema_2_file_gets_the_scores_table_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    sam = Pupil.from_nickname("sam")
    with ProgressStore(path, backups=False) as store:
        store.record_attempt(sam, "P1", solved=True, rows=3, day=DAY)
        before = store.dump()
    with sqlite3.connect(path) as raw:  # as the kit of schema 2 left it
        for table in set(TABLES) - set(TABLES_OF[2]):
            raw.execute(f"DROP TABLE {table}")
        raw.execute("DELETE FROM schema_version")
        raw.execute("INSERT INTO schema_version VALUES (2)")
        raw.execute("PRAGMA user_version = 2")
    with ProgressStore(path, backups=False) as store:
        assert store.dump() == before and store.notices == [] and store.saving
        assert DailyScores(store, "museum").record(sam, DAY, 50).best == 50
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 3
        assert raw.execute("SELECT version FROM schema_version ORDER BY version").fetchall() == [
            (2,), (SCHEMA_VERSION,)]
