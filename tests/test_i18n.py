"""Translations (issue 14): choosing the language, the catalogs, and the ``lnb`` command in
English, 简体中文 and the pseudo-language ``en-XA`` (every translated string between ⟦ ⟧)."""

from __future__ import annotations

import argparse
import ast
import contextvars
import os
import re
import string
import subprocess
import sys
import threading
from fnmatch import fnmatch
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from lnb.cli import build_parser, main
from lnb.core import i18n

ROOT = Path(__file__).resolve().parent.parent
ZH_PO = ROOT / "lnb/locale/zh_CN/LC_MESSAGES/lnb.po"


def run_cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return subprocess.run([sys.executable, "-m", "lnb.cli", *args], capture_output=True,
                          text=True, check=False, env={**clean, **env})


# -- choosing the language --------------------------------------------------------------------

@pytest.mark.parametrize(("tag", "expected"), [
    ("zh", "zh_CN"), ("zh-CN", "zh_CN"), ("zh_CN", "zh_CN"), ("zh_CN.UTF-8", "zh_CN"),
    ("zh-cn", "zh_CN"), ("ZH_CN.utf8@pinyin", "zh_CN"), ("zh-Hans", "zh_CN"),
    ("zh-Hans-CN", "zh_CN"), ("zh-SG", "zh_CN"),
    ("en", "en"), ("en-US", "en"), ("en_GB.UTF-8", "en"), ("C", "en"), ("POSIX", "en"),
    ("C.UTF-8", "en"), ("en-XA", "en_XA"),
    # Traditional characters are not the Simplified catalog; unknown languages are no catalog
    ("zh-TW", None), ("zh-HK", None), ("zh-Hant", None), ("fr-FR", None), ("xx", None),
    ("", None), ("*", None), ("12", None), (" ", None),
])
def test_a_tag_of_any_form_finds_its_catalog(tag: str, expected: str | None) -> None:
    assert i18n.normalize(tag) == expected


@pytest.mark.parametrize(("header", "expected"), [
    ("zh-CN,zh;q=0.9,en;q=0.8", "zh_CN"),
    ("en-US,en;q=0.9,zh-CN;q=0.8", "en"),
    ("fr-FR, de;q=0.9, zh;q=0.1", "zh_CN"),  # the first language the kit speaks
    ("en;q=0.2, zh-CN;q=0.7", "zh_CN"),  # by weight, not by place
    ("zh-TW,zh;q=0.8", "zh_CN"),  # the browser's own fallback to zh
    ("zh-TW", "en"), ("zh-CN;q=0", "en"), ("zh-CN;q=abc", "en"), ("", "en"), (None, "en"),
    ("*", "en"),
])
def test_the_browser_language_header(header: str | None, expected: str) -> None:
    assert i18n.from_accept_language(header) == expected


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "zh_CN.UTF-8"}, "zh_CN"),
    ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh_CN"),
    ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "en"),
    ({"LANGUAGE": "zh_CN:en", "LANG": "en_US.UTF-8"}, "zh_CN"),
    ({"LANGUAGE": "zh_CN", "LANG": "C"}, "en"),  # gettext ignores LANGUAGE in the C locale
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_command_environment(environ: dict[str, str], expected: str) -> None:
    assert i18n.from_environment(environ) == expected


def test_an_app_prefers_the_address_then_the_saved_choice_then_the_browser() -> None:
    assert i18n.choose_language("?lang=zh-CN", saved="en", browser=["en-US"]) == "zh_CN"
    assert i18n.choose_language("?code=P1&lang=xx", saved="zh-CN", browser=["en"]) == "zh_CN"
    assert i18n.choose_language({"lang": ["en"]}, saved="zh_CN") == "en"
    assert i18n.choose_language(None, saved=None, browser=["fr", "zh-Hans"]) == "zh_CN"
    assert i18n.choose_language("", saved="xx", browser="zh-CN,en;q=0.5") == "zh_CN"
    assert i18n.choose_language() == "en"
    assert i18n.tag(i18n.choose_language("?lang=zh_CN")) == "zh-CN"


# -- the language is per context --------------------------------------------------------------

def test_the_language_belongs_to_its_context() -> None:
    seen: dict[str, str] = {}
    with i18n.use_language("zh-CN"):
        assert i18n._("usage: ") == "用法："
        worker = threading.Thread(target=lambda: seen.setdefault("thread", i18n._("usage: ")))
        worker.start()
        worker.join()
        with i18n.use_language("en-XA"):
            assert i18n._("usage: ") == "⟦usage: ⟧"
        assert i18n.current_language() == "zh_CN"
        other = contextvars.Context().run(i18n.current_language)
    assert seen["thread"] == "usage: " and other == "en"
    assert i18n.current_language() == "en" and i18n._("usage: ") == "usage: "


def test_a_kernel_sets_the_language_of_its_process() -> None:
    try:
        assert i18n.set_default_language("zh-CN") == "zh_CN"
        assert i18n._("options") == "选项"
        worker_saw: list[str] = []
        worker = threading.Thread(target=lambda: worker_saw.append(i18n._("options")))
        worker.start()
        worker.join()
        assert worker_saw == ["选项"]
        with i18n.use_language("en"):  # a block still switches
            assert i18n._("options") == "options"
    finally:
        i18n.set_default_language(None)
    assert i18n._("options") == "options"


def test_a_lazy_text_is_translated_when_shown() -> None:
    title = i18n.lazy_pgettext("game title", "Lovelace & Babbage")
    plain = i18n.lazy_gettext("options")
    with i18n.use_language("en-XA"):
        assert f"{title}" == "⟦Lovelace & Babbage⟧" and str(plain) == "⟦options⟧"
    with i18n.use_language("zh-CN"):
        assert str(plain) == "选项" and plain + "!" == "选项!" and "[" + plain == "[选项"
    assert str(plain) == "options"


# -- plurals and numbers come from the catalog ------------------------------------------------

def test_plurals_come_from_the_catalog() -> None:
    forms = ("expected %s argument", "expected %s arguments")
    assert [i18n.ngettext(*forms, n) % n for n in (1, 2)] == [
        "expected 1 argument", "expected 2 arguments"]
    with i18n.use_language("zh-CN"):  # Chinese has one form for every number
        assert {i18n.ngettext(*forms, n) % n for n in (1, 2, 5)} == {
            "应有 1 个参数", "应有 2 个参数", "应有 5 个参数"}
    with i18n.use_language("en-XA"):
        assert i18n.ngettext(*forms, 1) == "⟦expected ⟧%s⟦ argument⟧"


@pytest.mark.parametrize(("rows", "word"), [("1", "row"), ("2", "rows")])
def test_the_command_counts_through_the_catalog(rows: str, word: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "solve", "--start", "55", "--reachable", rows]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.fullmatch(rf"\d+ values within {rows} {word} of 55:", first), first
    assert main(["--lang", "zh-CN", "solve", "--start", "55", "--reachable", rows]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.fullmatch(rf"从 55 出发 {rows} 行之内能得到 \d+ 个数字：", first), first


def test_numbers_and_lists_as_the_language_writes_them() -> None:
    assert i18n.format_number(1234567) == "1,234,567"
    from babel.lists import format_list as babel_format_list

    for style in ("standard", "or"):
        for items in ([], ["a"], ["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d"]):
            assert i18n.format_list(items, style) == babel_format_list(items, style, "en")
    with i18n.use_language("zh-CN"):
        assert i18n.format_number(1234567) == "1,234,567"
        assert i18n.format_list(["a", "b"]) == "a和b"


# -- the catalogs -----------------------------------------------------------------------------

def _fresh_extraction() -> dict[str, dict[tuple[str | None, str], set[str]]]:
    """Every message of the kit as `make i18n` extracts it now, per catalog:
    part -> (context, msgid) -> files."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    makefile = (ROOT / "Makefile").read_text()
    extra = re.search(r"^I18N_KEYWORDS := (.*)$", makefile, re.MULTILINE)
    assert extra, "the Makefile names the extra keywords of `make i18n`"
    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(extra.group(1).replace("-k", "").split())}
    found: dict[str, dict[tuple[str | None, str], set[str]]] = {}
    for domain, paths in i18n.DOMAINS.items():
        messages = found.setdefault(domain, {})
        for path in paths:
            if (ROOT / path).is_file():
                for _line, message, _comments, context in extract_from_file(
                        "python", str(ROOT / path), keywords=keywords):
                    msgid = message[0] if isinstance(message, tuple) else message
                    messages.setdefault((context, msgid), set()).add(path)
                continue
            if not (ROOT / path).is_dir():
                continue
            for filename, _line, message, _comments, context in extract_from_dir(
                    str(ROOT / path), method_map, options_map, keywords=keywords):
                msgid = message[0] if isinstance(message, tuple) else message
                messages.setdefault((context, msgid), set()).add(f"{path}/{filename}")
    return found


@pytest.fixture(scope="module")
def extracted_by_part() -> dict[str, dict[tuple[str | None, str], set[str]]]:
    return _fresh_extraction()


@pytest.fixture(scope="module")
def extracted(extracted_by_part) -> dict[tuple[str | None, str], set[str]]:
    merged: dict[tuple[str | None, str], set[str]] = {}
    for messages in extracted_by_part.values():
        for key, files in messages.items():
            merged.setdefault(key, set()).update(files)
    return merged


def _catalog(path: Path):
    with path.open("rb") as stream:
        return read_po(stream, domain=path.stem)


def test_the_extraction_finds_the_command_and_argparse(extracted) -> None:
    files = set().union(*extracted.values())
    assert {"lnb/cli/__init__.py", "lnb/cli/solver.py", "lnb/cli/argparse_words.py"} <= files
    assert (None, "usage: ") in extracted and ("game title", "Lovelace & Babbage") in extracted


PARTS = [part for part in i18n.DOMAINS
         if any((ROOT / path).exists() for path in i18n.DOMAINS[part])]


@pytest.mark.parametrize("part", PARTS)
def test_the_template_is_up_to_date(extracted_by_part, part: str) -> None:
    template = _catalog(ROOT / f"lnb/locale/{part}.pot")
    ids = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in template if m.id}
    assert ids == set(extracted_by_part[part]), "run `make i18n`"


TRANSLATED = [lang for lang in i18n.available_languages() if lang != i18n.SOURCE]


def _po(language: str, part: str = "lnb") -> Path:
    return ROOT / "lnb/locale" / language / f"LC_MESSAGES/{part}.po"


def test_simplified_chinese_is_a_catalog_with_one_plural_form() -> None:
    assert "zh_CN" in TRANSLATED
    for part in PARTS:
        assert _catalog(_po("zh_CN", part)).num_plurals == 1, part


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("part", PARTS)
def test_a_catalog_has_no_missing_or_fuzzy_entry(extracted_by_part, language: str,
                                                 part: str) -> None:
    catalog = _catalog(_po(language, part))
    extracted = extracted_by_part[part]
    assert not catalog.fuzzy
    missing, fuzzy, empty = [], [], []
    for context, msgid in extracted:
        message = catalog.get(msgid, context=context)
        if message is None:
            missing.append(msgid)
        elif message.fuzzy:
            fuzzy.append(msgid)
        elif not all(message.string if isinstance(message.string, tuple)
                     else [message.string]):
            empty.append(msgid)
    assert (missing, fuzzy, empty) == ([], [], [])
    stale = [m.id for m in catalog if m.id and (m.context, m.id[0] if isinstance(m.id, tuple)
                                                 else m.id) not in extracted]
    assert stale == [], "messages no longer in the code: run `make i18n`"
    assert not catalog.obsolete


def _placeholders(text: str) -> set[str]:
    braces = {f"{{{name}:{spec}}}" for _lit, name, spec, _conv
              in string.Formatter().parse(text) if name is not None}
    return braces | set(re.findall(r"%(?:\(\w+\))?[srd]", text))


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("part", PARTS)
def test_every_translation_keeps_the_placeholders(language: str, part: str) -> None:
    for message in _catalog(_po(language, part)):
        if not message.id:
            continue
        source = message.id[0] if isinstance(message.id, tuple) else message.id
        for text in message.string if isinstance(message.string, tuple) else [message.string]:
            assert _placeholders(text) == _placeholders(source), (source, text)


def test_the_terms_of_the_game_follow_the_glossary() -> None:
    glossary = (ROOT / "docs/glossary.md").read_text()
    for english, chinese in [("Subroutine", "子程序"), ("Patron", "赞助人"),
                             ("Influence", "影响标记"), ("Player Order Token", "顺位标记"),
                             ("Engine Component", "运算符号"), ("Debug", "除错"),
                             ("Failed Experiment", "失败实验")]:
        assert re.search(rf"\| {english}s? \| {chinese}", glossary), english
    text = ZH_PO.read_text()
    assert "运算符号" in text and "令牌" not in text  # a token of the board is 运算符号


def test_a_catalog_is_compiled_at_first_use(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a .mo the .po is read; a .mo newer than its .po (`make i18n`) is read instead."""
    folder = tmp_path / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "lnb.po"
    po.write_bytes(ZH_PO.read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n._translations.cache_clear()
    try:
        assert i18n._translations("zh_CN").gettext("options") == "选项"
        catalog = _catalog(po)
        catalog["options"].string = "选项（.mo）"
        with (folder / "lnb.mo").open("wb") as stream:
            write_mo(stream, catalog)
        os.utime(po, (1, 1))
        i18n._translations.cache_clear()
        assert i18n._translations("zh_CN").gettext("options") == "选项（.mo）"
        os.utime(po)  # the .po edited after the last `make i18n`: the .po wins
        os.utime(folder / "lnb.mo", (1, 1))
        i18n._translations.cache_clear()
        assert i18n._translations("zh_CN").gettext("options") == "选项"
    finally:
        i18n._translations.cache_clear()


def test_the_catalogs_are_installed_with_the_package() -> None:
    project = (ROOT / "pyproject.toml").read_text()
    dependencies = re.search(r"^dependencies = \[(.*?)\]", project, re.MULTILINE | re.DOTALL)
    assert dependencies and '"babel' in dependencies.group(1)
    package_data = re.search(r'^"lnb.locale" = (\[.*\])$', project, re.MULTILINE)
    assert package_data
    patterns = ast.literal_eval(package_data.group(1))
    shipped = [p.relative_to(ROOT / "lnb/locale").as_posix()
               for p in (ROOT / "lnb/locale").rglob("*.po*")]
    assert shipped and all(any(fnmatch(name, pattern) for pattern in patterns)
                           for name in shipped)
    assert i18n.available_languages() == ("en", "zh_CN")


# -- the lnb command --------------------------------------------------------------------------

def test_lnb_lang_zh_cn_prints_chinese_help() -> None:
    done = run_cli("--lang", "zh-CN", "board", "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("用法：lnb board")
    for chinese in ("选项", "显示此帮助信息并退出", "翻开一行的四个运算符号",
                    "以 JSON 输出运算符号"):
        assert chinese in done.stdout
    assert not re.search(r"\b(usage|options|show|reveal|print)\b", done.stdout), done.stdout


def test_lang_in_the_environment_is_the_default() -> None:
    done = run_cli("run", "A3+", "--start", "101", LANG="zh_CN.UTF-8")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("lnb run: 参数 --start：'101' 不是 00～99 之间的数字"
                           "（参见 'lnb run --help'）\n")
    assert "用法：" in run_cli("--help", LANG="zh_CN.UTF-8").stdout
    english = run_cli("run", "A3+", "--start", "101", LANG="zh_CN.UTF-8", LC_ALL="C.UTF-8")
    assert "not a value from 00 to 99" in english.stderr
    chosen = run_cli("--lang", "en", "run", "A3+", "--start", "101", LANG="zh_CN.UTF-8")
    assert "not a value from 00 to 99" in chosen.stderr


def test_output_and_errors_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "zh-CN", "run", "A3+ A4/", "--start", "55"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "结果 30"
    assert main(["--lang", "zh-CN", "run"]) == 2
    assert capsys.readouterr().err == (
        "lnb run: 缺少以下必需的参数：program（参见 'lnb run --help'）\n")
    assert main(["--lang", "zh-CN", "fly"]) == 2
    assert capsys.readouterr().err.startswith("lnb fly: 参数 COMMAND：无效的选择：'fly'")
    assert main(["--lang", "zh-CN", "board", "--level", "C"]) == 2
    assert "请写出行的字母" in capsys.readouterr().err


def test_an_unknown_language_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "xx", "board"]) == 2
    err = capsys.readouterr().err
    assert err == ("lnb board: argument --lang: 'xx' is not a language of the kit; "
                   "choose en or zh-CN (see 'lnb --help')\n")
    assert main(["--lang=zh_CN.UTF-8", "board"]) == 0


def test_the_command_leaves_argparse_as_it_found_it() -> None:
    before = argparse._  # type: ignore[attr-defined]
    with pytest.raises(SystemExit):
        main(["--lang", "zh-CN", "--help"])
    assert argparse._ is before  # type: ignore[attr-defined]
    assert i18n.current_language() == "en"


# -- the pseudo-language finds every string that bypassed the catalog -------------------------

def _command_words(parser: argparse.ArgumentParser) -> set[str]:
    """What may stay untranslated: the program's, commands', options' and arguments' names."""
    words = {parser.prog, *parser.prog.split()}
    for action in parser._actions:
        words.update(action.option_strings)
        words.update(str(action.metavar or action.dest.upper()).split())
        if not action.option_strings:
            words.add(action.dest)
        if action.choices is not None:
            words.update(map(str, action.choices))
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                words |= _command_words(sub)
    return words


#: What the command's messages show as examples of what to type: syntax, not English.
SYNTAX = ("--level C=+-7,x/3,swap,=42", "http://10.0.0.5:8866/voila/render/puzzles.ipynb",
          "beginner, greedy, planner", "A B C D E", "en zh-CN")


def _outside_marks(text: str) -> list[str]:
    """The words of ``text`` outside ⟦ ⟧ (marks may nest: a message inside a message)."""
    while True:
        stripped = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if stripped == text:
            break
        text = stripped
    return _words(text)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\s\[\]{}(),|:.…]+", text)


def _allowed(args: list[str] = ()) -> set[str]:
    """Words that may stay untranslated: names, options, syntax and what the teacher typed."""
    return (_command_words(build_parser()) | set(_words(" ".join(SYNTAX)))
            | set(_words(" ".join(args))))


def _every_command(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    yield path
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _every_command(sub, (*path, name))


def test_the_pseudo_language_marks_every_help_text(capsys: pytest.CaptureFixture[str]) -> None:
    allowed = _allowed()
    commands = list(_every_command(build_parser()))
    assert ("babbage", "puzzle", "sheet") in commands and len(commands) > 15
    for command in commands:
        with pytest.raises(SystemExit):
            main(["--lang", "en-XA", *command, "--help"])
        out = capsys.readouterr().out
        assert out.startswith("⟦usage: ⟧lnb"), command
        left = [word for word in _outside_marks(out)
                if word not in allowed and not word.strip("-=").isdigit()]
        assert left == [], (command, left)


@pytest.mark.parametrize("args", [
    ["run"], ["fly"], ["run", "A3+", "--start", "101"], ["run", "A3+", "--limit", "x"],
    ["board", "--level", "C"], ["board", "--level", "C=+-7,x/3,=13,=42", "--level", "c=swap"],
    ["board", "--level", "C==13,=31,=42,swap"], ["solve", "--spaces", "Z9"],
    ["puzzle", "daily", "--date", "soon"], ["puzzle", "new", "--difficulty", "9"],
    ["run", "A3+", "--bogus"], ["--lang", "xx", "board"],
])
def test_the_pseudo_language_marks_every_error(args: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    allowed = _allowed(args)
    assert main(["--lang=en-XA", *args]) == 2  # the first --lang chooses the language
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "⟦" in err
    quoted = re.sub(r"'[^']*'", " ", err)  # what the teacher wrote, quoted back
    left = [w for w in _outside_marks(quoted) if w not in allowed and not w.isdigit()]
    assert left == [], (args, err)


def test_the_pseudo_language_marks_the_command_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en-XA", "run", "A3+", "--start", "55"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "⟦result ⟧60"
    assert main(["--lang", "en-XA", "solve", "--start", "55", "--reachable", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "13⟦ values within ⟧1⟦ row of ⟧55⟦:⟧"


def test_the_pseudo_language_finds_text_put_into_a_translated_template(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The library's errors are translated too: inside the command's one-line template only
    what the teacher typed (quoted back) and the values it names stay unmarked."""
    assert main(["--lang", "en-XA", "run", "Q3+"]) == 2
    err = capsys.readouterr().err
    assert err == ("lnb run⟦: ⟧⟦row ⟧1⟦ ⟧'Q3+'⟦: ⟧⟦level ⟧Q"
                   "⟦ does not exist; levels are A to E, e.g. A3+⟧\n")
    assert _outside_marks(re.sub(r"'[^']*'", " ", err)) == ["lnb", "run", "1", "Q"]


# -- the library's own words through the command ----------------------------------------------

def test_the_library_speaks_through_the_command(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The library's errors, puzzles, hints and the printed sheet in the command's language."""
    assert main(["--lang", "zh-CN", "run", "A3+ C1+"]) == 2
    assert capsys.readouterr().err == (
        "lnb run: 第 2 行 'C1+'：C 行还未开出；请使用图板上已有的行：A, B\n")
    assert main(["--lang", "zh-CN", "puzzle", "show", "P1-0J6Y-91VC-7"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "从 55 出发。最多用 5 行得到 73。"
    assert main(["--lang", "zh-CN", "puzzle", "check", "P1-0J6Y-91VC-7", "A3+"]) == 1
    assert "你最接近的运算结果是第 1 行的 60，差 13。" in capsys.readouterr().out
    assert main(["--lang", "zh-CN", "puzzle", "show", "P1-0J6Y-91VC-8"]) == 2
    assert "有字符打错了" in capsys.readouterr().err
    sheet = tmp_path / "sheet.html"
    assert main(["--lang", "zh-CN", "puzzle", "sheet", "--count", "1", "--difficulty", "1",
                 "--seed", "1", "-o", str(sheet)]) == 0
    capsys.readouterr()
    page = sheet.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html><html lang='zh-CN'>") and "谜题 1" in page


def test_make_i18n_names_the_fuzzy_translations_pybabel_guessed(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """pybabel's statistics count a guessed (fuzzy) translation as done; `make i18n` lists
    them so the translator checks them before the tests refuse them."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "i18n_script", Path(__file__).resolve().parent.parent / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    po = tmp_path / "part.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  '#, fuzzy\nmsgid "Table {code} is still waiting"\nmsgstr "第 {code} 桌开好了"\n\n'
                  'msgid "Round"\nmsgstr "回合"\n', encoding="utf-8")
    assert script.warn_fuzzy(po) == ["Table {code} is still waiting"]
    assert "1 fuzzy" in capsys.readouterr().err
