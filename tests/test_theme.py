"""The kit's visual language (issue 12 item 8): one set of tokens, a colour for every kind of
component, a high-contrast theme in 7:1 contrast switched by one shared toggle, cards, and
lessons without empty headings."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

from classroom.progress import ProgressStore
from lnb import Board
from lnb.babbage.components import Kind
from lnb.babbage.game import Game
from widgets.babbage.board import BoardView, kind_name
from widgets.babbage.game_app import GameApp
from widgets.babbage.patrons import PatronsView
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.babbage.subroutines import SubroutinesView
from widgets.core import theme
from widgets.core.contrast import ContrastToggle
from widgets.core.style import ACCESS_CSS, stylesheet

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
THEMES = {"everyday": theme.LIGHT_THEME, "high contrast": theme.HIGH_CONTRAST_THEME}


def test_contrast_ratio_matches_wcag() -> None:
    assert theme.contrast_ratio("#ffffff", "#000000") == pytest.approx(21.0)
    assert theme.contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert theme.contrast_ratio("#123456", "#123456") == pytest.approx(1.0)


def test_every_token_is_declared_in_the_stylesheet() -> None:
    assert theme.LIGHT_THEME.keys() == theme.HIGH_CONTRAST_THEME.keys()
    css = stylesheet().value
    for name, value in [*theme.SCALE.items(), *theme.LIGHT_THEME.items(),
                        *theme.HIGH_CONTRAST_THEME.items()]:
        assert f"--lnb-{name}: {value};" in css, name
    used = set(re.findall(r"var\(--lnb-([a-z0-9-]+)\)", css))
    declared = {*theme.SCALE, *theme.LIGHT_THEME}
    assert used <= declared, f"used but never declared: {sorted(used - declared)}"
    # The keyboard block stays whole, and the high-contrast block comes after it.
    assert ACCESS_CSS in css and css.index(ACCESS_CSS) < css.index(theme.HIGH_CONTRAST_CSS)


@pytest.mark.parametrize("which", THEMES)
def test_every_component_kind_has_its_own_colour(which: str) -> None:
    tokens = THEMES[which]
    names = {kind_name(kind) for kind in Kind}
    assert names == set(theme.KINDS)
    colours = [tokens[f"kind-{name}"] for name in theme.KINDS]
    assert len(set(colours)) == len(colours), colours
    for name in theme.KINDS:
        assert f"button.lnb-kind-{name}" in theme.LOOK_CSS


@pytest.mark.parametrize("which", THEMES)
def test_text_is_readable_in_both_themes(which: str) -> None:
    """Every text/background pair: 7:1 (WCAG AAA) in high contrast, 4.5:1 (AA) every day."""
    tokens, least = THEMES[which], (7.0 if which == "high contrast" else 4.5)
    low = {(fg, bg): round(theme.contrast_ratio(tokens[fg], tokens[bg]), 2)
           for fg, bg in theme.PAIRS if theme.contrast_ratio(tokens[fg], tokens[bg]) < least}
    assert not low, f"below {least}:1 in the {which} theme: {low}"


def test_board_buttons_and_spaces_carry_their_kind() -> None:
    board = Board.standard()
    view = BoardView(board, on_choose=lambda op: None)
    for level, components in board.levels.items():
        for rack, component in enumerate(components, start=1):
            css = f"lnb-kind-{kind_name(component.kind)}"
            space = view.space(level, rack)
            assert css in space._dom_classes
            for button in space.buttons.values():
                assert css in button._dom_classes and "lnb-fn" in button._dom_classes
    assert "lnb-kind-add-sub" in view.button("A3+")._dom_classes
    assert "lnb-kind-swap" in view.button("B4s")._dom_classes
    # A new board: a space takes its new kind's class and loses the old one.
    view.refresh(Board.standard().with_level("A", ["swap", "+-2", "+-5", "x/2"]))
    assert "lnb-kind-swap" in view.space("A", 1)._dom_classes
    assert "lnb-kind-add-sub" not in view.space("A", 1)._dom_classes


def test_the_toggle_adds_and_removes_the_high_contrast_class() -> None:
    for app in (GameApp(), PuzzleApp(ProgressStore(":memory:"))):
        toggle = app.contrast_toggle
        assert isinstance(toggle, ContrastToggle) and toggle.description == "High contrast"
        assert theme.HIGH_CONTRAST not in app._dom_classes
        toggle.value = True
        assert theme.HIGH_CONTRAST in app._dom_classes and "lnb-app" in app._dom_classes
        toggle.value = False
        assert theme.HIGH_CONTRAST not in app._dom_classes


def test_patrons_and_subroutines_are_cards_with_chips() -> None:
    state = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=7
                 ).new_initial_state()
    subs = SubroutinesView()
    subs.refresh(state, "Ada")
    assert subs.table.value.count("class='lnb-sub-card ") == 6
    assert "<div class='lnb-sub-number'>23</div>" in subs.table.value
    assert "lnb-chip lnb-chip-sigma lnb-effect" in subs.table.value
    for name in state.names:
        state.apply_action(state.legal_actions(name)[0])
    patrons = PatronsView(state)
    cards = patrons.cards.value
    assert cards.count("class='lnb-patron ") == 5
    for slot in state.patrons:
        for kind in slot.patron.types:
            assert theme.chip(kind) in cards
    assert set(theme.CHIPS) == {theme.chip_class(t)[len("lnb-chip-"):]
                                for t in state.edition.influence_types}


def empty_headings(path: Path) -> list[str]:
    """Headings with nothing under them: a markdown cell holding only headings, followed by
    another heading, by nothing, or by a code cell that shows nothing (its last statement is
    not an expression: an import, an assignment)."""
    cells = nbformat.read(path, as_version=4).cells
    found = []
    for i, cell in enumerate(cells):
        lines = [line for line in cell.source.splitlines() if line.strip()]
        if cell.cell_type != "markdown" or not lines or not all(
                line.startswith("#") for line in lines):
            continue
        after = cells[i + 1] if i + 1 < len(cells) else None
        shows = False
        if after is not None and after.cell_type == "code":
            body = ast.parse(after.source).body
            shows = bool(body) and isinstance(body[-1], ast.Expr)
        if not shows:
            found.append(lines[-1])
    return found


@pytest.mark.parametrize("name", sorted(p.name for p in LESSONS.glob("*.ipynb")))
def test_no_lesson_has_an_empty_heading(name: str) -> None:
    assert empty_headings(LESSONS / name) == []


def test_an_empty_heading_is_found(tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("## Start the app"),
                nbformat.v4.new_code_cell("app = 1"),
                nbformat.v4.new_markdown_cell("## Shown"),
                nbformat.v4.new_code_cell("app")]
    nbformat.write(nb, tmp_path / "x.ipynb")
    assert empty_headings(tmp_path / "x.ipynb") == ["## Start the app"]


def test_both_scripts_fall_back_to_the_readers_cjk_fonts() -> None:
    """The kit's text font (widgets.core.theme.TEXT_FONT) ends with the reader's CJK fonts,
    then sans-serif; the page template gives Jupyter's own text the same list."""
    from widgets.core.theme import CJK_FONTS, SCALE, TEXT_FONT

    fonts = [f.strip().strip("'\"") for f in TEXT_FONT.split(",")]
    assert fonts[-5:] == ["Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC",
                          "Microsoft YaHei", "sans-serif"]
    assert CJK_FONTS in SCALE["number-font"] and SCALE["text-font"] == TEXT_FONT
    template = (Path(__file__).resolve().parents[1] / "widgets/serving/data/voila/templates"
                / "kit/index.html.j2").read_text(encoding="utf-8")
    declared = re.search(r"--jp-ui-font-family:([^;]+);", template)
    assert declared is not None
    assert [f.strip().strip("'\"") for f in " ".join(declared.group(1).split()).split(",")] \
        == fonts
