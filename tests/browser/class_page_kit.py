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

from browser_harness import REPO, VoilaServer, running_voila


@contextlib.contextmanager
def class_page_kit(page: str, home: Path, env: Mapping[str, str] | None = None
                   ) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/`` (hermetic Jupyter folders under ``home``, ``env``
    added) with ``page`` (``"museum.ipynb"``) preheated as a class page of one pupil:
    :func:`browser_harness.running_voila` with the serve command's ``--class-size 1``."""
    with running_voila(REPO / "lessons", home, pool_size=0, env=dict(env or {}),
                       class_size=1, class_page=page) as server:
        yield server
