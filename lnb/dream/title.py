"""The game's title, marked for the ``dream`` catalog (the ``lnb`` command and the apps show it).

>>> from lnb.core.i18n import use_language
>>> str(TITLE)
"Ada's Dream"
"""

from lnb.core.i18n import lazy_pgettext

TITLE = lazy_pgettext("game title", "Ada's Dream")
