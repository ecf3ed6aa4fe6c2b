"""Live game rooms in the classroom store: tables, seats, moves, drafts (schema 5).

Every page has its own kernel; kernels share nothing but the store, so a room lives in four
tables (``rooms``, ``room_seats``, ``room_moves``, ``room_drafts``, see
:mod:`widgets.classroom.storefile`) and each kernel polls ``version(code)`` (one cheap
``SELECT``) and asks for ``play(code)`` when it changed. The rules are
:mod:`lnb.babbage.rooms`; this module only keeps them in the store. See docs/rooms.md.

API (the room UI builds on exactly this; every error is a ``lnb.babbage.rooms.RoomError``
with ``reason`` and fields, its message for pupils):

- ``RoomStore(store: ProgressStore, clock=time.time)``
- ``open_room(host: Pupil | None, class_code: str | None, seats: int = 4, options=None,
  characters=None, seed=None) -> RoomSetup``: a new table, status ``"open"``, a unique
  4-character code (unambiguous letters; retried on a clash); no seat taken yet (the host
  takes one with ``take_seat`` like everyone).
- ``take_seat(code, pupil: Pupil, name: str, seat: int | None = None) -> int``: the seat
  (the first free one when None); a pupil who has a seat gets the same one back (rejoin, also
  after the start). Refused: unknown code, a full table, a seat already taken, a new pupil
  after the start, a game over.
- ``leave_seat(code, pupil)`` (before the start), ``give_to_computer(code, seat, kind)``
  (an empty seat, before the start; kind ``beginner``/``greedy``/``planner``),
  ``start(code) -> RoomSetup`` (at least 2 seats taken; empty seats are left out).
- ``room(code) -> RoomSetup`` (seats with their pupils, status; ``no-such-room`` error for an
  unknown code), ``version(code) -> int`` (bumped by every move, seat change and start; NOT
  by drafts and heartbeats), ``moves(code, after=0) -> list[Move]``,
  ``play(code) -> RoomPlay`` (replayed, cached per (code, version) in the process; a new
  object whenever the version changed: never changed under the caller's feet).
- ``act(code, seq_expected, seat, action, by) -> Move`` and ``act_all(code, seq_expected,
  seat, actions, by) -> list[Move]`` (e.g. ``[WriteProgram(...), Finish(...)]``, all or
  nothing): ONE transaction each: read the last seq, replay, check, insert, bump the version.
  ``seq_expected`` is ``play.next_seq`` as the caller saw it; ``by`` the pupil's key. A stale
  one is still accepted when the action is independent of what happened since (a Target,
  WriteProgram or Finish of another seat in the same phase); otherwise ``RoomError``
  reason ``"table-moved-on"`` (fields ``seat``, ``player``, ``meanwhile``).
- ``advance(code, now=None) -> list[Move]``: append the moves that are due now (computer and
  absent seats, paced; drafts then ``TimeUp`` at the race deadline) in one transaction; any
  kernel may call it on every poll: two kernels appending the same move clash on the key
  and the loser gets ``[]``.
- ``save_draft(code, seat, program: str)``, ``draft(code, seat) -> str | None``
  (a seat's unfinished program; never in ``play`` nor shown to others), ``heartbeat(code,
  seat)``, ``present(code, within=None) -> set[str]`` (seat names seen within ``within``
  seconds, default the room's ``grace_seconds``; computers are never present).
- ``live_rooms(class_code=None) -> list[LiveRoom]``: rooms not over, touched in the last
  hour (``LiveRoom(code, seats, round, status, updated)``, newest first), for the dashboard.
- ``record(code) -> dict``: the room's ``lnb-game/1`` record (as ``GameApp.record_json()``
  saves; ``lnb.babbage.records.load`` reads it), the Rounds finished so far;
  ``record_json(code) -> str`` the same as the text a download holds.
"""
