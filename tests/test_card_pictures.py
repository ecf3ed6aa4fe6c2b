"""Young pupils' cards (``kit-class new --pictures``) print on a computer with no emoji font
(issue 26): each picture is drawn as inline SVG, and the sheet holds no character that only a
colour-emoji font draws."""

from __future__ import annotations

import re
import unicodedata
from xml.etree import ElementTree

import pytest

from classroom.card_pictures import DRAWINGS, picture_svg
from classroom.cards import cards_html
from classroom.identity import Card
from classroom.words import PICTURES


def needs_an_emoji_font(char: str) -> bool:
    """Whether ``char`` is an emoji a plain text font lacks (the pictographs' planes, the
    dingbats and symbols drawn as emoji such as ⭐ and ⛵, and the emoji variation selector)."""
    code = ord(char)
    return (code >= 0x1F000 or 0x2600 <= code <= 0x27BF or code in (0x2B50, 0x2B55, 0xFE0F)
            or (unicodedata.category(char) == "So" and code > 0x2000))


def test_every_picture_card_is_drawn_without_emoji() -> None:
    cards = [Card("KM7Q4X", "1A", f"Pupil {i}", f"{word} {10 + i}")
             for i, word in enumerate(sorted(PICTURES))]
    sheet = cards_html(cards)
    emoji = sorted({c for c in sheet if needs_an_emoji_font(c)})
    assert emoji == [], f"the sheet needs an emoji font for {emoji}"
    for word in PICTURES:
        assert f"<svg class='picture' role='img' aria-label='{word}'" in sheet, word


@pytest.mark.parametrize("word", sorted(DRAWINGS))
def test_each_drawing_is_well_formed_svg(word: str) -> None:
    svg = ElementTree.fromstring(picture_svg(word))
    assert svg.tag.endswith("svg") and len(svg) >= 1
    assert re.fullmatch(r"[\x20-\x7e]*", picture_svg(word))
