"""Nothing lost, nothing twice (issue 29): a table played by pupils' kernels while the
PostgreSQL server is stopped and started, and by a writing process killed (SIGKILL) in the
middle of its moves on SQLite; every action acknowledged or kept is in the room's history
once (:mod:`benchmarks.rooms_durability`, at a small scale; ``python -m benchmarks
rooms`` runs it bigger)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from benchmarks.rooms_durability import database_restarts, history_of, killed_writers, new_table
from lnb.core.testing import wait_until


def test_the_database_stopped_and_started_mid_game_loses_and_doubles_nothing() -> None:
    found = database_restarts(pupils=3, outages=(0.0, 3.0), blip=1.0)
    verdict = found["verdict"]
    assert found["kept"] > 0, "no move was kept: the long stop did not meet the pupils' moves"
    assert found["stuck"] == 0 and found["over"], found
    assert verdict.made > 60, verdict
    assert (verdict.lost, verdict.doubled) == (0, 0), verdict
    assert found["refused"] == 0, found


def test_a_writer_killed_mid_move_leaves_the_history_whole(tmp_path: Path) -> None:
    found = killed_writers(kills=8, pupils=3, seed=7, folder=tmp_path)
    verdict = found["verdict"]
    assert found["kills"] == 8 and found["mid_move"] > 0, found
    assert found["torn"] == 0, found
    assert (verdict.lost, verdict.doubled) == (0, 0), verdict


def test_a_move_whose_answer_was_lost_after_its_commit_is_written_once_and_not_refused(
        store_url: str, store_engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store commits a pupil's *I'm done* and the answer never comes back (the server
    went down just then, the disk said "I/O error" after the write): the kernel tries the
    same move again on the store as it is then. It must find its move already written:
    the move is in the room once, and the pupil is not told the table moved on."""
    from classroom.engines import StoreUnavailable
    from classroom.progress import ProgressStore
    from classroom.rooms import RoomStore
    from classroom.store import StoreAway
    from lnb.babbage.game import Finish, WriteProgram
    from lnb.core.rooms import action_text

    code, class_ = new_table(store_url, 2)
    store = ProgressStore(store_url, backups=False, blip=5.0)
    rooms = RoomStore(store)
    while (play := rooms.play(code)).state.phase.name != "PROGRAM":
        name = play.waiting_on[0]
        seat = play.seat_index(name)
        rooms.act(code, play.next_seq, seat, play.state.legal_actions(name)[0], class_[seat])
    play = rooms.play(code)
    name = play.setup.seat(0).name
    conn = store._connection()
    real = type(conn).commit
    lost = (StoreUnavailable("server closed the connection unexpectedly")
            if store_engine == "postgresql" else sqlite3.OperationalError("disk I/O error"))

    def commit_then_lose_the_answer(self: object) -> None:
        real(self)
        monkeypatch.setattr(type(conn), "commit", real)  # once
        raise lost

    monkeypatch.setattr(type(conn), "commit", commit_then_lose_the_answer)
    try:
        made = rooms.act_all(code, play.next_seq, 0, [WriteProgram(name, "A3+"), Finish(name)],
                             class_[0])
        assert [type(m.action).__name__ for m in made] == ["WriteProgram", "Finish"]
    except StoreAway as away:  # SQLite: carried on in memory, the move kept, written back
        assert away.queued
        wait_until(lambda: store.saving and store.pending == 0, "the kept move written")
    assert store.refused == [], [e.reason for e in store.refused]
    history, _over = history_of(store_url, code)
    game = rooms.play(code).game
    mine = history[class_[0].key]
    finish = action_text(game, Finish(name))  # (kept with the race's seconds after it)
    assert mine[-2] == action_text(game, WriteProgram(name, "A3+")), mine
    assert [t for t in mine if t.startswith(finish)] == mine[-1:], mine
    store.close()
