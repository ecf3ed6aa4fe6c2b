"""A new game's setup: solo against a computer player (greedy or planner) or hot-seat for
2–4 people, the names and an optional seed. It checks nothing the library checks: the names
go to :class:`lnb.dream.Game`, which refuses two alike.

>>> started = []
>>> form = SetupForm(lambda players, computers, seed: started.append((players, computers,
...                                                                   seed)))
>>> form.names[0].value, form.seed.value = "Ada", "7"
>>> form.start_button.click()
>>> started
[(['Ada', 'Computer'], {'Computer': 'greedy'}, 7)]
>>> form.mode.value, form.count.value = "hotseat", 3
>>> form.start_button.click(); started[-1]
(['Ada', 'Player 2', 'Player 3'], {}, 7)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import ipywidgets as w

from lnb.core.errors import BadInputError
from lnb.core.i18n import _

Start = Callable[[Sequence[str], Mapping[str, str], "int | None"], None]


class SetupForm(w.VBox):
    """The form; ``on_start(players, computers, seed)`` starts the game; ``guard`` wraps the
    Start button's callback (the app's status line)."""

    def __init__(self, on_start: Start,
                 guard: Callable[[Callable[..., None]], Callable[..., None]] = lambda f: f
                 ) -> None:
        super().__init__()
        self.on_start = on_start
        self.title = w.HTML()
        self.title.add_class("lnb-dream-part")
        self.mode = w.ToggleButtons(options=[("solo", "solo"), ("hotseat", "hotseat")],
                                    value="solo", style={"button_width": "auto"})
        self.mode.add_class("lnb-dream-mode")
        self.computer = w.Dropdown(options=[("greedy", "greedy"), ("planner", "planner")],
                                   value="greedy", style={"description_width": "initial"})
        self.count = w.Dropdown(options=[("2", 2), ("3", 3), ("4", 4)], value=2,
                                style={"description_width": "initial"})
        self.names = [w.Text(style={"description_width": "initial"}) for _i in range(4)]
        self.seed = w.Text(style={"description_width": "initial"})
        self.start_button = w.Button(button_style="primary")
        self.start_button.add_class("lnb-dream-start")
        self.start_button.on_click(guard(lambda _b: self.start()))
        self.mode.observe(lambda _c: self._show(), "value")
        self.count.observe(lambda _c: self._show(), "value")
        self.add_class("lnb-setup")
        self.add_class("lnb-dream-setup")
        self.relabel()

    def relabel(self) -> None:
        """The form's words in the current language (what was typed stays)."""
        self.title.value = _("A new game")
        self.mode.options = [(_("Solo against a computer player"), "solo"),
                             (_("Hot-seat: 2 to 4 people"), "hotseat")]
        self.computer.description = _("Computer player")
        self.computer.options = [(_("greedy (easier)"), "greedy"),
                                 (_("planner (stronger)"), "planner")]
        self.count.description = _("People")
        for i, box in enumerate(self.names):
            box.description = (_("Your name") if i == 0 and self.mode.value == "solo"
                               else _("Player {number}").format(number=i + 1))
            box.placeholder = self._default(i)
        self.seed.description = _("Seed (optional)")
        self.seed.placeholder = _("a whole number: the same game again")
        self.start_button.description = _("Start the game")
        self._show()

    def _default(self, i: int) -> str:
        if i == 0 and self.mode.value == "solo":
            return _("You")
        return _("Player {number}").format(number=i + 1)

    def _show(self) -> None:
        solo = self.mode.value == "solo"
        people = 1 if solo else int(self.count.value)
        self.children = [self.title, self.mode, self.computer if solo else self.count,
                         *self.names[:people], self.seed, self.start_button]
        for i, box in enumerate(self.names):
            box.placeholder = self._default(i)
            box.description = (_("Your name") if i == 0 and solo
                               else _("Player {number}").format(number=i + 1))

    def players(self) -> tuple[list[str], dict[str, str]]:
        """The seats and the computers' kinds the form asks for."""
        solo = self.mode.value == "solo"
        people = 1 if solo else int(self.count.value)
        names = [box.value.strip() or self._default(i)
                 for i, box in enumerate(self.names[:people])]
        if solo:
            computer = _("Computer")
            return [*names, computer], {computer: str(self.computer.value)}
        return names, {}

    def start(self) -> None:
        """Start the game the form describes (a seed that is not a number is refused)."""
        text = self.seed.value.strip()
        if text and not text.isdigit():
            raise BadInputError(_("seed {seed!r}: a game's seed is a whole number").format(
                seed=text), text=text, reason="bad-seed")
        players, computers = self.players()
        self.on_start(players, computers, int(text) if text else None)
