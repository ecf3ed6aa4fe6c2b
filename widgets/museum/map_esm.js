// The museum map, drawn in the page as one SVG (crisp at any size). It knows no rule: the
// kernel sends the board, the pieces and the ghost; this sends back clicks, keys and hovers.
const NS = "http://www.w3.org/2000/svg";
const C = 10;   // one square, in SVG units
const M = 7;    // the margin for the column letters and row numbers
const TINTS = ["#e3f2fd", "#fce4ec", "#f1f8e9", "#fff8e1", "#ede7f6", "#e0f7fa", "#fbe9e7",
               "#f9fbe7", "#e8eaf6", "#e0f2f1"];
const KEYS = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};

function make(tag, attrs, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function name(r, c) {
  return String.fromCharCode(65 + c) + (r + 1);
}

function parse(text) {
  const m = /^([A-Z])([0-9]{1,2})$/.exec(text || "");
  return m ? [parseInt(m[2], 10) - 1, m[1].charCodeAt(0) - 65] : null;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "lnb-map";
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  const svg = make("svg", {class: "lnb-map-svg", role: "group",
                           preserveAspectRatio: "xMidYMid meet"});
  const live = document.createElement("div");
  live.className = "lnb-map-live";
  live.setAttribute("aria-live", "polite");
  live.id = "lnb-map-live-" + Math.random().toString(36).slice(2);
  root.setAttribute("aria-describedby", live.id);
  root.appendChild(svg);
  el.appendChild(root);
  el.appendChild(live);
  const layers = {};
  for (const layer of ["rooms", "pieces", "done", "walls", "labels", "evidence", "ghost",
                       "hover"]) {
    layers[layer] = make("g", {class: "lnb-layer-" + layer}, svg);
  }
  layers.ghost.setAttribute("pointer-events", "none");
  layers.hover.setAttribute("pointer-events", "none");
  layers.labels.setAttribute("pointer-events", "none");
  layers.walls.setAttribute("pointer-events", "none");
  layers.done.setAttribute("pointer-events", "none");

  function board() { return model.get("board") || {}; }
  function inside(r, c) {
    const b = board();
    return r >= 0 && c >= 0 && r < b.height && c < b.width && b.cells[r * b.width + c] >= 0;
  }

  function drawBoard() {
    const b = board();
    if (!b.width) return;
    for (const layer of ["rooms", "done", "walls", "labels", "evidence"]) {
      layers[layer].replaceChildren();
    }
    svg.setAttribute("viewBox", `0 0 ${M + b.width * C + 1} ${M + b.height * C + 1}`);
    for (let c = 0; c < b.width; c++) {
      const t = make("text", {x: M + c * C + C / 2, y: M - 2, class: "lnb-map-axis"},
                     layers.labels);
      t.textContent = String.fromCharCode(65 + c);
    }
    for (let r = 0; r < b.height; r++) {
      const t = make("text", {x: M / 2, y: M + r * C + C / 2 + 1.2, class: "lnb-map-axis"},
                     layers.labels);
      t.textContent = String(r + 1);
    }
    b.cells.forEach((room, i) => {
      if (room < 0) return;
      const r = Math.floor(i / b.width), c = i % b.width;
      make("rect", {x: M + c * C, y: M + r * C, width: C, height: C, "data-sq": name(r, c),
                    class: "lnb-map-square", fill: TINTS[room % TINTS.length]},
           layers.rooms);
      if ((b.rooms[room] || {}).done) {  // a filled room (the library's word): its own colour
        make("rect", {x: M + c * C, y: M + r * C, width: C, height: C,
                      class: "lnb-map-filled"}, layers.done);
      }
    });
    for (const [x1, y1, x2, y2] of b.walls) {
      make("line", {x1: M + x1 * C, y1: M + y1 * C, x2: M + x2 * C, y2: M + y2 * C,
                    class: "lnb-map-wall"}, layers.walls);
    }
    for (const [x1, y1, x2, y2] of b.doors) {
      make("line", {x1: M + x1 * C, y1: M + y1 * C, x2: M + x2 * C, y2: M + y2 * C,
                    class: "lnb-map-door"}, layers.walls);
    }
    for (const room of b.rooms) {
      const x = M + room.col * C + C / 2, y = M + room.row * C + C / 2;
      const t = make("text", {x: x, y: y - 0.6,
                              class: "lnb-map-room" + (room.done ? " lnb-map-room-done" : "")},
                     layers.labels);
      t.textContent = room.name;
      const p = make("text", {x: x, y: y + 3.4, class: "lnb-map-points"}, layers.labels);
      p.textContent = room.points;
    }
    for (const ev of b.evidence) {
      const r = Math.floor(ev.index / b.width), c = ev.index % b.width;
      const g = make("g", {class: "lnb-map-evidence" + (ev.collected ? " lnb-collected" : ""),
                           role: "img", "aria-label": ev.name, "data-sq": name(r, c)},
                     layers.evidence);
      make("title", {}, g).textContent = ev.name;
      make("rect", {x: M + c * C + 0.6, y: M + r * C + 0.6, width: C - 1.2, height: C - 1.2,
                    rx: 1.5}, g);
      if (ev.collected) {
        make("circle", {cx: M + c * C + C / 2, cy: M + r * C + C / 2, r: C / 2 - 0.4,
                        class: "lnb-map-ring"}, g);
      }
      const t = make("text", {x: M + c * C + C / 2, y: M + r * C + C / 2 + 1.3}, g);
      t.textContent = ev.glyph;
    }
  }

  function drawPieces() {
    const b = board();
    layers.pieces.replaceChildren();
    if (!b.width) return;
    for (const piece of model.get("pieces") || []) {
      const g = make("g", {class: "lnb-map-piece"}, layers.pieces);
      const own = new Set(piece);
      for (const i of piece) {
        const r = Math.floor(i / b.width), c = i % b.width;
        make("rect", {x: M + c * C, y: M + r * C, width: C, height: C}, g);
        const x = M + c * C, y = M + r * C;
        const edges = [[-b.width, x, y, x + C, y], [b.width, x, y + C, x + C, y + C],
                       [-1, x, y, x, y + C], [1, x + C, y, x + C, y + C]];
        for (const [d, x1, y1, x2, y2] of edges) {
          if ((d === -1 && c === 0) || (d === 1 && c === b.width - 1) || !own.has(i + d)) {
            make("line", {x1, y1, x2, y2, class: "lnb-map-piece-edge"}, g);
          }
        }
      }
    }
  }

  function drawGhost() {
    layers.ghost.replaceChildren();
    const ghost = model.get("ghost") || {};
    if (!ghost.cells) return;
    const kind = ghost.legal ? "lnb-ghost-ok" : "lnb-ghost-bad";
    const g = make("g", {class: "lnb-map-ghost " + kind}, layers.ghost);
    const b = board();
    for (const [r, c] of ghost.cells) {
      if (r < -1 || c < -1 || r > b.height || c > b.width) continue;
      make("rect", {x: M + c * C + 0.5, y: M + r * C + 0.5, width: C - 1, height: C - 1,
                    rx: 1}, g);
    }
    if (ghost.bad) {
      const [r, c] = ghost.bad, x = M + c * C, y = M + r * C;
      make("path", {d: `M${x + 2},${y + 2} L${x + C - 2},${y + C - 2} M${x + C - 2},${y + 2} ` +
                       `L${x + 2},${y + C - 2}`, class: "lnb-ghost-x"}, g);
    }
    if (ghost.anchor) {
      const [r, c] = ghost.anchor;
      make("circle", {cx: M + c * C + C / 2, cy: M + r * C + C / 2, r: 1.4,
                      class: "lnb-ghost-anchor"}, g);
    }
  }

  function drawHover() {
    layers.hover.replaceChildren();
    const at = parse(model.get("hovered"));
    if (!at) return;
    make("rect", {x: M + at[1] * C + 0.3, y: M + at[0] * C + 0.3, width: C - 0.6,
                  height: C - 0.6, class: "lnb-map-hovered"}, layers.hover);
  }

  function drawWords() {
    root.setAttribute("aria-label", model.get("label"));
    live.textContent = model.get("live");
    root.classList.toggle("lnb-map-active", !!model.get("active"));
  }

  function inSight(node) {
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }
  let focused = model.get("focus_request") || 0;
  function takeFocus() {
    // the kernel asks (a shape was just picked): the keys R, F, arrows and Enter work at once,
    // and the map with its controls (above it, in the app's board) comes into sight
    const asked = model.get("focus_request") || 0;
    if (asked === focused || !root.isConnected) return;
    focused = asked;
    // a request that comes after the pupil moved on (a busy kernel) is dropped (the kit
    // page's rule: widgets/serving/data/voila/templates/kit/index.html.j2)
    const may = window.lnbKitMayTakeFocus;
    if (typeof may === "function" && !may()) return;
    const area = el.closest(".lnb-museum-board") || root;
    if (!inSight(root) || !inSight(area)) area.scrollIntoView({block: "start"});
    root.focus({preventScroll: true});
  }

  function squareAt(event) {
    const b = board();
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const ctm = svg.getScreenCTM();
    if (!ctm || !b.width) return "";
    const p = point.matrixTransform(ctm.inverse());
    const c = Math.floor((p.x - M) / C), r = Math.floor((p.y - M) / C);
    return inside(r, c) ? name(r, c) : "";
  }

  function hover(square) {
    if (model.get("hovered") !== square) {
      model.set("hovered", square);
      model.save_changes();
    }
  }

  const onClick = (event) => {
    const square = squareAt(event);
    if (square) model.send({event: "anchor", square: square});
    root.focus({preventScroll: true});
  };
  const onMove = (event) => { if (event.pointerType === "mouse") hover(squareAt(event)); };
  const onLeave = () => hover("");
  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    let message = null;
    if (KEYS[event.key]) {
      const [dr, dc] = KEYS[event.key];
      message = {event: "move", dr: dr, dc: dc};
    } else if (event.key === "r" || event.key === "R") {
      message = {event: "rotate"};
    } else if (event.key === "f" || event.key === "F") {
      message = {event: "flip"};
    } else if (event.key === "Enter" || event.key === " ") {
      message = {event: "confirm"};
    } else if (event.key === "Escape") {
      message = {event: "cancel"};
    }
    if (message) {
      event.preventDefault();
      event.stopPropagation();
      model.send(message);
    }
  };
  svg.addEventListener("click", onClick);
  svg.addEventListener("pointermove", onMove);
  svg.addEventListener("pointerleave", onLeave);
  root.addEventListener("keydown", onKey);

  const all = () => { drawBoard(); drawPieces(); drawGhost(); drawHover(); drawWords(); };
  model.on("change:board", all);
  model.on("change:pieces", drawPieces);
  model.on("change:ghost", drawGhost);
  model.on("change:hovered", drawHover);
  model.on("change:label", drawWords);
  model.on("change:live", drawWords);
  model.on("change:active", drawWords);
  model.on("change:focus_request", takeFocus);
  all();
  return () => {
    svg.removeEventListener("click", onClick);
    svg.removeEventListener("pointermove", onMove);
    svg.removeEventListener("pointerleave", onLeave);
    root.removeEventListener("keydown", onKey);
  };
}

export default { render };
