"""A lesson and its translations ask the same exercises, with the same checks and answers.

A lesson's exercises live in its bank, ``widgets/lessons/exercises/<lesson>.toml`` (one file,
every language; :mod:`widgets.lessons.bank`); a cell only names one:
``exercise("02-place-value", "swap-07")``. So an English lesson and its twin in
``lessons/<language>/`` share every check and answer by construction; here:

* each lesson names its own bank's exercises, all of them, once, in the bank's order;
* a twin names the same ids in the same order as its English lesson;
* the bank is complete in the twin's language (every text, as many hints) and up to date: each
  language table says which English it translates (``of``), so an English question, check or
  answer that changes without its translation fails here until it is translated again and
  stamped (``python -m widgets.lessons.bank stamp <lesson> <language>``);
* no lesson writes an exercise's answer in its cells: no ``Exercise(...)`` nor a bare check
  (``number(70, …)``) outside the pinned cells (``Exercise.for_puzzle`` shows no answer).
* every exercise of the built-in kinds answers back in each language: nothing shown before
  an answer, a wrong one refused, the right one accepted with the bank's explanation (the
  games' own kinds are tested with their views; the browser answers lesson 01's in the page).

How to add a language: docs/translating.md ("A third language").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lesson_code import bank_exercises, calls, code_cells, read

from lnb.core.i18n import SOURCE, normalize, use_language
from widgets.lessons.bank import FOLDER, BankEntry, bank, exercise

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
#: A script per language: each of its exercise texts has some of it.
SCRIPT = {"zh_CN": re.compile(r"[\u4e00-\u9fff]")}
#: The check makers a lesson's cell must not call itself (the bank's kinds do).
CHECK_CALLS = {"Exercise", "number", "numbers", "words"}


def folders() -> list[Path]:
    """``lessons/<tag>`` for each language the kit speaks besides English."""
    return sorted(p for p in LESSONS.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))
                  and normalize(p.name) not in (None, SOURCE))


NOTEBOOKS = sorted(p.relative_to(LESSONS).as_posix() for p in LESSONS.rglob("*.ipynb")
                   if not any(part.startswith(".") for part in p.relative_to(LESSONS).parts))
WITH_BANK = [p for p in NOTEBOOKS if "/" not in p and bank_exercises(read(LESSONS / p))]
TWINS = [f"{folder.name}/{p}" for folder in folders() for p in WITH_BANK
         if (folder / p).is_file()]


def language_of(twin: str) -> str:
    found = normalize(twin.split("/", 1)[0])
    assert found is not None
    return found


def test_the_lessons_and_their_twins_are_found() -> None:
    for n in range(1, 8):
        assert any(p.startswith(f"0{n}-") for p in WITH_BANK)
        assert any(p.startswith(f"zh-CN/0{n}-") for p in TWINS), f"lesson {n} has no zh-CN twin"


@pytest.mark.parametrize("name", WITH_BANK)
def test_a_lesson_asks_all_of_its_banks_exercises_in_order(name: str) -> None:
    stem = Path(name).stem
    asked = bank_exercises(read(LESSONS / name))
    assert {lesson for lesson, _ in asked} == {stem}, f"{name} names another lesson's bank"
    ids = [ident for _, ident in asked]
    assert ids == list(bank(stem).ids), (
        f"{name} asks {ids}; {bank(stem).path.name} has {list(bank(stem).ids)}: ask each once, "
        "in the bank's order")


@pytest.mark.parametrize("twin", TWINS)
def test_a_twin_asks_the_same_exercises_as_its_english_lesson(twin: str) -> None:
    english = twin.split("/", 1)[1]
    assert bank_exercises(read(LESSONS / twin)) == bank_exercises(read(LESSONS / english))


@pytest.mark.parametrize("twin", TWINS)
def test_the_bank_is_complete_and_up_to_date_in_the_twins_language(twin: str) -> None:
    stem, language = Path(twin).stem, language_of(twin)
    found = bank(stem)
    assert found.missing(language) == [], f"{found.path.name}: translate these: " \
        f"{found.missing(language)}"
    outdated = found.outdated(language)
    assert not outdated, (
        f"{found.path.name}: the English (or the check, or the answer) of {outdated} changed "
        f"since its [exercise.{language}] was written: translate it again, then run "
        f"python -m widgets.lessons.bank stamp {stem} {language} {' '.join(outdated)}")


@pytest.mark.parametrize("twin", TWINS)
def test_a_twins_exercises_are_written_in_its_language(twin: str) -> None:
    stem, language = Path(twin).stem, language_of(twin)
    script = SCRIPT.get(language)
    if script is None:
        pytest.skip(f"no script known for {language}")
    def translated(text: str) -> bool:  # in the script, or only sums and names ("2 + 2 = 4")
        return bool(script.search(text)) or not re.search(r"[A-Za-z]{4,}", text)

    for entry in bank(stem).entries:
        texts = entry.texts[language]
        for name in ("question", "explain", "example"):
            if texts.get(name):
                assert translated(texts[name]), f"{stem} {entry.id}: {name} not translated"
        for hint in texts.get("hints", []):
            assert translated(hint), f"{stem} {entry.id}: hint {hint!r} not translated"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_no_lesson_writes_an_answer_in_its_cells(name: str) -> None:
    """An exercise's answer is in the bank, not in a cell a pupil can read in JupyterLab:
    no ``Exercise(...)`` and no check (``number(70, ...)``) made in a lesson's own cells."""
    for cell in code_cells(read(LESSONS / name)):
        made = calls(cell.source, *CHECK_CALLS)
        assert not made, f"{name} {cell.id}: {made[0].name}(...) shows its answer; use the bank"


def test_every_bank_file_belongs_to_a_lesson() -> None:
    lessons = {Path(p).stem for p in WITH_BANK}
    orphans = sorted(p.name for p in FOLDER.glob("*.toml") if p.stem not in lessons)
    assert not orphans, f"no lesson asks the exercises of {orphans}"


def typed(entry: BankEntry, language: str) -> tuple[str, str]:
    """A right and a wrong answer to a bank exercise of a built-in kind, as a pupil of
    ``language`` types them."""
    answer = entry.answer
    if entry.check == "number":
        return str(answer), str(answer + 1)
    if entry.check == "numbers":
        wrong = next(n for n in range(100) if n not in answer)
        return (", ".join(map(str, answer)) or ("没有" if language == "zh_CN" else "none"),
                str(wrong))
    accept = entry.texts.get(language, {}).get("accept") or answer
    return str(accept[0]), "xyz"


BUILT_IN_KINDS = ("number", "numbers", "words")


def asks_built_in(stem: str) -> bool:
    """Whether the lesson's bank has an exercise of a built-in kind (a game's own kinds are
    tested with its views: tests/test_museum_lessons.py, tests/test_dream_lesson.py)."""
    return any(e.check in BUILT_IN_KINDS for e in bank(stem).entries)


BUILT_IN = [(stem, language) for stem, language in
            [(Path(p).stem, language_of(p)) for p in TWINS]
            + [(Path(p).stem, SOURCE) for p in WITH_BANK] if asks_built_in(stem)]


@pytest.mark.parametrize(("stem", "language"), BUILT_IN)
def test_every_exercise_answers_back_wrong_then_right(stem: str, language: str) -> None:
    """Each exercise of a built-in kind, in the lesson's language: nothing said before an
    answer (no verdict, no hint, no explanation), a wrong answer is not accepted, the right one
    is, with the bank's explanation in that language."""
    entries = [e for e in bank(stem).entries if e.check in BUILT_IN_KINDS]
    assert entries, stem
    with use_language(language):
        for entry in entries:
            ex = exercise(stem, entry.id)
            assert ex.status.text == "" and ex.hint_list.value == "", entry.id
            right, wrong = typed(entry, language)
            assert not ex.submit(wrong).correct, (stem, entry.id, wrong)
            verdict = ex.submit(right)
            assert verdict.correct, (stem, entry.id, right, verdict.message)
            assert entry.text("explain", language).strip() in verdict.message
