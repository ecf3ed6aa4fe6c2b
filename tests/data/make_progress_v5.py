"""How tests/data/progress-v5-cd1df91.sqlite3 and its readings (.json) were made: with the kit
of cd1df91, the commit before issue 27 moved the classroom out of widgets/ (schema 5: a
class, pupils joined with their cards, a browser's progress, puzzle progress, daily scores,
the dashboard's tables, a live table of two pupils and a computer in its Program phase with a
draft, and a table of computers through its first Round). Not run by the tests (its imports
are the old kit's); to make the file again::

    git worktree add /tmp/head-27 cd1df91
    cd /tmp/head-27 && PYTHONPATH=/tmp/head-27 python /path/to/tests/data/make_progress_v5.py \
        /path/to/tests/data/progress-v5-cd1df91.sqlite3

tests/test_progress_file_v5.py opens a copy with today's kit and reads everything back.
"""

import datetime
import json
import sqlite3
import sys
from pathlib import Path


def main() -> None:
    from lnb.babbage.game import Target
    from widgets.classroom.dashboard_store import ClassWork
    from widgets.classroom.identity import Classroom
    from widgets.classroom.progress import ProgressStore, Pupil, device_key
    from widgets.classroom.rooms import RoomStore
    from widgets.classroom.scores import DailyScores

    out = Path(sys.argv[1])
    for suffix in ("", "-wal", "-shm"):
        Path(str(out) + suffix).unlink(missing_ok=True)
    T0 = 1_796_000_000.0  # 2026-11-30, the rooms' clock
    now = [T0]
    clock = lambda: now[0]  # noqa: E731
    DAY = datetime.date(2026, 12, 1)
    DEVICE = "Zq3vN8x-Lr2TkYp0WcHbJ5sDuEa7GmQf"  # a browser's key (its hash is kept)

    store = ProgressStore(out, backups=False)
    room = Classroom(store, failure_delay=0, clock=clock)
    made = room.new_class("7B", ["Ali", "Bea", "Cy"])
    ali, bea, cy = (room.join(made.code, c.pupil_name, c.secret).pupil for c in made.cards)
    me = Pupil.from_browser_key(DEVICE)
    code1, code2 = "P1-0J6Y-91VC-7", "P1-XXXX-TEST"
    store.record_attempt(ali, code1, solved=False, hints=1, difficulty=1, day=DAY)
    store.record_attempt(ali, code1, solved=True, rows=3, hints=2, difficulty=1, day=DAY)
    store.record_attempt(ali, code2, solved=True, rows=4, day=DAY + datetime.timedelta(1))
    store.record_hint(bea, code1, 1, difficulty=1, day=DAY)
    store.record_attempt(me, code1, solved=True, rows=2, day=DAY)
    scores = DailyScores(store, "museum")
    for pupil, score in ((ali, 61), (bea, 45), (ali, 70)):
        scores.record(pupil, DAY, score)
    work = ClassWork(store, clock=clock)
    work.record_wrong_answer(bea, code1, "A3+ B1- A1+", DAY)
    work.seen(ali)
    work.assign(room, made.code, made.teacher_key, [code1], DAY)

    rooms = RoomStore(store, clock=clock)
    setup = rooms.open_room(ali, made.code, seats=3, seed=7)
    rooms.take_seat(setup.code, ali, "Ali")
    rooms.take_seat(setup.code, bea, "Bea")
    rooms.give_to_computer(setup.code, 2, "greedy")
    rooms.start(setup.code)
    play = rooms.play(setup.code)
    for seat, pupil, name in ((0, ali, "Ali"), (1, bea, "Bea")):
        play = rooms.play(setup.code)
        target = play.state.targetable(name)[0].target
        now[0] += 2
        rooms.heartbeat(setup.code, 0, ali)
        rooms.heartbeat(setup.code, 1, bea)
        rooms.act(setup.code, play.next_seq, seat, Target(name, target), pupil)
    for _ in range(30):  # the pupils are away now: the table plays their seats (paced)
        now[0] += 5
        rooms.advance(setup.code)
        print(rooms.play(setup.code).state.phase, len(rooms.moves(setup.code)), file=sys.stderr)
        if rooms.play(setup.code).state.phase.name == "PROGRAM":
            break
    now[0] += 1
    rooms.save_draft(setup.code, 0, "A3+ B1-", ali)
    # a second table, of computers only, played through its first Round (the record has a Round)
    second = rooms.open_room(None, None, seats=2, seed=11)
    rooms.give_to_computer(second.code, 0, "greedy")
    rooms.give_to_computer(second.code, 1, "beginner")
    rooms.start(second.code)
    for _ in range(400):
        now[0] += 5
        rooms.advance(second.code)
        if rooms.record(second.code)["rounds"]:
            break
    assert rooms.record(second.code)["rounds"], rooms.play(second.code).state.phase
    play = rooms.play(setup.code)
    moves = rooms.moves(setup.code)
    assert len(moves) >= 3, moves

    def jsonable(value):
        if isinstance(value, (datetime.date,)):
            return value.isoformat()
        if isinstance(value, (list, tuple)):
            return [jsonable(v) for v in value]
        if isinstance(value, dict):
            return {str(k): jsonable(v) for k, v in value.items()}
        return value

    def progress_of(p):
        return {"streak": p.streak, "best_streak": p.best_streak, "last_day": jsonable(p.last_day),
                "puzzles": [[q.puzzle, q.difficulty, q.attempts, q.hints, q.best_rows,
                             q.first_day.isoformat(), jsonable(q.solved_day)] for q in p.puzzles]}

    readings = {
        "made_by": "cd1df91 (the kit before issue 27), tests/data/make_progress_v5.py",
        "class": {"code": made.code, "name": "7B", "teacher_key": made.teacher_key,
                  "cards": [[c.pupil_name, c.secret] for c in made.cards]},
        "pupils": {"ali": ali.key, "bea": bea.key, "cy": cy.key, "device": me.key,
                   "device_browser_key": DEVICE},
        "device_key": device_key(DEVICE),
        "progress": {k: progress_of(store.load(p)) for k, p in
                     (("ali", ali), ("bea", bea), ("cy", cy), ("device", me))},
        "class_progress": [[name, p.solved_count] for name, p in
                           room.class_progress(made.code, made.teacher_key)],
        "pupil_count": store.pupil_count(),
        "scores": {"ali": jsonable([scores.best(ali, DAY).best, scores.best(ali, DAY).plays]),
                   "class": jsonable(scores.class_scores(made.code, DAY))},
        "wrong": [[w.puzzle, w.rows, w.pupils, w.times]
                  for w in work.wrong_answers(room, made.code, made.teacher_key)],
        "class_set": list(work.class_set(room, made.code, made.teacher_key, DAY)),
        "room": {"code": setup.code, "status": rooms.room(setup.code).status,
                 "seats": [[s.index, s.name, s.pupil] for s in rooms.room(setup.code).players],
                 "version": rooms.version(setup.code),
                 "moves": [[m.seq, m.seat, m.by, m.at] for m in moves],
                 "next_seq": play.next_seq, "phase": str(play.state.phase),
                 "draft": rooms.draft(setup.code, 0, ali),
                 "record": rooms.record(setup.code)},
        "second_room": {"code": second.code, "moves": len(rooms.moves(second.code)),
                        "next_seq": rooms.play(second.code).next_seq,
                        "phase": str(rooms.play(second.code).state.phase),
                        "record": rooms.record(second.code)},
        "dump": jsonable(store.dump()),
        "notes": len(store.teacher_notes()),
    }
    store.close()
    conn = sqlite3.connect(out)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode = DELETE")
    readings["schema"] = conn.execute("PRAGMA user_version").fetchone()[0]
    readings["raw_room_moves"] = conn.execute(
        "SELECT * FROM room_moves ORDER BY rowid").fetchall()
    conn.close()
    Path(str(out)[: -len(".sqlite3")] + ".json").write_text(
        json.dumps(readings, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(out, out.stat().st_size, len(moves), "moves", readings["room"]["phase"])


if __name__ == "__main__":
    main()
