"""The puzzle app without a browser: build it, click, assert on widgets, store and lnb values."""

from __future__ import annotations

import base64
import datetime
import json
import re
from pathlib import Path

import pytest

import widgets.classroom.panel as panel
from classroom.identity import Pupil
from classroom.progress import Progress, ProgressStore
from lnb.babbage.hints import hint
from lnb.babbage.puzzles import Puzzle, daily
from widgets.babbage.puzzle_app import PuzzleApp, browser_key_script, page_address, voila_query

TODAY = datetime.date(2025, 3, 5)  # a Wednesday: the daily puzzle is of difficulty 3
# Start 55, reach 73 within 3 rows, using only A1 (±1), A4 (×÷2), B4 (Swap): A4/ B4s A1+.
SHARED = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))
#: What the app adds to a solved check when the rows are the only shortest program (3 rows).
ONLY_SHORTEST = "That is the shortest program there is: the only one of 3 rows."


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "progress.sqlite3")


SAM, ADA = Pupil.new_browser_key(), Pupil.new_browser_key()  # two devices' keys


def make_app(store: ProgressStore, device: str | None = None, **query: str) -> PuzzleApp:
    """The app as a page opens it: the address's query, then the browser's key (if any)."""
    app = PuzzleApp(store, today=lambda: TODAY, seed=1)
    app.open_query(query)
    if device is not None:
        app.identity.browser_key.value = json.dumps({"key": device})
    return app


def click_program(app: PuzzleApp, program: str) -> None:
    for op in program.split():
        button = app.builder.board_view.button(op)
        assert not button.disabled, f"{op} is disabled: {button.tooltip}"
        button.click()


def test_a_shared_code_opens_and_is_solved_by_clicks(store: ProgressStore) -> None:
    app = make_app(store, SAM, code=SHARED.code.lower())
    assert app.puzzle == SHARED
    assert SHARED.code in app.heading.value and "Reach 73" in app.heading.value
    click_program(app, str(SHARED.solution.program))
    assert app.builder.rows_text()[-1] == "3. A1+ 72 + 1 = 73"
    assert "lnb-hit" in app.targets.value
    app.builder.done_button.click()
    assert (app.status.kind, app.status.text) == ("ok", "Solved in 3 rows! " + ONLY_SHORTEST)
    saved = store.load(Pupil.from_browser_key(SAM)).get(SHARED.code)
    assert saved is not None and saved.solved and saved.best_rows == 3
    assert "Solved: <b>1</b> puzzle" in app.progress_view.value
    assert "✓ solved" in app.heading.value


def test_forbidden_spaces_are_disabled_and_refused_when_typed(store: ProgressStore) -> None:
    app = make_app(store, code=SHARED.code)
    button = app.builder.board_view.button("A3+")
    assert button.disabled and "does not allow A3" in button.tooltip
    app.builder.typed.value = "A4/ A3+"
    assert "does not allow A3" in app.builder.status.text
    assert len(app.builder.program) == 0
    button.click()  # a disabled button clicked anyway (as a test can) changes nothing
    assert len(app.builder.program) == 0


@pytest.mark.parametrize(("code", "says"), [
    ("P1-0J6Y-91VC-8", "a character of this code is mistyped"),
    ("Q1-0J6Y-91VC-7", "starts with P1-"),
    ("P1-0J6Y", "too short"),
    ("P9-0J6Y-91VC-7", "version P9 is not known"),
])
def test_a_broken_code_in_the_address_is_explained(store: ProgressStore, code: str,
                                                   says: str) -> None:
    app = make_app(store, code=code)
    assert app.status.kind == "error"
    assert app.status.text.startswith("The puzzle code in this page's address is broken")
    assert says in app.status.text and "Traceback" not in app.status.text
    # Said at the top of the page, and no other puzzle is opened in its place ...
    assert "address is broken" in app.banner.value and "role='alert'" in app.banner.value
    assert list(app.children).index(app.banner) < list(app.children).index(app.builder)
    assert app.builder.layout.display == "none" and app.heading.layout.display == "none"
    # ... until the pupil chooses one.
    app.daily_button.click()
    assert app.puzzle == daily(TODAY) and app.builder.layout.display is None
    assert app.banner.value == ""


def test_a_broken_code_typed_in_the_box_is_explained(store: ProgressStore) -> None:
    app = make_app(store)
    before = app.puzzle
    app.code_box.value = "P1-0J6Y-91VC-8"
    assert app.status.kind == "error" and "a character of this code is mistyped" in app.status.text
    assert app.puzzle == before
    app.code_box.value = SHARED.code
    assert app.puzzle == SHARED and app.status.kind == "info"


def test_a_wrong_answer_is_explained_and_counted(store: ProgressStore) -> None:
    app = make_app(store, SAM, code=SHARED.code)
    click_program(app, "A1+ A1+")
    app.check()
    assert app.status.kind == "error"
    assert "never hit 73" in app.status.text and "closest Result was 57" in app.status.text
    saved = store.load(Pupil.from_browser_key(SAM)).get(SHARED.code)
    assert saved is not None and (saved.attempts, saved.solved) == (1, False)


def test_hints_escalate_and_are_remembered(store: ProgressStore) -> None:
    app = make_app(store, SAM, code=SHARED.code)
    assert app.hint_button.description == "Hint 1 of 3"
    texts = []
    for _ in range(4):
        app.hint_button.click()
        texts.append(app.hints.value)
    expected = [hint(SHARED, "", level).text for level in (1, 2, 3)]
    assert all(e in texts[-1] for e in expected)
    assert expected[2] not in texts[1] and expected[1] not in texts[0]
    # One short box: each hint takes the place of the one before (it says it all, and more).
    assert all(t.count("lnb-hint-line") == 1 for t in texts)
    assert texts[0].count(expected[0]) == texts[2].count(expected[0]) == 1
    assert texts[3] == texts[2]  # a fourth press gives nothing more
    assert app.hint_button.disabled and app.hint_button.description == "No more hints"
    assert "had all 3 hints" in app.hint_button.tooltip
    again = make_app(store, SAM, code=SHARED.code)
    assert again.hint_level == 3 and again.hint_button.disabled
    assert expected[2] in again.hints.value  # the last hint is shown again
    assert store.load(Pupil.from_browser_key(SAM)).get(SHARED.code).hints == 3  # type: ignore[union-attr]


def test_the_browser_key_names_the_pupil_and_a_weak_key_is_renewed(
        store: ProgressStore) -> None:
    app = make_app(store)
    assert app.pupil is None and "not saved yet" in app.identity.who.value
    app.identity.browser_key.value = json.dumps({"key": SAM})
    assert app.pupil == Pupil.from_browser_key(SAM)
    assert "this browser" in app.identity.who.value
    weak = make_app(store)
    weak.identity.browser_key.value = json.dumps({"key": "a" * 16})
    assert weak.pupil is None  # refused; the page is asked for a strong key
    assert json.loads(weak.identity.session_out.value)["renew"] is True
    weak.identity.browser_key.value = json.dumps({"key": ADA})
    assert weak.pupil == Pupil.from_browser_key(ADA)


def _bea_has_a_streak(store: ProgressStore) -> Progress:
    bea = Pupil.from_nickname("bea")  # progress an older kit kept under a nickname
    store.record_attempt(bea, SHARED.code, solved=True, rows=3, day=TODAY)
    return store.load(bea)


@pytest.mark.parametrize("query", [{"nick": "bea"}, {"nick": "  BEA "}, {"key": "a" * 16},
                                   {"key": SAM}])
def test_the_address_never_says_who_the_pupil_is(store: ProgressStore,
                                                  query: dict[str, str]) -> None:
    """Issue 11: ?nick=bea opened Bea's progress (and wrote Ali's work on it); a browser
    key copied into ?key= (or a weak one) was accepted."""
    bea = _bea_has_a_streak(store)
    store.record_hint(Pupil.from_browser_key(SAM), "P1-OTHER", 1, day=TODAY)
    app = make_app(store, code=SHARED.code, **query)
    assert app.pupil is None and "not saved yet" in app.identity.who.value
    assert "Streak" not in app.progress_view.value and "✓ solved" not in app.heading.value
    app.hint_button.click()
    app.check()
    ali = Pupil.new_browser_key()
    app.identity.browser_key.value = json.dumps({"key": ali})  # Ali's own device
    assert app.pupil == Pupil.from_browser_key(ali)
    assert store.load(Pupil.from_nickname("bea")) == bea  # nothing written on Bea's record
    assert store.load(Pupil.from_browser_key(SAM)).get(SHARED.code) is None
    saved = store.load(Pupil.from_browser_key(ali)).get(SHARED.code)
    assert saved is not None and saved.hints == 1 and saved.attempts == 1


def test_a_nickname_an_older_page_remembered_is_ignored(store: ProgressStore) -> None:
    """Issue 11: on a shared browser the next pupil opening the plain address was Bea."""
    _bea_has_a_streak(store)
    app = make_app(store)
    app.identity.browser_key.value = json.dumps({"key": SAM, "nickname": "Bea"})
    assert app.pupil == Pupil.from_browser_key(SAM)
    assert "Streak" not in app.progress_view.value
    assert not hasattr(app, "nickname") and not hasattr(app, "use_nickname")


def test_work_done_before_the_pupil_is_known_is_saved_once_known(
        store: ProgressStore) -> None:
    app = make_app(store, code=SHARED.code)
    app.hint_button.click()
    click_program(app, "A4/ B4s A1+")
    app.check()
    assert app.progress is not None and app.progress.solved_count == 1
    key = Pupil.new_browser_key()
    app.identity.browser_key.value = json.dumps({"key": key})
    saved = store.load(Pupil.from_browser_key(key)).get(SHARED.code)
    assert saved is not None and saved.solved and saved.hints == 1


def test_two_pupils_on_one_server_keep_their_own_progress(store: ProgressStore) -> None:
    sam, ada = make_app(store, SAM, code=SHARED.code), make_app(store, ADA)
    click_program(sam, "A4/ B4s A1+")
    sam.check()
    ada.open_code(SHARED.code)
    ada.check()  # nothing written: not solved
    assert store.load(Pupil.from_browser_key(SAM)).get(SHARED.code).solved  # type: ignore[union-attr]
    assert not store.load(Pupil.from_browser_key(ADA)).get(SHARED.code).solved  # type: ignore[union-attr]
    assert "✓ solved" in sam.heading.value and "✓ solved" not in ada.heading.value


def test_a_corrupt_progress_file_is_explained_and_the_session_kept(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"not a database at all " * 100)
    app = make_app(ProgressStore(path), SAM, code=SHARED.code)
    click_program(app, "A4/ B4s A1+")
    app.check()
    assert app.status.text == "Solved in 3 rows! " + ONLY_SHORTEST
    view = app.progress_view.value
    assert "cannot be used right now" in view and "tell your teacher" in view
    assert str(tmp_path) not in view  # the server's path is the teacher's (its log), not shown
    assert "Solved: <b>1</b>" in view


def test_levels_new_puzzle_and_the_daily_puzzle(store: ProgressStore) -> None:
    app = make_app(store, SAM)
    assert app.puzzle == daily(TODAY) and "today's puzzle" in app.heading.value
    assert app.levels.value == daily(TODAY).difficulty
    app.levels.value = 5
    app.new_button.click()
    assert app.puzzle.difficulty == 5 and app.puzzle != daily(TODAY)
    assert app.builder.start == app.puzzle.start and len(app.builder.program) == 0
    app.daily_button.click()
    assert app.puzzle == daily(TODAY)
    click_program(app, str(app.puzzle.solution.program))
    app.check()
    assert app.status.kind == "ok"
    assert "Streak: <b>1 day</b>" in app.progress_view.value
    assert "Today's puzzle: ✓" in app.progress_view.value


def test_the_teacher_makes_a_sheet_with_links(store: ProgressStore) -> None:
    app = make_app(store)
    app.link = "http://10.0.0.5:8866/voila/render/puzzles.ipynb"
    assert app.teacher_box.children == ()  # built only when a teacher opens the corner
    corner = app.children[-1]
    corner.selected_index = 0
    teacher = app.teacher
    assert app.teacher_box.children == (teacher,)
    teacher.difficulty.value, teacher.count.value, teacher.seed.value = 1, 4, "7B"
    teacher.make_button.click()
    assert teacher.puzzle_set is not None and len(teacher.puzzle_set.codes) == 4
    assert {p.difficulty for p in teacher.puzzle_set.puzzles} == {1}
    listed = re.findall(r"\?code=([0-9A-Z]{5})\b", teacher.result.value)  # short codes
    assert listed == list(teacher.puzzle_set.shown_codes)
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", teacher.result.value)
    assert data is not None
    sheet = base64.b64decode(data.group(1)).decode("utf-8")
    assert all(code in sheet for code in listed) and "Answers" in sheet


def test_the_query_and_address_come_from_voilas_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "code=P1-0J6Y-91VC-7&nick=Sam%20Lee")
    assert voila_query() == {"code": "P1-0J6Y-91VC-7", "nick": "Sam Lee"}
    monkeypatch.delenv("QUERY_STRING")
    assert voila_query() == {}
    monkeypatch.delenv("VOILA_REQUEST_URL", raising=False)
    for name, value in (("SERVER_NAME", "10.0.0.5"), ("SERVER_PORT", "8866"),
                        ("SCRIPT_NAME", "/voila/render/puzzles.ipynb")):
        monkeypatch.setenv(name, value)
    assert page_address() == "http://10.0.0.5:8866/voila/render/puzzles.ipynb"
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://host:1/voila/render/puzzles.ipynb?code=x")
    assert page_address() == "http://host:1/voila/render/puzzles.ipynb"


def test_the_browser_script_targets_the_hidden_box() -> None:
    script = browser_key_script()
    assert script.startswith("<script>") and script.rstrip().endswith("</script>")
    for needle in ("localStorage", ".lnb-browser-key input", ".lnb-session-out input",
                   panel.STORAGE_KEY, "getRandomValues", "Uint8Array(32)"):
        assert needle in script
    assert "nickname" not in script.replace("delete data.nickname", "")


def test_a_damaged_streak_row_does_not_lose_the_right_answer(tmp_path: Path) -> None:
    """Issue 11: a bad date in one pupil's streak made the right answer fail with 'Sorry,
    something went wrong' and not be saved."""
    import sqlite3

    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path) as store:
        store.record_attempt(Pupil.from_browser_key(SAM), "P1-OLD", solved=True, rows=2,
                             day=TODAY - datetime.timedelta(days=1))
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE pupils SET last_day = 'yesterday'")
    store = ProgressStore(path)
    app = make_app(store, SAM, code=SHARED.code)
    click_program(app, "A4/ B4s A1+")
    app.check()
    assert (app.status.kind, app.status.text) == ("ok", "Solved in 3 rows! " + ONLY_SHORTEST)
    saved = store.load(Pupil.from_browser_key(SAM))
    assert saved.get(SHARED.code).solved and saved.streak == 2  # type: ignore[union-attr]
    assert any("streak" in text for _, text in store.teacher_notes())


def test_the_language_switch_keeps_a_harder_puzzle_and_its_rows(store: ProgressStore) -> None:
    """Relabelling resets the difficulty buttons' words; that is no pick of a difficulty, so
    the pupil's puzzle (here difficulty 4, not the first button) and their rows stay."""
    app = make_app(store, SAM, code=SHARED.code)
    assert app.levels.value == SHARED.difficulty != app.levels.options[0][1]
    first = str(SHARED.solution.program).split()[0]
    click_program(app, first)
    rows = app.builder.rows_text()
    assert rows
    app.language.value = "zh_CN"
    app.language.value = "en"
    assert app.puzzle == SHARED
    assert app.levels.value == SHARED.difficulty
    assert app.builder.rows_text() == rows
