"""Nothing lost, nothing twice (issue 29): a table played by pupils' kernels while the
PostgreSQL server is stopped and started, and by a writing process killed (SIGKILL) in the
middle of its moves on SQLite; every action acknowledged or kept is in the room's history
once (:mod:`benchmarks.rooms_durability`, at a small scale; ``python -m benchmarks
rooms`` runs it bigger)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.rooms_durability import database_restarts, killed_writers


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
