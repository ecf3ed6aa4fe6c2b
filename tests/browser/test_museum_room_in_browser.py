"""A museum room in a real browser (issue 29): the teacher and three pupils of one class, each
in their own browser context (own storage, own kernel), play one seed on their own maps.

The room is opened for class 7B as the teacher's dashboard opens it
(:meth:`classroom.museum_rooms.MuseumRooms.open_room`, which gives the host's key); the
teacher's page is the room's page with that key (``museum-room.ipynb?room=CODE&host=KEY``),
and runs the class through the room's own controls: *Hold the class at this turn* (turn 2)
before anyone plays. Ali, Bea and Cy (class sessions, as after *Join my class*) open the room's
page (Cy in 简体中文), press *Join the room* and draw shapes on their own maps with the turn's
dice: Ali and Bea finish turn 1 and wait at the hold, their dice put away; Cy is still in turn
1. The teacher's page shows how far each pupil has got; *Release the class* gives Ali and Bea
their dice back. Ali reloads and is back on her own map at once (turn 2's dice in hand).
Bea's map is then played to its end (by the store, as her other device would) and her page
shows her verdict and the class's best map, the name hidden; the teacher shows the names and
ends the room, and Cy's page shows Bea's name under the best map. Screenshots at 1280×800
(the teacher's page also at 768×1024) go to ``test-artifacts/``.

Nothing waits a fixed time: each page names the room's version it has drawn in a class
(``lnb-drawn-N``) and the test waits for what the page must show.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_harness import (
    VoilaServer,
    assert_no_traceback,
    open_voila,
    snap,
    snap_sizes,
    wait_until,
)
from class_room_kit import pupil_page, served_class
from playwright.sync_api import expect

from classroom.identity import Pupil
from classroom.museum_rooms import MuseumRooms
from classroom.progress import ProgressStore
from lnb.museum.bots import make_bot

pytestmark = pytest.mark.browser

WAIT = 60_000
PAGE = "voila/render/museum-room.ipynb"
PUPILS = ("Ali", "Bea", "Cy")
SEED = 1  # turn 1's dice: 2 and 6; turn 2's: 4 and 6


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[tuple[VoilaServer, str, dict[str, str], str, str]]:
    """The kit on a SQLite store holding class 7B and a museum room of that class: the
    server, the store's file, each pupil's session token, the room's code and host key."""
    def open_room(store, made, sessions):  # type: ignore[no-untyped-def]
        return MuseumRooms(store).open_room(None, made.code, seed=SEED)

    with served_class(tmp_path_factory.mktemp("museum-room"), PUPILS, open_room) as served:
        opened = served.prepared
        yield served.server, served.where, served.tokens, opened.code, opened.host_key


def context_page(browser, server: VoilaServer, token: str | None):  # type: ignore[no-untyped-def]
    """A page in a context of its own whose browser keeps ``token`` (a class session)."""
    return pupil_page(browser, server, token)


def room_now(where: str, code: str):  # type: ignore[no-untyped-def]
    """The room as the store holds it now."""
    with ProgressStore(where, backups=False) as store:
        return MuseumRooms(store).room(code)


def place(page, shape: str, square: str, dice_after: str) -> None:  # type: ignore[no-untyped-def]
    """Draw ``shape`` (not turned) with its anchor on ``square``: its button, the square,
    *Place it*; then wait until the dice in hand are ``dice_after`` (as the line writes them)."""
    page.locator(f"button.lnb-shape-{shape}:not([disabled])").first.click()
    expect(page.locator(".lnb-museum-reason")).to_contain_text(f"{shape}", timeout=WAIT)
    page.locator(f".lnb-map-square[data-sq='{square}']").click()
    expect(page.locator(".lnb-ghost-ok")).to_have_count(1, timeout=WAIT)
    page.locator("button.lnb-confirm").click()
    expect(page.locator(".lnb-dice")).to_contain_text(dice_after, timeout=WAIT)


def test_a_class_plays_one_museum_room_with_the_teachers_hold_and_release(  # type: ignore[no-untyped-def]
        browser, served) -> None:
    server, where, tokens, code, host_key = served
    opened = []
    try:
        teacher_ctx, teacher = context_page(browser, server, None)
        opened.append(teacher_ctx)
        open_voila(teacher, f"{PAGE}?room={code}&host={host_key}", ".lnb-room-hold", WAIT)
        # the teacher holds the class at turn 2 before anyone plays
        turn_box = teacher.locator(".lnb-room-hold-turn input")
        turn_box.fill("2")
        turn_box.press("Enter")
        teacher.locator("button.lnb-room-hold").click()
        wait_until(lambda: room_now(where, code).hold == 2, "the store holds the class at 2")
        expect(teacher.locator(".lnb-room-held")).to_contain_text("turn 2", timeout=WAIT)

        pages = {}
        for name in PUPILS:
            ctx, page = context_page(browser, server, tokens[name])
            opened.append(ctx)
            lang = "&lang=zh-CN" if name == "Cy" else ""
            page.goto(f"{PAGE}?room={code}{lang}", wait_until="domcontentloaded")
            pages[name] = page
        for name, page in pages.items():
            join = page.locator("button.lnb-room-join")
            join.wait_for(state="visible", timeout=WAIT)
            expect(page.locator(".lnb-room-name input")).to_have_value(name, timeout=WAIT)
            join.click()
            page.locator(".lnb-map-svg rect").first.wait_for(state="visible", timeout=WAIT)
            expect(page.locator(".lnb-dice")).to_contain_text("(2, 6)", timeout=WAIT)
        ali, bea, cy = pages["Ali"], pages["Bea"], pages["Cy"]

        for page in (ali, bea):  # turn 1 played: both wait at the hold, their dice put away
            place(page, "6b", "A4", "(2)")
            place(page, "2a", "C1", "(4, 6)")
            expect(page.locator(".lnb-museum-reason")).to_contain_text(
                "held at turn 2", timeout=WAIT)
            expect(page.locator(".lnb-museum-side")).to_be_hidden(timeout=WAIT)
        place(cy, "6b", "A4", "(2)")  # Cy: still in turn 1 (in Chinese)
        expect(cy.locator(".lnb-museum-room-head")).to_contain_text("博物馆房间", timeout=WAIT)

        chips = teacher.locator(".lnb-room-pupil")
        expect(chips).to_have_count(3, timeout=WAIT)
        for name, turn in (("Ali", 2), ("Bea", 2), ("Cy", 1)):
            expect(chips.filter(has_text=name)).to_contain_text(f"turn {turn}", timeout=WAIT)
        expect(teacher.locator(".lnb-room-pupil.lnb-waiting")).to_have_count(2, timeout=WAIT)
        snap_sizes(teacher, "museum-room-teacher-holds")
        teacher.set_viewport_size({"width": 1280, "height": 800})
        ali.locator(".lnb-museum-room-panel").scroll_into_view_if_needed()
        snap_sizes(ali, "museum-room-pupil-held")
        snap_sizes(cy, "museum-room-pupil-zh-CN")
        for page in (ali, cy):
            page.set_viewport_size({"width": 1280, "height": 800})

        teacher.locator("button.lnb-room-release").click()
        wait_until(lambda: room_now(where, code).hold is None, "the store lets the class go on")
        for page in (ali, bea):
            expect(page.locator(".lnb-museum-reason")).not_to_contain_text("held", timeout=WAIT)
            expect(page.locator("button.lnb-choice:not([disabled])").first).to_be_visible(
                timeout=WAIT)

        ali.reload(wait_until="domcontentloaded")  # back on her own map at once
        ali.locator(".lnb-map-svg rect").first.wait_for(state="visible", timeout=WAIT)
        expect(ali.locator(".lnb-dice")).to_contain_text("(4, 6)", timeout=WAIT)
        expect(ali.locator(".lnb-museum-room-join")).to_be_hidden()
        expect(ali.locator(".lnb-score-line")).to_be_visible()
        snap(ali, "museum-room-pupil-reloaded-1280x800")

        # Bea's map played to its end (her other device): her page shows the verdict and
        # the class's best map, its name hidden
        with ProgressStore(where, backups=False) as store:
            rooms, bot = MuseumRooms(store), make_bot("greedy", seed=1)
            members = store.read(lambda conn: conn.execute(
                "SELECT pupil FROM museum_room_pupils WHERE code = ? AND name = ?",
                (code, "Bea")).fetchone())
            bea_pupil = Pupil(members[0], "Bea")
            state = rooms.my_map(code, bea_pupil)
            while not state.is_terminal():
                state = rooms.place(code, bea_pupil, bot.choose_action(state),
                                    len(state.history))
        expect(bea.locator(".lnb-verdict")).to_be_visible(timeout=WAIT)
        best = bea.locator(".lnb-room-best figure")
        expect(best).to_have_count(1, timeout=WAIT)
        expect(best).to_contain_text("a pupil of the class", timeout=WAIT)
        expect(best).not_to_contain_text("Bea")
        bea.locator(".lnb-room-best").scroll_into_view_if_needed()
        snap(bea, "museum-room-pupil-finished-1280x800")

        teacher.locator(".lnb-room-names").click()  # names shown, then the room ended
        wait_until(lambda: room_now(where, code).show_names, "the store shows the names")
        teacher.locator("button.lnb-room-end").click()
        wait_until(lambda: room_now(where, code).over, "the room is over")
        expect(cy.locator(".lnb-room-best figure")).to_contain_text("Bea", timeout=WAIT)
        expect(cy.locator(".lnb-museum-side")).to_be_hidden(timeout=WAIT)
        cy.locator(".lnb-room-best").scroll_into_view_if_needed()
        snap(cy, "museum-room-over-zh-CN-1280x800")
        for page in (teacher, ali, bea, cy):
            assert_no_traceback(page)
    finally:
        for ctx in opened:
            ctx.close()
