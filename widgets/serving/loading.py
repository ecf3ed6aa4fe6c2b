"""The words of a page's progress bar, shown before Python is ready (issue 33 item 1).

While Voila runs a page's notebook, the kit's template (``widgets/serving/data/voila/
templates/kit``) shows the page's text at once and, at the top, a progress bar that says what
is happening: each cell of the notebook, then the drawing of the widgets. The page's language
is known only in the browser then (the address's ``?lang=`` or the pupil's remembered choice),
so :func:`with_loading_words` puts the words in every language the kit speaks into the page's
configuration (``page_config["kitLoading"]``, read by the template), and the page picks the
one ``<html lang>`` names.

>>> words = loading_words()
>>> words["en"]["step"]
'Getting the page ready: step {step} of {steps}'
>>> words["zh-CN"]["drawing"] != words["en"]["drawing"]
True
>>> with_loading_words(None)({}, base_url="/")["kitLoading"]["en"]["drawing"]
'Drawing the page…'

The page's drawing before Python is ready (:mod:`widgets.serving.sketches`) does not come
in the page: its configuration names where the page fetches it, in the one language it is
shown in, and its style sheet, both cached by the browser (``page_config["kitSketches"]``,
:func:`widgets.serving.drawings.drawing_addresses`).

>>> hook = with_loading_words(None)
>>> sorted(hook({}, notebook_path="play.ipynb", base_url="/")["kitSketches"])
['cells', 'css', 'languages']
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from lnb.core.i18n import N_, _, available_languages, tag, use_language
from widgets.serving.drawings import drawing_addresses
from widgets.serving.sketches import LESSONS

LOADING_WORDS = {
    "step": N_("Getting the page ready: step {step} of {steps}"),
    "drawing": N_("Drawing the page…"),
    "label": N_("The page is getting ready"),
}


@lru_cache(maxsize=1)
def loading_words() -> dict[str, dict[str, str]]:
    """:data:`LOADING_WORDS` in each language the kit speaks, by the web's language tag."""
    found = {}
    for language in available_languages():
        with use_language(language):
            found[tag(language)] = {key: _(text) for key, text in LOADING_WORDS.items()}
    return found


def with_loading_words(hook: Callable[..., dict[str, Any]] | None = None
                       ) -> Callable[..., dict[str, Any]]:
    """A Voila ``page_config_hook`` that adds :func:`loading_words` (as ``kitLoading``) to
    the page's configuration, after ``hook``."""

    def page_config_hook(page_config: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        if hook is not None:
            page_config = hook(page_config, **kwargs)
        page_config["kitLoading"] = loading_words()
        page = _page(kwargs.get("notebook_path"))
        page_config["kitSketches"] = drawing_addresses(page, str(kwargs.get("base_url") or "/"))
        return page_config

    return page_config_hook


def _page(notebook_path: object) -> str:
    """The page's path under ``lessons/`` ('' when it is not a lesson's)."""
    path = Path(str(notebook_path or ""))
    if path.is_absolute():
        return path.relative_to(LESSONS).as_posix() if path.is_relative_to(LESSONS) else ""
    return path.as_posix()
