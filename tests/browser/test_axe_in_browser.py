"""``browser_harness.serious_violations`` runs axe without the rules that can only report minor
or moderate violations: on a page made to fail it still finds every serious and critical
violation a full axe run finds, and nothing else.

Example: a nameless button, an image without ``alt`` and faint text are reported; a skipped
heading level (``heading-order``, moderate) is not asked for.
"""

from __future__ import annotations

import pytest
from browser_harness import serious_violations

pytestmark = pytest.mark.browser

#: Serious and critical violations (button-name, image-alt, color-contrast, label) beside
#: minor and moderate ones (heading-order, page-has-heading-one, region, duplicate-id).
FAILING = """<!doctype html><html lang="en"><head><title>A page made to fail</title></head>
<body><h2>No first heading</h2><h4>A skipped level</h4><button></button><img src="x.png">
<p style="color:#ccc;background:#fff">Faint text</p><div id="twice"></div><div id="twice"></div>
<input type="text"></body></html>"""


def test_serious_violations_are_those_of_a_full_axe_run(browser) -> None:  # type: ignore[no-untyped-def]
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(FAILING)
        found = sorted(line.split(" ", 1)[0] for line in serious_violations(page))
        page.set_content(FAILING)  # a fresh document for the full run
        every = Axe().run(page).response["violations"]
    finally:
        context.close()
    full = sorted(v["id"] for v in every if v["impact"] in ("serious", "critical"))
    assert found == full
    assert {"button-name", "image-alt", "color-contrast", "label"} <= set(found)
    assert {v["id"] for v in every} - set(full), "the page should have mild violations too"
