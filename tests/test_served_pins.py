"""The served kit runs no ``pin`` cell (issue 33 item 1): those asserts are for CI (nbval),
not for pupils, and cost a lesson's page time (lesson 09: 7 of its 31 cells, each a sympy
solve or two). The kit's Voila configuration removes them before the notebook runs."""

from __future__ import annotations

import json

import nbformat
from nbconvert.preprocessors import TagRemovePreprocessor
from traitlets.config import Config

from widgets.serving import CONFIG_DIR

LESSONS = CONFIG_DIR.parents[2] / "lessons"


def test_the_served_configuration_drops_pin_cells_and_keeps_the_rest() -> None:
    config = Config(json.loads((CONFIG_DIR / "voila.json").read_text(encoding="utf-8")))
    remover = TagRemovePreprocessor(config=config)
    remover.enabled = True  # as Voila's exporter runs it (one of nbconvert's defaults)
    nb = nbformat.read(LESSONS / "09-undo-a-program.ipynb", as_version=4)
    every = [c.id for c in nb.cells]
    pinned = [c.id for c in nb.cells if "pin" in c.metadata.get("tags", [])]
    assert pinned, "lesson 09 has pin cells to drop"
    kept, _ = remover.preprocess(nb, {})  # (changes nb in place)
    assert [c.id for c in kept.cells] == [i for i in every if i not in pinned]
