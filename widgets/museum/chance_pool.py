"""Roll the museum's die and pool the rolls: the class's on the served kit (a pupil who joined
with their card), the pupil's own otherwise (on the static site, kept in this browser).

:class:`RollPool` has the class panel (*Join my class*, :class:`ClassPanel`), buttons that
roll 1, 10 or 100 dice (:class:`lnb.museum.state.MuseumChance`, from a fresh seed), the last
rolls, and the pool's frequencies (:func:`~widgets.museum.chance_views.frequency_table`); the
exact chance is shown beside them only once every exercise of ``after`` is solved. A pupil
adds only their own rolls and reads only the pool's counts
(:mod:`classroom.roll_pool`), never whose they are.

>>> from classroom.progress import ProgressStore
>>> from classroom.identity import Classroom
>>> store = ProgressStore(":memory:")
>>> made = Classroom(store).new_class("7B", ["Ali", "Bo"])
>>> ali, bo = RollPool(store=store, seed=1), RollPool(store=store, seed=2)
>>> ali.identity.join_class(made.code, "Ali", made.cards[0].secret)
>>> bo.identity.join_class(made.code, "Bo", made.cards[1].secret)
>>> ali.roll(10); bo.roll(100)
>>> ali.tally.total, ali.tally.pooled_by, "Bo" in ali.table.value
(10, 'class', False)
>>> ali.refresh(); ali.tally.total
110
"""

from __future__ import annotations

import html
import secrets

import ipywidgets as w

from classroom.identity import Pupil
from classroom.roll_pool import Tally, roll_pool
from classroom.store import StoreAway
from lnb.core.i18n import _, ngettext
from lnb.museum.state import MuseumChance
from widgets.classroom.panel import ClassPanel, browser_key_script
from widgets.core.host import current as current_host
from widgets.core.relabel import Relabelled
from widgets.core.status import StatusLine
from widgets.lessons.answers import on_a_page, page_keeper
from widgets.museum.chance_views import CSS, DIE, frequency_table

#: The buttons: how many dice each rolls.
COUNTS = (1, 10, 100)
#: How many of the last rolls are shown one by one.
SHOWN = 20


class RollPool(w.VBox, Relabelled):
    """The roll-and-pool widget (see the module's text). ``store``: the progress store
    (default: the host's); ``seed``: the dice's (default: a fresh one); ``after``: the
    exercises to solve before the exact chance shows; ``panel``: the class panel that says
    who the pupil is (default: on a lesson page, the page's own, shown above its first
    exercise by :mod:`widgets.lessons.answers`; elsewhere one of its own)."""

    def __init__(self, *, store: object | None = None, seed: int | None = None,
                 after: tuple[w.Widget, ...] | list[w.Widget] = (),
                 panel: ClassPanel | None = None) -> None:
        host = current_host()
        if panel is None and store is None and on_a_page():
            keeper = page_keeper()
            panel, store = keeper.panel, keeper.store
        self.store = store if store is not None else host.progress_store()
        self.pool = roll_pool(self.store)
        self.chance = MuseumChance(secrets.randbelow(10**9) if seed is None else seed)
        self.rolled = 0
        self.last: tuple[int, ...] = ()
        self.waiting: list[int] = []  # rolled before the pupil is known
        self.tally = Tally()
        self.after = list(after)
        self.status = StatusLine()
        self.own_panel = panel is None
        if panel is None:
            panel = ClassPanel(host.classroom(self.store), self.status,
                               on_pupil=self._pupil_changed)
        else:  # the page's: it tells its owner, then this pool
            told = panel.on_pupil

            def both(pupil: Pupil | None, source: str) -> None:
                told(pupil, source)
                with self.status.guard():
                    self._pupil_changed(pupil, source)

            panel.on_pupil = both
        self.identity = panel
        self.buttons = [self.status.button(f"lnb-roll-{n}", lambda n=n: self.roll(n),
                                           width="auto") for n in COUNTS]
        self.again = self.status.button("lnb-pool-again", self.refresh, width="auto")
        self.whose = w.HTML()
        self.whose.add_class("lnb-pool-whose")
        self.rolls_line = w.HTML()
        self.rolls_line.add_class("lnb-rolls-line")
        self.table = w.HTML()
        self.table.add_class("lnb-pool-table")
        mine = [self.identity] if self.own_panel else []
        row = w.HBox([*self.buttons, self.again], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([*mine, row, self.rolls_line, self.whose, self.table, self.status])
        self.add_class("lnb-roll-pool")
        self.add_class("lnb-widget")
        for exercise in self.after:
            exercise.observe(lambda _change: self._draw(), "_dom_classes")
        self.labelled()

    # -- words and drawing ------------------------------------------------------------------
    def _label(self) -> None:
        for n, button in zip(COUNTS, self.buttons, strict=True):
            button.description = ngettext("Roll {count} die", "Roll {count} dice", n).format(
                count=n)
        self.again.description = _("Count again")
        self.again.tooltip = _("Read the pool again: your classmates' newest rolls too")
        if self.own_panel:
            self.identity.relabel()

    @property
    def exact_shown(self) -> bool:
        """Whether every exercise of ``after`` is solved (the exact chance is shown)."""
        return all(getattr(ex, "solved", False) or "lnb-solved" in ex._dom_classes
                   for ex in self.after)

    def refresh(self) -> None:
        """Read the pool again (others of the class may have rolled) and draw it."""
        pupil = self.identity.pupil
        if pupil is not None:
            try:
                self.tally = self.pool.pooled(pupil)
            except StoreAway as away:
                self.status.error(away)
        self._draw()

    def _draw(self) -> None:
        pupil, tally = self.identity.pupil, self.tally
        if pupil is None:
            words = _("Your rolls are pooled once this page knows who you are.")
        elif tally.pooled_by == "class":
            words = ngettext("Your class's rolls, pooled: {total} roll so far. Everyone adds "
                             "their own; nobody sees whose.",
                             "Your class's rolls, pooled: {total} rolls so far. Everyone adds "
                             "their own; nobody sees whose.", tally.total).format(
                total=tally.total)
        elif current_host().static:
            words = ngettext("Your own rolls, kept in this browser: {total} roll so far.",
                             "Your own rolls, kept in this browser: {total} rolls so far.",
                             tally.total).format(total=tally.total)
        else:
            words = ngettext("Your own rolls: {total} roll so far. Join your class to pool "
                             "your rolls with theirs.",
                             "Your own rolls: {total} rolls so far. Join your class to pool "
                             "your rolls with theirs.", tally.total).format(total=tally.total)
        self.whose.value = f"<p>{html.escape(words)}</p>"
        if self.last:
            shown = " ".join(f"<span title='{f}'>{DIE[f]}</span>" for f in self.last[-SHOWN:])
            more = len(self.last) - SHOWN
            said = _("You rolled:") if more <= 0 else ngettext(
                "You rolled ({more} more before these):", "You rolled ({more} more before "
                "these):", more).format(more=more)
            self.rolls_line.value = (f"<p>{html.escape(said)} <span class='lnb-dice-rolled' "
                                     f"style='font-size:26px'>{shown}</span></p>")
        else:
            self.rolls_line.value = ""
        self.table.value = f"<style>{CSS}</style><div class='lnb-chance-view'>" + \
            frequency_table(tally, exact=self.exact_shown) + "</div>"

    # -- rolling ----------------------------------------------------------------------------
    def roll(self, count: int = 1) -> None:
        """Roll ``count`` dice and add them to the pool (once the pupil is known)."""
        faces = self.chance.roll(f"roll {self.rolled + 1}", count)
        self.rolled += 1
        self.last = faces
        self.waiting.extend(faces)
        self._add()
        self._draw()

    def _add(self) -> None:
        pupil = self.identity.pupil
        if pupil is None or not self.waiting:
            return
        faces, self.waiting = self.waiting, []
        try:
            self.tally = self.pool.add(pupil, faces)
        except StoreAway as away:  # kept by the store, written when it is back
            self.status.error(away)
            self.tally = Tally(tuple(c + faces.count(f) for f, c in
                                     zip(range(1, 7), self.tally.counts, strict=True)),
                               self.tally.pooled_by)

    def _pupil_changed(self, _pupil: Pupil | None, _source: str) -> None:
        self._add()
        self.refresh()

    def show(self) -> None:
        """Display the widget (with its own panel: and the script that tells it who the
        browser is; the page's panel has its own)."""
        from IPython.display import HTML, display

        if self.own_panel:
            display(self, HTML(browser_key_script()))
        else:
            display(self)


__all__ = ["COUNTS", "RollPool"]
