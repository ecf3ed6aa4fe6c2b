"""Checks shared by the message tests of every game (``test_library_messages.py``,
``test_new_games_messages.py``): a message is fully marked in the pseudo-language ``en-XA``
(no English word outside the ``⟦…⟧`` marks, but for what each game allows: numbers, its
notation, names and ids) and speaks Chinese in ``zh-CN``.

>>> words = Unmarked(re.compile(r"\\d+"), frozenset({"Ada"}))
>>> words("⟦Ȧḓḓ⟧ 3 Ada 'typed' to")
['to']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container
from dataclasses import dataclass

import pytest

from lnb.core import i18n
from lnb.core.errors import LnbError

CHINESE = re.compile(r"[\u4e00-\u9fff]")
_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")  # what was typed, quoted back


def without_marks(text: str) -> str:
    """``text`` with each ⟦ ⟧ part (marks may nest) made a space."""
    while True:
        stripped = _MARKED.sub(" ", text)
        if stripped == text:
            return text
        text = stripped


def error_of(make: Callable[[], object]) -> LnbError:
    """The kit's error that ``make()`` raises."""
    with pytest.raises(LnbError) as info:
        make()
    return info.value


@dataclass(frozen=True)
class Unmarked:
    """The words of a pseudo-language text left outside the marks that should not be:
    those with ``letters`` in them, neither ``notation`` nor ``allowed``. Quoted text and the
    ``ignored`` strings are passed over; ``separators`` split the rest into words."""

    notation: re.Pattern[str]
    allowed: Container[str]
    letters: str = "[A-Za-z]"
    separators: str = r"\s\[\](){}<>,;:.…'\"|·—–="
    ignored: tuple[str, ...] = ()

    def outside_marks(self, text: str) -> list[str]:
        """Every word outside the marks."""
        return re.findall(f"[^{self.separators}]+", without_marks(text))

    def __call__(self, message: str) -> list[str]:
        for text in self.ignored:
            message = message.replace(text, " ")
        return [w for w in self.outside_marks(_QUOTED.sub(" ", message))
                if re.search(self.letters, w) and not self.notation.fullmatch(w)
                and w not in self.allowed]


def assert_marked(err: LnbError, unmarked: Unmarked, case: str) -> None:
    """``err`` in the pseudo-language: its message, marked, with no unmarked word."""
    with i18n.use_language("en-XA"):
        shown = str(err)
        assert err.message == shown and "⟦" in shown, case
    assert unmarked(shown) == [], (case, shown)


def assert_speaks_chinese(err: LnbError, case: str) -> None:
    """``err`` in 简体中文 has Chinese characters, and is English again in English."""
    english = str(err)
    with i18n.use_language("zh-CN"):
        chinese = str(err)
    assert CHINESE.search(chinese), (case, chinese)
    assert chinese != english and str(err) == english, case
