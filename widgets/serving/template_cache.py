"""Voila's page templates compiled once per server, not again for every page.

Voila makes a new exporter for every page it renders (a pupil's page, a kernel a pool
preheats), and with it a new Jinja environment, which compiles every template the page
extends again: 14 for a kit page (the kit's ``index.html.j2``, Voila's and nbconvert's lab
and base templates, their macros). That was about 0.23 s of the server's time per page on a
calm machine (a profile of the kit's server: 3.2 s of 14 renders' compiling), spent while
the page's kernel starts, and 30 times over when a class opens a page at once.

:func:`share_compiled_templates` gives every environment the exporter makes one
:class:`SharedBytecodeCache` (one for each of Jinja's two modes, async and not): a template
is compiled once and kept, checked against its source at every load (a changed template
file is compiled again; the source is read and hashed as before, only not compiled).

>>> from jinja2 import DictLoader, Environment
>>> cache = SharedBytecodeCache()
>>> first = Environment(loader=DictLoader({"t": "{{ x }}!"}), bytecode_cache=cache)
>>> second = Environment(loader=DictLoader({"t": "{{ x }}!"}), bytecode_cache=cache)
>>> first.get_template("t").render(x=1), len(cache), second.get_template("t").render(x=2)
('1!', 1, '2!')
>>> changed = Environment(loader=DictLoader({"t": "{{ x }}?"}), bytecode_cache=cache)
>>> changed.get_template("t").render(x=3), len(cache)  # the same name, a new source
('3?', 1)
"""

from __future__ import annotations

import threading
from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class SharedBytecodeCache(BytecodeCache):
    """Compiled templates kept in memory by name and file, for every environment given it."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._code)

    def load_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            kept = self._code.get(bucket.key)
        if kept is not None:
            bucket.bytecode_from_string(kept)  # a source changed since: no code, compiled again

    def dump_bytecode(self, bucket: Bucket) -> None:
        kept = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = kept


#: One cache for Jinja's async environments (Voila's pages) and one for the others: the code
#: compiled for one mode does not run in the other.
CACHES = {True: SharedBytecodeCache(), False: SharedBytecodeCache()}


def share_compiled_templates(exporter_class: type[Any]) -> None:
    """Have every environment ``exporter_class`` (an nbconvert template exporter, such as
    Voila's ``VoilaExporter``) creates use :data:`CACHES` (once per class; again is a no-op).

    >>> from nbconvert import HTMLExporter
    >>> class Exporter(HTMLExporter):
    ...     pass
    >>> share_compiled_templates(Exporter)
    >>> share_compiled_templates(Exporter)
    >>> Exporter().environment.bytecode_cache is CACHES[False]
    True
    """
    create = exporter_class._create_environment
    if getattr(create, "shares_compiled_templates", False):
        return

    def create_environment(self: Any) -> Any:
        environment = create(self)
        environment.bytecode_cache = CACHES[environment.is_async]
        return environment

    create_environment.shares_compiled_templates = True  # type: ignore[attr-defined]
    create_environment.__wrapped__ = create  # type: ignore[attr-defined]
    exporter_class._create_environment = create_environment


__all__ = ["CACHES", "SharedBytecodeCache", "share_compiled_templates"]
