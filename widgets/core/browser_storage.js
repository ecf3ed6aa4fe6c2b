// The page's side of widgets.core.browser_storage: the browser's own storage (localStorage is
// on the page; the kernel may be in a web worker, as on the static site). It knows no store:
// once per model it sends what the page keeps under the prefix ("found", then "loaded"), and it
// writes every value the kernel puts in "writes" (null forgets the key); a value another tab
// changes is sent as a change of "found". A storage the browser
// refuses (private mode, full) is named in "problem", and "full" is taken back once every value
// is written; nothing here ever throws at the page.

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
  // Every value the kernel wrote, each time: a value refused while the storage was full is
  // written again once there is room (site data cleared), and "problem" says "full" only
  // while some value cannot be written.
  function write() {
    if (!storage) return;
    const writes = model.get("writes") || {};
    let full = false;
    for (const [key, value] of Object.entries(writes)) {
      try {
        if (value === null) storage.removeItem(prefix + key);
        else if (storage.getItem(prefix + key) !== value) storage.setItem(prefix + key, value);
      } catch (e) {
        full = true;
      }
    }
    const problem = full ? "full" : "";
    if (model.get("problem") !== problem) {
      model.set("problem", problem);
      model.save_changes();
    }
  }
  write();
  model.on("change:writes", write);
  // Another tab of this site changed a value: this kernel reads the newer one from now on.
  window.addEventListener("storage", (event) => {
    if (!storage || event.storageArea !== storage || !event.key || !event.key.startsWith(prefix)) {
      return;
    }
    const found = Object.assign({}, model.get("found"));
    found[event.key.slice(prefix.length)] = event.newValue;
    model.set("found", found);
    model.save_changes();
  });
}

function render({ el }) {
  el.classList.add("lnb-browser-storage");
}

export default { initialize, render };
