"""Test-run setup shared by every test: hermetic Jupyter folders, and the store's engines.

Kernels (nbval), Voila servers (browser tests) and IPython all read their configuration from
folders of this run only, so a teacher's own Jupyter settings never change a test's outcome.

The store's fixtures (``tests/store_engines.py``: ``pg_cluster``, ``store_engine``,
``store_url``, ``store``, ``make_store``, ``pg_url``, ``pg_session_url``) are registered here,
at the root: a ``tests/conftest.py`` would clash with ``tests/browser/conftest.py`` when
``--doctest-modules`` imports both as the module ``conftest``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "tests"))  # as the test files import them

from store_engines import (  # noqa: F401  (pytest finds fixtures by their names here)
    make_store,
    pg_cluster,
    pg_session_url,
    pg_url,
    store,
    store_engine,
    store_url,
)

# The checkout's compiled files are written even where PYTHONDONTWRITEBYTECODE is set (as on
# the CI machine): the test files as pytest rewrites their asserts, the kit's modules as the
# doctests import them. Without them every worker of every pass compiled the whole suite again
# (about 9 of the 14 CPU seconds of a worker's collection), and every kernel and server the
# tests start compiled the kit's modules it imports. The files are Python's usual
# ``__pycache__/`` folders (git ignores them); what a test runs is the same.
sys.dont_write_bytecode = False

#: The browser pass's schedule, measured by each run (tests/browser_schedule.py), and
#: nbval's kernels on IPC sockets (tests/nbval_kernels.py).
pytest_plugins = ["browser_schedule", "nbval_kernels"]

_HERMETIC = (
    "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
    "MPLCONFIGDIR",
)


def pytest_configure(config) -> None:
    """Point Jupyter and IPython at empty folders of this run (inherited by subprocesses)."""
    root = Path(tempfile.mkdtemp(prefix="lnb-test-jupyter-"))
    for name in _HERMETIC:
        folder = root / name.lower()
        folder.mkdir()
        os.environ[name] = str(folder)
    os.environ.setdefault("LNB_PROGRESS_DB", str(root / "progress.sqlite3"))
    os.environ["JUPYTER_PLATFORM_DIRS"] = "1"
    cheap_secret_hashes()


#: scrypt's cost in the tests' own processes: the same function and stored format, a
#: thousandth of the work (2**14 in the kit: 30 ms a hash; the classroom tests made and
#: checked thousands of them: 19 of the 24 CPU seconds of test_dashboard.py and
#: test_identity.py). A hash records its cost, so a server or kernel the tests start, hashing
#: at the kit's cost, checks these and they check its. test_identity.py checks the kit's
#: cost in a process of its own.
TEST_SCRYPT_N = 2**4


def cheap_secret_hashes() -> None:
    """Pupils' cards and teachers' keys hashed at :data:`TEST_SCRYPT_N` in this process."""
    from classroom import identity

    identity.SCRYPT["n"] = TEST_SCRYPT_N
