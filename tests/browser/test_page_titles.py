"""Every page's title (the browser tab) is its first heading in the language shown, not the
notebook's file name (issue 26): the landing page in English, then switched to 简体中文 by its
own language switch, and Ada's Dream opened with ``?lang=zh-CN``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_harness import VoilaServer, laptop_page, lessons_kit, open_dream, open_voila
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WAIT = 60_000


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    with lessons_kit(tmp_path_factory.mktemp("titles-home")) as server:
        yield server


@pytest.fixture
def page(browser, kit: VoilaServer):  # type: ignore[no-untyped-def]
    with laptop_page(browser, kit) as new_page:
        yield new_page


def test_a_page_is_titled_by_its_heading_in_its_language(page) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, "voila/render/index.ipynb?lang=en", ".lnb-language", timeout=WAIT)
    expect(page).to_have_title("Three games about Ada Lovelace: lessons and apps",
                               timeout=WAIT)
    page.locator(".lnb-language button", has_text="简体中文").click()
    expect(page).to_have_title("关于艾达·洛夫莱斯的三个游戏：课程和应用", timeout=WAIT)

    open_dream(page, "voila/render/dream.ipynb?lang=zh-CN", ".lnb-language",
               timeout=WAIT)
    expect(page).to_have_title("玩《艾达之梦》", timeout=WAIT)
    page.locator(".lnb-language button", has_text="English").click()
    expect(page).to_have_title("Play Ada's Dream", timeout=WAIT)
