"""Ada's Dream on one screen (issue 31, items 1 and 5), in a real browser under the kit's Voila.

At 1280×800 a solo game is played to the final scoring by the keyboard alone: Tab reaches the
first decision; after every move the keyboard focus is on the next one (the app asks for it,
the kit's page moves it), and Enter or Space presses it. At 768×1024 a solo game is played to
the end by clicks. After every move, at both sizes, the turn line, the decision, every button
that can be pressed now, the Mill and the others' last moves are inside the viewport (bounding
boxes), with no scrolling after the first. One page load per size; about 40 s a game.
"""

from __future__ import annotations

import re

import pytest
from browser_harness import VoilaServer, assert_no_traceback, serious_violations, snap
from class_page_kit import shared_class_kit
from playwright.sync_api import expect
from test_dream import FRAMES, ON, SHOWN, WAIT, decide, next_decision, open_app, redrawn

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The process's kit server on ``lessons/``, the Dream's page preheated
    (:func:`class_page_kit.shared_class_kit`: one for every file of the page)."""
    return shared_class_kit(request, 'dream.ipynb')[0]


#: What must be in view while a pupil decides, each a CSS selector (each match checked); the
#: enabled buttons of the play view are the decision's choices.
IN_VIEW = (".lnb-dream-turn", ".lnb-dream-prompt", ".lnb-dream-mill-grid",
           ".lnb-dream-recent:not(:empty) ul", f".lnb-dream-main button{ON}")

#: Once the page has drawn two frames (laid out): the parts of :data:`IN_VIEW` that are
#: outside the viewport (or not drawn), in words, and the app's redraws so far (``SHOWN``).
OUT_OF_VIEW = f"""async (selectors) => {{
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const out = [];
  for (const selector of selectors) {{
    for (const el of document.querySelectorAll(selector)) {{
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) {{ continue; }}  // not shown (an empty part)
      if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {{
        out.push(`${{selector}} "${{el.innerText.slice(0, 40)}}" at ${{Math.round(r.top)}}..` +
                 `${{Math.round(r.bottom)}} of ${{innerHeight}}`);
      }}
    }}
  }}
  return [out, ({SHOWN})()];
}}"""

#: The app's newest focus request (if any) has been taken by the page, and the focus is on an
#: enabled button of the play view (the next decision); its words.
FOCUSED = """(on) => {
  const asked = [...document.querySelectorAll('.lnb-dream-app [class*="lnb-focus-"]')];
  const el = asked.length ? asked[asked.length - 1] : null;
  if (el !== null) {
    const n = /(?:^|\\s)lnb-focus-(\\d+)/.exec(el.className)[1];
    if (el.getAttribute('data-kit-focus') !== n) { return null; }
  }
  const now = document.activeElement;
  if (!now || (el !== null && !el.contains(now)) ||
      !now.matches(`.lnb-dream-main button${on}`)) { return null; }
  return now.innerText || now.getAttribute('aria-label') || '?';
}"""


#: The final scoring shows (``[true, ""]``), or :data:`FOCUSED` holds (``[false, words]``);
#: null while neither.
FOCUSED_OR_OVER = f"""(on) => {{
  const score = document.querySelector('.lnb-dream-score');
  if (score !== null && score.offsetParent !== null) {{ return [true, '']; }}
  const said = ({FOCUSED})(on);
  return said === null ? null : [false, said];
}}"""


def start(page, kit: VoilaServer, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    """Open a solo game (seed 4) at ``width``×``height``, the app's title at the top."""
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, kit, "?seed=4")
    page.locator(".lnb-title").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.evaluate(FRAMES)


def in_view(page) -> tuple[list[str], int]:  # type: ignore[no-untyped-def]
    """What a pupil deciding now would have to scroll to (nothing, if the screen works), and
    the app's redraws so far: one round trip."""
    out, before = page.evaluate(OUT_OF_VIEW, list(IN_VIEW))
    return out, int(before)


def finish(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """The final scoring is shown, no traceback, no serious axe violation, every button
    named."""
    score = page.locator(".lnb-dream-score")
    expect(score.locator("tr[data-key='total'] th")).to_have_text("Total", timeout=WAIT)
    expect(score.locator(".lnb-dream-verdict")).to_contain_text(re.compile("win", re.I))
    assert_no_traceback(page)
    assert serious_violations(page) == []
    unnamed = page.evaluate("""() => [...document.querySelectorAll('.lnb-dream-app button')]
        .filter(b => b.offsetParent && !(b.innerText.trim() || b.getAttribute('aria-label')))
        .map(b => b.outerHTML.slice(0, 80))""")
    assert unnamed == []
    snap(page, name)


def test_a_whole_game_by_keyboard_alone_with_the_decision_in_view(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    start(page, kit, 1280, 800)
    page.locator(".lnb-title").first.click()  # the page has the keyboard, nothing focused
    for _ in range(12):  # Tab to the first decision (the language switch comes first)
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED, ON):
            break
    moves = 0
    while True:
        over, said = page.wait_for_function(FOCUSED_OR_OVER, arg=ON, timeout=WAIT).json_value()
        if over:
            break
        assert moves < 400, "the game does not end"
        out, before = in_view(page)
        if out:
            snap(page, "out-of-view-1280x800")
        assert out == [], f"move {moves} ({said})"
        if moves == 12:
            snap(page, "keyboard-1280x800")
        page.keyboard.press("Space" if moves % 3 == 2 else "Enter")
        assert redrawn(page, before), f"{said}: the key changed nothing"
        moves += 1
    assert moves > 40
    finish(page, "keyboard-end-1280x800")
    # the rest is one press away: the Log's panel opens, with the focus in it
    page.locator("button.lnb-dream-panel", has_text="Log").click()
    expect(page.locator(".lnb-dream-panel-log .lnb-dream-log")).to_be_visible()
    expect(page.locator(".lnb-dream-panel-log .lnb-dream-log")).to_contain_text("Computer")


def test_a_game_by_clicks_at_768_keeps_the_decision_in_view(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    start(page, kit, 768, 1024)
    moves = stuck = 0
    while (found := next_decision(page))[0] != "score":
        assert moves < 600, "the game does not end"
        out, before = in_view(page)  # the redraws now: the click must bring the next
        if out:
            snap(page, "out-of-view-768x1024")
        assert out == [], f"move {moves}"
        if moves == 12:
            snap(page, "clicks-768x1024")
        stuck = 0 if decide(page, found[0], found[1], before) else stuck + 1
        assert stuck < 8, "the page stopped answering clicks"
        moves += 1
    finish(page, "clicks-end-768x1024")
