"""Live game rooms: one table of Lovelace & Babbage played from several devices, as data.

A room is its setup (seats, seed, options) and the list of its moves; replaying the moves
gives the game's ``State``. This module is pure (no store, no UI): the store is
``widgets.classroom.rooms.RoomStore``, the UI ``widgets.babbage.room_app``. See docs/rooms.md.

API (the UI builds on exactly this):

- ``RoomSeat(index, name, character, pupil=None, computer=None)`` (frozen): one seat;
  ``pupil`` the pupil key holding it (``Pupil.key``), ``computer`` a bot kind
  (``"beginner"``, ``"greedy"``, ``"planner"``) or None; ``.taken`` (a pupil or a computer).
- ``RoomSetup(code, seats, seed, options=GameOptions(), grace_seconds=20.0,
  pace_seconds=1.5, status="open", class_code=None, host=None, started=None)`` (frozen):
  ``.race_seconds`` (= ``options.timer_seconds``, 60), ``.players`` (the taken seats, in seat
  order: the game's players), ``.seat(index)``, ``.seat_named(name)``, ``.seat_of(pupil_key)``
  (None if the pupil has no seat), ``.game()`` (the ``Game``), ``.to_json()`` /
  ``RoomSetup.from_json(code, text, seats, ...)`` (what ``rooms.setup`` holds).
- ``Move(seq, seat, action, at, by=None)`` (frozen): ``seq`` from 1, ``seat`` the seat index
  (None for the table's ``TimeUp``), ``action`` a ``lnb.babbage.game`` action, ``at`` epoch
  seconds, ``by`` the pupil key or ``"computer"``. ``action_to_json(action)`` /
  ``action_from_json(text)`` are what ``room_moves.action`` holds.
- ``RoomPlay.from_moves(setup, moves)``: the replay. Read ``.state`` (the ``State``),
  ``.moves``, ``.seq`` (the last move's seq, 0 before any; ``.version`` is the same),
  ``.next_seq`` (= seq + 1: what a new move's ``seq`` must be), ``.phase_since`` (epoch
  seconds the current phase began), ``.program_since`` (when this Round's Program phase
  began, else None), ``.race_deadline`` (first Finish's ``at`` + race_seconds, else None),
  ``.seconds_left(now)`` (None before the first Finish), ``.waiting_on`` (names the table
  waits for), ``.finished`` (True at game over).
  ``.check(move)`` raises ``RoomError`` (reason ``"table-moved-on"`` when ``move.seq`` is
  stale and the action is no longer the seat's to make; fields ``seat``, ``player``,
  ``meanwhile`` (the public descriptions of the moves since), ``seq``, ``expected_seq``),
  or the game's own ``GameError`` for an action that is simply not legal.
  ``.stamp(action, at)`` fills a ``Finish``'s seconds (since the Program phase began).
  ``.apply(move)`` checks and applies one move (the play moves on); ``.extended(moves)`` a
  new play with more moves (this one unchanged); ``.copy()``.
  ``.due(now, present, drafts={})`` -> list of actions the table makes now: computer seats'
  and absent seats' moves (absent: a pupil's seat whose name is not in ``present``), paced
  (a resolution row of theirs, or a row with nothing to choose, ``pace_seconds`` after the
  move before; a computer finishes its program ``think_seconds`` after the Program phase
  began), and at the race deadline each unfinished seat's ``WriteProgram`` of its draft
  (``drafts``: seat index -> program text; the longest legal start of it) then ``TimeUp``.
  ``.to_record()`` (lnb-game/1 as ``GameApp.record_json()`` saves it: computer seats carry
  ``"computer": kind``, ``"untimed": false``; the Rounds finished so far),
  ``.frames()`` (``(move, state)`` after each move, for a replay: the state is one object
  moving on, ``clone()`` it to keep it), ``.upto(seq)`` (the play after ``seq`` moves).
- ``describe(action)``: a move as everyone may read it (a Target's Subroutine stays secret,
  a program is not shown).
- ``RoomError`` (a ``GameError``): every refusal, with ``reason`` and the facts as fields;
  the helpers ``no_such_room(code)``, ``table_full(code)``, ``seat_taken(code, seat, name)``,
  ``game_started(code)``, ``not_your_seat(code, seat)``, ``too_few_players(code, count)``,
  ``room_over(code)``, ``not_open(code)``, ``no_such_seat(code, seat)``, ``bad_code(text)``,
  ``bad_seat_count(count)``, ``unknown_bot(kind)`` make the store's errors (messages for
  pupils, in the ``lnb`` catalog).
- ``CODE_ALPHABET`` (the class codes' unambiguous letters), ``CODE_LENGTH`` (4),
  ``normalize_room_code(text)``, ``ABSENT_BOT`` (the bot kind that plays an absent seat).

>>> from lnb.babbage.game import Target
>>> setup = RoomSetup("K7QX", (RoomSeat(0, "Ada", "Ada Lovelace", pupil="class:C:1"),
...                            RoomSeat(1, "Babbage", "Charles Babbage", computer="greedy")),
...                   seed=4, status="playing", started=1000.0)
>>> play = RoomPlay.from_moves(setup, [])
>>> play.state.phase.name, play.waiting_on, play.next_seq
('TARGET', ('Ada', 'Babbage'), 1)
>>> play.due(1000.5, present={"Ada"})  # the computer targets at once
[Target(player='Babbage', subroutine=...)]
"""
