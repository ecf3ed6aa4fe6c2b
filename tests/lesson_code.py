"""What a lesson's code calls, read from its parsed cells (not by a pattern over the text).

The lesson tests and the browser checks ask the same questions of a lesson's code: which
exercises it makes (:func:`exercises`: the bank's ``exercise("<lesson>", "<id>")``,
``Exercise(...)``, ``Exercise.for_puzzle(...)``), which of the bank's (:func:`bank_exercises`),
or which views it opens (:func:`cell_calls` with the views' names). A part asked for later,
``later(exercise, "09-undo-a-program", "undo-80")`` (:mod:`widgets.lessons.later`), is read as
the call it makes later: ``exercise("09-undo-a-program", "undo-80")``.

Only code cells outside the ``pin`` cells are read: a pinned cell checks the lesson and is no
part of its page. Importable from ``tests/`` and ``tests/browser/`` as ``lesson_code`` (the
root ``conftest.py`` puts ``tests/`` on ``sys.path``).

>>> nb = nbformat.v4.new_notebook(cells=[
...     nbformat.v4.new_code_cell('exercise("02-place-value", "swap-07")'),
...     nbformat.v4.new_code_cell('later(exercise, "02-place-value", "swap-08")'),
...     nbformat.v4.new_code_cell('Exercise.for_puzzle(puzzle, "Which start?")')])
>>> len(exercises(nb))
3
>>> bank_exercises(nb)
[('02-place-value', 'swap-07'), ('02-place-value', 'swap-08')]
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import nbformat

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
#: The calls that make an exercise on a lesson's page.
EXERCISES = ("exercise", "Exercise", "Exercise.for_puzzle")


@dataclass(frozen=True)
class Call:
    """A call in a cell's code: the name asked for that it matched (``exercise``, also for
    ``bank.exercise(...)``), each positional argument's text where it is written as a string
    (``None`` where it is not), and whether ``later(...)`` makes it."""

    name: str
    texts: tuple[str | None, ...]
    later: bool = False


def read(path: str | Path) -> nbformat.NotebookNode:
    """A lesson by its path under ``lessons/`` (``01-first-program.ipynb``,
    ``zh-CN/01-first-program.ipynb``), or by a whole path."""
    return nbformat.read(LESSONS / path, as_version=4)


def code_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The lesson's code cells that its page runs as a lesson: every one but the pinned."""
    return [cell for cell in nb.cells
            if cell.cell_type == "code" and "pin" not in cell.metadata.get("tags", [])]


def _written(node: ast.expr) -> str | None:
    """``a.b.c`` for a name or an attribute written so; None for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        owner = _written(node.value)
        return None if owner is None else f"{owner}.{node.attr}"
    return None


def _matched(written: str | None, names: tuple[str, ...]) -> str | None:
    """The one of ``names`` that ``written`` calls (``bank.exercise`` calls ``exercise``)."""
    return next((n for n in names if written is not None
                 and (written == n or written.endswith(f".{n}"))), None)


def calls(source: str, *names: str) -> list[Call]:
    """The calls of any of ``names`` in ``source`` (a cell's code), in the order written; a
    ``later(<name>, ...)`` is read as the call of ``<name>`` it makes.

    >>> calls('v = AlgebraView("A3+ C1x", start=10)\\nlater(UndoSteps, "A3+", result=50)',
    ...       "AlgebraView", "UndoSteps")  # doctest: +NORMALIZE_WHITESPACE
    [Call(name='AlgebraView', texts=('A3+ C1x',), later=False),
     Call(name='UndoSteps', texts=('A3+',), later=True)]
    >>> calls('mill.exercise.check("2 4 6")', "exercise")
    []
    """
    found = []
    nodes = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)]
    for node in sorted(nodes, key=lambda n: (n.lineno, n.col_offset)):
        name, given, later = _matched(_written(node.func), names), node.args, False
        if name is None and _matched(_written(node.func), ("later",)) and given:
            name, given, later = _matched(_written(given[0]), names), given[1:], True
        if name is not None:
            texts = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str)
                          else None for a in given)
            found.append(Call(name, texts, later))
    return found


def cell_calls(nb: nbformat.NotebookNode, *names: str) -> list[Call]:
    """The calls of any of ``names`` in the lesson's code cells (not the pinned), in page
    order."""
    return [call for cell in code_cells(nb) for call in calls(cell.source, *names)]


def exercises(nb: nbformat.NotebookNode) -> list[Call]:
    """Every exercise the lesson's code makes, in page order: the bank's, ``Exercise(...)``
    and ``Exercise.for_puzzle(...)``, asked for now or later."""
    return cell_calls(nb, *EXERCISES)


def bank_id(call: Call) -> tuple[str, str] | None:
    """(lesson, id) where ``call`` makes the bank's exercise ``exercise("<lesson>", "<id>")``;
    None for any other call."""
    lesson, ident = (*call.texts, None, None)[:2]
    if call.name != "exercise" or lesson is None or ident is None:
        return None
    return lesson, ident


def bank_exercises(nb: nbformat.NotebookNode) -> list[tuple[str, str]]:
    """The (lesson, id) of each of the bank's exercises the lesson's code makes, in page
    order."""
    return [found for call in exercises(nb) if (found := bank_id(call)) is not None]
