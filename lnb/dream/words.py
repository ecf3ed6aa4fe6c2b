"""Text an edition gives in several languages (names of places, who a Partner was).

An edition file writes such text as ``{"en": "...", "zh_CN": "..."}`` (or one plain string, the
same in every language, e.g. a person's name). Shown, it is in the current language; as data it
is English.

>>> from lnb.core.i18n import use_language
>>> bath = Words.of({"en": "Bath", "zh_CN": "巴斯"})
>>> str(bath), bath.english
('Bath', 'Bath')
>>> with use_language("zh-CN"):
...     str(bath), f"{Words.of('Charles Babbage')}"
('巴斯', 'Charles Babbage')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lnb.core.i18n import MARKS, PSEUDO, current_language


@dataclass(frozen=True)
class Words:
    """One text in each language the edition gives (English always)."""

    texts: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, value: Any) -> Words:
        """From an edition's value: a plain string or ``{"en": ..., "zh_CN": ...}``."""
        if isinstance(value, str):
            return cls((("en", value),))
        return cls(tuple(sorted((str(k), str(v)) for k, v in dict(value).items())))

    @property
    def english(self) -> str:
        """The English text."""
        return dict(self.texts)["en"]

    def __str__(self) -> str:
        language = current_language()
        if language == PSEUDO:  # translated text is marked; a name (one language) is not
            return f"{MARKS[0]}{self.english}{MARKS[1]}" if len(self.texts) > 1 else self.english
        return dict(self.texts).get(language, self.english)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)
