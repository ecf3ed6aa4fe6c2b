"""The static site's load against its one-widget page: ``python -m benchmarks site``
(run by name only, as ``voila``: it builds the site once more). See :mod:`benchmarks.site_load`.
"""

from __future__ import annotations

from benchmarks.site_load import main

__all__ = ["main"]
