"""A bank file names the modules of its check kinds (``kinds = [...]``), so whoever reads a
bank, in a fresh process that imported no lesson module (the teacher's dashboard, the sheets),
knows every check and the meaning of every diagnosis it can give."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lnb.core.errors import BadInputError
from widgets.lessons.bank import FOLDER, load_kinds, read_bank

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.stem for p in FOLDER.glob("*.toml"))

FRESH = """
import json, sys
from widgets.lessons.bank import CHECKS, bank
from widgets.babbage.exercise import diagnosis_words
found = {}
for lesson in sys.argv[1:]:
    b = bank(lesson)
    found[lesson] = sorted({e.check for e in b.entries} - set(CHECKS))
print(json.dumps(found))
"""


def test_every_bank_knows_its_kinds_in_a_fresh_process() -> None:
    out = subprocess.run([sys.executable, "-c", FRESH, *LESSONS], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    unknown = json.loads(out)
    assert set(unknown) == set(LESSONS)
    assert {lesson: kinds for lesson, kinds in unknown.items() if kinds} == {}


def test_a_game_lessons_diagnoses_have_words_in_a_fresh_process() -> None:
    script = ("from widgets.lessons.bank import bank\n"
              "from widgets.babbage.exercise import diagnosis_words\n"
              "bank('museum-reroll')\n"
              "print(diagnosis_words('forgot-cost'))")
    said = subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    assert said and said != "forgot-cost"


def test_a_missing_kinds_module_is_named(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('kinds = ["widgets.no_such_kinds"]\n[[exercise]]\nid = "a"\n'
                    'check = "number"\nanswer = 1\n[exercise.en]\nquestion = "?"\n', "utf-8")
    with pytest.raises(BadInputError) as err:
        load_kinds(read_bank(path))
    assert "widgets.no_such_kinds" in str(err.value) and err.value.fields["reason"] == \
        "bad-bank-file"


def test_a_check_no_kinds_module_registers_is_named(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('[[exercise]]\nid = "a"\ncheck = "no-such-kind"\nanswer = 1\n'
                    '[exercise.en]\nquestion = "?"\n', "utf-8")
    with pytest.raises(BadInputError) as err:
        load_kinds(read_bank(path))
    assert err.value.reason == "unknown-check" and err.value.fields["value"] == "no-such-kind"
    assert "known checks are: number, numbers, words" in str(err.value)


def test_the_command_line_knows_the_kinds_of_a_bank() -> None:
    command = [sys.executable, "-m", "widgets.lessons.bank", "check", "museum-reroll", "zh_CN"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0 and "complete in zh_CN" in done.stdout, done.stdout + done.stderr


def test_kinds_must_be_module_names(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('kinds = "widgets.museum.reroll"\n[[exercise]]\nid = "a"\n'
                    'check = "number"\nanswer = 1\n[exercise.en]\nquestion = "?"\n', "utf-8")
    with pytest.raises(BadInputError, match="list of module names"):
        read_bank(path)
