"""Who may sit at, free, find and watch a class's table (safety trial D6, issue 26 item 14):
only the table's class sits at it, its host frees a seat before the start, table codes are
limited per pupil (also for pages trying at once), and the projector view needs the class's
link (its teacher's dashboard or a pupil of the class). On both store engines."""

from __future__ import annotations

import threading
from urllib.parse import parse_qs, urlparse

import pytest
from clock import Clock

from classroom.identity import Classroom, NewClass, Pupil
from classroom.progress import ProgressStore
from classroom.rooms import CODE_TRIES, RoomStore
from lnb.core.rooms import CODE_ALPHABET, RoomError
from widgets.babbage.room_app import room_page
from widgets.babbage.room_entry import TableEntry
from widgets.classroom.dashboard import Dashboard

T0 = 1_800_000_000.0
ADA = Pupil("class:C1:ada", "Ada")
BEA = Pupil("class:C1:bea", "Bea")
EVE = Pupil("class:C2:eve", "Eve")  # a pupil of another class
DEVICE = Pupil("device:0123456789abcdef", "this browser")  # nobody's class


@pytest.fixture
def clock() -> Clock:
    return Clock(T0)


@pytest.fixture
def rooms(store: ProgressStore, clock: Clock) -> RoomStore:
    return RoomStore(store, clock=clock)


def refused(call) -> RoomError:
    with pytest.raises(RoomError) as caught:
        call()
    assert "Traceback" not in str(caught.value)
    return caught.value


def wrong_codes(rooms: RoomStore, count: int) -> list[str]:
    """``count`` table codes no table has (wrong guesses)."""
    codes = (a + b + c + d for a in CODE_ALPHABET for b in CODE_ALPHABET
             for c in CODE_ALPHABET for d in CODE_ALPHABET)
    found: list[str] = []
    for code in codes:
        try:
            rooms.room(code)
        except RoomError:
            found.append(code)
        if len(found) == count:
            return found
    raise AssertionError("no free codes")


# -- sitting -------------------------------------------------------------------------------

def test_only_the_pupils_of_the_tables_class_sit_at_it(rooms: RoomStore) -> None:
    code = rooms.open_room(ADA, "C1", seats=3).code
    assert rooms.take_seat(code, ADA, "Ada") == 0
    for outsider in (EVE, DEVICE):
        error = refused(lambda p=outsider: rooms.take_seat(code, p, "Eve"))
        assert error.reason == "other-class" and error.code == code
        assert error.table_class == "C1"
        assert str(error) == (f"Table {code} belongs to another class: only the pupils of its "
                              "class can sit at it. Check the code on the board, or open a "
                              "table for your class.")
    assert [s.name for s in rooms.room(code).players] == ["Ada"]  # nothing changed
    assert rooms.take_seat(code, BEA, "Bea") == 1
    anyone = rooms.open_room(None, None, seats=2).code  # a table of no class takes anyone
    assert rooms.take_seat(anyone, EVE, "Eve") == 0


def test_the_host_frees_a_seat_before_the_start_and_nobody_else_does(rooms: RoomStore) -> None:
    code = rooms.open_room(ADA, "C1", seats=3).code
    rooms.take_seat(code, ADA, "Ada")
    rooms.take_seat(code, BEA, "Bea")
    for other in (BEA, EVE, None):
        error = refused(lambda p=other: rooms.free_seat(code, 1, p))
        assert error.reason == "not-host" and error.seat == 1
        assert str(error) == f"Only the pupil who opened table {code} can free its seats."
    assert rooms.room(code).seat(1).pupil == BEA.key
    rooms.free_seat(code, 1, ADA)
    assert not rooms.room(code).seat(1).taken
    rooms.take_seat(code, BEA, "Bea")
    rooms.start(code)
    assert refused(lambda: rooms.free_seat(code, 1, ADA)).reason == "not-open"


# -- finding a table by its code -----------------------------------------------------------

def test_a_pupil_gets_five_wrong_table_codes_a_minute(rooms: RoomStore, clock: Clock) -> None:
    ours = rooms.open_room(ADA, "C1", seats=2).code
    theirs = rooms.open_room(EVE, "C2", seats=2).code
    assert rooms.find_table(ours.lower(), BEA).code == ours
    for _ in range(20):  # a right code does not count
        rooms.find_table(ours, BEA)
    error = refused(lambda: rooms.find_table(theirs, BEA))  # another class's: not found
    assert error.reason == "no-such-room" and str(error) == f"No table {theirs}: check the " \
                                                            "code on the board."
    guesses = wrong_codes(rooms, 40)
    start, checked, tries = clock.now, 1, 0
    while clock.now < start + 59.5:  # a guesser typing 8 codes a second for a minute
        error = refused(lambda n=tries: rooms.find_table(guesses[n % 40], BEA))
        checked += error.reason == "no-such-room"
        tries += 1
        clock.now += 0.125
    assert tries == 476 and checked == CODE_TRIES == 5
    error = refused(lambda: rooms.find_table(ours, BEA))
    assert error.reason == "too-many-tries" and 1 <= error.wait <= 60
    assert str(error) == ("Too many wrong table codes in the last minute: wait a minute, then "
                          "check the code on the board and try again.")
    assert rooms.find_table(ours, ADA).code == ours  # a classmate is not slowed down
    assert refused(lambda: rooms.find_table("K0", BEA)).reason == "bad-code"  # not a code
    clock.now += 61
    assert rooms.find_table(ours, BEA).code == ours


def test_pages_typing_codes_at_the_same_instant_cannot_pass_the_limit(
        store: ProgressStore, clock: Clock) -> None:
    pages = 20
    kernels = [RoomStore(ProgressStore(store.target, backups=False), clock=clock)
               for _ in range(pages)]
    wrong = wrong_codes(kernels[0], pages)
    ready = threading.Barrier(pages)
    reasons: list[str] = []

    def guess(kernel: RoomStore, code: str) -> None:
        ready.wait()
        try:
            kernel.find_table(code, BEA)
        except RoomError as exc:
            reasons.append(str(exc.reason))

    threads = [threading.Thread(target=guess, args=(k, c))
               for k, c in zip(kernels, wrong, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for kernel in kernels:
        kernel.store.close()
    assert sorted(set(reasons)) == ["no-such-room", "too-many-tries"]
    assert reasons.count("no-such-room") == CODE_TRIES


def test_join_a_table_says_when_to_wait_after_wrong_codes(store: ProgressStore) -> None:
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    entry = TableEntry(rooms, classroom)
    entry.panel.join_class(made.code, "Bea", made.cards[1].secret)
    guesses = wrong_codes(rooms, CODE_TRIES + 1)
    for guess in guesses[:-1]:
        entry.code_box.value = guess
        assert entry.status.kind == "error" and "No table" in entry.status.text
    entry.code_box.value = guesses[-1]
    assert entry.status.kind == "error"
    assert entry.status.text.startswith("Too many wrong table codes in the last minute")


# -- watching on the projector -------------------------------------------------------------

def classes(store: ProgressStore) -> tuple[Classroom, NewClass, NewClass]:
    classroom = Classroom(store, failure_delay=0)
    return classroom, classroom.new_class("7B", ["Ali", "Bea"]), classroom.new_class("8C",
                                                                                    ["Eve"])


def test_the_projector_view_needs_the_link_of_the_tables_class(store: ProgressStore,
                                                                clock: Clock) -> None:
    classroom, made, other = classes(store)
    rooms = RoomStore(store, clock=clock)
    ali = classroom.join(made.code, "Ali", made.cards[0].secret).pupil
    eve = classroom.join(other.code, "Eve", other.cards[0].secret).pupil
    code = rooms.open_room(ali, made.code, seats=2).code
    token = rooms.watch_token(code, ali)
    assert len(token) >= 20 and rooms.may_watch(code, token)
    assert refused(lambda: rooms.watch_token(code, eve)).reason == "other-class"
    theirs = rooms.open_room(eve, other.code, seats=2).code
    for wrong in (None, "", "x" * len(token), rooms.watch_token(theirs, eve)):
        assert not rooms.may_watch(code, wrong)
    error = refused(lambda: rooms.for_watcher("").room(code))
    assert error.reason == "not-a-watcher" and error.code == code
    assert rooms.for_watcher(token).room(code).code == code
    assert rooms.may_watch(rooms.open_room(None, None).code, "")  # a table of no class
    board = Dashboard(classroom, clock=clock)  # the teacher's link carries the token
    board.open_class(made.code, made.teacher_key)
    (listed,) = board.rooms
    assert listed.watch == token
    link = board.rooms_view.value.split("href='")[1].split("'")[0].replace("&amp;", "&")
    assert parse_qs(urlparse(link).query)["watch"] == [token]


def test_the_projector_page_shows_the_table_only_with_its_link(store: ProgressStore,
                                                               clock: Clock) -> None:
    classroom, made, _other = classes(store)
    rooms = RoomStore(store, clock=clock)
    entry = TableEntry(rooms, classroom)  # Ali opens a table: his projector link
    entry.panel.join_class(made.code, "Ali", made.cards[0].secret)
    entry.open_button.click()
    code = entry.opened.code
    link = entry.answer.value.split("lnb-room-projector-link' href='")[1].split("'")[0]
    query = {k: v[0] for k, v in parse_qs(urlparse(link.replace("&amp;", "&")).query).items()}
    assert query["room"] == code and query["view"] == "projector" and query["watch"]
    page = room_page(query, rooms, classroom)
    assert page.setup is not None and page.setup.code == code and page.status.kind != "error"
    for wrong in ({"room": code, "view": "projector"},
                  {"room": code, "view": "projector", "watch": "0" * 24}):
        page = room_page(wrong, rooms, classroom)
        assert page.setup is None and page.status.kind == "error"
        assert page.status.text.startswith(f"Only the teacher and the pupils of its class can "
                                           f"watch table {code}")


def test_a_pupils_page_shows_a_classs_table_only_to_its_class(store: ProgressStore,
                                                              clock: Clock) -> None:
    """The table page (``?room=CODE``, not the projector) of a visitor who is not of the
    table's class shows its code only: no names, no lobby, no game."""
    classroom, made, other = classes(store)
    rooms = RoomStore(store, clock=clock)
    ali = classroom.join(made.code, "Ali", made.cards[0].secret).pupil
    code = rooms.open_room(ali, made.code, seats=2).code
    rooms.take_seat(code, ali, "Ali")

    def shown(page) -> str:
        texts = [page.phase_title.value]
        stack = list(page.body.children)
        while stack:
            widget = stack.pop()
            texts.append(str(getattr(widget, "value", "")))
            stack.extend(getattr(widget, "children", ()))
        return " ".join(texts)

    stranger = room_page({"room": code}, rooms, classroom)  # nobody joined on this page
    assert code in shown(stranger) and "Ali" not in shown(stranger)
    assert stranger.body.children == ()
    with stranger.status.guard():  # as the panel's Join button calls it
        stranger.panel.join_class(other.code, "Eve", other.cards[0].secret)  # another class
    assert stranger.seat is None and "Ali" not in shown(stranger)
    assert stranger.status.kind == "error" and "another class" in stranger.status.text
    classmate = room_page({"room": code}, rooms, classroom)
    classmate.panel.join_class(made.code, "Bea", made.cards[1].secret)
    assert classmate.seat == 1 and "Ali" in shown(classmate)
