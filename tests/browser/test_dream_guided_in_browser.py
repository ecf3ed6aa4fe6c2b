"""Ada's Dream's guided first game (issue 31, item 2), in a real browser under the kit's Voila.

At each size a pupil presses *Guided first game* and plays the whole game to the final
scoring by following the guide's suggestion ("Do this"), at 1280×800 in English and at
768×1024 in Chinese. After every move: the guide, its "Do this" button, the turn line, the
decision and every button that can be pressed are inside the viewport; each kind of
decision is explained at one decision only (its first); a "?" Help entry opens on top; the
*Help* panel lists the five Help entries. One page load per size; it waits on the app's
redraw counter, never a fixed time.
"""

from __future__ import annotations

import pytest
from browser_harness import ARTIFACTS, VoilaServer, _test_dir_name, assert_no_traceback
from class_page_kit import shared_class_kit
from playwright.sync_api import expect
from test_dream import ON, SHOWN, open_app, redrawn, shown

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The process's kit server on ``lessons/``, the Dream's page preheated
    (:func:`class_page_kit.shared_class_kit`: one for every file of the page)."""
    return shared_class_kit(request, 'dream.ipynb')[0]


#: What must be in view while the pupil decides (each match checked): the guide and its
#: button, the turn line, the question and every button that can be pressed (the decision's
#: choices: cards, places, tracks, Store dice, Mill cells...). The Mill itself is not asked
#: for: on a tablet, a Study decision whose Assignment takes any column can put it under the
#: guide's row, below the fold, when it is not part of the decision.
IN_VIEW = (".lnb-guide", f"button.lnb-guide-do{ON}", ".lnb-dream-turn", ".lnb-dream-prompt",
           f".lnb-dream-main button{ON}", "button.lnb-guide-suggested")

#: In one look, once the page has drawn two frames (laid out): what is outside the viewport,
#: the lessons shown (kind, decision), how many Help entries can be opened (``topic``, a
#: selector), the app's redraws so far (``SHOWN``) and whether the final scoring shows.
LOOK = f"""async ([selectors, topic]) => {{
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const out = [];
  for (const selector of selectors) {{
    for (const el of document.querySelectorAll(selector)) {{
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) {{ continue; }}
      if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {{
        out.push(`${{selector}} "${{el.innerText.slice(0, 40)}}" at ${{Math.round(r.top)}}..` +
                 `${{Math.round(r.bottom)}} of ${{innerHeight}}`);
      }}
    }}
  }}
  const lessons = [...document.querySelectorAll('.lnb-guide-lesson')]
    .map(el => [el.dataset.kind, Number(el.dataset.at)]);
  const score = document.querySelector('.lnb-dream-score');
  return [out, lessons, document.querySelectorAll(topic).length, ({SHOWN})(),
          score !== null && score.offsetParent !== null];
}}"""

#: An enabled "?" Help entry's button.
TOPIC = f"button.lnb-guide-topic{ON}"


#: The open Help entry is drawn on top at its centre (not clipped by the boxes holding it).
ON_TOP = """() => {
  const el = document.querySelector('.lnb-guide-topic-text');
  const r = el.getBoundingClientRect();
  return r.height > 20 && el.contains(document.elementFromPoint(r.left + r.width / 2,
                                                                r.top + r.height / 2));
}"""


#: Each language: its switch's words and "Do this" in it.
EN, ZH = ("English", "Do this"), ("简体中文", "就这样走")


def switch(page, words: str, do_this: str) -> None:  # type: ignore[no-untyped-def]
    """Switch the page's language to ``words``: the guide is said in it (``do_this``)."""
    before = shown(page)
    page.locator(".lnb-language-buttons button", has_text=words).click()
    assert redrawn(page, before), f"the switch to {words} changed nothing"
    expect(page.locator("button.lnb-guide-do")).to_have_text(do_this)


def view(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """A screenshot of what the pupil sees (the viewport), for people to look at."""
    target = ARTIFACTS / _test_dir_name() / f"{name}.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(target))


def play_guided(page, kit: VoilaServer, width: int, height: int, query: str,  # type: ignore[no-untyped-def]
                languages: tuple[tuple[str, str], tuple[str, str]]) -> None:
    """The guided game to its end; at move 3 the language is switched to the second of
    ``languages`` (its switch's words, "Do this" in it) and back (a screenshot in each)."""
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, kit, query)
    before = shown(page)
    page.locator("button.lnb-guide-start").click()
    assert redrawn(page, before), "the guided game did not start"
    page.locator(".lnb-title").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    first: dict[str, int] = {}  # each kind explained, at which decision
    moves = 0
    opened = False  # a Help entry was opened
    while True:
        out, lessons, topics, before, over = page.evaluate(LOOK, [list(IN_VIEW), TOPIC])
        if over:
            break
        assert moves < 200, "the game does not end"
        if out:
            view(page, f"out-of-view-{width}x{height}")
        assert out == [], f"move {moves}"
        for kind, at in lessons:
            assert first.setdefault(kind, at) == at, f"{kind} explained again at move {moves}"
        if moves in (0, 3):
            view(page, f"guided-{moves}-{width}x{height}")
        if moves == 0:  # the suggested Workshop die is marked on the table
            expect(page.locator(f"button.lnb-dream-workshop.lnb-guide-suggested{ON}")
                   ).to_have_count(1)
        if moves == 3:
            switch(page, *languages[1])
            view(page, f"guided-{moves}-other-language-{width}x{height}")
            switch(page, *languages[0])
            before = shown(page)
        helped = moves > 3 and not opened and topics > 0
        if helped:  # a Help entry opens over the table: the decision stays in view
            page.locator(TOPIC).first.click()
            assert redrawn(page, before)
            expect(page.locator(".lnb-guide-topic-text")).to_be_visible()
            assert page.evaluate(ON_TOP), "the Help entry is hidden"
            still, _, _, before, _ = page.evaluate(LOOK, [list(IN_VIEW), TOPIC])
            assert still == []
            view(page, f"guided-help-{width}x{height}")
            opened = True
        page.locator(f"button.lnb-guide-do{ON}").click()
        assert redrawn(page, before), f"move {moves}: Do this changed nothing"
        if helped:  # the next decision closes it
            expect(page.locator(".lnb-guide-topic-text")).to_be_hidden()
        moves += 1
    assert moves > 40 and opened
    assert len(first) >= 12 and {"workshop", "mill", "publish", "research"} <= set(first), first
    expect(page.locator(".lnb-guide-move")).not_to_be_empty()  # the guide says it is over
    assert_no_traceback(page)
    view(page, f"guided-end-{width}x{height}")
    page.locator("button.lnb-dream-panel").last.click()  # Help: the keys, then the entries
    expect(page.locator(".lnb-dream-panel-help .lnb-guide-topics dt")).to_have_count(5)


def test_a_guided_first_game_to_the_end_at_1280x800(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    play_guided(page, kit, 1280, 800, "?lang=en", (EN, ZH))


def test_a_guided_first_game_to_the_end_at_768x1024_in_chinese(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    play_guided(page, kit, 768, 1024, "?lang=zh-CN", (ZH, EN))
