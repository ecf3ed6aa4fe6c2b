"""Pupils' identity for a class: classes and cards, joining, wrong cards refused and slowed,
sessions, the teacher's key, the kit-class command and the printable cards."""

from __future__ import annotations

import datetime
import json
import re
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from clock import Clock
from store_engines import SQLITE_ONLY

from classroom.cards import cards_html
from classroom.cli import main
from classroom.identity import (
    ALPHABET,
    Card,
    Classroom,
    IdentityError,
    NewClass,
    Pupil,
    read_names,
    shown_code,
)
from classroom.progress import ProgressStore, class_progress
from classroom.words import PICTURES, WORDS
from lnb.core.errors import LnbError
from widgets.babbage.puzzle_app import PuzzleApp

TODAY = datetime.date(2025, 3, 5)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "progress.sqlite3"


@pytest.fixture
def clock() -> Clock:
    return Clock(1_700_000_000.0)


@pytest.fixture
def room(store: ProgressStore, clock: Clock) -> Classroom:
    return Classroom(store, failure_delay=0, clock=clock)


@pytest.fixture
def made(room: Classroom) -> NewClass:
    return room.new_class("7B", ["Ali", "Bea", "Cy Lee"])


def card(made: NewClass, name: str) -> Card:
    return next(c for c in made.cards if c.pupil_name == name)


# -- classes and cards ---------------------------------------------------------------------

def test_a_class_has_a_short_clear_code_a_teacher_key_and_one_card_each(
        made: NewClass, room: Classroom) -> None:
    assert len(made.code) == 6 and set(made.code) <= set(ALPHABET)
    assert not set(made.code) & set("0O1IL2Z5S8B")
    assert re.fullmatch(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){3}", made.teacher_key)
    assert [c.pupil_name for c in made.cards] == ["Ali", "Bea", "Cy Lee"]
    for c in made.cards:
        words = c.secret.split()
        assert len(words) == 2 and words[0] != words[1] and set(words) <= set(WORDS)
    assert len({c.secret for c in made.cards}) == 3
    (info,) = room.classes()
    assert (info.code, info.name, info.pupils) == (made.code, "7B", ("Ali", "Bea", "Cy Lee"))


@SQLITE_ONLY  # it reads the file's bytes
def test_the_file_holds_no_secret_and_no_teacher_key(made: NewClass, store: ProgressStore,
                                                     db: Path, room: Classroom) -> None:
    session = room.join(made.code, "Ali", card(made, "Ali").secret)
    store.close()
    raw = b"".join(p.read_bytes() for p in db.parent.glob("progress.sqlite3*") if p.is_file())
    for c in made.cards:
        assert c.secret.encode() not in raw
    key = made.teacher_key
    assert key.encode() not in raw and key.replace("-", "").encode() not in raw
    assert session.token.encode() not in raw
    with sqlite3.connect(db) as conn:
        hashes = [r[0] for r in conn.execute("SELECT secret_hash FROM class_pupils")]
    assert all(h.startswith("scrypt$") for h in hashes) and len(set(hashes)) == 3


def test_the_kit_hashes_cards_and_keys_at_scrypts_full_cost() -> None:
    """The tests' own processes hash at a lower cost (conftest.py): the kit, in a process of
    its own, at n=2**14; a hash of either cost is checked by both."""
    from classroom.identity import check_secret, hash_secret

    kit = subprocess.run(
        [sys.executable, "-c", "from classroom.identity import hash_secret as h, check_secret "
         "as c; import sys; print(h('tiger lemon'), c('tiger lemon', sys.argv[1]), "
         "c('tiger melon', sys.argv[1]))", hash_secret("tiger lemon")],
        capture_output=True, text=True, check=True, timeout=60).stdout.split()
    assert kit[0].startswith("scrypt$16384$8$1$") and kit[1:] == ["True", "False"], kit
    assert check_secret("tiger lemon", kit[0]) and not check_secret("tiger melon", kit[0])
    assert hash_secret("x").startswith("scrypt$16$8$1$")  # this process: conftest's cost


def test_the_same_name_twice_and_an_empty_list_are_refused(room: Classroom) -> None:
    with pytest.raises(IdentityError, match="line 3: 'sam' is already on line 1") as info:
        read_names(["Sam", "Ali", "sam"])
    assert info.value.row == 3 and isinstance(info.value, LnbError)
    with pytest.raises(IdentityError, match="no pupils"):
        room.new_class("7B", ["", "# nobody"])


# -- joining -------------------------------------------------------------------------------

def test_a_pupil_joins_with_class_code_name_and_card(made: NewClass, room: Classroom,
                                                     store: ProgressStore) -> None:
    bea = card(made, "Bea")
    session = room.join(shown_code(made.code).lower(), "  BEA ", bea.secret.upper())
    assert session.pupil.key.startswith(f"class:{made.code}:")
    assert (session.pupil_name, session.class_name) == ("Bea", "7B")
    ali = room.join(made.code, "ali", card(made, "Ali").secret.replace(" ", "-"))
    assert ali.pupil.key != session.pupil.key
    store.record_attempt(session.pupil, "P1", solved=True, rows=2, day=TODAY)
    assert store.load(ali.pupil).puzzles == ()


@pytest.mark.parametrize(("code", "name", "secret", "reason", "says"), [
    ("ZZZZZZ", "Bea", "{bea}", "unknown-class", "There is no class ZZZ-ZZZ"),
    ("{code}", "Bee", "{bea}", "unknown-pupil", "nobody called 'Bee' in class 7B"),
    ("{code}", "Bea", "{ali}", "wrong-secret", "That is not Bea's card in class 7B"),
    ("{code}", "Bea", "", "wrong-secret", "check the two words on your card"),
])
def test_a_wrong_card_is_refused_plainly_and_slowly(made: NewClass, store: ProgressStore,
                                                    code: str, name: str, secret: str,
                                                    reason: str, says: str) -> None:
    room = Classroom(store, failure_delay=0.3)
    values = {"code": made.code, "bea": card(made, "Bea").secret,
              "ali": card(made, "Ali").secret}
    started = time.monotonic()
    with pytest.raises(IdentityError) as info:
        room.join(code.format(**values), name, secret.format(**values))
    assert time.monotonic() - started >= 0.3
    assert info.value.reason == reason and says in str(info.value)
    assert "Traceback" not in str(info.value)


def test_a_classmates_wrong_tries_never_refuse_a_right_card(made: NewClass, room: Classroom,
                                                            store: ProgressStore,
                                                            clock: Clock) -> None:
    other_kernel = Classroom(ProgressStore(store.target, backups=False), failure_delay=0,
                             clock=clock)
    for n in range(2):  # two of Bea's typos, three of Cy's, each from their own device
        with pytest.raises(IdentityError, match="not Bea's card"):
            room.join(made.code, "Bea", "red sun", device=f"device:bea-{n}")
    for _n in range(3):
        with pytest.raises(IdentityError, match="not Cy Lee's card"):
            other_kernel.join(made.code, "Cy Lee", "red sun", device="device:cy")
    assert room.join(made.code, "Ali", card(made, "Ali").secret).pupil_name == "Ali"
    for _n in range(5):  # Cy's name now has no room this minute: his own tries wait...
        with pytest.raises(IdentityError):
            other_kernel.join(made.code, "Cy Lee", "red sun", device="device:cy")
    # ...and nobody else's: not Bea's right card, not Ali's on Cy's device
    assert room.join(made.code, "Bea", card(made, "Bea").secret).pupil_name == "Bea"
    assert room.join(made.code, "Ali", card(made, "Ali").secret,
                     device="device:cy").pupil_name == "Ali"


def test_one_name_gets_five_checked_tries_a_minute_whatever_the_devices(
        made: NewClass, room: Classroom, clock: Clock) -> None:
    def checked(name: str, device: str) -> bool:
        with pytest.raises(IdentityError) as info:
            room.join(made.code, name, "red sun", device=device)
        return info.value.reason != "too-many-tries"

    start = clock.now
    counted = []
    while clock.now < start + 59.5:  # a guesser with a new device for every try, 4 a second
        counted.append(checked("Bea", f"device:guess-{len(counted)}"))
        clock.now += 0.25
    assert len(counted) == 238 and counted.count(True) == 5  # in one minute
    with pytest.raises(IdentityError) as info:
        room.join(made.code, "Bea", "red sun")
    assert info.value.reason == "too-many-tries" and info.value.scope == "name"
    assert 1 <= info.value.wait <= 60 and "Bea" in str(info.value)
    # one device trying every name of the class (and names it has not) gets 10 a minute
    clock.now += 61
    names = ["Ali", "Bea", "Cy Lee", "Dan", "Eve", "Fay"] * 4
    assert [checked(n, "device:one") for n in names].count(True) == 10
    with pytest.raises(IdentityError) as info:
        room.join(made.code, "Ali", card(made, "Ali").secret, device="device:one")
    assert info.value.scope == "device" and "this device" in str(info.value)
    assert room.join(made.code, "Ali", card(made, "Ali").secret,
                     device="device:two").pupil_name == "Ali"


def test_a_right_card_does_not_count_as_a_wrong_try(made: NewClass, room: Classroom) -> None:
    for _ in range(12):  # a tablet passed around the class: every pupil joins on it
        for c in made.cards:
            room.join(made.code, c.pupil_name, c.secret, device="device:tablet")
    with pytest.raises(IdentityError, match="not Bea's card"):
        room.join(made.code, "Bea", "red sun", device="device:tablet")


def test_pages_trying_at_the_same_instant_cannot_pass_the_limit(
        made: NewClass, store: ProgressStore, clock: Clock) -> None:
    pages = 20
    kernels = [Classroom(ProgressStore(store.target, backups=False), failure_delay=0,
                         clock=clock) for _ in range(pages)]
    ready = threading.Barrier(pages)
    reasons: list[str] = []

    def guess(kernel: Classroom, n: int) -> None:
        ready.wait()
        try:
            kernel.join(made.code, "Bea", "red sun", device=f"device:tab-{n}")
        except IdentityError as exc:
            reasons.append(str(exc.reason))

    threads = [threading.Thread(target=guess, args=(k, n)) for n, k in enumerate(kernels)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for kernel in kernels:
        kernel.store.close()
    assert len(reasons) == pages
    assert reasons.count("wrong-secret") == 5  # checked; the other 15 were not
    assert reasons.count("too-many-tries") == pages - 5


def test_sessions_resume_expire_and_end_when_the_secret_is_reset(
        made: NewClass, room: Classroom, clock: Clock) -> None:
    session = room.join(made.code, "Bea", card(made, "Bea").secret)
    assert room.resume(session.token) == session
    assert room.resume("x" * 43) is None and room.resume("") is None
    room.leave(session.token)
    assert room.resume(session.token) is None
    again = room.join(made.code, "Bea", card(made, "Bea").secret)
    clock.now += 31 * 86400
    assert room.resume(again.token) is None  # 30 days at most
    clock.now -= 31 * 86400
    assert room.resume(again.token) == again
    with pytest.raises(IdentityError, match="not the teacher key") as info:
        room.reset_secret(made.code, "Bea", "AAAA-AAAA-AAAA-AAAA")
    assert info.value.reason == "wrong-teacher-key"
    new = room.reset_secret(made.code, "bea", made.teacher_key.lower())
    assert new.secret != card(made, "Bea").secret and new.pupil_name == "Bea"
    assert room.resume(again.token) is None  # the old card's sessions end
    with pytest.raises(IdentityError, match="not Bea's card"):
        room.join(made.code, "Bea", card(made, "Bea").secret)
    assert room.join(made.code, "Bea", new.secret).pupil == again.pupil  # same progress
    with pytest.raises(IdentityError, match="no pupil 'Eve'"):
        room.reset_secret(made.code, "Eve", made.teacher_key)


def test_only_the_teacher_key_shows_the_class_progress(made: NewClass, room: Classroom,
                                                       store: ProgressStore) -> None:
    bea = room.join(made.code, "Bea", card(made, "Bea").secret)
    store.record_attempt(bea.pupil, "P1", solved=True, rows=2, day=TODAY)
    with pytest.raises(IdentityError, match="not the teacher key"):
        class_progress(room, made.code, "wrong")
    table = dict(class_progress(room, made.code, made.teacher_key))
    assert table["Bea"].solved_count == 1 and table["Ali"].solved_count == 0


@pytest.mark.parametrize(("code", "reason", "says"), [
    ("{code}", "wrong-teacher-key", "That is not the teacher key of class {shown}: it was "
                                    "printed when the class was made (kit-class new)."),
    ("HJ4-RPX", "unknown-class", "There is no class HJ4-RPX: check the class code."),
])
def test_a_wrong_teacher_key_waits_and_a_mistyped_class_code_says_so(
        made: NewClass, store: ProgressStore, code: str, reason: str, says: str) -> None:
    room = Classroom(store, failure_delay=0.3)
    started = time.monotonic()
    with pytest.raises(IdentityError) as info:
        room.check_teacher(code.format(code=made.code), "AAAA-AAAA-AAAA-AAAA")
    assert time.monotonic() - started >= 0.3  # like a wrong card: a page tries slowly
    assert info.value.reason == reason
    assert str(info.value) == says.format(shown=shown_code(made.code))
    assert room.check_teacher(made.code, made.teacher_key).code == made.code


def test_young_pupils_cards_have_a_picture_and_a_number(room: Classroom) -> None:
    made = room.new_class("Year 1", ["Mo", "Pip"], pictures=True)
    for c in made.cards:
        word, number = c.secret.split()
        assert word in PICTURES and 10 <= int(number) <= 99 and c.picture == PICTURES[word]
    mo = made.cards[0]
    typed = mo.secret.replace(" ", "").upper()  # "CAT42"
    assert room.join(made.code, "mo", typed).pupil_name == "Mo"
    sheet = cards_html(made.cards)
    assert all(f"aria-label='{c.secret.split()[0]}'" in sheet for c in made.cards)  # drawn


def test_a_damaged_card_row_is_refused_and_reported(made: NewClass, store: ProgressStore,
                                                    room: Classroom) -> None:
    with store.transaction() as raw:  # a write that is not the kit's own
        raw.execute("UPDATE class_pupils SET name = 'Bob' WHERE name = 'Bea'")
    with pytest.raises(IdentityError):
        room.join(made.code, "Bea", card(made, "Bea").secret)
    notes = [t for _, t in store.teacher_notes()]
    assert len(notes) == 1 and "card of Bob is damaged" in notes[0]
    assert "reset-secret" in notes[0]


# -- the cards sheet -----------------------------------------------------------------------

def test_the_cards_sheet_has_one_card_per_pupil_and_prints_on_a4(made: NewClass) -> None:
    odd = Card(made.code, "7B", "<b>Zoë</b>", "red sun")
    sheet = cards_html([*made.cards, *[odd] * 6], address="http://10.0.0.5:8866/p")
    assert sheet.count("class='card'") == 9
    assert "size: A4" in sheet and sheet.count("page-break'") == 1  # 8 a page
    for c in made.cards:
        assert c.pupil_name in sheet and c.secret in sheet
    assert shown_code(made.code) in sheet and "http://10.0.0.5:8866/p" in sheet
    assert "<b>Zoë</b>" not in sheet and "&lt;b&gt;Zoë&lt;/b&gt;" in sheet
    assert made.teacher_key not in sheet


# -- the kit-class command -------------------------------------------------------------------

def test_kit_class_makes_lists_resets_backs_up_and_restores(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "class.sqlite3"
    names = tmp_path / "names.txt"
    names.write_text("Ali\nBea\n\n# left out\nCy Lee\n", encoding="utf-8")
    cards = tmp_path / "cards.html"
    assert main(["--db", str(db), "new", "7B", "--pupils", str(names), "-o", str(cards)]) == 0
    out = capsys.readouterr().out
    code = re.search(r"class code ([A-Z0-9-]+)", out).group(1)  # type: ignore[union-attr]
    key = re.search(r"Teacher key \(shown only now; write it down\): (\S+)", out).group(1)  # type: ignore[union-attr]
    sheet = cards.read_text(encoding="utf-8")
    assert sheet.count("class='card'") == 3 and code in sheet and key not in sheet
    assert main(["--db", str(db), "list"]) == 0
    assert re.search(rf"{code}\s+7B\s+3 pupils", capsys.readouterr().out)
    assert main(["--db", str(db), "reset-secret", code, "Bea", "--teacher-key", "nope"]) == 2
    assert "not the teacher key" in capsys.readouterr().err
    card_file = tmp_path / "bea.html"
    assert main(["--db", str(db), "reset-secret", code, "Bea", "--teacher-key", key,
                 "-o", str(card_file)]) == 0
    secret = re.search(r"new secret: (\w+ \w+)", capsys.readouterr().out).group(1)  # type: ignore[union-attr]
    with ProgressStore(db) as store:
        assert Classroom(store, failure_delay=0).join(code, "Bea", secret).pupil_name == "Bea"
    assert secret in card_file.read_text(encoding="utf-8")
    assert main(["--db", str(db), "list", code, "--teacher-key", key]) == 0
    assert "Cy Lee" in capsys.readouterr().out
    copy = tmp_path / "copy.sqlite3"
    assert main(["--db", str(db), "backup", "-o", str(copy)]) == 0
    assert str(copy) in capsys.readouterr().out
    with ProgressStore(db) as store:
        Classroom(store).new_class("7C", ["Dan"])
    assert main(["--db", str(db), "restore", str(copy)]) == 0
    assert "kept at" in capsys.readouterr().out
    assert main(["--db", str(db), "list"]) == 0
    listed = capsys.readouterr().out
    assert "7B" in listed and not re.search(r"\s7C\s", listed)  # a code may hold "7C"
    assert main(["--db", str(db), "backup", "--list"]) == 0
    assert "class-" in capsys.readouterr().out  # the daily backup
    assert main(["--db", str(db), "notes"]) == 0
    assert "Bea was given a new card" in capsys.readouterr().out
    assert main(["--db", str(db), "restore", str(names)]) == 2
    assert "not a good progress file backup" in capsys.readouterr().err


def test_kit_class_runs_as_a_module_and_as_a_command(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite3"
    run = subprocess.run([sys.executable, "-m", "classroom", "--db", str(db), "list"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "No classes yet" in run.stdout
    command = Path(sys.executable).with_name("kit-class")
    assert command.exists(), "run: .venv/bin/python -m pip install -e . --no-deps"
    run = subprocess.run([str(command), "--db", str(db), "notes"], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0 and "No notes." in run.stdout


# -- in the puzzle app -------------------------------------------------------------------------

def make_app(store: ProgressStore, room: Classroom, device: str | None = None,
             session: str | None = None) -> PuzzleApp:
    app = PuzzleApp(store, today=lambda: TODAY, seed=1, classroom=room)
    app.open_query({})
    if device or session:
        app.identity.browser_key.value = json.dumps({"key": device, "session": session})
    return app


def test_joining_in_the_app_opens_the_class_pupils_progress(made: NewClass, room: Classroom,
                                                            store: ProgressStore) -> None:
    device = Pupil.new_browser_key()
    app = make_app(store, room, device)
    app.hint_button.click()  # saved on this device
    app.identity.join_button.click()
    assert app.identity.card_secret is not None and app.identity.class_code is not None
    assert app.identity.pupil_name is not None
    app.identity.class_code.value, app.identity.pupil_name.value = made.code, "Bea"
    app.identity.card_secret.value = card(made, "Ali").secret  # Ali's card, not Bea's
    app.identity.join_box.children[-1].click()
    assert app.status.kind == "error" and "not Bea's card" in app.status.text
    assert app.pupil == Pupil.from_browser_key(device) and app.identity.card_secret.value == ""
    app.identity.card_secret.value = card(made, "Bea").secret
    app.identity.join_box.children[-1].click()
    assert app.status.kind == "ok" and app.identity.session is not None
    who = app.identity.who.value
    assert app.pupil == app.identity.session.pupil and "Bea" in who and "7B" in who
    assert app.identity.card_secret.value == ""
    token = json.loads(app.identity.session_out.value)["session"]
    assert token == app.identity.session.token
    assert card(made, "Bea").secret not in app.identity.session_out.value
    app.builder.type_rows(str(app.puzzle.solution.program))
    app.check()
    assert store.load(app.identity.session.pupil).solved_count == 1
    assert store.load(Pupil.from_browser_key(device)).solved_count == 0
    # the next page on this browser resumes the session; Leave goes back to the device
    later = make_app(store, room, device, session=token)
    assert later.pupil == app.identity.session.pupil
    assert later.identity.leave_button.layout.display is None
    later.identity.leave_button.click()
    assert later.pupil == Pupil.from_browser_key(device)
    assert json.loads(later.identity.session_out.value) == {"session": None}
    assert room.resume(token) is None
    stale = make_app(store, room, device, session=token)
    assert stale.pupil == Pupil.from_browser_key(device)
    assert json.loads(stale.identity.session_out.value) == {"session": None}


def test_a_session_token_is_not_a_secret_the_page_can_make_up(made: NewClass, room: Classroom,
                                                              store: ProgressStore) -> None:
    app = make_app(store, room, Pupil.new_browser_key(), session=card(made, "Bea").secret)
    assert app.identity.session is None and app.identity.source == "device"


def test_joining_while_the_file_cannot_be_used_says_so(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"somebody else's notes, not a database " * 50)
    store = ProgressStore(path)
    room = Classroom(store, failure_delay=0)
    with pytest.raises(IdentityError, match="cannot be used right now") as info:
        room.join("KM7Q4X", "Bea", "red sun")
    assert info.value.reason == "no-store" and str(path) not in str(info.value)  # a pupil's
    assert "counts for this browser only" in str(info.value)
    with pytest.raises(IdentityError, match="cannot be read right now") as info:
        room.check_teacher("KM7Q4X", "AAAA-BBBB-CCCC-DDDD")  # the teacher: the file named
    assert info.value.reason == "no-store" and str(path) in str(info.value)
    app = make_app(store, room, Pupil.new_browser_key(), session="t" * 43)
    assert app.identity.source == "device"
    assert app.identity.session_out.value == ""  # the browser keeps its session for later
    app.identity.join_class("KM7Q4X", "Bea", "red sun")
    assert app.status.kind == "error" and "cannot be used right now" in app.status.text
    assert str(path) not in app.status.text
    assert path.read_bytes().startswith(b"somebody else's")  # left alone
