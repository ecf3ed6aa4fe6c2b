"""The pip route of docs/install.md, end to end and with no ``make``: the kit's wheel built from
the sources, installed with plain ``pip`` (the machine's own package index and settings) into a
fresh venv, ``lovelace-kit --help``, then the kit served from that venv alone on a free port:
the landing page and a lesson fetched over HTTP (the lesson's kernel runs the installed kit),
then stopped with Ctrl-C's signal, Voila and its kernel gone with it.

The sources are copied first (``pip wheel`` of the checkout would write its ``build/`` and
``*.egg-info`` there, which ``make site`` uses at the same time in ``make test``). The venv is
made while the wheel is built. pip is told not to compile bytecode (what a page imports is
compiled when imported): the slow part is pip fetching the app's packages, from its cache
after the first run.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from widgets.serving import kit_command
from widgets.serving.server import free_port, hermetic_environ, port_is_free

REPO = Path(__file__).resolve().parents[1]
#: What the wheel is built from (pyproject.toml's packages, data files and readme).
SOURCES = ("pyproject.toml", "README.md", "lnb", "classroom", "widgets", "lessons")
#: Deadline of a step that stopped answering (pip fetching, a server starting), not of a slow one.
STUCK = 600.0
#: The line of the banner naming the kit's address (widgets.serve.run).
RUNNING = re.compile(r"kit is running:\s+(http://\S+)")
#: A lesson and words of its page that only its run notebook shows.
LESSON = "01-first-program.ipynb"


def run(command: list[str], **options: object) -> subprocess.CompletedProcess[str]:
    """``command``'s run, failing the test with its output if it fails."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=STUCK,
                          check=False, **options)  # type: ignore[call-overload]
    assert done.returncode == 0, f"{command} failed ({done.returncode}):\n" \
                                 f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def plain_environ(home: Path) -> dict[str, str]:
    """The environment of a teacher's terminal: this one without the kit's venv or checkout on
    any path, Jupyter's folders and the progress store under ``home``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not p.startswith(str(REPO)))
    env["LNB_STORE"] = str(home / "progress.sqlite3")
    return hermetic_environ(home / "jupyter", env)


def venv_program(venv: Path, name: str) -> str:
    """A program of ``venv`` (``bin/`` here, ``Scripts\\`` on Windows)."""
    folder = venv / ("Scripts" if os.name == "nt" else "bin")
    return str(folder / (f"{name}.exe" if os.name == "nt" else name))


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, str]]]:
    """A fresh venv with the kit's wheel and its ``[app]`` installed by plain pip; its
    environment."""
    work = tmp_path_factory.mktemp("pip-route")
    src = work / "src"
    src.mkdir()
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".ipynb_checkpoints")
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, src / name, ignore=skip)
        else:
            shutil.copy2(REPO / name, src / name)
    env = plain_environ(work / "home")
    venv = work / "venv"
    started = time.monotonic()
    making = subprocess.Popen([sys.executable, "-m", "venv", str(venv)], env=env, cwd=work,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
         str(work / "dist"), str(src)], env=env, cwd=work)
    built = time.monotonic()
    out, _ = making.communicate(timeout=STUCK)
    assert making.returncode == 0, f"python -m venv failed:\n{out}"
    (wheel,) = (work / "dist").glob("lovelace_babbage_kit-*.whl")
    run([venv_program(venv, "python"), "-m", "pip", "install", "--quiet", "--no-compile",
         f"{wheel}[app]"], env=env, cwd=work)
    print(f"\npip route: wheel built (venv made beside it) in {built - started:.0f} s, "
          f"installed with its app in {time.monotonic() - built:.0f} s")
    yield venv, env


def test_the_installed_command_explains_itself(installed: tuple[Path, dict[str, str]]) -> None:
    venv, env = installed
    wide = {**env, "COLUMNS": "500"}  # argparse wraps at the terminal's width
    done = run([venv_program(venv, "lovelace-kit"), "--help"], env=wide, cwd=venv.parent)
    assert "--class N" in done.stdout and "--port N" in done.stdout, done.stdout
    # the lessons it serves by default are the ones pip installed, not a checkout's
    share = venv / "share" / "lovelace-babbage-kit" / "lessons"
    assert (share / "index.ipynb").is_file() and (share / "zh-CN").is_dir()
    assert f"(default: {share.resolve()})" in done.stdout, done.stdout


def _lines(stream: object, into: queue.Queue[str]) -> None:
    for line in iter(stream.readline, ""):  # type: ignore[attr-defined]
        into.put(line)


def test_the_installed_kit_serves_the_lessons_and_stops(
        installed: tuple[Path, dict[str, str]]) -> None:
    venv, env = installed
    port = free_port()
    command = [venv_program(venv, "lovelace-kit"), "--no-browser", "--port", str(port),
               "--lang", "en"]
    kit = subprocess.Popen(command, env=env, cwd=venv.parent, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           start_new_session=True)
    started = time.monotonic()
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=_lines, args=(kit.stdout, lines), daemon=True)
    reader.start()
    said: list[str] = []
    try:
        deadline = time.monotonic() + STUCK
        url = None
        while url is None:
            assert kit.poll() is None, f"lovelace-kit exited {kit.returncode}:\n{''.join(said)}"
            assert time.monotonic() < deadline, f"no banner:\n{''.join(said)}"
            try:
                said.append(lines.get(timeout=1))
            except queue.Empty:
                continue
            found = RUNNING.search(said[-1])
            url = found.group(1) if found else None
        assert url == f"http://127.0.0.1:{port}/voila/render/index.ipynb", said
        print(f"\npip route: the kit answered {time.monotonic() - started:.0f} s after its start")

        with urllib.request.urlopen(url, timeout=STUCK) as answer:
            landing = answer.read().decode()
        assert "Lovelace" in landing and LESSON in landing, landing[-2000:]
        # the kit's own template (package data put on JUPYTER_PATH), offline: no CDN link
        assert "lnb-lang" in landing and "://cdn." not in landing, landing[:3000]
        lesson_url = url.replace("index.ipynb", LESSON)
        with urllib.request.urlopen(lesson_url, timeout=STUCK) as answer:
            lesson = answer.read().decode()
        # the notebook ran in the kit's kernel from the venv: its widgets are on the page
        assert "application/vnd.jupyter.widget-view+json" in lesson, lesson[-2000:]
        assert "Traceback" not in lesson and "ModuleNotFoundError" not in lesson, lesson[-3000:]

        print(f"pip route: landing page and lesson served {time.monotonic() - started:.0f} s "
              "after the start")
        family = psutil.Process(kit.pid).children(recursive=True)
        assert any("widgets.serving.kernel" in " ".join(p.cmdline()) for p in family), family
    finally:
        if kit.poll() is None:
            kit.send_signal(signal.SIGINT)  # Ctrl-C
        try:
            code = kit.wait(timeout=60)
        except subprocess.TimeoutExpired:
            kit.kill()
            raise
        reader.join(timeout=30)  # the output's end: the process is gone
    rest = "".join(said) + "".join(iter_queue(lines))
    assert code == 0, rest
    assert "Stopping the kit" in rest, rest
    _gone, alive = psutil.wait_procs(family, timeout=30)
    assert not alive, f"left running after Ctrl-C: {alive}"
    assert port_is_free(port), f"port {port} still held after Ctrl-C"


def iter_queue(lines: queue.Queue[str]) -> Iterator[str]:
    """What is left in ``lines``."""
    while True:
        try:
            yield lines.get_nowait()
        except queue.Empty:
            return


@pytest.fixture
def no_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail, rather than serve in the test's process, if the command would start the kit."""
    from widgets import serve

    def refuse(*args: object, **kwargs: object) -> int:
        raise AssertionError(f"lovelace-kit would have served: {args}")

    monkeypatch.setattr(serve, "run", refuse)


@pytest.mark.usefixtures("no_serving")
def test_a_missing_server_part_is_named_with_its_fix(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(kit_command, "missing_modules", lambda: ["voila"])
    assert kit_command.main(["--lang", "en", "--no-browser"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("lovelace-kit: the kit's server needs voila"), said
    assert 'pip install "lovelace-babbage-kit[app]"' in said, said


@pytest.mark.usefixtures("no_serving")
def test_a_lessons_folder_that_is_not_there_is_named(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    nowhere = tmp_path / "my-lessons"
    assert kit_command.main(["--lang", "en", "--no-browser", "--lessons", str(nowhere)]) == 2
    said = capsys.readouterr().err
    assert said.startswith(f"lovelace-kit: there is no folder {nowhere}: give --lessons"), said


@pytest.mark.usefixtures("no_serving")
def test_a_wrong_option_is_one_line_naming_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    for wrong in (["--pupils", "30"], ["--clas", "30"]):  # no option is guessed from a prefix
        assert kit_command.main(["--lang", "en", "--no-browser", *wrong]) == 2
        said = capsys.readouterr().err
        assert said.count("\n") == 1 and wrong[0] in said and "lovelace-kit --help" in said, said


def test_a_busy_port_names_this_commands_option(tmp_path: Path) -> None:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as held:
        port = held.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "widgets.serving.kit_command", "--lang",
                               "en", "--no-browser", "--port", str(port)],
                              env=plain_environ(tmp_path), cwd=REPO, capture_output=True,
                              text=True, timeout=STUCK, check=False)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith(f"lovelace-kit: port {port} on 127.0.0.1 is already in use"), \
        done.stderr
    assert "give --port N: lovelace-kit --port " in done.stderr, done.stderr
    assert "make serve" not in done.stderr, done.stderr


def test_every_file_a_lesson_may_open_travels_in_the_wheel() -> None:
    """pyproject.toml's data files take every file of lessons/ the served pages can open (a
    new lesson folder, a picture or a data file beside the notebooks must be added there)."""
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    patterns = [p for found in config["tool"]["setuptools"]["data-files"].values() for p in found]
    shipped = {path for pattern in patterns for path in REPO.glob(pattern)}
    lessons = REPO / "lessons"
    wanted = {path for path in lessons.rglob("*") if path.is_file()
              and not {"__pycache__", ".ipynb_checkpoints"} & set(path.parts)
              and path.suffix != ".py"}  # make_index.py writes the landing page; never served
    missing = sorted(str(path.relative_to(REPO)) for path in wanted - shipped)
    assert not missing, f"{missing}: add them to pyproject.toml's [tool.setuptools.data-files]"
