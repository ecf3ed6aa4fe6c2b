"""The preheated kernel's wait for its page request, against a stand-in for Voila's socket."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from websockets.sync.server import serve

from widgets.page_request import query_url, wait_for_request
from widgets.puzzle_app import voila_query

REQUEST = {"QUERY_STRING": "code=P1-0J6Y-91VC-7&nick=Sam", "SERVER_NAME": "10.0.0.5",
           "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/puzzles.ipynb"}


@pytest.fixture
def voila_socket(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A server that sends ``REQUEST`` on ``voila/query/<kernel id>``, as Voila does when a
    page takes the kernel; yields the paths it was asked for."""
    asked: list[str] = []

    def handler(ws) -> None:  # type: ignore[no-untyped-def]
        asked.append(ws.request.path)
        ws.send(json.dumps(REQUEST))

    with serve(handler, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        env = {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(server.socket.getsockname()[1]),
               "VOILA_SERVER_URL": "/", "VOILA_KERNEL_ID": "kernel-7", "QUERY_STRING": ""}
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        for key in REQUEST:
            monkeypatch.delenv(key, raising=False)
        yield asked
        server.shutdown()


def test_a_preheated_kernel_gets_its_page_address(voila_socket: list[str]) -> None:
    assert voila_query() == {"code": "P1-0J6Y-91VC-7", "nick": "Sam"}
    assert voila_socket == ["/voila/query/kernel-7"]
    assert voila_query() == {"code": "P1-0J6Y-91VC-7", "nick": "Sam"}  # no second wait
    assert voila_socket == ["/voila/query/kernel-7"]


def test_waiting_does_not_import_voila(voila_socket: list[str]) -> None:
    """A pupil's kernel (a fresh process) gets its address without loading Voila's server."""
    code = ("import sys; from widgets.puzzle_app import voila_query; print(voila_query()); "
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
