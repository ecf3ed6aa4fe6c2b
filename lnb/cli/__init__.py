"""The ``lnb`` command: the library's front door for teachers and scripts.

Each subcommand lives in its own module with a ``register(subparsers)`` function; heavy imports
happen inside the handlers. Bad input exits with status 2 and one line on stderr. Output cut
short by its reader (``lnb replay game.json | head -1``) ends quietly with status 0.

Messages speak the language of ``lnb --lang zh-CN ...`` or, without it, of ``LANG`` (and
``LC_ALL``, ``LC_MESSAGES``, ``LANGUAGE``), through :mod:`lnb.core.i18n`; argparse's own words
("usage:", "options"...) come from the kit's catalog too.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from lnb.cli.parsing import Parser, UsageError, language_arg, speaking
from lnb.core import i18n
from lnb.core.errors import LnbError
from lnb.core.i18n import _
from lnb.core.messages import shown

COMMAND_MODULES = (
    "lnb.cli.engine",
    "lnb.cli.game",
    "lnb.cli.solver",
    "lnb.cli.sheet",  # after lnb.cli.solver: adds `lnb puzzle sheet`
    "lnb.cli.review",  # `lnb review FILE` (any game's record) and `lnb babbage review`
)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: one group per registered game (:func:`lnb.core.game.games`:
    its title, its ``commands`` hook), and the first game's commands on top as well
    (``lnb run`` = ``lnb babbage run``).

    >>> parser = build_parser()
    >>> parser.parse_args(["babbage", "run", "A3+"]).handler is \\
    ...     parser.parse_args(["run", "A3+"]).handler
    True
    """
    from lnb.core.game import games

    every = games()
    listed = i18n.format_list(_("{title} ({name})").format(title=g.title, name=g.name)
                              for g in every)
    parser = Parser(prog="lnb",
                     description=_("The kit's games on the command line: {games}.").format(
                         games=listed))
    parser.add_argument("--lang", metavar="LANG", type=language_arg,
                        help=_("the language of the messages, e.g. zh-CN or en "
                               "(default: from LANG)"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for game in every:
        modules = game.commands
        if not modules:  # a game with no commands of its own (``lnb replay`` still reads it)
            continue
        group = sub.add_parser(game.name,
                               help=_("{title}: its commands").format(title=game.title),
                               description=_("{title} on the command line.").format(
                                   title=game.title))
        group_sub = group.add_subparsers(dest="game_command", metavar="COMMAND",
                                         parser_class=Parser)
        group_sub.required = True
        for module in modules:
            importlib.import_module(module).register(group_sub)
        if game is every[0]:
            for module in modules:
                importlib.import_module(module).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return the exit status (0 ok, 1 a "no" answer, 2 bad input)."""
    words = list(sys.argv[1:] if argv is None else argv)
    with speaking(words):
        return _main(words)


def _main(words: list[str]) -> int:
    try:
        args = build_parser().parse_args(words)
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
        prog = " ".join(["lnb", *_command_word(words)])
        print(_error_line(prog, one_line(str(exc))), file=sys.stderr)
        return 2
    except OSError as exc:
        problem = f"{exc.strerror or exc}: {getattr(exc, 'filename', '') or ''}".rstrip(": ")
        print(_error_line("lnb", problem), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_error_line("lnb", _("interrupted")), file=sys.stderr)
        return 130


def _error_line(prog: str, message: str) -> str:
    """The one line on stderr: ``lnb run: what was wrong``.

    >>> _error_line("lnb run", "level Q does not exist")
    'lnb run: level Q does not exist'
    """
    # TRANSLATORS: the one-line error of the lnb command; {prog} is "lnb" or "lnb run".
    return _("{prog}: {message}").format(prog=prog, message=message)


def _command_word(words: Sequence[str]) -> list[str]:
    """The command's name in ``words`` (after ``--lang X``), as a list of at most one word.

    >>> _command_word(["--lang", "zh-CN", "run", "A3+"]), _command_word([])
    (['run'], [])
    """
    rest = list(words)
    while rest and rest[0].startswith("-"):
        rest = rest[2:] if rest[0] == "--lang" else rest[1:]
    return rest[:1] or list(words[:1])


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
