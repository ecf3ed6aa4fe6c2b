"""Every command the README, ``docs/*.md`` and the lessons' text print works as printed from a
fresh clone: a real ``make`` target (with variables the Makefile uses and, for ``make serve``,
``ARGS`` the serve command takes), a program of ``.venv/bin`` (the kit's own scripts with a
real sub-command, ``python -m`` a module that exists), or a real ``lnb`` / ``kit-class``
sub-command (its ``--help`` run in-process). Commands to type (``sh`` and ``console`` blocks)
never start with a bare ``python`` or ``pytest``, which a fresh clone does not have with the kit
installed.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import io
import json
import re
import shlex
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^[ \t]*```(sh|bash|shell|console)[ \t]*\n(.*?)^[ \t]*```", re.M | re.S)
ANY_FENCE = re.compile(r"^[ \t]*```.*?^[ \t]*```", re.M | re.S)
INLINE = re.compile(r"`((?:make|lnb|kit-class|\.venv/bin/[\w.-]+)(?:\s[^`]*)?)`")
BARE = ("python", "python3", "pytest", "ruff", "jupyter", "voila")  # need .venv/bin/ first


def pyproject_scripts() -> dict[str, str]:
    """``[project.scripts]`` of pyproject.toml: command name -> ``module:function``.

    >>> pyproject_scripts()["lnb"]
    'lnb.cli:main'
    """
    text = (REPO / "pyproject.toml").read_text()
    section = re.search(r"^\[project\.scripts\]\n(.*?)(?=^\[|\Z)", text, re.M | re.S)
    assert section, "pyproject.toml has no [project.scripts]"
    return dict(re.findall(r'^([\w-]+)\s*=\s*"([^"]+)"', section.group(1), re.M))


SCRIPTS = pyproject_scripts()


@dataclass(frozen=True)
class Command:
    """One command as a document prints it; ``typed`` when it is a line of a shell block."""

    where: str
    text: str
    typed: bool


def documents() -> Iterator[tuple[str, str]]:
    """(name, text) of the README, each ``docs/*.md`` and each lesson's markdown cell."""
    for path in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        yield str(path.relative_to(REPO)), path.read_text()
    for path in sorted((REPO / "lessons").glob("*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        for cell in cells:
            if cell["cell_type"] == "markdown":
                yield str(path.relative_to(REPO)), "".join(cell["source"])


def shell_lines(block: str) -> Iterator[str]:
    """The commands of a shell block: continuations joined, prompts and comments dropped.

    >>> list(shell_lines("$ make serve   # go\\n.venv/bin/lnb run \\\\\\n  'A3+'\\n# note\\n"))
    ['make serve', ".venv/bin/lnb run 'A3+'"]
    """
    joined = re.sub(r"\\\n\s*", "", block)
    for raw in joined.splitlines():
        line = re.sub(r"^\s*\$\s+", "", raw).strip()
        line = re.sub(r"\s+#\s.*$", "", line)
        if line and not line.startswith("#"):
            yield line


def commands() -> list[Command]:
    """Every command of :func:`documents`: shell blocks' lines, and inline code naming
    ``make``, ``lnb``, ``kit-class`` or a ``.venv/bin`` program."""
    found = []
    for where, text in documents():
        for match in FENCE.finditer(text):
            found += [Command(where, line, True) for line in shell_lines(match.group(2))]
        for match in INLINE.finditer(ANY_FENCE.sub("", text)):
            words = " ".join(match.group(1).split())
            if words not in ("make", "lnb", "kit-class"):  # the tool's name, not a command
                found.append(Command(where, words, False))
    return found


def make_targets() -> set[str]:
    """The Makefile's targets."""
    text = (REPO / "Makefile").read_text()
    return set(re.findall(r"^([A-Za-z][\w.-]*)\s*:(?!=)", text, re.M))


def make_variables() -> set[str]:
    """The variables the Makefile reads (``$(NAME)``)."""
    return set(re.findall(r"\$\((\w+)\)", (REPO / "Makefile").read_text()))


def run_main(main: Callable[..., object], argv: list[str]) -> int:
    """``main(argv)``'s exit status, its output swallowed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
    return code if isinstance(code, int) else (0 if code is None else 1)


def sub_command(args: list[str]) -> list[str]:
    """The words naming a sub-command (and what follows it): the options before it and their
    values left out (``--lang fr`` names a language, not a command), up to a ``...``.

    >>> sub_command(["--lang", "fr", "puzzle", "new", "--seed", "7"])
    ['puzzle', 'new', '--seed', '7']
    >>> sub_command(["--lang=zh-CN", "..."])
    []
    """
    words = args[:args.index("...")] if "..." in args else list(args)
    while words and words[0].startswith("-"):
        option = words.pop(0)
        if "=" not in option and words and not words[0].startswith("-"):
            words.pop(0)
    return words


def script_problem(name: str, args: list[str]) -> str | None:
    """Why ``name args`` is not a real sub-command of the kit's script ``name``, if it is not."""
    module, _, function = SCRIPTS[name].partition(":")
    main = getattr(importlib.import_module(module), function)
    words = sub_command(args)
    if run_main(main, [*words, "--help"]) != 0:
        return f"`{name} {' '.join(args)}`: not a command of {name} (see `{name} --help`)"
    return None


def serve_problem(args: list[str]) -> str | None:
    """Why the serve command would refuse ``args``, if it would."""
    from widgets.serve import parse_args

    if any("..." in arg or arg.isupper() for arg in args):  # a placeholder: ARGS="..."
        return None
    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            parse_args(args)
    except SystemExit as exc:
        if exc.code not in (0, None):  # --help exits 0
            return f"the serve command takes no {' '.join(args)!r} (see its --help)"
    return None


def make_problem(words: list[str]) -> str | None:
    """Why ``make words...`` would not work, if it would not."""
    targets, variables = make_targets(), make_variables()
    named = [w for w in words if "=" not in w and not w.startswith("-")]
    if not named:
        return None
    for target in named:
        if target not in targets:
            return f"`make {target}`: no such target (the Makefile has {sorted(targets)})"
    for setting in (w for w in words if "=" in w and not w.startswith("-")):
        name, _, value = setting.partition("=")
        if name not in variables:
            return f"`make ... {setting}`: the Makefile reads no {name}"
        if name == "ARGS" and "serve" in named:
            return serve_problem(shlex.split(value))
    return None


def python_problem(args: list[str]) -> str | None:
    """Why ``.venv/bin/python args`` would not start what it names, if it would not."""
    if len(args) >= 2 and args[0] == "-m":
        module = args[1]
        spec = importlib.util.find_spec(module)
        if spec is None:
            return f"no module {module}"
        if spec.submodule_search_locations is not None and importlib.util.find_spec(
                f"{module}.__main__") is None:
            return f"{module} is a package without __main__: `-m {module}` cannot run it"
        if module == "widgets.serve":
            return serve_problem(args[2:])
    elif args and not args[0].startswith("-") and not (REPO / args[0]).exists():
        return f"no file {args[0]} in the checkout"
    return None


def problem(command: Command) -> str | None:
    """What is wrong with ``command`` as printed (None: it works from a fresh clone)."""
    try:
        words = shlex.split(command.text)
    except ValueError as exc:
        return f"cannot be parsed as a shell command: {exc}"
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):  # VAR=value make serve
        words = words[1:]
    if not words:
        return None
    head, args = words[0], words[1:]
    if head == "make":
        return make_problem(args)
    if head.startswith(".venv/bin/"):
        program = head.removeprefix(".venv/bin/")
        if program in SCRIPTS:
            return script_problem(program, args)
        if not (Path(sys.prefix) / "bin" / program).exists():
            return f"{head}: no such program in the kit's venv"
        return python_problem(args) if program.startswith("python") else None
    if head in SCRIPTS:
        return script_problem(head, args)
    if command.typed and head in BARE:
        return f"`{head}` from a fresh clone is not the kit's: write .venv/bin/{head}"
    return None  # another program (git, helm, docker...): not the kit's to check


COMMANDS = commands()


@pytest.mark.parametrize("command", COMMANDS,
                         ids=[f"{c.where}:{c.text[:50]}" for c in COMMANDS])
def test_the_command_works_as_printed(command: Command) -> None:
    found = problem(command)
    assert found is None, f"{command.where}: `{command.text}`: {found}"


def test_the_documents_print_the_commands_a_teacher_needs() -> None:
    texts = {c.text for c in COMMANDS}
    assert {"make serve", "make test"} <= texts
    assert any(t.startswith("make serve CLASS=") for t in texts)  # the class size, documented
    assert any(t.startswith("lnb ") for t in texts)
    assert any(c.typed for c in COMMANDS) and any(c.where.startswith("lessons/")
                                                  for c in COMMANDS)


@pytest.mark.parametrize(("text", "reason"), [
    ("make serv", "no such target"),
    ("make serve CLAS=30", "reads no CLAS"),
    ('make serve ARGS="--prot 8890"', "takes no"),
    ("lnb sovle --start 55", "not a command of lnb"),
    ("kit-class nwe 7B", "not a command of kit-class"),
    (".venv/bin/nothing --help", "no such program"),
    (".venv/bin/python -m widgets.nothing", "no module"),
    (".venv/bin/python -m widgets.serve --class-size many", "takes no"),
    ("python -m widgets.serve", "write .venv/bin/python"),
])
def test_a_wrong_command_is_found(text: str, reason: str) -> None:
    found = problem(Command("example", text, True))
    assert found is not None and reason in found, found


@pytest.mark.parametrize("text", [
    'make serve CLASS=30 ARGS="--ip 0.0.0.0 --port 8890"', "make", "LNB_PROGRESS_DB=x make serve",
    ".venv/bin/lnb solve --start 55 --target 73", ".venv/bin/python -m widgets.serve --help",
    "kit-class backup --list", "git clone https://example.org/kit.git"])
def test_a_right_command_passes(text: str) -> None:
    assert problem(Command("example", text, True)) is None
