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

from lnb.core.errors import LnbError, shown

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


#: One sub-command group per game of the kit: its name, title and command modules.
#: Lovelace & Babbage's commands are also at the top level (``lnb run`` = ``lnb babbage run``).
GAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "babbage": ("Lovelace & Babbage", COMMAND_MODULES),
}
TOP_LEVEL_GAME = "babbage"


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: each game's group, and the first game's commands on top.

    >>> parser = build_parser()
    >>> parser.parse_args(["babbage", "run", "A3+"]).handler is \\
    ...     parser.parse_args(["run", "A3+"]).handler
    True
    """
    parser = _Parser(prog="lnb", description="The kit's games on the command line: "
                     + ", ".join(f"{title} ({name})" for name, (title, _) in GAMES.items())
                     + ".")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name, (title, modules) in GAMES.items():
        group = sub.add_parser(name, help=f"{title}: its commands",
                               description=f"{title} on the command line.")
        group_sub = group.add_subparsers(dest="game_command", metavar="COMMAND",
                                         parser_class=_Parser)
        group_sub.required = True
        for module in modules:
            importlib.import_module(module).register(group_sub)
        if name == TOP_LEVEL_GAME:
            for module in modules:
                importlib.import_module(module).register(sub)
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
        print(f"{prog}: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"lnb: {exc.strerror or exc}: {getattr(exc, 'filename', '') or ''}".rstrip(": "),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lnb: interrupted", file=sys.stderr)
        return 130


def one_line(message: str) -> str:
    """``message`` on one line, each very long word cut in the middle (a pasted page of
    digits in an argument stays readable).

    >>> one_line("bad value '" + "1" * 100 + "'\\nsee --help")
    "bad value '1111111111111111111…111111111' (102 characters) see --help"
    """
    return " ".join(shown(word, 60, quote=False) for word in message.split())


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
