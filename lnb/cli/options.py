"""Command-line options shared by several subcommands (board levels, start, limit, JSON)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from lnb.babbage.board import Board, parse_tokens
from lnb.babbage.components import Component, Kind
from lnb.babbage.edition import Edition
from lnb.babbage.errors import InvalidOperationError, shown
from lnb.babbage.numbers import in_range
from lnb.core.i18n import _, ngettext


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """``--level C=TOKENS`` (repeatable)."""
    parser.add_argument(
        "--level", action="append", default=[], metavar="C=TOKENS",
        help=_("reveal a level with four tokens, e.g. {example}").format(
            example="--level C=+-7,x/3,swap,=42"),
    )


def board_from(levels: Sequence[str]) -> Board:
    """The standard board with the ``--level`` arguments revealed. A level showing more Set
    To tokens than a game can show (the edition's ``max_set_to_per_level``: they are redrawn)
    is refused, so every command that takes ``--level`` refuses it.

    >>> board_from(["C=+-7,x/3,=13,=42"]).tokens()["C"]
    ['+-7', 'x/3', '=13', '=42']
    >>> board_from(["C==13,=31,=42,swap"])
    Traceback (most recent call last):
    ...
    lnb.babbage.errors.InvalidOperationError: --level 'C==13,=31,=42,swap': level C shows 3 Set To tokens, but a game never shows more than 2 on a level (more are redrawn); keep at most 2, e.g. --level C=+-7,x/3,swap,=42
    """  # noqa: E501
    grid = {}
    for item in levels:
        name, sep, tokens = item.partition("=")
        name = name.strip().upper()
        if not sep or len(name) != 1 or not tokens:
            raise InvalidOperationError(
                _("--level {text}: write a level letter, '=' and four tokens, e.g. {example}")
                .format(text=repr(item), example="--level C=+-7,x/3,swap,=42"),
                text=item, reason="bad-level")
        if name in grid:
            raise InvalidOperationError(
                _("--level {text}: level {level} is given twice").format(text=repr(item),
                                                                         level=name),
                text=item, reason="level-twice")
        grid[name] = parse_tokens(tokens, name)
        _check_set_to(item, name, grid[name])
    return Board.standard(grid)


def _check_set_to(item: str, level: str, tokens: Sequence[Component]) -> None:
    most = Edition.load().max_set_to_per_level
    shown = sum(1 for t in tokens if t.kind is Kind.SET_TO)
    if shown > most:
        raise InvalidOperationError(
            ngettext("--level {text}: level {level} shows {shown} Set To token, but a game "
                     "never shows more than {most} on a level (more are redrawn); keep at most "
                     "{most}, e.g. {example}",
                     "--level {text}: level {level} shows {shown} Set To tokens, but a game "
                     "never shows more than {most} on a level (more are redrawn); keep at most "
                     "{most}, e.g. {example}", shown).format(
                         text=repr(item), level=level, shown=shown, most=most,
                         example="--level C=+-7,x/3,swap,=42"),
            text=item, reason="too-many-set-to", expected=most)


def value_arg(text: str) -> int:
    """A two-digit value 00–99 for ``--start`` and ``--target``."""
    if not text.strip().isdigit() or len(text.strip()) > 3 or not in_range(int(text)):
        raise argparse.ArgumentTypeError(
            _("{text} is not a value from 00 to 99").format(text=shown(text)))
    return int(text)


def count_arg(text: str) -> int:
    """A whole number ≥ 0 for ``--limit``."""
    if not text.strip().isdigit() or len(text.strip()) > 9:
        raise argparse.ArgumentTypeError(
            _("{text} is not a whole number like 5 (at most 9 digits)").format(text=shown(text)))
    return int(text)


def print_json(data: Any) -> None:
    """One JSON document on stdout, UTF-8 as is."""
    print(json.dumps(data, ensure_ascii=False))
