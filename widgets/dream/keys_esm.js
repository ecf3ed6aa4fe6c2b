// Ada's Dream's keys and its voice for screen readers. It knows no rule: it sends the keys
// the app uses (1-9, Q W E, A B C, P, Escape) to the kernel, and reads out (aria-live) what
// the kernel says happened. Keys typed into a text box or with Ctrl/Alt/Meta are left alone.
const KEY = /^([1-9]|[qweabcp]|escape)$/;

function render({ model, el }) {
  const live = document.createElement("div");
  live.className = "lnb-dream-live lnb-sr";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  el.appendChild(live);
  const say = () => { live.textContent = model.get("live"); };
  model.on("change:live", say);
  say();
  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) {
      return;
    }
    const key = (event.key || "").toLowerCase();
    if (!KEY.test(key)) return;
    if (!el.isConnected) return;
    event.preventDefault();
    model.send({event: "key", key: key});
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

export default { render };
