"""argparse's own words, marked for the kit's catalog.

argparse writes "usage:", "options", "the following arguments are required: %s"... through
its module's ``gettext``; while ``lnb`` runs, that is the kit's catalog (``lnb.cli.main``), so
these messages are in ``lnb.pot`` and translated with the rest. Only what a teacher can see
is here (not argparse's errors about a badly built parser). ``pybabel extract`` reads this
file; nothing calls it.
"""

from __future__ import annotations

from lnb.core.i18n import N_, ngettext

MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
)


def plural_messages(n: int) -> tuple[str, ...]:
    """argparse's messages with a number, in the form for ``n``.

    >>> plural_messages(2)
    ('expected %s arguments',)
    """
    return (ngettext("expected %s argument", "expected %s arguments", n),)
