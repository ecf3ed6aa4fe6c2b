"""The app of Consulting Mathematician: a whole solo game on one page (``lessons/museum.ipynb``).

The dice (Reserve, in hand, Used) with their choices, each legal one enabled and the others
disabled with the library's reason; the map (:class:`~widgets.museum.map.MuseumMap`) with the
ghost of the picked shape; Turn, Flip, Place it, Cancel and Undo; the abilities with their
die-icons, the wild and re-roll counters, the time tracker, the live score; at the end the
verdict and what earned each point. Save and load (the library's record), the daily challenge
with the planner's par and, for a pupil who joined their class
(:class:`~widgets.classroom.panel.ClassPanel`), the class's scores of the day as a histogram
(:mod:`widgets.museum.class_scores`); a language switch that keeps the game, the high-contrast
toggle.
Every rule is :mod:`lnb.museum`'s; a callback's error lands on the status line.

>>> from classroom.progress import ProgressStore
>>> app = MuseumApp(seed=1, store=ProgressStore(":memory:"))
>>> app.state.hand
(2, 6)
>>> app.pick_shape("6b")
>>> app.map.handle({"event": "anchor", "square": "A4"})
>>> app.confirm_button.disabled
False
>>> app.confirm()
>>> app.state.history, app.undo_button.disabled
([Place.parse('place 6b r0 @A4')], False)
>>> app.undo(); app.state.history
[]
"""

from __future__ import annotations

import datetime
import html
import random
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from classroom.identity import Classroom, Pupil
from classroom.progress import ProgressStore
from lnb.core.errors import BadInputError, LnbError
from lnb.core.i18n import _, lazy_gettext, ngettext
from lnb.museum import Game, State, daily_seed, par, verdict
from lnb.museum import words as museum_words
from lnb.museum.daily import bound as daily_bound
from lnb.museum.records import dumps, replay, write
from widgets.classroom.panel import ClassPanel, browser_key_script
from widgets.core.contrast import ContrastToggle
from widgets.core.focus import Focus
from widgets.core.host import current as current_host
from widgets.core.language import LanguageSwitch, page_language
from widgets.core.page_request import page_query, query_seed
from widgets.core.redraws import mark_shown
from widgets.core.saveload import SaveLoadPanel, damaged, record_object, safe_filename
from widgets.core.status import StatusLine
from widgets.core.style import app_styles, stylesheet
from widgets.museum import choices as ch
from widgets.museum.class_scores import CSS as CLASS_SCORES_CSS
from widgets.museum.class_scores import class_scores_html
from widgets.museum.map import GLYPHS, MuseumMap, orientation_words
from widgets.museum.pictures import CSS as PICTURE_CSS
from widgets.museum.pictures import die_html, shape_svg
from widgets.museum.review_view import attach as attach_review

CSS = """
.lnb-museum-app .widget-button, .lnb-museum-app .widget-toggle-button { height: auto;
  min-height: 44px; white-space: normal; line-height: 1.3; width: auto; }
.lnb-museum-app .widget-hbox { flex-wrap: wrap; }
.lnb-museum-app .lnb-title-row { justify-content: space-between; align-items: center; }
.lnb-museum-main { align-items: flex-start; column-gap: 16px; }
.lnb-museum-side { flex: 1 1 340px; max-width: 460px; min-width: 0; }
.lnb-museum-board { flex: 3 1 460px; min-width: 0; }
.lnb-museum-board .lnb-museum-map { width: 100%; }
.lnb-museum-board .lnb-map-svg { max-height: calc(100vh - 190px); }
.lnb-museum-app .lnb-other-choices { display: grid; gap: 2px 10px; align-items: center;
  grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); }
.lnb-museum-app .lnb-other-choices > .lnb-museum-section { grid-column: 1 / -1; }
@media (max-width: 900px) { .lnb-museum-side { max-width: none; } }
.lnb-map-key { font-size: 14px; line-height: 1.9; }
.lnb-map-key .lnb-ev-mark { margin-right: 3px; }
.lnb-map-key .lnb-key-item { white-space: nowrap; margin-right: 10px; }
.lnb-museum-bar { column-gap: 18px; row-gap: 4px; align-items: center; }
.lnb-museum-section { font-weight: bold; margin-top: 6px; }
.lnb-die-card { border: 2px solid #9fa8da; border-radius: 8px; padding: 4px 8px; margin: 4px 0;
                background: #f4f6fb; }
.lnb-die-card .widget-hbox { align-items: center; }
.lnb-museum-app .lnb-choice-row { align-items: center; column-gap: 4px; }
.lnb-time-box { display: inline-block; padding: 1px 6px; margin: 1px 2px; border-radius: 4px;
                border: 2px solid #9fa8da; }
.lnb-time-box.lnb-checked { background: #283593; color: #ffffff; border-color: #283593; }
.lnb-abilities table { border-collapse: collapse; font-size: 15px; }
.lnb-abilities td, .lnb-abilities th { padding: 2px 6px; border-bottom: 1px solid #ddd;
                                       text-align: left; vertical-align: top; }
.lnb-abilities .lnb-icon { display: inline-block; width: 1.4em; height: 1.4em;
                           border: 2px solid #595959; border-radius: 4px; text-align: center;
                           margin-right: 2px; font-weight: bold; }
.lnb-ev-mark { display: inline-block; min-width: 1.8em; text-align: center; color: #ffffff;
               background: #37474f; border-radius: 4px; font-weight: bold; }
.lnb-ev-collected .lnb-ev-mark { background: #8d6e00; }
.lnb-museum-reason { min-height: 1.5em; }
.lnb-museum-reason .lnb-bad { color: #8a1c12; font-weight: bold; }
.lnb-museum-reason .lnb-good { color: #1b5e20; font-weight: bold; }
.lnb-verdict { border: 3px solid #283593; border-radius: 10px; padding: 8px 12px;
               background: #fff8e1; color: #1b1b2f; }
.lnb-verdict table td { padding: 1px 10px; }
.lnb-score-line { font-size: 20px; font-weight: bold; }
.lnb-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
          white-space: nowrap; }
.lnb-high-contrast .lnb-die-card, .lnb-high-contrast .lnb-verdict { background: #000000;
  color: #ffffff; border-color: #ffffff; }
""" + PICTURE_CSS + CLASS_SCORES_CSS

TITLE = museum_words.GAME_TITLE
NOWHERE = lazy_gettext("Shape {shape} fits nowhere on the map now.")


def _today() -> datetime.date:
    return datetime.date.today()


def choice_label(choice: ch.Choice, state: State) -> str:
    """A choice's button text in the current language."""
    a = choice.label_args
    if choice.kind == "shape":
        size = state.museum.wheel[a["shape"]].size
        return ngettext("Take shape {shape} ({size} square)",
                        "Take shape {shape} ({size} squares)", size).format(shape=a["shape"],
                                                                             size=size)
    if choice.kind == "write":
        return _("Write {value} on the {evidence}").format(**a)
    if choice.kind == "skip":
        return _("Set the {value} aside (it has no use)").format(**a)
    if choice.kind == "reroll":
        return ngettext("Re-roll the {values}", "Re-roll both dice ({values})",
                        a["count"]).format(values=a["values"])
    if choice.kind == "return":
        return ngettext("Return {count} Used die to the Reserve",
                        "Return {count} Used dice to the Reserve", a["count"]
                        ).format(count=a["count"])
    if choice.kind == "wild":
        return _("Wild shape {shape}").format(**a)
    return _("Ability shape {shape}").format(**a)


def choice_class(choice: ch.Choice) -> str:
    """A class naming the choice (for tests): ``lnb-shape-3a``, ``lnb-write-4-violin``..."""
    if choice.shape is not None:
        return f"lnb-{'shape' if choice.kind == 'shape' else choice.kind}-{choice.shape}"
    action = choice.action
    text = str(action).replace(" on ", " ").replace(",", "-").replace(" ", "-")
    return f"lnb-{text}"


class MuseumApp(w.VBox):
    """The whole game in one widget. ``seed`` None: a fresh game; ``today`` gives the date of
    the daily challenge (tests give a fixed one); ``store`` keeps the daily challenges'
    scores (default: the server's progress file, opened when first needed) and ``classroom``
    its classes."""

    shown = 0  # redraws so far (:meth:`_count_redraw`)

    def __init__(self, seed: int | None = None, *,
                 today: Callable[[], datetime.date] = _today,
                 store: ProgressStore | None = None,
                 classroom: Classroom | None = None) -> None:
        self.today = today
        host = current_host()  # the served kit's file, or the static site's browser storage
        self.store = store if store is not None else host.progress_store()
        self.scores = host.daily_scores(self.store, "museum")
        self._scored: tuple[datetime.date, int] | None = None  # a daily game to record
        self._class: tuple[int, ...] = ()  # the class's scores of the daily challenge
        self._best: int | None = None  # the pupil's best of it (read with the class's)
        self.state: State = Game(seed=seed).new_initial_state()
        self.picked: ch.Choice | None = None
        self.daily: tuple[datetime.date, int] | None = None
        self._undoable = False
        self._said: tuple[str, Callable[[], str], str] | None = None
        self.loaded_finished = False

        self.status = StatusLine(on_continue=self.refresh)
        self.title = w.HTML()
        self.title.add_class("lnb-title")
        self.language = LanguageSwitch(on_change=lambda _lang: self.relabel())
        self.header_row = w.HBox([self.title, self.language])
        self.header_row.add_class("lnb-title-row")
        self.challenge = w.HTML()
        self.challenge.add_class("lnb-challenge")
        self.identity = ClassPanel(classroom if classroom is not None
                                   else host.classroom(self.store),
                                   self.status, on_pupil=self._pupil_changed)
        self.class_view = w.HTML(layout=w.Layout(display="none"))
        self.class_view.add_class("lnb-class-view")
        self.time_line = w.HTML()
        self.time_line.add_class("lnb-time")
        self.dice_line = w.HTML()
        self.dice_line.add_class("lnb-dice")
        self.counters = w.HTML()
        self.counters.add_class("lnb-counters")
        self.score_line = w.HTML()
        self.score_line.add_class("lnb-score-line")
        self.score_parts = w.HTML()
        self.score_parts.add_class("lnb-score-parts")
        self.bar = w.HBox([self.time_line, self.dice_line, self.counters, self.score_line,
                           self.score_parts])
        self.bar.add_class("lnb-museum-bar")

        self.choices_title = w.HTML()
        self.choices_title.add_class("lnb-museum-section")
        self.dice_box = w.VBox([])
        self.dice_box.add_class("lnb-dice-choices")
        self.other_box = w.VBox([])
        self.other_box.add_class("lnb-other-choices")
        self.others_head = w.HTML()
        self.others_head.add_class("lnb-museum-section")
        self._cards: dict[int, tuple[w.HTML, w.VBox]] = {}
        self._rows: dict[str, tuple[w.Widget, w.Button]] = {}
        self.abilities = w.HTML()
        self.abilities.add_class("lnb-abilities")
        self.side = w.VBox([self.choices_title, self.dice_box, self.other_box])
        self.side.add_class("lnb-museum-side")

        self.map = MuseumMap(self.state)
        self.map.on_confirm = self.status.guarded(self.confirm)
        self.map.on_cancel = self.status.guarded(self.cancel)
        self.map.on_error = self._map_error
        self.map.on_change = self._ghost_changed
        self.map_key = w.HTML()
        self.map_key.add_class("lnb-map-key")
        self.focus = Focus()  # after an action, the keyboard goes where the next one is
        self.reason = w.HTML()
        self.reason.add_class("lnb-museum-reason")
        self.turn_button = self._button("lnb-turn", lambda: self.map.handle({"event": "rotate"}))
        self.flip_button = self._button("lnb-flip", lambda: self.map.handle({"event": "flip"}))
        self.confirm_button = self._button("lnb-confirm", self.confirm, style="primary")
        self.cancel_button = self._button("lnb-cancel", self.cancel)
        self.undo_button = self._button("lnb-undo", self.undo)
        self.controls = w.HBox([self.turn_button, self.flip_button, self.confirm_button,
                                self.cancel_button, self.undo_button])
        self.controls.add_class("lnb-place-controls")
        # the reason and the controls above the map: in sight with it (its height fits)
        self.board = w.VBox([self.reason, self.controls, self.map, self.map_key])
        self.board.add_class("lnb-museum-board")
        self.main = w.HBox([self.side, self.board])
        self.main.add_class("lnb-museum-main")

        self.verdict_box = w.HTML(layout=w.Layout(display="none"))
        self.verdict_box.add_class("lnb-verdict")
        self.new_button = self._button("lnb-new-game", lambda: self.new_game())
        self.daily_button = self._button("lnb-daily", self.daily_challenge)
        self.contrast_toggle = ContrastToggle(self)
        self.files = SaveLoadPanel(self._saved_file, self.load_text, status=self.status,
                                   extra=(self.new_button, self.daily_button,
                                          self.contrast_toggle))
        # the way into a museum room (the whole class, the same dice): the served kit's only
        self.room_way = w.HTML(layout=w.Layout(
            display="none" if host.needs_server("rooms") else None))
        self.room_way.add_class("lnb-museum-room-way")
        super().__init__([stylesheet(), app_styles("museum", CSS), self.header_row,
                          self.identity, self.challenge, self.status, self.bar,
                          self.verdict_box, self.class_view, self.main, self.abilities,
                          self.files, self.room_way])
        self.add_class("lnb-app")
        self.add_class("lnb-museum-app")
        self.review = attach_review(self)  # after the game: the Review panel, Try it again
        self._label()
        self.refresh()

    def _button(self, cls: str, act: Callable[[], None], style: str = "") -> w.Button:
        return self.status.button(cls, act, style=style)

    def _map_error(self, err: BaseException) -> None:
        with self.status.guard():
            raise err

    # -- words -------------------------------------------------------------------------------
    def _label(self) -> None:
        self.title.value = html.escape(str(TITLE))
        self.turn_button.description = _("Turn ⟳ (R)")
        self.turn_button.tooltip = _("Turn the shape a quarter turn clockwise")
        self.flip_button.description = _("Flip ⇆ (F)")
        self.flip_button.tooltip = _("Flip the shape left to right, as in a mirror")
        self.confirm_button.description = _("Place it (Enter)")
        self.cancel_button.description = _("Cancel (Escape)")
        self.cancel_button.tooltip = _("Put the shape back and choose again")
        self.undo_button.description = _("Undo")
        self.new_button.description = _("New game")
        self.new_button.tooltip = _("Start a new game with new dice")
        self.daily_button.description = _("Today's challenge")
        self.daily_button.tooltip = _("Everyone gets the same dice today: try to beat par")
        self.choices_title.value = html.escape(_("Your dice and what they can do"))
        self.room_way.value = "<a href='museum-room.ipynb' target='_top'>{}</a>".format(
            html.escape(_("Play with your whole class: a museum room, the same dice for "
                          "everyone")))

    def relabel(self) -> None:
        """Every word in the current language; the game is not touched."""
        with self.hold_sync():
            self._label()
            for part in (self.status, self.files, self.contrast_toggle, self.language,
                         self.identity):
                part.relabel()
            if self._said is not None and self.status.text == self._said[2]:
                self._say(self._said[0], self._said[1])
            self.map.redraw()
            self.refresh()

    def _say(self, kind: str, make: Callable[[], str]) -> None:
        self.status.show(make(), kind)
        self._said = (kind, make, self.status.text)

    # -- the page ----------------------------------------------------------------------------
    def show(self) -> None:
        """Display the app and the script that tells it who the browser is (its device key
        and class session: :func:`~widgets.classroom.panel.browser_key_script`)."""
        from IPython.display import HTML, display

        display(self, HTML(browser_key_script()))

    def open_page(self, query: dict[str, str] | None = None) -> None:
        """Act on the page's address: ``?lang=`` (then the pupil's choice and the browser's
        language), ``?seed=N`` (that game), ``?daily=1`` (today's challenge). Under Voila it
        first waits for the page's request."""
        with self.status.guard():
            if query is None:
                query = page_query()
            page_language(query)
            old, self.language = self.language, LanguageSwitch(
                on_change=lambda _lang: self.relabel())
            self.header_row.children = (self.title, self.language)
            old.close()
            seed = query_seed(query)
            if query.get("daily", "").lower() in ("1", "true", "yes", "on"):
                self.daily_challenge()
            elif seed is not None:
                self.new_game(seed)
            self.relabel()

    # -- starting ----------------------------------------------------------------------------
    def new_game(self, seed: int | None = None, daily: tuple[datetime.date, int] | None = None
                 ) -> None:
        """A new game (a fresh seed unless given)."""
        if seed is None:
            seed = random.randrange(10 ** 9)
        self._start(Game(seed=seed).new_initial_state())
        self.daily = daily
        self._scored = None
        self._load_class()
        self._say("info", lambda: _("A new game: take two dice and use each one."))
        self.refresh()

    def daily_challenge(self) -> None:
        """Today's challenge: everyone's dice are the same; par is the planner's score."""
        day = self.today()
        self.new_game(daily_seed(day), daily=(day, par(day)))
        self._say("info", lambda: _("Today's challenge: the same dice for everyone. Par is "
                                    "{par}.").format(par=self.daily[1] if self.daily else 0))

    def _start(self, state: State) -> None:
        self.state = state
        self.picked = None
        self._undoable = False
        self.files.clear()
        self.map.pick(None)
        self.map.orientation = "r0"
        self.map.show(state)

    # -- choosing and placing ----------------------------------------------------------------
    def pick(self, choice: ch.Choice) -> None:
        """Pick a choice: a shape to place (the ghost follows), or another action at once."""
        if not choice.enabled:
            self.status.error(_reason(choice))
            return
        if choice.shape is not None:
            self.picked = choice
            self.map.pick(choice.shape)
            self.map.request_focus()  # its keys work at once (no 19 Tabs to reach it)
            self._say("info", lambda: _("Shape {shape}: click or tap a square of the map, turn "
                                        "and flip it, then press Place it.").format(
                shape=choice.shape))
            self.refresh()
            return
        assert choice.action is not None
        self.act(choice.action)

    def pick_shape(self, shape: str, kind: str = "shape") -> None:
        """Pick a shape by id, as its button would (``kind``: ``shape``, ``wild``, ``gift``)."""
        for choice in self.current_choices():
            if choice.shape == shape and choice.kind == kind:
                self.pick(choice)
                return
        raise BadInputError(_("shape {shape} is not one of your choices now").format(
            shape=shape), text=shape, reason="not-a-choice")

    def current_choices(self) -> list[ch.Choice]:
        """Every choice shown now (each die's, then the others)."""
        actions = self.state.legal_actions()
        found: list[ch.Choice] = []
        for value in self.state.hand:
            found.extend(ch.die_choices(self.state, value, actions))
        return found + ch.other_choices(self.state, actions)

    def confirm(self) -> None:
        """Place the picked shape where the ghost is (the library may refuse: its reason)."""
        if self.picked is None or self.picked.shape is None:
            self.status.error(_("Pick a shape first."))
            return
        if not self.map.where():
            self.status.error(_("Click or tap a square of the map first."))
            return
        action = ch.drawing(self.picked.kind, self.picked.shape, self.map.orientation,
                            self.map.where())
        self.act(action)

    def cancel(self) -> None:
        """Put the picked shape back."""
        self.picked = None
        self.map.pick(None)
        self.status.clear()
        self.refresh()

    def act(self, action: Any) -> None:
        """Apply one action; say what it did (collected evidence, unlocked abilities...)."""
        state = self.state
        turn, seen = state.turn, len(state.log)
        state.apply_action(action)
        self._undoable = ch.can_undo(_Turn(turn), state)
        self.picked = None
        self.map.pick(None)
        self.files.clear()
        news = list(state.log[seen:])
        self._say("ok", lambda: self._news(action, news))
        self.map.show(state)
        if state.is_terminal() and self.daily is not None:
            self._scored = (self.daily[0], state.score().total)
            self._save_score()
            self._load_class()
        self.refresh()
        self._focus_next()

    def _focus_next(self) -> None:
        """The keyboard goes to the first choice that can be taken now (the next thing to
        do); nowhere when the game is over."""
        shown = [*self.dice_box.children, *self.other_box.children]
        while shown:
            part = shown.pop(0)
            if isinstance(part, w.Button) and not part.disabled:
                self.focus(part)
                return
            shown[:0] = getattr(part, "children", ())
        self.focus.forget()

    def _news(self, action: Any, news: list[tuple[str, str]]) -> str:
        museum = self.state.museum
        said = [_("Done: {action}.").format(action=_action_words(action))]
        for kind, what in news:
            if kind == "collected":
                said.append(_("You collected the {evidence}!").format(
                    evidence=museum.evidence_by_id(what).name))  # type: ignore[union-attr]
            elif kind == "unlocked":
                said.append(_("Ability unlocked: {evidence}.").format(
                    evidence=museum.evidence_by_id(what).name))  # type: ignore[union-attr]
            elif kind == "box":
                said.append(_("All six dice go back to the Reserve: {time} is checked.").format(
                    time=museum_words.time_box(what)))
            elif kind == "rerolled":
                values = ", ".join(what.split(","))  # the log's "6,2", written as a list
                said.append(_("The new dice show {values}.").format(values=values))
        if self.state.is_terminal():
            total = self.state.score().total
            said.append(ngettext("The game is over: {count} point.",
                                 "The game is over: {count} points.", total).format(count=total))
        elif self.state.pending_return:
            said.append(_("Choose how many Used dice go back to the Reserve."))
        return " ".join(said)

    def undo(self) -> None:
        """Take back the last placement of this turn (the record replayed without it)."""
        if not self._undoable:
            self.status.error(_("Only the last shape placed in this turn can be taken back."))
            return
        before = ch.undo(self.state)
        if not ch.can_undo(before, self.state):
            self.status.error(_("Only the last shape placed in this turn can be taken back."))
            return
        self._start(before)
        self._say("info", lambda: _("The last shape is taken back."))
        self.refresh()

    # -- the class and today's challenge ------------------------------------------------------
    def _pupil_changed(self, _pupil: Pupil | None, _source: str) -> None:
        """Someone else plays now (the device, or a pupil who joined): a finished daily game
        not yet saved is saved for them; their class's scores are read."""
        self._save_score()
        self._load_class()
        self.refresh()

    def _save_score(self) -> None:
        """Keep the finished daily game's score as the pupil's (once they are known); the
        caller reads the class's scores again."""
        pupil = self.identity.pupil
        if self._scored is None or pupil is None:
            return
        day, score = self._scored
        self.scores.record(pupil, day, score)
        self._scored = None

    def _load_class(self) -> None:
        """Read the class's scores of today's challenge (none without a class) and the
        pupil's own best, once: when the game, the pupil or their score changes (never on
        every redraw)."""
        code, pupil = self.identity.class_code_joined, self.identity.pupil
        if code is None or self.daily is None:
            self._class, self._best = (), None
            return
        self._class = self.scores.class_scores(code, self.daily[0])
        best = self.scores.best(pupil, self.daily[0]) if pupil is not None else None
        self._best = best.best if best is not None else None

    def _draw_class(self) -> None:
        if self.daily is None:
            self.class_view.layout.display = "none"
            self.class_view.value = ""
            return
        self.class_view.layout.display = None
        self.class_view.value = class_scores_html(  # shown in full once they finished one
            joined=self.identity.class_code_joined is not None, scores=self._class,
            par=self.daily[1], own=self._best,
            finished=self.state.is_terminal() or self._best is not None)

    # -- saving and loading ------------------------------------------------------------------
    def _saved_file(self) -> tuple[str, str]:
        name = safe_filename(f"museum-{self.state.seed}-turn-{self.state.turn}")
        return name, dumps(write(self.state))

    def load_text(self, text: str) -> None:
        """Load a saved game (an ``lnb-museum/1`` record's text, never a path: see
        :func:`widgets.core.saveload.record_object`) and play on from it; a damaged one is
        refused in a plain sentence (:func:`widgets.core.saveload.damaged`), the game kept."""
        data = record_object(text)
        try:
            state = replay(data).state
        except LnbError as exc:
            raise damaged(exc) from exc
        self._start(state)
        self.daily = None
        self._scored = None
        self._say("ok", lambda: _("Game loaded: seed {seed}, turn {turn}.").format(
            seed=state.seed, turn=state.turn))
        self.refresh()

    # -- drawing -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Draw everything from the state."""
        state = self.state
        with self.hold_sync():
            self._draw_bar(state)
            self._draw_choices(state)
            self.abilities.value = abilities_html(state)
            self.map_key.value = map_key_html(state)
            self._draw_verdict(state)
            self._draw_class()
            self.undo_button.disabled = not self._undoable
            self.undo_button.tooltip = (_("Take back the last shape you placed in this turn")
                                        if self._undoable else
                                        _("Only the last shape placed in this turn can be "
                                          "taken back."))
            if self.daily is not None:
                day, points = self.daily
                most = daily_bound(day)
                self.challenge.value = html.escape(_(
                    "Today's challenge ({date}): par is {par} points, the computer planner's "
                    "score with these dice.").format(date=day.isoformat(), par=points)
                    + " " + _("The best score possible today is at most {bound} points (a "
                              "proof, not a guess); the kit's planner scored {par}, {gap} "
                              "fewer.").format(bound=most, par=points, gap=most - points))
            else:
                self.challenge.value = html.escape(_("Game seed {seed}").format(seed=state.seed))
            self._ghost_changed()
        self._count_redraw()

    def _count_redraw(self) -> None:
        """Mark the app with how many times it was redrawn, as a class ``lnb-shown-<n>``
        sent after every other part's update of a :meth:`refresh` (a browser test waits for
        the next number instead of for the page's text to change; a class is no text:
        nothing reads it aloud).

        >>> app = MuseumApp(seed=3)
        >>> before = app.shown
        >>> app.refresh()
        >>> app.shown == before + 1 and f"lnb-shown-{app.shown}" in app._dom_classes
        True
        """
        self.shown += 1
        mark_shown(self, self.shown)

    def _draw_bar(self, state: State) -> None:
        boxes = state.museum.time_boxes
        spans = "".join(
            f"<span class='lnb-time-box{' lnb-checked' if i < state.boxes_checked else ''}'>"
            f"{'✓ ' if i < state.boxes_checked else ''}{html.escape(museum_words.time_box(b))}"
            "</span>" for i, b in enumerate(boxes))
        time_word = html.escape(_("Time"))
        self.time_line.value = (f"<b>{time_word}</b> {spans} <span class='lnb-sr'>"
                                + html.escape(ngettext("{count} of {total} box checked",
                                                       "{count} of {total} boxes checked",
                                                       state.boxes_checked).format(
                                    count=state.boxes_checked, total=len(boxes))) + "</span>")
        hand = "".join(die_html(v) for v in state.hand)
        reserve, in_hand, used = (html.escape(t) for t in (_("Reserve"), _("In hand"),
                                                             _("Used")))
        self.dice_line.value = (
            f"<b>{reserve}</b> {die_html(None) * state.reserve}"
            f"({state.reserve}) · <b>{in_hand}</b> {hand}"
            f"({html.escape(', '.join(str(v) for v in state.hand) or '-')}) · "
            f"<b>{used}</b> {die_html(None) * state.used}({state.used})")
        parts = [_("Wild shapes: {count}").format(count=state.wilds),
                 _("Re-rolls: {count}").format(count=state.rerolls)]
        if state.gifts:
            parts.append(_("Ability shapes: {shapes}").format(shapes=", ".join(state.gifts)))
        self.counters.value = html.escape(" · ".join(parts))
        score = state.score()
        self.score_line.value = html.escape(_("Score: {points}").format(points=score.total))
        self.score_parts.value = html.escape(score_parts_words(score))

    def _draw_choices(self, state: State) -> None:
        if state.is_terminal():
            self.dice_box.children = ()
            self.other_box.children = ()
            return
        actions = state.legal_actions()
        cards = []
        for i, value in enumerate(state.hand):
            rows = [self._choice_row(f"die{i}", c) for c in ch.die_choices(state, value, actions)]
            head, card = self._card(i)
            head.value = f"{die_html(value)} " + html.escape(
                _("Die {number} shows {value}").format(number=i + 1, value=value))
            card.children = (head, *rows)
            cards.append(card)
        self.dice_box.children = cards
        others = [self._choice_row("other", c) for c in ch.other_choices(state, actions)]
        if others:
            self.others_head.value = html.escape(_("Abilities you can use now"))
            others.insert(0, self.others_head)
        self.other_box.children = others

    def _card(self, index: int) -> tuple[w.HTML, w.VBox]:
        """The box of die ``index`` (made once, filled again at each refresh)."""
        if index not in self._cards:
            head = w.HTML()
            card = w.VBox([head])
            card.add_class("lnb-die-card")
            self._cards[index] = (head, card)
        return self._cards[index]

    def _choice_row(self, where: str, choice: ch.Choice) -> w.Widget:
        """A choice's button (with the shape's picture): made once per place and kind of
        choice, then only relabelled, so a refresh opens no new widget."""
        key = f"{where}:{choice_class(choice)}"
        if key not in self._rows:
            button = w.Button()
            button.add_class("lnb-choice")
            button.add_class(choice_class(choice))
            button.on_click(self.status.guarded(lambda b: self.pick(b.lnb_choice)))
            if choice.shape is None:
                self._rows[key] = (button, button)
            else:
                # every picture as tall as the wheel's tallest shape: a row is as tall
                # whatever the dice (the page's drawing, made from another roll, too)
                wheel = self.state.museum.wheel
                picture = w.HTML(shape_svg(wheel[choice.shape], rows=max(
                    shape.height for shape in wheel.shapes.values())))
                row = w.HBox([picture, button])
                row.add_class("lnb-choice-row")
                self._rows[key] = (row, button)
        row, button = self._rows[key]
        label = choice_label(choice, self.state)
        button.lnb_choice = choice  # type: ignore[attr-defined]
        button.description = label
        button.disabled = not choice.enabled
        if not choice.enabled:
            button.tooltip = _reason(choice)
        else:
            button.tooltip = label
        picked = self.picked is not None and self.picked == choice
        button.button_style = "info" if picked else ""
        if picked:
            button.add_class("lnb-picked")
        else:
            button.remove_class("lnb-picked")
        return row

    def _ghost_changed(self) -> None:
        over = self.state.is_terminal()
        for part in (self.choices_title, self.controls):
            part.layout.display = "none" if over else None
        if over:
            self.reason.value = html.escape(_("The game is over: the verdict is above."))
            return
        picked = self.picked is not None
        for b in (self.turn_button, self.flip_button, self.cancel_button):
            b.disabled = not picked
        placement = self.map.placement() if picked else None
        self.confirm_button.disabled = placement is None
        if not picked:
            self.reason.value = html.escape(_("Pick a shape, then a square of the map."))
            self.confirm_button.tooltip = _("Pick a shape first.")
            return
        how = orientation_words(_orientation(self.map.orientation))
        if not self.map.where():
            self.reason.value = html.escape(_("Shape {shape}, {how}: click or tap a square."
                                              ).format(shape=self.map.shape, how=how))
            self.confirm_button.tooltip = _("Click or tap a square of the map first.")
        elif not self.map.ghost.get("legal"):  # the library's reason, for the square shown
            text = _("Does not fit: {reason}.").format(reason=self.map.reason)
            self.reason.value = f"<span class='lnb-bad'>✗ {html.escape(text)}</span>"
            self.confirm_button.tooltip = text
        elif placement is None:  # hovered, not clicked yet: it fits there
            text = _("Shape {shape} at {square}, {how}: it fits. Click or tap to put it "
                     "there.").format(shape=self.map.shape, square=self.map.where(), how=how)
            self.reason.value = f"<span class='lnb-good'>✓ {html.escape(text)}</span>"
            self.confirm_button.tooltip = _("Click or tap a square of the map first.")
        else:
            text = _("Shape {shape} at {square}, {how}: it fits.").format(
                shape=self.map.shape, square=self.map.where(), how=how)
            self.reason.value = f"<span class='lnb-good'>✓ {html.escape(text)}</span>"
            self.confirm_button.tooltip = _("Place the shape here")

    def _draw_verdict(self, state: State) -> None:
        if not state.is_terminal():
            self.verdict_box.layout.display = "none"
            self.verdict_box.value = ""
            return
        self.verdict_box.layout.display = None
        against = ("" if self.daily is None else
                   f"<p class='lnb-par-result'>{html.escape(par_words(self.daily[1], state))}</p>")
        self.verdict_box.value = verdict_html(state, against)


def _reason(choice: ch.Choice) -> str:
    """Why a choice is disabled, in the current language."""
    if choice.reason == "nowhere":
        return NOWHERE.format(shape=choice.shape)
    return choice.reason


class _Turn:
    """The turn a state was in before an action (all :func:`choices.can_undo` reads)."""

    def __init__(self, turn: int) -> None:
        self.turn = turn


def _orientation(text: str) -> Any:
    from lnb.museum import Orientation

    return Orientation.parse(text)


def _action_words(action: Any) -> str:
    """An action for people (the text form for shapes: the pupil sees it on the map)."""
    from lnb.museum import Place, Reroll, Return, Skip, Wild, Write

    if isinstance(action, (Place, Wild)):
        how = orientation_words(action.orientation)
        kind = _("wild shape {shape}") if isinstance(action, Wild) else _("shape {shape}")
        return _("{what} at {square}, {how}").format(
            what=kind.format(shape=action.shape), square=action.anchor, how=how)
    if isinstance(action, Write):
        return _("{value} written on the {evidence}").format(
            value=action.value, evidence=_evidence_name(action.evidence))
    if isinstance(action, Reroll):
        return _("re-rolled {values}").format(values=", ".join(str(v) for v in action.values))
    if isinstance(action, Return):
        return ngettext("{count} die back to the Reserve", "{count} dice back to the Reserve",
                        action.count).format(count=action.count)
    if isinstance(action, Skip):
        return _("the {value} set aside").format(value=action.value)
    return str(action)


def _evidence_name(eid: str) -> str:
    found = museum_words.EVIDENCE_NAMES.get(eid)
    return str(found) if found is not None else eid


def abilities_html(state: State) -> str:
    """The Abilities column: each evidence, collected or not, its die-icons, what it gives."""
    rows = []
    icons_word = html.escape(_("die-icons"))
    for e in state.museum.evidence:
        collected = e.id in state.collected
        unlocked = e.id in state.unlocked
        icons = list(state.icons(e.id)) + [None] * (2 - len(state.icons(e.id)))
        boxes = "".join(f"<span class='lnb-icon'>{'' if v is None else v}</span>" for v in icons)
        where = (_("unlocked") if unlocked else _("collected") if collected
                 else _("not collected yet"))
        rows.append(
            f"<tr class='{'lnb-ev-collected' if collected else ''}'>"
            f"<td><span class='lnb-ev-mark' aria-hidden='true'>"
            f"{html.escape(str(GLYPHS.get(e.id, '')))}</span></td>"
            f"<td><b>{html.escape(e.name)}</b><br>{html.escape(where)}</td>"
            f"<td aria-label='{icons_word}'>{boxes}</td>"
            f"<td>{html.escape(e.ability.describe())}</td></tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in
                   ("", _("Evidence"), _("Die-icons"), _("Ability: two dice that...")))
    title = html.escape(_("Abilities"))
    return (f"<div class='lnb-museum-section'>{title}</div>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def score_parts_words(score: Any) -> str:
    """The parts of the score, each in points: "evidence 6 points · rooms 9 points · ..."."""
    return " · ".join((
        ngettext("evidence {count} point", "evidence {count} points",
                 score.evidence_points).format(count=score.evidence_points),
        ngettext("rooms {count} point", "rooms {count} points",
                 score.room_points).format(count=score.room_points),
        ngettext("bonuses {count} point", "bonuses {count} points",
                 score.bonus_points).format(count=score.bonus_points)))


def par_words(par_points: int, state: State) -> str:
    """A finished daily game against par: "Par 80 points, you 49 points: 31 points under
    par." (par is the planner's score of the day)."""
    score = state.score().total
    if score > par_points:
        more = ngettext("You beat par by {count} point!", "You beat par by {count} points!",
                        score - par_points)
    elif score == par_points:
        more = _("You matched par!")
    else:
        more = ngettext("{count} point under par.", "{count} points under par.",
                        par_points - score)
    return _("Today's challenge: par {par} points, you {score} points. {comparison}").format(
        par=par_points, score=score, comparison=more.format(count=abs(score - par_points)))


def map_key_html(state: State) -> str:
    """The key of the map's evidence marks (Cr: crowbar...), beside the map."""
    items = "".join(
        f"<span class='lnb-key-item'><span class='lnb-ev-mark'>"
        f"{html.escape(str(GLYPHS.get(e.id, e.id[:2])))}</span>{html.escape(e.name)}</span> "
        for e in state.museum.evidence)
    title = html.escape(_("Key to the map:"))
    return f"<b>{title}</b> {items}"


def verdict_html(state: State, against: str = "") -> str:
    """The end: the verdict, ``against`` (HTML: a daily game's par and score) and what
    earned each point."""
    score = state.score()
    v = verdict(score.total)
    museum = state.museum
    band = (_("{low}–{high} points").format(low=v.low, high=v.high) if v.high is not None
            else _("{low} points or more").format(low=v.low))
    lines = []
    for eid in score.evidence:
        lines.append((_("Evidence: the {evidence}").format(evidence=_evidence_name(eid)),
                      score.per_evidence))
    for rid, points in score.rooms:
        lines.append((_("Room filled: {room}").format(room=museum.rooms[rid].name), points))
    for eid, points in score.bonuses:
        lines.append((_("Bonus of the {evidence}").format(evidence=_evidence_name(eid)),
                      points))
    if not lines:
        lines.append((_("Nothing scored this time"), 0))
    body = "".join(f"<tr><td>{html.escape(t)}</td><td>{p}</td></tr>" for t, p in lines)
    points = ngettext("{count} point", "{count} points", score.total).format(count=score.total)
    title = html.escape(_("The verdict: {title}").format(title=v.title))
    total = html.escape(_("Total"))
    return (f"<h3>{title}</h3>"
            f"<p>{html.escape(v.text)}</p>"
            f"<p class='lnb-score-line'>{html.escape(points)}"
            f" ({html.escape(band)})</p>{against}"
            f"<table><tbody>{body}<tr><td><b>{total}</b></td>"
            f"<td><b>{score.total}</b></td></tr></tbody></table>")
