"""The teacher's dashboard in a real browser: a class made in the server's progress file, two
pupils' answers recorded there; the teacher is refused with a wrong key (the key box
emptied), then opens the class and sees the figures the test made: each pupil's puzzles,
the histogram beside the shortest, the most common wrong program with its diagnosis, who is
online, the CSV link, the class's game table playing now, whose link opens its projector
view; the class's museum room (its pupils, Hold at turn N) and today's challenge scores, and
Bea's map on the projector with the names hidden, following the teacher's hold live; axe
finds no serious violation. Screenshots at 1280×800 and 768×1024
go to ``test-artifacts/``."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import (
    VoilaServer,
    assert_local_only,
    assert_no_traceback,
    lessons_kit,
    open_voila,
    serious_violations,
    snap,
)
from playwright.sync_api import expect

from classroom.dashboard_store import ClassWork
from classroom.identity import Classroom, NewClass
from classroom.museum_rooms import MuseumRooms
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from classroom.scores import DailyScores
from lnb.babbage.hints import wrong_turn
from lnb.babbage.puzzles import Puzzle

pytestmark = pytest.mark.browser

WAIT = 60_000
CODE = "P1-0J6Y-91VC-7"  # start at 55, reach 73 in at most 5 rows; shortest 2 rows
WRONG = "A3+ B1- A1+"


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("dashboard-home")


@pytest.fixture(scope="module")
def made(home: Path) -> NewClass:
    """Class 7B in the server's file: Ali solved in 4 rows after a wrong try and a hint, Bea
    in 2 after the same wrong program; Cy did nothing. Bea's page is active now. Ali and
    Bea play a table with a computer, started."""
    with ProgressStore(home / "progress.sqlite3", backups=False) as store:
        room = Classroom(store, failure_delay=0)
        made = room.new_class("7B", ["Ali", "Bea", "Cy"])
        ali, bea = (room.join(made.code, c.pupil_name, c.secret).pupil for c in made.cards[:2])
        work, day = ClassWork(store), datetime.date.today()
        for pupil, rows, hints in ((ali, 4, 1), (bea, 2, 0)):
            store.record_attempt(pupil, CODE, solved=False, hints=hints, day=day)
            work.record_wrong_answer(pupil, CODE, WRONG, day)
            store.record_attempt(pupil, CODE, solved=True, rows=rows, hints=hints, day=day)
        work.seen(bea)
        rooms = RoomStore(store)
        table = rooms.open_room(ali, made.code, seats=3)
        rooms.take_seat(table.code, ali, "Ali")
        rooms.take_seat(table.code, bea, "Bea")
        rooms.give_to_computer(table.code, 2, "greedy")
        rooms.start(table.code)
        museum = MuseumRooms(store)  # a museum room of the class: Ali, then Bea, who placed
        opened = museum.open_room(None, made.code, seed=1)
        museum.join(opened.code, ali, "Ali")
        museum.join(opened.code, bea, "Bea")
        museum.place(opened.code, bea, "place 6b r0 @A4", expected=0)
        DailyScores(store, "museum").record(ali, day, 48)  # today's challenge
    return made


@pytest.fixture(scope="module")
def kit(home: Path, made: NewClass) -> Iterator[VoilaServer]:
    with lessons_kit(home) as server:
        yield server


def test_the_teacher_opens_the_class_and_sees_the_figures(page, kit: VoilaServer,  # type: ignore[no-untyped-def]
                                                          made: NewClass, home: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_voila(page, f"{kit.url}voila/render/teacher.ipynb", selector=".lnb-open-class",
               timeout=WAIT)
    code, key = page.locator(".lnb-class-code input"), page.locator(".lnb-teacher-key input")
    code.fill(made.code)
    key.fill("WRONG-KEY-0000")
    page.locator(".lnb-open-class").click()
    status = page.locator(".lnb-status-text")
    expect(status).to_contain_text("not the teacher key of class", timeout=WAIT)
    expect(key).to_have_value("")
    expect(code).to_have_value(made.code)
    assert page.locator(".lnb-pupil-row").count() == 0

    key.fill(made.teacher_key)
    page.locator(".lnb-open-class").click()
    expect(status).to_contain_text("Class 7B opened; it shows the latest by itself",
                                   timeout=WAIT)
    rows = page.locator(".lnb-class-view .lnb-pupil-row")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("Ali")
    expect(rows.nth(0)).to_contain_text("4 (shortest 2)")
    expect(rows.nth(0).locator("td.lnb-puzzle")).to_contain_text("55 → 73")  # what it asks
    expect(rows.nth(1)).to_contain_text("2 (shortest 2)")
    expect(rows.nth(2)).to_contain_text("No puzzle tried yet")
    assert [rows.nth(i).locator("td.lnb-num").all_inner_texts() for i in range(2)] == [
        ["2", "1"], ["2", "0"]]  # attempts, hints used
    expect(page.locator(".lnb-online-line")).to_contain_text("Online now (1): Bea")
    lengths = page.locator(".lnb-lengths")
    expect(lengths).to_contain_text(f"Puzzle 55 → 73 ({CODE}): 2 pupils tried it, 2 solved it")
    assert lengths.locator("th").all_inner_texts() == ["2 rows", "3 rows", "4 rows"]
    expect(lengths.locator(".lnb-mark")).to_have_text("shortest possible")
    assert Puzzle.from_code(CODE).solution.length == 2
    wrong = page.locator(".lnb-wrong tbody tr")
    expect(wrong).to_have_count(1)
    expect(wrong).to_contain_text(WRONG)
    expect(wrong).to_contain_text("2 pupils, 2 times")
    expect(wrong).to_contain_text(wrong_turn(Puzzle.from_code(CODE), WRONG).message)
    table = page.locator(".lnb-rooms tbody tr")
    expect(table).to_have_count(1)
    expect(table).to_contain_text("Round 1")
    expect(table).to_contain_text("Ali")
    watch = table.locator("a")
    href = watch.get_attribute("href") or ""
    assert "view=projector" in href and href.startswith("play.ipynb?room=")
    museum_room = page.locator(".lnb-class-room")
    expect(museum_room).to_have_count(1)
    expect(museum_room).to_contain_text("2 pupils")
    expect(museum_room.locator(".lnb-class-room-hold")).to_have_text("Hold at turn 2")
    daily = page.locator(".lnb-daily-row")
    expect(daily).to_have_count(1)
    assert daily.locator("th, td").all_inner_texts() == ["Ali", "48", "1"]
    link = page.locator(".lnb-export a.lnb-download-link")
    expect(link).to_have_attribute("download", f"results-7B-{datetime.date.today()}.csv")
    page_text = page.locator("body").inner_text()
    for card in made.cards:
        assert card.secret not in page_text
    assert_no_traceback(page)
    assert_local_only(page)
    assert serious_violations(page) == []
    for width, height in ((1280, 800), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("w => window.innerWidth === w", arg=width)  # laid out anew
        widest = page.evaluate("document.documentElement.scrollWidth")
        assert widest <= width + 1, f"the page is {widest}px wide at {width}px"
        snap(page, f"dashboard-{width}x{height}")
        page.locator(".lnb-assign-box").scroll_into_view_if_needed()
        snap(page, f"dashboard-lower-{width}x{height}")

    with page.context.expect_page() as opened:  # Watch: the table's projector view, a new tab
        watch.click()
    projector = opened.value
    projector.wait_for_selector(".lnb-room-projector", timeout=WAIT)
    expect(projector.locator(".lnb-room-projector")).to_contain_text("Bea", timeout=WAIT)
    assert projector.locator(".lnb-builder").count() == 0  # no program being written
    assert_no_traceback(projector)
    projector.close()

    # Bea's map on the projector, her name hidden; the teacher's hold reaches it live
    maps = museum_room.locator("a.lnb-map-projector-link")
    expect(maps).to_have_text(["Ali", "Bea"])
    assert "names=hidden" in (maps.nth(1).get_attribute("href") or "")
    with page.context.expect_page() as opened:
        maps.nth(1).click()
    shown = opened.value
    board = shown.locator(".lnb-map-projector")
    board.wait_for(timeout=WAIT)
    expect(board.locator(".lnb-map-projector-head")).to_contain_text("Pupil 2 (of 2)",
                                                                     timeout=WAIT)
    expect(board.locator(".lnb-museum-map")).to_be_visible(timeout=WAIT)
    museum_room.locator(".lnb-class-room-hold").click()
    expect(museum_room).to_contain_text("held at turn 2", timeout=WAIT)
    expect(board.locator(".lnb-map-projector-facts")).to_contain_text("held at turn 2",
                                                                      timeout=WAIT)
    text = board.inner_text()
    assert "Bea" not in text and "Ali" not in text, text
    snap(shown, "dashboard-map-projector-1280x800")
    assert_no_traceback(shown)
    shown.close()

    # a table opened now shows on the dashboard by itself (the page reads the class again
    # every 10 seconds; the teacher presses nothing)
    with ProgressStore(home / "progress.sqlite3", backups=False) as store:
        room = Classroom(store, failure_delay=0)
        cy = room.join(made.code, "Cy", made.cards[2].secret).pupil
        rooms = RoomStore(store)
        later = rooms.open_room(cy, made.code, seats=2)
        rooms.take_seat(later.code, cy, "Cy")
        rooms.give_to_computer(later.code, 1, "greedy")
        rooms.start(later.code)
    expect(table).to_have_count(2, timeout=WAIT)
    expect(page.locator(".lnb-rooms")).to_contain_text("Cy")
    assert_no_traceback(page)
