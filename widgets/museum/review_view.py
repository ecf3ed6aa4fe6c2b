"""The Review panel of the museum app: after a game, the three choices that cost the most
points against the planner's (:func:`lnb.core.review.review`), each with *Try it again*,
which opens the game at that position (a what-if branch: the game just played and its record
are not changed).

The panel asks the library for everything: the moments, their words and the branch. It
shows a *Review my game* button once the game is over (the review takes about a second, so
it runs when asked), then the moments.

>>> from lnb.museum.state import Game
>>> state = Game(seed=3).new_initial_state()
>>> state.apply_action("place 4a r0 @C1")
>>> tried = []
>>> panel = ReviewPanel(on_try=lambda branch, moment: tried.append(len(branch.history)))
>>> panel.follow(state, finished=True)
>>> panel.review_button.click()
>>> len(panel.tries), panel.tries[0].description
(1, 'Try it again')
>>> panel.tries[0].click()
>>> tried
[0]
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from lnb.core.i18n import _
from lnb.core.review import Moment, Review, review
from lnb.museum.records import write
from lnb.museum.state import State

CSS = """
.lnb-review { margin: 0.5em 0; }
.lnb-review-moment { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em;
  margin: 0.25em 0; }
.lnb-review-moment .widget-html { flex: 1 1 20em; min-width: 0; }
.lnb-review-moment .widget-html-content { white-space: normal; line-height: 1.4; }
"""


class ReviewPanel(w.VBox):
    """The Review panel: ``follow(state)`` after every change of the game; ``on_try(branch,
    moment)`` opens a branch (a new State at the moment's position)."""

    def __init__(self, on_try: Callable[[State, Moment], None],
                 guard: Callable[[Callable[[], None]], Callable[[], None]] | None = None
                 ) -> None:
        self.on_try = on_try
        self._guard = guard or (lambda func: func)
        self.state: State | None = None
        self.result: Review | None = None
        self.tries: list[w.Button] = []
        self.heading = w.HTML()
        self.heading.add_class("lnb-museum-section")
        self.review_button = w.Button()
        self.review_button.add_class("lnb-review-game")
        self.review_button.on_click(lambda _b: self._guard(self.run)())
        self.moments = w.VBox([])
        self.moments.add_class("lnb-review-moments")
        super().__init__([w.HTML(f"<style>{CSS}</style>"), self.heading, self.review_button,
                          self.moments], layout=w.Layout(display="none"))
        self.add_class("lnb-review")
        self.relabel()

    def follow(self, state: State, finished: bool | None = None) -> None:
        """Show the panel for ``state`` (only once its game is over, unless ``finished``
        says otherwise); a new game hides the last review."""
        over = state.is_terminal() if finished is None else finished
        if state is not self.state:
            self.state, self.result = state, None
            self.tries = []
            self.moments.children = ()
        self.layout.display = None if over else "none"
        self.review_button.layout.display = None if self.result is None else "none"

    def run(self) -> None:
        """Review the game followed (its record, as a saved file would hold it)."""
        if self.state is None:
            return
        self.result = review("museum", write(self.state))
        self.review_button.layout.display = "none"
        self._draw()

    def relabel(self) -> None:
        """Every word in the current language."""
        self.heading.value = html.escape(_("Review: the choices that cost you most"))
        self.review_button.description = _("Review my game")
        self.review_button.tooltip = _("The computer planner looks at each of your choices "
                                       "with the same dice (about a second)")
        if self.result is not None:
            self._draw()

    def _draw(self) -> None:
        result = self.result
        assert result is not None
        moments = list(result.every())
        self.tries = []
        rows: list[Any] = []
        for moment in moments:
            words = w.HTML(html.escape(str(moment.words)))
            button = w.Button(description=_("Try it again"),
                              tooltip=_("Play on from just before this choice, with the "
                                        "same dice"))
            button.add_class(f"lnb-review-try-{moment.index}")
            button.on_click(lambda _b, m=moment: self._guard(lambda: self._try(m))())
            self.tries.append(button)
            row = w.HBox([words, button])
            row.add_class("lnb-review-moment")
            rows.append(row)
        if not moments:
            rows.append(w.HTML(html.escape(_("No choice cost you points against the "
                                             "planner's: well played!"))))
        self.moments.children = tuple(rows)

    def _try(self, moment: Moment) -> None:
        assert self.result is not None
        self.on_try(self.result.branch(moment), moment)


def attach(app: Any) -> ReviewPanel:
    """Put a Review panel under the museum app's verdict and keep it following the game (the
    app's one hook line). *Try it again* plays the branch as a game of its own: no daily
    challenge score is kept for it."""
    panel = ReviewPanel(on_try=lambda branch, moment: try_again(app, branch, moment),
                        guard=app.status.guarded)
    children = list(app.children)
    children.insert(children.index(app.verdict_box) + 1, panel)
    app.children = tuple(children)
    refresh = app.refresh

    def refreshed() -> None:
        refresh()
        panel.follow(app.state)
        panel.relabel()

    app.refresh = refreshed
    return panel


def try_again(app: Any, branch: State, moment: Moment) -> None:
    """Open ``branch`` in the app (as a loaded game is opened) and say where it is."""
    app.daily = None
    app._scored = None
    app._start(branch)
    app._say("ok", lambda: _("Trying again from turn {turn}, with the same dice as "
                             "before.").format(turn=branch.turn))
    app.refresh()
