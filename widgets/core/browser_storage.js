// The page's side of widgets.core.browser_storage: the browser's own storage (localStorage is
// on the page; the kernel may be in a web worker, as on the static site). It knows no store:
// once per model it sends what the page keeps under the prefix ("found", then "loaded"), and it
// writes every value the kernel puts in "writes" (null forgets the key). A storage the browser
// refuses (private mode, full) is named in "problem"; nothing here ever throws at the page.

function pageStorage() {
  try {
    const storage = window.localStorage;
    storage.getItem("lnb-kit-probe");
    return storage;
  } catch (e) {
    return null;
  }
}

function initialize({ model }) {
  const prefix = model.get("prefix");
  const storage = pageStorage();
  if (!model.get("loaded")) {
    const found = {};
    if (storage) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key && key.startsWith(prefix)) found[key.slice(prefix.length)] = storage.getItem(key);
      }
    }
    model.set("found", found);
    model.set("problem", storage ? "" : "unavailable");
    model.set("loaded", true);
    model.save_changes();
  }
  function write() {
    if (!storage) return;
    const writes = model.get("writes") || {};
    for (const [key, value] of Object.entries(writes)) {
      try {
        if (value === null) storage.removeItem(prefix + key);
        else if (storage.getItem(prefix + key) !== value) storage.setItem(prefix + key, value);
      } catch (e) {
        if (model.get("problem") !== "full") {
          model.set("problem", "full");
          model.save_changes();
        }
      }
    }
  }
  write();
  model.on("change:writes", write);
}

function render({ el }) {
  el.classList.add("lnb-browser-storage");
}

export default { initialize, render };
