"""The teacher's dashboard drawn as HTML from its figures (:mod:`dashboard_figures`): the
class list with each pupil's puzzles. Every word a teacher reads comes from the catalog.

>>> from classroom.dashboard_figures import ClassReport, PupilResults, PuzzleResult
>>> import datetime
>>> row = PuzzleResult("P1-0J6Y-91VC-7", 1, True, 2, 1, 3, 2, datetime.date(2026, 12, 1))
>>> shown = class_table_html(ClassReport("KM7Q4X", "7B", (PupilResults("Ali", (row,)),
...                                                       PupilResults("Bea", ()))))
>>> "3 (shortest 2)" in shown, "No puzzle tried yet" in shown, "lnb-pupil" in shown
(True, True, True)
>>> "55 → 73" in shown  # what the puzzle asks, beside its code
True
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Sequence

from classroom.dashboard_figures import ClassReport, PuzzleResult, diagnosis
from classroom.dashboard_store import WrongAnswer
from classroom.identity import shown_code
from classroom.puzzle_games import puzzle_view
from classroom.rooms import LiveRoom
from lnb.core.game import get
from lnb.core.i18n import _, format_list, ngettext
from widgets.classroom.dashboard_rooms import projector_link

CSS = """
.lnb-dashboard table.lnb-class-list { border-collapse: collapse; margin: 6px 0; }
.lnb-dashboard .lnb-class-list th, .lnb-dashboard .lnb-class-list td {
  padding: 2px 8px; border-bottom: 1px solid #c5cae9; text-align: left; vertical-align: top; }
.lnb-dashboard .lnb-class-list th.lnb-pupil { font-weight: bold; }
.lnb-dashboard .lnb-class-list td.lnb-num { text-align: right; }
.lnb-dashboard .lnb-code { font-family: monospace; white-space: nowrap; }
.lnb-dashboard .lnb-asks { font-weight: bold; white-space: nowrap; }
.lnb-dashboard .lnb-stars { white-space: nowrap; color: #5c6bc0; }
.lnb-high-contrast .lnb-dashboard .lnb-stars { color: inherit; }
.lnb-dashboard td.lnb-rows { white-space: normal; }
.lnb-dashboard .lnb-solved { color: #1b5e20; font-weight: bold; }
.lnb-dashboard .lnb-unsolved { color: #8a1c12; }
.lnb-high-contrast .lnb-dashboard .lnb-solved, .lnb-high-contrast .lnb-dashboard .lnb-unsolved {
  color: inherit; }
.lnb-dashboard .lnb-lengths table { border-collapse: collapse; margin: 2px 0 10px; }
.lnb-dashboard .lnb-lengths-title { font-weight: bold; }
.lnb-dashboard .lnb-lengths th, .lnb-dashboard .lnb-lengths td { padding: 1px 6px;
  text-align: left; font-weight: normal; }
.lnb-dashboard .lnb-bar { display: inline-block; height: 1.1em; background: #5c6bc0;
  border-radius: 3px; vertical-align: middle; }
.lnb-dashboard .lnb-mark { display: inline-block; margin-left: 6px; padding: 0 5px;
  border-radius: 4px; border: 2px solid #283593; font-size: 13px; }
.lnb-dashboard .lnb-online { color: #1b5e20; font-weight: normal; font-size: 13px; }
.lnb-high-contrast .lnb-dashboard .lnb-online { color: inherit; }
.lnb-dashboard .lnb-rooms a, .lnb-dashboard a.lnb-projector-link { color: #1a3f9e;
  text-decoration: underline; }
.lnb-high-contrast .lnb-dashboard .lnb-rooms a,
.lnb-high-contrast .lnb-dashboard a.lnb-projector-link { color: inherit; }
.lnb-dashboard .lnb-room-control { align-items: center; flex-wrap: wrap; gap: 4px 10px; }
.lnb-dashboard .lnb-class-room { align-items: center; flex-wrap: wrap; gap: 4px 10px;
  margin-bottom: 6px; }
.lnb-dashboard .lnb-class-room-summary { flex-basis: 100%; }
.lnb-dashboard .lnb-class-room-summary .widget-html-content { white-space: normal; }
.lnb-dashboard .lnb-class-room-links a { color: #1a3f9e; text-decoration: underline;
  margin-right: 6px; }
.lnb-high-contrast .lnb-dashboard .lnb-class-room-links a { color: inherit; }
.lnb-dashboard .lnb-room-buttons { align-items: center; gap: 6px; }
.lnb-high-contrast .lnb-dashboard .lnb-bar { background: #ffffff; }
.lnb-high-contrast .lnb-dashboard .lnb-mark { border-color: #ffffff; }
"""
BAR_EM = 12  # the longest bar, in em


def _cell(text: str, css: str = "") -> str:
    attr = f" class='{css}'" if css else ""
    return f"<td{attr}>{html.escape(text)}</td>"


def puzzle_html(code: str, day: datetime.date | None = None) -> str:
    """A puzzle as the teacher reads it: what it asks (``62 → 78``), its difficulty in
    stars and its code, the short one (``3K7QX``) when the kit knows it (the sets this
    dashboard gave, the puzzle of the day ``day``), else the long one.

    >>> shown = puzzle_html("P1-0J6Y-91VC-7")
    >>> "55 → 73" in shown, "P1-0J6Y-91VC-7" in shown
    (True, True)
    >>> puzzle_html("P1-XXXX")
    "<span class='lnb-code'>P1-XXXX</span>"
    """
    puzzle = puzzle_view(code, day)  # the game's, through its "puzzles" hook
    if puzzle is None:
        return f"<span class='lnb-code'>{html.escape(code)}</span>"
    level = (_("difficulty {level}").format(level=puzzle.difficulty)
             if puzzle.difficulty is not None else "")
    return (f"<span class='lnb-asks'>{html.escape(puzzle.asks)}</span> "
            f"<span class='lnb-stars' title='{html.escape(level)}'>{puzzle.stars}</span> "
            f"<span class='lnb-code'>{html.escape(puzzle.shown_code)}</span>")


def puzzle_words(code: str) -> str:
    """A puzzle in plain text for a caption: ``62 → 78 (3K7QX)``."""
    puzzle = puzzle_view(code)
    if puzzle is None:
        return code
    return f"{puzzle.asks} ({puzzle.shown_code})"


def rows_text(result: PuzzleResult) -> str:
    """The rows of a pupil's best answer beside the shortest: ``3 (shortest 2)``."""
    if result.shortest is None:
        return "—" if result.best_rows is None else str(result.best_rows)
    if result.best_rows is None:
        return _("— (shortest {shortest})").format(shortest=result.shortest)
    return _("{rows} (shortest {shortest})").format(rows=result.best_rows,
                                                    shortest=result.shortest)


def class_heading_html(report: ClassReport, online: Sequence[str] = ()) -> str:
    """The class's name, code and size, and who is online (pupils whose page was active in
    the last few minutes)."""
    heading = ngettext("Class {name} ({code}): {count} pupil",
                       "Class {name} ({code}): {count} pupils", len(report.pupils)).format(
                           name=report.name, code=shown_code(report.code),
                           count=len(report.pupils))
    if online:
        names = format_list(list(online))
        who = ngettext("Online now ({count}): {names}", "Online now ({count}): {names}",
                       len(online)).format(count=len(online), names=names)
    else:
        who = _("Nobody is online now.")
    return (f"<h3 class='lnb-class-heading'>{html.escape(heading)}</h3>"
            f"<div class='lnb-online-line'>{html.escape(who)}</div>")


def class_table_html(report: ClassReport, online: Sequence[str] = ()) -> str:
    """The class list: each pupil (solved count, online or not) and, a line each, their
    puzzles."""
    head = "".join(f"<th scope='col'>{html.escape(t)}</th>" for t in (
        _("Pupil"), _("Puzzle"), _("Solved"), _("Attempts"), _("Hints used"),
        _("Rows used (shortest possible)")))
    body = []
    for pupil in report.pupils:
        span = max(len(pupil.puzzles), 1)
        solved_count = ngettext("{count} solved", "{count} solved", pupil.solved_count).format(
            count=pupil.solved_count)
        badge = ""
        if pupil.name in online:
            badge = " <span class='lnb-online'>● {}</span>".format(html.escape(_("online")))
        name = (f"<th scope='row' class='lnb-pupil' rowspan='{span}'>"
                f"{html.escape(pupil.name)}{badge}<br><small>{html.escape(solved_count)}"
                "</small></th>")
        if not pupil.puzzles:
            none = _("No puzzle tried yet")
            body.append(f"<tr class='lnb-pupil-row'>{name}<td colspan='5' class='lnb-muted'>"
                        f"{html.escape(none)}</td></tr>")
            continue
        for i, p in enumerate(pupil.puzzles):
            solved = (_cell(_("yes"), "lnb-solved") if p.solved
                      else _cell(_("not yet"), "lnb-unsolved"))
            cells = (f"<td class='lnb-puzzle'>{puzzle_html(p.puzzle, p.first_day)}</td>{solved}"
                     f"{_cell(str(p.attempts), 'lnb-num')}{_cell(str(p.hints), 'lnb-num')}"
                     f"{_cell(rows_text(p))}")
            body.append(f"<tr class='lnb-pupil-row'>{name if i == 0 else ''}{cells}</tr>")
    return (f"<table class='lnb-class-list'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>")


def lengths_html(report: ClassReport, code: str) -> str:
    """One puzzle's histogram: how many of those who solved it used each number of rows
    (their best), from the shortest possible up, the shortest marked (no names).

    >>> from classroom.dashboard_figures import PupilResults
    >>> import datetime
    >>> def did(rows):
    ...     return PupilResults("x", (PuzzleResult("P1-0J6Y-91VC-7", 1, True, 1, 0, rows, 2,
    ...                                            datetime.date(2026, 12, 1)),))
    >>> shown = lengths_html(ClassReport("C", "7B", (did(2), did(4), did(4))), "P1-0J6Y-91VC-7")
    >>> shown.count("lnb-bar"), "shortest possible" in shown, "2 pupils" in shown
    (2, True, True)
    """
    lengths = report.lengths(code)
    shortest = report.shortest(code)
    tried = report.tried(code)
    caption = ngettext("Puzzle {code}: {tried} pupil tried it, {solved} solved it",
                       "Puzzle {code}: {tried} pupils tried it, {solved} solved it",
                       tried).format(code=puzzle_words(code), tried=tried, solved=len(lengths))
    low = min([*lengths, *([shortest] if shortest is not None else [])], default=None)
    if low is None:
        return f"<div class='lnb-lengths-none'><b>{html.escape(caption)}</b></div>"
    high = max([*lengths, low])
    counts = {n: lengths.count(n) for n in range(low, high + 1)}
    most = max(counts.values()) or 1
    rows = []
    for n, count in counts.items():
        bar = (f"<span class='lnb-bar' style='width:{BAR_EM * count / most:.2f}em'></span>"
               if count else "")
        label = ngettext("{count} pupil", "{count} pupils", count).format(count=count)
        mark = _("shortest possible") if n == shortest else ""
        if mark:
            mark = f"<span class='lnb-mark'>{html.escape(mark)}</span>"
        head = ngettext("{count} row", "{count} rows", n).format(count=n)
        rows.append(f"<tr><th scope='row'>{html.escape(head)}</th>"
                    f"<td>{bar} {html.escape(label)}{mark}</td></tr>")
    shown = html.escape(caption)
    return (f"<div class='lnb-lengths'><div class='lnb-lengths-title'>{shown}</div>"
            f"<table aria-label='{shown}'><tbody>{''.join(rows)}</tbody></table></div>")


def puzzles_html(report: ClassReport) -> str:
    """Every puzzle the class tried (the most tried first), each with its histogram."""
    codes = report.puzzle_codes()
    if not codes:
        return ""
    title = _("Program lengths, puzzle by puzzle (the best of each pupil who solved it)")
    return f"<h4>{html.escape(title)}</h4>" + "".join(lengths_html(report, c) for c in codes)


def wrong_html(answers: tuple[WrongAnswer, ...]) -> str:
    """The class's most common wrong programs: the puzzle, the rows, how many pupils (and
    times), and the library's exact diagnosis of where the program went wrong.

    >>> shown = wrong_html((WrongAnswer("P1-0J6Y-91VC-7", "A3+ B1- A1+", 2, 3),))
    >>> "after row 2" in shown.lower(), "2 pupils, 3 times" in shown
    (True, True)
    """
    title = _("The most common wrong programs")
    if not answers:
        none = _("No wrong program has been checked yet.")
        return (f"<h4>{html.escape(title)}</h4>"
                f"<div class='lnb-muted'>{html.escape(none)}</div>")
    head = "".join(f"<th scope='col'>{html.escape(t)}</th>" for t in (
        _("Puzzle"), _("Rows"), _("Checked by"), _("Where it went wrong")))
    body = []
    for answer in answers:
        found = diagnosis(answer.puzzle, answer.rows)
        why = found.message if found is not None else _("This code is not a puzzle's.")
        pupils = ngettext("{count} pupil", "{count} pupils", answer.pupils).format(
            count=answer.pupils)
        times = ngettext("{count} time", "{count} times", answer.times).format(
            count=answer.times)
        # TRANSLATORS: how many pupils checked a wrong program, and how often in all
        checked = _("{pupils}, {times}").format(pupils=pupils, times=times)
        body.append(f"<tr><td class='lnb-puzzle'>{puzzle_html(answer.puzzle)}</td>"
                    f"<td class='lnb-code lnb-rows'>{html.escape(answer.rows)}</td>"
                    f"{_cell(checked)}{_cell(why, 'lnb-why')}</tr>")
    return (f"<h4>{html.escape(title)}</h4><table class='lnb-class-list lnb-wrong'>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")


def watch_link(code: str, language: str, watch: str = "", hide_names: bool = False,
               game: str = "") -> str:
    """The projector view of a room, in the dashboard's language (a page beside it: its
    game's table page, :func:`~widgets.classroom.dashboard_rooms.table_page_of`), with the
    room's ``watch`` token (:attr:`LiveRoom.watch`); ``hide_names``: the pupils shown as
    "Pupil 1"...

    >>> watch_link("K7QX", "zh_CN", "ab12")
    'play.ipynb?room=K7QX&view=projector&lang=zh-CN&watch=ab12'
    >>> watch_link("K7QX", "en", hide_names=True)
    'play.ipynb?room=K7QX&view=projector&lang=en&names=hidden'
    >>> watch_link("K7QX", "en", game="dream").split("?")[0]
    'dream.ipynb'
    """
    return projector_link(code, language, watch, game=game, hide_names=hide_names)


def _ago(seconds: float) -> str:
    minutes = max(0, int(seconds // 60))
    if minutes == 0:
        return _("just now")
    return ngettext("{count} minute ago", "{count} minutes ago", minutes).format(count=minutes)


def rooms_html(rooms: Sequence[LiveRoom], now: float, language: str,
               hide_names: bool = False) -> str:
    """The class's live game tables: the room code, who plays, the Round, when it last
    moved, and a link to watch it on the projector (no player's unfinished program shown;
    ``hide_names``: the pupils' names hidden there).

    >>> table = LiveRoom("K7QX", "KM7Q4X", ("Ali", "Bea", "Babbage"), 2, "playing", 100.0)
    >>> shown = rooms_html([table], 160.0, "en")
    >>> "K7QX" in shown, "Ali, Bea, and Babbage" in shown, "Round 2" in shown
    (True, True, True)
    >>> "view=projector" in shown, "1 minute ago" in shown
    (True, True)
    """
    title = _("Game tables playing now")
    if not rooms:
        none = _("No table is open. A pupil opens one on the game's page (Open a table).")
        return (f"<h4>{html.escape(title)}</h4>"
                f"<div class='lnb-muted lnb-no-rooms'>{html.escape(none)}</div>")
    head = "".join(f"<th scope='col'>{html.escape(t)}</th>" for t in (
        _("Table"), _("Game"), _("Players"), _("Round"), _("Last move"), _("Watch")))
    body = []
    for room in rooms:
        stage = (_("Round {number}").format(number=room.round) if room.round
                 else _("Waiting to start"))
        players = format_list(list(room.seats)) if room.seats else "—"
        watch = _("Watch {code} on the projector").format(code=room.code)
        address = watch_link(room.code, language, room.watch, hide_names, room.game)
        game = str(get(room.game).title) if room.game else ""
        link = (f"<a href='{html.escape(address)}' target='_blank' "
                f"rel='noopener'>{html.escape(watch)}</a>")
        body.append(f"<tr class='lnb-room'><td class='lnb-code'>{html.escape(room.code)}</td>"
                    f"{_cell(game)}{_cell(players)}{_cell(stage)}{_cell(_ago(now - room.updated))}"
                    f"<td>{link}</td></tr>")
    return (f"<h4>{html.escape(title)}</h4><table class='lnb-class-list lnb-rooms'>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")


__all__ = ["CSS", "class_heading_html", "class_table_html", "lengths_html", "puzzle_html",
           "puzzle_words", "puzzles_html", "rooms_html", "rows_text", "watch_link", "wrong_html"]
