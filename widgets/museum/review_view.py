"""The Review panel of the museum app (:mod:`widgets.core.review_view`, in the museum's
words): after a game, the three choices that cost the most points against the planner's,
each with *Try it again*, which opens the game at that position (a what-if branch: the game
just played and its record are not changed).

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

from collections.abc import Callable
from typing import Any

from lnb.core.i18n import _
from lnb.core.review import Moment
from lnb.museum.records import write
from lnb.museum.state import State
from widgets.core import review_view

#: The museum's words on the panel.
WORDS = review_view.ReviewWords(
    heading=lambda: _("Review: the choices that cost you most"),
    button=lambda: _("Review my game"),
    button_tip=lambda: _("The computer planner looks at each of your choices with the same "
                         "dice (about a second)"),
    try_it=lambda: _("Try it again"),
    try_tip=lambda: _("Play on from just before this choice, with the same dice"),
    nothing=lambda: _("No choice cost you points against the planner's: well played!"),
)


class ReviewPanel(review_view.ReviewPanel):
    """The shared panel with the museum's record and words."""

    def __init__(self, on_try: Callable[[State, Moment], None],
                 guard: Callable[[Callable[[], None]], Callable[[], None]] | None = None
                 ) -> None:
        super().__init__("museum", write, WORDS, on_try, guard)
        self.heading.add_class("lnb-museum-section")


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
