"""Puzzle sets for a class: a list of codes and a printable HTML sheet (print it, or save it
as a PDF from the browser's print dialog).

The same count, difficulty and seed always give the same set, so a teacher can re-make a
sheet and pupils can type the codes (or open ``...puzzles.ipynb?code=...``) in the app.

>>> sheet = PuzzleSet.make(count=3, difficulty=2, seed="class 7B")
>>> len(sheet.puzzles), {p.difficulty for p in sheet.puzzles}
(3, {2})
>>> sheet.codes == PuzzleSet.make(count=3, difficulty=2, seed="class 7B").codes
True
>>> html = sheet.html(link="http://10.0.0.5:8866/voila/render/puzzles.ipynb")
>>> short = sheet.shown_codes[0]  # five characters, like 3K7QX: easy to copy from the board
>>> html.count('class="puzzle"'), len(short), short in html, "?code=" + short in html
(3, 5, True, True)
"""

from __future__ import annotations

import hashlib
import html as _html
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from lnb.babbage.edition import LEVELS, RACKS
from lnb.babbage.errors import LnbError
from lnb.babbage.numbers import two_digits
from lnb.babbage.puzzles import DIFFICULTIES, SHORT_SEEDS, Puzzle, generate
from lnb.core.i18n import N_, _, current_language, ngettext, tag
from lnb.core.messages import Text

MAX_COUNT = 60
STARS = {1: "★☆☆☆☆", 2: "★★☆☆☆", 3: "★★★☆☆", 4: "★★★★☆", 5: "★★★★★"}


@dataclass(frozen=True)
class PuzzleSet:
    """Puzzles handed out together, with what made them (for the sheet's heading)."""

    puzzles: tuple[Puzzle, ...]
    difficulty: int | None = None
    seed: str | None = None
    title: str = Text(N_("Lovelace & Babbage puzzles"))
    """The heading (a :class:`~lnb.core.messages.Text` is shown in the sheet's language)."""

    @classmethod
    def make(cls, count: int, difficulty: int, seed: int | str | None = None,
             title: str | None = None) -> PuzzleSet:
        """``count`` different puzzles of one difficulty (1–5); the same seed, the same set.

        Without a seed a random one is chosen (and shown on the sheet, to make it again).
        """
        if not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            raise LnbError(N_("count {count!r}: a set has 1 to {most} puzzles"), count=count,
                           most=MAX_COUNT, reason="bad-count", expected=(1, MAX_COUNT))
        if difficulty not in DIFFICULTIES:
            raise LnbError(N_("difficulty {difficulty!r}: choose 1 (easy) to 5 (hard)"),
                           difficulty=difficulty, reason="bad-difficulty",
                           expected=DIFFICULTIES)
        seed_text = str(seed) if seed is not None else str(random.randrange(10**6))
        puzzles: list[Puzzle] = []
        codes: set[str] = set()
        n = 0
        while len(puzzles) < count:
            puzzle = generate(difficulty, seed=sheet_seed(seed_text, n))
            n += 1
            if puzzle.code not in codes:  # the same puzzle twice on one sheet is no use
                codes.add(puzzle.code)
                puzzles.append(puzzle)
            if n > count * 20:  # pragma: no cover - the generator has thousands per level
                raise LnbError(N_("only {found} different puzzles of difficulty {difficulty} "
                                  "were found; ask for fewer"), found=len(puzzles),
                               difficulty=difficulty, reason="too-few")
        return cls(tuple(puzzles), difficulty, seed_text,
                   title or Text(N_("Lovelace & Babbage puzzles · difficulty {difficulty}"),
                                 difficulty=difficulty))

    @classmethod
    def of_codes(cls, codes: Sequence[str], title: str | None = None) -> PuzzleSet:
        """A set from codes a teacher already has (a bad code raises ``PuzzleCodeError``)."""
        return cls(tuple(Puzzle.from_code(c) for c in codes),
                   title=title or Text(N_("Lovelace & Babbage puzzles")))

    @property
    def codes(self) -> tuple[str, ...]:
        """The puzzles' codes, in sheet order."""
        return tuple(p.code for p in self.puzzles)

    @property
    def shown_codes(self) -> tuple[str, ...]:
        """The codes a pupil copies (short ones, ``3K7QX``), in sheet order."""
        return tuple(p.shown_code for p in self.puzzles)

    def text(self) -> str:
        """One line a puzzle: number, code, difficulty and the goal (for a terminal)."""
        return "\n".join(
            f"{n:>2}. {p.shown_code:<26} {STARS.get(p.difficulty, '')}  {p.text().splitlines()[0]}"
            for n, p in enumerate(self.puzzles, start=1)
        )

    def html(self, link: str | None = None, answers: bool = True) -> str:
        """The printable sheet: a card per puzzle, then (on a new page) the answers.

        ``link`` is the puzzle app's address; each card then shows ``link?code=...``.
        """
        return sheet_html(self, link=link, answers=answers)

    def write(self, path: Path | str, link: str | None = None, answers: bool = True) -> Path:
        """Write the sheet to ``path`` (UTF-8 HTML) and return the path."""
        target = Path(path)
        target.write_text(self.html(link=link, answers=answers), encoding="utf-8")
        return target


def sheet_seed(seed: str, n: int) -> int:
    """The generator's seed of a set's ``n``-th puzzle: a number a short code can name.

    >>> sheet_seed("7B monday", 0) == sheet_seed("7B monday", 0) != sheet_seed("7B monday", 1)
    True
    """
    digest = hashlib.sha256(f"sheet:{seed}:{n}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % SHORT_SEEDS


def code_link(link: str, code: str) -> str:
    """The app's address that opens one puzzle.

    >>> code_link("http://host:8866/voila/render/puzzles.ipynb", "P1-0J6Y-91VC-7")
    'http://host:8866/voila/render/puzzles.ipynb?code=P1-0J6Y-91VC-7'
    """
    base, _sep, query = link.partition("?")
    kept = "&".join(q for q in query.split("&") if q and not q.startswith("code="))
    return f"{base}?{kept + '&' if kept else ''}code={quote(code)}"


_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC",
       "Source Han Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei",
       "WenQuanYi Micro Hei", sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 22px; margin: 0 0 4px; }
.about { color: #555; margin: 0 0 12px; font-size: 13px; }
.name { margin: 8px 0 16px; font-size: 15px; }
.puzzle { border: 1.5px solid #333; border-radius: 8px; padding: 10px 14px; margin: 0 0 14px;
          break-inside: avoid; page-break-inside: avoid; }
.puzzle h2 { font-size: 17px; margin: 0 0 6px; display: flex; justify-content: space-between; }
.goal { font-size: 16px; margin: 2px 0; }
.board { border-collapse: collapse; margin: 6px 0; font-size: 13px; }
.board td, .board th { border: 1px solid #999; padding: 2px 8px; text-align: center; }
.board .off { color: #bbb; background: #f2f2f2; text-decoration: line-through; }
.rows { border-collapse: collapse; margin-top: 6px; font-size: 14px; }
.rows td { border-bottom: 1px solid #aaa; height: 24px; padding: 0 10px; min-width: 60px; }
.code { font-family: ui-monospace, "Noto Sans Mono CJK SC", monospace; font-size: 14px;
        letter-spacing: 1px; }
.link { font-size: 11px; color: #333; word-break: break-all; }
.answers { page-break-before: always; break-before: page; }
.answers li { margin: 6px 0; }
html:lang(zh) body { font-family: "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC",
                     "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif; }
@media print { body { margin: 0; } }
"""


def sheet_html(puzzle_set: PuzzleSet, link: str | None = None, answers: bool = True) -> str:
    """The whole sheet as one self-contained HTML page (no outside files)."""
    e = _html.escape
    made = []
    if puzzle_set.difficulty is not None:
        made.append(e(_("difficulty {difficulty}").format(difficulty=puzzle_set.difficulty)))
    if puzzle_set.seed is not None:
        made.append(e(_("seed {seed}").format(seed=puzzle_set.seed)))
    count = len(puzzle_set.puzzles)
    made.append(e(ngettext("{count} puzzle", "{count} puzzles", count).format(count=count)))
    title = e(str(puzzle_set.title))
    # TRANSLATORS: the sheet's heading line, "difficulty 2 · seed 7B · 10 puzzles. Write...".
    about = _("{made}. Write one Operation a row, like A3+, and its Result. Type a code into "
              "the puzzle app to check your answer there.").format(made=" · ".join(made))
    name = e(_("Name: {blank}   Class: {short}").format(blank="_" * 22, short="_" * 8))
    parts = [
        f"<!doctype html><html lang='{tag(current_language())}'><head><meta charset='utf-8'>",
        f"<title>{title}</title><style>{_CSS}</style></head><body>",
        f"<h1>{title}</h1>",
        f"<p class='about'>{about}</p>",
        f"<p class='name'>{name.replace('   ', ' &nbsp; ')}</p>",
    ]
    for n, puzzle in enumerate(puzzle_set.puzzles, start=1):
        parts.append(_card(n, puzzle, link))
    if answers:
        heading = e(_("Answers (for the teacher)"))
        parts.append(f"<section class='answers'><h1>{heading}</h1><ol>")
        for puzzle in puzzle_set.puzzles:
            parts.append(f"<li>{_answer(puzzle)}</li>")
        parts.append("</ol></section>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _card(n: int, puzzle: Puzzle, link: str | None) -> str:
    e = _html.escape
    stars = STARS.get(puzzle.difficulty, "") if puzzle.solvable else ""
    title = e(_("Puzzle {number}").format(number=n))
    difficulty = _("difficulty")
    lines = [
        "<div class=\"puzzle\">",
        f"<h2><span>{title}</span>"
        f"<span title='{e(difficulty)}'>{stars}</span></h2>",
    ]
    for line in puzzle.text().splitlines():
        lines.append(f"<p class='goal'>{e(line)}</p>")
    lines.append(_board(puzzle))
    rows = puzzle.limit
    start = e(_("Start"))
    cells = [f"<tr><td>{start}</td><td></td><td>{two_digits(puzzle.start)}</td></tr>"]
    cells += [f"<tr><td>{i}.</td><td></td><td></td></tr>" for i in range(1, rows + 1)]
    lines.append("<table class='rows'>" + "".join(cells) + "</table>")
    code = f"<span class='code'>{e(puzzle.shown_code)}</span>"
    lines.append("<p>" + e(_("Code: {code}")).format(code=code) + "</p>")
    if link:
        lines.append(f"<p class='link'>{e(code_link(link, puzzle.shown_code))}</p>")
    lines.append("</div>")
    return "\n".join(lines)


def _board(puzzle: Puzzle) -> str:
    """The revealed levels, with spaces the puzzle forbids struck through."""
    board = puzzle.board
    allowed = set(puzzle.allowed)
    head = "<tr><th></th>" + "".join(f"<th>{r}</th>" for r in RACKS) + "</tr>"
    body = []
    for level in LEVELS:
        if level not in board.levels:
            continue
        cells = []
        for rack in RACKS:
            label = _html.escape(board.component(level, rack).label)
            off = "" if f"{level}{rack}" in allowed else " class='off'"
            cells.append(f"<td{off}>{label}</td>")
        body.append(f"<tr><th>{level}</th>{''.join(cells)}</tr>")
    return "<table class='board'>" + head + "".join(body) + "</table>"


def _answer(puzzle: Puzzle) -> str:
    e = _html.escape
    code = f"<span class='code'>{e(puzzle.shown_code)}</span>"
    sol = puzzle.solution
    if sol.program is None:
        return e(_("{code}: no program solves it")).format(code=code)
    trace = sol.program.run(puzzle.board, start=puzzle.start, limit=None)
    # TRANSLATORS: between the rows of an answer, "A3+ 55 + 5 = 60; A4/ 60 ÷ 2 = 30".
    steps = e(_("; ")).join(e(f"{r.operation} {r.text}") for r in trace.rows)
    if sol.count == 1:
        ways = _("the only shortest way")
    else:
        ways = ngettext("one of {count} shortest way", "one of {count} shortest ways",
                        sol.count).format(count=sol.count)
    # TRANSLATORS: an answer of the teacher's page: code, program, (how many ways) and steps.
    return e(_("{code}: {program} ({ways}) — {steps}")).format(
        code=code, program=f"<b>{e(str(sol.program))}</b>", ways=e(ways), steps=steps)
