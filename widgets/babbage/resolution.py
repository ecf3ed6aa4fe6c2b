"""The resolution view: the Round's rows revealed one at a time, in token order.

It draws the ``RowEvent`` list the game State records (arithmetic and claims); it decides
nothing. *Step* shows one more row, *Play* steps by itself at the chosen speed (a hidden
``Play`` widget counts in the browser), *Pause* stops, *Show all* jumps to the end. Playing
stops where a player must choose and goes on once they have (:meth:`ResolutionView.carry_on`).

>>> from lnb.babbage.game.events import Claim, RowEvent
>>> events = [RowEvent(1, "Ada", 1, "A3+", 55, 60, "55 + 5 = 60",
...                    (Claim("patron", patron=60, took="Art", place=1),)),
...           RowEvent(1, "Bea", 1, "B3-", 55, 45, "55 − 10 = 45")]
>>> view = ResolutionView(events, order=["Ada", "Bea"])
>>> view.shown
0
>>> view.step_button.click(); view.shown, view.now.value
(1, 'Ada, row 1: A3+ 55 + 5 = 60 → Patron 60: Art (1st)')
>>> view.all_button.click(); view.finished
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import ipywidgets as w

from lnb.babbage.numbers import two_digits
from lnb.core.i18n import _, lazy_pgettext, pgettext
from widgets.core.relabel import register, relabel_part
from widgets.core.status import StatusLine
from widgets.core.style import stylesheet

if TYPE_CHECKING:  # pragma: no cover
    from lnb.babbage.game.events import RowEvent

#: The speeds of *Play*: milliseconds a row (the keys are the option values; names below).
SPEEDS = {"Slow": 2500, "Normal": 1200, "Fast": 500}
SPEED_NAMES = {"Slow": lazy_pgettext("speed", "Slow"), "Normal": lazy_pgettext("speed", "Normal"),
               "Fast": lazy_pgettext("speed", "Fast")}


def event_line(event: RowEvent) -> str:
    """One event in words: ``Ada, row 1: A3+ 55 + 5 = 60 → Patron 60: Art (1st)``."""
    fields = {"player": event.player, "row": event.row, "operation": event.operation,
              "text": event.text, "claims": pgettext("between the items of a list", "; ").join(
                  str(c.text()) for c in event.claims)}
    if event.void:
        return _("{player}, row {row}: {operation} {text} (void: it leaves 00–99, so it "
                 "claims nothing)").format(**fields)
    if event.written is not None and event.written != event.result:
        if event.claims:
            return _("{player}, row {row}: {operation} {text} (you wrote {written}) → "
                     "{claims}").format(**fields, written=two_digits(event.written))
        return _("{player}, row {row}: {operation} {text} (you wrote {written})").format(
            **fields, written=two_digits(event.written))
    if event.claims:
        return _("{player}, row {row}: {operation} {text} → {claims}").format(**fields)
    return _("{player}, row {row}: {operation} {text}").format(**fields)


class ResolutionView(w.VBox):
    """Rows of every player, revealed in token order, claims highlighted."""

    def __init__(self, events: Sequence[RowEvent] = (), order: Sequence[str] = (),
                 on_finished: Callable[[], None] | None = None,
                 advance: Callable[[], bool] | None = None) -> None:
        self.events: tuple[RowEvent, ...] = tuple(events)
        self.order: tuple[str, ...] = tuple(order)
        self.on_finished = on_finished
        self.advance = advance
        self.complete = advance is None
        self.shown = 0
        #: Play stopped at a choice and goes on after it (see :meth:`carry_on`).
        self.paused_for_choice = False
        self.status = StatusLine()
        self.play = w.Play(value=0, min=0, max=max(len(self.events), 1), step=1,
                           interval=SPEEDS["Normal"], show_repeat=False,
                           layout=w.Layout(display="none"))
        self.play.add_class("lnb-resolution-play")
        self.play.observe(self.status.guarded(self._played), "value")
        self.play.observe(self.status.guarded(lambda _: self.refresh()), "playing")
        self.step_button = self._button("lnb-step", self.step)
        self.play_button = self._button("lnb-play", self.start)
        self.pause_button = self._button("lnb-pause", self.pause)
        self.all_button = self._button("lnb-show-all", self.show_all)
        self.speed = w.ToggleButtons(options=[(str(SPEED_NAMES[k]), k) for k in SPEEDS],
                                     value="Normal")
        self.speed.add_class("lnb-speed")
        self.speed.observe(self.status.guarded(self._speed_changed), "value")
        self.progress = w.HTML("")
        self.progress.add_class("lnb-resolution-progress")
        self.table = w.HTML("")
        self.table.add_class("lnb-resolution-table")
        self.now = w.HTML("")
        self.now.add_class("lnb-resolution-now")
        controls = w.HBox([self.step_button, self.play_button, self.pause_button,
                           self.all_button, self.speed, self.play])
        super().__init__([stylesheet(), controls, self.progress, self.now, self.table,
                          self.status])
        self.add_class("lnb-resolution")
        self.add_class("lnb-widget")
        self._label()
        self.refresh()
        register(self)

    def _label(self) -> None:
        self.step_button.description = pgettext("resolve one row", "Step")
        self.step_button.tooltip = _("Show the next row")
        self.play_button.description = _("▶ Play")
        self.play_button.tooltip = _("Show rows one by one")
        self.pause_button.description = _("Pause")
        self.pause_button.tooltip = _("Stop here")
        self.all_button.description = _("Show all")
        self.all_button.tooltip = _("Show every row now")
        value = self.speed.value
        with self.speed.hold_sync():
            self.speed.options = [(str(SPEED_NAMES[k]), k) for k in SPEEDS]
            self.speed.value = value
        self.speed.tooltips = [_("{seconds} s a row").format(seconds=seconds)
                               for seconds in ("2.5", "1.2", "0.5")]

    def relabel(self) -> None:
        """Every word in the current language; the rows shown and the speed are kept."""
        with self.hold_sync():
            self._label()
            relabel_part(self.status)
            self.refresh()

    def _button(self, css: str, action: Callable[[], None]) -> w.Button:
        return self.status.button(css, action)

    @property
    def finished(self) -> bool:
        """True when every row is shown (and, when driving a game, the Round is over)."""
        return self.complete and self.shown >= len(self.events)

    # -- actions -----------------------------------------------------------------------------
    def load(self, events: Sequence[RowEvent], order: Sequence[str],
             complete: bool | None = None) -> None:
        """Show a new Round's events, none revealed yet."""
        self.events, self.order = tuple(events), tuple(order)
        self.complete = self.advance is None if complete is None else complete
        with self.hold_sync():
            self.play.playing = False
            self.play.max = max(len(self.events), 1) if self.advance is None else 10_000
            self.play.value = 0
        self.shown = 0
        self.paused_for_choice = False
        self.refresh()

    def extend(self, events: Sequence[RowEvent], complete: bool = False) -> None:
        """More events of the same Round (the game resolved more rows)."""
        self.events = tuple(events)
        self.complete = complete

    def step(self) -> bool:
        """Show one more row (asking the game to resolve it when needed); False when none."""
        if self.shown < len(self.events):
            self._show(self.shown + 1)
            return True
        if self.advance is not None and not self.complete and self.advance() \
                and self.shown < len(self.events):
            self._show(self.shown + 1)
            return True
        if self.play.playing:
            self.play.playing = False
            # a player must choose now: Play goes on after the choice
            self.paused_for_choice = not self.complete
        self.refresh()
        return False

    def carry_on(self) -> None:
        """The choice Play stopped at is made: Play goes on (if it was not paused)."""
        if self.paused_for_choice:
            self.paused_for_choice = False
            self.start()

    def start(self) -> None:
        """Step by itself (in the browser) at the chosen speed."""
        if self.finished:
            return
        self.play.value = self.shown
        self.play.playing = True
        self.refresh()

    def pause(self) -> None:
        """Stop stepping by itself (also after the choice it waits for)."""
        self.paused_for_choice = False
        self.play.playing = False
        self.refresh()

    def show_all(self) -> None:
        """Show every row now (stopping where a player must choose)."""
        self.paused_for_choice = False
        self.play.playing = False
        while self.step():
            pass

    def _show(self, count: int) -> None:
        was_finished = self.finished
        self.shown = max(0, min(count, len(self.events)))
        if self.play.value != self.shown and self.shown <= self.play.max:
            self.play.value = self.shown
        self.refresh()
        if self.finished and self.play.playing:
            self.play.playing = False
        if self.finished and not was_finished and self.on_finished is not None:
            self.on_finished()

    def _played(self, change: dict) -> None:
        if change["new"] > self.shown and self.play.playing:
            self.step()

    def _speed_changed(self, change: dict) -> None:
        self.play.interval = SPEEDS[change["new"]]

    # -- drawing -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the events and the number shown."""
        with self.hold_sync():
            done = self.finished
            if done:
                self.paused_for_choice = False
            playing = (bool(self.play.playing) or self.paused_for_choice) and not done
            self.step_button.disabled = self.all_button.disabled = done
            self.speed.disabled = done
            self.play_button.disabled = done or playing
            self.pause_button.disabled = not playing
            total = len(self.events)
            if not self.complete:
                progress = _("Rows resolved: {shown}").format(shown=self.shown)
            elif done and total:
                progress = _("Rows resolved: {shown} of {total} · Round resolved!").format(
                    shown=self.shown, total=total)
            else:
                progress = _("Rows resolved: {shown} of {total}").format(shown=self.shown,
                                                                          total=total)
            if self.paused_for_choice:
                progress = _("{progress} · Play goes on after the choice").format(
                    progress=progress)
            self.progress.value = html.escape(progress)
            if self.shown:
                self.now.value = html.escape(event_line(self.events[self.shown - 1]))
            else:
                waiting = total or not self.complete
                self.now.value = html.escape(_("Press Step or Play to resolve the rows.")
                                             if waiting else _("No rows to resolve."))
            self.table.value = self._table()

    def _table(self) -> str:
        players = list(self.order) or list(dict.fromkeys(e.player for e in self.events))
        starts = {}
        for e in self.events:
            starts.setdefault(e.player, e.before)
        depth = max([e.row for e in self.events] + [0])
        cells: dict[tuple[str, int], str] = {}
        for index, e in enumerate(self.events[: self.shown], start=1):
            css = ["lnb-cell"]
            if e.void:
                css.append("lnb-void")
            if e.claims:
                css.append("lnb-claim")
            if index == self.shown:
                css.append("lnb-row-current")
            claims = "".join(f"<br><small>{html.escape(str(c.text()))}</small>" for c in e.claims)
            cells[e.player, e.row] = (f"<td class='{' '.join(css)}'>{e.operation} "
                                      f"{html.escape(str(e.text))}{claims}</td>")
        head = "".join(f"<th>{i}. {html.escape(p)}</th>" for i, p in enumerate(players, 1))
        start = "".join(
            "<td class='lnb-start'>{}</td>".format(html.escape(
                _("Start {value}").format(value=two_digits(starts[p]))))
            if p in starts else "<td></td>" for p in players)
        body = [f"<tr>{start}</tr>"]
        for r in range(1, depth + 1):
            body.append("<tr>" + "".join(cells.get((p, r), "<td class='lnb-muted'>·</td>")
                                         for p in players) + "</tr>")
        return f"<table class='lnb-table'><tr>{head}</tr>{''.join(body)}</table>"
