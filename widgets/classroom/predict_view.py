"""Pause and predict on the projector: a replay of any game's record that stops before each
thing the class can work out (:mod:`lnb.core.predict`), shows the question big, and reveals
the answer and what the game shows after it when the teacher says so.

The record comes as an upload (its text: never a path) or as the game just played
(:meth:`PredictView.load`). The keyboard works anywhere on the page: → the next moment,
space reveals (:class:`PredictKeys`, a small ``anywidget``); the buttons do the same.

>>> from lnb.museum.state import Game
>>> from lnb.museum.records import write
>>> state = Game(seed=3).new_initial_state()
>>> for action in ("place 5b r3 @M1", "place 4a r0 @J1", "place 6b r2f @K2"):
...     state.apply_action(action)
>>> view = PredictView()
>>> view.load(write(state))
>>> view.at, view.revealed, view.count.value
(0, False, 'Moment 1 of 3')
>>> view.reveal_button.click(); view.revealed, "0 points" in view.answer.value
(True, True)
>>> view.key("next"); view.at, view.revealed
(1, False)
>>> view.load_text("not json")  # refused: the replay on the screen is kept
>>> view.status.kind, view.at
('error', 1)
"""

from __future__ import annotations

import html
from typing import Any

import anywidget
import ipywidgets as w

from lnb.core.errors import LnbError, RecordError
from lnb.core.i18n import N_, lazy_gettext
from lnb.core.messages import Text
from lnb.core.predict import Moment, Predictions, predictions
from widgets.core.relabel import Relabelled, language_switch, relabel_all
from widgets.core.saveload import file_bytes, record_object, too_large
from widgets.core.status import StatusLine
from widgets.core.upload import FileButton

__all__ = ["PredictKeys", "PredictView"]

#: The keys the page sends, by the key pressed (anywhere but in a box one types in).
_ESM = """
function render({ model, el }) {
  const keys = { "ArrowRight": "next", " ": "reveal" };
  const typing = (t) => t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT", "BUTTON"]
                                .includes(t.tagName));
  const onKey = (event) => {
    const said = keys[event.key];
    if (!said || typing(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
    event.preventDefault();
    model.send({ key: said });
  };
  document.addEventListener("keydown", onKey);
  el.classList.add("lnb-predict-keys");
  return () => document.removeEventListener("keydown", onKey);
}
export default { render };
"""


class PredictKeys(anywidget.AnyWidget):
    """Sends ``next`` (→) and ``reveal`` (space) to :attr:`on_key` from anywhere on the page.

    >>> said = []
    >>> keys = PredictKeys()
    >>> keys.on_key = said.append
    >>> keys.receive({"key": "reveal"}); keys.receive({"key": "rm -rf"}); keys.receive(3)
    >>> said
    ['reveal']
    """

    _esm = _ESM

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_key: Any = None
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def receive(self, content: Any) -> None:
        """Pass on one key the page sent (anything else is ignored)."""
        key = content.get("key") if isinstance(content, dict) else None
        if key in ("next", "reveal") and self.on_key is not None:
            self.on_key(key)


TITLE = lazy_gettext("Pause and predict")
LOAD = lazy_gettext("Load a game")
REVEAL = lazy_gettext("Reveal (space)")
NEXT = lazy_gettext("Next (→)")
BACK = lazy_gettext("Back")
HINT = lazy_gettext("Load a game record (the .json file a game's Save gives): the replay stops "
                    "before each thing the class can work out.")
WHAT = {"number": lazy_gettext("Everyone writes a whole number."),
        "choice": lazy_gettext("Everyone chooses one:")}
#: A record the kit cannot replay: a plain sentence, then the library's words for the teacher.
REFUSED = N_("That file cannot be replayed here: {detail}")


def refused(error: LnbError) -> LnbError:
    """``error`` (the library's refusal of a record) said as this page says it, with its
    class and fields.

    >>> err = refused(RecordError("seed: missing", entry="seed", reason="missing"))
    >>> str(err), err.reason
    ('That file cannot be replayed here: seed: missing', 'missing')
    """
    made = error.as_family(type(error))
    made.template = Text(REFUSED, detail=error)
    made.prefixes = ()
    made.args = (made.template,)
    return made


class PredictView(Relabelled):
    """The projector page: a record's moments, one at a time (see the module)."""

    def __init__(self) -> None:
        self.status = StatusLine()
        self.found: Predictions | None = None
        self.at = 0
        self.revealed = False
        self.heading = w.HTML()
        self.hint = w.HTML()
        self.upload = FileButton(accept=".json")
        self.upload.add_class("lnb-predict-load")
        self.upload.observe(self.status.guarded(self._uploaded), "value")
        self.upload.on_too_big = self.status.guarded(self._too_big)
        self.count = w.HTML()
        self.count.add_class("lnb-predict-count")
        self.question = w.HTML()
        self.question.add_class("lnb-predict-question")
        self.choices = w.HTML()
        self.answer = w.HTML()
        self.answer.add_class("lnb-predict-answer")
        self.after = w.HTML()
        self.after.add_class("lnb-predict-after")
        self.back_button = w.Button()
        self.reveal_button = w.Button(button_style="primary")
        self.next_button = w.Button()
        self.back_button.on_click(self.status.guarded(lambda _: self.back()))
        self.reveal_button.on_click(self.status.guarded(lambda _: self.reveal()))
        self.next_button.on_click(self.status.guarded(lambda _: self.next()))
        for button, css in ((self.back_button, "back"), (self.reveal_button, "reveal"),
                            (self.next_button, "next")):
            button.add_class(f"lnb-predict-{css}")
        self.keys = PredictKeys()
        self.keys.on_key = self.status.guarded(self.key)
        self.title_row = w.HBox([self.heading])
        self.widget = w.VBox([
            self.title_row, self.hint, w.HBox([self.upload, self.count]), self.question,
            self.choices, self.answer, self.after,
            w.HBox([self.back_button, self.reveal_button, self.next_button]), self.status,
            self.keys])
        self.widget.add_class("lnb-predict")
        self.labelled()

    @property
    def comm(self) -> Any:
        """Its widget's comm: the view is on a page while its widget is, so a language switch
        relabels it (:func:`widgets.core.relabel.relabel_all` forgets what has none)."""
        return self.widget.comm

    def open_page(self) -> None:
        """Under Voila: the page's language (``?lang=``, the remembered choice, the
        browser's) and its language switch, then every word in it."""
        from widgets.core.language import page_language

        with self.status.guard():
            page_language()
            self.title_row.children = (self.heading, language_switch())
            relabel_all()

    # ------------------------------------------------------------------ loading
    def load(self, source: Any) -> None:
        """Replay ``source`` (a record's data, or its JSON text) from its first moment; a
        record the library refuses raises that refusal (:func:`refused`) and the replay on
        the screen stays."""
        try:
            found = predictions(source)
        except LnbError as exc:
            raise refused(exc) from exc
        self.found, self.at, self.revealed = found, 0, False
        self.status.clear()
        self.refresh()

    def load_text(self, text: str) -> None:
        """An uploaded file's text: refused on the status line when it is no record."""
        with self.status.guard():
            self.load(record_object(text))

    def _too_big(self, size: int) -> None:
        raise too_large(size)

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        data = file_bytes(item["content"] if isinstance(item, dict) else item.content)
        self.upload.value = ()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(Text(REFUSED, detail=Text(N_("it is not text"))),
                              reason="not-text") from None
        self.load_text(text)

    # ------------------------------------------------------------------ stepping
    @property
    def moment(self) -> Moment | None:
        """The moment on the screen (None before a record is loaded, or when it has none)."""
        if self.found is None or not self.found.moments:
            return None
        return self.found.moments[self.at]

    def reveal(self) -> None:
        """Show the answer and what the game shows after it."""
        if self.moment is not None:
            self.revealed = True
            self.refresh()

    def next(self) -> None:
        """The next moment, its answer hidden (at the last one: nothing changes)."""
        if self.found is not None and self.at + 1 < len(self.found.moments):
            self.at, self.revealed = self.at + 1, False
            self.refresh()

    def back(self) -> None:
        """The moment before, its answer shown (the class has seen it)."""
        if self.at > 0:
            self.at, self.revealed = self.at - 1, True
            self.refresh()

    def key(self, key: str) -> None:
        """A key pressed on the page: ``next`` or ``reveal``."""
        (self.next if key == "next" else self.reveal)()

    # ------------------------------------------------------------------ drawing
    def _label(self) -> None:
        self.heading.value = f"<h2>{html.escape(str(TITLE))}</h2>"
        self.hint.value = f"<p>{html.escape(str(HINT))}</p>"
        self.upload.description = str(LOAD)
        self.back_button.description = str(BACK)
        self.reveal_button.description = str(REVEAL)
        self.next_button.description = str(NEXT)

    def refresh(self) -> None:
        """Draw the moment on the screen (words in the current language)."""
        moment = self.moment
        total = len(self.found.moments) if self.found is not None else 0
        if moment is None:
            self.count.value = (html.escape(str(Text(N_("This record has nothing to predict "
                                                        "yet.")))) if self.found else "")
            for part in (self.question, self.choices, self.answer, self.after):
                part.value = ""
            for button in (self.back_button, self.reveal_button, self.next_button):
                button.disabled = True
            return
        self.count.value = html.escape(str(Text(N_("Moment {number} of {total}"),
                                                number=self.at + 1, total=total)))
        self.question.value = (f"<div style='font-size: 2em; line-height: 1.3'>"
                               f"{html.escape(str(moment.question))}</div>")
        what = html.escape(str(WHAT[moment.kind]))
        listed = "".join(f"<li>{html.escape(str(words))}</li>" for _, words in moment.choices)
        self.choices.value = f"<p style='font-size: 1.4em'>{what}</p>" + (
            f"<ol style='font-size: 1.4em'>{listed}</ol>" if listed else "")
        if self.revealed:
            self.answer.value = (f"<div style='font-size: 2em'><b>"
                                 f"{html.escape(str(moment.answer_text))}</b></div>")
            self.after.value = f"<p style='font-size: 1.3em'>{html.escape(str(moment.after))}</p>"
        else:
            self.answer.value = self.after.value = ""
        self.back_button.disabled = self.at == 0
        self.reveal_button.disabled = self.revealed
        self.next_button.disabled = self.at + 1 >= total

    def show(self) -> w.Widget:
        """The page's widget (a notebook cell's last line)."""
        return self.widget
