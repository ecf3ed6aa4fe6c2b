"""The puzzle app: puzzles by difficulty, the daily puzzle, shared codes, escalating hints, an
answer check that explains, and progress (streak, puzzles solved) kept on the server.

The rules, hints and checks are the library's (:mod:`lnb.babbage.puzzles`,
:mod:`lnb.babbage.hints`); the progress is :class:`widgets.classroom.progress.ProgressStore`.
The app only turns clicks into those calls.

Who the pupil is: by default the device, by the long random key its browser keeps
(``localStorage``, made in the page, sent to the kernel by a small script through a hidden
text box; never taken from the address). A pupil of a class presses *Join my class* and
types the class code, their name and the secret on their card
(:mod:`widgets.classroom.identity`); the browser then keeps a session token (not the
secret) and *Leave* forgets it. A nickname alone never opens stored progress.
``?code=P1-...`` opens a shared puzzle.

>>> import datetime
>>> from widgets.classroom.progress import ProgressStore
>>> from lnb.babbage.puzzles import Puzzle
>>> app = PuzzleApp(ProgressStore(":memory:"), today=lambda: datetime.date(2025, 3, 3))
>>> app.open_query({"code": "P1-0J6Y-91VC-7"})
>>> app.puzzle.text()
'Start at 55. Reach 73 in at most 5 rows.'
>>> app.builder.type_rows("A2- B2+")
>>> app.check()
>>> app.status.text, app.progress.solved_count
('Solved in 2 rows!', 1)
"""

from __future__ import annotations

import datetime
import html
import json
import os
import random
import secrets
from base64 import b64encode
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as w

from lnb.babbage.errors import IllegalOperationError, LnbError
from lnb.babbage.hints import LEVELS as HINT_LEVELS
from lnb.babbage.hints import check_answer, hint
from lnb.babbage.numbers import two_digits
from lnb.babbage.operations import Operation
from lnb.babbage.programs import Program
from lnb.babbage.puzzle_sheet import STARS, PuzzleSet, code_link
from lnb.babbage.puzzles import DIFFICULTIES, Puzzle, daily, generate
from widgets.babbage.program_builder import Choices, ProgramBuilder
from widgets.classroom.identity import Classroom, IdentityError, Session
from widgets.classroom.progress import Progress, ProgressError, ProgressStore, Pupil
from widgets.core.contrast import ContrastToggle
from widgets.core.page_request import wait_for_request
from widgets.core.status import StatusLine
from widgets.core.style import stylesheet

STORAGE_KEY = "lnb-kit-pupil"
DIFFICULTY_NAMES = {1: "1 easy", 2: "2", 3: "3", 4: "4", 5: "5 hard"}

CSS = """
.lnb-puzzle-app .lnb-goal { font-size: 22px; }
.lnb-targets span { display: inline-block; min-width: 2.4em; margin-right: 6px; padding: 2px 6px;
                    border: 2px solid #5c6bc0; border-radius: 6px; text-align: center; }
.lnb-targets span.lnb-hit { background: #c8e6c9; border-color: #2e7d32; }
div.lnb-hint-line { margin: 2px 0; padding: 4px 8px; background: #fffde7; border-radius: 4px; }
div.lnb-banner { padding: 6px 10px; background: #fdecea; color: #8a1c12; border: 2px solid #8a1c12;
                 border-radius: 4px; font-weight: bold; }
.lnb-progress table td { padding: 1px 8px; }
.lnb-warning { background: #fff4e5; color: #663c00; padding: 4px 8px; border-radius: 4px; }
.lnb-code { font-family: monospace; font-size: 18px; letter-spacing: 1px; }
"""


def voila_query(wait: bool = True) -> dict[str, str]:
    """The page address's query (``?code=...``) as a dict; ``{}`` outside Voila.

    In a preheated Voila kernel the notebook runs before any pupil opens the page, so this
    first waits for the page's request (:func:`widgets.core.page_request.wait_for_request`, Voila's
    protocol without importing Voila) unless ``wait`` is False.
    """
    if wait:
        wait_for_request()
    return dict(parse_qsl(os.environ.get("QUERY_STRING", ""), keep_blank_values=True))


def page_address() -> str | None:
    """The address pupils use for this page (for links on a teacher's sheet), if known."""
    url = os.environ.get("VOILA_REQUEST_URL")
    if url:
        return url.partition("?")[0]
    host, port, path = (os.environ.get(k, "") for k in ("SERVER_NAME", "SERVER_PORT",
                                                         "SCRIPT_NAME"))
    if host and path:
        return f"http://{host}{':' + port if port else ''}{path}"
    return None


def browser_key_script(storage_key: str = STORAGE_KEY) -> str:
    """The ``<script>`` that tells the kernel who this browser is.

    It keeps ``{"key": random, "session": token}`` in ``localStorage``: the key is made here
    (32 random bytes, 43 characters) and never leaves the page but to its own kernel; the
    session is what the kernel gave after *Join my class*. It types them as JSON into the
    hidden ``.lnb-browser-key`` box (an ipywidgets ``Text``) once the widgets are drawn, and
    watches the hidden ``.lnb-session-out`` box for the kernel's answers (a session to keep
    or forget, a key to renew). A nickname an older page kept is forgotten.
    """
    return f"""<script>
(function () {{
  var NAME = {json.dumps(storage_key)};
  function load() {{
    try {{ return JSON.parse(localStorage.getItem(NAME) || "{{}}") || {{}}; }}
    catch (e) {{ return {{}}; }}
  }}
  function save(data) {{
    try {{ localStorage.setItem(NAME, JSON.stringify(data)); }} catch (e) {{}}
  }}
  function strong(key) {{
    return /^[A-Za-z0-9_-]{{22,86}}$/.test(key || "") && new Set(key.split("")).size >= 10;
  }}
  function newKey() {{
    var bytes = new Uint8Array(32);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  }}
  var data = load();
  delete data.nickname;
  if (!strong(data.key)) {{ data.key = newKey(); }}
  save(data);
  function send() {{
    var input = document.querySelector(".lnb-browser-key input");
    if (!input) return false;
    input.value = JSON.stringify({{key: data.key, session: data.session || null}});
    input.dispatchEvent(new Event("input", {{bubbles: true}}));
    input.dispatchEvent(new Event("change", {{bubbles: true}}));
    return true;
  }}
  var tries = 0;
  (function first() {{
    if (!send() && tries++ < 600) setTimeout(first, 100);
  }})();
  var last = "";
  setInterval(function () {{
    var out = document.querySelector(".lnb-session-out input");
    if (!out || !out.value || out.value === last) return;
    last = out.value;
    var answer;
    try {{ answer = JSON.parse(out.value); }} catch (e) {{ return; }}
    data = load();
    if ("session" in answer) {{
      if (answer.session) {{ data.session = answer.session; }} else {{ delete data.session; }}
    }}
    if (answer.renew) {{ data.key = newKey(); }}
    save(data);
    if (answer.renew) send();
  }}, 250);
}})();
</script>"""


class PuzzleBuilder(ProgramBuilder):
    """The program builder limited to the spaces a puzzle allows."""

    def __init__(self, puzzle: Puzzle, **kwargs: Any) -> None:
        self.puzzle = puzzle
        super().__init__(puzzle.board, start=puzzle.start, limit=puzzle.limit, **kwargs)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        """Start again on another puzzle."""
        self.puzzle = puzzle
        self.reset(board=puzzle.board, start=puzzle.start, limit=puzzle.limit)

    def _forbidden(self, operation: Operation) -> str | None:
        return self.puzzle.forbids(operation)

    def choices(self) -> Choices:
        """The builder's choices, with the spaces the puzzle forbids disabled."""
        base = super().choices()
        if self.puzzle.spaces is None:
            return base
        return {op: reason if reason is not None else self._forbidden(op)
                for op, reason in base.items()}

    def choose(self, operation: Operation) -> None:
        """Write ``operation`` unless the puzzle forbids its space."""
        reason = self._forbidden(operation)
        if reason is not None:
            raise IllegalOperationError(f"{operation}: {reason}", text=str(operation),
                                        reason="space-not-allowed")
        super().choose(operation)

    def type_rows(self, text: str) -> None:
        """Add typed rows unless one uses a space the puzzle forbids."""
        if text.strip():
            for number, op in enumerate(Program.parse(text).operations,
                                        start=len(self.program) + 1):
                reason = self._forbidden(op)
                if reason is not None:
                    raise IllegalOperationError(f"row {number} '{op}': {reason}", row=number,
                                                text=str(op), reason="space-not-allowed")
        super().type_rows(text)


class PuzzleApp(w.VBox):
    """The whole puzzle page. ``store`` defaults to the server's progress file.

    ``today`` gives the date (for the daily puzzle and the streak); ``seed`` makes the
    *New puzzle* button repeatable in tests.
    """

    def __init__(
        self,
        store: ProgressStore | None = None,
        *,
        today: Callable[[], datetime.date] = datetime.date.today,
        puzzle: Puzzle | None = None,
        seed: int | None = None,
        link: str | None = None,
        classroom: Classroom | None = None,
    ) -> None:
        self.store = store if store is not None else ProgressStore()
        self.classroom = classroom if classroom is not None else Classroom(self.store)
        self.today = today
        self.rng = random.Random(seed)
        self.link = link
        self.pupil: Pupil | None = None
        self.identity_source = ""  # "device" or "class"
        self.device: Pupil | None = None  # the browser's own (device) pupil, once known
        self.session: Session | None = None  # the class session, after Join my class
        self.progress: Progress | None = None
        self._pending: list[tuple[str, dict[str, Any]]] = []
        self.hint_level = 0
        self.daily_puzzle = daily(today())
        self.puzzle = puzzle or self.daily_puzzle

        self.status = StatusLine()
        self.title = w.HTML("<div class='lnb-title'>Lovelace &amp; Babbage puzzles</div>")
        self.banner = w.HTML("")  # what is wrong with the page's address, at the top
        self.banner.add_class("lnb-banner-box")
        # -- who is playing
        self.who = w.HTML("")
        self.who.add_class("lnb-who")
        self.join_button = self._button("Join my class", "lnb-join-open", self.open_join)
        self.leave_button = self._button("Leave (not me)", "lnb-leave", self.leave_class)
        self.leave_button.layout.display = "none"
        self.join_box = w.HBox([])  # the class code, name and card boxes, made when needed
        self.join_box.add_class("lnb-join-box")
        self.class_code: w.Text | None = None
        self.pupil_name: w.Text | None = None
        self.card_secret: w.Password | None = None
        self.browser_key = w.Text(layout=w.Layout(display="none"))
        self.browser_key.add_class("lnb-browser-key")
        self.browser_key.observe(self.status.guarded(self._browser_key_sent), "value")
        self.session_out = w.Text(layout=w.Layout(display="none"))
        self.session_out.add_class("lnb-session-out")
        # -- choosing a puzzle
        self.levels = w.ToggleButtons(options=[(DIFFICULTY_NAMES[d], d) for d in DIFFICULTIES],
                                      value=min(self.puzzle.difficulty, 5),
                                      style={"button_width": "5em"})
        self.levels.add_class("lnb-levels")
        self.new_button = self._button("New puzzle", "lnb-new", self.new_puzzle)
        self.daily_button = self._button("Today's puzzle", "lnb-daily", self.open_daily)
        self.code_box = w.Text(placeholder="P1-....", continuous_update=False,
                               layout=w.Layout(width="16em"))
        self.code_box.add_class("lnb-code-input")
        self.code_box.observe(self.status.guarded(self._code_typed), "value")
        self.open_button = self._button("Open code", "lnb-open",
                                        lambda: self.open_code(self.code_box.value))
        # -- the puzzle and its answer
        self.heading = w.HTML("")
        self.heading.add_class("lnb-puzzle-heading")
        self.targets = w.HTML("")
        self.targets.add_class("lnb-targets")
        self.builder = PuzzleBuilder(self.puzzle, on_change=lambda _: self._show_targets(),
                                     on_done=lambda _: self.check())
        self.builder.done_button.description = "Check my answer"
        self.builder.done_button.layout.width = "auto"
        self.builder.done_button.tooltip = "Check whether your rows solve the puzzle"
        self.hint_button = self._button("Hint", "lnb-hint", self.next_hint)
        self.hint_row = w.HBox([self.hint_button])
        self.hints = w.HTML("")
        self.hints.add_class("lnb-hints")
        # -- progress and the teacher's corner
        self.progress_view = w.HTML("")
        self.progress_view.add_class("lnb-progress")
        self._teacher: TeacherSheet | None = None  # built when first opened (fewer widgets)
        self.teacher_box = w.VBox([])
        corner = w.Accordion([self.teacher_box], selected_index=None)
        corner.set_title(0, "For teachers: a puzzle sheet for the class")
        corner.add_class("lnb-teacher-corner")
        corner.observe(self.status.guarded(lambda change: self.teacher if change["new"] == 0
                                           else None), "selected_index")

        self.contrast_toggle = ContrastToggle(self)
        self.title_row = w.HBox([self.title, self.contrast_toggle])
        self.title_row.add_class("lnb-title-row")
        super().__init__([
            stylesheet(), w.HTML(f"<style>{CSS}</style>"), self.title_row, self.banner,
            w.HBox([self.who, self.join_button, self.leave_button, self.browser_key,
                    self.session_out]),
            self.join_box,
            w.HBox([self.levels, self.new_button, self.daily_button]),
            w.HBox([self.code_box, self.open_button]),
            self.heading, self.targets, self.builder,
            self.hint_row, self.hints, self.status,
            self.progress_view, corner,
        ])
        self.add_class("lnb-puzzle-app")
        self.add_class("lnb-app")
        self._set_puzzle(self.puzzle)

    @property
    def teacher(self) -> TeacherSheet:
        """The teacher's corner (made on first use)."""
        if self._teacher is None:
            self._teacher = TeacherSheet(link_for=lambda: self.link)
            self.teacher_box.children = (self._teacher,)
        return self._teacher

    def _button(self, text: str, css: str, action: Callable[[], None]) -> w.Button:
        button = w.Button(description=text, layout=w.Layout(width="auto"))
        button.add_class(css)
        button.on_click(self.status.guarded(lambda _: action()))
        return button

    # -- showing it ------------------------------------------------------------------------
    def show(self) -> None:
        """Display the app and the script that tells it who the browser is."""
        from IPython.display import HTML, display

        display(self, HTML(browser_key_script()))

    def open_page(self) -> None:
        """Under Voila: wait for the pupil's page, then act on its address (see ``open_query``).

        A preheated kernel may have been started on another day: today's puzzle is renewed.
        Nothing raises: an error lands on the status line (the page is shown even so).
        """
        with self.status.guard():
            query = voila_query()
            self.link = page_address() or self.link
            if daily(self.today()) != self.daily_puzzle:
                was_daily = self.puzzle == self.daily_puzzle
                self.daily_puzzle = daily(self.today())
                if was_daily:
                    self._set_puzzle(self.daily_puzzle)
            self.open_query(query)

    def open_query(self, query: Mapping[str, str]) -> None:
        """Act on the page address: ``code`` opens a puzzle. Nothing in an address says
        who the pupil is (anyone can type or share one): ``key``/``nick`` are ignored."""
        if query.get("key") or query.get("nick"):
            self.status.info("Progress is not chosen by the page's address any more: this "
                             "device keeps its own, or press Join my class and use your card.")
        if "code" in query:
            try:
                self.open_code(query["code"])
            except LnbError as exc:
                said = (f"The puzzle code in this page's address is broken: {exc}. "
                        "Ask for the code again, or choose New puzzle or Today's puzzle.")
                self.status.error(said)
                # Said at the top of the page; no other puzzle is opened in its place.
                self.banner.value = (f"<div class='lnb-banner' role='alert'>"
                                     f"{html.escape(said)}</div>")
                self._show_puzzle(False)

    # -- who is playing --------------------------------------------------------------------
    def use_pupil(self, pupil: Pupil, source: str) -> None:
        """Keep progress under ``pupil`` from now on (and save what was done before)."""
        self.pupil, self.identity_source = pupil, source
        pending, self._pending = self._pending, []
        for kind, kwargs in pending:
            getattr(self.store, kind)(pupil, **kwargs)
        self.progress = self.store.load(pupil)
        self._restore_hints()
        self._show_progress()
        self._show_heading()

    def open_join(self) -> None:
        """Show the boxes for the class code, the pupil's name and their card's secret."""
        if self.class_code is None:
            self.class_code = w.Text(placeholder="class code", layout=w.Layout(width="9em"))
            self.class_code.add_class("lnb-class-code")
            self.pupil_name = w.Text(placeholder="your name", layout=w.Layout(width="12em"))
            self.pupil_name.add_class("lnb-pupil-name")
            self.card_secret = w.Password(placeholder="the words on your card",
                                          layout=w.Layout(width="15em"))
            self.card_secret.add_class("lnb-card-secret")
            self.join_box.children = (self.class_code, self.pupil_name, self.card_secret,
                                      self._button("Join", "lnb-join", self.join_class))
        self.join_box.layout.display = None
        self.status.info("Type your class code, your name and the words on your card.")

    def join_class(self, code: str | None = None, name: str | None = None,
                   secret: str | None = None) -> None:
        """Check the card (the boxes', unless given); a right one opens that pupil's
        progress and the browser remembers a session; a wrong one is refused plainly."""
        if self.class_code is None:
            self.open_join()
        assert self.class_code and self.pupil_name and self.card_secret
        code = self.class_code.value if code is None else code
        name = self.pupil_name.value if name is None else name
        secret = self.card_secret.value if secret is None else secret
        self.card_secret.value = ""
        try:
            session = self.classroom.join(code, name, secret)
        except IdentityError as exc:
            self.status.error(str(exc))
            return
        self._use_session(session)
        self.session_out.value = json.dumps({"session": session.token})
        self.join_box.layout.display = "none"
        self.status.ok(f"Hello {session.pupil_name}! Your progress is saved for class "
                       f"{session.class_name}.")

    def leave_class(self) -> None:
        """Stop being the class pupil here: forget the session, back to this device."""
        if self.session is not None:
            self.classroom.leave(self.session.token)
        self.session = None
        self.session_out.value = json.dumps({"session": None})
        if self.device is not None:
            self.use_pupil(self.device, "device")
        else:
            self.pupil, self.identity_source, self.progress = None, "", None
            self._show_progress()
            self._show_heading()
        self.status.info("You left the class on this device: its progress is this device's "
                         "again.")

    def _use_session(self, session: Session) -> None:
        self.session = session
        self.use_pupil(session.pupil, "class")

    def _browser_key_sent(self, change: dict[str, Any]) -> None:
        """The script sent ``{"key": ..., "session": ...}`` from the browser's storage."""
        try:
            data = json.loads(change["new"] or "{}")
        except ValueError:
            data = {"key": change["new"]}
        if not isinstance(data, dict):
            return
        if isinstance(data.get("key"), str):
            try:
                self.device = Pupil.from_browser_key(data["key"])
            except ProgressError:
                self.session_out.value = json.dumps({"renew": True, "at": secrets.token_hex(4)})
                return  # the page makes a strong key and sends it again
        token = data.get("session")
        if isinstance(token, str) and token and self.session is None:
            try:
                session = self.classroom.resume(token)
            except IdentityError:
                session = None  # the file cannot be used now: the browser keeps its token
            else:
                if session is None:  # expired, left, or the card was reset
                    self.session_out.value = json.dumps({"session": None})
            if session is not None:
                self._use_session(session)
                return
        if self.session is None and self.device is not None:
            self.use_pupil(self.device, "device")

    # -- choosing a puzzle -----------------------------------------------------------------
    def new_puzzle(self) -> None:
        """A fresh puzzle of the chosen difficulty (one not solved before, when possible)."""
        difficulty = int(self.levels.value)
        for _try in range(20):
            puzzle = generate(difficulty, seed=self.rng.randrange(10**9))
            done = self.progress.get(puzzle.code) if self.progress else None
            if puzzle != self.puzzle and not (done and done.solved):
                break
        self._set_puzzle(puzzle)
        self.status.info(f"A new puzzle of difficulty {difficulty}.")

    def open_daily(self) -> None:
        """Today's puzzle (the same for everyone today)."""
        today = self.today()
        if daily(today) != self.daily_puzzle:
            self.daily_puzzle = daily(today)
        self._set_puzzle(self.daily_puzzle)
        self.status.info("Today's puzzle: the same for everyone today.")

    def open_code(self, code: str) -> None:
        """Open a shared puzzle by its code; a broken code raises ``PuzzleCodeError``."""
        puzzle = Puzzle.from_code(code)
        if not puzzle.solvable:
            raise LnbError(f"{code.strip()!r}: this puzzle cannot be solved; check the code")
        self._set_puzzle(puzzle)
        self.code_box.value = ""
        self.status.info(f"Puzzle {puzzle.code} opened.")

    def _code_typed(self, change: dict[str, Any]) -> None:
        if change["new"].strip():
            self.open_code(change["new"])

    def _set_puzzle(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        if puzzle.solvable and self.levels.value != puzzle.difficulty:
            self.levels.value = puzzle.difficulty
        self.builder.set_puzzle(puzzle)
        self.hints.value = ""
        self._show_puzzle(True)
        self._restore_hints()
        self._show_heading()
        self._show_targets()
        self._show_progress()

    def _show_puzzle(self, shown: bool) -> None:
        """Show the puzzle and its answer, or hide them (a broken code opened nothing); an
        opened puzzle clears the banner."""
        for part in (self.heading, self.targets, self.builder, self.hint_row, self.hints):
            part.layout.display = None if shown else "none"
        if shown:
            self.banner.value = ""

    # -- hints and checking ------------------------------------------------------------------
    def _restore_hints(self) -> None:
        done = self.progress.get(self.puzzle.code) if self.progress else None
        self.hint_level = min(done.hints if done else 0, max(HINT_LEVELS))
        self._show_hint_button()
        self._show_hint()

    def _show_hint_button(self) -> None:
        top = max(HINT_LEVELS)
        done = self.hint_level >= top
        self.hint_button.disabled = done
        self.hint_button.description = "No more hints" if done else (
            f"Hint {self.hint_level + 1} of {top}")
        self.hint_button.tooltip = (
            f"You have had all {top} hints: the last one, below, gives a whole program"
            if done else {1: "How many rows are still needed", 2: "A useful next row",
                          3: "A whole program"}[self.hint_level + 1])

    def _show_hint(self) -> None:
        """The hint of the level reached, in one short box (each level says what the one
        before said, and more, so it takes the place of the one before)."""
        if not self.hint_level:
            self.hints.value = ""
            return
        given = hint(self.puzzle, self.builder.program, level=self.hint_level)
        self.hints.value = (f"<div class='lnb-hint-line' aria-live='polite'>Hint {given.level} "
                            f"of {max(HINT_LEVELS)}: {html.escape(given.text)}</div>")

    def next_hint(self) -> None:
        """Show the next hint (each says more; the third gives a whole program); after the
        third the button is disabled and nothing more is given."""
        if self.hint_level >= max(HINT_LEVELS):
            return
        self.hint_level += 1
        self._show_hint()
        self._record("record_hint", puzzle=self.puzzle.code, hints=self.hint_level,
                     difficulty=self._difficulty(), day=self.today())
        self._show_hint_button()

    def check(self) -> None:
        """Check the pupil's rows; explain a wrong answer; save the attempt."""
        program = self.builder.program
        feedback = check_answer(self.puzzle, program)
        self._record("record_attempt", puzzle=self.puzzle.code, solved=feedback.solved,
                     rows=len(program) if feedback.solved else None, hints=self.hint_level,
                     difficulty=self._difficulty(), day=self.today())
        if feedback.solved:
            self.status.ok(feedback.message)
        else:
            self.status.error(feedback.message)
        self._show_heading()

    def _difficulty(self) -> int | None:
        return self.puzzle.difficulty if self.puzzle.solvable else None

    def _record(self, kind: str, **kwargs: Any) -> None:
        """Save through the store; before the pupil is known, keep it to save later."""
        if self.pupil is None:
            self._pending.append((kind, kwargs))
            self.progress = _pending_progress(self._pending)
        else:
            self.progress = getattr(self.store, kind)(self.pupil, **kwargs)
        self._show_progress()

    # -- drawing -----------------------------------------------------------------------------
    def _show_heading(self) -> None:
        p = self.puzzle
        stars = STARS.get(p.difficulty, "") if p.solvable else ""
        tags = []
        if p == self.daily_puzzle:
            tags.append("today's puzzle")
        done = self.progress.get(p.code) if self.progress else None
        if done and done.solved:
            tags.append("✓ solved")
        tag = f" · {' · '.join(tags)}" if tags else ""
        lines = "<br>".join(html.escape(line) for line in p.text().splitlines())
        self.heading.value = (
            f"<div class='lnb-goal'>{lines}</div>"
            f"<div class='lnb-muted'>{stars}{tag} · code "
            f"<span class='lnb-code'>{html.escape(p.code)}</span></div>"
        )

    def _show_targets(self) -> None:
        search = self.puzzle.search
        hit = 0
        try:
            results = self.builder.trace().results
        except LnbError:
            results = ()
        for result in results:
            hit = search.advance(hit, result)
        spans = [
            f"<span class='{'lnb-hit' if i < hit else 'lnb-target'}'>"
            f"{'✓ ' if i < hit else ''}{two_digits(t)}</span>"
            for i, t in enumerate(self.puzzle.targets)
        ]
        self.targets.value = "Targets in order: " + "".join(spans)

    def _show_progress(self) -> None:
        today = self.today()
        parts = []
        if self.store.problem:
            parts.append(
                "<div class='lnb-warning'>Your progress cannot be saved on the server right "
                "now; it is kept until you close this page. (For the teacher: "
                f"{html.escape(self.store.problem)})</div>"
            )
        if self.pupil is None:
            self.who.value = "Progress: <i>not saved yet</i>"
        else:
            if self.identity_source == "class" and self.session is not None:
                where = (f"<b>{html.escape(self.session.pupil_name)}</b> (class "
                         f"{html.escape(self.session.class_name)})")
            else:
                where = "<b>this browser</b>"
            self.who.value = f"Progress of {where}"
        joined = self.identity_source == "class"
        self.leave_button.layout.display = None if joined else "none"
        self.join_button.layout.display = "none" if joined else None
        for notice in self.store.notices:
            parts.append(f"<div class='lnb-warning'>For the teacher: "
                         f"{html.escape(notice)}</div>")
        p = self.progress
        if p is None or not p.puzzles:
            parts.append("<div>No puzzle solved yet: solve one to start a streak!</div>")
            self.progress_view.value = "".join(parts)
            return
        streak = p.streak_on(today)
        days = "day" if streak == 1 else "days"
        daily_done = p.get(self.daily_puzzle.code)
        parts.append(
            f"<div>Streak: <b>{streak} {days}</b> (best {p.best_streak}) · "
            f"Solved: <b>{p.solved_count}</b> puzzle{'s' if p.solved_count != 1 else ''} · "
            f"Today's puzzle: {'✓' if daily_done and daily_done.solved else 'not yet'}</div>"
        )
        rows = "".join(
            f"<tr><td>{STARS[d]}</td><td>{solved} solved of {tried} tried</td></tr>"
            for d, (solved, tried) in p.by_difficulty().items()
        )
        if rows:
            parts.append(f"<table>{rows}</table>")
        self.progress_view.value = "".join(parts)


def _pending_progress(pending: list[tuple[str, dict[str, Any]]]) -> Progress:
    """What a pupil not yet known has done, from the records waiting to be saved."""
    memory = ProgressStore(":memory:")
    who = Pupil("session:unsaved", "you")
    progress = memory.load(who)
    for kind, kwargs in pending:
        progress = getattr(memory, kind)(who, **kwargs)
    return progress


class TeacherSheet(w.VBox):
    """A teacher's corner: make a set of codes and download the printable sheet."""

    def __init__(self, link_for: Callable[[], str | None] = lambda: None) -> None:
        self.link_for = link_for
        self.status = StatusLine()
        self.difficulty = w.Dropdown(options=list(DIFFICULTIES), value=2,
                                     description="Difficulty")
        self.count = w.BoundedIntText(value=10, min=1, max=60, description="Puzzles")
        self.seed = w.Text(placeholder="e.g. 7B monday", description="Seed")
        self.make_button = w.Button(description="Make the sheet", button_style="primary")
        self.make_button.add_class("lnb-make-sheet")
        self.make_button.on_click(self.status.guarded(lambda _: self.make()))
        self.result = w.HTML("")
        self.result.add_class("lnb-sheet")
        self.puzzle_set: PuzzleSet | None = None
        super().__init__([w.HBox([self.difficulty, self.count]),
                          w.HBox([self.seed, self.make_button]), self.status, self.result])

    def make(self) -> PuzzleSet:
        """Make the set; list its codes (with links) and offer the sheet to download."""
        seed = self.seed.value.strip() or None
        self.puzzle_set = PuzzleSet.make(int(self.count.value), int(self.difficulty.value), seed)
        link = self.link_for()
        sheet = self.puzzle_set.html(link=link)
        data = b64encode(sheet.encode("utf-8")).decode("ascii")
        name = f"puzzles-d{self.puzzle_set.difficulty}-{self.puzzle_set.seed}.html"
        items = []
        for code in self.puzzle_set.codes:
            shown = html.escape(code)
            if link:
                shown = (f"<a href='{html.escape(code_link(link, code))}' target='_blank'>"
                         f"{shown}</a>")
            items.append(f"<li class='lnb-code'>{shown}</li>")
        self.result.value = (
            f"<a download='{html.escape(name)}' href='data:text/html;base64,{data}'>"
            "⬇ Download the printable sheet (open it, then print or save as PDF)</a>"
            f"<div>Seed <b>{html.escape(self.puzzle_set.seed or '')}</b> makes this set "
            f"again.</div><ol>{''.join(items)}</ol>"
        )
        self.status.ok(f"{len(self.puzzle_set.puzzles)} puzzles ready.")
        return self.puzzle_set


__all__ = ["PuzzleApp", "PuzzleBuilder", "TeacherSheet", "browser_key_script", "page_address",
           "voila_query"]
