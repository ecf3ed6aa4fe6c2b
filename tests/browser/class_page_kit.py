"""A kit server on ``lessons/`` whose one page under test has preheated kernels.

The kit preheats its class page (:func:`widgets.serve.pools_config`: a kernel per pupil and two
spares, topped up to the spares as they are taken). A browser test file that opens one app
many times gives that app's notebook the same pool, so most of its page loads find the
notebook already run, and the other lessons (opened once or not at all) start no kernel
before they are asked for.

:func:`shared_class_kit` is one such server per page for every test file of a pytest process
that asks for it (the Dream's four files, the museum's two): a file that lands on a worker
after another of the same page finds the server up and its kernels preheated, instead of
starting a server and three kernels of its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from browser_harness import REPO, VoilaServer, running_voila

_SHARED = pytest.StashKey[dict[str, tuple[VoilaServer, Path]]]()


@contextlib.contextmanager
def class_page_kit(page: str, home: Path, env: Mapping[str, str] | None = None
                   ) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/`` (hermetic Jupyter folders under ``home``, ``env``
    added) with ``page`` (``"museum.ipynb"``) preheated as a class page of one pupil:
    :func:`browser_harness.running_voila` with the serve command's ``--class-size 1``."""
    with running_voila(REPO / "lessons", home, pool_size=0, env=dict(env or {}),
                       class_size=1, class_page=page) as server:
        yield server


def shared_class_kit(request: pytest.FixtureRequest, page: str) -> tuple[VoilaServer, Path]:
    """The process's :func:`class_page_kit` of ``page`` and its home (the server's progress
    file is ``home / "progress.sqlite3"``), started on first use, stopped when the session
    ends (``config.add_cleanup``). A test file's ``kit`` fixture, e.g.
    ``shared_class_kit(request, "dream.ipynb")[0]``."""
    config = request.config
    kits = config.stash.setdefault(_SHARED, {})
    if page not in kits:
        stack = contextlib.ExitStack()
        home = request.getfixturevalue("tmp_path_factory").mktemp(
            "kit-" + page.removesuffix(".ipynb"))
        env = {"LNB_PROGRESS_DB": str(home / "progress.sqlite3")}
        kits[page] = (stack.enter_context(class_page_kit(page, home, env)), home)
        config.add_cleanup(stack.close)
    return kits[page]
