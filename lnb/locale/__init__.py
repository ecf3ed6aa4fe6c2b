"""The kit's message catalogs: ``<lang>/LC_MESSAGES/lnb.po`` and the template ``lnb.pot``.

Read by :mod:`lnb.core.i18n`; made and updated with ``make i18n`` (docs/translating.md).
"""
