"""The exercise bank: a lesson's questions, answers, explanations and hints in a data file,
in every language, so an exercise cell shows no answer and a translated lesson asks the same.

One TOML file per lesson, ``widgets/lessons/exercises/<lesson-stem>.toml``, one table per
exercise in lesson order: ``id`` (kebab-case, unique in the lesson), ``check`` (a kind named
in :data:`CHECKS`), ``answer`` (once for every language), optional ``options`` (keyword
arguments of the check) and a table per language (``[exercise.en]``, ``[exercise.zh_CN]``)
with ``question``, ``explain``, ``hints`` and, for a ``words`` check, ``accept`` (the words
that language's pupils may type) and ``example``. A check kind of a game (not ``number``,
``numbers``, ``words``) comes from a module the file names at its top, ``kinds =
["widgets.museum.reroll"]``: reading the bank imports it, so every page and tool that reads a
bank (the lesson, the teacher's dashboard, the sheets) knows its kinds and their diagnoses.
A cell only names the exercise:

>>> ex = exercise("02-place-value", "swap-07")
>>> ex.submit("07").message
'Not yet: 07 is the start number: every row changes it. Begin with row 1 (B4s), the swap.'
>>> ex.submit("70").correct, ex.exercise_id
(True, 'swap-07')
>>> from lnb.core.i18n import use_language
>>> with use_language("zh-CN"):
...     exercise("02-place-value", "swap-07").submit("70").message
'对了！07 ⇄ 70：7 从个位移到了十位。'
>>> bank("02-place-value").ids[:2], bank("02-place-value").missing("zh_CN")
(('swap-07', 'copy-64'), [])
>>> exercise("02-place-value", "swap-7")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lnb.core.errors.BadInputError: ...02-place-value.toml has no exercise 'swap-7'; its exercises \
are: swap-07, ...

With ``language=None`` (the default) every text follows the page's language of the moment,
also when the pupil switches it; a game's lesson views add their own kinds with
:func:`register_check`.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from lnb.core.errors import BadInputError
from lnb.core.i18n import N_, SOURCE, current_language, normalize
from widgets.babbage.exercise import Check, Exercise, asks_about_program, number, numbers, words

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover (Python 3.10: the tomli package, a dependency there)
    import tomli as tomllib

#: Where the lessons' bank files are (package data of ``widgets.lessons``).
FOLDER = Path(__file__).resolve().parent / "exercises"
#: The fields of a language's table; ``question`` is required, the others optional.
TEXT_FIELDS = ("question", "explain", "hints", "example", "accept")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_TOP = {"id", "check", "answer", "options"}
_MODULE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$")
_ROOT = Path(__file__).resolve().parents[2]  # a file is named from here: widgets/lessons/...


@dataclass(frozen=True)
class BankEntry:
    """One exercise of a bank file: its id, check kind, answer, options, any other fields of
    its kind (``fields``) and its texts per language (catalog names: ``en``, ``zh_CN``)."""

    lesson: str
    id: str
    check: str
    answer: Any
    options: Mapping[str, Any]
    texts: Mapping[str, Mapping[str, Any]]
    fields: Mapping[str, Any] = field(default_factory=dict)
    path: Path = FOLDER

    def text(self, name: str, language: str | None = None) -> Any:
        """The field ``name`` (``question``, ``explain``, ``hints``...) in ``language``
        (None: the current one); a language the entry lacks, or a field it leaves out, gives
        the English one; a field nobody wrote gives '' (a list field: [])."""
        chosen = language or current_language()
        for lang in (chosen, SOURCE):
            value = self.texts.get(lang, {}).get(name)
            if value is not None:
                return value
        return [] if name in ("hints", "accept") else ""

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.texts)

    def accepted(self) -> list[str]:
        """For a ``words`` check: the answer and every language's ``accept`` words (a pupil
        may type the answer in any language the lesson is written in)."""
        answer = self.answer if isinstance(self.answer, list) else [self.answer]
        found = [str(a) for a in answer]
        for texts in self.texts.values():
            found += [str(a) for a in texts.get("accept", [])]
        return found

    def digest(self) -> str:
        """A short fingerprint of what a translation translates: the English texts, the
        check, the answer and the options. A language table says which one it was made from
        (``of = "…"``, written by :func:`stamp`); when the English changes, it is out of date."""
        english = {k: v for k, v in self.texts.get(SOURCE, {}).items() if k != "of"}
        made = {"check": self.check, "answer": self.answer, "options": dict(self.options),
                "fields": dict(self.fields), "en": english}
        text = json.dumps(made, sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]

    def outdated(self, language: str) -> bool:
        """Whether ``language``'s table was made from another English (or says from none)."""
        return language != SOURCE and self.texts.get(language, {}).get("of") != self.digest()


class Said:
    """A field of an entry as a text shown later: its words in the language of the moment
    (or the fixed ``language``) each time it is read, so a switch of language remakes it."""

    def __init__(self, entry: BankEntry, name: str, language: str | None) -> None:
        self.entry, self.name, self.language = entry, name, language

    def __call__(self) -> str:
        return str(self.entry.text(self.name, self.language))

    def __str__(self) -> str:
        return self()

    def __repr__(self) -> str:
        return f"Said({self.entry.id!r}, {self.name!r})"


#: A check kind: (the entry, its language or None) -> the check of the answer typed.
CheckMaker = Callable[[BankEntry, "str | None"], Check]


def _number(entry: BankEntry, language: str | None) -> Check:
    """A whole number; a question about a program ("Start at 55. What does <b>A4/</b>
    make?") diagnoses a wrong number, the program read from the English question."""
    options = dict(entry.options)
    if "program" not in options:
        asked = asks_about_program(str(entry.text("question", SOURCE)), entry.answer)
        if asked is not None:
            options["program"], options["start"] = asked
    check = number(entry.answer, Said(entry, "explain", language), **options)  # type: ignore[arg-type]
    if check.program is None:  # type: ignore[attr-defined]
        check.about_program = None  # type: ignore[attr-defined]  # the same in every language
    return check


def _numbers(entry: BankEntry, language: str | None) -> Check:
    return numbers(entry.answer, Said(entry, "explain", language), **entry.options)  # type: ignore[arg-type]


def _words(entry: BankEntry, language: str | None) -> Check:
    example = Said(entry, "example", language) if any(
        "example" in t for t in entry.texts.values()) else None
    return words(entry.accepted(), Said(entry, "explain", language), example=example,  # type: ignore[arg-type]
                 **entry.options)


#: Check kinds by name, as a bank file's ``check`` names them.
CHECKS: dict[str, CheckMaker] = {"number": _number, "numbers": _numbers, "words": _words}


def register_check(name: str, maker: CheckMaker) -> None:
    """Let bank files name the check kind ``name`` (a game's lesson views add theirs)."""
    CHECKS[name] = maker


def register_kinds(kinds: Mapping[str, Callable[..., Check]]) -> None:
    """Register check kinds made the usual way: ``kind(answer, explain, **options)``, with
    the entry's answer, its options and its explanation in the page's language of the
    moment (or the exercise's ``language``)."""
    for name, kind in kinds.items():
        register_check(name, _usual_maker(kind))


def _usual_maker(kind: Callable[..., Check]) -> CheckMaker:
    """The maker of a kind of :func:`register_kinds`."""
    def make(entry: BankEntry, language: str | None) -> Check:
        return kind(entry.answer, Said(entry, "explain", language), **entry.options)
    return make


@dataclass(frozen=True)
class LessonBank:
    """The exercises of one lesson, in lesson order."""

    lesson: str
    path: Path
    entries: tuple[BankEntry, ...]
    #: The modules whose import registers the file's check kinds (its top ``kinds``).
    kinds: tuple[str, ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.entries)

    @property
    def languages(self) -> tuple[str, ...]:
        """Every language some exercise is written in (English first)."""
        found = {lang for e in self.entries for lang in e.texts}
        return (SOURCE, *sorted(found - {SOURCE}))

    def entry(self, id: str) -> BankEntry:
        """The exercise ``id``; a ``BadInputError`` naming the file and its ids if none."""
        for e in self.entries:
            if e.id == id:
                return e
        raise BadInputError(N_("{entry} has no exercise {text!r}; its exercises are: "
                               "{choices}"), entry=_shown(self.path), text=id,
                            choices=", ".join(self.ids), expected=self.ids,
                            reason="unknown-exercise")

    def answer(self, id: str) -> Any:
        """The answer of exercise ``id`` (a lesson's pinned cell checks it with the library)."""
        return self.entry(id).answer

    def missing(self, language: str) -> list[str]:
        """The fields English has and ``language`` lacks, as ``id: field`` (an empty list:
        the lesson is fully translated); a list of hints of another length counts too.

        >>> bank("02-place-value").missing("fr")[:2]
        ['swap-07: question', 'swap-07: explain']
        """
        found = []
        for e in self.entries:
            english, there = e.texts.get(SOURCE, {}), e.texts.get(language, {})
            for name in TEXT_FIELDS:
                if name == "accept" and e.check == "words" and language != SOURCE:
                    if not there.get("accept"):
                        found.append(f"{e.id}: accept")
                    continue
                if name in english and name not in there:
                    found.append(f"{e.id}: {name}")
                elif name == "hints" and len(there.get(name, [])) != len(english.get(name, [])):
                    found.append(f"{e.id}: hints (not {len(english.get(name, []))})")
        return found

    def outdated(self, language: str) -> list[str]:
        """The exercises whose ``language`` table was made from another English, check or
        answer than the bank's now (``of`` differs): translate them again, then :func:`stamp`.

        >>> bank("02-place-value").outdated("zh_CN")
        []
        """
        return [e.id for e in self.entries if e.outdated(language)]


def _shown(path: Path) -> str:
    try:
        return path.relative_to(_ROOT).as_posix()
    except ValueError:
        return str(path)


def _bad(path: Path, what: str, **fields: Any) -> BadInputError:
    return BadInputError(N_("{entry}: {problem}"), entry=_shown(path), problem=what,
                         reason="bad-bank-file", **fields)


def read_bank(path: Path) -> LessonBank:
    """The bank in ``path`` (a TOML file); a ``BadInputError`` naming the file, the
    exercise and the field when one is missing or of the wrong kind."""
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise BadInputError(N_("no exercise bank {entry}: write the lesson's exercises there"),
                            entry=_shown(path), reason="no-bank") from None
    except tomllib.TOMLDecodeError as err:
        raise _bad(path, f"not TOML: {err}") from None
    entries, seen = [], set()
    for n, table in enumerate(data.get("exercise", []), start=1):
        ident = table.get("id")
        if not isinstance(ident, str) or not _ID.match(ident):
            raise _bad(path, f"exercise {n} needs an id in kebab-case, like 'swap-07'",
                       text=ident)
        if ident in seen:
            raise _bad(path, f"the id {ident!r} is used twice", text=ident)
        seen.add(ident)
        if not isinstance(table.get("check"), str) or "answer" not in table:
            raise _bad(path, f"{ident}: give check = \"<kind>\" and answer = ...", text=ident)
        texts: dict[str, dict[str, Any]] = {}
        others: dict[str, Any] = {}
        for key, value in table.items():
            if key in _TOP:
                continue
            language = normalize(key) if isinstance(value, dict) else None
            if language is None:
                others[key] = value
                continue
            texts[language] = _texts(path, ident, key, value)
        if SOURCE not in texts or "question" not in texts[SOURCE]:
            raise _bad(path, f"{ident}: an [exercise.en] table with a question is needed",
                       text=ident)
        entries.append(BankEntry(path.stem, ident, table["check"], table["answer"],
                                 dict(table.get("options", {})), texts, others, path))
    kinds = data.get("kinds", [])
    if not isinstance(kinds, list) or not all(isinstance(k, str) and _MODULE.match(k)
                                              for k in kinds):
        raise _bad(path, "kinds must be a list of module names, like "
                   "kinds = [\"widgets.museum.reroll\"]", text=str(kinds))
    return LessonBank(path.stem, path, tuple(entries), tuple(kinds))


def load_kinds(lesson_bank: LessonBank) -> LessonBank:
    """Import the modules that register ``lesson_bank``'s check kinds; a ``BadInputError``
    naming the file when one is missing or a check is still unknown after them.

    >>> load_kinds(bank("museum-area")).kinds
    ('widgets.museum.lesson_checks',)
    """
    for name in lesson_bank.kinds:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as err:
            raise _bad(lesson_bank.path, f"kinds names {name!r}, which is not a module "
                       f"({err})", text=name) from None
    for entry in lesson_bank.entries:
        if entry.check not in CHECKS:  # a game's kind: its module belongs in kinds = [...]
            raise _unknown_check(entry)
    return lesson_bank


def _unknown_check(entry: BankEntry) -> BadInputError:
    return BadInputError(N_("{entry}: exercise {text!r} has check {value!r}; known checks "
                            "are: {choices}"), entry=_shown(entry.path), text=entry.id,
                         value=entry.check, choices=", ".join(CHECKS), expected=tuple(CHECKS),
                         reason="unknown-check")


def _texts(path: Path, ident: str, key: str, value: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(value) - set(TEXT_FIELDS) - {"of"})
    if unknown:
        raise _bad(path, f"{ident}.{key}: unknown field(s) {', '.join(unknown)}; "
                   f"fields are {', '.join(TEXT_FIELDS)}", text=ident)
    for name, kind in (("question", str), ("explain", str), ("example", str), ("of", str),
                       ("hints", list), ("accept", list)):
        if name in value and not isinstance(value[name], kind):
            raise _bad(path, f"{ident}.{key}.{name} must be a {kind.__name__}", text=ident)
    return dict(value)


@cache
def _cached(path: Path, mtime: float) -> LessonBank:
    return load_kinds(read_bank(path))


def bank(lesson: str) -> LessonBank:
    """The bank of ``lesson`` (a notebook's stem, ``02-place-value``), read again when its
    file changes."""
    path = FOLDER / f"{lesson}.toml"
    try:
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        return load_kinds(read_bank(path))  # raises, naming the file
    return _cached(path, mtime)


def exercise(lesson: str, id: str, language: str | None = None, *, keeper: Any = None,
             **extra: Any) -> Exercise:
    """The exercise ``id`` of ``lesson`` as a widget, its words in ``language`` (None: the
    page's language, following a switch). ``extra`` goes to :class:`Exercise` (``title``,
    ``on_solved``...). A missing id or language raises a ``BadInputError`` naming both.

    Every answer checked is kept for the page's pupil, and a reopened lesson shows it
    (:mod:`widgets.lessons.answers`): ``keeper`` is the page's
    :class:`~widgets.lessons.answers.LessonKeeper`, by default the kernel's when this runs
    in one (a notebook, a Voila page); plain Python keeps nothing (``keeper=False`` too)."""
    entry = bank(lesson).entry(id)
    if language is not None:
        chosen = normalize(language)
        if chosen not in entry.texts:
            raise BadInputError(N_("{entry}: exercise {text!r} is not written in {value}; "
                                   "add an [exercise.{value}] table"), entry=_shown(entry.path),
                                text=id, value=chosen or language, expected=entry.languages,
                                reason="untranslated-exercise")
        language = chosen
    maker = CHECKS.get(entry.check)
    if maker is None:
        raise _unknown_check(entry)
    hints: Sequence[str] = entry.text("hints", language)
    count = len(entry.texts[SOURCE].get("hints", hints))
    made = Exercise(Said(entry, "question", language), maker(entry, language),
                    (count, lambda n, _typed: str(entry.text("hints", language)[n - 1])),
                    **extra)
    made.exercise_id = id  # type: ignore[attr-defined]
    made.lesson = lesson  # type: ignore[attr-defined]
    if keeper is None:
        from widgets.lessons.answers import on_a_page, page_keeper

        keeper = page_keeper() if on_a_page() else False
    if keeper is not False:
        keeper.attach(made)
    return made


def stamp(lesson: str, language: str, ids: Sequence[str] | None = None) -> list[str]:
    """Write ``of = "<digest>"`` under each ``[exercise.<language>]`` table of ``lesson``'s
    bank (only ``ids``, when given): the translation is of the English as it is now. Run it
    after translating (``python -m widgets.lessons.bank stamp 02-place-value zh_CN``), never
    instead. The ids stamped."""
    chosen = normalize(language) or language
    found = bank(lesson)
    path, done = found.path, []
    lines = path.read_text("utf-8").splitlines(keepends=True)
    out, n = [], -1
    skip_next_of = False
    for line in lines:
        stripped = line.strip()
        if skip_next_of and stripped.startswith("of ="):
            skip_next_of = False
            continue
        skip_next_of = False
        out.append(line)
        if stripped == "[[exercise]]":
            n += 1
        elif stripped == f"[exercise.{chosen}]" and 0 <= n < len(found.entries):
            entry = found.entries[n]
            if ids is None or entry.id in ids:
                out.append(f'of = "{entry.digest()}"\n')
                done.append(entry.id)
                skip_next_of = True
    path.write_text("".join(out), "utf-8")
    return done


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m widgets.lessons.bank stamp LESSON LANGUAGE [ID...]`` (see :func:`stamp`)
    or ``check LESSON LANGUAGE``: what is missing or out of date."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 3 or args[0] not in ("stamp", "check"):
        print("usage: python -m widgets.lessons.bank stamp|check LESSON LANGUAGE [ID...]")
        return 2
    verb, lesson, language, *ids = args
    if verb == "stamp":
        print("stamped:", ", ".join(stamp(lesson, language, ids or None)) or "nothing")
        return 0
    found, chosen = bank(lesson), normalize(language) or language
    problems = found.missing(chosen) + [f"{i}: out of date" for i in found.outdated(chosen)]
    print("\n".join(problems) or f"{lesson}: complete in {chosen}")
    return 1 if problems else 0


__all__ = ["CHECKS", "BankEntry", "LessonBank", "Said", "bank", "exercise", "load_kinds",
           "read_bank", "register_check", "stamp"]


if __name__ == "__main__":  # the package's module, not a second copy named __main__: the
    from widgets.lessons import bank as _package  # kinds register into its CHECKS
    raise SystemExit(_package.main())
