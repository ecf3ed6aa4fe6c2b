// The puzzle's Copy link button. It knows no rule: on a click it makes this page's address
// with ?code=<the kernel's code> (other parts of the address kept), shows it in a read-only
// box, selects it and copies it. The clipboard API needs a secure page (https or localhost):
// on a school's http address the browser's copy command is tried, and failing that the box
// stays selected for the pupil to copy. The kernel is told what was copied.
function linkFor(code) {
  const url = new URL(window.location.href);
  url.searchParams.delete("code");
  url.searchParams.set("code", code);
  url.hash = "";
  return url.toString();
}

function render({ model, el }) {
  el.classList.add("lnb-copy-link");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button lnb-copy-link-button";
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.className = "lnb-copy-link-field";
  field.style.display = "none";
  const said = document.createElement("span");
  said.className = "lnb-copy-link-said";
  said.setAttribute("aria-live", "polite");
  el.append(button, field, said);
  const words = () => {
    button.textContent = model.get("label");
    button.title = model.get("hover");
    field.setAttribute("aria-label", model.get("field_label"));
  };
  model.on("change:label", words);
  model.on("change:field_label", words);
  model.on("change:code", () => { field.style.display = "none"; said.textContent = ""; });
  words();
  const done = (how) => {
    said.textContent = model.get(how === "manual" ? "manual_label" : "copied_label");
    model.send({ event: "copied", url: field.value, how: how });
  };
  button.addEventListener("click", () => {
    field.value = linkFor(model.get("code"));
    field.style.display = "";
    field.size = Math.min(Math.max(field.value.length, 20), 60);
    field.focus();
    field.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(
        () => done("clipboard"), () => done(copied ? "command" : "manual"));
    } else {
      done(copied ? "command" : "manual");
    }
  });
}

export default { render };
