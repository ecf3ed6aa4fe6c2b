"""A row's choices at resolution, asked in one place: which Patron (the NEAR fork between two)
and which Primary type to take. ``State.row_choices(name)`` gives them; legal actions, the
move that commits a row, the game app and the replay of a record (its ``picks``) all read them.

>>> from lnb.babbage.edition import Edition
>>> from lnb.babbage.game.resolution import PatronSlot, row_options
>>> ed = Edition.load()
>>> table = {58: PatronSlot(ed.patron(58)), 62: PatronSlot(ed.patron(62))}
>>> choices = RowChoices.of("Ada", 1, row_options(table, "Ada", 58, [], players=2), table)
>>> choices.patrons, choices.takes(58), choices.fork
((58,), ('Art', 'Science'), False)
>>> choices.resolve(take="Science")
ResolveRow(player='Ada', patron=None, take='Science')
>>> choices.action(["Science", "Art"])  # a record's picks: the action and how many it used
(ResolveRow(player='Ada', patron=None, take='Science'), 1)
>>> choices.resolve(take="Politics")
Traceback (most recent call last):
...
lnb.core.errors.GameError: Ada row 1: 'Politics' cannot be taken from Patron 58 (Art, Science) now; take Art or Science
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lnb.babbage.errors import GameError
from lnb.babbage.game.actions import ResolveRow
from lnb.babbage.game.resolution import PatronSlot, RowOption
from lnb.babbage.words import type_name
from lnb.core.i18n import N_, _
from lnb.core.messages import Listing, Text


@dataclass(frozen=True)
class RowChoices:
    """What ``player``'s next row (number ``row``) may claim: ``options`` (one per Patron
    and type), and the types printed on those Patrons (``printed``) for messages.

    Defaults follow the rules: the lower Patron of a NEAR fork, the type printed first.
    An empty value (no options) claims nothing.
    """

    player: str
    row: int | None
    options: tuple[RowOption, ...] = ()
    printed: tuple[tuple[int, tuple[str, ...]], ...] = ()

    @classmethod
    def of(cls, player: str, row: int | None, options: Sequence[RowOption],
           table: Mapping[int, PatronSlot]) -> RowChoices:
        """The choices of ``options`` (``row_options``) on ``table`` (value -> slot)."""
        values = sorted({o.patron for o in options if o.patron is not None})
        return cls(player, row, tuple(options),
                   tuple((v, tuple(table[v].patron.types)) for v in values))

    @property
    def patrons(self) -> tuple[int, ...]:
        """The Patrons this row may claim, lowest first (two: a NEAR fork)."""
        found = self.__dict__.get("_patrons")  # a frozen value: worked out once
        if found is None:
            found = self.__dict__["_patrons"] = tuple([v for v, _ in self.printed])
        return found  # type: ignore[no-any-return]

    @property
    def fork(self) -> bool:
        """True when NEAR touches two Patrons and the player picks one."""
        return len(self.printed) > 1

    def takes(self, patron: int | None = None) -> tuple[str | None, ...]:
        """The types the row may take from ``patron`` (default: the lower one); None stands
        for a claim without a type to choose (a Failed Experiment, BOTH)."""
        patron = self._patron(patron)
        return tuple(o.take for o in self.options if o.patron == patron)

    def choice(self, patron: int | None = None) -> bool:
        """True when the player chooses the type taken from ``patron``."""
        return len(self.takes(patron)) > 1

    def option(self, patron: int | None = None, take: str | None = None) -> RowOption | None:
        """The option chosen by ``patron`` and ``take`` (None: the defaults), or None when
        the row claims nothing; a choice the row does not offer raises ``GameError``."""
        if not self.options:
            if patron is not None or take is not None:
                raise self._error(Text(N_("this row claims no Patron; resolve it without a "
                                          "choice")),
                                  "no-claim", patron if patron is not None else take, ())
            return None
        if patron is not None and patron not in self.patrons:
            raise self._error(
                Text(N_("Patron {patron!r} cannot be claimed by this row; it may claim "
                        "{patrons}"), patron=patron,
                     patrons=", ".join(f"{v:02d}" for v in self.patrons)), "not-claimable", patron,
                self.patrons)
        chosen = self._patron(patron)
        mine = [o for o in self.options if o.patron == chosen]
        if take is None:
            return mine[0]
        for o in mine:
            if o.take == take:
                return o
        offered = tuple(t for t in (o.take for o in mine) if t)
        raise self._error(
            Text(N_("{take!r} cannot be taken from Patron {patron:02d} ({types}) now; take "
                    "{choices}"), take=take, patron=chosen, types=self._types(chosen),
                 choices=Listing(offered, "or") if offered else Text(N_("no choice"))),
            "cannot-take", take, offered)

    def resolve(self, patron: int | None = None, take: str | None = None) -> ResolveRow:
        """The ``ResolveRow`` for these choices, checked, in the form ``legal_actions``
        lists (the Patron only for a NEAR fork, the type only when there is a choice)."""
        chosen = self.option(patron, take)
        return self._action(chosen)

    def actions(self) -> tuple[ResolveRow, ...]:
        """Every distinct way to resolve the row (one ``ResolveRow`` when it claims nothing
        or offers no choice)."""
        found = dict.fromkeys(self._action(o) for o in self.options)
        return tuple(found) or (ResolveRow(self.player),)

    def picks(self, patron: int | None = None, take: str | None = None) -> tuple[str | int, ...]:
        """What a game record's ``picks`` keeps of these choices: the Patron of a NEAR fork,
        the type when there was a choice (the defaults are written too)."""
        chosen = self.option(patron, take)
        if chosen is None or chosen.patron is None:
            return ()
        out: list[str | int] = [chosen.patron] if self.fork else []
        if self.choice(chosen.patron) and chosen.take is not None:
            out.append(chosen.take)
        return tuple(out)

    def action(self, picks: Sequence[str | int]) -> tuple[ResolveRow, int]:
        """The action a record's remaining ``picks`` give for this row, and how many of them
        it uses: a Patron's value first at a NEAR fork, then a type when there is a choice;
        where the picks run out, the defaults. A pick the row does not offer raises
        ``GameError`` naming it."""
        used = 0
        patron = None
        if self.fork and picks and isinstance(picks[0], int) and not isinstance(picks[0], bool):
            patron = picks[0]
            used = 1
            if patron not in self.patrons:
                raise self._error(
                    Text(N_("pick {patron:02d}: this row's NEAR touches Patrons {patrons}"),
                         patron=patron, patrons=Listing(f"{v:02d}" for v in self.patrons)),
                    "bad-pick", patron,
                    self.patrons)
        take = None
        if self.options and self.choice(patron) and len(picks) > used:
            pick = picks[used]
            used += 1
            takes = self.takes(patron)
            if pick not in takes:
                chosen = self._patron(patron)
                raise self._error(
                    Text(N_("pick {pick!r} cannot be taken from Patron {patron:02d} ({types}); "
                            "take {choices}"), pick=pick, patron=chosen,
                         types=self._types(chosen), choices=Listing(map(str, takes), "or")),
                    "bad-pick", pick, takes)
            take = pick
        return self.resolve(patron, take), used  # type: ignore[arg-type]

    # ------------------------------------------------------------------------- helpers

    def _patron(self, patron: int | None) -> int | None:
        if patron is not None:
            return patron
        return self.patrons[0] if self.patrons else None

    def _types(self, patron: int) -> str:
        return _(", ").join(type_name(t) for t in dict(self.printed).get(patron, ()))

    def _action(self, chosen: RowOption | None) -> ResolveRow:
        if chosen is None:
            return _resolve_row(self.player, None, None)
        take = chosen.take if chosen.plan is not None and len(chosen.plan.takes) > 1 else None
        return _resolve_row(self.player, chosen.patron if self.fork else None, take)

    def _error(self, message: str, reason: str, text: object,
               expected: tuple[object, ...]) -> GameError:
        if self.row is None:
            where = Text(N_("{player}: "), player=self.player)
        else:
            where = Text(N_("{player} row {row}: "), player=self.player, row=self.row)
        return GameError(Text("{where}{message}", where=where, message=message),
                         player=self.player, row=self.row, reason=reason,
                         text=None if text is None else str(text), expected=expected,
                         detail=message)


_ROWS: dict[tuple[str, int | None, str | None], ResolveRow] = {}


def _resolve_row(player: str, patron: int | None, take: str | None) -> ResolveRow:
    """``ResolveRow(player, patron, take)``: a frozen value, made (and checked) once."""
    key = (player, patron, take)
    action = _ROWS.get(key)
    if action is None:
        if len(_ROWS) > 4096:
            _ROWS.clear()
        action = _ROWS[key] = ResolveRow(player, patron, take)
    return action
