"""sympy's answers for the programs the lessons open with, worked out once and kept in a file.

A lesson's :class:`~widgets.babbage.algebra_view.AlgebraView` and ``BackwardsView`` first show
fixed programs. Importing sympy and solving each row's equation took most of a lesson page's
own time in its kernel (0.5–1 s of lesson 09's cells), before the page was usable. The data
file ``lnb/babbage/data/cache/algebra.json`` (beside the editions, not among them) keeps what
:mod:`lnb.babbage.algebra` would compute for the programs it names under ``wanted`` (each
with the levels its lesson reveals: the algebra views lessons 02, 03, 04, 08 and 09 open
with):

* ``rows``: for each row's component and function (:func:`row_key`), the row's formula of
  ``y`` as LaTeX and every whole ``y`` with ``f(y) = t`` for each target ``t`` 00–99;
* ``programs``: for each program's rows (:func:`program_key`), each row's formula of ``x``
  as LaTeX and the last formula's value at every start 00–99;
* ``proofs``: for the proofs named under ``wanted_proofs`` (those lessons 02 and 03 show),
  what sympy found (:func:`lnb.babbage.algebra.proof_facts`: each step's verdict, its LaTeX).

:mod:`lnb.babbage.algebra` answers from here when it can and asks sympy otherwise (a pupil
typing a program of their own), so the answers are the same either way;
``tests/test_algebra_cache.py`` checks the file against sympy now.
``python -m lnb.babbage.algebra_cache`` writes the file again from its ``wanted`` list (with
sympy, a few seconds).

>>> from lnb.babbage.components import Component, Function
>>> row = cached_row(Component.parse_token("x/3"), Function.DIVIDE)
>>> row.solutions[10], row.latex
((30, 31, 32), '\\\\left\\\\lfloor{\\\\frac{y}{3}}\\\\right\\\\rfloor')
>>> cached_row(Component.parse_token("x/9"), Function.DIVIDE) is None  # not wanted: sympy
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from lnb.babbage.board import Board
from lnb.babbage.components import Component, Function
from lnb.babbage.numbers import HIGHEST, LOWEST
from lnb.babbage.operations import Operation
from lnb.babbage.programs import Program

PATH = Path(__file__).resolve().parent / "data" / "cache" / "algebra.json"
VALUES = range(LOWEST, HIGHEST + 1)


@dataclass(frozen=True)
class CachedRow:
    """One component used one way: ``f(y)`` as LaTeX, and ``solutions[t]``: every whole ``y``
    with ``f(y) = t`` (sorted; some may leave 00–99), for each ``t`` 00–99."""

    latex: str
    solutions: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class CachedProgram:
    """A program's rows: each row's Result as a formula of ``x`` (LaTeX), and the last
    formula's value at ``x`` = 00, 01, …, 99."""

    latex: tuple[str, ...]
    values: tuple[int, ...]


def row_key(component: Component, function: Function, sigma: bool = False) -> str:
    """The key of one row: its component's token, its function, ``S`` for a Sigma row.

    >>> row_key(Component.parse_token("x/3"), Function.DIVIDE)
    'x/3 /'
    >>> row_key(Component.parse_token("+-5"), Function.ADD, sigma=True)
    '+-5 + S'
    """
    return f"{component} {function.value}" + (" S" if sigma else "")


def program_key(program: Program, board: Board) -> str:
    """The key of a program on ``board``: its rows' keys, one after another.

    >>> program_key(Program.parse("A3+ A4/"), Board.standard())
    '+-5 +, x/2 /'
    """
    return ", ".join(_operation_key(op, board, row)
                     for row, op in enumerate(program.operations, start=1))


def _operation_key(operation: Operation, board: Board, row: int) -> str:
    return row_key(operation.component(board, row), operation.function, operation.sigma)


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    try:
        return json.loads(PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # no file (or a broken one): sympy answers everything
        return {}


def cached_row(component: Component, function: Function) -> CachedRow | None:
    """The file's answers for one component used one way; None when it has none."""
    found = _data().get("rows", {}).get(row_key(component, function))
    if found is None:
        return None
    return CachedRow(found["latex"], tuple(tuple(s) for s in found["solutions"]))


def proof_key(proof: str, n: int = 0) -> str:
    """The key of one proof's facts: its name, and its number if it takes one.

    >>> proof_key("multiply-then-divide", 2), proof_key("copy-11")
    ('multiply-then-divide 2', 'copy-11')
    """
    return f"{proof} {n}" if n else proof


def cached_proof(proof: str, n: int = 0) -> dict[str, Any] | None:
    """The file's facts of one proof (a new dict); None when it has none."""
    found = _data().get("proofs", {}).get(proof_key(proof, n))
    return None if found is None else dict(found)


def cached_program(program: Program, board: Board) -> CachedProgram | None:
    """The file's formulas of ``program`` on ``board``; None when it has none."""
    found = _data().get("programs", {}).get(program_key(program, board))
    if found is None:
        return None
    return CachedProgram(tuple(found["latex"]), tuple(found["values"]))


# --------------------------------------------------------------------------------------------
# Writing the file (with sympy)
# --------------------------------------------------------------------------------------------


def build(wanted: Sequence[tuple[str, Mapping[str, str]]],
          wanted_proofs: Sequence[tuple[str, int]] = ()) -> dict[str, Any]:
    """The file's contents for ``wanted`` (program, levels revealed) and ``wanted_proofs``
    (proof, its number or 0), worked out by sympy through :mod:`lnb.babbage.algebra` itself
    (its cache left out)."""
    from lnb.babbage import algebra

    rows: dict[str, Any] = {}
    programs: dict[str, Any] = {}
    for text, levels in wanted:
        board = Board.standard(levels=dict(levels)) if levels else Board.standard()
        program = Program.parse(text)
        formulas = algebra.program_formulas(program, board, cached=False)
        programs[program_key(program, board)] = {
            "latex": list(formulas.latex),
            "values": [formulas.value(v) for v in VALUES],
        }
        for row, op in enumerate(program.operations, start=1):
            component = op.component(board, row)
            solve = algebra._sympy_row_solver(component, op.function)
            rows[row_key(component, op.function)] = {
                "latex": algebra._row_latex(component, op.function, cached=False),
                "solutions": [list(solve(t)) for t in VALUES],
            }
    proofs = {proof_key(proof, n): algebra.proof_facts(proof, n, cached=False)
              for proof, n in wanted_proofs}
    return {"wanted": [[text, dict(levels)] for text, levels in wanted],
            "wanted_proofs": [[proof, n] for proof, n in wanted_proofs],
            "rows": dict(sorted(rows.items())), "programs": dict(sorted(programs.items())),
            "proofs": proofs}


def wanted_now(path: Path = PATH) -> list[tuple[str, dict[str, str]]]:
    """The ``wanted`` list of the file at ``path``."""
    return [(text, dict(levels)) for text, levels in json.loads(
        path.read_text(encoding="utf-8"))["wanted"]]


def wanted_proofs_now(path: Path = PATH) -> list[tuple[str, int]]:
    """The ``wanted_proofs`` list of the file at ``path``."""
    return [(proof, int(n)) for proof, n in json.loads(
        path.read_text(encoding="utf-8")).get("wanted_proofs", [])]


def dumps(contents: Mapping[str, Any]) -> str:
    """The file's text: one row or program a line, so a change reads well in a diff."""
    wanted = [f"  {json.dumps(entry, ensure_ascii=False)}" for entry in contents["wanted"]]
    lines = ["{", '"wanted": [', ",\n".join(wanted), "],",
             f'"wanted_proofs": {json.dumps(contents["wanted_proofs"], ensure_ascii=False)},']
    for part in ("rows", "programs", "proofs"):
        entries = [f"  {json.dumps(key, ensure_ascii=False)}: "
                   f"{json.dumps(value, ensure_ascii=False, separators=(',', ':'))}"
                   for key, value in contents[part].items()]
        end = "" if part == "proofs" else ","
        lines += [f'"{part}": {{', ",\n".join(entries), "}" + end]
    return "\n".join([*lines, "}"]) + "\n"


def main() -> None:
    """Write the file again from its ``wanted`` list."""
    PATH.write_text(dumps(build(wanted_now(), wanted_proofs_now())), encoding="utf-8")
    _data.cache_clear()
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
