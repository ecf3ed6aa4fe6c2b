"""The ``lnb`` command: the library's front door for teachers and scripts.

Each subcommand lives in its own module with a ``register(subparsers)`` function; heavy imports
happen inside the handlers. Bad input exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from lnb.babbage.errors import LnbError

COMMAND_MODULES = (
    "lnb.cli.engine",
    "lnb.cli.game",
    "lnb.cli.solver",
    "lnb.cli.sheet",  # after lnb.cli.solver: adds `lnb puzzle sheet`
)


class UsageError(Exception):
    """Bad command-line words: reported on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, every subcommand registered."""
    parser = _Parser(prog="lnb", description="Lovelace & Babbage: the rules on the command line.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return the exit status (0 ok, 1 a "no" answer, 2 bad input)."""
    try:
        args = build_parser().parse_args(argv)
        return int(args.handler(args) or 0)
    except (UsageError, LnbError) as exc:
        prog = "lnb" if not argv and len(sys.argv) < 2 else f"lnb {(argv or sys.argv[1:])[0]}"
        print(f"{prog}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"lnb: {exc.strerror or exc}: {getattr(exc, 'filename', '') or ''}".rstrip(": "),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lnb: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
