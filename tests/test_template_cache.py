"""The kit's server compiles a page's templates once, not again for every page
(:mod:`widgets.serving.template_cache`): a second page's exporter compiles nothing and
renders the same templates; a template changed on disk is compiled again."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import Environment, meta
from jupyter_core.paths import jupyter_path
from nbconvert.filters.highlight import Highlight2HTML
from voila.exporter import VoilaExporter
from voila.paths import collect_template_paths

from widgets.serving import DATA_DIR
from widgets.serving.app import KitVoila
from widgets.serving.template_cache import CACHES, share_compiled_templates

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
#: The kit's page template, as Voila finds it (the kit's data folder first, as it is served).
KIT = "kit"


def kit_template_paths() -> list[str]:
    return collect_template_paths(["voila", "nbconvert"], KIT,
                                  root_dirs=[str(DATA_DIR), *jupyter_path()])


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja compiles from now on."""
    names: list[str] = []
    compile_source = Environment.compile

    def counted(self: Environment, source: str, name: str | None = None,
                *args: object, **kwargs: object) -> object:
        names.append(name or "?")
        return compile_source(self, source, name, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counted)
    return names


def page_template(paths: list[str]) -> str:
    """Load the kit's page template and every template it names, down the chain, as Voila's
    renderer does for one page (a new exporter); the page template's file."""
    exporter = VoilaExporter(template_paths=paths, template_name=KIT)
    exporter.register_filter("highlight_code", Highlight2HTML(parent=exporter))  # as Voila
    exporter.register_filter("trusted", lambda output: output)
    environment = exporter.environment
    todo, seen = ["index.html.j2"], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        source = environment.loader.get_source(environment, name)[0]
        environment.get_template(name)
        todo += [n for n in meta.find_referenced_templates(environment.parse(source)) if n]
    return environment.get_template("index.html.j2").filename or ""


def test_the_kit_server_shares_compiled_templates(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila's own exporter, once the kit's application has started up (as it is served);
    the test starts from Voila's own, whatever ran before it in this process."""
    create = VoilaExporter._create_environment
    monkeypatch.setattr(VoilaExporter, "_create_environment",
                        getattr(create, "__wrapped__", create))
    assert not getattr(VoilaExporter._create_environment, "shares_compiled_templates", False)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
        monkeypatch.setenv(name, str(tmp_path / name))
    KitVoila().initialize([str(LESSONS), "--no-browser"])
    assert getattr(VoilaExporter._create_environment, "shares_compiled_templates", False)


def test_a_second_page_compiles_no_template(compiled: list[str]) -> None:
    share_compiled_templates(VoilaExporter)
    paths = kit_template_paths()
    first = page_template(paths)
    assert Path(first).parts[-2:] == (KIT, "index.html.j2")
    before = len(compiled)
    assert page_template(paths) == first
    assert compiled[before:] == []  # the same templates, none compiled again
    assert len(CACHES[True]) >= 5  # the kit's, Voila's and nbconvert's: each kept once


def test_a_changed_template_is_compiled_again(tmp_path: Path, compiled: list[str]) -> None:
    share_compiled_templates(VoilaExporter)
    folder = tmp_path / "nbconvert" / "templates" / "mine"
    folder.mkdir(parents=True)
    (folder / "conf.json").write_text('{"base_template": "lab"}', encoding="utf-8")
    page = folder / "index.html.j2"
    page.write_text('{%- extends "lab/index.html.j2" -%}\n{# one #}', encoding="utf-8")
    paths = collect_template_paths(["nbconvert"], "mine",
                                   root_dirs=[str(tmp_path), *jupyter_path()])

    def load() -> None:
        VoilaExporter(template_paths=paths, template_name="mine").environment.get_template(
            "index.html.j2")

    load()
    load()
    assert compiled.count("index.html.j2") == 1
    page.write_text('{%- extends "lab/index.html.j2" -%}\n{# two #}', encoding="utf-8")
    load()
    assert compiled.count("index.html.j2") == 2
