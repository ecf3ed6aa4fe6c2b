"""A live table's options as a game declares them: what its host sets in the lobby.

A game's :class:`~lnb.core.table.TableRules` lists its table options
(``TableRules.table_options()``, none by default); the table page draws a control for each
(an on/off box, or a menu of ``choices``) for the host and the options' words for everyone,
and the store keeps their values in ``RoomSetup.options`` (``RoomStore.set_options``, checked
by ``TableRules.checked_options``). Nothing here names a game.

>>> from lnb.core.i18n import N_
>>> fast = TableOption("fast", N_("Fast game"), False)
>>> length = TableOption("minutes", N_("Length"), 5,
...                      choices=((5, N_("{value} minutes")), (10, N_("{value} minutes"))))
>>> fast.value({}), length.value({"minutes": 10}), length.shown(10)
(False, 10, '10 minutes')
>>> options_words((fast, length), {"fast": True})
['Fast game: on', 'Length: 5 minutes']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lnb.core.i18n import _, pgettext


@dataclass(frozen=True)
class TableOption:
    """One option of a live table: its ``key`` in the setup's options, its ``label`` (a
    message, translated when shown), its ``default`` (the value when the table does not set
    it), and its ``choices`` (value, words with ``{value}``; empty: an on/off option)."""

    key: str
    label: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()

    def value(self, options: Mapping[str, Any]) -> Any:
        """The option's value at a table of ``options``."""
        return options.get(self.key, self.default)

    def shown(self, value: Any) -> str:
        """A value in words, in the language of the moment."""
        if not self.choices:
            # TRANSLATORS: an on/off option of a table (e.g. "Take-that Subroutines: on")
            return pgettext("table option", "on") if value else pgettext("table option", "off")
        words = dict(self.choices).get(value, "{value}")
        return _(words).format(value=value)

    def title(self) -> str:
        """The option's label in the language of the moment."""
        return _(self.label)


def options_words(declared: Sequence[TableOption], options: Mapping[str, Any]) -> list[str]:
    """Each declared option with its value at a table of ``options``, in words."""
    # TRANSLATORS: a table option and its value in the lobby, e.g. "Take-that Subroutines: on"
    return [_("{label}: {value}").format(label=o.title(), value=o.shown(o.value(options)))
            for o in declared]


__all__ = ["TableOption", "options_words"]
