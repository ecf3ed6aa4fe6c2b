"""The page's language and the switch every app shows (widgets.core.language)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from lnb.core.i18n import current_language, set_default_language
from widgets.core.language import COOKIE, LanguageSwitch, page_language, page_script
from widgets.core.remembered import SAVED_ENV, PageChoice, page_choice, remember_choice


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts in English, with no page request, and leaves the process English."""
    for name in ("QUERY_STRING", SAVED_ENV, "HTTP_ACCEPT_LANGUAGE", "VOILA_PREHEAT"):
        monkeypatch.delenv(name, raising=False)
    set_default_language(None)
    remember_choice(PageChoice())
    yield
    set_default_language(None)
    remember_choice(PageChoice())


def test_the_address_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SAVED_ENV, "en")
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "en-GB,en;q=0.9")
    assert page_language({"lang": "zh-CN"}) == "zh_CN"
    assert current_language() == "zh_CN"


def test_then_the_remembered_choice_then_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "zh-CN,zh;q=0.9,en;q=0.5")
    assert page_language({}) == "zh_CN"
    monkeypatch.setenv(SAVED_ENV, "en")
    assert page_language({"code": "P1-0J6Y"}) == "en"
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE")
    monkeypatch.delenv(SAVED_ENV)
    assert page_language({}) == "en"


def test_no_query_reads_the_page_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "code=P1-0J6Y&lang=zh-CN")
    assert page_language() == "zh_CN"
    monkeypatch.setenv("QUERY_STRING", "lang=xx")  # a language the kit lacks: the browser's
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "zh-Hans-CN")
    assert page_language() == "zh_CN"


def test_the_switch_shows_each_language_in_its_own_script() -> None:
    switch = LanguageSwitch(on_change=lambda _lang: None)
    assert [label for label, _value in switch.buttons.options] == ["English", "简体中文"]
    assert switch.value == "en"
    assert "lnb-language" in switch._dom_classes
    assert switch.label.value == "Language"
    assert switch.buttons.tooltips == ("Show this page in English", "Show this page in 简体中文")


def test_the_pseudo_language_is_never_offered() -> None:
    page_language({"lang": "en-XA"})
    switch = LanguageSwitch(on_change=lambda _lang: None)
    assert [value for _label, value in switch.buttons.options] == ["en", "zh_CN"]
    assert switch.value == "en"
    assert switch.label.value == "⟦Language⟧"


def test_a_pick_sets_the_language_remembers_it_and_calls_back() -> None:
    seen: list[tuple[str, str]] = []
    switch = LanguageSwitch(on_change=lambda lang: seen.append((lang, current_language())))
    switch.buttons.value = "zh_CN"  # what the pupil's click does
    assert seen == [("zh_CN", "zh_CN")]
    assert switch.value == "zh_CN"
    assert switch.label.value == "语言"
    assert {"lnb-lang-is-zh-CN", "lnb-lang-remember"} <= set(switch._dom_classes)
    assert "lnb-lang-is-en" not in switch._dom_classes
    assert page_choice().saved == "zh_CN"
    switch.value = "en"
    assert seen[-1] == ("en", "en")
    assert "lnb-lang-is-en" in switch._dom_classes


def test_the_page_reports_a_remembered_choice_the_server_did_not_pass() -> None:
    page_language({})  # served without the kit's server: no cookie, no Accept-Language
    seen: list[str] = []
    switch = LanguageSwitch(on_change=seen.append)
    switch.report.value = json.dumps({"saved": "zh-CN", "browser": ["en-GB"]})
    assert seen == ["zh_CN"]
    assert switch.value == "zh_CN"
    assert current_language() == "zh_CN"
    assert "lnb-lang-remember" not in switch._dom_classes  # reported, not picked


def test_navigator_languages_count_only_when_the_request_had_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    page_language({})
    seen: list[str] = []
    switch = LanguageSwitch(on_change=seen.append)
    switch.report.value = json.dumps({"saved": None, "browser": ["zh-CN", "en"]})
    assert seen == ["zh_CN"]

    set_default_language(None)
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "en-US")
    page_language({})
    other: list[str] = []
    again = LanguageSwitch(on_change=other.append)
    again.report.value = json.dumps({"saved": None, "browser": ["zh-CN"]})
    assert other == [] and current_language() == "en"


def test_the_address_wins_over_a_report() -> None:
    page_language({"lang": "en"})
    seen: list[str] = []
    switch = LanguageSwitch(on_change=seen.append)
    switch.report.value = json.dumps({"saved": "zh-CN", "browser": ["zh-CN"]})
    assert seen == [] and switch.value == "en"


@pytest.mark.parametrize("bad", ["", "not json", "[1, 2]", '{"saved": 3, "browser": "zh"}'])
def test_a_bad_report_changes_nothing(bad: str) -> None:
    page_language({})
    seen: list[str] = []
    switch = LanguageSwitch(on_change=seen.append)
    switch.report.value = bad
    assert seen == [] and current_language() == "en"


def test_the_page_script_keeps_html_lang_and_the_cookie() -> None:
    script = page_script()
    assert script.startswith("<script>") and script.rstrip().endswith("</script>")
    assert "document.documentElement.lang" in script
    assert json.dumps(COOKIE) in script and "SameSite=Strict" in script
    assert "navigator.languages" in script


def test_a_page_kernel_speaks_the_requests_language_on_import() -> None:
    """Importing widgets.core in the kernel of a page Voila served sets the process language
    from the request (a lesson that never calls page_language speaks it too)."""
    import subprocess
    import sys

    code = ("import widgets.core; from lnb.core.i18n import current_language; "
            "print(current_language())")
    base = {k: v for k, v in __import__("os").environ.items()
            if k not in ("QUERY_STRING", SAVED_ENV, "HTTP_ACCEPT_LANGUAGE", "VOILA_PREHEAT")}
    served = {**base, "SERVER_SOFTWARE": "voila/0.5.13", "QUERY_STRING": "lang=zh-CN"}
    preheated = {**served, "VOILA_PREHEAT": "True"}
    outside = {k: v for k, v in served.items() if k != "SERVER_SOFTWARE"}
    said = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True, timeout=60).stdout.strip()
            for env in (served, preheated, outside)]
    assert said == ["zh_CN", "en", "en"]


def test_a_second_switch_shows_the_language_the_first_one_chose() -> None:
    calls: list[str] = []
    first = LanguageSwitch(on_change=calls.append)
    second = LanguageSwitch(on_change=calls.append)
    first.buttons.value = "zh_CN"
    second.relabel()  # what the app's relabel() does for every switch of the page
    assert second.value == "zh_CN" and "lnb-lang-is-zh-CN" in second._dom_classes
    assert second.label.value == "语言" and calls == ["zh_CN"]
