"""A lesson in another language (``lessons/<lang>/<name>.ipynb``) is its English lesson
translated: the same cells and the same code, the language set by its first code cell, every
word a pupil reads in that language and the game's words as the glossary writes them.

Running the translated lessons is nbval's job, as for the English ones (``pytest
lessons/zh-CN``); how to translate one: docs/translating.md. An exercise's words are in its
lesson's bank (``widgets/lessons/exercises``), read here with the cells that name them; that
both lessons ask the same exercises is tests/test_lesson_twins.py's.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest

from lnb.babbage.edition import Edition
from lnb.babbage.errors import LnbError
from lnb.babbage.programs import Program
from lnb.core.i18n import SOURCE, normalize
from widgets.lessons.bank import TEXT_FIELDS, bank

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
GLOSSARY = ROOT / "docs/glossary.md"
if "make_index" not in sys.modules:  # the landing page's module: which game a lesson is of
    _spec = importlib.util.spec_from_file_location("make_index", LESSONS / "make_index.py")
    assert _spec is not None and _spec.loader is not None
    sys.modules["make_index"] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules["make_index"])
make_index = sys.modules["make_index"]

#: Each language's words for the three parts of a lesson's first cell ("What you'll do:"...).
FIRST_CELL_PARTS = {
    "zh_CN": ("**你将要做：**", "**你将学到：**", "**你需要：**"),
}
#: A script per language: a Markdown cell or a pupil's string must contain some of it.
SCRIPT = {"zh_CN": re.compile(r"[\u4e00-\u9fff]")}


def language_folders() -> list[Path]:
    """The folders of translated lessons: ``lessons/<tag>`` for a language the kit speaks."""
    return sorted(p for p in LESSONS.iterdir()
                  if p.is_dir() and not p.name.startswith((".", "_"))
                  and normalize(p.name) not in (None, SOURCE))


TRANSLATED = [p.relative_to(LESSONS).as_posix()
              for folder in language_folders() for p in sorted(folder.glob("*.ipynb"))
              if p.name != "index.ipynb"]


def language_of(path: str) -> str:
    found = normalize(path.split("/")[0])
    assert found is not None
    return found


def read(path: str) -> nbformat.NotebookNode:
    return nbformat.read(LESSONS / path, as_version=4)


def english_of(path: str) -> nbformat.NotebookNode:
    return read(path.split("/", 1)[1])


def language_cell(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if c.cell_type == "code")


def without_language_cell(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    first = language_cell(nb)
    return [c for c in nb.cells if c is not first]


def is_pin(cell: nbformat.NotebookNode) -> bool:
    return "pin" in cell.metadata.get("tags", [])


def strings(code: str) -> list[str]:
    """The string constants of a code cell (an f-string's literal parts too)."""
    return [n.value for n in ast.walk(ast.parse(code))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def bank_names(code: str) -> list[tuple[str, str]]:
    """The (lesson, id) of each ``exercise("02-place-value", "swap-07")`` call of a cell.

    >>> bank_names('exercise("02-place-value", "swap-07", title="x")')
    [('02-place-value', 'swap-07')]
    """
    return [(call.args[0].value, call.args[1].value) for call in ast.walk(ast.parse(code))
            if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "exercise"
            and len(call.args) >= 2
            and all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                    for a in call.args[:2])]


def bank_texts(code: str, language: str) -> list[str]:
    """What a pupil reads of the bank exercises a cell names, in ``language``."""
    found: list[str] = []
    for lesson, ident in bank_names(code):
        texts = bank(lesson).entry(ident).texts.get(language, {})
        for name in TEXT_FIELDS:
            value = texts.get(name, [])
            found += [value] if isinstance(value, str) else [str(v) for v in value]
    return found


def shape(code: str) -> list[str]:
    """A cell's code without its strings and keyword names: the names, attributes and numbers
    it uses, in order. A translation changes strings (and may name a keyword the English
    leaves to a default, such as ``question=``), never what the code does.

    >>> shape('Exercise("Start at 55.", number(3, "x"), hints=["a"])')
    ['Exercise', 'number', '3']
    """
    out = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Name):
            out.append(node.id)
        elif isinstance(node, ast.Attribute):
            out.append(node.attr)
        elif isinstance(node, ast.Constant) and not isinstance(node.value, str):
            out.append(repr(node.value))
    return out


def edition_names() -> set[str]:
    """People's names as the edition prints them, and each word of them (a seat "Babbage")."""
    edition = Edition.load()
    names = {c.name for c in edition.characters} | {p.name for p in edition.patrons}
    return names | {word for name in names for word in name.split()}


def is_program(text: str) -> bool:
    try:
        Program.parse(text)
    except LnbError:
        return False
    return bool(text.strip())


def test_there_are_translated_lessons() -> None:
    assert "zh-CN/01-first-program.ipynb" in TRANSLATED
    assert "zh-CN/07-playing-the-game.ipynb" in TRANSLATED
    assert "zh-CN/teachers-guide.ipynb" in TRANSLATED


@pytest.mark.parametrize("path", TRANSLATED)
def test_a_translation_has_the_english_lessons_cells(path: str) -> None:
    nb, english = read(path), english_of(path)
    nbformat.validate(nb)
    assert nb.metadata == english.metadata
    cells = without_language_cell(nb)
    assert [(c.id, c.cell_type) for c in cells] == [(c.id, c.cell_type) for c in english.cells]
    for cell, original in zip(cells, english.cells, strict=True):
        assert cell.metadata == original.metadata, f"{path} {cell.id}: tags or folding differ"
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path}: outputs"
    nav, english_nav = cells[-1].source, english.cells[-1].source
    assert nav.splitlines()[0] == english_nav.splitlines()[0] == "---", f"{path}: nav cell"


@pytest.mark.parametrize("path", TRANSLATED)
def test_the_first_code_cell_sets_the_folders_language(path: str) -> None:
    """``page_language({"lang": tag})``, as if the address said ``?lang=``: the language
    switch of an app then keeps it when the page reports the browser's languages (with
    ``set_default_language`` alone, an app in the lesson would follow the browser)."""
    nb = read(path)
    assert nb.cells[0].cell_type == "markdown"
    cell = language_cell(nb).source
    assert "from widgets.core.language import page_language" in cell
    calls = [n for n in ast.walk(ast.parse(cell))
             if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "page_language"]
    assert len(calls) == 1 and isinstance(calls[0].args[0], ast.Dict)
    query = ast.literal_eval(calls[0].args[0])
    assert list(query) == ["lang"] and normalize(query["lang"]) == language_of(path)
    assert not isinstance(ast.parse(cell).body[-1], ast.Expr), (
        "assign the language chosen: a bare call shows its value on the page")


@pytest.mark.parametrize("path", TRANSLATED)
def test_the_first_cell_says_what_the_lesson_is_in_the_language(path: str) -> None:
    first = read(path).cells[0].source
    assert first.splitlines()[0].startswith("# ")
    for part in FIRST_CELL_PARTS[language_of(path)]:
        assert part in first, f"{path}: first cell lacks {part}"


#: Two Latin words in a row: a phrase (a string of one word is a key, a code or a name).
PHRASE = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]")


@pytest.mark.parametrize("path", TRANSLATED)
def test_the_code_is_the_english_code(path: str) -> None:
    """Pupils' cells do what the English ones do; only their strings differ. A string kept
    from the English cell must be a person's name, a program (``A3+ A4/``), a key or code of
    one word (``"Art"``, ``"copy>,copy<,swap,+-9"``, a player ``"Bea"``: the words a page
    shows of them are checked in tests/test_words_in_process.py) or the lesson and id of a bank
    exercise, not a sentence left untranslated. (Pinned cells may check the language's own text
    instead.)"""
    names = edition_names()
    english = {c.id: c for c in english_of(path).cells}
    for cell in without_language_cell(read(path)):
        if cell.cell_type != "code" or is_pin(cell):
            continue
        original = english[cell.id].source
        assert shape(cell.source) == shape(original), f"{path} {cell.id}: the code differs"
        named = {part for pair in bank_names(cell.source) for part in pair}
        kept = set(strings(cell.source)) & set(strings(original)) - named
        untranslated = [s for s in kept if PHRASE.search(s) and s not in names
                        and not is_program(s)]
        assert not untranslated, f"{path} {cell.id}: {untranslated} left in English"


LATIN_PHRASE = re.compile(r"[A-Za-z][A-Za-z']+(?:[ ,]+[A-Za-z][A-Za-z']+){2,}")
#: Latin words a translated lesson keeps: names of the kit, its tools and a menu of JupyterLab.
KEPT = ("Lovelace & Babbage", "JupyterLab", "Voila", "Binder", "sympy", "Tab")


def readable_text(markdown: str) -> str:
    """What a pupil reads of a Markdown cell: without code, link targets, rows and tags."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"<[^>]+>", " ", text)
    for name in sorted(edition_names(), key=len, reverse=True):
        text = text.replace(name, " ")
    for word in KEPT:
        text = text.replace(word, " ")
    return text


@pytest.mark.parametrize("path", TRANSLATED)
def test_what_a_pupil_reads_is_in_the_language(path: str) -> None:
    script = SCRIPT[language_of(path)]
    for cell in read(path).cells:
        if cell.cell_type == "markdown":
            text = readable_text(cell.source)
            assert script.search(text), f"{path} {cell.id}: no word in the language"
            assert not LATIN_PHRASE.search(text), (
                f"{path} {cell.id}: English left: {LATIN_PHRASE.search(text).group()!r}")
        elif not is_pin(cell):
            for s in strings(cell.source) + bank_texts(cell.source, language_of(path)):
                phrase = LATIN_PHRASE.search(readable_text(s))
                assert not phrase, f"{path} {cell.id}: English left in {s!r}"


def glossary_terms(section: str) -> list[tuple[str, str]]:
    """(English, translation) of each row of one game's section of the glossary whose English
    is a capitalised game term; a row naming two forms ("Σ, Sigma") gives both."""
    text = GLOSSARY.read_text("utf-8")
    start = text.index(f"\n## {section}\n")
    end = text.find("\n## ", start + 1)
    terms = []
    for line in text[start:end if end > 0 else None].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("English", "---"):
            continue
        english = re.sub(r"\s*\(.*?\)", "", cells[0])
        for form in re.split(r",\s*", english):
            if form[:1].isupper() or form == "Σ":
                terms.append((form, cells[1]))
    return terms


#: What may follow a game's word when it is not that word: "Round down" is rounding (去尾法).
NOT_A_TERM = r"(?!\s+(?:down|up)\b)"


def glossary_section(path: str) -> str:
    """The glossary's section of the game a lesson is of: a game's own lesson (the museum's,
    Ada's Dream's) its game's, the numbered lessons Lovelace & Babbage's.

    >>> glossary_section("zh-CN/dream-mill.ipynb"), glossary_section("zh-CN/02-place-value.ipynb")
    ("Ada's Dream (艾达之梦)", 'Lovelace & Babbage')
    """
    game = make_index.game_of(path)
    title = "Lovelace & Babbage" if game is None else str(game.title)
    headings = re.findall(r"^## (.+)$", GLOSSARY.read_text("utf-8"), flags=re.M)
    return next(h for h in headings if title in h)


def pupil_text(nb: nbformat.NotebookNode, language: str = SOURCE) -> str:
    """Every word a pupil reads in a lesson: its Markdown, its code's strings and the texts of
    the bank exercises it names, in ``language``."""
    parts = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            parts.append(cell.source)
        elif not is_pin(cell):
            parts.extend(strings(cell.source))
            parts.extend(bank_texts(cell.source, language))
    return "\n".join(parts)


def test_the_glossary_rows_are_read() -> None:
    terms = dict(glossary_terms("Lovelace & Babbage"))
    assert terms["Subroutine"] == "子程序" and terms["Σ"] == "Sigma（Σ）"
    assert terms["Science"] == "科学"


@pytest.mark.parametrize("path", [p for p in TRANSLATED if p.startswith("zh-CN/")])
def test_the_games_words_follow_the_glossary(path: str) -> None:
    """Where the English lesson uses one of the game's words, the translation uses the
    glossary's word for it (the lesson may say more, never another word); each game's lessons
    by its own section of the glossary (a Program is 程序 in Lovelace & Babbage, 打孔卡 in
    Ada's Dream)."""
    english, translated = pupil_text(english_of(path)), pupil_text(read(path), language_of(path))
    missing = []
    for term, chinese in glossary_terms(glossary_section(path)):
        written = r"\s+".join(re.escape(word) for word in term.split())  # across a line break
        used = re.search(rf"(?<![A-Za-z]){written}(?:s|'s)?(?![A-Za-z]){NOT_A_TERM}", english)
        if used and chinese not in translated:
            missing.append(f"{term} → {chinese}")
    assert not missing, f"{path}: {missing}"


@pytest.mark.parametrize("path", TRANSLATED)
def test_the_links_of_a_translation_point_at_files(path: str) -> None:
    folder = (LESSONS / path).parent
    for cell in read(path).cells:
        if cell.cell_type != "markdown":
            continue
        for target in re.findall(r"\]\(([^)\s]+)\)", cell.source):
            if "://" in target:
                continue
            file = target.split("#", 1)[0].split("?", 1)[0]
            assert (folder / file).is_file(), f"{path} {cell.id}: {target}"


CJK = "\u2018-\u201d\u3000-\u303f\u4e00-\u9fff\uff00-\uffef"  # characters, their punctuation


@pytest.mark.parametrize("path", [p for p in TRANSLATED if p.startswith("zh-CN/")])
def test_no_line_break_between_two_chinese_characters(path: str) -> None:
    """A browser shows a line break inside a paragraph as a space, a stray one between two
    Chinese characters: a Chinese paragraph is one line."""
    for cell in read(path).cells:
        if cell.cell_type == "markdown":
            text = re.sub(r"```.*?```", " ", cell.source, flags=re.S)
            found = re.search(f"[{CJK}]\\n[ \\t]*[{CJK}]", text)
            assert not found, f"{path} {cell.id}: a line break in {found.group()!r}"


def test_the_commands_a_translated_lesson_prints_work() -> None:
    """As tests/test_docs_commands.py checks the English lessons' commands."""
    from test_docs_commands import ANY_FENCE, FENCE, INLINE, Command, problem, shell_lines

    found = []
    for path in TRANSLATED:
        for cell in read(path).cells:
            if cell.cell_type != "markdown":
                continue
            for match in FENCE.finditer(cell.source):
                found += [Command(path, line, True) for line in shell_lines(match.group(2))]
            found += [Command(path, " ".join(m.group(1).split()), False)
                      for m in INLINE.finditer(ANY_FENCE.sub("", cell.source))]
    assert any(c.text.startswith("lnb --lang zh-CN puzzle sheet") for c in found)
    wrong = [(c.where, c.text, problem(c)) for c in found if problem(c) is not None]
    assert not wrong


@pytest.mark.parametrize("path", TRANSLATED)
def test_bold_and_italic_render_as_voila_renders_them(path: str) -> None:
    """Emphasis next to Chinese punctuation is easy to break (``问*“…”*`` shows its stars):
    every ``*`` of a Markdown cell is gone once Voila's renderer (nbconvert's) has read it."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    for cell in read(path).cells:
        if cell.cell_type == "markdown":
            html = markdown2html_mistune(cell.source)
            text = re.sub(r"<code>.*?</code>|<[^>]+>", "", html, flags=re.S)
            assert "*" not in text, f"{path} {cell.id}: a star is shown: {text[:200]!r}"
