"""The page's language: chosen from the address, the pupil's remembered choice or the browser,
and the switch every app shows to change it without losing the pupil's work.

:func:`page_language` decides once per page (``?lang=`` first, then the pupil's remembered
choice, then the browser's own languages, else English) and sets the process language (one
kernel per page). The kit's server gives the kernel the browser's ``Accept-Language`` and the
remembered choice (the ``lnb-lang`` cookie the page keeps, see
:mod:`widgets.serving.guard`) with the page request; served any other way (Binder, JupyterLab),
the page itself reports them to the :class:`LanguageSwitch` once its widgets are drawn.

:class:`LanguageSwitch` shows each language in its own script and, on a pick, sets the process
language, remembers the choice in the browser (the ``lnb-lang`` cookie, a year, this site
only) and calls ``on_change(language)``; the app then re-sets its texts (``relabel()``). Its
small page script also keeps ``<html lang>`` equal to the language shown, so the browser picks
Chinese glyphs for Chinese text.

>>> page_language({"lang": "zh-CN"})
'zh_CN'
>>> picked = []
>>> switch = LanguageSwitch(on_change=picked.append)
>>> switch.value, [label for label, _ in switch.buttons.options]
('zh_CN', ['English', '简体中文'])
>>> switch.buttons.value = "en"  # the pupil's click
>>> picked, switch.value, current_language()
(['en'], 'en', 'en')
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as w
from IPython.display import HTML

from lnb.core.i18n import (
    PSEUDO,
    SOURCE,
    _,
    available_languages,
    current_language,
    normalize,
    set_default_language,
    tag,
)
from widgets.core.remembered import (
    COOKIE,
    HEADER,
    NAMES,
    PageChoice,
    choose_page,
    language_name,
    page_choice,
    remember_choice,
)
from widgets.core.style import refresh_page_words, stylesheet

__all__ = [
    "COOKIE",
    "HEADER",
    "NAMES",
    "LanguageSwitch",
    "PageChoice",
    "language_name",
    "page_language",
    "page_script",
]


def page_language(query: Mapping[str, str] | None = None) -> str:
    """The catalog name for this page, also made the process language
    (:func:`lnb.core.i18n.set_default_language`).

    ``query`` is the page address's parameters; None reads the page request (in a preheated
    kernel it first waits for the pupil's page, see
    :func:`widgets.core.page_request.wait_for_request`, so call it after the heavy work and
    then ``relabel()``). The remembered choice and the browser's languages come from the
    request the kit's server passes on (``HTTP_X_LNB_LANGUAGE``, ``HTTP_ACCEPT_LANGUAGE``).

    >>> page_language({"lang": "en-XA"}), page_language({"lang": "fr"})
    ('en_XA', 'en')
    """
    if query is None:
        from widgets.core.page_request import wait_for_request

        wait_for_request()
        query = dict(parse_qsl(os.environ.get("QUERY_STRING", ""), keep_blank_values=True))
    return choose_page(query, os.environ)


def page_script() -> str:
    """The ``<script>`` of the switch: it keeps ``<html lang>`` equal to the language the
    switch shows (its class ``lnb-lang-<tag>``), remembers a pick (class
    ``lnb-lang-remember``) in the :data:`COOKIE` cookie, and types into the hidden
    ``.lnb-language-report`` box, once, the remembered choice and ``navigator.languages``
    (as JSON), for a server that did not pass them with the request. One copy runs per page.
    """
    return f"""<script>
(function () {{
  "use strict";
  if (window.lnbLanguageScript) return;
  window.lnbLanguageScript = true;
  var NAME = {json.dumps(COOKIE)};
  function saved() {{
    var found = document.cookie.split("; ").filter(function (c) {{
      return c.indexOf(NAME + "=") === 0;
    }})[0];
    return found ? decodeURIComponent(found.slice(NAME.length + 1)) : null;
  }}
  var reported = [];
  setInterval(function () {{
    var switches = document.querySelectorAll(".lnb-language");
    for (var i = 0; i < switches.length; i++) {{
      var classes = switches[i].classList, lang = null;
      classes.forEach(function (c) {{ if (c.indexOf("lnb-lang-is-") === 0) lang = c.slice(12); }});
      if (lang && document.documentElement.lang !== lang) document.documentElement.lang = lang;
      var label = switches[i].querySelector(".lnb-language-label");
      if (label) {{
        switches[i].setAttribute("role", "group");
        switches[i].setAttribute("aria-label", label.textContent);
      }}
      switches[i].querySelectorAll("button").forEach(function (b) {{
        b.setAttribute("aria-pressed", b.classList.contains("mod-active") ? "true" : "false");
      }});
      if (lang && classes.contains("lnb-lang-remember") && saved() !== lang) {{
        document.cookie = NAME + "=" + encodeURIComponent(lang) +
          "; path=/; max-age=31536000; SameSite=Strict";
      }}
      var input = switches[i].querySelector(".lnb-language-report input");
      if (input && reported.indexOf(input) < 0) {{
        reported.push(input);
        input.value = JSON.stringify({{saved: saved(),
                                       browser: navigator.languages || [navigator.language]}});
        input.dispatchEvent(new Event("input", {{bubbles: true}}));
        input.dispatchEvent(new Event("change", {{bubbles: true}}));
      }}
    }}
  }}, 200);
}})();
</script>"""


class LanguageSwitch(w.HBox):
    """The kit's languages, each in its own script; a pick changes the page's language.

    ``on_change(language)`` is called with the catalog name after a pick (or when the page
    reports a remembered choice the server could not pass on); the app re-sets its texts
    then and keeps its state. ``value`` is the catalog name shown (``"en"``, ``"zh_CN"``);
    setting it is a pick. The pseudo-language shows as English.
    """

    def __init__(self, on_change: Callable[[str], None],
                 languages: Iterable[str] | None = None) -> None:
        self.on_change = on_change
        names = [lang for lang in (languages or available_languages()) if lang != PSEUDO]
        self.label = w.Label()
        self.label.add_class("lnb-language-label")
        self.buttons = w.ToggleButtons(options=[(language_name(n), n) for n in names],
                                       value=self._shown(current_language(), names),
                                       style={"button_width": "auto"})
        self.buttons.add_class("lnb-language-buttons")
        self.report = w.Text(layout=w.Layout(display="none"))
        self.report.add_class("lnb-language-report")
        script = w.Output(layout=w.Layout(display="none"))
        script.append_display_data(HTML(page_script()))
        super().__init__([stylesheet(), self.label, self.buttons, self.report, script])
        self.add_class("lnb-language")
        self.add_class("lnb-widget")
        self._language = current_language()
        self._quiet = False
        self._mark()
        self.relabel()
        self.buttons.observe(self._picked, "value")
        self.report.observe(self._reported, "value")

    @property
    def value(self) -> str:
        """The catalog name of the language shown."""
        return str(self.buttons.value)

    @value.setter
    def value(self, language: str) -> None:
        self.buttons.value = normalize(language) or SOURCE

    def relabel(self) -> None:
        """Re-set the switch's own texts in the current language, and show that language
        (another switch of the page may have changed it; nothing is called back)."""
        language = current_language()
        if language != self._language:
            self._language = language
            self._quiet = True
            try:
                self.buttons.value = self._shown(language, self._names())
            finally:
                self._quiet = False
            self._mark()
        self.label.value = _("Language")
        self.buttons.tooltips = [_("Show this page in {language}").format(
            language=language_name(str(value))) for _label, value in self.buttons.options]
        refresh_page_words()

    # -- what the page says ---------------------------------------------------------------
    def _picked(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self._apply(str(change["new"]), remember=True)

    def _reported(self, change: dict[str, Any]) -> None:
        """The page's report of the remembered choice and the browser's languages: they
        count only where the request had nothing to say."""
        try:
            report = json.loads(change["new"] or "{}")
        except ValueError:
            return
        if not isinstance(report, dict):
            return
        before = page_choice()
        saved = report.get("saved") if isinstance(report.get("saved"), str) else None
        browser = report.get("browser")
        browser = (tuple(str(b) for b in browser) if isinstance(browser, list)
                   else None)
        after = replace(before, saved=before.saved or saved,
                        browser=before.browser or browser)
        remember_choice(after)
        if after.language != current_language() and self._language == current_language():
            self._quiet = True
            try:
                self.buttons.value = self._shown(after.language, self._names())
            finally:
                self._quiet = False
            self._apply(after.language, remember=False)

    def _apply(self, language: str, *, remember: bool) -> None:
        self._language = set_default_language(language)
        if remember:
            remember_choice(replace(page_choice(), asked=None, saved=self._language))
            self.add_class("lnb-lang-remember")
        self._mark()
        self.relabel()
        self.on_change(self._language)

    def _mark(self) -> None:
        for cls in [c for c in self._dom_classes if c.startswith("lnb-lang-is-")]:
            self.remove_class(cls)
        self.add_class(f"lnb-lang-is-{tag(self._language if self._language != PSEUDO else 'en')}")

    def _names(self) -> list[str]:
        return [str(value) for _label, value in self.buttons.options]

    @staticmethod
    def _shown(language: str, names: list[str]) -> str:
        if language in names:
            return language
        return SOURCE if SOURCE in names else names[0]
