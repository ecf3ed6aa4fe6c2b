"""Each page's drawing before Python is ready (issue 33, item 1): stored for every page that
shows widgets, current, inert, in each language, and handed to both the served kit (the
template's ``page_config``) and the site (``scripts/site/first_paint.py``).

The full check, that each drawing takes the live widget's place without moving the page, is
the browser's: ``tests/browser/test_first_drawing.py``.
"""

from __future__ import annotations

import json
import re

import ipywidgets as w
import pytest

from scripts.site import first_paint
from widgets.core.sketch import frame, sketch
from widgets.serving import sketches
from widgets.serving.loading import with_loading_words

#: A few pages, one of each kind: the landing page, Lovelace & Babbage, the museum, Ada's
#: Dream, a lesson in English and its Chinese twin.
FEW = ["index.ipynb", "play.ipynb", "museum.ipynb", "dream.ipynb", "01-first-program.ipynb",
       "zh-CN/01-first-program.ipynb"]


@pytest.mark.parametrize("host", sketches.HOSTS)
def test_the_stored_drawings_of_a_few_pages_are_current(host: str) -> None:
    stale = [page for page in FEW if not sketches.is_current(page, host)]
    assert stale == [], (f"the drawings of {stale} ({host}) were made from another kit: run "
                         f"`.venv/bin/python -m widgets.serving.sketches` and commit "
                         f"widgets/serving/data/sketches/")


def test_every_page_that_shows_widgets_has_a_drawing_on_both_hosts() -> None:
    missing = [(host, page) for page in sketches.every_page() for host in sketches.HOSTS
               if not sketches.stored_path(page, host).is_file()]
    assert missing == [], f"no drawing stored for {missing}: run python -m widgets.serving.sketches"


def test_a_drawing_is_inert_hidden_and_never_taken_for_a_live_widget() -> None:
    cells = sketches.page_sketches("play.ipynb")
    assert sorted(cells) == ["en", "zh-CN"]
    for language, drawn in cells.items():
        assert drawn, f"play.ipynb has no drawing in {language}"
        for html in drawn.values():
            assert html.startswith('<div class="lnb-sketch" aria-hidden="true" inert>')
            assert "<script" not in html
            classes = " ".join(re.findall(r'class="([^"]*)"', html)).split()
            assert "jupyter-widgets" not in classes  # the page's sign of a live widget
            for button in re.findall(r"<button\b[^>]*>", html):
                assert 'tabindex="-1"' in button, button
    english, chinese = (" ".join(cells[lang].values()) for lang in ("en", "zh-CN"))
    assert "Start the game" in english and "Start the game" not in chinese


def test_the_walk_keeps_layout_classes_and_words_and_skips_what_is_hidden() -> None:
    grid = w.GridBox([w.HTML("<b>A1</b>"), w.Label("hidden", layout=w.Layout(display="none")),
                      w.Dropdown(options=["one", "two"], value="two", description="Pick")],
                     layout=w.Layout(grid_template_columns="repeat(2, 1fr)"))
    drawn = sketch(grid.add_class("lnb-board").add_class("lnb-focus-3"))
    assert drawn.startswith('<div class="widget-container widget-gridbox lnb-board" '
                            'style="grid-template-columns: repeat(2, 1fr)">')
    assert "<b>A1</b>" in drawn and "hidden" not in drawn and "lnb-focus-3" not in drawn
    assert "<option selected>two</option>" in drawn and ">Pick</label>" in drawn
    assert frame([drawn]).count("lnb-sketch") == 1


def test_the_walk_draws_what_the_live_page_shows_as_tall() -> None:
    corner = w.Accordion([w.Label("inside")], titles=("For teachers",), selected_index=None)
    drawn = sketch(corner)
    assert "jupyter-widget-Collapse-header" in drawn and "For teachers" in drawn
    assert "inside" not in drawn  # a closed section shows its title bar only
    toggle = sketch(w.ToggleButton(value=True, description="High contrast"))
    assert toggle.startswith("<button") and "mod-active" in toggle and "High contrast" in toggle
    # no drawn button is disabled (the kit's dashed border would make it taller), but one
    # disabled on the live page, which the page marks aria-disabled
    row = sketch(w.HBox([w.Button(description="Go"), w.Button(description="No", disabled=True),
                         w.ToggleButtons(options=["a", "b"])]))
    assert " disabled" not in row and row.count('aria-disabled="true"') == 1
    assert 'type="number"' in sketch(w.BoundedIntText(4))  # drawn as the text box it is


def test_the_served_page_config_says_where_the_pages_drawing_is() -> None:
    config = with_loading_words(None)({}, notebook_path="museum.ipynb", base_url="/")
    found = config["kitSketches"]  # the drawings themselves: tests/test_served_drawings.py
    assert found["languages"] == sorted(sketches.page_sketches("museum.ipynb"))
    assert found["cells"].endswith("/{lang}/museum.ipynb") and found["css"].endswith(".css")
    assert "lnb-map-svg" in json.dumps(sketches.page_sketches("museum.ipynb"))  # the map's own


def test_the_site_page_carries_its_drawing_safely_in_a_script() -> None:
    page = ('<html><head></head><body><script id="jupyter-config-data">'
            '{"notebookPath": "zh-CN/01-first-program.ipynb"}</script></body></html>')
    done = first_paint.with_sketches(page)
    data = re.search(r"window\.kitSketches = (.*?);</script>", done).group(1)
    assert "</" not in data  # a drawing's </div> cannot end the script early
    assert json.loads(data)["cells"] == sketches.page_sketches("zh-CN/01-first-program.ipynb",
                                                              "static")
