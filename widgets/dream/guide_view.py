"""The guided first game in Ada's Dream's app (issue 31, item 2): a small panel under the
question that explains each new kind of decision the first time it comes, in the rule's words,
and suggests a move (the greedy computer player's, with its reason) that a "Do this" button
plays; the pupil may ignore it and press any other button. "?" buttons open the Help entries
(Publish, Research, Innovation, advanced actions, scoring tokens) where those appear, over the
table (the decision is not pushed down) until pressed again or the next decision; the
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
>>> [b.lnb_action == app.guide_view.advice.move for b in app.guide_view.marked]  # its die
[True]
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
from lnb.dream.actions import Action, Place, TakePartner, TakeProgram
from lnb.dream.guide import GUIDED_SEED, TOPICS, Advice, Guide, lesson

if TYPE_CHECKING:  # pragma: no cover
    from widgets.dream.app import DreamApp

#: The guide's look: a light box under the question, its lessons small.
CSS = """
.lnb-guide { border: 2px solid #2e7d32; border-radius: 8px; padding: 1px 8px; margin: 2px 0;
             background: #f1f8e9; font-size: 14px; position: relative; overflow: visible; }
.lnb-guide .lnb-guide-lesson { line-height: 1.25; margin: 1px 0; }
.lnb-dream-app .lnb-guide .widget-html-content { line-height: 1.3; }
.lnb-guide .lnb-guide-row { align-items: center; column-gap: 6px; row-gap: 2px; }
.lnb-guide .lnb-guide-move { line-height: 1.25; flex: 1 1 200px; min-width: 0; }
.lnb-dream-app .lnb-guide button { min-height: 34px; font-size: 15px; padding: 0 8px; }
.lnb-dream-app .lnb-guide button.lnb-guide-topic { font-size: 14px; padding: 0 6px; }
.lnb-dream-app .lnb-guide button.lnb-guide-do { font-weight: bold; }
.lnb-guide .lnb-guide-topic-text { position: absolute; z-index: 20; right: 8px;
  top: 100%; max-width: min(520px, 90vw); padding: 6px 10px; line-height: 1.3;
  background: #ffffff; border: 2px solid #2e7d32; border-radius: 8px;
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.25); }
.lnb-dream-app button.lnb-guide-suggested { outline: 3px dashed #2e7d32; outline-offset: 2px; }
/* a Help entry opens over the table: the boxes holding it let it out */
.lnb-dream-app.lnb-guided .lnb-dream-top, .lnb-dream-app .lnb-guide { overflow: visible; }
.lnb-high-contrast .lnb-guide { background: #ffffff; color: #000000; border: 3px solid #000000; }
"""


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def lessons_html(advice: Advice, position: int) -> str:
    """The first lesson of a decision (the first of its kinds met for the first time), marked
    with its kind and the decision it was shown at (``data-at``: how many moves were played);
    the others are "?" buttons."""
    return "".join(
        f"<div class='lnb-guide-lesson lnb-guide-kind-{esc(lesson.kind.replace(':', '-'))}' "
        f"data-kind='{esc(lesson.kind)}' data-at='{position}'><b>{esc(lesson.title)}.</b> "
        f"{esc(lesson.words)}</div>" for lesson in advice.new[:1])


def topics_html() -> str:
    """Every Help entry (Publish, Research, Innovation, advanced actions, scoring tokens), for
    the *Help* panel.

    >>> "<dt>Publish</dt>" in topics_html()
    True
    """
    items = "".join(f"<dt>{esc(lesson(t).title)}</dt><dd>{esc(lesson(t).words)}</dd>"
                    for t in TOPICS)
    return f"<dl class='lnb-guide-topics'>{items}</dl>"


def first_click(move: Action) -> tuple[str, object] | None:
    """The first click of a two-click move (a Store die, a Program, a Partner), as the
    board's buttons name it (their ``lnb_value``); None for a one-click move.

    >>> first_click(Place("You", 2, "B3"))
    ('slot', 2)
    """
    if isinstance(move, Place):
        return ("slot", move.slot)
    if isinstance(move, TakeProgram):
        return ("program", move.program)
    if isinstance(move, TakePartner):
        return ("partner", move.partner)
    return None


def _buttons(widget: w.Widget) -> list[w.Button]:
    if isinstance(widget, w.Button):
        return [widget]
    found: list[w.Button] = []
    for child in getattr(widget, "children", ()):
        found += _buttons(child)
    return found


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
        self.start_button.on_click(app.handled(lambda _b: self.start()))
        self.css = w.HTML(f"<style>{CSS}</style>")
        self.lessons = w.HTML()
        self.move = w.HTML()
        self.move.add_class("lnb-guide-move")
        self.do_button = w.Button(button_style="success")
        self.do_button.add_class("lnb-guide-do")
        self.do_button.on_click(app.handled(lambda _b: self.do()))
        #: A "?" button per kind, made when first needed: the Help entries (:data:`TOPICS`)
        #: and the lessons after a decision's first (:meth:`help_button`).
        self.topic_buttons: dict[str, w.Button] = {}
        for topic in TOPICS:
            self.help_button(topic)
        self.topic: str | None = None  # the Help entry open now
        self._at = -1  # the decision the guide was drawn for (how many moves were played)
        self.topic_text = w.HTML()
        self.topic_text.add_class("lnb-guide-topic-text")
        self.row = w.HBox()
        self.row.add_class("lnb-guide-row")
        #: The buttons of the play view marked as the suggested move's (dashed green).
        self.marked: list[w.Button] = []
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
        with self.app.redraws.block():  # one redraw: the page never sees the game unguided
            self.app.new_game([_("You"), computer], {computer: "greedy"}, GUIDED_SEED)
            self.guide = Guide()
            self.topic = None
            self.app.add_class("lnb-guided")
            self.app.refresh()
            self.app.status.ok(_("A guided first game: each new decision is explained the "
                                 "first time it comes, with a suggested move. You may choose "
                                 "another."))

    def stop(self) -> None:
        """No guide (another game was started or loaded)."""
        self.guide = self.advice = None
        self.layout.display = "none"
        self.app.remove_class("lnb-guided")

    def do(self) -> None:
        """Play the suggested move."""
        if self.advice is None or self.advice.move is None:
            self.app.status.error(_("There is no suggested move now."))
            return
        self.app.act(self.advice.move)

    def toggle(self, topic: str) -> None:
        """Open the Help entry ``topic`` (or close it, if it is open)."""
        self.topic = None if self.topic == topic else topic
        self.app.refresh()

    # ------------------------------------------------------------------ words
    def help_button(self, kind: str) -> w.Button:
        """The "?" button that opens the explanation of ``kind`` over the table."""
        if kind not in self.topic_buttons:
            button = self.topic_buttons[kind] = w.Button()
            button.add_class("lnb-guide-topic")
            button.on_click(self.app.handled(lambda _b: self.toggle(kind)))
            self._label_help(kind)
        return self.topic_buttons[kind]

    def _label_help(self, kind: str) -> None:
        button, title = self.topic_buttons[kind], lesson(kind).title
        button.description = f"? {title}"
        button.tooltip = _("What is {topic}?").format(topic=title)

    def relabel(self) -> None:
        """The buttons' words in the current language."""
        self.start_button.description = _("Guided first game")
        self.start_button.tooltip = _("A first game against the computer that explains each "
                                      "new decision and suggests a move")
        self.do_button.description = _("Do this")
        self.do_button.tooltip = _("Play the suggested move (or press any other button)")
        for kind in self.topic_buttons:
            self._label_help(kind)

    def refresh(self) -> None:
        """Draw the guide for the decision of the moment (the app calls it on every redraw)."""
        if self.guide is None:
            self.layout.display = "none"
            self._mark(None)
            return
        self.relabel()
        state, person = self.app.state, self.app.person
        self.advice = advice = self.guide.advise(state, person)
        self.layout.display = None
        if advice is None:
            self.lessons.value = ""
            self.lessons.layout.display = "none"
            over = _("The guided game is over: the final scoring is below. Well played!")
            self.move.value = esc(over) if state.is_terminal() else ""
            self.row.children = [self.move]
            self.topic = None
            self._draw_topic()
            self._mark(None)
            return
        # one lesson in full; a decision's other new kinds (a Study decision: Programs and
        # Assignments) are a "?" away, so the decision stays in view
        self.lessons.value = lessons_html(advice, len(state.history))
        self.lessons.layout.display = None if advice.new else "none"
        helps = [k.kind for k in advice.new[1:]]
        helps += [t for t in advice.topics if t not in helps]
        why = f" ({esc(advice.reason)})" if advice.reason is not None else ""
        suggested = _("Suggested move:")
        self.move.value = f"<b>{esc(suggested)}</b> {esc(advice.move_text)}{why}"
        if self.topic not in helps or self._at != len(state.history):
            self.topic = None  # a Help entry closes at the next decision
        self._at = len(state.history)
        self.row.children = [self.move, self.do_button, *(self.help_button(k) for k in helps)]
        self._draw_topic()
        self._mark(advice)

    def _mark(self, advice: Advice | None) -> None:
        """Mark the play view's button that plays the suggested move (or its first click)."""
        for button in self.marked:
            button.remove_class("lnb-guide-suggested")
        self.marked = []
        if advice is None or advice.move is None:
            return
        first = first_click(advice.move)
        for button in _buttons(self.app.main):
            if getattr(button, "lnb_action", None) == advice.move or (
                    first is not None and getattr(button, "lnb_value", None) == first):
                button.add_class("lnb-guide-suggested")
                self.marked.append(button)

    def _draw_topic(self) -> None:
        """The Help entry open now, over the table (hidden when none is)."""
        self.topic_text.layout.display = "none" if self.topic is None else None
        self.topic_text.value = ("" if self.topic is None else
                                 f"<b>{esc(lesson(self.topic).title)}.</b> "
                                 f"{esc(lesson(self.topic).words)}")
