"""The site after its first visit, with no network: the kit's own small service worker.

The build writes ``kit-sw.js`` at the site's root (:func:`write`). Every page registers it
(:func:`page_script`, scope: the site's root) and it answers the site's own requests from its
cache first, putting what it fetched in that cache: the pages, the app's scripts, Pyodide,
the wheels. Its cache is named after the site's content (:func:`site_version`), so a rebuilt
site starts a new cache and the old one is deleted. Once a page's first widget is drawn, the
page asks the worker to fetch what the page used and it has not yet cached (everything
Python needs, :func:`core_files`, as the kernel's worker may have fetched it before the
service worker took over); when nothing is missing the page says so, "Works offline now",
in its language. The page also says, once drawn and idle, that it is usable (a broadcast
channel): its kernel's worker then makes Python's snapshot for the next pages
(``scripts/site/kernel_patch.py``). The page's own address, as it was opened (its query too),
is what the worker fetches for it: the browser's HTTP cache has it, so it is downloaded once.

It only caches: JupyterLite's own service worker (which syncs the notebook's folder with the
kernel, about a hundred requests a page) stays unregistered, and JupyterLite is shown no
service worker at all, so the kernel works as it did before.

>>> OFFLINE_WORDS["zh-CN"]
'现在离线也能用'
>>> page_script(2).count('"../../"')
1
>>> "lnb-site-" in service_worker("v1", ["static/pyodide/pyodide.js"])
True
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from scripts.site.kernel_patch import MAKER

#: The worker's file, at the site's root (its scope: the whole site).
WORKER = "kit-sw.js"
#: The line a page shows once everything it needs is cached, by language.
OFFLINE_WORDS = {"en": "Works offline now", "zh-CN": "现在离线也能用"}
#: Pyodide's runtime files the kernel's worker fetches.
RUNTIME = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json")
#: Compressed forms the build writes beside files (never asked for by name).
COMPRESSED = (".gz", ".br")

SERVICE_WORKER = """\
/* The kit site's service worker (scripts/site/offline.py): the site's own files from the
   cache first, fetched and cached otherwise; nothing else. */
"use strict";
var CACHE = "lnb-site-" + __VERSION__;
var CORE = __CORE__;

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("lnb-site-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function mine(request) {
  if (request.method !== "GET" || request.headers.has("range")) { return false; }
  var url = new URL(request.url);
  return url.href.indexOf(self.registration.scope) === 0 &&
    url.pathname.indexOf("/api/drive") < 0 && !/\\/kit-sw\\.js$/.test(url.pathname);
}

/* Scripts named by their content's hash: the same file with or without "?v=hash". */
var HASHED = /\\.[0-9a-f]{16,}\\.js$/;

function keyOf(request) {
  var url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate" || /\\.html$/.test(url.pathname) ||
      HASHED.test(url.pathname)) { url.search = ""; }
  return url.href;
}

function keep(cache, key, response) {
  if (!response.ok || response.type !== "basic") { return Promise.resolve(false); }
  return cache.put(key, response).then(function () { return true; });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (!mine(request)) { return; }
  var key = keyOf(request);
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(key).then(function (hit) {
      if (hit) { return hit; }
      return fetch(request).then(function (response) {
        event.waitUntil(keep(cache, key, response.clone()));
        return response;
      });
    });
  }));
});

/* A page asks, once drawn: fetch what it used and Python needs, if not cached yet; the
   answer says how many could not be (0: the page works offline). What the page itself just
   loaded with no service worker between ("direct": before this worker controlled it) and
   scripts named by their content's hash come from the browser's HTTP cache when they are
   there ("force-cache"): a first visit does not download them twice. Other files are fetched
   afresh: an earlier build's file of the same name (the kit's wheel) must not be kept. */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  var port = event.ports && event.ports[0];
  if (data.type !== "lnb-complete" || !port) { return; }
  var used = {}, direct = {};
  (data.urls || []).forEach(function (url) { used[url] = true; });
  (data.direct || []).forEach(function (url) { direct[url] = true; });
  var urls = CORE.map(function (path) { return new URL(path, self.registration.scope).href; })
    .filter(function (url) { return !used[url]; }).concat(Object.keys(used));
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      var reuse = direct[url] || HASHED.test(new URL(url).pathname);
      var request = new Request(url, reuse ? { cache: "force-cache" } : {});
      if (!mine(request)) { return true; }
      var key = keyOf(request);
      return cache.match(key).then(function (hit) {
        return hit ? true : fetch(request).then(function (response) {
          return keep(cache, key, response);
        });
      }).catch(function () { return false; });
    }));
  }).then(function (done) {
    port.postMessage({ missing: done.filter(function (ok) { return !ok; }).length });
  }));
});
"""

PAGE_SCRIPT = """\
<script>(function () {
  "use strict";
  /* Once the page is usable (a live widget drawn, the page idle), its kernel's worker may
     make Python's snapshot for the next pages (scripts/site/kernel_patch.py). */
  drawn(function () {
    var tell = function () {
      try { new BroadcastChannel(__CHANNEL__).postMessage(__USABLE__); } catch (e) { /* none */ }
    };
    if (window.requestIdleCallback) {
      requestIdleCallback(tell, { timeout: 2000 });
    } else { tell(); }
  });
  var real = navigator.serviceWorker;
  if (!real) { return; }
  var root = __ROOT__;
  var words = __WORDS__;
  var language = __LANGUAGE__;
  /* JupyterLite sees no service worker (it would take the kit's for its own). */
  var shown = new Proxy(real, { get: function (target, name) {
    if (name === "controller") { return null; }
    if (name === "register") {
      return function () {
        return Promise.reject(new Error("the kit site has no JupyterLite service worker"));
      };
    }
    var value = Reflect.get(target, name, target);
    return typeof value === "function" ? value.bind(target) : value;
  } });
  try { Object.defineProperty(navigator, "serviceWorker", { configurable: true,
    get: function () { return shown; } }); } catch (e) { return; }
  if (performance.setResourceTimingBufferSize) { performance.setResourceTimingBufferSize(2000); }

  function say() {
    if (document.querySelector(".lnb-offline-ready")) { return; }
    var asked = /[?&]lang=([^&#]*)/.exec(location.search);
    var lang = (asked && asked[1].replace(/_/g, "-")) || language ||
      document.documentElement.lang || "en";
    var line = document.createElement("div");
    line.className = "lnb-offline-ready";
    line.setAttribute("role", "status");
    line.textContent = words[lang] || words[lang.split("-")[0]] ||
      (/^zh/.test(lang) ? words["zh-CN"] : words.en);
    /* Last on the page, below everything: nothing drawn moves. */
    line.style.cssText = "margin:1.5em 20px 1em;font:13px/1.4 sans-serif;color:#1b5e20";
    document.body.appendChild(line);
  }

  function drawn(then) {
    var check = function () { return document.querySelector(".jupyter-widgets"); };
    if (check()) { then(); return; }
    var watch = new MutationObserver(function () {
      if (check()) { watch.disconnect(); then(); }
    });
    watch.observe(document.documentElement, { childList: true, subtree: true });
  }

  function complete(registration) {
    var worker = registration.active;
    if (!worker) { return; }
    /* the page as it was opened (its query too: the HTTP cache has it so), kept without it */
    var opened = performance.getEntriesByType("navigation")[0];
    var here = (opened ? opened.name : location.href).split("#")[0];
    var entries = performance.getEntriesByType("resource").filter(function (entry) {
      return entry.name.indexOf(location.origin + "/") === 0;
    });
    var name = function (entry) { return entry.name; };
    var urls = entries.map(name);
    /* what this load fetched with no service worker between: the browser's HTTP cache has
       the very files the page runs (a page an older worker answered may run older ones) */
    var direct = entries.filter(function (entry) { return !entry.workerStart; }).map(name);
    urls.push(here);
    if (!opened || !opened.workerStart) { direct.push(here); }
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) {
      if (event.data && event.data.missing === 0) { say(); }
    };
    worker.postMessage({ type: "lnb-complete", urls: urls, direct: direct }, [channel.port2]);
  }

  real.register(root + "kit-sw.js", { scope: root }).then(function () {
    return real.ready;
  }).then(function (registration) {
    drawn(function () { complete(registration); });
  }).catch(function () {});
})();</script>"""


def page_script(depth: int, language: str | None = None) -> str:
    """The script each page carries (``depth``: folders below the site's root; ``language``:
    the page's own, as for a lesson of ``zh-CN/``, else the page's ``<html lang>``): it
    registers the kit's worker, hides it from JupyterLite, and says when the page works
    offline (in the address's ``?lang=`` first)."""
    return (PAGE_SCRIPT.replace("__ROOT__", json.dumps("../" * depth))
            .replace("__CHANNEL__", json.dumps(MAKER["channel"]))
            .replace("__USABLE__", json.dumps(MAKER["usable"]))
            .replace("__LANGUAGE__", json.dumps(language))
            .replace("__WORDS__", json.dumps(OFFLINE_WORDS, ensure_ascii=False)))


def service_worker(version: str, core: list[str]) -> str:
    """``kit-sw.js`` for a site of ``version``, fetching ``core`` (paths) when a page asks."""
    return (SERVICE_WORKER.replace("__VERSION__", json.dumps(version))
            .replace("__CORE__", json.dumps(core)))


def site_version(out: Path) -> str:
    """A short hash of every file of the site (names and contents): a rebuilt site that
    differs in any file has another."""
    digest = hashlib.sha256()
    for path in sorted(out.rglob("*")):
        if path.is_file() and not path.name.endswith(COMPRESSED) and path.name != WORKER:
            digest.update(path.relative_to(out).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def core_files(out: Path, preload: list[str]) -> list[str]:
    """What Python needs on every page (paths from the site's root): Pyodide's runtime, the
    wheels of ``preload`` and their dependencies (from the site's lock), and the kernel's
    scripts (its web worker fetches them, maybe before the service worker took over)."""
    pyodide = out / "static" / "pyodide"
    packages = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    wanted, todo = set(), list(preload)
    while todo:
        name = todo.pop()
        if name in wanted or name not in packages:
            continue
        wanted.add(name)
        todo.extend(packages[name]["depends"])
    files = [f"static/pyodide/{name}" for name in RUNTIME]
    files += sorted(f"static/pyodide/{packages[name]['file_name']}" for name in wanted)
    kernel = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    files += sorted(path.relative_to(out).as_posix() for path in kernel.glob("*.js"))
    return files


def write(out: Path, preload: list[str]) -> str:
    """Write ``kit-sw.js`` into the built site ``out``; a one-line summary."""
    version, core = site_version(out), core_files(out, preload)
    (out / WORKER).write_text(service_worker(version, core), encoding="utf-8")
    return f"{WORKER} (cache lnb-site-{version}, {len(core)} files for every page)"
