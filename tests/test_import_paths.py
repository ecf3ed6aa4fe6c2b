"""The old module paths from before the kit held three games are gone: ``lnb.records`` is
``lnb.babbage.records`` and nothing else (no alias on ``sys.meta_path``)."""

from __future__ import annotations

import importlib
import sys

import pytest


@pytest.mark.parametrize("old", ["lnb.records", "lnb.game", "lnb.bots", "lnb.game.race"])
def test_an_old_module_path_does_not_import(old: str) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)


def test_from_lnb_import_an_old_module_fails_and_the_new_path_works() -> None:
    with pytest.raises(ImportError):
        from lnb import records  # noqa: F401
    from lnb.babbage import records as new

    assert new.__name__ == "lnb.babbage.records"


def test_import_lnb_puts_no_finder_on_the_meta_path() -> None:
    assert not any(type(f).__module__.startswith("lnb") for f in sys.meta_path)


def test_the_package_faces_are_lazy_and_list_their_names() -> None:
    import lnb.museum
    import widgets

    assert "Board" in dir(lnb) and "run" in dir(lnb)
    assert "Game" in dir(lnb.museum)
    assert "GameApp" in dir(widgets)
    with pytest.raises(AttributeError, match="has no attribute 'Nope'"):
        lnb.museum.Nope  # noqa: B018
