"""Where the kit's lessons are: the checkout's ``lessons/``, else the copy pip installed.

A wheel of the kit carries ``lessons/`` as data files (``[tool.setuptools.data-files]`` in
pyproject.toml): pip puts them in the environment's ``share/lovelace-babbage-kit/lessons``
(a venv's own folder; the user's base for ``pip install --user``). The wheel's record says
where, on every platform, so :func:`installed_lessons` asks the installed distribution
rather than guessing a scheme. The serve commands (``make serve``, ``lovelace-kit``) use
:func:`lessons_folder` when no folder is given.

>>> (lessons_folder() / LANDING).is_file()
True
"""

from __future__ import annotations

import importlib.metadata
import sysconfig
from pathlib import Path

#: The kit's distribution name (pyproject.toml's ``[project] name``).
DISTRIBUTION = "lovelace-babbage-kit"
#: Where the wheel's data files put the lessons, under the environment's data folder.
SHARE = ("share", DISTRIBUTION, "lessons")
#: The landing page, present in every lessons folder.
LANDING = "index.ipynb"


def checkout_lessons() -> Path | None:
    """The ``lessons/`` folder beside the ``widgets`` package (a checkout, or an editable
    install of one), if there is one."""
    folder = Path(__file__).resolve().parents[2] / "lessons"
    return folder if (folder / LANDING).is_file() else None


def installed_lessons(distribution: str = DISTRIBUTION) -> Path | None:
    """The lessons pip installed with ``distribution``, if it did (found by the files its
    record lists, else in the environment's data folder).

    >>> installed_lessons("no-such-kit") is None
    True
    """
    try:
        files = importlib.metadata.distribution(distribution).files or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        if tuple(file.parts[-len(SHARE) - 1:]) == (*SHARE, LANDING):
            folder = Path(str(file.locate())).resolve().parent
            if (folder / LANDING).is_file():
                return folder
    folder = Path(sysconfig.get_path("data")).joinpath(*SHARE)
    return folder if (folder / LANDING).is_file() else None


def lessons_folder() -> Path:
    """The lessons to serve: the checkout's, else the installed copy, else ``./lessons``."""
    return checkout_lessons() or installed_lessons() or Path.cwd() / "lessons"
