"""Who is playing, on every app that keeps something for the pupil: this device, or a pupil
of a class who joined with their card.

By default the pupil is the device: the long random key its browser keeps (``localStorage``,
made in the page, sent to the kernel by :func:`browser_key_script` through a hidden text
box; never taken from the address). *Join my class* asks for the class code, the pupil's
name and the words on their card (:mod:`classroom.identity`); the browser then keeps
a session token (never the secret) and *Leave* forgets it. A nickname alone never opens
stored progress. The app is told each change of pupil through ``on_pupil``.

Under JupyterHub the pupil is the hub's user, not the browser: the single-user server puts
``JUPYTERHUB_USER`` in every kernel's environment, and a pupil's progress is then kept under
``hub:<user>`` (:func:`hub_pupil`), so on a shared school computer the next pupil to log in
never sees or continues the last one's. The browser's storage is kept per hub user too
(:func:`storage_key`), so a class session one pupil left there is not the next one's.

On the static site (:mod:`widgets.core.host`) the classroom is a
:class:`~classroom.browser_store.NoClassroom`: *Join my class* says plainly that a
class needs the served kit, and the device's pupil is given to the app only once the
browser's storage has sent what it keeps (so the app reads the pupil's progress whole; what
the pupil does before that waits in the app, as before the browser key came).

>>> from classroom.progress import ProgressStore
>>> from widgets.core.status import StatusLine
>>> store = ProgressStore(":memory:")
>>> room = Classroom(store, failure_delay=0)
>>> made = room.new_class("7B", ["Ali"])
>>> seen = []
>>> panel = ClassPanel(room, StatusLine(), on_pupil=lambda p, source: seen.append(source))
>>> panel.browser_key.value = json.dumps({"key": Pupil.new_browser_key()})
>>> panel.join_class(made.code, "Ali", made.cards[0].secret)
>>> seen, panel.session.pupil_name, "Ali" in panel.who.value
(['device', 'class'], 'Ali', True)
"""

from __future__ import annotations

import html
import json
import os
import secrets
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from classroom.browser_store import NoClassroom
from classroom.identity import Classroom, IdentityError, Pupil, Session
from classroom.store import ProgressError
from lnb.core.i18n import _, pgettext
from widgets.core.status import StatusLine
from widgets.core.style import hidden_layout

STORAGE_KEY = "lnb-kit-pupil"
#: ``on_pupil(pupil, source)``: ``source`` is ``"device"``, ``"class"`` or ``""`` (nobody).
OnPupil = Callable[[Pupil | None, str], None]


def hub_user() -> str | None:
    """The JupyterHub user whose server runs this kernel (``JUPYTERHUB_USER``), or None
    outside a hub."""
    name = os.environ.get("JUPYTERHUB_USER", "").strip()
    return name or None


def hub_pupil() -> Pupil | None:
    """The pupil a hub login is (``hub:<user>``), or None outside a hub.

    >>> import os
    >>> os.environ["JUPYTERHUB_USER"] = "ana"
    >>> hub_pupil(), storage_key()
    (Pupil(key='hub:ana', label='ana'), 'lnb-kit-pupil:hub:ana')
    >>> del os.environ["JUPYTERHUB_USER"]
    >>> hub_pupil() is None, storage_key()
    (True, 'lnb-kit-pupil')
    """
    name = hub_user()
    return None if name is None else Pupil(f"hub:{name}", name)


def storage_key() -> str:
    """The browser storage's name for this page's pupil: one per hub user under a hub."""
    name = hub_user()
    return STORAGE_KEY if name is None else f"{STORAGE_KEY}:hub:{name}"


def browser_key_script(name: str | None = None) -> str:
    """The ``<script>`` that tells the kernel who this browser is (``name``: the storage's
    name, by default :func:`storage_key`'s).

    It keeps ``{"key": random, "session": token}`` in ``localStorage``: the key is made here
    (32 random bytes, 43 characters) and never leaves the page but to its own kernel; the
    session is what the kernel gave after *Join my class*. It types them as JSON into the
    hidden ``.lnb-browser-key`` box (an ipywidgets ``Text``) once the widgets are drawn, and
    watches the hidden ``.lnb-session-out`` box for the kernel's answers (a session to keep
    or forget, a key to renew). A nickname an older page kept is forgotten.
    """
    name = name if name is not None else storage_key()
    return f"""<script>
(function () {{
  var NAME = {json.dumps(name)};
  function load() {{
    try {{ return JSON.parse(localStorage.getItem(NAME) || "{{}}") || {{}}; }}
    catch (e) {{ return {{}}; }}
  }}
  function save(data) {{
    try {{ localStorage.setItem(NAME, JSON.stringify(data)); }} catch (e) {{}}
  }}
  function strong(key) {{
    return /^[A-Za-z0-9_-]{{22,86}}$/.test(key || "") && new Set(key.split("")).size >= 10;
  }}
  function newKey() {{
    var bytes = new Uint8Array(32);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  }}
  var data = load();
  delete data.nickname;
  if (!strong(data.key)) {{ data.key = newKey(); }}
  save(data);
  function send() {{
    var input = document.querySelector(".lnb-browser-key input");
    if (!input) return false;
    input.value = JSON.stringify({{key: data.key, session: data.session || null}});
    input.dispatchEvent(new Event("input", {{bubbles: true}}));
    input.dispatchEvent(new Event("change", {{bubbles: true}}));
    return true;
  }}
  var tries = 0;
  (function first() {{
    if (!send() && tries++ < 600) setTimeout(first, 100);
  }})();
  var last = "";
  setInterval(function () {{
    var out = document.querySelector(".lnb-session-out input");
    if (!out || !out.value || out.value === last) return;
    last = out.value;
    var answer;
    try {{ answer = JSON.parse(out.value); }} catch (e) {{ return; }}
    data = load();
    if ("session" in answer) {{
      if (answer.session) {{ data.session = answer.session; }} else {{ delete data.session; }}
    }}
    if (answer.renew) {{ data.key = newKey(); }}
    save(data);
    if (answer.renew) send();
  }}, 250);
}})();
</script>"""


class ClassPanel(w.HBox):
    """The line that says whose progress it is, *Join my class* / *Leave*, and the boxes
    for the class code, the name and the card (made when first needed, on a line of their
    own: the panel wraps).

    ``status`` shows what the panel says (and a callback's error); ``on_pupil`` is called
    with the new pupil whenever it changes.
    """

    def __init__(self, classroom: Classroom | NoClassroom, status: StatusLine, *,
                 on_pupil: OnPupil) -> None:
        self.classroom = classroom
        self.status = status
        self.on_pupil = on_pupil
        self.pupil: Pupil | None = None
        self.source = ""  # "device" or "class"
        self.device: Pupil | None = None  # the browser's own (device) pupil, once known
        self.hub = hub_pupil()  # under JupyterHub the login is the pupil, never the browser
        self.session: Session | None = None  # the class session, after Join my class
        self._said: tuple[str, Callable[[], str], str] | None = None
        self._waiting = False  # the device's pupil waits for the browser's storage

        # Classes given as each part is made: a trait set after is one more message.
        self.who = w.HTML("", _dom_classes=("lnb-who",))
        self.join_button = self._button("lnb-join-open", self.open_join)
        self.leave_button = self._button("lnb-leave", self.leave_class)
        self.leave_button.layout.display = "none"
        self.join_box: w.HBox | None = None  # made when first needed (fewer models)
        self.class_code: w.Text | None = None
        self.pupil_name: w.Text | None = None
        self.card_secret: w.Password | None = None
        self.browser_key = w.Text(layout=hidden_layout(), _dom_classes=("lnb-browser-key",))
        self.browser_key.observe(self.status.guarded(self._browser_key_sent), "value")
        self.session_out = w.Text(layout=hidden_layout(), _dom_classes=("lnb-session-out",))
        storage = getattr(getattr(classroom, "store", None), "storage", None)
        bridge = (storage,) if isinstance(storage, w.Widget) else ()  # the site's storage
        super().__init__([self.who, self.join_button, self.leave_button, self.browser_key,
                          self.session_out, *bridge],
                         layout=w.Layout(flex_flow="row wrap", align_items="center"),
                         _dom_classes=("lnb-class-panel", "lnb-who-line"))
        self._label()
        self.show_who()

    def _button(self, css: str, action: Callable[[], None]) -> w.Button:
        return self.status.button(css, action, width="auto")

    # -- words -------------------------------------------------------------------------------
    def _label(self) -> None:
        self.join_button.description = _("Join my class")
        self.join_button.tooltip = _("Use your class card: your progress is then your own on "
                                     "any device of the class")
        self.leave_button.description = _("Leave (not me)")
        self.leave_button.tooltip = _("This device forgets your class card")
        if self.class_code is not None:
            assert self.pupil_name and self.card_secret and self.join_box
            self.class_code.placeholder = _("class code")
            self.pupil_name.placeholder = _("your name")
            self.card_secret.placeholder = _("the words on your card")
            self.join_box.children[-1].description = pgettext("join a class", "Join")

    def relabel(self) -> None:
        """Every word in the current language (who is playing is kept)."""
        self._label()
        self.show_who()
        if self._said is not None and self.status.text == self._said[2]:
            self._say(self._said[0], self._said[1])

    def _say(self, kind: str, make: Callable[[], str]) -> None:
        self.status.show(make(), kind)
        self._said = (kind, make, self.status.text)

    def show_who(self) -> None:
        """Whose progress this is, and the button that changes it."""
        if self.pupil is None:
            self.who.value = _("Progress: <i>not saved yet</i>")
        elif self.source == "class" and self.session is not None:
            self.who.value = _("Progress of <b>{name}</b> (class {class_name})").format(
                name=html.escape(self.session.pupil_name),
                class_name=html.escape(self.session.class_name))
        elif self.hub is not None:
            self.who.value = _("Progress of <b>{name}</b> (your login)").format(
                name=html.escape(self.hub.label))
        else:
            self.who.value = _("Progress of <b>this browser</b>")
        joined = self.source == "class"
        self.leave_button.layout.display = None if joined else "none"
        self.join_button.layout.display = "none" if joined else None

    @property
    def class_code_joined(self) -> str | None:
        """The class code of the pupil who joined here, or None (a device)."""
        return self.session.class_code if self.session is not None else None

    # -- changes -----------------------------------------------------------------------------
    def _use(self, pupil: Pupil | None, source: str) -> None:
        self.pupil, self.source = pupil, source
        self.show_who()
        self.on_pupil(pupil, source)

    @property
    def needs_server(self) -> str:
        """``""``, or why no class can be joined here (the static site) and how to get the
        served kit."""
        return str(getattr(self.classroom, "needs_server", ""))

    def open_join(self) -> None:
        """Show the boxes for the class code, the pupil's name and their card's secret (on
        the static site: say that a class needs the served kit)."""
        if self.needs_server:
            self._say("info", lambda: self.needs_server)
            return
        if self.class_code is None:
            self.class_code = w.Text(layout=w.Layout(width="9em"))
            self.class_code.add_class("lnb-class-code")
            self.pupil_name = w.Text(layout=w.Layout(width="12em"))
            self.pupil_name.add_class("lnb-pupil-name")
            self.card_secret = w.Password(layout=w.Layout(width="15em"))
            self.card_secret.add_class("lnb-card-secret")
            self.join_box = w.HBox([self.class_code, self.pupil_name, self.card_secret,
                                    self._button("lnb-join", self.join_class)],
                                   layout=w.Layout(width="100%", flex_flow="row wrap"))
            self.join_box.add_class("lnb-join-box")
            self.children = (*self.children, self.join_box)
            self._label()
        assert self.join_box is not None
        self.join_box.layout.display = None
        self._say("info", lambda: _("Type your class code, your name and the words on your "
                                    "card."))

    def join_class(self, code: str | None = None, name: str | None = None,
                   secret: str | None = None) -> None:
        """Check the card (the boxes', unless given); a right one makes that pupil the one
        playing and the browser remembers a session; a wrong one is refused plainly (and
        the secret box emptied, the rest kept)."""
        if self.needs_server:
            self._say("info", lambda: self.needs_server)
            return
        if self.class_code is None:
            self.open_join()
        assert self.class_code and self.pupil_name and self.card_secret
        code = self.class_code.value if code is None else code
        name = self.pupil_name.value if name is None else name
        secret = self.card_secret.value if secret is None else secret
        self.card_secret.value = ""
        try:
            session = self.classroom.join(code, name, secret, device=self.device)
        except IdentityError as exc:
            refused = exc
            self._say("error", lambda: str(refused))
            return
        self.session = session
        self._use(session.pupil, "class")
        self.session_out.value = json.dumps({"session": session.token})
        if self.join_box is not None:
            self.join_box.layout.display = "none"
        self._say("ok", lambda: _("Hello {name}! Your progress is saved for class "
                                  "{class_name}.").format(name=session.pupil_name,
                                                          class_name=session.class_name))

    def leave_class(self) -> None:
        """Stop being the class pupil here: forget the session, back to this device."""
        if self.session is not None:
            self.classroom.leave(self.session.token)
        self.session = None
        self.session_out.value = json.dumps({"session": None})
        self._use(self.device, "device" if self.device is not None else "")
        if self.hub is not None:
            self._say("info", lambda: _("You left the class on this device: your progress is "
                                        "your login's again."))
            return
        self._say("info", lambda: _("You left the class on this device: its progress is "
                                    "this device's again."))

    def _browser_key_sent(self, change: dict[str, Any]) -> None:
        """The script sent ``{"key": ..., "session": ...}`` from the browser's storage."""
        try:
            data = json.loads(change["new"] or "{}")
        except ValueError:
            data = {"key": change["new"]}
        if not isinstance(data, dict):
            return
        if self.hub is not None:
            self.device = self.hub  # the hub's login, whatever the browser keeps
        elif isinstance(data.get("key"), str):
            try:
                self.device = Pupil.from_browser_key(data["key"])
            except ProgressError:
                self.session_out.value = json.dumps({"renew": True, "at": secrets.token_hex(4)})
                return  # the page makes a strong key and sends it again
        token = data.get("session")
        if isinstance(token, str) and token and self.session is None:
            try:
                session = self.classroom.resume(token)
            except IdentityError:
                session = None  # the file cannot be used now: the browser keeps its token
            else:
                if session is None:  # expired, left, or the card was reset
                    self.session_out.value = json.dumps({"session": None})
            if session is not None:
                self.session = session
                self._use(session.pupil, "class")
                return
        if self.session is None and self.device is not None:
            self._use_device()

    def _use_device(self) -> None:
        """The device's pupil plays, once the store has what the browser keeps (the static
        site's storage arrives from the page; the server's store is ready at once)."""
        when_ready = getattr(getattr(self.classroom, "store", None), "when_ready", None)
        if when_ready is None or getattr(self.classroom.store, "ready", True):
            self._use(self.device, "device")
            return
        if not self._waiting:
            self._waiting = True
            when_ready(self.status.guarded(self._storage_ready))

    def _storage_ready(self) -> None:
        self._waiting = False
        if self.session is None and self.device is not None:
            self._use(self.device, "device")
