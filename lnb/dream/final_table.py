"""The final scoring as a table: a row per scoring line of the rules, a column per player.

The scorepad of Ada's Dream, read from :func:`lnb.dream.scoring.score_sheet` (nothing is
counted again here): a row for each part in :data:`lnb.dream.scoring.PARTS` (its title from
:data:`~lnb.dream.scoring.TITLES`), the total, and, when the best totals tie, the £ that
break the tie; the winners are the sheet's. The words are :class:`~lnb.core.messages.Text`,
shown in the language of the moment (a language switch redraws the same table).

>>> from lnb.dream.state import Game
>>> state = Game(["Ada", "Bea"], "classroom", seed=1).new_initial_state()
>>> table = final_table(state)
>>> table.players, tuple(row.key for row in table.rows)[:3]
(('Ada', 'Bea'), ('prestige', 'partners', 'programs'))
>>> str(table.rows[0].title), table.rows[0].cells
('Prestige gained during the game', (0, 0))
>>> str(table.total.title), table.total.cells
('Total', (0, 0))
>>> table.tie_break.key, table.winners  # 0 to 0: the second seat starts with more £
('money', ('Bea',))
>>> print(table.verdict)
Leading so far: Bea (0 Prestige, tied with more £)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lnb.core.i18n import N_
from lnb.core.messages import Listing, Text
from lnb.dream.scoring import PARTS, TITLES

if TYPE_CHECKING:  # pragma: no cover
    from lnb.dream.state import State


@dataclass(frozen=True)
class TableRow:
    """One line of the table: its key (a part of :data:`~lnb.dream.scoring.PARTS`,
    ``total`` or ``money``), its title in words and a number per player, in seat order."""

    key: str
    title: Text
    cells: tuple[int, ...]


@dataclass(frozen=True)
class FinalTable:
    """The scorepad: ``rows`` (one per scoring line), ``total``, ``tie_break`` (the £ row,
    only when the best totals tie), the ``winners`` and the ``verdict`` in words; ``final``
    once the game is over (before, the same table says who leads)."""

    players: tuple[str, ...]
    rows: tuple[TableRow, ...]
    total: TableRow
    tie_break: TableRow | None
    winners: tuple[str, ...]
    final: bool
    verdict: Text

    def all_rows(self) -> tuple[TableRow, ...]:
        """Every row in the order shown: the scoring lines, the total, the tie-break."""
        return (*self.rows, self.total, *((self.tie_break,) if self.tie_break else ()))

    def cell(self, key: str, player: str) -> int:
        """The number of row ``key`` for ``player``.

        >>> from lnb.dream.state import Game
        >>> final_table(Game(["Ada", "Bea"], seed=1).new_initial_state()).cell("total", "Bea")
        0
        """
        row = next(r for r in self.all_rows() if r.key == key)
        return row.cells[self.players.index(player)]


def final_table(state: State) -> FinalTable:
    """The table of ``state``'s score (final once the game is over), from its score sheet."""
    sheet = state.score_sheet()
    players = tuple(r.player for r in sheet.rows)
    rows = tuple(TableRow(part, Text(TITLES[part]), tuple(r.part(part) for r in sheet.rows))
                 for part in PARTS)
    totals = tuple(r.total for r in sheet.rows)
    total = TableRow("total", Text(N_("Total")), totals)
    best = max(totals)
    tied = [r for r in sheet.rows if r.total == best]
    tie_break = None
    if len(tied) > 1:
        tie_break = TableRow("money", Text(N_("£ (the most breaks a tie)")),
                             tuple(r.money for r in sheet.rows))
    return FinalTable(players, rows, total, tie_break, sheet.winners, sheet.final,
                      _verdict(sheet.winners, best, len(tied), sheet.final))


def _verdict(winners: tuple[str, ...], best: int, tied: int, final: bool) -> Text:
    """Who wins (or leads), and how the tie-break decided.

    >>> print(_verdict(("Ada",), 40, 2, True))
    Winner: Ada, 40 Prestige (a tie, broken by more £)
    >>> print(_verdict(("Ada",), 40, 1, False))
    Leading so far: Ada (40 Prestige)
    """
    names = Listing(winners)
    if len(winners) > 1:
        template = (N_("{names} share the win ({prestige} Prestige each, and as many £)")
                    if final else
                    N_("Leading so far: {names} ({prestige} Prestige each, and as many £)"))
    elif tied > 1:
        template = (N_("Winner: {names}, {prestige} Prestige (a tie, broken by more £)")
                    if final else
                    N_("Leading so far: {names} ({prestige} Prestige, tied with more £)"))
    else:
        template = (N_("Winner: {names}, with {prestige} Prestige") if final else
                    N_("Leading so far: {names} ({prestige} Prestige)"))
    return Text(template, names=names, prestige=best)
