"""``format_list`` in every language of the kit without Babel (issue 26 item 1): the static
site's Python has no Babel, and the museum and Ada's Dream join lists in Chinese."""

from __future__ import annotations

import subprocess
import sys

import pytest
from babel.lists import format_list as babel_format_list

from lnb.core.i18n import LIST_JOINS, available_languages, format_list, use_language

WITHOUT_BABEL = """
import sys
sys.modules["babel"] = None  # as on the static site: `import babel` fails
from lnb.core.i18n import available_languages, format_list, use_language
for language in available_languages():
    with use_language(language):
        print(language, format_list(["a", "b", "c"]), format_list(["a", "b"], style="or"))
"""


def test_every_language_joins_a_list_without_babel() -> None:
    done = subprocess.run([sys.executable, "-c", WITHOUT_BABEL], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "zh_CN a、b和c a或b" in done.stdout.splitlines()
    assert "en a, b, and c a or b" in done.stdout.splitlines()


def test_every_language_of_the_kit_has_its_list_rules() -> None:
    assert set(available_languages()) <= set(LIST_JOINS)


@pytest.mark.parametrize("language", sorted(LIST_JOINS))
@pytest.mark.parametrize("style", ["standard", "or"])
def test_the_kits_list_rules_agree_with_babels(language: str, style: str) -> None:
    """The kit's own rules write every length of list as Babel (CLDR) does."""
    for count in range(5):
        words = ["Ada", "Bea", "Cy", "Di"][:count]
        with use_language(language):
            assert format_list(words, style=style) == babel_format_list(
                words, style=style, locale=language)
