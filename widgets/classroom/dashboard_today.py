"""Today's puzzles a teacher gave a class, on both sides: the dashboard's *Assign* box makes a
puzzle set (made by the game's ``"puzzles"`` hook, :mod:`classroom.puzzle_games`, or codes
the teacher has) and gives it to the class for today; a pupil's puzzle app shows *Your
teacher's puzzles for today* with a button for each (✓ once solved). Kept in schema 4's
``class_sets`` (:class:`classroom.dashboard_store.ClassWork`); a pupil sees only their own
class's.

>>> import datetime
>>> from classroom.identity import Classroom
>>> from classroom.progress import ProgressStore
>>> room = Classroom(ProgressStore(":memory:"), failure_delay=0)
>>> made = room.new_class("7B", ["Ali"])
>>> ali = room.join(made.code, "Ali", made.cards[0].secret).pupil
>>> day, work = datetime.date(2026, 12, 1), ClassWork(room.store)
>>> work.assign(room, made.code, made.teacher_key, ["P1-0J6Y-91VC-7"], day)
>>> opened = []
>>> today = TodaysPuzzles(work, on_open=opened.append)
>>> today.show_for(ali, day)
>>> [b.description for b in today.buttons]
['P1-0J6Y-91VC-7']
>>> today.buttons[0].click()
>>> opened
['P1-0J6Y-91VC-7']
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Callable
from functools import lru_cache

import ipywidgets as w

from classroom import puzzle_games
from classroom.dashboard_store import ClassWork
from classroom.identity import Classroom, Pupil
from classroom.progress import Progress
from classroom.puzzle_games import PuzzleSetMade
from lnb.core.i18n import _, ngettext
from widgets.core.relabel import Words, register
from widgets.core.shared import shared_model
from widgets.core.status import StatusLine

MOST = 20  # puzzles in one day's set


@lru_cache(maxsize=512)
def long_code(code: str) -> str:
    """The long code of a puzzle given by either code (progress is kept by the long one);
    a code the library cannot read is itself.

    >>> long_code("P1-0J6Y-91VC-7"), long_code("nonsense")
    ('P1-0J6Y-91VC-7', 'nonsense')
    """
    return puzzle_games.long_code(code)


def _hidden() -> w.Layout:
    """The one hidden layout every page's empty box shares (no model of its own)."""
    return shared_model("todays-puzzles-hidden", lambda: w.Layout(display="none"))


class TodaysPuzzles(w.VBox):
    """The pupil's side: their class's puzzles for today, a button each (hidden when the
    class has none). ``on_open(code)`` opens one in the puzzle app."""

    def __init__(self, work: ClassWork, *, on_open: Callable[[str], None],
                 status: StatusLine | None = None) -> None:
        self.work = work
        self.on_open = on_open
        self.status = status or StatusLine()
        self.codes: tuple[str, ...] = ()
        self.solved: frozenset[str] = frozenset()
        self.title: w.HTML | None = None  # made when a set is first shown (fewer models)
        self.buttons: list[w.Button] = []
        self.row: w.HBox | None = None
        super().__init__([], layout=_hidden())
        self.add_class("lnb-todays-puzzles")
        register(self)

    def show_for(self, pupil: Pupil | None, day: datetime.date,
                 progress: Progress | None = None) -> None:
        """Read the pupil's class's set for ``day`` and show it (nothing for a device)."""
        self.codes = self.work.todays_set(pupil, day)
        self.mark(progress)

    def mark(self, progress: Progress | None) -> None:
        """Show which of the set the pupil has solved (✓)."""
        self.solved = frozenset(p.puzzle for p in progress.solved) if progress else frozenset()
        if not self.codes:
            if self.layout is not _hidden():
                self.layout = _hidden()
            return
        if self.title is None or self.row is None:
            self.title, self.row = w.HTML(""), w.HBox([])
            self.children = (self.title, self.row)
        if [b.code for b in self.buttons] != list(self.codes):  # type: ignore[attr-defined]
            self.buttons = [self._button(code) for code in self.codes]
            self.row.children = tuple(self.buttons)
        if self.layout is _hidden():
            self.layout = w.Layout()
        self.relabel()

    def _button(self, code: str) -> w.Button:
        button = w.Button(layout=w.Layout(width="auto"))
        button.code = code  # type: ignore[attr-defined]
        button.add_class("lnb-todays-open")
        button.on_click(self.status.guarded(lambda _b: self.on_open(code)))
        return button

    def relabel(self) -> None:
        """The words in the current language (the set shown is kept)."""
        if self.title is None:
            return
        solved = sum(long_code(code) in self.solved for code in self.codes)
        title = _("Your teacher's puzzles for today")
        count = ngettext("{solved} of {count} solved", "{solved} of {count} solved",
                         len(self.codes)).format(solved=solved, count=len(self.codes))
        self.title.value = (f"<div class='lnb-todays-title'><b>{html.escape(title)}</b> "
                            f"<span class='lnb-muted'>{html.escape(count)}</span></div>")
        for button in self.buttons:
            code = button.code  # type: ignore[attr-defined]
            done = long_code(code) in self.solved
            button.description = f"✓ {code}" if done else code
            button.button_style = "success" if done else ""
            button.tooltip = (_("Solved: open it again") if done
                              else _("Open this puzzle"))


class AssignBox(w.VBox):
    """The dashboard's side: make a set (difficulty, how many, a seed) or type codes, and
    give it to the opened class for today; what the class has for today is listed.

    ``opened()`` gives ``(class code, teacher key)`` of the dashboard's class, or None.
    """

    def __init__(self, classroom: Classroom, work: ClassWork, *,
                 opened: Callable[[], tuple[str, str] | None],
                 today: Callable[[], datetime.date], status: StatusLine) -> None:
        self.classroom, self.work = classroom, work
        self.opened, self.today, self.status = opened, today, status
        self.words = Words(status)
        self.given: tuple[str, ...] = ()
        self.difficulty = w.Dropdown(options=list(puzzle_games.assigning().difficulties), value=2,
                                     layout=w.Layout(width="12em"))
        self.count = w.BoundedIntText(value=5, min=1, max=MOST, layout=w.Layout(width="10em"))
        self.seed = w.Text(layout=w.Layout(width="14em"))
        self.codes_box = w.Text(layout=w.Layout(width="30em"))
        self.codes_box.add_class("lnb-assign-codes")
        self.assign_button = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        self.assign_button.add_class("lnb-assign")
        self.assign_button.on_click(status.guarded(lambda _b: self.assign()))
        self.title = w.HTML("")
        self.shown = w.HTML("")
        self.shown.add_class("lnb-assigned")
        super().__init__([self.title, w.HBox([self.difficulty, self.count, self.seed]),
                          w.HBox([self.codes_box, self.assign_button]), self.shown])
        self.add_class("lnb-assign-box")
        self._label()

    def _label(self) -> None:
        self.title.value = "<h4>{}</h4>".format(html.escape(_("Puzzles for the class today")))
        self.difficulty.description = _("Difficulty")
        self.count.description = _("Puzzles")
        self.seed.description = _("Seed")
        self.seed.placeholder = _("any words")
        self.codes_box.placeholder = _("or type puzzle codes, separated by spaces")
        self.assign_button.description = _("Give the class these puzzles for today")

    def relabel(self) -> None:
        """The box's words in the current language (the set given is kept)."""
        self._label()
        self._show()

    def load(self) -> None:
        """Read what the opened class has for today."""
        opened = self.opened()
        self.given = () if opened is None else self.work.class_set(
            self.classroom, *opened, self.today())
        self._show()

    def make_set(self) -> PuzzleSetMade:
        """The set the boxes say: the codes typed, else one made from the difficulty, the
        count and the seed (a bad code raises the library's error)."""
        typed = self.codes_box.value.replace(",", " ").split()
        if typed:
            return puzzle_games.assigning().set_of_codes(typed[:MOST])
        return puzzle_games.assigning().make_set(int(self.count.value),
                                                 int(self.difficulty.value),
                                                 self.seed.value.strip() or None)

    def assign(self) -> None:
        """Give the opened class the set for today (a set given again replaces it)."""
        opened = self.opened()
        if opened is None:
            self.words.say("error", lambda: _("Open a class first."))
            return
        made = self.make_set()
        # the short codes (3K7QX) where there are: the ones pupils copy from the board
        self.work.assign(self.classroom, *opened, made.shown_codes, self.today())
        self.load()
        count = len(made.codes)
        self.words.say("ok", lambda: ngettext(
            "{count} puzzle given to the class for today.",
            "{count} puzzles given to the class for today.", count).format(count=count))

    def _show(self) -> None:
        if not self.given:
            self.shown.value = "<div class='lnb-muted'>{}</div>".format(html.escape(
                _("The class has no puzzles from you for today.")))
            return
        from widgets.classroom.dashboard_views import puzzle_html

        items = "".join(f"<li class='lnb-given'>{puzzle_html(c)}</li>" for c in self.given)
        said = _("Today the class has these puzzles (on their puzzle page):")
        self.shown.value = f"<div>{html.escape(said)}</div><ol>{items}</ol>"


__all__ = ["AssignBox", "TodaysPuzzles"]
