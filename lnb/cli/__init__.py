"""The ``lnb`` command: the library's front door for teachers and scripts.

Each subcommand lives in its own module with a ``register(subparsers)`` function; heavy imports
happen inside the handlers. Bad input exits with status 2 and one line on stderr. Output cut
short by its reader (``lnb replay game.json | head -1``) ends quietly with status 0.
"""

from __future__ import annotations

import argparse
import importlib
import os
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
        status = int(args.handler(args) or 0)
        sys.stdout.flush()  # a closed pipe shows up here, not at exit
        return status
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except SystemExit:  # --help, --version: argparse printed and exits
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            _silence_stdout()
        raise
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


def _silence_stdout() -> None:
    """The reader of stdout went away: point stdout at the null device, so the flush at exit
    raises nothing (Python's advice for SIGPIPE, docs "Note on SIGPIPE")."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (a test's StringIO...)
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
