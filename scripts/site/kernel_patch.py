"""The next page fast: each site page's Python starts from a memory snapshot (issue 33).

Every site page starts its own Python in a web worker (the JupyterLite Pyodide kernel) and
imports IPython, ipykernel and the kernel's own modules again: seconds on every page. The build
patches the kernel's worker (:func:`patch`, a checked text patch: the build fails plainly when
the text it replaces is not in the bundle, as after an upgrade of the kernel): the first page
starts Python as before and, once it is usable (the page says so on a broadcast channel:
:data:`MAKER`, ``scripts/site/offline.py``), its worker starts a worker of its own from the
same script, the maker, whose kernel starts afresh with ``_makeSnapshot``, imports the kit's
modules the pages share (:data:`KIT_IMPORTS`), and keeps Pyodide's memory
(``pyodide.makeMemorySnapshot``) in the browser's Cache Storage (``lnb-snapshot-<key>``, the
key a hash of the site's ``pyodide-lock.json``, so a site with other wheels never uses an old
one); then the maker ends. Nothing of it is on the first page's way (it made the snapshot
itself before, 1-3 s slower), and the page's own Python never goes into a snapshot. Every
later page starts from it (``_loadSnapshot``): Pyodide still instantiates its wasm and unpacks
the page's wheels (the files some imports read later), but Python's own start and the
kernel's imports are skipped; then the page's own environment (``QUERY_STRING``) is put in
``os.environ`` and ``random`` is seeded afresh (the snapshot's would be every page's). A
snapshot that fails to load (another Pyodide, a broken entry) is deleted and the page starts
Python as before. The worker says which start it made, and whether the snapshot was kept, in
its console (:data:`SAID`).

>>> js = worker_code("abc123")
>>> '"lnb-snapshot-" + "abc123"' in js, ORIGINAL in js
(True, False)
>>> SAID["snapshot"] in js and SAID["fresh"] in js and SAID["refused"] in js
True
>>> '"lnbMakeSnapshot"' in js and "new Worker(self.location.href" in js
True
>>> len(snapshot_key(b'{"packages": {}}'))
16
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from scripts.site.errors import SiteBuildError

#: The kernel's labextension folder in the site (its worker is one of these bundles).
KERNEL_STATIC = Path("extensions") / "@jupyterlite" / "pyodide-kernel-extension" / "static"
#: The start of the kernel's worker, as jupyterlite-pyodide-kernel 0.7.0 builds it.
ORIGINAL = ("await this.initRuntime(e),await this.initFilesystem(e),"
            "await this.initPackageManager(e),await this.initKernel(e),await this.initGlobals(e)")
#: Changed whenever the worker code below changes, so no page uses a snapshot it did not make.
PATCH_VERSION = "4"
#: What the worker says in its console (``console.info``), by the start it made.
SAID = {"snapshot": "lnb-python: started from the snapshot",
        "fresh": "lnb-python: started afresh",
        "kept": "lnb-python: snapshot kept",
        "refused": "lnb-python: snapshot refused, started afresh",
        "kit": "lnb-python: not in the snapshot:",
        "none": "lnb-python: no snapshot"}
#: The worker that makes the snapshot once its page is usable: its name, the option that
#: makes the kernel's start a maker's, its message to the page's kernel, the broadcast
#: channel and word by which a page says it is usable (:data:`USABLE_SCRIPT`), and how long
#: a page that never says so is waited on (ms).
MAKER = {"name": "lnb-snapshot-maker", "option": "lnbMakeSnapshot",
         "message": "lnbSnapshot", "channel": "lnb-python", "usable": "usable", "wait": 30000}
#: The kit's modules the site's pages share, imported before the snapshot is kept, so a next
#: page finds them in memory: the kit's core and language switch, the lessons' exercises, and
#: each app with what its page function imports when called (the game, the puzzles, the
#: museum, Ada's Dream). Importing them reads nothing of the page (its address, language or
#: seed: those are read when a page's code runs; ``tests/test_site_kernel_patch.py``).
KIT_IMPORTS = ("anywidget", "lnb", "lnb.core.i18n", "widgets.core.language",
               "widgets.core.page_request", "widgets.core.relabel", "widgets.core.server_note",
               "widgets.lessons.bank", "widgets.babbage.board", "widgets.babbage.program_builder",
               "widgets.babbage.exercise", "widgets.babbage.play_page",
               "widgets.babbage.game_app", "widgets.babbage.room_app",
               "widgets.babbage.room_entry", "widgets.classroom.panel", "classroom.rooms",
               "widgets.babbage.puzzle_app", "widgets.museum.app", "widgets.museum.room_entry",
               "widgets.museum.lesson_views", "widgets.dream.play_page", "widgets.dream.app",
               "widgets.dream.room_app", "widgets.classroom.table_entry",
               "widgets.dream.lesson_views")

WORKER_CODE = """\
await (async (kernel, options) => {
  const NAME = "lnb-snapshot-" + __KEY__;
  const ADDRESS = new URL("lnb-python-snapshot", self.location.href).href;
  const SAID = __SAID__;
  const MAKER = __MAKER__;
  /* Where Python's references to Pyodide's own objects live (the snapshot names them). */
  const ROOTS = { pyodide: (api) => api, api: (api) => api._api, module: (api) => api._module };
  /* Pyodide's own header (its magic number), then its memory: whole 64 KiB pages, at
     least Python's (a broken entry would make Pyodide wait forever, not fail). */
  const whole = (data) => {
    if (data.byteLength < 16 || data.byteOffset % 4 !== 0) { return false; }
    const head = new Uint32Array(data.buffer, data.byteOffset, 2);
    const memory = data.byteLength - head[1];
    return head[0] === 1886286592 && head[1] > 0 && memory >= (1 << 24) && memory % 65536 === 0;
  };
  const mark = (what) => console.debug("lnb-python-time", what, Date.now());
  const base = options.loadPyodideOptions || {};
  const usable = !options.mountDrive && typeof caches !== "undefined";
  /* This worker only makes the snapshot (the page's kernel started it: a worker of its own). */
  const making = options[MAKER.option] === true;
  mark("start");
  let bytes = null;
  if (usable && !making) {
    try {
      const hit = await (await caches.open(NAME)).match(ADDRESS);
      if (hit) { bytes = new Uint8Array(await hit.arrayBuffer()); }
    } catch (error) { bytes = null; }
    if (bytes && !whole(bytes)) {
      console.warn(SAID.refused, "(not a whole snapshot)");
      bytes = null;
      try { await caches.delete(NAME); } catch (ignored) { /* nothing kept */ }
    }
  }
  mark("snapshot-read");
  if (bytes) {
    try {
      options.loadPyodideOptions = Object.assign({}, base, { _loadSnapshot: bytes,
        _snapshotDeserializer: (saved) => {
          if (!saved || !(saved.root in ROOTS) || typeof saved.name !== "string") {
            throw new Error("an unknown object in the snapshot");
          }
          /* Python's reference to the new Pyodide's object of that name (once loaded). */
          const real = () => ROOTS[saved.root](kernel._pyodide)[saved.name];
          return new Proxy(() => undefined, {
            apply: (target, self, args) => real().apply(ROOTS[saved.root](kernel._pyodide), args),
            get: (target, key) => real()[key],
            has: (target, key) => key in real(),
            ownKeys: () => Reflect.ownKeys(real()),
            getOwnPropertyDescriptor: (target, key) => {
              const found = Reflect.getOwnPropertyDescriptor(real(), key);
              if (found) { found.configurable = true; }
              return found;
            } });
        } });
      await kernel.initRuntime(options);
      mark("runtime");
      await kernel.initFilesystem(options);
      const env = JSON.stringify(base.env || {});
      await kernel._pyodide.runPythonAsync(
        "import json as _j, os as _o, random as _r\\n" +
        "_e = _j.loads(" + JSON.stringify(env) + ")\\n" +
        "_o.environ.update(_e)\\n" +
        "if 'QUERY_STRING' not in _e: _o.environ.pop('QUERY_STRING', None)\\n" +
        "_r.seed()\\n" +
        "del _j, _o, _r, _e\\n" +
        "import pyodide_kernel\\n");
      await kernel.initGlobals(options);
      options.loadPyodideOptions = base;
      mark("ready");
      console.info(SAID.snapshot);
      return;
    } catch (error) {
      console.warn(SAID.refused, error);
      kernel._pyodide = null;
      options.loadPyodideOptions = base;
      try { await caches.delete(NAME); } catch (ignored) { /* nothing kept */ }
    }
  }
  if (making) {
    options.loadPyodideOptions = Object.assign({}, base, { _makeSnapshot: true });
  }
  await kernel.initRuntime(options);
  mark("runtime");
  await kernel.initFilesystem(options);
  await kernel.initPackageManager(options);
  mark("package-manager");
  await kernel.initKernel(options);
  mark("kernel-imported");
  options.loadPyodideOptions = base;
  if (making) {
    /* The maker: the kit's modules, the snapshot, kept; its page's kernel is told (a
       message to it) and ends this worker. */
    const tell = (what) => postMessage(Object.assign({ [MAKER.message]: true }, what));
    try {
      await kernel._pyodide.runPythonAsync(
        "try:\\n    import ipywidgets\\nexcept ImportError:\\n    pass\\n");
      /* The kit's modules the site's pages share (nothing in them depends on the page
         until a page's code runs); one that fails to import is left to the page. */
      const left = kernel._pyodide.runPython(__KIT_IMPORTS__);
      kernel._pyodide.runPython("del _lnb_left");
      mark("kit-imported");
      const api = kernel._pyodide;
      /* Pyodide keeps no snapshot once a package is loaded: its list is emptied meanwhile
         (the next page loads its packages' files again, and fills its own list). */
      const loaded = api.loadedPackages, kept = Object.assign({}, loaded);
      for (const name of Object.keys(kept)) { delete loaded[name]; }
      let made;
      try {
        made = api.makeMemorySnapshot({ serializer: (object) => {
          for (const root of Object.keys(ROOTS)) {
            const owner = ROOTS[root](api);
            for (const name of Object.getOwnPropertyNames(owner)) {
              let value;
              try { value = owner[name]; } catch (ignored) { continue; }
              if (value === object) { return { root: root, name: name }; }
            }
          }
          throw new Error("Python holds a JavaScript object the snapshot cannot keep");
        } });
      } finally { Object.assign(loaded, kept); }
      mark("made");
      for (const name of await caches.keys()) {
        if (name.indexOf("lnb-snapshot-") === 0 && name !== NAME) { await caches.delete(name); }
      }
      await (await caches.open(NAME)).put(ADDRESS, new Response(made,
        { headers: { "Content-Type": "application/octet-stream" } }));
      tell({ kept: made.length, left: left || "" });
    } catch (error) { tell({ failed: String(error) }); }
    return;
  }
  await kernel.initGlobals(options);
  mark("ready");
  console.info(SAID.fresh);
  if (usable) {
    /* The snapshot is made once the page is usable (its script says so on a broadcast
       channel, else after MAKER.wait ms), by a worker of this one running this same script
       as the maker: nothing of it on the page's way, and this page's Python stays the page's
       own (a snapshot of it would hold the page's state). */
    let begun = false, channel = null, timer = null, running = 0, idle = null;
    /* Not while the page's code runs (its cell may go on after its first widget is drawn). */
    const execute = kernel.execute;
    kernel.execute = async function (...args) {
      running += 1;
      try { return await execute.apply(this, args); } finally {
        running -= 1;
        if (!running && idle) { const go = idle; idle = null; go(); }
      }
    };
    const begin = async () => {
      if (begun) { return; }
      begun = true;
      clearTimeout(timer);
      if (channel) { channel.close(); }
      if (running) { await new Promise((go) => { idle = go; }); }
      try {
        if (await (await caches.open(NAME)).match(ADDRESS)) { return; }  /* another page's */
        mark("maker");
        const maker = new Worker(self.location.href, { name: MAKER.name });
        const done = (line, ...said) => { console.info(line, ...said); maker.terminate(); };
        maker.onerror = (event) => done(SAID.none, event.message || "its worker failed");
        maker.onmessage = (event) => {
          const what = event.data || {};
          if (!what[MAKER.message]) { return; }
          mark("kept");
          if (what.left) { console.warn(SAID.kit, what.left); }
          if (what.kept) { done(SAID.kept, what.kept); } else { done(SAID.none, what.failed); }
        };
        const asked = Object.assign({}, options, { loadPyodideOptions: base,
                                                   [MAKER.option]: true });
        /* The kernel's own call, as its page makes it (comlink's message). */
        maker.postMessage({ id: MAKER.name, type: "APPLY", path: ["initialize"],
                            argumentList: [{ type: "RAW", value: asked }] });
      } catch (error) { console.warn(SAID.none, error); }
    };
    try {
      channel = new BroadcastChannel(MAKER.channel);
      channel.onmessage = (event) => { if (event.data === MAKER.usable) { begin(); } };
    } catch (ignored) { channel = null; }
    timer = setTimeout(begin, MAKER.wait);
  }
})(this, e)"""


def snapshot_key(lock_text: bytes) -> str:
    """The snapshot's key: a hash of the site's ``pyodide-lock.json`` (every wheel's sha256,
    Pyodide's version) and of this patch's version."""
    return hashlib.sha256(PATCH_VERSION.encode() + b"\0" + lock_text).hexdigest()[:16]


def imports_code(names: tuple[str, ...] = KIT_IMPORTS) -> str:
    """Python that imports ``names`` and leaves, in ``_lnb_left``, those that failed and why
    (empty when all were imported).

    >>> scope = {}
    >>> exec(imports_code(("json", "no_such_module_here")), scope)
    >>> scope["_lnb_left"].split(":")[0], "_lnb_imports" in scope
    ('no_such_module_here', False)
    """
    return ("def _lnb_imports(names):\n"
            "    import importlib\n"
            "    left = []\n"
            "    for name in names:\n"
            "        try:\n"
            "            importlib.import_module(name)\n"
            "        except Exception as error:\n"
            "            left.append(f'{name}: {error!r}')\n"
            "    return '; '.join(left)\n"
            f"_lnb_left = _lnb_imports({list(names)!r})\n"
            "del _lnb_imports\n"
            "_lnb_left\n")


def worker_code(key: str) -> str:
    """The worker's start, made to keep and use a snapshot under ``key``."""
    return (WORKER_CODE.replace("__KEY__", json.dumps(key))
            .replace("__SAID__", json.dumps(SAID))
            .replace("__MAKER__", json.dumps(MAKER))
            .replace("__KIT_IMPORTS__", json.dumps(imports_code())))


def patch(out: Path) -> str:
    """Patch the kernel's worker bundles in the built site ``out``; a one-line summary. No
    bundle with :data:`ORIGINAL` is a :class:`SiteBuildError`."""
    static = out / KERNEL_STATIC
    key = snapshot_key((out / "static" / "pyodide" / "pyodide-lock.json").read_bytes())
    code = worker_code(key)
    patched = 0
    for bundle in sorted(static.glob("*.js")):
        text = bundle.read_text(encoding="utf-8")
        if ORIGINAL in text:
            bundle.write_text(text.replace(ORIGINAL, code), encoding="utf-8")
            patched += text.count(ORIGINAL)
    if not patched:
        raise SiteBuildError("kernel_patch", f"no bundle in {static} starts the kernel's worker "
                             "as jupyterlite-pyodide-kernel 0.7.0 does (the text the snapshot "
                             "patch replaces is not there)",
                             "update ORIGINAL and the worker code in scripts/site/"
                             "kernel_patch.py for the kernel pinned in requirements.txt")
    return f"the kernel's worker starts from a snapshot ({patched} starts patched, key {key})"
