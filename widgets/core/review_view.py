"""The Review panel every game's app shows after a game (:func:`lnb.core.review.review`): the
choices that cost each person most against the best the kit finds, each told in the pupil's
words with *Try it again*, which opens a what-if branch at that position (the game just
played and its record are not changed).

The panel asks the library for everything (the moments, their words, the branch); a game
gives only its words (:class:`ReviewWords`, each a callable so a language switch relabels
them) and how to make its record and its branch. It shows a *Review my game* button once the
game is over (a review takes up to a second or two, so it runs when asked), then the
moments, under each person's name when there are several.

>>> from lnb.museum.state import Game
>>> from lnb.museum.records import write
>>> state = Game(seed=3).new_initial_state()
>>> state.apply_action("place 4a r0 @C1")
>>> words = ReviewWords(*(lambda i=i: f"words {i}" for i in range(6)))
>>> tried = []
>>> panel = ReviewPanel("museum", write, words, lambda branch, m: tried.append(branch))
>>> panel.follow(state, finished=True)
>>> panel.review_button.click()
>>> len(panel.tries), panel.tries[0].description
(1, 'words 3')
>>> panel.tries[0].click()
>>> tried[0].history
[]
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from lnb.core.review import Moment, Review, review

CSS = """
.lnb-review { margin: 0.5em 0; }
.lnb-review-moment { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em;
  margin: 0.25em 0; }
.lnb-review-moment .widget-html { flex: 1 1 20em; min-width: 0; }
.lnb-review-moment .widget-html-content { white-space: normal; line-height: 1.4; }
.lnb-review-heading { font-weight: bold; margin-top: 6px; }
.lnb-review-person { font-weight: bold; margin-top: 0.4em; }
"""


@dataclass(frozen=True)
class ReviewWords:
    """A game's words on the panel, each a callable giving the current language's text."""

    heading: Callable[[], str]
    button: Callable[[], str]
    button_tip: Callable[[], str]
    try_it: Callable[[], str]
    try_tip: Callable[[], str]
    nothing: Callable[[], str]


class ReviewPanel(w.VBox):
    """The Review panel of ``game``: ``follow(state)`` after every change of the game;
    ``on_try(branch, moment)`` opens a branch. ``record(state)`` is what the review reads;
    ``branch(review, moment)`` the what-if state (the review's own by default); ``people()``
    the names whose moments are shown (default: every person the review has)."""

    def __init__(self, game: str, record: Callable[[Any], Any], words: ReviewWords,
                 on_try: Callable[[Any, Moment], None],
                 guard: Callable[[Callable[[], None]], Callable[[], None]] | None = None, *,
                 branch: Callable[[Review, Moment], Any] | None = None,
                 people: Callable[[], Sequence[str] | None] | None = None) -> None:
        self.game, self.record, self.words, self.on_try = game, record, words, on_try
        self._guard = guard or (lambda func: func)
        self._branch = branch or (lambda result, moment: result.branch(moment))
        self._people = people or (lambda: None)
        self.state: Any = None
        self.result: Review | None = None
        self.tries: list[w.Button] = []
        self.heading = w.HTML()
        self.heading.add_class("lnb-review-heading")
        self.review_button = w.Button()
        self.review_button.add_class("lnb-review-game")
        self.review_button.on_click(lambda _b: self._guard(self.run)())
        self.moments = w.VBox([])
        self.moments.add_class("lnb-review-moments")
        super().__init__([w.HTML(f"<style>{CSS}</style>"), self.heading, self.review_button,
                          self.moments], layout=w.Layout(display="none"))
        self.add_class("lnb-review")
        self.relabel()

    def follow(self, state: Any, finished: bool | None = None) -> None:
        """Show the panel for ``state`` (only once its game is over, unless ``finished``
        says otherwise); a new game hides the last review."""
        over = state is not None and (state.is_terminal() if finished is None else finished)
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
        self.result = review(self.game, self.record(self.state))
        self.review_button.layout.display = "none"
        self._draw()

    def relabel(self) -> None:
        """Every word in the current language."""
        self.heading.value = html.escape(self.words.heading())
        self.review_button.description = self.words.button()
        self.review_button.tooltip = self.words.button_tip()
        if self.result is not None:
            self._draw()

    def shown(self) -> list[Moment]:
        """The moments the panel lists, person by person."""
        result = self.result
        if result is None:
            return []
        people = self._people()
        return [m for m in result.every() if people is None or m.who in people]

    def _draw(self) -> None:
        result = self.result
        assert result is not None
        moments = self.shown()
        people = self._people()
        named = len(set(result.players if people is None else people)) > 1
        self.tries = []
        rows: list[Any] = []
        who = None
        for moment in moments:
            if named and moment.who != who:
                who = moment.who
                person = w.HTML(html.escape(who))
                person.add_class("lnb-review-person")
                rows.append(person)
            words = w.HTML(html.escape(str(moment.words)))
            button = w.Button(description=self.words.try_it(), tooltip=self.words.try_tip())
            button.add_class(f"lnb-review-try-{moment.index}")
            button.on_click(lambda _b, m=moment: self._guard(lambda: self._try(m))())
            self.tries.append(button)
            row = w.HBox([words, button])
            row.add_class("lnb-review-moment")
            rows.append(row)
        if not moments:
            rows.append(w.HTML(html.escape(self.words.nothing())))
        self.moments.children = tuple(rows)

    def _try(self, moment: Moment) -> None:
        assert self.result is not None
        self.on_try(self._branch(self.result, moment), moment)
