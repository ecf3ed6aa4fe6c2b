"""The shared widgets speak the current language and relabel() without losing their state."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as w
import pytest

from classroom.cards import cards_html
from classroom.identity import Card, Classroom, IdentityError, normalize_nickname
from classroom.progress import ProgressStore
from classroom.store import ProgressError
from lnb.core.errors import BadInputError
from lnb.core.i18n import set_default_language, use_language
from widgets.core.contrast import ContrastToggle
from widgets.core.page_words import PAGE_WORDS, page_words
from widgets.core.saveload import SaveLoadPanel
from widgets.core.status import StatusLine
from widgets.core.style import refresh_page_words, stylesheet
from widgets.core.timer import Timer


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_default_language(None)
    yield
    set_default_language(None)
    refresh_page_words()


def test_the_status_line_shows_its_text_again_in_the_new_language() -> None:
    status = StatusLine()
    with status.guard():
        raise KeyError("boom")
    assert status.text.startswith("Sorry, something went wrong")
    set_default_language("zh-CN")
    status.relabel()
    assert status.text.startswith("抱歉") and status.carry_on.description == "继续"
    assert status.kind == "sorry"


def test_an_error_line_gets_a_chinese_full_stop() -> None:
    status = StatusLine()
    set_default_language("zh-CN")
    status.error(BadInputError("第 2 行有误"))
    assert status.text == "第 2 行有误。"


def test_save_and_load_relabel_their_buttons_and_link() -> None:
    panel = SaveLoadPanel(on_save=lambda: ("game.json", "{}"), on_load=lambda _text: None)
    panel.save_button.click()
    assert "Download game.json" in panel.download.value
    set_default_language("zh-CN")
    panel.relabel()
    assert panel.save_button.description == "保存游戏"
    assert panel.upload.description == "载入游戏"
    assert "下载 game.json" in panel.download.value


def test_the_timer_counts_in_the_current_language() -> None:
    timer = Timer(60)
    assert timer.label.value == "60 seconds, starts when a player is done"
    set_default_language("zh-CN")
    timer.relabel()
    assert timer.label.value == "60 秒，在有玩家完成时开始计时"
    assert "时间" in timer.heading.value
    timer.start()
    assert timer.label.value == "/ 60 秒" and timer.running


def test_the_contrast_toggle_relabels_and_keeps_its_value() -> None:
    app = w.VBox()
    toggle = ContrastToggle(app, value=True)
    set_default_language("zh-CN")
    toggle.relabel()
    assert toggle.description == "高对比度" and toggle.value
    assert "lnb-high-contrast" in app._dom_classes


def test_the_page_words_follow_the_language() -> None:
    with use_language("zh-CN"):
        words = page_words()
    assert set(words) == set(PAGE_WORDS)
    assert words["add"] == "加" and words["space"] == "{space} {action}"
    set_default_language("zh-CN")
    refresh_page_words()
    assert "重新载入本页" in stylesheet().value


def test_pupils_errors_come_in_the_pupils_language() -> None:
    with use_language("zh-CN"), pytest.raises(ProgressError, match="昵称"):
        normalize_nickname("Sam!")
    room = Classroom(ProgressStore(":memory:"), failure_delay=0)
    made = room.new_class("7B", ["Ali"])
    with use_language("zh-CN"), pytest.raises(IdentityError) as caught:
        room.join(made.code, "Ali", "wrong words")
    assert "这不是 7B 班 Ali 的卡片" in str(caught.value)
    assert caught.value.reason == "wrong-secret"  # the fields do not depend on the language


def test_the_cards_sheet_is_in_the_current_language() -> None:
    card = Card("KM7Q4X", "7B", "Ali", "tiger lemon")
    with use_language("zh-CN"):
        sheet = cards_html([card], address="http://kit:8866/")
    assert "<html lang='zh-CN'>" in sheet and "7B 班的卡片" in sheet
    assert "<b>加入我的班级</b>" in sheet and "http://kit:8866/" in sheet
    assert "Noto Sans CJK SC" in sheet
    with use_language("en-XA"):
        pseudo = cards_html([card])
    assert "⟦" in pseudo and "Join my class" in pseudo
