"""The preheated kernel's wait for its page request, against a stand-in for Voila's socket."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http import HTTPStatus
from typing import Any

import pytest
from websockets.sync.server import serve

from classroom.progress import ProgressStore
from lnb.babbage.puzzles import daily
from widgets.babbage.puzzle_app import PuzzleApp, voila_query
from widgets.core.page_request import query_url, wait_for_request

REQUEST = {"QUERY_STRING": "code=P1-0J6Y-91VC-7&nick=Sam", "SERVER_NAME": "10.0.0.5",
           "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/puzzles.ipynb"}


@contextmanager
def stand_in(monkeypatch: pytest.MonkeyPatch, handler: Callable[..., None],
             **options: Any) -> Iterator[None]:
    """A stand-in for Voila's query socket, with the environment of a preheated kernel."""
    with serve(handler, "127.0.0.1", 0, **options) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        env = {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(server.socket.getsockname()[1]),
               "VOILA_SERVER_URL": "/", "VOILA_KERNEL_ID": "kernel-7", "QUERY_STRING": ""}
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        for key in REQUEST:
            monkeypatch.delenv(key, raising=False)
        yield
        server.shutdown()


@pytest.fixture
def voila_socket(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A server that sends ``REQUEST`` on ``voila/query/<kernel id>``, as Voila does when a
    page takes the kernel; yields the paths it was asked for."""
    asked: list[str] = []

    def handler(ws) -> None:  # type: ignore[no-untyped-def]
        asked.append(ws.request.path)
        ws.send(json.dumps(REQUEST))

    with stand_in(monkeypatch, handler):
        yield asked


def test_a_preheated_kernel_gets_its_page_address(voila_socket: list[str]) -> None:
    assert voila_query() == {"code": "P1-0J6Y-91VC-7", "nick": "Sam"}
    assert voila_socket == ["/voila/query/kernel-7"]
    assert voila_query() == {"code": "P1-0J6Y-91VC-7", "nick": "Sam"}  # no second wait
    assert voila_socket == ["/voila/query/kernel-7"]


def test_waiting_does_not_import_voila(voila_socket: list[str]) -> None:
    """A pupil's kernel (a fresh process) gets its address without loading Voila's server."""
    code = ("import sys; from widgets.babbage.puzzle_app import voila_query; print(voila_query()); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'voila', 'jupyter_server', "
            "'nbconvert'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout.splitlines()
    assert out == ["{'code': 'P1-0J6Y-91VC-7', 'nick': 'Sam'}", "[]"]
    assert voila_socket == ["/voila/query/kernel-7"]


def test_outside_preheating_nothing_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "code=X")
    assert wait_for_request() is False
    assert voila_query() == {"code": "X"}


def test_an_unreachable_server_is_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", "1")  # nothing listens there
    with pytest.warns(UserWarning, match="no page request"):
        assert wait_for_request(timeout=1) is False
    assert query_url({"VOILA_WS_BASE_URL": "/kit/", "VOILA_KERNEL_ID": "k"}) == \
        "ws://127.0.0.1:8866/kit/voila/query/k"


def refuse(connection, request):  # type: ignore[no-untyped-def]
    """Answer the handshake with 403 instead of 101 (websockets raises InvalidStatus)."""
    return connection.respond(HTTPStatus.FORBIDDEN, "no kernel here\n")


def close_at_once(ws) -> None:  # type: ignore[no-untyped-def]
    """Accept the socket and close it without a word (ConnectionClosed on recv)."""


def send_garbage(ws) -> None:  # type: ignore[no-untyped-def]
    ws.send("this is not json")


def send_a_list(ws) -> None:  # type: ignore[no-untyped-def]
    ws.send("[1, 2]")


SERVERS = {"refused": (close_at_once, {"process_request": refuse}),
           "closed at once": (close_at_once, {}),
           "not json": (send_garbage, {}),
           "not an object": (send_a_list, {})}


@pytest.mark.parametrize("kind", list(SERVERS))
def test_a_server_that_sends_no_request_is_a_warning(
        monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    handler, options = SERVERS[kind]
    with stand_in(monkeypatch, handler, **options):
        with pytest.warns(UserWarning, match="no page request"):
            assert wait_for_request(timeout=5) is False
        assert "SERVER_NAME" not in os.environ
        with pytest.warns(UserWarning, match="no page request"):
            assert voila_query() == {}


@pytest.mark.parametrize("kind", list(SERVERS))
def test_the_puzzle_page_opens_on_todays_puzzle_when_no_request_comes(
        monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    handler, options = SERVERS[kind]
    today = datetime.date(2025, 3, 14)
    app = PuzzleApp(ProgressStore(":memory:"), today=lambda: today)
    with stand_in(monkeypatch, handler, **options), \
            pytest.warns(UserWarning, match="no page request"):
        app.open_page()
    assert app.puzzle == daily(today) and app.status.kind == ""


def test_nothing_at_display_time_reaches_the_pupil_as_a_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(wait: bool = True) -> dict[str, str]:
        raise RuntimeError("the socket library changed")

    monkeypatch.setattr("widgets.babbage.puzzle_app.voila_query", broken)
    app = PuzzleApp(ProgressStore(":memory:"))
    app.open_page()  # does not raise
    assert app.status.kind == "sorry" and "RuntimeError" in app.status.last_error
    assert "Traceback" not in app.status.message.value
