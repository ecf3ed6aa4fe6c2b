"""The kit's Voila application: Voila with the kit's checks on every handler.

:class:`KitVoila` is Voila 0.5's ``Voila`` with three additions (see
:mod:`widgets.serving.guard`): it serves only the hosts the kit announces (this machine's
names and addresses, plus ``--KitVoila.allow_hosts``, the serve command's ``--allow-host``),
its handlers get the kit's checks, and the ``_xsrf`` cookie is ``SameSite=Strict``, so
no other site's page or link ever sends it; its static files go gzip-compressed (each
compressed once) with caching headers (:mod:`widgets.serving.static`); its pages carry the
words of their progress bar (:mod:`widgets.serving.loading`); its page templates are compiled
once, not for every page (:mod:`widgets.serving.template_cache`); its watch on the kernels'
messages reads only their headers (:mod:`widgets.serving.activity`). The cookie stays
readable by the page: Voila's page reads it to send the closed page's shutdown request and
the ``X-XSRFToken`` header. Its log says "Opening NOTEBOOK" where Jupyter warns "Notebook
NOTEBOOK is not trusted" at every render (trust only matters to Jupyter's editor; Voila runs
the notebook either way).
"""

from __future__ import annotations

import logging
from typing import Any

from traitlets import List, Unicode
from voila.app import Voila
from voila.exporter import VoilaExporter

from widgets.serving.activity import light_watch
from widgets.serving.drawings import drawing_rules
from widgets.serving.guard import HostCheck, guarded
from widgets.serving.loading import with_loading_words
from widgets.serving.static import compressed, static_tag, versioned_rule, versioned_static
from widgets.serving.template_cache import share_compiled_templates

XSRF_COOKIE = {"samesite": "Strict"}
UNSPECIFIED = ("", "0.0.0.0", "::")  # "listen everywhere" is not a name to be reached by
NOT_TRUSTED = "Notebook %s is not trusted"  # jupyter_server's words, at every render


class TrustNoise(logging.Filter):
    """Turns the "not trusted" warning of every render into a plain note of the page opened.

    >>> quiet = TrustNoise()
    >>> record = logging.makeLogRecord({"msg": NOT_TRUSTED, "args": ("play.ipynb",),
    ...                                 "levelno": logging.WARNING, "levelname": "WARNING"})
    >>> quiet.filter(record), record.levelname, record.getMessage()
    (True, 'INFO', 'Opening play.ipynb')
    >>> quiet.filter(logging.makeLogRecord({"msg": "Kernel started: %s", "args": ("k1",)}))
    True
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == NOT_TRUSTED:
            record.msg, record.levelno, record.levelname = "Opening %s", logging.INFO, "INFO"
        return True


class KitVoila(Voila):
    """Voila serving only the kit's hosts, with the kit's checks on every handler."""

    allow_hosts = List(Unicode(), config=True,
                       help="Host names served besides this machine's names and addresses.")
    kit_static_tag = ""  # the version of Voila's own scripts in their addresses (init_settings)

    def initialize(self, argv: Any = None) -> None:
        """Voila's start-up, its page templates then compiled once for every page."""
        super().initialize(argv)
        share_compiled_templates(VoilaExporter)

    def init_settings(self) -> dict[str, Any]:
        """Voila's Tornado settings, plus the host check and the cookie's attributes."""
        if not any(isinstance(f, TrustNoise) for f in self.log.filters):
            self.log.addFilter(TrustNoise())
        self.kit_static_tag = static_tag(self.static_paths)
        configuration = self.voila_configuration  # before Voila's kernel manager reads it
        configuration.page_config_hook = versioned_static(
            self.kit_static_tag, with_loading_words(configuration.page_config_hook))
        # the server reads only the headers of the kernels' messages to watch their activity
        configuration.multi_kernel_manager_class = light_watch(
            configuration.multi_kernel_manager_class)
        settings = dict(super().init_settings())
        named = [host for host in (*self.allow_hosts, self.ip) if host not in UNSPECIFIED]
        settings["kit_hosts"] = HostCheck(named)
        settings["xsrf_cookie_kwargs"] = dict(XSRF_COOKIE)
        return settings

    def init_handlers(self) -> list[Any]:
        """Voila's handlers, each given the kit's checks; its static files compressed and
        cacheable (:mod:`widgets.serving.static`); the pages' drawings before Python
        (:mod:`widgets.serving.drawings`)."""
        rules = versioned_rule(super().init_handlers(), self.kit_static_tag)
        rules = [*drawing_rules(self.server_url or self.base_url), *rules]
        return [guarded(compressed(rule)) for rule in rules]
