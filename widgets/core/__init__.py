"""The widgets every app and lesson of the kit shares (status line, timer, save and load,
the language switch, the look).

In the kernel of a page Voila served, importing this package sets the process language to
the one the page request asks for (``?lang=``, the pupil's remembered choice, the browser's
``Accept-Language``: :func:`widgets.core.remembered.choose_page`), so every page with
the kit's widgets speaks it, not only the apps that call
:func:`widgets.core.language.page_language` (which also waits for a preheated kernel's page).
A lesson shown in a language it is not written in then says so at its top, with a link to
its translation where there is one (:mod:`widgets.core.lesson_twin`).
"""

import os as _os

from widgets.core.remembered import choose_page as _choose_page
from widgets.core.remembered import in_page_kernel as _in_page_kernel

if _in_page_kernel(_os.environ):
    _choose_page(None, _os.environ)
    from widgets.core.lesson_twin import show_lesson_note as _show_lesson_note

    _show_lesson_note()  # a lesson shown in a language it is not written in says so
