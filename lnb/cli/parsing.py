"""The kit's command lines (``lnb``, ``kit-class``, ``python -m widgets.serve``): their
parser speaks the language asked for, as the rest of the command does.

``speaking(words)`` sets the language of ``--lang`` (given before the command's name) or
else of the environment (``LANG``...), and routes argparse's own messages through the kit's
catalog; :class:`Parser` has its section titles and ``--help`` line in that language and
raises :class:`UsageError` instead of exiting.

>>> with speaking(["--lang", "zh-CN", "board"]):
...     Parser(prog="lnb")._optionals.title
'选项'
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from lnb.core import i18n
from lnb.core.i18n import _
from lnb.core.messages import shown


class UsageError(Exception):
    """Bad command-line words: reported on one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, its section titles and ``--help`` line in the current language."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = _("show this help message and exit")

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(_("{message} (see '{prog} --help')").format(message=message,
                                                                     prog=self.prog))


def language_arg(text: str) -> str:
    """``--lang``: a language the kit speaks."""
    found = i18n.normalize(text)
    if found is None:
        raise argparse.ArgumentTypeError(
            _("{text} is not a language of the kit; choose {choices}").format(
                text=shown(text), choices=i18n.format_list(
                    (i18n.tag(lang) for lang in i18n.available_languages()), style="or")))
    return found


def asked_language(words: Sequence[str]) -> str | None:
    """The ``--lang`` given before the command's name, read before the parser is built
    (its help texts are made in that language).

    >>> asked_language(["--lang", "zh-CN", "board"]), asked_language(["--lang=en-XA"])
    ('zh_CN', 'en_XA')
    >>> asked_language(["run", "--lang", "zh"]), asked_language(["--lang", "xx"])
    (None, None)
    """
    for index, word in enumerate(words):
        if word == "--lang" and index + 1 < len(words):
            return i18n.normalize(words[index + 1])
        if word.startswith("--lang="):
            return i18n.normalize(word.partition("=")[2])
        if not word.startswith("-"):
            return None
    return None


@contextmanager
def argparse_speaks_catalog() -> Iterator[None]:
    """argparse's own messages ("the following arguments are required"...) through the kit's
    catalog while the command runs (argparse looks them up in its module's ``_``)."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = i18n.gettext, i18n.ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


@contextmanager
def speaking(words: Sequence[str]) -> Iterator[None]:
    """A command's run in the language of its ``--lang`` (else of the environment), argparse's
    messages included."""
    with i18n.use_language(asked_language(words) or i18n.from_environment()), \
            argparse_speaks_catalog():
        yield
