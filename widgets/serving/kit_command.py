"""``lovelace-kit``: the kit in one command on any laptop (Windows, macOS, Linux), after
``pip install ".[app]"`` (docs/install.md); no ``make`` and nothing from Debian.

It serves the lessons pip installed with the kit (:mod:`widgets.serving.lesson_folder`; in a
checkout, its ``lessons/``) exactly as ``make serve`` does, through
:func:`widgets.serve.run`: the kit's Voila with its template, config and kernel (put on the
Jupyter paths by :mod:`widgets.serving`, from the package's own data), a banner with the
address to open, and Ctrl-C to stop. Its options are a teacher's: the class's size, the port,
the school network, another lessons folder.

>>> serve_words(parse_args(["--class", "30", "--network", "--port", "8890"]))[2:]
['--port', '8890', '--class-size', '30', '--ip', '0.0.0.0']
>>> serve_words(parse_args(["--class", "30", "--class-pages", "09-undo-a-program.ipynb",
...                         "puzzles.ipynb"]))[-3:]
['--class-pages', '09-undo-a-program.ipynb', 'puzzles.ipynb']
>>> print(port_advice(8866, suggestion=8890))
To use another port, give --port N: lovelace-kit --port 8890
>>> from widgets import serve
>>> DEFAULT_PORT == serve.DEFAULT_PORT
True
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path

from lnb.cli.parsing import Parser, UsageError, language_arg, speaking
from lnb.core.i18n import _
from widgets.serving.lesson_folder import LANDING, lessons_folder

PROG = "lovelace-kit"
#: The port of ``make serve`` too (:data:`widgets.serve.DEFAULT_PORT`; widgets.serve is
#: imported only to serve, so that ``--help`` and the missing-module message work without
#: the ``[app]`` packages).
DEFAULT_PORT = 8866
#: What serving needs beyond the kit's own dependencies: pip's ``[app]`` extra brings them.
SERVER_MODULES = ("voila", "ipykernel", "psutil", "jupyter_server")
INSTALL_HINT = 'pip install "lovelace-babbage-kit[app]"'


def parser() -> Parser:
    """The command's options, in the language of the run (:func:`lnb.cli.parsing.speaking`)."""
    command = Parser(
        prog=PROG, allow_abbrev=False,  # a mistyped option is named, never guessed
        description=_("Start the Lovelace & Babbage kit on this computer and open its "
                      "landing page in the browser. The address to open is printed when the "
                      "kit is ready; stop the kit with Ctrl-C (or by closing this window)."),
        epilog=_("Examples: `lovelace-kit` for yourself; `lovelace-kit --class 30 "
                 "--network` for a class of 30 on the school network."))
    command.add_argument("--class", dest="class_size", type=int, default=0, metavar="N",
                         help=_("how many pupils will open the puzzles at once: the kit gets "
                                "ready for them in the background, so start it a few minutes "
                                "before the lesson (default 0: just you)"))
    command.add_argument("--class-pages", nargs="+", default=None, metavar="NOTEBOOK",
                         help=_("with --class: the pages of today's class, in the order the "
                                "class opens them, each kept ready for the class (default: "
                                "the puzzles)"))
    command.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                         help=_("the port in the address (default {port}); if another program "
                                "uses it, choose another, e.g. 8890").format(port=DEFAULT_PORT))
    command.add_argument("--network", action="store_true",
                         help=_("let the pupils' devices on this computer's network open the "
                                "kit too (the address for them is printed)"))
    command.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                         help=_("with --network: also answer pupils who use this name for "
                                "the computer (repeatable)"))
    command.add_argument("--lessons", type=Path, default=None, metavar="FOLDER",
                         help=_("a folder of lessons to serve instead of the kit's own "
                                "(default: {folder})").format(folder=lessons_folder()))
    command.add_argument("--no-browser", action="store_true",
                         help=_("do not open a browser; just print the address"))
    command.add_argument("--lang", type=language_arg, metavar="LANG",
                         help=_("the language of these messages, e.g. zh-CN or en (default: "
                                "the computer's); pupils' pages follow each browser"))
    return command


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """The command's options; bad words raise :class:`~lnb.cli.parsing.UsageError`."""
    return parser().parse_args(list(argv))


def serve_words(args: argparse.Namespace) -> list[str]:
    """The options of ``python -m widgets.serve`` (:func:`widgets.serve.parse_args`) that
    serve the kit as ``args`` asks."""
    words = ["--root", str(args.lessons or lessons_folder()), "--port", str(args.port),
             "--class-size", str(args.class_size),
             "--ip", "0.0.0.0" if args.network else "127.0.0.1"]
    if args.class_pages:
        words += ["--class-pages", *args.class_pages]
    for host in args.allow_host:
        words += ["--allow-host", host]
    if args.no_browser:
        words.append("--no-browser")
    return words


def missing_modules(names: Sequence[str] = SERVER_MODULES) -> list[str]:
    """The modules serving needs that are not installed (``[app]`` brings them all).

    >>> missing_modules(["json", "no_such_module_here"])
    ['no_such_module_here']
    """
    return [name for name in names if importlib.util.find_spec(name) is None]


def preheat_line(args: argparse.Namespace) -> str:
    """The banner's line on kernels, naming this command's option for a class."""
    from widgets.serve import preheat_summary

    if args.class_size > 0 or args.pool_size > 0:
        return preheat_summary(args)
    return _("Kernels start when a page is opened (for a class of 30: lovelace-kit --class 30).")


def port_advice(port: int, ip: str = "127.0.0.1", suggestion: int | None = None) -> str:
    """How to choose another port with this command."""
    from widgets.serve import another_port

    other = another_port(port, ip) if suggestion is None else suggestion
    return _("To use another port, give --port N: lovelace-kit --port {port}").format(port=other)


def _say(message: object) -> None:
    # TRANSLATORS: lovelace-kit's one-line error on stderr
    print(_("lovelace-kit: {message}").format(message=message), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Serve the kit until Ctrl-C: 0 when stopped, 1 if it could not start, 2 for bad words
    or a missing part of the install."""
    words = list(sys.argv[1:] if argv is None else argv)
    with speaking(words):
        try:
            args = parse_args(words)
        except UsageError as exc:
            _say(exc)
            return 2
        missing = missing_modules()
        if missing:
            _say(_("the kit's server needs {modules}, not installed here. Install the kit "
                   "with its app: {command} (in the kit's folder: pip install \".[app]\")")
                 .format(modules=", ".join(missing), command=INSTALL_HINT))
            return 2
        if args.lessons is not None and not args.lessons.is_dir():
            _say(_("there is no folder {folder}: give --lessons a folder of notebooks (like "
                   "the kit's lessons/, its landing page {landing}), or leave --lessons out "
                   "to serve the kit's own lessons").format(folder=args.lessons,
                                                            landing=LANDING))
            return 2
        from widgets import serve

        return serve.run(serve.parse_args(serve_words(args)), preheat_line=preheat_line,
                         port_help=port_advice, say=_say)


if __name__ == "__main__":
    sys.exit(main())
