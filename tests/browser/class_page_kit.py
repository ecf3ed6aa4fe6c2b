"""A kit server on ``lessons/`` whose one page under test has preheated kernels.

The kit preheats its class page (:func:`widgets.serve.pools_config`: a kernel per pupil and two
spares, topped up to the spares as they are taken). A browser test file that opens one app
many times gives that app's notebook the same pool, so most of its page loads find the
notebook already run, and the other lessons (opened once or not at all) start no kernel
before they are asked for.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from browser_harness import REPO, STARTUP_TIMEOUT, VoilaServer, check_jupyter_paths

from widgets.serve import kit_voila_args
from widgets.serving.server import KitServer, ServerError


@contextlib.contextmanager
def class_page_kit(page: str, home: Path, env: Mapping[str, str] | None = None
                   ) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/`` (hermetic Jupyter folders under ``home``, ``env``
    added) with ``page`` (``"museum.ipynb"``) preheated as a class page of one pupil; waits
    until it answers, stops it after. A server that exits or stays silent fails the test with
    the tail of its log."""
    server = KitServer(REPO / "lessons", voila_args=kit_voila_args(0, 1, class_page=page),
                       env=dict(env or {}), home=home, log=home / "voila.log", cwd=REPO,
                       startup_timeout=STARTUP_TIMEOUT)
    check_jupyter_paths(server.environ())
    try:
        try:
            server.start().wait_ready()
        except ServerError as exc:
            pytest.fail(f"{exc}:\n{server.log_tail()}")
        yield VoilaServer(server)
    finally:
        server.stop()
