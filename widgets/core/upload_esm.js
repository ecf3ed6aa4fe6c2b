// The kit's upload button (widgets/core/upload.py): a button that opens the file chooser and
// sends the chosen file's bytes to the kernel, only when the file is at most `limit` bytes.
// A larger file is never sent (a message over the server's limit closed the page's
// connection and lost the game): the kernel hears only its name and size, and says why.
export default {
  render({ model, el }) {
    const input = document.createElement("input");
    input.type = "file";
    input.hidden = true;
    input.className = "lnb-upload-input";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "jupyter-button widget-button lnb-upload-button";
    const icon = document.createElement("i");
    icon.className = "fa fa-upload";
    icon.setAttribute("aria-hidden", "true");
    const words = document.createElement("span");
    button.append(icon, words);

    const draw = () => {
      words.textContent = " " + model.get("description");
      input.accept = model.get("accept");
      button.disabled = !!model.get("disabled");
    };
    button.addEventListener("click", () => input.click());
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      input.value = "";  // the same file may be chosen again
      const about = { name: file.name, size: file.size, type: file.type };
      if (file.size > model.get("limit")) {
        model.send({ event: "too-big", ...about });
        return;
      }
      const bytes = await file.arrayBuffer();
      model.send({ event: "file", ...about }, undefined, [bytes]);
    });
    for (const name of ["description", "accept", "disabled"]) {
      model.on(`change:${name}`, draw);
    }
    draw();
    el.classList.add("lnb-upload");
    el.style.display = "flex";  // as tall as the row's other buttons, and in line with them
    button.style.margin = "var(--jp-widgets-margin, 2px)";
    el.append(button, input);
  },
};
