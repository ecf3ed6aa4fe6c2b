"""The words the kit's page template writes itself, from the catalog.

The Voila template (``widgets/serving/data/voila/templates/kit``) writes a few words of its own:
the notice of a lost kernel or of a page that came without some of its widgets, the reason
shown for a disabled button without a tooltip, the names it gives to controls ipywidgets
leaves unnamed (a board button: "A3 add"). The kit's
stylesheet, on every page with the kit's widgets, carries them translated
(:func:`page_words_html`, renewed by the language switch); the template reads them from
``.lnb-page-words`` and falls back to English.

>>> from lnb.core.i18n import use_language
>>> with use_language("zh-CN"):
...     page_words()["reload"], page_words()["partly"][:10]
('重新载入本页', '本页有一部分没有载入')
>>> "data-words=" in page_words_html()
True
"""

from __future__ import annotations

import json
from html import escape

from lnb.core.i18n import N_, _

PAGE_WORDS = {
    "lost": N_("This page lost its connection to Python: reload the page (your saved work "
               "comes back)"),
    "partly": N_("Part of this page did not load: reload the page (your saved work comes "
                 "back)"),
    "reload": N_("Reload the page"),
    "unavailable": N_("Not available now"),
    "number": N_("number"),
    "choose": N_("Choose one"),
    "choose_now": N_("Choose one, now {choice}"),
    "add": N_("add"),
    "subtract": N_("subtract"),
    "multiply": N_("multiply"),
    "divide": N_("divide"),
    "swap": N_("swap the digits"),
    "copy": N_("copy a digit"),
    "set": N_("set"),
    "space": N_("{space} {action}"),
}


def page_words() -> dict[str, str]:
    """:data:`PAGE_WORDS` in the current language."""
    return {key: _(text) for key, text in PAGE_WORDS.items()}


def page_words_html() -> str:
    """The hidden element the template reads them from."""
    words = escape(json.dumps(page_words(), ensure_ascii=False), quote=True)
    return f"<span class='lnb-page-words' hidden data-words=\"{words}\"></span>"
