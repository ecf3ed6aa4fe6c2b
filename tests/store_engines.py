"""The store's engines for the tests: a throwaway PostgreSQL cluster and the ``store_*``
fixtures (registered by the root ``conftest.py``).

* ``pg_cluster`` (session): a PostgreSQL server started for the test run (``initdb`` into a
  temporary folder, ``pg_ctl start`` on a unix socket in it, as user ``postgres`` via
  ``runuser`` when the tests run as root), stopped at the end. Each pytest-xdist worker
  starts its own. If it cannot start, the tests that need it FAIL, saying to run
  ``bash scripts/ensure-postgres``.
* ``store_engine``: ``"sqlite"`` and ``"postgresql"`` (a test using it runs on both).
* ``store_url``: where a fresh, empty store is for this test, on that engine (a new SQLite
  file, or a new PostgreSQL schema: ``...?options=-csearch_path%3Dt_<hex>``).
* ``make_store(**options)``: a :class:`ProgressStore` on ``store_url`` (closed at the end).
* ``store``: a :class:`ProgressStore` on ``store_url`` (a test module may define its own).
* ``pg_url``: a fresh PostgreSQL store's URL (a new schema; no parametrizing).
* ``pg_session_url`` (session): a fresh PostgreSQL database, e.g. for a served kit's
  ``LNB_STORE`` in a browser test (``pg_cluster.new_database()`` makes another).

>>> url_with_schema("postgresql://postgres@/lnb?host=/tmp/x", "t_1")
'postgresql://postgres@/lnb?host=/tmp/x&options=-csearch_path%3Dt_1'
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ENGINES = ("sqlite", "postgresql")
#: Marks a test of what only a SQLite file has (its bytes, WAL, damage, backups).
SQLITE_ONLY = pytest.mark.parametrize("store_engine", ["sqlite"])
FIX = "run `bash scripts/ensure-postgres` (it installs Debian's postgresql)"


def url_with_schema(url: str, schema: str) -> str:
    """``url`` whose connections use ``schema`` (libpq's ``options``, percent-encoded)."""
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


def server_bin() -> Path | None:
    """The newest PostgreSQL server programs' folder (Debian's layout), if installed."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True,
                         key=lambda p: int(Path(p).parent.name)
                         if Path(p).parent.name.isdigit() else 0):
        if all((Path(folder) / name).exists() for name in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    found = shutil.which("pg_ctl")
    return Path(found).parent if found and shutil.which("initdb") else None


class PgCluster:
    """A throwaway PostgreSQL cluster in a temporary folder, reached by its unix socket."""

    def __init__(self) -> None:
        self.bin = server_bin()
        self.root = Path(tempfile.mkdtemp(prefix="lnb-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = 5432
        self.started = False
        self._as: list[str] = []
        self.user = "postgres"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self._as, *args], capture_output=True, text=True, timeout=120,
                              check=False, cwd=self.root)

    def start(self) -> None:
        """initdb and start the server; raises RuntimeError saying what went wrong."""
        if self.bin is None:
            raise RuntimeError(f"PostgreSQL's server programs (initdb, pg_ctl) are not "
                               f"installed; {FIX}")
        if os.geteuid() == 0:  # postgres refuses to run as root
            try:
                account = pwd.getpwnam("postgres")
            except KeyError:
                raise RuntimeError(f"there is no user postgres to run the server as; {FIX}"
                                   ) from None
            os.chown(self.root, account.pw_uid, account.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        else:
            self.user = pwd.getpwuid(os.geteuid()).pw_name
        made = self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", self.user,
                         "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
        if made.returncode:
            raise RuntimeError(f"initdb failed: {made.stderr.strip()[-800:]}; {FIX}")
        up = self._pg_ctl_start()
        if up.returncode:
            log = self.log.read_text(errors="replace")[-800:] if self.log.exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {up.stderr.strip()} {log}; {FIX}")
        self.started = True
        self.admin("CREATE DATABASE lnb")

    def pause(self) -> None:
        """Stop the server (its data kept): the store's server is down."""
        assert self.bin is not None
        down = self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w",
                         "stop")
        assert down.returncode == 0, down.stderr

    def resume(self) -> None:
        """Start the server again after :meth:`pause`."""
        up = self._pg_ctl_start()
        assert up.returncode == 0, up.stderr

    def _pg_ctl_start(self) -> subprocess.CompletedProcess[str]:
        """pg_ctl start: a unix socket in the cluster's folder only, no durability (tests)."""
        assert self.bin is not None
        options = (f"-k {self.root} -c listen_addresses='' -p {self.port} -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        return self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log),
                         "-o", options, "-w", "-t", "60", "start")

    def url(self, database: str = "lnb") -> str:
        """The URL of ``database`` on this cluster."""
        return f"postgresql://{self.user}@/{database}?host={self.root}&port={self.port}"

    def admin(self, sql: str, database: str = "postgres") -> None:
        """Run one statement as the cluster's superuser."""
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as conn:
            conn.execute(sql)

    def new_schema(self) -> str:
        """The URL of a fresh, empty schema in database ``lnb`` (fast: one per test)."""
        schema = f"t_{secrets.token_hex(6)}"
        self.admin(f"CREATE SCHEMA {schema}", "lnb")
        return url_with_schema(self.url("lnb"), schema)

    def new_database(self) -> str:
        """The URL of a fresh, empty database (e.g. for a served kit's ``LNB_STORE``)."""
        name = f"d_{secrets.token_hex(6)}"
        self.admin(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        if self.started and self.bin is not None:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    """A PostgreSQL server for this test process (xdist: one per worker), stopped at the end."""
    cluster = PgCluster()
    try:
        cluster.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        cluster.stop()
        pytest.fail(f"PostgreSQL could not be started for the store's tests: {exc}",
                    pytrace=False)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=ENGINES)
def store_engine(request: pytest.FixtureRequest) -> str:
    """The engine a store test runs on: each such test runs once on each."""
    return str(request.param)


@pytest.fixture
def store_url(store_engine: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Where a fresh, empty store is for this test: a new SQLite file or PostgreSQL schema."""
    if store_engine == "sqlite":
        return str(tmp_path / "progress.sqlite3")
    cluster: PgCluster = request.getfixturevalue("pg_cluster")
    return cluster.new_schema()


@pytest.fixture
def pg_url(pg_cluster: PgCluster) -> str:
    """A fresh PostgreSQL store's URL (a new schema), whatever the test's engine."""
    return pg_cluster.new_schema()


@pytest.fixture(scope="session")
def pg_session_url(pg_cluster: PgCluster) -> str:
    """A fresh PostgreSQL database for the whole session (e.g. a served kit's ``LNB_STORE``
    in a browser test: ``running_voila(..., env={"LNB_STORE": pg_session_url})``)."""
    return pg_cluster.new_database()


@pytest.fixture
def store(store_url: str) -> Iterator[Any]:
    """A fresh :class:`ProgressStore` on each engine (a test module may define its own)."""
    from classroom.progress import ProgressStore

    with ProgressStore(store_url, backups=False) as opened:
        yield opened


@pytest.fixture
def make_store(store_url: str) -> Iterator[Callable[..., Any]]:
    """``make_store(**options)``: a ProgressStore on this test's fresh store (closed after)."""
    from classroom.progress import ProgressStore

    made: list[ProgressStore] = []

    def make(**options: Any) -> ProgressStore:
        store = ProgressStore(store_url, **options)
        made.append(store)
        return store

    yield make
    for store in made:
        store.close()
