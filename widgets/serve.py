"""Serve the lessons as a Voila app: ``python -m widgets.serve [--ip 0.0.0.0] [--port N]``.

The server is plain Voila 0.5 run by ``python -m widgets.serving`` with the kit's config
(``widgets/serving/config/voila.json``: offline ``kit`` template, preheated kernels,
culling of idle kernels, the XSRF cookie that lets a closed page free its kernel), started
and stopped by :class:`widgets.serving.server.KitServer`. :func:`server_for` makes that
server for the command's options; the browser tests and benchmarks use the same class.

For one person (the default) no kernel is started before a page asks for one: the first
page is served at once. A class opens one page at once (the puzzle app): ``--class-size N``
(``make serve CLASS=30``) keeps N kernels of that page preheated, plus two spares, its
notebook already run, so each pupil's page only fetches its widgets; the other lessons keep
``--pool-size`` each (default 0). The pools fill in the background, one kernel at a time and
only while no page is being opened (:mod:`widgets.serving.preheat`); once the class has taken
its kernels the pool is topped up to the spares only (:mod:`widgets.serving.pools`).
``--class-pages NB...`` (``make serve CLASS=30 PAGES="…"``) names several pages of today's
class: each gets its share, the first page's filled first, within ``--preheat-memory`` MB
(:mod:`widgets.serving.class_pages`); with preheating on, a lesson opened also has one kernel
of its next lesson preheated.

Voila's messages go to a log file in Jupyter's runtime folder, named by the banner, which is
the last thing the command prints, once the server answers. A busy port is found before
anything starts, and the message says how to choose another one.

Ctrl-C, SIGTERM or closing the terminal (SIGHUP) stops Voila and every kernel. The server
answers only requests for this machine's names and addresses and the ``--allow-host``
names; what else it refuses is in :mod:`widgets.serving.guard` and docs/classroom.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import sys
import webbrowser
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from lnb.cli.parsing import speaking
from lnb.core.i18n import _, ngettext
from widgets.serving.class_pages import (
    KERNEL_MB,
    PREHEAT_MB,
    SPARES,
    ClassPageError,
    check_pages,
    class_pools,
)
from widgets.serving.server import KitServer, ServerError, port_is_free

DEFAULT_PORT = 8866
LANDING = "index.ipynb"
CLASS_PAGE = "puzzles.ipynb"  # the page a whole class opens at once
CLASS_SIZE = 0  # one person; a teacher gives the class's size: make serve CLASS=30
STARTUP_TIMEOUT = 60  # seconds Voila may take to answer
LOG_NAME = "lnb-kit-serve-{port}.log"  # in Jupyter's runtime folder


def pools_config(pool_size: int, class_size: int, class_page: str | Sequence[str] = CLASS_PAGE,
                 preheat_mb: int = PREHEAT_MB,
                 ) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
    """Voila's ``kernel_pools_config`` and the kit's ``refill_pools_config``.

    The class page starts with a kernel for each pupil plus ``SPARES`` (for a reload or a
    latecomer), and is refilled only to keep the spares: a class of ``class_size`` arriving
    at once never waits behind a kernel being started for the pool. Several class pages
    (a list) get their shares in the order named, within ``preheat_mb`` MB
    (:func:`widgets.serving.class_pages.class_pools`); their order is the order of filling.

    >>> first, refill = pools_config(1, 30)
    >>> first
    {'default': {'pool_size': 1}, 'puzzles.ipynb': {'pool_size': 32}}
    >>> refill
    {'puzzles.ipynb': {'pool_size': 2}}
    >>> pools_config(0, 0)
    ({'default': {'pool_size': 0}}, {})
    """
    first = {"default": {"pool_size": max(pool_size, 0)}}
    refill = {}
    pages = [class_page] if isinstance(class_page, str) else list(class_page)
    spares = max(SPARES, pool_size)
    for page, share in class_pools(pages, class_size, pool_size, preheat_mb).items():
        first[page] = {"pool_size": share}
        refill[page] = {"pool_size": min(spares, share)}
    return first, refill


def default_root() -> Path:
    """The ``lessons/`` folder of the checkout, else the lessons pip installed with the kit,
    else ``./lessons`` (:func:`widgets.serving.lesson_folder.lessons_folder`)."""
    from widgets.serving.lesson_folder import lessons_folder

    return lessons_folder()


def kit_voila_args(
    pool_size: int = 1,
    class_size: int = 0,
    class_page: str | Sequence[str] = CLASS_PAGE,
    preheat_denylist: Sequence[str] = (),
    cull_idle_timeout: int = 1800,
    cull_interval: int = 60,
    allow_hosts: Sequence[str] = (),
    preheat_mb: int = PREHEAT_MB,
) -> list[str]:
    """Voila's options for the kit's settings: preheated kernels and culling.

    ``pool_size`` kernels are kept preheated for *each* notebook of the server
    (0 turns preheating off), and ``class_size`` plus two spares for ``class_page`` (once
    taken, topped up to keep the spares; several pages: their shares within ``preheat_mb``
    MB, :func:`pools_config`); notebooks matching ``preheat_denylist`` (names or
    regular expressions) get none. Idle kernels are culled after ``cull_idle_timeout``
    seconds once their page is gone (0 turns culling off). ``allow_hosts`` are host names
    served besides this machine's names and addresses (:mod:`widgets.serving.app`).

    >>> kit_voila_args(pool_size=0, cull_idle_timeout=0)[:2]
    ['--VoilaConfiguration.preheat_kernel=False', '--VoilaConfiguration.default_pool_size=0']
    >>> kit_voila_args(allow_hosts=["kit.school.example"])[-1]
    '--KitVoila.allow_hosts=kit.school.example'
    """
    first, refill = pools_config(pool_size, class_size, class_page, preheat_mb)
    preheat = pool_size > 0 or class_size > 0
    return [
        f"--VoilaConfiguration.preheat_kernel={preheat}",
        f"--VoilaConfiguration.default_pool_size={max(pool_size, 0)}",
        *([f"--VoilaKernelManager.kernel_pools_config={json.dumps(first)}",
           f"--VoilaKernelManager.refill_pools_config={json.dumps(refill)}"] if preheat else []),
        *[f"--VoilaKernelManager.preheat_denylist={name}" for name in preheat_denylist],
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        *[f"--KitVoila.allow_hosts={host}" for host in allow_hosts],
    ]


def voila_command(
    root: Path | str | None = None,
    *,
    port: int = DEFAULT_PORT,
    ip: str = "127.0.0.1",
    extra_args: Sequence[str] = (),
    **settings: Any,
) -> list[str]:
    """The command that runs the kit's Voila server on ``root`` (a folder of notebooks;
    default :func:`default_root`) on ``port``, for the settings of :func:`kit_voila_args`.
    """
    args = [*kit_voila_args(**settings), *extra_args]
    return KitServer(root or default_root(), port, ip=ip, voila_args=args).command(port)


def landing_path(root: Path) -> str:
    """URL path of the landing page: the rendered ``index.ipynb``, else the tree."""
    return f"voila/render/{LANDING}" if (root / LANDING).is_file() else ""


def lan_address() -> str:
    """Best guess at this machine's address on the classroom network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Command-line options of ``python -m widgets.serve``."""
    parser = argparse.ArgumentParser(
        prog="python -m widgets.serve",
        description=_("Serve the lessons as a Voila app. Its messages speak the language of "
                      "--lang or, without it, of LANG."))
    parser.add_argument("--lang", metavar="LANG", help=_(
        "the language of the command's messages, e.g. zh-CN or en (default: from LANG); "
        "pupils' pages follow each browser"))
    parser.add_argument("--root", type=Path, default=None,
                        help=_("notebook folder (lessons/)"))
    parser.add_argument("--ip", default="127.0.0.1",
                        help=_("address to listen on; 0.0.0.0 for the classroom network"))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--pool-size", type=int, default=0,
                        help=_("preheated kernels kept ready per notebook (default 0: none)"))
    parser.add_argument("--class-size", type=int, default=CLASS_SIZE, metavar="N",
                        help=_("pupils who open the class page at once: N kernels of it (and "
                               "{spares} spares) are kept ready, started one at a time in the "
                               "background (default {size}: none; `make serve CLASS=30`)")
                        .format(spares=SPARES, size=CLASS_SIZE))
    parser.add_argument("--class-page", default=CLASS_PAGE, metavar="NOTEBOOK",
                        help=_("the page the class opens at once (default {page})").format(
                            page=CLASS_PAGE))
    parser.add_argument("--class-pages", nargs="+", default=None, metavar="NOTEBOOK",
                        help=_("the pages of today's class, in the order the class opens "
                               "them: each gets its share of the preheated kernels, the "
                               "first page first (default: --class-page alone; `make serve "
                               "CLASS=30 PAGES=\"09-undo-a-program.ipynb puzzles.ipynb\"`)"))
    parser.add_argument("--preheat-memory", type=int, default=PREHEAT_MB, metavar="MB",
                        help=_("memory the preheated kernels may take in all, about {mb} MB "
                               "a kernel (default {default} MB)").format(
                                   mb=KERNEL_MB, default=PREHEAT_MB))
    parser.add_argument("--preheat-denylist", nargs="+", default=[], metavar="NOTEBOOK",
                        help=_("notebooks (names or regular expressions) never preheated"))
    parser.add_argument("--cull-idle", type=int, default=1800, metavar="SECONDS",
                        help=_("shut down kernels idle this long with no page open (0: never)"))
    parser.add_argument("--cull-interval", type=int, default=60, metavar="SECONDS")
    parser.add_argument("--allow-host", action="append", default=[], metavar="HOST",
                        help=_("also answer requests for this host name, e.g. the laptop's "
                               "name on the school network (repeatable); localhost and this "
                               "machine's own names and addresses are always answered, any "
                               "other name is refused (a DNS-rebinding guard)"))
    parser.add_argument("--no-browser", action="store_true",
                        help=_("do not open a browser"))
    parser.add_argument("voila_args", nargs="*", help=_("passed on to Voila (after --)"))
    return parser.parse_args(argv)


def class_pages_of(args: argparse.Namespace) -> list[str]:
    """The class's pages the options name: ``--class-pages``, else ``--class-page``.

    >>> class_pages_of(parse_args(["--class-pages", "09-undo-a-program.ipynb", "puzzles.ipynb"]))
    ['09-undo-a-program.ipynb', 'puzzles.ipynb']
    >>> class_pages_of(parse_args([]))
    ['puzzles.ipynb']
    """
    return list(getattr(args, "class_pages", None) or [args.class_page])


def server_for(args: argparse.Namespace, **options: Any) -> KitServer:
    """The kit's server for the serve command's parsed options; ``options`` go to
    :class:`~widgets.serving.server.KitServer` over them (``port=None``: a free port)."""
    voila_args = [*kit_voila_args(args.pool_size, args.class_size, class_pages_of(args),
                                  args.preheat_denylist, args.cull_idle, args.cull_interval,
                                  getattr(args, "allow_host", ()),
                                  getattr(args, "preheat_memory", PREHEAT_MB)),
                  *args.voila_args]
    settings: dict[str, Any] = {"root": args.root or default_root(), "port": args.port,
                                "ip": args.ip, "voila_args": voila_args,
                                "startup_timeout": STARTUP_TIMEOUT, **options}
    return KitServer(**settings)


def command_for(args: argparse.Namespace) -> list[str]:
    """The Voila command the serve command runs for its parsed options."""
    return server_for(args).command(args.port)


def log_path(port: int, environ: Mapping[str, str] | None = None) -> Path:
    """Where the serve command on ``port`` writes Voila's messages: Jupyter's runtime folder.

    >>> log_path(8866, {"JUPYTER_RUNTIME_DIR": "/tmp/rt"}).as_posix()
    '/tmp/rt/lnb-kit-serve-8866.log'
    """
    env = os.environ if environ is None else environ
    if env.get("JUPYTER_RUNTIME_DIR"):
        folder = Path(env["JUPYTER_RUNTIME_DIR"])
    else:
        from jupyter_core.paths import jupyter_runtime_dir

        folder = Path(jupyter_runtime_dir())
    return folder / LOG_NAME.format(port=port)


def another_port(port: int, ip: str = "127.0.0.1") -> int:
    """A free port near ``port`` to suggest instead of it (``port + 24`` if none is free)."""
    host = "127.0.0.1" if ip in ("", "0.0.0.0", "localhost") else ip
    return next((p for p in range(port + 1, port + 50) if port_is_free(p, host)), port + 24)


def port_hint(port: int, ip: str = "127.0.0.1", suggestion: int | None = None) -> str:
    """How to choose another port, for the serve command and for ``make serve``.

    >>> print(port_hint(8866, suggestion=8890))
    To use another port, give --port N: `make serve ARGS="--port 8890"`
    (or `.venv/bin/python -m widgets.serve --port 8890`).
    """
    other = another_port(port, ip) if suggestion is None else suggestion
    return _('To use another port, give --port N: `make serve ARGS="--port {port}"`\n'
             "(or `.venv/bin/python -m widgets.serve --port {port}`).").format(port=other)


def preheat_summary(args: argparse.Namespace) -> str:
    """The banner's line on kernels started before pages ask for them.

    >>> print(preheat_summary(parse_args([])))
    Kernels start when a page is opened (for a class: make serve CLASS=30).
    >>> print(preheat_summary(parse_args(["--class-size", "30"])))
    Preheating 32 kernels of puzzles.ipynb in the background, one at a time.
    >>> print(preheat_summary(parse_args(["--class-size", "30", "--class-pages",
    ...                                   "09-undo-a-program.ipynb", "puzzles.ipynb"]))[:93])
    Kept ready for the class, first page first: 09-undo-a-program.ipynb (32 kernels), puzzles.ipy
    """
    pages = class_pages_of(args)
    if args.class_size > 0 and len(pages) > 1:
        first, _refill = pools_config(args.pool_size, args.class_size, pages,
                                      getattr(args, "preheat_memory", PREHEAT_MB))
        shares = [ngettext("{page} ({count} kernel)", "{page} ({count} kernels)",
                           first[page]["pool_size"]).format(page=page,
                                                            count=first[page]["pool_size"])
                  for page in pages]
        return _("Kept ready for the class, first page first: {pages}; preheated in the "
                 "background, one at a time.").format(pages=", ".join(shares))
    if args.class_size > 0:
        count = args.class_size + max(SPARES, args.pool_size)
        if args.pool_size > 0:
            return ngettext(
                "Preheating {count} kernel of {page} and {pool} of every other lesson in the "
                "background, one at a time.",
                "Preheating {count} kernels of {page} and {pool} of every other lesson in the "
                "background, one at a time.", count).format(
                    count=count, page=args.class_page, pool=args.pool_size)
        return ngettext("Preheating {count} kernel of {page} in the background, one at a time.",
                        "Preheating {count} kernels of {page} in the background, one at a "
                        "time.", count).format(count=count, page=args.class_page)
    if args.pool_size > 0:
        return ngettext("Preheating {count} kernel of each lesson in the background.",
                        "Preheating {count} kernels of each lesson in the background.",
                        args.pool_size).format(count=args.pool_size)
    return _("Kernels start when a page is opened (for a class: make serve CLASS=30).")


def main(argv: Sequence[str] | None = None) -> int:
    """Start Voila, print where pupils should point their browsers, wait for Ctrl-C; in the
    language of ``--lang`` or ``LANG``."""
    words = list(sys.argv[1:] if argv is None else argv)
    with speaking(words):
        return run(parse_args(words))


def _say_serve(message: object) -> None:
    # TRANSLATORS: the serve command's one-line error on stderr
    print(_("serve: {message}").format(message=message), file=sys.stderr)


def run(args: argparse.Namespace, *,
        preheat_line: Callable[[argparse.Namespace], str] = preheat_summary,
        port_help: Callable[[int, str], str] = port_hint,
        say: Callable[[object], None] | None = None) -> int:
    """Serve the kit for the parsed options until Ctrl-C; the exit status. The banner's line
    on kernels, the hint for a busy port and the error lines come from ``preheat_line``,
    ``port_help`` and ``say`` (another command, e.g. ``lovelace-kit``, names itself and its
    own options in them)."""
    say = say or _say_serve
    root = (args.root or default_root()).resolve()
    if not root.is_dir():
        say(_("no notebook folder at {folder}").format(folder=root))
        return 2
    if getattr(args, "class_pages", None):
        if args.class_size <= 0:
            say(_("the class's pages are kept ready for a class: give its size too, e.g. "
                  "make serve CLASS=30 PAGES=\"{pages}\" (--class-size 30)").format(
                      pages=" ".join(args.class_pages)))
            return 2
        try:
            args.class_pages = check_pages(root, args.class_pages)
        except ClassPageError as exc:
            say(exc)
            return 2
    # Voila's messages go to a fresh log file; the banner below is all the terminal shows.
    log = log_path(args.port)
    with contextlib.suppress(OSError):
        log.unlink()
    server = server_for(args, root=root, log=log)
    # Voila runs in its own session: Ctrl-C reaches only this process, which stops Voila with
    # SIGTERM (Voila's own clean stop: kernels shut down), one way every time. SIGTERM to this
    # process does the same, and so does SIGHUP (the terminal was closed): Voila, in a
    # session of its own, would not get it and would keep its kernels and the port.
    signal.signal(signal.SIGTERM, _interrupt)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, _interrupt)
    # Ctrl-C works even when started from a script or `make` in the background, where SIGINT
    # comes ignored (and Python then leaves it ignored).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        server.start()
        server.wait_ready()
        url = server.url(landing_path(root))
        print("\n" + "=" * 72)
        print("  " + _("Lovelace & Babbage kit is running:  {url}").format(url=url))
        if args.ip == "0.0.0.0":
            lan_url = url.replace(f"//{server.host}:", f"//{lan_address()}:", 1)
            print("  " + _("Pupils on this network open:        {url}").format(url=lan_url))
        print(f"  {preheat_line(args)}")
        print("  " + _("Voila's messages go to {file}").format(file=server.log))
        print("  " + _("Stop it with Ctrl-C."))
        print("=" * 72 + "\n", flush=True)
        if not args.no_browser:
            webbrowser.open(url)
        return server.wait()
    except KeyboardInterrupt:  # Ctrl-C (or SIGTERM, SIGHUP): stopped below
        with contextlib.suppress(OSError):  # a closed terminal takes no output
            print("\n" + _("Stopping the kit..."), flush=True)
        return 0
    except ServerError as exc:
        if exc.reason == "port-in-use":
            say(_("{problem}.\n{hint}").format(problem=exc,
                                                hint=port_help(args.port, args.ip)))
        else:
            tail = server.log_tail(20) if server.proc is not None else ""
            if tail:
                say(_("{problem}\nIts last messages:\n{tail}").format(problem=exc, tail=tail))
            else:
                say(exc)
        return 1
    finally:
        server.stop()


def _interrupt(signum: int, frame: object) -> None:
    """SIGTERM and SIGHUP stop the kit as Ctrl-C does."""
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
