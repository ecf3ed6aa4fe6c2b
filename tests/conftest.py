"""Fixtures for every test: the store's engines (``tests/store_engines.py``): ``pg_cluster``,
``store_engine``, ``store_url``, ``make_store``, ``pg_url``."""

from store_engines import (  # noqa: F401  (pytest finds fixtures by their names here)
    make_store,
    pg_cluster,
    pg_url,
    store_engine,
    store_url,
)
