"""The 60-second timer of the Program phase, ticking in the browser.

A hidden :class:`ipywidgets.Play` counts the seconds in the page; ``jslink`` ties it to the
progress bar and the number shown, so the timer ticks with no round trip to the kernel even
while the kernel is busy. The kernel only reacts when the count reaches the end: it calls
``on_zero`` once. ``seconds=None`` is the untimed game for younger pupils.

>>> rang = []
>>> timer = Timer(60, on_zero=lambda: rang.append("time"))
>>> timer.start(); timer.running
True
>>> timer.play.value = 60   # what the browser does after a minute
>>> rang, timer.running
(['time'], False)
>>> Timer(None).label.value
'No time limit'
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from lnb.core.i18n import _, ngettext
from widgets.core.style import stylesheet

INTERVAL_MS = 1000


class Timer(w.HBox):
    """A countdown bar: ``start()``, ``stop()``, ``reset()``; ``on_zero`` fires once at the end."""

    def __init__(self, seconds: int | None = 60,
                 on_zero: Callable[[], None] | None = None, *, hosts_play: bool = True) -> None:
        """``hosts_play=False``: the caller shows :attr:`play` itself, somewhere always on the
        page. The browser ticks a Play only when its view is drawn before it starts (a view
        drawn later stays still), and only if it has one view (two views stop each other), so
        a timer shown only now and then leaves its Play to an always-shown hidden box."""
        self.seconds = seconds
        self.on_zero = on_zero
        self.running = False
        self._fired = False
        top = seconds or 1
        self.play = w.Play(value=0, min=0, max=top, step=1, interval=INTERVAL_MS,
                           show_repeat=False, layout=w.Layout(display="none"))
        self.play.add_class("lnb-timer-play")
        self.bar = w.IntProgress(value=0, min=0, max=top, layout=w.Layout(width="18em"))
        self.bar.add_class("lnb-timer-bar")
        self.count = w.IntText(value=0, disabled=True, layout=w.Layout(width="4.5em"))
        self.count.add_class("lnb-timer-count")
        self.label = w.HTML("")
        self.label.add_class("lnb-timer-label")
        self.heading = w.HTML("")
        self.heading.add_class("lnb-timer-heading")
        self.links = (w.jslink((self.play, "value"), (self.bar, "value")),
                      w.jslink((self.play, "value"), (self.count, "value")))
        self.play.observe(self._ticked, "value")
        super().__init__([stylesheet(), self.heading, self.bar, self.count, self.label,
                          *((self.play,) if hosts_play else ())])
        self.add_class("lnb-timer")
        self.add_class("lnb-widget")
        self.refresh()

    @property
    def timed(self) -> bool:
        """False for the untimed game."""
        return self.seconds is not None

    @property
    def remaining(self) -> int | None:
        """Seconds left as the kernel last heard (None when untimed)."""
        return None if self.seconds is None else self.seconds - self.play.value

    def start(self) -> None:
        """Start counting from zero (nothing happens in the untimed game)."""
        if not self.timed:
            return
        self._fired = False
        self.running = True
        with self.hold_sync():
            self.play.value = 0
            self.play.playing = True
        self.refresh()

    def stop(self) -> None:
        """Stop counting; ``on_zero`` will not fire."""
        self.running = False
        self.play.playing = False
        self.refresh()

    def reset(self, seconds: int | bool | None = False) -> None:
        """Back to zero, stopped; optionally with a new length (``None``: untimed)."""
        self.running = False
        self._fired = False
        if seconds is not False:
            self.seconds = seconds  # type: ignore[assignment]
        top = self.seconds or 1
        with self.hold_sync():
            self.play.playing = False
            self.play.value = 0
            self.play.max = self.bar.max = top
            self.bar.value = self.count.value = 0
        self.refresh()

    def expire(self) -> None:
        """End the count now, as if the time ran out."""
        if self.timed and self.running:
            self.play.value = self.play.max

    def relabel(self) -> None:
        """The timer's words in the current language."""
        self.refresh()

    def refresh(self) -> None:
        """Redraw the words beside the bar."""
        self.heading.value = "<b>{}</b>".format(_("Time"))
        if not self.timed:
            self.label.value = _("No time limit")
            shown = "none"
        else:
            shown = None
            seconds = self.seconds or 0
            if self.running:
                self.label.value = ngettext("of {seconds} second", "of {seconds} seconds",
                                            seconds).format(seconds=seconds)
            elif self._fired:
                self.label.value = _("Time is up!")
            else:
                self.label.value = ngettext(
                    "{seconds} second, starts when a player is done",
                    "{seconds} seconds, starts when a player is done",
                    seconds).format(seconds=seconds)
        for part in (self.bar, self.count):
            part.layout.display = shown

    def _ticked(self, change: dict) -> None:
        if not self.running or self._fired or change["new"] < self.play.max:
            return
        self._fired = True
        self.running = False
        self.play.playing = False
        self.refresh()
        if self.on_zero is not None:
            self.on_zero()
