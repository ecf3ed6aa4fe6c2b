"""A player's board: Store, 3×3 Mill with each line's equation, Research tracks, resources,
Innovation, discs, Gears and hand; and :func:`compact_html`, the short view of another player.

The board knows no rule: each button stands for one action of :mod:`lnb.dream` (enabled when
the library lists it, else disabled with :func:`~lnb.dream.refusals.why_not`'s reason). A die
of the Store, and a Program of the display, are *chosen* first (:class:`Selection`), then a
cell or a line of the Mill: the one decision of two clicks.

>>> from lnb.dream.state import Game
>>> state = Game(["Ada", "Bea"], seed=1).new_initial_state()
>>> board = PlayerBoard(lambda button: None)
>>> board.refresh(state, "Ada", Selection(), state.legal_actions("Ada"))
>>> [b.description for b in board.store_buttons], board.mill_buttons[4].description
(['·', '·', '·'], 'B2')
>>> board.store_buttons[0].tooltip
'Store slot 1 is empty'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import ipywidgets as w

from lnb.core.i18n import _, ngettext
from lnb.dream import describe as d
from lnb.dream.actions import Action, Build, Place, Play, Research, TakeProgram
from lnb.dream.edition import COLOURS, RESOURCES, Colour
from lnb.dream.mill import CELLS, LINES, ROWS, LineEquation, Status
from lnb.dream.refusals import Refusals
from lnb.dream.state import State
from widgets.dream.buttons import Pool, mark, show
from widgets.dream.words import die_html, die_label, esc

#: How a line with a Program stands, as a mark and in words.
MARKS = {Status.TRUE: "✔", Status.NOT_YET: "…", Status.FALSE: "✘"}


def status_words(status: Status) -> str:
    """A line's status in words (the mark is only a picture)."""
    return {Status.TRUE: _("true"), Status.NOT_YET: _("not yet"),
            Status.FALSE: _("false")}[status]


def line_name(line: str) -> str:
    """``A`` → row A (read left to right); ``1`` → column 1 (read downwards)."""
    return (_("row {line}") if line in ROWS else _("column {line}")).format(line=line)


@dataclass(frozen=True)
class Selection:
    """What the person has chosen on the way to a two-click decision: a die of their Store,
    a Program of the display (for a line of the Mill) or a Partner (then the card to
    remove)."""

    slot: int | None = None
    program: str | None = None
    partner: str | None = None


def colour_class(button: w.Button, colour: Colour | None) -> None:
    """Dress ``button`` as a die of ``colour`` (None: no die)."""
    for c in Colour:
        if c is not colour:
            button.remove_class(f"lnb-die-{c.value}")
    if colour is not None:
        button.add_class(f"lnb-die-{colour.value}")


class PlayerBoard(w.VBox):
    """The board of the person who acts (their Store, Mill, tracks, cards). ``on_click``
    gets a pressed button (its ``lnb_action``, or ``lnb_value`` for a choice)."""

    def __init__(self, on_click: Callable[[w.Button], None]) -> None:
        super().__init__()
        self.heading = w.HTML()
        self.heading.add_class("lnb-dream-section")
        self.store = Pool("lnb-dream-store", on_click)
        self.mill = Pool("lnb-dream-mill", on_click)
        self.lines = Pool("lnb-dream-line", on_click)
        self.research = Pool("lnb-dream-research", on_click)
        self.gears = Pool("lnb-dream-gear", on_click)
        self.hand = Pool("lnb-dream-hand", on_click)
        self.store_buttons = self.store.first(3)
        self.mill_buttons = self.mill.first(len(CELLS))
        self.line_buttons = self.lines.first(len(LINES))
        grid: list[w.Widget] = []
        for r in range(len(ROWS)):
            grid += [*self.mill_buttons[3 * r:3 * r + 3], self.line_buttons[r]]
        grid += [*self.line_buttons[3:], w.HTML()]
        self.store_title, self.mill_title = w.HTML(), w.HTML()
        self.hand_title, self.gear_title = w.HTML(), w.HTML()
        for title in (self.store_title, self.mill_title, self.hand_title, self.gear_title):
            title.add_class("lnb-dream-part")
        self.grid = w.GridBox(grid)
        self.grid.add_class("lnb-dream-mill-grid")
        self.equations = w.HTML()
        self.equations.add_class("lnb-dream-equations")
        self.resources = w.HTML()
        self.resources.add_class("lnb-dream-resources")
        self.tracks = w.HTML()
        self.tracks.add_class("lnb-dream-tracks")
        self.research_row = w.HBox(self.research.first(len(COLOURS)))
        self.research_row.add_class("lnb-dream-row")
        self.gear_row = w.HBox()
        self.gear_row.add_class("lnb-dream-row")
        self.hand_row = w.HBox()
        self.hand_row.add_class("lnb-dream-row")
        self.cards = w.HTML()
        self.store_row = w.HBox(self.store_buttons)
        self.store_row.add_class("lnb-dream-row")
        self.children = [self.heading, self.resources, self.store_title, self.store_row,
                         self.mill_title, self.grid, self.equations, self.hand_title,
                         self.hand_row, self.cards, self.tracks, self.research_row,
                         self.gear_title, self.gear_row]
        self.add_class("lnb-dream-board")

    def refresh(self, state: State, name: str, selection: Selection,
                legal: Collection[Action], why: Refusals | None = None) -> None:
        """Draw ``name``'s board; ``legal`` is what they may do now (``why``: the redraw's
        reasons, :class:`~lnb.dream.refusals.Refusals`)."""
        legal, why = frozenset(legal), why or Refusals(state)
        p = state.player(name)
        heading = _("Your board: {player}").format(player=name)
        self.heading.value = f"<h3>{esc(heading)}</h3>"
        self.store_title.value = esc(_("Store (choose a die, then a cell of the Mill)"))
        self.mill_title.value = esc(_("Mill: each line is an equation"))
        self.hand_title.value = esc(_("Your hand"))
        self.gear_title.value = esc(_("Gears"))
        self.resources.value = resources_html(state, name)
        free = [c for c in CELLS if c not in p.mill]
        for i, (button, die) in enumerate(zip(self.store_buttons, p.store, strict=True)):
            slot = i + 1
            places = [a for a in legal if isinstance(a, Place) and a.slot == slot]
            probe = places[0] if places else Place(name, slot, free[0] if free else "A1")
            label = die_label(die) if die else "·"
            if show(button, state, probe, label, legal=legal, why=why):
                button.lnb_action = None  # type: ignore[attr-defined]  # a choice first
                button.lnb_value = ("slot", slot)  # type: ignore[attr-defined]
                button.tooltip = _("Choose the {die} of Store slot {slot}, then a cell of "
                                   "the Mill").format(die=label, slot=slot)
            colour_class(button, die.colour if die else None)
            chosen = selection.slot == slot
            button.button_style = "primary" if chosen else button.button_style
            (button.add_class if chosen else button.remove_class)("lnb-selected")
        for cell, button in zip(CELLS, self.mill_buttons, strict=True):
            die = p.mill.get(cell)
            label = f"{cell} {die_label(die)}" if die else cell
            colour_class(button, die.colour if die else None)
            (button.add_class if die else button.remove_class)("lnb-dream-filled")
            if selection.slot is not None:
                show(button, state, Place(name, selection.slot, cell), label, legal=legal, why=why)
            elif die is not None:
                show(button, state, Place(name, 1, cell), label, legal=(), why=why)
                button.tooltip = label
            else:
                mark(button, False, label, _("First choose a die of your Store."))
                button.lnb_action = None  # type: ignore[attr-defined]
        equations = {eq.line: eq for eq in state.equations(name)}
        for line, button in zip(LINES, self.line_buttons, strict=True):
            eq = equations.get(line)
            label = (f"{line}: {eq.text} {MARKS[eq.status]}" if eq else
                     _("line {line}").format(line=line))
            if selection.program is not None:
                show(button, state, TakeProgram(name, selection.program, line), label,
                     legal=legal, why=why)
            else:
                mark(button, False, label, equation_words(eq) if eq else
                     _("No Program beside {line} yet: take one from the display, then "
                       "press this line.").format(line=line_name(line)))
                button.lnb_action = None  # type: ignore[attr-defined]
        self.equations.value = equations_html(state.equations(name))
        self._draw_research(state, name, legal, why)
        self._draw_hand(state, name, legal, why)
        self._draw_gears(state, name, legal, why)

    def _draw_research(self, state: State, name: str, legal: Collection[Action],
                       why: Refusals) -> None:
        self.tracks.value = tracks_html(state, name)
        for colour, button in zip(COLOURS, self.research.buttons, strict=True):
            action = Research(name, colour.value)
            show(button, state, action, str(d.describe(action, state.edition)), legal=legal,
                 why=why)

    def _draw_hand(self, state: State, name: str, legal: Collection[Action],
                   why: Refusals) -> None:
        p, ed = state.player(name), state.edition
        hand = sorted(set(p.hand), key=p.hand.index)
        buttons = self.hand.first(len(hand))
        for card, button in zip(hand, buttons, strict=True):
            partner = ed.partner(card)
            count = p.hand.count(card)
            action = Play(name, card)  # a discard is a choice at the top (the prompt's row)
            words = f"{d.describe(action, ed)}{' ×' + str(count) if count > 1 else ''}"
            label = f"{words}: {d.partner_text(partner)}"
            show(button, state, action, label, legal=legal, why=why)
        if self.hand_row.children != tuple(buttons):
            self.hand_row.children = buttons
        self.cards.value = cards_html(state, name)

    def _draw_gears(self, state: State, name: str, legal: Collection[Action],
                    why: Refusals) -> None:
        p, ed = state.player(name), state.edition
        gears = self.gears.first(len(ed.gears))
        for gear, button in zip(ed.gears, gears, strict=True):
            action = Build(name, gear.id)
            built = gear.id in p.gears
            label = (f"✔ {gear.name}: {d.gear_text(gear)}" if built
                     else f"{d.describe(action, ed)}: {d.gear_text(gear)}")
            show(button, state, action, label, legal=legal, why=why)
            (button.add_class if built else button.remove_class)("lnb-dream-built")
        if self.gear_row.children != tuple(gears):
            self.gear_row.children = gears


def equation_words(eq: LineEquation) -> str:
    """A line's equation in words: where it is, the equation, true or not yet."""
    return _("{line}: {equation} ({status}, {prestige} Prestige)").format(
        line=line_name(eq.line), equation=eq.text, status=status_words(eq.status),
        prestige=eq.card.prestige)


def equations_html(equations: Sequence[LineEquation]) -> str:
    """Each Mill line with a Program: its equation, a mark and the words."""
    if not equations:
        none = _("No Program beside your Mill yet.")
        return f"<p class='lnb-muted'>{esc(none)}</p>"
    items = "".join(
        f"<li class='lnb-eq-{eq.status.name.lower()}'><span aria-hidden='true'>"
        f"{MARKS[eq.status]}</span> {esc(equation_words(eq))}</li>" for eq in equations)
    return f"<ul class='lnb-dream-eq-list'>{items}</ul>"


def resources_html(state: State, name: str) -> str:
    """Resources, Prestige, Innovation 0–6 (5 and 6 score), discs and Gear spaces."""
    p = state.player(name)
    ed = state.edition
    parts = [f"<b>{esc(d.resource_name(r))}</b> {p.resource(r)}" for r in RESOURCES]
    prestige, innovation_word = _("Prestige"), _("Innovation")
    parts.append(f"<b>{esc(prestige)}</b> {p.prestige}")
    scores = dict(ed.innovation_scores)
    boxes = "".join(
        f"<span class='lnb-dream-box{' lnb-on' if i == p.innovation else ''}'>{i}"
        f"{'<sub>+' + str(scores[i]) + '</sub>' if i in scores else ''}</span>"
        for i in range(7))
    of_six = _("{value} of 6").format(value=p.innovation)
    innovation = (f"<b>{esc(innovation_word)}</b> <span aria-hidden='true'>{boxes}</span>"
                  f"<span class='lnb-sr'>{esc(of_six)}"
                  "</span>")
    discs = esc(ngettext("{count} disc on your board", "{count} discs on your board",
                         p.discs).format(count=p.discs))
    spaces = p.open_gear_spaces(ed)
    open_ = esc(ngettext("{count} open Gear space", "{count} open Gear spaces",
                         spaces).format(count=spaces))
    return (f"<div class='lnb-dream-bar'>{' · '.join(parts)}</div>"
            f"<div class='lnb-dream-bar'>{innovation} · {discs} · {open_}</div>")


def tracks_html(state: State, name: str) -> str:
    """The four Research tracks: 10 spaces, the ``!`` spaces (levels I and II, a reward)
    and the top (the scoring token), the player's marker on each."""
    p = state.player(name)
    ed = state.edition
    rows = []
    for colour in COLOURS:
        track = ed.track(colour)
        at = p.research[colour]
        cells = []
        for space in range(track.spaces + 1):
            mark = track.at(space)
            text = (mark.level or "!") if mark else ("★" if space == track.spaces else "")
            here = "●" if space == at else ""
            tip = (d.effect_text(mark.reward) if mark else
                   _("the top: the scoring token") if space == track.spaces else "")
            cells.append(f"<td class='{'lnb-here' if here else ''}' title='{esc(tip)}'>"
                         f"<span class='lnb-track-mark'>{esc(text)}</span>{here}</td>")
        area = d.area_name(colour.area) if colour.area else ""
        token = p.tokens.get(colour)
        where = _("{track} track ({area}): space {space} of {spaces}").format(
            track=d.colour_name(colour), area=area, space=at, spaces=track.spaces)
        if token:
            where += " · " + _("scoring token {value}").format(value=token)
        rows.append(f"<tr class='lnb-track-{colour.value}'><th scope='row'>{esc(where)}</th>"
                    f"{''.join(cells)}</tr>")
    head = "".join(f"<th scope='col'>{i}</th>" for i in range(ed.track(COLOURS[0]).spaces + 1))
    caption = esc(_("Research tracks (I and II: advanced actions; ! a reward; ★ the top)"))
    return (f"<table class='lnb-dream-track-table'><caption>{caption}</caption>"
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def cards_html(state: State, name: str) -> str:
    """Deck, discard pile, Assignments by column (with scoring tokens) and the supply."""
    p = state.player(name)
    columns = ", ".join(f"{d.colour_name(c)} {len(p.columns[c])}" for c in COLOURS)
    by_column = _("Assignments by column: {columns}").format(columns=columns)
    piles = _("Deck {deck} · discard pile {discard} · your supply is always 8 cards").format(
        deck=len(p.deck), discard=len(p.discard))
    return (f"<p>{esc(piles)}<br>"
            f"{esc(by_column)}</p>")


def compact_html(state: State, name: str) -> str:
    """Another player's board in short: score, resources, Store, Mill, tracks, cards."""
    p = state.player(name)
    total = next(r.total for r in state.score_sheet().rows if r.player == name)
    mill = "".join("<tr>" + "".join(f"<td>{die_html(p.mill.get(f'{r}{c}'))}</td>"
                                    for c in "123") + "</tr>" for r in ROWS)
    store = "".join(die_html(die) for die in p.store)
    research = ", ".join(f"{d.colour_name(c)} {p.research[c]}" for c in COLOURS)
    marks = " ".join(f"{eq.line} {MARKS[eq.status]}" for eq in state.equations(name))
    gears = ", ".join(str(state.edition.gear(g).name) for g in p.gears) or "–"
    lines = [
        " · ".join(f"{d.resource_name(r)} {p.resource(r)}" for r in RESOURCES)
        + " · " + _("Innovation {value}").format(value=p.innovation),
        _("Research: {tracks}").format(tracks=research),
        _("{count} cards in hand · Programs: {programs} · Gears: {gears}").format(
            count=len(p.hand), programs=marks or "–", gears=gears),
    ]
    words = "".join(f"<div>{esc(line)}</div>" for line in lines)
    mill_name = esc(_("{player}'s Mill").format(player=name))
    so_far = _("{points} Prestige so far").format(points=total)
    store_word = _("Store")
    return (f"<div class='lnb-dream-other'><h4>{esc(name)}: "
            f"{esc(so_far)}</h4>"
            f"<div class='lnb-dream-other-body'><table class='lnb-dream-mini' "
            f"aria-label='{mill_name}'>{mill}</table>"
            f"<div><div>{esc(store_word)}: {store}</div>{words}</div></div></div>")


def fill(box: w.Box, values: Sequence[str]) -> None:
    """Show ``values`` as ``box``'s HTML children, the ones it has reused (a redraw opens
    no new widget in the page unless there are more values than before).

    >>> box = w.HBox()
    >>> fill(box, ["<b>Ada</b>", "<b>Bea</b>"]); first = box.children[0]
    >>> fill(box, ["<b>Cy</b>"])
    >>> box.children == (first,), first.value
    (True, '<b>Cy</b>')
    """
    made = list(getattr(box, "lnb_made", ()))
    while len(made) < len(values):
        made.append(w.HTML())
    box.lnb_made = made  # type: ignore[attr-defined]
    for html, value in zip(made, values, strict=False):
        html.value = value
    children = tuple(made[:len(values)])
    if box.children != children:
        box.children = children
