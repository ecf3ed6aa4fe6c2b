"""Lovelace & Babbage's table options, a computer's seat taken back and the resolution's
choice buttons, in a real browser (issue 29 item 3): two pupils of one class, each in their
own browser context.

Ali's table has three seats; she sits in seat 1 and has given seat 2 to a computer (made in the
store before her page opens). On her table page she turns mental arithmetic on and take-that
off and chooses a 90-second race with the lobby's controls. Bea opens the table's page: she is
seated in the free seat 3, reads the options, and takes seat 2 back from the computer (*Take
seat 2 from the computer*). Ali starts; both read the options during play; after the targets the
race's countdown on Bea's page is of 90 seconds; each writes a program with its Results, chosen
(from the store's state) so that a row's Result matches a Patron or a Subroutine and its pupil
must choose, and Bea's Result is wrong: on her page she presses *Debug and rewrite*, writes the
row again and presses *I'm done* (her Debug is the table's move); the choice buttons are clicked
on the chooser's page until Round 1 is resolved. The record the store gives carries the options.
Screenshots of the lobby (the host's, also in 简体中文), a choice and the Debug go to ``test-
artifacts/``.

Nothing waits a fixed time: each step waits for what the page or the store shows. The
options, seats and Debug on both store engines are tested below the browser
(``tests/test_room_table_options.py``, ``tests/test_babbage_table_options_page.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from browser_harness import VoilaServer, assert_no_traceback, open_voila, snap_sizes, wait_until
from class_room_kit import pupil_page, shared_class
from playwright.sync_api import expect
from test_rooms_in_browser import wait_drawn

from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.babbage.game import Debug, Finish, Phase, ResolveRow, State, WriteProgram
from lnb.babbage.programs import Program
from lnb.core.rooms import RoomPlay

pytestmark = pytest.mark.browser

WAIT = 60_000
PLAY = "voila/render/play.ipynb"
PUPILS = ("Ali", "Bea")
#: The room's version a table page has drawn (its ``lnb-drawn-N`` class), -1 before any.
DRAWN = ("() => { const m = (document.querySelector('[class*=\"lnb-drawn-\"]')?.className"
         " || '').match(/lnb-drawn-(\\d+)/); return m ? Number(m[1]) : -1; }")


def prepare(store: ProgressStore, made: Any, sessions: Any) -> str:
    """Ali's table of three seats: Ali in seat 1, seat 2 given to a computer."""
    rooms = RoomStore(store)
    ali = sessions["Ali"].pupil
    code = rooms.open_room(ali, made.code, seats=3).code
    rooms.take_seat(code, ali, "Ali")
    rooms.give_to_computer(code, 1, "greedy")
    return code


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest) -> Any:
    """Class 7B (Ali, Bea) and Ali's table (:func:`prepare`) on the process's kit server with
    play.ipynb preheated (:func:`class_room_kit.shared_class`)."""
    return shared_class(request, "play.ipynb", PUPILS, prepare)


def table_now(where: str, code: str) -> tuple[int, RoomPlay]:
    """The room's version and its play, as the store holds them now."""
    with ProgressStore(where, backups=False) as store:
        rooms = RoomStore(store)
        return rooms.version(code), rooms.play(code)


def programs(state: State, name: str, depth: int) -> list[str]:
    """Every program of up to ``depth`` rows ``name`` may write now (text)."""
    found, frontier = [], [""]
    for _ in range(depth):
        frontier = [f"{p} {op}".strip() for p in frontier
                    for op in state.next_operations(name, p)]
        found += frontier
    return found


def with_results(state: State, name: str, rows: str) -> str:
    """``rows`` with the true Result written after each (mental arithmetic)."""
    words = rows.split()
    start = state.player(name).start
    return " ".join(f"{word} {Program.parse(' '.join(words[:i + 1])).final(state.board, start):02d}"
                    for i, word in enumerate(words))


def first_choice(state: State, plans: Sequence[tuple[str, str]],
                 rewrite: Program) -> tuple[str, int] | None:
    """The first row whose pupil must choose among Patrons or Subroutines when the pupils
    hand in ``plans`` (name, rows) in this order and a Debug rewrites with ``rewrite`` (None:
    every row resolves by itself)."""
    s = state.clone()
    for i, (name, rows) in enumerate(plans):
        s.apply_action(WriteProgram(name, Program.parse(rows)))
        s.apply_action(Finish(name, seconds=float(i + 1)))
    while s.phase in (Phase.RESOLUTION, Phase.DEBUG) and s.turn() is not None:
        name, row = s.turn()  # type: ignore[misc]
        if s.phase is Phase.DEBUG:
            s.apply_action(Debug(name, rewrite))
            continue
        actions = s.legal_actions(name)
        if not (len(actions) == 1 and actions[0] == ResolveRow(name)):
            return name, row
        s.apply_action(actions[0])
    return None


def with_a_choice(state: State) -> tuple[str, str, str]:
    """Ali's and Bea's programs with their Results (Ali done first; Bea's Result wrong) and
    Bea's rewrite (right), that bring a choice in the resolution."""
    first = programs(state, "Bea", 1)[0]
    right = with_results(state, "Bea", first)
    value = int(right.split()[-1])
    wrong = f"{first} {(value + 1) % 100:02d}"
    for ali in programs(state, "Ali", 2):
        ali = with_results(state, "Ali", ali)
        if first_choice(state, [("Ali", ali), ("Bea", wrong)], Program.parse(right)):
            return ali, wrong, right
    raise AssertionError("no program of two rows brings a choice in this game")


def hand_in(page, where: str, code: str, seat: int, rows: str) -> None:  # type: ignore[no-untyped-def]
    """Type ``rows`` in the builder, wait until the store keeps them as the seat's draft,
    press *I'm done*."""
    page.locator(".lnb-typed input").fill(rows)
    page.locator(".lnb-typed input").press("Enter")
    with ProgressStore(where, backups=False) as store:
        rooms = RoomStore(store)
        pupil = rooms.room(code).seat(seat).pupil
        assert pupil is not None
        kept = str(Program.parse(rows))  # as the builder writes it ("A1+ 56, B2- 36")
        wait_until(lambda: rooms.draft(code, seat, pupil) == kept,
                   f"seat {seat + 1}'s draft {rows!r} in the store")
    page.locator(".lnb-done").click()


def test_options_a_seat_taken_back_and_choices_clicked(browser, served) -> None:  # type: ignore[no-untyped-def]
    server: VoilaServer = served.server
    where, code, tokens = served.where, served.prepared, served.tokens
    contexts = []
    try:
        pages = {}
        for name in PUPILS:
            context, page = pupil_page(browser, server, tokens[name])
            contexts.append(context)
            pages[name] = page
        ali, bea = pages["Ali"], pages["Bea"]

        # the host sets the options in the lobby
        open_voila(ali, f"{PLAY}?room={code}", ".lnb-room-options", timeout=WAIT)
        take_that = ali.locator(".lnb-room-option-take-that input[type=checkbox]")
        expect(take_that).to_be_checked(timeout=WAIT)
        take_that.click()
        line = ali.locator(".lnb-room-options-line")
        expect(line).to_contain_text("Take-that Subroutines: off", timeout=WAIT)
        ali.locator(".lnb-room-option-mental-arithmetic input[type=checkbox]").click()
        expect(line).to_contain_text("Mental arithmetic (write your Results): on", timeout=WAIT)
        ali.locator(".lnb-room-option-timer-seconds select").select_option(label="90 seconds")
        expect(line).to_contain_text("90 seconds", timeout=WAIT)
        wait_until(lambda: table_options(where, code) == {
            "mental_arithmetic": True, "take_that": False, "timer_seconds": 90},
            "the table's options in the store")

        # Bea comes to the table, reads the options, takes seat 2 back from the computer
        open_voila(bea, f"{PLAY}?room={code}", ".lnb-room-seats", timeout=WAIT)
        expect(bea.locator(".lnb-room-options-line")).to_contain_text(
            "Take-that Subroutines: off", timeout=WAIT)
        expect(bea.locator(".lnb-room-options")).to_have_count(0)  # only the host's controls
        take = bea.locator(".lnb-room-take-seat")
        expect(take).to_have_text("Take seat 2 from the computer", timeout=WAIT)
        take.click()
        expect(bea.locator(".lnb-status-text").first).to_have_text("You sit in seat 2.",
                                                                   timeout=WAIT)
        seats = ali.locator(".lnb-room-seats")
        expect(seats).not_to_contain_text("Computer", timeout=WAIT)
        expect(seats.locator(".lnb-room-seat").nth(1)).to_contain_text("Bea", timeout=WAIT)
        snap_sizes(ali, "table-options-1-lobby")
        ali_zh = ali.context.new_page()  # the host's lobby in 简体中文
        open_voila(ali_zh, f"{PLAY}?room={code}&lang=zh-CN", ".lnb-room-options", timeout=WAIT)
        expect(ali_zh.locator(".lnb-room-options-line")).to_contain_text("干扰子程序：关",
                                                                           timeout=WAIT)
        snap_sizes(ali_zh, "table-options-1-lobby-zh")
        ali_zh.close()
        ali.set_viewport_size({"width": 1280, "height": 800})
        ali.locator(".lnb-room-start").click()

        # the options during play; the targets; the race of 90 seconds
        for page in (ali, bea):
            expect(page.locator(".lnb-room-options-line")).to_contain_text("90 seconds",
                                                                           timeout=WAIT)
            page.locator(".lnb-target").first.click(timeout=WAIT)
        for page in (ali, bea):
            expect(page.locator(".lnb-builder").first).to_be_visible(timeout=WAIT)
        state = wait_until(lambda: (lambda p: p.state if p.state.phase is Phase.PROGRAM
                                    else None)(table_now(where, code)[1]),
                           "the race in the store")
        ali_rows, bea_rows, rewrite = with_a_choice(state)
        hand_in(ali, where, code, 0, ali_rows)
        expect(bea.locator(".lnb-timer-label")).to_contain_text("of 90 seconds", timeout=WAIT)
        hand_in(bea, where, code, 1, bea_rows)

        # the resolution: each choice clicked on its pupil's page, until Round 2
        chosen: set[tuple[int, str, int]] = set()
        debugged = False
        for _step in range(100):
            version, play = table_now(where, code)
            if play.state.round == 2:
                break
            turn = play.state.turn()
            if turn is not None and play.state.phase is Phase.DEBUG and not debugged:
                assert turn[0] == "Bea", turn
                bea.wait_for_function(f"v => ({DRAWN})() >= v", arg=version, timeout=WAIT)
                expect(bea.locator(".lnb-debug-text")).to_contain_text("you wrote",
                                                                     timeout=WAIT)
                expect(ali.locator(".lnb-debug-start")).to_have_count(0)  # hers only
                bea.locator(".lnb-debug-start").click()
                typed = bea.locator(".lnb-choices .lnb-typed input")
                typed.fill(rewrite)
                typed.press("Enter")
                snap_sizes(bea, "table-options-3-debug")
                bea.set_viewport_size({"width": 1280, "height": 800})
                bea.locator(".lnb-choices .lnb-done").click()
                debugged = True
            elif turn is not None and (play.state.round, *turn) not in chosen \
                    and play.state.phase is Phase.RESOLUTION:
                actions = play.state.legal_actions(turn[0])
                if not (len(actions) == 1 and actions[0] == ResolveRow(turn[0])):
                    chooser = pages[turn[0]]
                    chooser.wait_for_function(f"v => ({DRAWN})() >= v", arg=version,
                                              timeout=WAIT)
                    choice = chooser.locator(".lnb-choice").first
                    expect(choice).to_be_visible(timeout=WAIT)
                    if not chosen:
                        snap_sizes(chooser, "table-options-2-choice")
                        chooser.set_viewport_size({"width": 1280, "height": 800})
                    choice.click()
                    chosen.add((play.state.round, *turn))
            # the table moves on: Ali's page draws the next version as soon as its kernel
            # is told (a push), looked at every frame (not the store polled at its pace)
            wait_drawn((ali,), version + 1, f"the table moves on from version {version}")
        assert chosen, "no choice was clicked"
        assert debugged, "Bea was never asked about her wrong Result"
        debug = Debug("Bea", Program.parse(rewrite))
        assert debug in [m.action for m in table_now(where, code)[1].moves]
        for page in (ali, bea):
            expect(page.locator(".lnb-phase")).to_contain_text("Round 2 of 4", timeout=WAIT)
            assert_no_traceback(page)
        bea.reload(wait_until="domcontentloaded")  # a reload: her seat, said so
        expect(bea.locator(".lnb-status-text").first).to_have_text(
            "Welcome back: seat 2 is yours.", timeout=WAIT)
        with ProgressStore(where, backups=False) as store:
            record = RoomStore(store).record(code)
        assert record["options"] == {"mental_arithmetic": True, "take_that": False,
                                     "timer_seconds": 90}
        assert [p["name"] for p in record["players"]] == ["Ali", "Bea"]
    finally:
        for context in contexts:
            context.close()


def table_options(where: str, code: str) -> dict[str, Any]:
    """The table's options as the store holds them."""
    with ProgressStore(where, backups=False) as store:
        return dict(RoomStore(store).room(code).options)
