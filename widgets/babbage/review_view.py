"""The Review panel of Lovelace & Babbage's game app (:mod:`widgets.core.review_view`, in this
game's words): once a game is over (played here, or a finished game loaded), each person's
three programs that cost the most points against the planner's from the same position, and
*Try it again*, which opens a new game at the start of that Round's programs (the same board,
Patrons and Subroutines; the game just played and its record are not changed).

>>> from lnb.babbage.bots import make_bot
>>> from lnb.babbage.game import Game
>>> from lnb.babbage.simulate import play_game
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=3)
>>> state = play_game({"Ada": make_bot("beginner", 1), "Bea": make_bot("planner", 1)}, game)
>>> tried = []
>>> panel = ReviewPanel(lambda branch, moment: tried.append((branch.round, moment.who)),
...                     people=lambda: ["Ada"])
>>> panel.follow(state)
>>> panel.review_button.click()
>>> len(panel.tries) > 0, {m.who for m in panel.shown()}
(True, {'Ada'})
>>> panel.tries[0].click()
>>> tried[0][0] == panel.shown()[0].where["round"], tried[0][1]
(True, 'Ada')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lnb.babbage.game import State
from lnb.babbage.records import write
from lnb.core.i18n import _
from lnb.core.review import Moment, Review
from widgets.core import review_view

#: Lovelace & Babbage's words on the panel.
WORDS = review_view.ReviewWords(
    heading=lambda: _("Review: the programs that cost most points"),
    button=lambda: _("Review the game"),
    button_tip=lambda: _("The computer planner looks for a better program from the same "
                         "position, with the same Patrons and Subroutines (a second or two)"),
    try_it=lambda: _("Try it again"),
    try_tip=lambda: _("Play this Round again from the start of its programs: the same board, "
                      "Patrons and Subroutines"),
    nothing=lambda: _("No program cost points against the planner's: well played!"),
)


def branch(result: Review, moment: Moment) -> State:
    """The what-if game of *Try it again*: the start of the programs of the moment's Round
    (:meth:`lnb.babbage.review.BabbageReviewer.try_again`)."""
    return result.reviewer.try_again(moment)  # type: ignore[attr-defined]


class ReviewPanel(review_view.ReviewPanel):
    """The shared panel with this game's record, words and branch; ``people()`` names the
    seats played by people (their moments are shown; None: everyone's)."""

    def __init__(self, on_try: Callable[[State, Moment], None],
                 guard: Callable[[Callable[[], None]], Callable[[], None]] | None = None,
                 people: Callable[[], Sequence[str] | None] | None = None) -> None:
        super().__init__("babbage", write, WORDS, on_try, guard, branch=branch,
                         people=people)


def try_again_words(moment: Moment) -> Any:
    """What the status line says when a branch opens (in the language of the moment)."""
    return lambda: _("Round {round} again, from the start of its programs: the same board, "
                     "Patrons and Subroutines as before.").format(round=moment.where["round"])
