"""The Review panel of Ada's Dream's app (:mod:`widgets.core.review_view`, in this game's
words): once the game is over, each person's three choices that cost the most against the
planner's from the same position (judged at the end of the turn, with the same dice and
cards: :mod:`lnb.dream.review`), and *Try it again*, which opens the game just before that
choice (a what-if branch: the game just played and its record are not changed). The
computer's seats are not reviewed.

>>> from widgets.dream.app import DreamApp
>>> app = DreamApp(["Ada", "Bea"], {"Bea": "greedy"}, seed=4)
>>> app.review.layout.display
'none'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lnb.core.i18n import _
from lnb.core.review import Moment
from lnb.dream.bots import make_bot
from lnb.dream.records import write
from lnb.dream.state import State
from widgets.core import review_view

#: Ada's Dream's words on the panel.
WORDS = review_view.ReviewWords(
    heading=lambda: _("Review: the choices that cost you most"),
    button=lambda: _("Review the game"),
    button_tip=lambda: _("The computer planner looks at each of your choices with the same "
                         "dice and cards (a second or two)"),
    try_it=lambda: _("Try it again"),
    try_tip=lambda: _("Play on from just before this choice, with the same dice and cards"),
    nothing=lambda: _("No choice cost you points against the planner's: well played!"),
)


class ReviewPanel(review_view.ReviewPanel):
    """The shared panel with this game's words; ``record(state)`` is the game's record with
    who the computer plays (their seats are not reviewed)."""

    def __init__(self, record: Callable[[State], Any], on_try: Callable[[State, Moment], None],
                 guard: Callable[[Callable[[], None]], Callable[[], None]] | None = None
                 ) -> None:
        super().__init__("dream", record, WORDS, on_try, guard)


def attach(app: Any) -> ReviewPanel:
    """Put a Review panel under the Dream app's final scoring and keep it following the game
    (the app's one hook line)."""
    panel = ReviewPanel(lambda state: write(state, app.kinds),
                        lambda branch, moment: try_again(app, branch, moment),
                        guard=app.handled)
    children = list(app.children)
    children.insert(children.index(app.score) + 1, panel)
    app.children = tuple(children)
    refresh = app.refresh

    def refreshed() -> None:
        with app.redraws.block():  # the panel's changes before the app's redraw count
            refresh()
            panel.follow(app.state)
            panel.relabel()

    app.refresh = refreshed
    panel.follow(app.state)
    return panel


def try_again(app: Any, branch: State, moment: Moment) -> None:
    """Open ``branch`` in the app, with the same computer players, and say where it is."""
    kinds = dict(app.kinds)
    bots = {name: make_bot(kind, branch.game.seed) for name, kind in kinds.items()}
    app._start(branch, kinds, bots)
    app.status.ok(_("Trying again from just before {who}'s choice, with the same dice and "
                    "cards as before.").format(who=moment.who))
