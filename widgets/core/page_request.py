"""Inside a preheated Voila kernel: wait for the pupil's page request, without importing Voila.

Voila 0.5 runs a preheated kernel's notebook before anyone asks for the page; a notebook that
needs the page's address calls ``voila.utils.wait_for_request()``, which waits on the
server's ``voila/query/<kernel id>`` websocket and then puts the request (``QUERY_STRING``,
``SERVER_NAME``, ...) into ``os.environ``. Importing ``voila.utils`` pulls in Jupyter Server,
nbconvert and JupyterLab's config (about 700 modules, 45 MB in every pupil's kernel, a second
or two of CPU), so :func:`wait_for_request` speaks the same small protocol with
``websockets`` alone (already installed with Voila).

>>> import os
>>> os.environ.pop("VOILA_PREHEAT", None) and None  # not a preheated kernel: no wait
>>> wait_for_request()
False
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Mapping
from urllib.parse import parse_qsl


def query_url(env: Mapping[str, str] = os.environ) -> str:
    """The server's websocket that sends this kernel its page request (as Voila builds it).

    >>> query_url({"VOILA_APP_PORT": "8870", "VOILA_SERVER_URL": "/", "VOILA_KERNEL_ID": "k1"})
    'ws://127.0.0.1:8870/voila/query/k1'
    """
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    ip = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"


def wait_for_request(timeout: float = 5) -> bool:
    """In a preheated kernel, wait until a page takes it and put its request into
    ``os.environ``; ``True`` when a request came (``False`` outside preheating, or with a
    warning when the server cannot be reached within ``timeout`` seconds)."""
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return False
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    try:
        with connect(query_url(), open_timeout=timeout, max_size=None) as ws:
            info = ws.recv()  # no timeout: the kernel waits for its pupil
        request = json.loads(info)
        if not isinstance(request, dict):
            raise ValueError(f"expected a JSON object, got {type(request).__name__}")
    except (OSError, TimeoutError, WebSocketException, ValueError) as exc:
        # unreachable, refused (a status other than 101), closed at once, or not a request
        warnings.warn(f"no page request from the server at {query_url()}: {exc}", stacklevel=2)
        return False
    for key, value in request.items():
        os.environ[key] = str(value)
    os.environ["VOILA_PREHEAT"] = "False"  # the request has come: a second call must not wait
    return True


def page_query(wait: bool = True) -> dict[str, str]:
    """The page address's query (``?seed=7&lang=zh-CN``) as a dict; ``{}`` outside Voila.

    In a preheated kernel the notebook runs before any pupil opens the page, so this first
    waits for the page's request (:func:`wait_for_request`) unless ``wait`` is False.

    >>> os.environ["QUERY_STRING"] = "seed=7&lang=zh-CN"
    >>> page_query()
    {'seed': '7', 'lang': 'zh-CN'}
    >>> del os.environ["QUERY_STRING"]
    """
    if wait:
        wait_for_request()
    return dict(parse_qsl(os.environ.get("QUERY_STRING", ""), keep_blank_values=True))


def query_seed(query: Mapping[str, str]) -> int | None:
    """The game's seed the address asks for (``?seed=7``), None without one; a seed that is
    not a whole number raises ``BadInputError`` (its reason ``bad-seed``).

    >>> query_seed({"seed": " 7 "}), query_seed({})
    (7, None)
    >>> query_seed({"seed": "seven"})
    Traceback (most recent call last):
    ...
    lnb.core.errors.BadInputError: seed 'seven': a game's seed is a whole number
    """
    from lnb.core.errors import BadInputError
    from lnb.core.i18n import _

    seed = query.get("seed", "").strip()
    if not seed:
        return None
    if not seed.isdigit():
        raise BadInputError(_("seed {seed!r}: a game's seed is a whole number").format(
            seed=seed), text=seed, reason="bad-seed")
    return int(seed)
