"""The arguments every ``lnb`` command that reads one game record shares: the record's file,
and ``--json`` (``lnb replay FILE [--json]``, ``lnb <game> review FILE [--json]``).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="lnb")
>>> sub = parser.add_subparsers(dest="command")
>>> _ = add_record_command(sub, "show", "show a record", "print it as JSON", print)
>>> args = parser.parse_args(["show", "game.json", "--json"])
>>> args.file, args.json, args.handler is print
('game.json', True, True)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from lnb.core.i18n import _


def add_record_command(sub: argparse._SubParsersAction, name: str, help: str, json_help: str,
                       handler: Callable[[argparse.Namespace], int | None]
                       ) -> argparse.ArgumentParser:
    """Add the command ``name`` reading a record: ``FILE`` (a JSON file) and ``--json``
    (``json_help`` says what it prints); ``handler(args)`` runs it."""
    parser = sub.add_parser(name, help=help)
    parser.add_argument("file", help=_("the record, a JSON file"))
    parser.add_argument("--json", action="store_true", help=json_help)
    parser.set_defaults(handler=handler)
    return parser
