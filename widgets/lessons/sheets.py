"""Printable A4 sheets of the lessons, made from their exercise banks: one HTML file per lesson
with its title, its aims and its questions numbered with room to write, then, on a page of
their own, the answers with their explanations. Nothing comes from the network: print the
file from any browser (File → Print, A4).

    python -m widgets.lessons.sheets OUT_DIR                 # English
    python -m widgets.lessons.sheets --lang zh_CN OUT_DIR    # 简体中文

The teacher's guide shows the same answers (:func:`answer_key`) and offers each sheet as a
download (:func:`sheet_links`), both read from the bank so they never drift from the lessons.

>>> page = sheet_html("02-place-value")
>>> "@page { size: A4" in page and page.index("swap-07") < page.index('class="answers"')
True
>>> answer_text(bank("04-working-backwards").entry("no-start-73"), "en")
'none'
>>> answer_text(bank("02-place-value").entry("copy-makes-45"), "zh_CN")
'不能'
>>> answer_text(bank("museum-reroll").entry("keep-3"), "zh_CN")
'保留'
>>> sheet_name("02-place-value", "zh_CN"), lessons_with_sheets()[0]
('02-place-value.zh-CN.html', '01-first-program')
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lnb.core.i18n import SOURCE, _, current_language, normalize, tag, use_language
from widgets.lessons.bank import FOLDER, BankEntry, bank

#: Where the lessons' notebooks are (their titles and aims); a lesson's translation is in
#: ``lessons/<tag>/``.
LESSONS = Path(__file__).resolve().parents[2] / "lessons"
#: The class that marks a widget's words as the lessons' own (the bank's, the notebooks'),
#: as a lesson's question is marked.
OWN_WORDS = "lnb-question"
#: A sheet's link in the guide looks like a link (a widget's HTML has no link style).
LINK_STYLE = "color: #0645ad; text-decoration: underline; cursor: pointer"

STYLE = """
@page { size: A4; margin: 16mm 15mm; }
* { box-sizing: border-box; }
body { font-family: "Noto Sans", "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC",
       "Microsoft YaHei", Arial, sans-serif; font-size: 11.5pt; line-height: 1.45;
       color: #000; max-width: 180mm; margin: 0 auto; }
h1 { font-size: 18pt; margin: 0 0 4pt; }
h2 { font-size: 13pt; margin: 14pt 0 6pt; }
.who { display: flex; gap: 8mm; margin: 6pt 0 10pt; }
.who span { flex: 1; border-bottom: 1px solid #000; padding-bottom: 2pt; }
.aims { margin: 0 0 8pt; padding-left: 0; list-style: none; }
.note { font-size: 9.5pt; color: #333; }
ol.questions > li { margin: 0 0 6pt; break-inside: avoid; }
.space { height: 30mm; border: 1px solid #777; border-radius: 2mm; margin-top: 3pt; }
.answers { break-before: page; page-break-before: always; }
ol.key > li { margin: 0 0 6pt; break-inside: avoid; }
.answer { font-weight: bold; }
@media screen { body { margin: 12mm auto; } }
"""


def lessons_with_sheets() -> list[str]:
    """The lessons with an exercise bank (a sheet each), in the banks' order."""
    return sorted(p.stem for p in FOLDER.glob("*.toml"))


def sheet_name(lesson: str, language: str = SOURCE) -> str:
    """The sheet's file name: ``<lesson>.html`` in English, ``<lesson>.<tag>.html`` else."""
    chosen = normalize(language) or SOURCE
    return f"{lesson}.html" if chosen == SOURCE else f"{lesson}.{tag(chosen)}.html"


def _inline(markdown: str) -> str:
    """A line of a lesson's Markdown as HTML: bold, italics, code and links' words.

    >>> _inline("**What you'll do:** run [it](x.ipynb) with `A3+`.<br>")
    "<b>What you'll do:</b> run it with <code>A3+</code>."
    """
    text = re.sub(r"<br\s*/?>\s*$", "", markdown.strip())
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    return re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"<i>\1</i>", text)


def notebook_of(lesson: str, language: str = SOURCE) -> Path | None:
    """The lesson's notebook in ``language`` (its translation if there is one, else the
    English one), or None when the lesson has no notebook yet."""
    chosen = normalize(language) or SOURCE
    places = [LESSONS / tag(chosen)] if chosen != SOURCE else []
    return next((path for folder in [*places, LESSONS]
                 if (path := folder / f"{lesson}.ipynb").is_file()), None)


def heading(lesson: str, language: str = SOURCE) -> tuple[str, list[str]]:
    """The lesson's title and its aims (the lines after the title of its first Markdown
    cell, as HTML), in ``language`` where the lesson is translated.

    >>> title, aims = heading("02-place-value")
    >>> title, aims[0].startswith("<b>What you'll do:</b>")
    ('Swap and copy the digits', True)
    """
    path = notebook_of(lesson, language)
    if path is None:
        return lesson, []
    cells = json.loads(path.read_text("utf-8"))["cells"]
    first = next(("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"), "")
    lines = [line.strip() for line in first.splitlines() if line.strip()]
    title = next((line[2:].strip() for line in lines if line.startswith("# ")), lesson)
    return title, [_inline(line) for line in lines if not line.startswith("#")]


def answer_text(entry: BankEntry, language: str | None = None) -> str:
    """An exercise's answer as a pupil would write it: a list joined by commas, a grid by
    rows, no numbers as "none", a word in ``language`` (the first word its pupils may type)."""
    with use_language(language or current_language()):
        answer = entry.answer
        accept = entry.texts.get(current_language(), {}).get("accept")
        if current_language() != SOURCE and accept:  # a words check, or a game's kind like it
            return str(accept[0])
        if isinstance(answer, list):
            if not answer:
                return _("none")
            if all(isinstance(row, list) for row in answer):
                return " / ".join(" ".join(str(x) for x in row) for row in answer)
            return ", ".join(str(x) for x in answer)
        return str(answer)


def _questions(lesson: str, language: str) -> list[tuple[BankEntry, str]]:
    return [(e, str(e.text("question", language))) for e in bank(lesson).entries]


def sheet_html(lesson: str, language: str = SOURCE) -> str:
    """The printable sheet of ``lesson`` in ``language``: questions first, the answers after
    a page break."""
    chosen = normalize(language) or SOURCE
    title, aims = heading(lesson, chosen)
    shown = html.escape(title, quote=False)
    with use_language(chosen):
        words = {"name": _("Name"), "class": _("Class"), "date": _("Date"),
                 "questions": _("Questions"), "answers": _("Answers: {title}").format(title=shown),
                 "note": _("A question that speaks of a drawing, the board or the dice "
                           "means the lesson's page: show it on the projector."),
                 "answer": _("Answer:")}
    parts = [f'<!DOCTYPE html>\n<html lang="{tag(chosen)}">\n<head>\n<meta charset="utf-8">',
             f"<title>{shown}</title>\n<style>{STYLE}</style>\n</head>\n<body>",
             f"<h1>{shown}</h1>",
             '<div class="who">' + "".join(f"<span>{words[k]}</span>"
                                           for k in ("name", "class", "date")) + "</div>"]
    if aims:
        parts.append('<ul class="aims">' + "".join(f"<li>{a}</li>" for a in aims) + "</ul>")
    parts += [f'<p class="note">{words["note"]}</p>', f"<h2>{words['questions']}</h2>",
              '<ol class="questions">']
    for entry, question in _questions(lesson, chosen):
        parts.append(f'<li data-exercise="{entry.id}">{question}<div class="space"></div></li>')
    parts += ["</ol>", '<section class="answers">', f"<h2>{words['answers']}</h2>",
              '<ol class="key">']
    for entry in bank(lesson).entries:
        explain = entry.text("explain", chosen)
        parts.append(f'<li data-answer="{entry.id}"><span class="answer">{words["answer"]} '
                     f"{html.escape(answer_text(entry, chosen))}</span><br>{explain}</li>")
    parts += ["</ol>", "</section>", "</body>", "</html>", ""]
    return "\n".join(parts)


def write_sheets(out_dir: Path, language: str = SOURCE,
                 lessons: Sequence[str] | None = None) -> list[Path]:
    """Write the sheet of every lesson with a bank (or of ``lessons``) into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for lesson in lessons or lessons_with_sheets():
        path = out_dir / sheet_name(lesson, language)
        path.write_text(sheet_html(lesson, language), "utf-8")
        written.append(path)
    return written


def _own_words(text: str) -> Any:
    """An HTML widget whose words are the lessons' own (the bank's, the notebooks')."""
    import ipywidgets

    return ipywidgets.HTML(text).add_class(OWN_WORDS)


def _key_html(lesson: str, language: str, summary: str) -> str:
    rows = [f"<li><b>{html.escape(answer_text(e, language))}</b> · "
            f"{e.text('question', language)}<br><small>{e.text('explain', language)}</small>"
            "</li>" for e in bank(lesson).entries]
    return f"<details><summary>{summary}</summary><ol>{''.join(rows)}</ol></details>"


def answer_key(lesson: str, language: str | None = None) -> Any:
    """A widget for the teacher's guide: ``lesson``'s answers and their explanations, read
    from its bank, folded until the teacher opens them (in the page's language)."""
    chosen = language or current_language()
    with use_language(chosen):
        summary = _("The answers ({count})").format(count=len(bank(lesson).entries))
    return _own_words(_key_html(lesson, chosen, summary))


def answer_keys(language: str | None = None) -> Any:
    """A widget for the teacher's guide: every lesson's answers (:func:`answer_key`), each
    under the lesson's title, folded, so a lesson added with a bank is there too."""
    chosen = language or current_language()
    parts = []
    for lesson in lessons_with_sheets():
        title, _aims = heading(lesson, chosen)
        with use_language(chosen):
            count = _("The answers ({count})").format(count=len(bank(lesson).entries))
        summary = f"<b>{html.escape(title, quote=False)}</b> · {count}"
        parts.append(_key_html(lesson, chosen, summary))
    return _own_words('<div class="lnb-answer-keys">' + "".join(parts) + "</div>")


def sheet_links(language: str | None = None) -> Any:
    """A widget for the teacher's guide: each lesson's printable sheet as a file to
    download (made here, in the page's language), to open and print on A4."""
    chosen = language or current_language()
    items = []
    for lesson in lessons_with_sheets():
        data = base64.b64encode(sheet_html(lesson, chosen).encode("utf-8")).decode("ascii")
        title, _aims = heading(lesson, chosen)
        name = sheet_name(lesson, chosen)
        items.append(f'<li><a download="{name}" href="data:text/html;charset=utf-8;base64,{data}"'
                     f' style="{LINK_STYLE}">{html.escape(title, quote=False)}</a> '
                     f"<small><code>{name}</code></small></li>")
    return _own_words(f'<ul class="lnb-sheet-links">{"".join(items)}</ul>')


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m widgets.lessons.sheets [--lang en|zh_CN] OUT_DIR``."""
    parser = argparse.ArgumentParser(
        prog="python -m widgets.lessons.sheets",
        description=_("Make the printable sheets of the lessons (A4, questions then answers)"))
    parser.add_argument("--lang", default=SOURCE, help="en or zh_CN")
    parser.add_argument("out_dir", type=Path)
    args = parser.parse_args(argv)
    chosen = normalize(args.lang)
    if chosen is None:
        parser.error(f"--lang {args.lang}: give a language of the kit, like en or zh_CN")
    for path in write_sheets(args.out_dir, chosen):
        print(path)
    return 0


__all__ = ["answer_key", "answer_keys", "answer_text", "heading", "lessons_with_sheets",
           "sheet_html", "sheet_links", "sheet_name", "write_sheets"]


if __name__ == "__main__":
    sys.exit(main())
