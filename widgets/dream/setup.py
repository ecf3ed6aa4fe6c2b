"""A new game's setup: solo against a computer player (greedy or planner), or a table of 2–4
seats, each a person or a computer player (hot-seat: the people take turns at one device);
the names and an optional seed. It checks nothing the library checks: the names go to
:class:`lnb.dream.Game`, which refuses two alike.

A seat left without a typed name gets a default name ("You", "Computer", "Player 2",
"Computer 1"), kept as a key (:data:`DefaultKey`), not as words: the app names it again in
the new language when the language is switched (:func:`default_name`); a typed name is the
pupil's and never changes.

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
>>> form.kinds[1].value = "planner"  # seat 2: a computer player
>>> form.start_button.click(); started[-1]
(['Ada', 'Computer 1', 'Player 3'], {'Computer 1': 'planner'}, 7)
>>> form.defaults()  # the seats named by default, by key
{1: ('computer', 1), 2: ('player', 3)}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import ipywidgets as w

from lnb.core.errors import BadInputError
from lnb.core.i18n import _

Start = Callable[[Sequence[str], Mapping[str, str], "int | None"], None]
#: A default name as a key: ``("you", 0)``, ``("computer", 0)`` (the only one),
#: ``("computer", n)`` (the n-th computer seat), ``("player", n)`` (seat n).
DefaultKey = tuple[str, int]
#: What a seat of a hot-seat table can be: a person, or a computer player of that kind.
SEAT_KINDS = ("person", "greedy", "planner")


def default_name(key: DefaultKey) -> str:
    """A default seat's name in the current language.

    >>> default_name(("you", 0)), default_name(("computer", 2)), default_name(("player", 3))
    ('You', 'Computer 2', 'Player 3')
    """
    kind, number = key
    if kind == "you":
        return _("You")
    if kind == "computer":
        return _("Computer") if number == 0 else _("Computer {number}").format(number=number)
    return _("Player {number}").format(number=number)


def default_keys(names: Sequence[str], computers: Mapping[str, str] | Sequence[str],
                 ) -> dict[int, DefaultKey]:
    """Which of ``names`` are default names in the current language (or in English), by seat
    (for a game not started from the form: ``DreamApp()``, a page's ``?seed=``, a load).

    >>> default_keys(["You", "Computer"], ["Computer"])
    {0: ('you', 0), 1: ('computer', 0)}
    >>> default_keys(["Ada", "Computer 1", "Player 3"], ["Computer 1"])
    {1: ('computer', 1), 2: ('player', 3)}
    """
    from lnb.core.i18n import use_language

    found: dict[int, DefaultKey] = {}
    machines = 0
    for seat, name in enumerate(names):
        computer = name in computers
        machines += computer
        keys = ([("computer", 0), ("computer", machines)] if computer else
                [("you", 0), ("player", seat + 1)])
        for key in keys:
            with use_language("en"):
                english = default_name(key)
            if name in (default_name(key), english):
                found[seat] = key
                break
    return found


class SetupForm(w.VBox):
    """The form; ``on_start(players, computers, seed)`` starts the game; ``guard`` wraps the
    Start button's callback (the app's status line); :meth:`defaults` says which seats of the
    game last started are named by default."""

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
        #: Each seat's kind at a hot-seat table (:data:`SEAT_KINDS`).
        self.kinds = [w.Dropdown(options=[(k, k) for k in SEAT_KINDS], value="person",
                                 layout=w.Layout(width="auto")) for _i in range(4)]
        self.seats = []
        for i, (kind, name) in enumerate(zip(self.kinds, self.names, strict=True)):
            kind.add_class(f"lnb-dream-seat-kind-{i + 1}")
            name.add_class(f"lnb-dream-seat-name-{i + 1}")
            kind.observe(lambda _c: self._show(), "value")
            row = w.HBox([kind, name])
            row.add_class("lnb-dream-seat")
            self.seats.append(row)
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
        kept = (self.mode.value, self.computer.value, [k.value for k in self.kinds])
        self.mode.options = [(_("Solo against a computer player"), "solo"),
                             (_("Hot-seat: 2 to 4 seats, people or computers"), "hotseat")]
        self.computer.description = _("Computer player")
        self.computer.options = [(_("greedy (easier)"), "greedy"),
                                 (_("planner (stronger)"), "planner")]
        self.count.description = _("Seats")
        words = {"person": _("a person"), "greedy": _("a computer: greedy (easier)"),
                 "planner": _("a computer: planner (stronger)")}
        for i, kind in enumerate(self.kinds):
            kind.options = [(words[k], k) for k in SEAT_KINDS]
            kind.tooltip = _("Seat {number}: a person or a computer player").format(
                number=i + 1)
        # new options reset a choice: the pupil's choices stay
        self.mode.value, self.computer.value = kept[0], kept[1]
        for kind, value in zip(self.kinds, kept[2], strict=True):
            kind.value = value
        self.seed.description = _("Seed (optional)")
        self.seed.placeholder = _("a whole number: the same game again")
        self.start_button.description = _("Start the game")
        self._show()

    def _keys(self) -> list[DefaultKey]:
        """Each seat's default name, as a key."""
        if self.mode.value == "solo":
            return [("you", 0), ("computer", 0)]
        keys, machines = [], 0
        for i, kind in enumerate(self.kinds[:int(self.count.value)]):
            if kind.value == "person":
                keys.append(("player", i + 1))
            else:
                machines += 1
                keys.append(("computer", machines))
        return keys

    def _show(self) -> None:
        solo = self.mode.value == "solo"
        keys = self._keys()
        rows: list[w.Widget] = [self.names[0]] if solo else self.seats[:len(keys)]
        self.children = [self.title, self.mode, self.computer if solo else self.count,
                         *rows, self.seed, self.start_button]
        for i, (box, key) in enumerate(zip(self.names, keys, strict=False)):
            box.placeholder = default_name(key)
            box.description = (_("Your name") if solo else
                               _("Seat {number}'s name").format(number=i + 1))

    def _seats(self) -> list[tuple[str, str | None, DefaultKey | None]]:
        """Each seat: its name, its computer kind (None: a person), its default key (None:
        a typed name)."""
        keys = self._keys()
        if self.mode.value == "solo":
            typed = self.names[0].value.strip()
            return [(typed or default_name(keys[0]), None, None if typed else keys[0]),
                    (default_name(keys[1]), str(self.computer.value), keys[1])]
        seats = []
        for box, kind, key in zip(self.names, self.kinds, keys, strict=False):
            typed = box.value.strip()
            seats.append((typed or default_name(key),
                          None if kind.value == "person" else str(kind.value),
                          None if typed else key))
        return seats

    def players(self) -> tuple[list[str], dict[str, str]]:
        """The seats and the computers' kinds the form asks for."""
        seats = self._seats()
        return ([name for name, _k, _d in seats],
                {name: kind for name, kind, _d in seats if kind is not None})

    def defaults(self) -> dict[int, DefaultKey]:
        """The seats the form names by default (no name typed), by seat index."""
        return {i: key for i, (_n, _k, key) in enumerate(self._seats()) if key is not None}

    def start(self) -> None:
        """Start the game the form describes (a seed that is not a number is refused)."""
        text = self.seed.value.strip()
        if text and not text.isdigit():
            raise BadInputError(_("seed {seed!r}: a game's seed is a whole number").format(
                seed=text), text=text, reason="bad-seed")
        players, computers = self.players()
        self.on_start(players, computers, int(text) if text else None)
