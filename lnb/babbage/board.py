"""The board: levels A and B from the start, C, D and E revealed one per Round.

>>> board = Board.standard(levels={"C": "+-7,x/3,swap,=42"})
>>> str(board.component("C", 2))
'x/3'
>>> board.revealed
('A', 'B', 'C')
>>> print(board.text())
     1       2       3       4
A    ±1      ±2      ±5      ×÷2
B    ±50     ±20     ±10     Swap
C    ±7      ×÷3     Swap    Set 42
D    ·       ·       ·       ·       (not revealed)
E    ·       ·       ·       ·       (not revealed)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lnb.babbage.components import Component, Kind
from lnb.babbage.edition import LEVELS, RACKS, Edition
from lnb.babbage.errors import InvalidOperationError, LevelNotRevealedError
from lnb.core.i18n import N_, _
from lnb.core.messages import Text, lazy_ngettext

TokenList = Sequence[Component | str] | str


def parse_tokens(tokens: TokenList, level: str = "") -> tuple[Component, ...]:
    """Four tokens as GAME-RECORD.md spells them, as a list or comma-separated text.

    >>> [str(t) for t in parse_tokens("+-7, x/3, swap, =42")]
    ['+-7', 'x/3', 'swap', '=42']
    """
    def where() -> Text | str:  # the message's start, made only for an error
        return Text(N_("level {level}: "), level=level) if level else ""

    try:
        items = tokens.split(",") if isinstance(tokens, str) else list(tokens)
    except TypeError:
        raise InvalidOperationError(
            Text(N_("{where}tokens {tokens!r}: give four tokens as a list or as text like "
                    "'+-7,x/3,swap,=42'"), where=where(), tokens=tokens), reason="bad-tokens",
            expected=len(RACKS), level=level or None,
        ) from None
    parts = [t if isinstance(t, Component) else Component.parse_token(t) for t in items]
    if len(parts) != len(RACKS):
        detail = lazy_ngettext("{count} token given; a level has exactly four",
                               "{count} tokens given; a level has exactly four", len(parts),
                               count=len(parts))
        raise InvalidOperationError(
            Text(N_("{where}{detail}, e.g. --level C=+-7,x/3,swap,=42"), where=where(),
                 detail=detail),
            reason="token-count", expected=len(RACKS), level=level or None, detail=detail,
        )
    return tuple(parts)


def _level_name(level: object) -> str:
    """A level letter as given (``c`` or ``C``), upper case; anything else is refused."""
    if not isinstance(level, str):
        raise InvalidOperationError(Text(N_("level {level!r}: name a level by its letter, "
                                            "e.g. 'C'"), level=level),
                                    reason="bad-level", expected=LEVELS)
    return level.upper()


@dataclass(frozen=True)
class Board:
    """Components by level; a level absent from ``levels`` is not revealed."""

    levels: Mapping[str, tuple[Component, ...]]
    edition_name: str = "standard"
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Derived answers memoised per board (legal rows per value, solver tables)."""

    @classmethod
    def standard(
        cls, levels: Mapping[str, TokenList] | None = None, edition: Edition | None = None
    ) -> Board:
        """The edition's fixed levels plus the revealed token levels given."""
        edition = edition or Edition.load()
        grid: dict[str, tuple[Component, ...]] = dict(edition.board)
        for level, tokens in (levels or {}).items():
            level = _level_name(level)
            if level not in edition.token_levels:
                raise InvalidOperationError(
                    Text(N_("level {level!r} takes no tokens; tokens go on {levels}"),
                         level=level, levels=", ".join(edition.token_levels)),
                    reason="bad-level", expected=tuple(edition.token_levels), level=level,
                )
            grid[level] = parse_tokens(tokens, level)
        return cls({lv: grid[lv] for lv in LEVELS if lv in grid}, edition.name)

    @classmethod
    def of(cls, levels: Mapping[str, TokenList]) -> Board:
        """A board of exactly these levels (puzzles may use any subset).

        >>> Board.of({"A": "+-5,x/2,swap,copy>"}).revealed
        ('A',)
        """
        return cls({_level_name(lv): parse_tokens(t, lv) for lv, t in sorted(levels.items())})

    @property
    def revealed(self) -> tuple[str, ...]:
        """Levels that can be used, in board order."""
        return tuple(lv for lv in LEVELS if lv in self.levels)

    def component(self, level: str, rack: int) -> Component:
        """The component on a space; a hidden level raises ``LevelNotRevealedError``."""
        comps = self.levels.get(level) if isinstance(level, str) else None
        if comps is None:
            detail = Text(N_("level {level} is not revealed yet; use a level on the board: "
                             "{levels}"), level=level, levels=", ".join(self.revealed))
            raise LevelNotRevealedError(detail, reason="level-not-revealed",
                                        expected=self.revealed, level=level, detail=detail)
        if isinstance(rack, bool) or not isinstance(rack, int) or rack not in RACKS:
            raise InvalidOperationError(
                Text(N_("{level}{rack}: rack {rack!r} does not exist; racks are numbered 1 "
                        "to 4"), level=level, rack=rack),
                reason="bad-rack", expected=RACKS, level=level,
            )
        return comps[rack - 1]

    def spaces(self) -> Iterator[tuple[str, int, Component]]:
        """Every revealed space in board order: ``('A', 1, ±1)`` ..."""
        for level in self.revealed:
            for rack, comp in enumerate(self.levels[level], start=1):
                yield level, rack, comp

    def with_level(self, level: str, tokens: TokenList) -> Board:
        """A new board with one more level revealed."""
        grid = dict(self.levels)
        grid[_level_name(level)] = parse_tokens(tokens, level)
        return Board({lv: grid[lv] for lv in LEVELS if lv in grid}, self.edition_name)

    def set_to_count(self, level: str) -> int:
        """How many Set To tokens a level shows (the redraw rule keeps it at most two)."""
        return sum(1 for c in self.levels.get(level, ()) if c.kind is Kind.SET_TO)

    def tokens(self) -> dict[str, list[str]]:
        """The board as GAME-RECORD.md token spellings, level by level."""
        return {lv: [str(c) for c in comps] for lv, comps in self.levels.items()}

    def text(self) -> str:
        """A plain-text picture of the board, hidden levels shown locked."""
        lines = ["     " + "".join(f"{r:<8}" for r in RACKS).rstrip()]
        for level in LEVELS:
            comps = self.levels.get(level)
            if comps is None:
                cells = "".join(f"{'·':<8}" for _rack in RACKS) + _("(not revealed)")
            else:
                cells = "".join(_cell(c.label) for c in comps).rstrip()
            lines.append(f"{level}    {cells}")
        return "\n".join(lines)

    def __iter__(self) -> Iterator[tuple[str, int, Component]]:
        return self.spaces()


def _cell(text: object, width: int = 8) -> str:
    """``text`` padded to ``width`` columns of a terminal, a Chinese character taking two.

    >>> _cell("Swap") + "|", _cell("交换") + "|"
    ('Swap    |', '交换    |')
    """
    shown = str(text)
    columns = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in shown)
    return shown + " " * max(0, width - columns)
