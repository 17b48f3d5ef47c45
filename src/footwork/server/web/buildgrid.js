// The builder's grid: the cells drawn from the rows, legend and overrides, the walls
// between cells (`edges`), the actors on their cells, a picture under them when the map
// came from an import. The brush paints while the pointer is down (one undo step per
// stroke); the edge tool puts a wall on the side of a cell nearest the click. From the
// keyboard the arrows move a cursor, Space or Enter uses the tool on its cell, and with
// the edge tool Shift and an arrow puts the wall on that side of the cursor's cell.

import {cellOf, cellReader, paint, rowsOf, setEdge} from "./buildmodel.js";

/** @typedef {import("./buildmodel.js").Draft} Draft */
/** @typedef {import("./buildmodel.js").CellSpec} CellSpec */

const SVG = "http://www.w3.org/2000/svg";
/** The side of a cell on screen, in px (the view zooms with CSS). */
export const PX = 28;

/**
 * @typedef {{tool: () => string, brush: () => CellSpec,
 *            onCell: (row: number, col: number) => void,
 *            selected: () => string | null,
 *            faults: () => {cells: Set<string>, actors: Set<string>},
 *            picture: () => string | null, edgeKind: () => string}} GridHooks
 */

/**
 * The colour of a cell: floors lighter as they rise, water darker as it deepens.
 * @param {CellSpec} spec
 */
export function cellColour(spec) {
  const height = Number(spec.elevation ?? 0);
  switch (spec.surface ?? "floor") {
    case "wall": return "#4a4a4a";
    case "void": return "#151515";
    case "water": {
      const depth = Math.min(8, Number(spec.water_depth ?? 0));
      return `hsl(205 65% ${72 - depth * 5}%)`;
    }
    case "floor": return `hsl(40 ${height ? 45 : 35}% ${Math.max(50, 88 - Math.abs(height) * 4)}%)`;
    default: return "#d0f";
  }
}

/** A current's direction as an arrow. */
const CURRENTS = /** @type {Record<string, string>} */ ({N: "↑", NE: "↗", E: "→", SE: "↘", S: "↓",
                                                          SW: "↙", W: "←", NW: "↖"});

/**
 * A few characters saying what a colour alone would: height, depth, a current.
 * @param {CellSpec} spec
 */
export function cellMark(spec) {
  const surface = spec.surface ?? "floor";
  const height = Number(spec.elevation ?? 0);
  const arrow = CURRENTS[String(spec.current)] ?? "";
  if (surface === "water") return `~${spec.water_depth ?? 0}${arrow}`;
  if (surface === "void") return "";
  if (surface === "wall") return `▮${height}`;
  return height ? `${height > 0 ? "+" : ""}${height}` : "";
}

/**
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 */
function el(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

/** The grid editor inside ``host``. */
export class GridEditor {
  /**
   * @param {HTMLElement} host
   * @param {Draft} draft
   * @param {GridHooks} hooks
   */
  constructor(host, draft, hooks) {
    this.host = host;
    this.draft = draft;
    this.hooks = hooks;
    this.cursor = [0, 0];
    /** whether a stroke of the brush is under way, and whether it changed anything */
    this.stroke = /** @type {null | {changed: boolean}} */ (null);
    /** the grid's size and picture when it was last drawn whole, and each cell's markup */
    this.shape = "";
    /** @type {Map<string, string>} */
    this.drawn = new Map();
    this.svg = el("svg", {class: "build-grid", tabindex: "0", role: "application",
                          "aria-label": "the map: arrows move the cursor, Space or Enter " +
                                        "uses the tool on its cell"});
    host.replaceChildren(this.svg);
    this.svg.addEventListener("pointerdown", e => this.down(e));
    this.svg.addEventListener("pointermove", e => this.move(e));
    window.addEventListener("pointerup", () => this.up());
    this.svg.addEventListener("keydown", e => this.key(e));
  }

  get map() {
    return this.draft.data.map;
  }

  /**
   * The cell under a pointer event.
   * @param {PointerEvent} e
   * @returns {[number, number] | null}
   */
  cellFrom(e) {
    const box = this.svg.getBoundingClientRect();
    const rows = rowsOf(this.map);
    const scale = box.width / ((rows[0]?.length ?? 1) * PX);
    const col = Math.floor((e.clientX - box.left) / scale / PX);
    const row = Math.floor((e.clientY - box.top) / scale / PX);
    if (row < 0 || row >= rows.length || col < 0 || col >= (rows[row]?.length ?? 0)) return null;
    return [row, col];
  }

  /**
   * The side of a cell nearest a pointer event: the cell and its neighbour across it
   * (null off the map or at its border).
   * @param {PointerEvent} e
   * @returns {[[number, number], [number, number]] | null}
   */
  sideFrom(e) {
    const box = this.svg.getBoundingClientRect();
    const rows = rowsOf(this.map);
    const scale = box.width / ((rows[0]?.length ?? 1) * PX);
    const x = (e.clientX - box.left) / scale / PX, y = (e.clientY - box.top) / scale / PX;
    const row = Math.floor(y), col = Math.floor(x);
    const fx = x - col, fy = y - row;
    /** @type {[number, number][]} */
    const steps = [[-1, 0], [1, 0], [0, -1], [0, 1]];
    const gaps = [fy, 1 - fy, fx, 1 - fx];
    const [dr, dc] = steps[gaps.indexOf(Math.min(...gaps))];
    return this.across([row, col], [dr, dc]);
  }

  /**
   * A cell and its neighbour one step away, both on the map, or null.
   * @param {[number, number]} cell
   * @param {[number, number]} step
   * @returns {[[number, number], [number, number]] | null}
   */
  across(cell, step) {
    const rows = rowsOf(this.map);
    /** @param {[number, number]} c */
    const inside = c => c[0] >= 0 && c[0] < rows.length && c[1] >= 0 &&
      c[1] < (rows[c[0]]?.length ?? 0);
    /** @type {[number, number]} */
    const next = [cell[0] + step[0], cell[1] + step[1]];
    return inside(cell) && inside(next) ? [cell, next] : null;
  }

  /**
   * Put the chosen wall between two cells, as one step of the history.
   * @param {[[number, number], [number, number]] | null} pair
   */
  edgeAt(pair) {
    if (!pair) return;
    this.draft.mark();
    if (setEdge(this.map, pair[0], pair[1], this.hooks.edgeKind())) this.draft.changed();
    else this.draft.past.pop();
  }

  /** @param {PointerEvent} e */
  down(e) {
    const cell = this.cellFrom(e);
    if (!cell || e.button !== 0) return;
    this.svg.focus();
    this.cursor = cell;
    if (this.hooks.tool() === "edge") {
      this.edgeAt(this.sideFrom(e));
    } else if (this.hooks.tool() === "paint") {
      this.draft.mark();
      this.stroke = {changed: false};
      this.svg.setPointerCapture(e.pointerId);
      this.brushAt(cell);
    } else {
      this.hooks.onCell(cell[0], cell[1]);
    }
  }

  /** @param {PointerEvent} e */
  move(e) {
    if (!this.stroke) return;
    const cell = this.cellFrom(e);
    if (cell) this.brushAt(cell);
  }

  up() {
    const stroke = this.stroke;
    if (!stroke) return;
    this.stroke = null;
    if (stroke.changed) this.draft.changed();
    else this.draft.past.pop();  // a stroke that changed nothing is no step of the history
  }

  /** @param {[number, number]} cell */
  brushAt(cell) {
    if (paint(this.map, cell[0], cell[1], this.hooks.brush()) && this.stroke) {
      this.stroke.changed = true;
      this.redrawCell(cell[0], cell[1]);
    }
  }

  /**
   * Draw one cell again (a stroke of the brush changes only the cells it crosses;
   * the faults are marked again when the check after the stroke answers).
   * @param {number} row
   * @param {number} col
   */
  redrawCell(row, col) {
    const layer = this.svg.querySelector("g.cells");
    const old = layer?.querySelectorAll(`[data-cell="${row},${col}"]`) ?? [];
    if (!layer || !old.length) {
      this.render();
      return;
    }
    const faulty = [...old].some(node => node.classList.contains("faulty"));
    old.forEach(node => node.remove());
    // appended last: a cell's marks lie inside it, so the order among cells is free
    const markup = cellMarkup(row, col, cellReader(this.map)(row, col) ?? {}, faulty);
    layer.insertAdjacentHTML("beforeend", markup);
    this.drawn.set(`${row},${col}`, markup);
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    const rows = rowsOf(this.map);
    const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
    const step = moves[/** @type {keyof typeof moves} */ (e.key)];
    if (step && e.shiftKey && this.hooks.tool() === "edge") {
      e.preventDefault();
      this.edgeAt(this.across(/** @type {[number, number]} */ ([...this.cursor]),
                              /** @type {[number, number]} */ (step)));
    } else if (step) {
      e.preventDefault();
      const row = Math.max(0, Math.min(rows.length - 1, this.cursor[0] + step[0]));
      const col = Math.max(0, Math.min((rows[0]?.length ?? 1) - 1, this.cursor[1] + step[1]));
      this.cursor = [row, col];
      this.render();
    } else if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      const [row, col] = this.cursor;
      if (this.hooks.tool() === "paint") {
        this.draft.mark();
        if (paint(this.map, row, col, this.hooks.brush())) this.draft.changed();
        else this.draft.past.pop();
      } else {
        this.hooks.onCell(row, col);
      }
    }
  }

  /**
   * The drawing of the walls between cells: one line on each shared side, styled by its
   * kind (the same colours as `footwork render`'s); a one-way wall has a tick on the side
   * it is crossed from.
   */
  edgesDrawn() {
    const group = el("g", {class: "edges"});
    for (const edge of /** @type {Record<string, any>[]} */ (this.map.edges ?? [])) {
      const [a, b] = Array.isArray(edge.between) ? edge.between : [];
      if (!Array.isArray(a) || !Array.isArray(b)) continue;
      const [r1, c1] = a.map(Number), [r2, c2] = b.map(Number);
      const vertical = r1 === r2;  // neighbours in a row share a vertical side
      const x = (Math.max(c1, c2)) * PX, y = (Math.max(r1, r2)) * PX;
      const [x1, y1, x2, y2] = vertical ? [x, r1 * PX, x, r1 * PX + PX] : [c1 * PX, y, c1 * PX + PX, y];
      const kind = String(edge.kind ?? "wall");
      const line = el("line", {x1: String(x1), y1: String(y1), x2: String(x2), y2: String(y2),
                               class: `edge ${kind.replace("_", "-")}`,
                               "data-between": `${r1},${c1} ${r2},${c2}`});
      const tip = el("title");
      tip.textContent = `${kind.replace("_", " ")} between ${r1},${c1} and ${r2},${c2}`;
      line.append(tip);
      group.append(line);
      if (kind === "one_way" && Array.isArray(edge.from)) {
        const [fr, fc] = edge.from.map(Number);
        const into = vertical ? (fc < Math.max(c1, c2) ? -1 : 1) : (fr < Math.max(r1, r2) ? -1 : 1);
        const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
        group.append(el("line", {x1: String(mx), y1: String(my),
                                 x2: String(vertical ? mx + into * PX * 0.3 : mx),
                                 y2: String(vertical ? my : my + into * PX * 0.3),
                                 class: "edge one-way from"}));
      }
    }
    return group;
  }

  /** Draw the grid again from the draft. */
  render() {
    const rows = rowsOf(this.map);
    const width = (rows[0]?.length ?? 0) * PX, height = rows.length * PX;
    const svg = this.svg;
    const {cells: faultyCells, actors: faultyActors} = this.hooks.faults();
    const picture = this.hooks.picture();
    const cellAt = cellReader(this.map);
    /** @type {Map<string, string>} */
    const cells = new Map();
    for (let row = 0; row < rows.length; row += 1) {
      for (let col = 0; col < rows[row].length; col += 1) {
        cells.set(`${row},${col}`, cellMarkup(row, col, cellAt(row, col) ?? {},
                                              faultyCells.has(`${row},${col}`)));
      }
    }
    // the same grid under the same picture (an undo, a redo, a fault marked): only the
    // cells whose drawing changed are drawn again; a large grid's whole drawing is slow
    const shape = JSON.stringify([width, height, picture, this.map.picture ?? null,
                                  this.map.cell_size ?? null]);
    const layer = svg.querySelector("g.cells");
    if (layer && shape === this.shape) {
      for (const [key, markup] of cells) {
        if (this.drawn.get(key) === markup) continue;
        layer.querySelectorAll(`[data-cell="${key}"]`).forEach(node => node.remove());
        layer.insertAdjacentHTML("beforeend", markup);
      }
      for (const node of svg.querySelectorAll(":scope > g.edges, :scope > g.tokens, " +
                                              ":scope > rect.cursor")) node.remove();
    } else {
      this.drawGrid(cells, width, height, picture);
    }
    this.shape = shape;
    this.drawn = cells;
    this.drawOver(faultyActors);
  }

  /**
   * The whole drawing of the cells, under the picture if there is one.
   * @param {Map<string, string>} cells
   * @param {number} width
   * @param {number} height
   * @param {string | null} picture
   */
  drawGrid(cells, width, height, picture) {
    const svg = this.svg;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    // as large as the room allows, up to cells of 64 px
    svg.style.width = `min(100%, ${width * 64 / PX}px)`;
    svg.replaceChildren();
    if (picture) {
      // where the map's picture lies, in the map's unit (a Foundry background may be
      // shifted off the grid): cells of cell_size each are PX wide here
      const ref = /** @type {{x?: number, y?: number, width?: number, height?: number}} */ (
        this.map.picture ?? {});
      const per = PX / (Number(this.map.cell_size) || 1);
      const size = (/** @type {number | undefined} */ value, /** @type {number} */ whole) =>
        Number(value) > 0 ? Number(value) * per : whole;
      svg.append(el("image", {href: picture, x: String(Number(ref.x ?? 0) * per),
                              y: String(Number(ref.y ?? 0) * per),
                              width: String(size(ref.width, width)),
                              height: String(size(ref.height, height)),
                              preserveAspectRatio: "none"}));
    }
    const layer = el("g", {class: picture ? "cells over-picture" : "cells"});
    // one string parsed once: a large grid's tens of thousands of nodes are made far
    // faster by the parser than one createElementNS at a time (every value escaped)
    layer.innerHTML = [...cells.values()].join("");
    svg.append(layer);
  }

  /**
   * What lies over the cells: the walls between them, the actors, the cursor.
   * @param {Set<string>} faultyActors
   */
  drawOver(faultyActors) {
    const svg = this.svg;
    svg.append(this.edgesDrawn());
    const tokens = el("g", {class: "tokens"});
    const selected = this.hooks.selected();
    for (const actor of this.draft.data.actors ?? []) {
      const cell = cellOf(actor.at);
      if (!cell) continue;
      const cx = cell[1] * PX + PX / 2, cy = cell[0] * PX + PX / 2;
      const token = el("g", {class: "token", "data-actor": String(actor.id)});
      if (String(actor.id) === selected) token.classList.add("selected");
      if (faultyActors.has(String(actor.id))) token.classList.add("faulty");
      token.append(el("circle", {cx: String(cx), cy: String(cy), r: String(PX * 0.42),
                                 fill: sideColour(String(actor.side ?? "neutral"))}));
      const label = el("text", {x: String(cx), y: String(cy + 4), class: "token-label"});
      label.textContent = String(actor.id).slice(0, 3);
      token.append(label);
      tokens.append(token);
    }
    svg.append(tokens);
    const [row, col] = this.cursor;
    svg.append(el("rect", {x: String(col * PX + 1), y: String(row * PX + 1),
                           width: String(PX - 2), height: String(PX - 2), class: "cursor"}));
  }
}


/**
 * Text made safe for SVG markup (an attribute's value or an element's text).
 * @param {unknown} value
 */
function esc(value) {
  return String(value).replace(/[&<>"']/g, ch => `&#${ch.charCodeAt(0)};`);
}

/**
 * One cell as SVG markup: its rect with its tooltip, the text saying what its colour
 * alone would, and a corner mark for tags.
 * @param {number} row
 * @param {number} col
 * @param {CellSpec} spec
 * @param {boolean} faulty
 */
export function cellMarkup(row, col, spec, faulty) {
  const x = col * PX, y = row * PX;
  const others = Object.entries(spec).filter(([key, value]) => value !== null &&
    !["surface", "elevation", "water_depth", "tags"].includes(key));
  const tip = `row ${row}, col ${col}: ${spec.surface ?? "?"}` +
    `${spec.elevation ? `, elevation ${spec.elevation}` : ""}` +
    `${spec.water_depth ? `, ${spec.water_depth} deep` : ""}` +
    `${spec.tags?.length ? `, tags ${spec.tags.join(" ")}` : ""}` +
    others.map(([key, value]) => `, ${key.replace("_", " ")} ${value}`).join("");
  const at = `data-cell="${row},${col}"`;  // what a stroke finds to draw the cell again
  let out = `<rect x="${x}" y="${y}" width="${PX}" height="${PX}" ` +
    `fill="${esc(cellColour(spec))}" class="cell${faulty ? " faulty" : ""}" ` +
    `data-row="${row}" data-col="${col}" ${at}><title>${esc(tip)}</title></rect>`;
  const mark = cellMark(spec);
  if (mark) {
    out += `<text x="${x + PX / 2}" y="${y + PX * 0.68}" ` +
      `class="cell-mark ${esc(spec.surface ?? "")}" ${at}>${esc(mark)}</text>`;
  }
  if (spec.tags?.length) {
    out += `<path d="M${x + PX - 10} ${y}h10v10z" class="tag-mark" ${at}/>`;
  }
  return out;
}

/**
 * A colour per side, the same for a side every time.
 * @param {string} side
 */
export function sideColour(side) {
  let hash = 0;
  for (const ch of side) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${hash} 60% 45%)`;
}
