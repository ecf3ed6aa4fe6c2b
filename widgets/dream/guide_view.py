"""The guided first game in Ada's Dream's app (issue 31, item 2): a small panel under the
question that explains each new kind of decision the first time it comes, in the rule's words,
and suggests a move (the greedy computer player's, with its reason) that a "Do this" button
plays; the pupil may ignore it and press any other button. "?" buttons open the Help entries
(Publish, Research, Innovation, advanced actions, scoring tokens) where those appear; the
*Help* panel lists them all (:func:`topics_html`). Every word is :mod:`lnb.dream.guide`'s.

>>> from widgets.dream.app import DreamApp
>>> app = DreamApp(seed=3)
>>> app.guide_view.layout.display  # an ordinary game: no guide
'none'
>>> app.guide_view.start_button.click()  # "Guided first game"
>>> app.state.game.seed == GUIDED_SEED, app.guide_view.layout.display is None
(True, True)
>>> "lnb-guide-kind-workshop" in app.guide_view.lessons.value
True
>>> app.guide_view.do_button.click()  # the suggested move, played
>>> len(app.state.history) > 0 and "lnb-guide-kind-workshop" not in app.guide_view.lessons.value
True
>>> app.new_game(["Ada", "Bea"], {})  # another game: the guide goes
>>> app.guide_view.layout.display
'none'
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from lnb.core.i18n import _
from lnb.dream.guide import GUIDED_SEED, TOPICS, Advice, Guide, lesson

if TYPE_CHECKING:  # pragma: no cover
    from widgets.dream.app import DreamApp

#: The guide's look: a light box under the question, its lessons small.
CSS = """
.lnb-guide { border: 2px solid #2e7d32; border-radius: 8px; padding: 2px 8px; margin: 2px 0;
             background: #f1f8e9; font-size: 15px; }
.lnb-guide .lnb-guide-lesson { line-height: 1.3; margin: 1px 0; }
.lnb-guide .lnb-guide-row { align-items: center; column-gap: 6px; row-gap: 2px; }
.lnb-guide .lnb-guide-move { line-height: 1.3; flex: 1 1 320px; min-width: 0; }
.lnb-dream-app .lnb-guide button { min-height: 36px; font-size: 15px; }
.lnb-dream-app .lnb-guide button.lnb-guide-do { font-weight: bold; }
.lnb-guide .lnb-guide-topic-text { line-height: 1.3; }
.lnb-high-contrast .lnb-guide { background: #ffffff; color: #000000; border: 3px solid #000000; }
"""


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def lessons_html(advice: Advice, position: int) -> str:
    """The lessons of a decision (its kinds met for the first time), each marked with its
    kind and the decision it was shown at (``data-at``: how many moves were played)."""
    return "".join(
        f"<div class='lnb-guide-lesson lnb-guide-kind-{esc(lesson.kind.replace(':', '-'))}' "
        f"data-kind='{esc(lesson.kind)}' data-at='{position}'><b>{esc(lesson.title)}.</b> "
        f"{esc(lesson.words)}</div>" for lesson in advice.new)


def topics_html() -> str:
    """Every Help entry (Publish, Research, Innovation, advanced actions, scoring tokens), for
    the *Help* panel.

    >>> "<dt>Publish</dt>" in topics_html()
    True
    """
    items = "".join(f"<dt>{esc(lesson(t).title)}</dt><dd>{esc(lesson(t).words)}</dd>"
                    for t in TOPICS)
    return f"<dl class='lnb-guide-topics'>{items}</dl>"


class GuideView(w.VBox):
    """The guide of ``app``'s game while it is a guided first game (hidden otherwise), and
    the button that starts one (:attr:`start_button`, shown beside *New game…*)."""

    def __init__(self, app: DreamApp) -> None:
        super().__init__(layout=w.Layout(display="none"))
        self.app = app
        self.guide: Guide | None = None
        self.advice: Advice | None = None
        self.start_button = w.Button()
        self.start_button.add_class("lnb-guide-start")
        self.start_button.on_click(app.status.guarded(lambda _b: self.start()))
        self.css = w.HTML(f"<style>{CSS}</style>")
        self.lessons = w.HTML()
        self.move = w.HTML()
        self.move.add_class("lnb-guide-move")
        self.do_button = w.Button(button_style="success")
        self.do_button.add_class("lnb-guide-do")
        self.do_button.on_click(app.status.guarded(lambda _b: self.do()))
        self.topic_buttons = {t: w.Button() for t in TOPICS}
        for topic, button in self.topic_buttons.items():
            button.add_class("lnb-guide-topic")
            button.on_click(app.status.guarded(lambda _b, t=topic: self.toggle(t)))
        self.topic: str | None = None  # the Help entry open now
        self.topic_text = w.HTML()
        self.topic_text.add_class("lnb-guide-topic-text")
        self.row = w.HBox()
        self.row.add_class("lnb-guide-row")
        self.children = [self.css, self.lessons, self.row, self.topic_text]
        self.add_class("lnb-guide")
        self.relabel()

    # ------------------------------------------------------------------ the game
    @property
    def on(self) -> bool:
        """True while the game is a guided first game."""
        return self.guide is not None

    def start(self) -> None:
        """A guided first game: you against one greedy computer player, seed
        :data:`~lnb.dream.guide.GUIDED_SEED`."""
        computer = _("Computer")
        self.app.new_game([_("You"), computer], {computer: "greedy"}, GUIDED_SEED)
        self.guide = Guide()
        self.topic = None
        self.app.refresh()
        self.app.status.ok(_("A guided first game: each new decision is explained the first "
                             "time it comes, with a suggested move. You may choose another."))

    def stop(self) -> None:
        """No guide (another game was started or loaded)."""
        self.guide = self.advice = None
        self.layout.display = "none"

    def do(self) -> None:
        """Play the suggested move."""
        if self.advice is None or self.advice.move is None:
            self.app.status.error(_("There is no suggested move now."))
            return
        self.app.act(self.advice.move)

    def toggle(self, topic: str) -> None:
        """Open the Help entry ``topic`` (or close it, if it is open)."""
        self.topic = None if self.topic == topic else topic
        self.refresh()

    # ------------------------------------------------------------------ words
    def relabel(self) -> None:
        """The buttons' words in the current language."""
        self.start_button.description = _("Guided first game")
        self.start_button.tooltip = _("A first game against the computer that explains each "
                                      "new decision and suggests a move")
        self.do_button.description = _("Do this")
        self.do_button.tooltip = _("Play the suggested move (or press any other button)")
        for topic, button in self.topic_buttons.items():
            title = lesson(topic).title
            button.description = f"? {title}"
            button.tooltip = _("What is {topic}?").format(topic=title)

    def refresh(self) -> None:
        """Draw the guide for the decision of the moment (the app calls it on every redraw)."""
        if self.guide is None:
            self.layout.display = "none"
            return
        self.relabel()
        state, person = self.app.state, self.app.person
        self.advice = advice = self.guide.advise(state, person)
        self.layout.display = None
        if advice is None:
            self.lessons.value = ""
            over = _("The guided game is over: the final scoring is below. Well played!")
            self.move.value = esc(over) if state.is_terminal() else ""
            self.row.children = [self.move]
            self.topic_text.value = ""
            return
        self.lessons.value = lessons_html(advice, len(state.history))
        why = f" ({esc(advice.reason)})" if advice.reason is not None else ""
        self.move.value = (f"<b>{esc(_('Suggested move:'))}</b> {esc(advice.move_text)}"
                           f"{why}")
        if self.topic not in advice.topics:
            self.topic = None
        self.row.children = [self.move, self.do_button,
                             *(self.topic_buttons[t] for t in advice.topics)]
        self.topic_text.value = ("" if self.topic is None else
                                 f"<b>{esc(lesson(self.topic).title)}.</b> "
                                 f"{esc(lesson(self.topic).words)}")
