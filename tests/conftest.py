"""Fixtures for every test: the store's engines (``tests/store_engines.py``): ``pg_cluster``,
``store_engine``, ``store_url``, ``store``, ``make_store``, ``pg_url``, ``pg_session_url``."""

from store_engines import (  # noqa: F401  (pytest finds fixtures by their names here)
    make_store,
    pg_cluster,
    pg_session_url,
    pg_url,
    store,
    store_engine,
    store_url,
)
