// The builder's zone graph (zones and links, spans and links): a node per place at its
// `pos` (the file keeps it; a place without one is laid out in rows until it is dragged),
// a line per link. Drag a node to move it; with the link tool, pick two nodes to join
// them; a click on a node or a line opens its form. From the keyboard: Tab to a node,
// the arrows move it, Enter picks it.

/** @typedef {import("./buildmodel.js").Draft} Draft */
/** @typedef {Record<string, any>} Data */

const SVG = "http://www.w3.org/2000/svg";
/** One unit of `pos` on screen, in px. */
const UNIT = 120;
const NODE_W = 96, NODE_H = 44;
/** Positions snap to half a unit. */
const SNAP = 0.5;

/**
 * @typedef {{tool: () => string, placesKey: string,
 *            onPlace: (id: string) => void,
 *            open: (path: string) => void,
 *            faulty: () => Set<string>}} GraphHooks
 */

/**
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 */
function el(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

/**
 * The two ends of a link as the file writes it (`{a, b}` or `[a, b]`).
 * @param {unknown} link
 * @returns {[string, string] | null}
 */
export function ends(link) {
  if (Array.isArray(link) && link.length >= 2) return [String(link[0]), String(link[1])];
  if (link && typeof link === "object") {
    const l = /** @type {Data} */ (link);
    if (l.a !== undefined && l.b !== undefined) return [String(l.a), String(l.b)];
  }
  return null;
}

/**
 * Where a place is drawn, in units: its `pos`, else a slot in rows of five.
 * @param {Data} place
 * @param {number} index
 * @returns {[number, number]}
 */
export function spot(place, index) {
  const pos = place.pos;
  if (Array.isArray(pos) && pos.length === 2) return [Number(pos[0]), Number(pos[1])];
  return [index % 5, Math.floor(index / 5) + 0.5];
}

/** The graph editor inside ``host``. */
export class GraphEditor {
  /**
   * @param {HTMLElement} host
   * @param {Draft} draft
   * @param {GraphHooks} hooks
   */
  constructor(host, draft, hooks) {
    this.draft = draft;
    this.hooks = hooks;
    /** @type {string | null} the first node of a link being made */
    this.linkFrom = null;
    /** @type {string | null} the node that had the focus, to give it back after a redraw */
    this.focused = null;
    /** @type {null | {index: number, x0: number, y0: number, from: [number, number],
     *                 moved: boolean, node: SVGGElement}} */
    this.drag = null;
    this.svg = /** @type {SVGSVGElement} */ (el("svg", {class: "build-graph", role: "group",
      "aria-label": "the zone graph: Tab to a place, arrows move it, Enter picks it"}));
    host.replaceChildren(this.svg);
    this.svg.addEventListener("pointermove", e => this.moveDrag(e));
    this.svg.addEventListener("pointerup", () => this.endDrag());
  }

  /** @returns {Data[]} */
  get places() {
    return this.draft.data.map?.[this.hooks.placesKey] ?? [];
  }

  /**
   * Use the tool on a node (a click or Enter).
   * @param {number} index
   */
  pick(index) {
    const place = this.places[index];
    const id = String(place.id);
    const tool = this.hooks.tool();
    if (tool === "link") {
      if (this.linkFrom === null || this.linkFrom === id) {
        this.linkFrom = this.linkFrom === id ? null : id;
        this.render();
        return;
      }
      const a = this.linkFrom;
      this.linkFrom = null;
      this.draft.change(d => {
        d.map = {...d.map, links: [...(d.map.links ?? []), {a, b: id}]};
      });
      this.hooks.open(`map.links[${(this.draft.data.map.links ?? []).length - 1}]`);
    } else if (tool === "select") {
      this.hooks.open(`map.${this.hooks.placesKey}[${index}]`);
    } else {
      this.hooks.onPlace(id);
    }
  }

  /**
   * @param {number} index
   * @param {[number, number]} to
   */
  place(index, to) {
    this.draft.change(d => {
      const list = [...d.map[this.hooks.placesKey]];
      list[index] = {...list[index], pos: to};
      d.map = {...d.map, [this.hooks.placesKey]: list};
    });
  }

  /** @param {PointerEvent} e */
  moveDrag(e) {
    const drag = this.drag;
    if (!drag) return;
    const scale = this.scale();
    const dx = (e.clientX - drag.x0) / scale, dy = (e.clientY - drag.y0) / scale;
    if (Math.hypot(dx, dy) > 4) drag.moved = true;
    drag.node.setAttribute("transform", `translate(${dx} ${dy})`);
  }

  endDrag() {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    const t = /translate\(([-\d.e]+) ([-\d.e]+)\)/.exec(drag.node.getAttribute("transform") ?? "");
    if (!drag.moved || !t) {
      this.pick(drag.index);
      return;
    }
    const snap = (/** @type {number} */ v) => Math.round(v / SNAP) * SNAP;
    this.place(drag.index, [snap(drag.from[0] + Number(t[1]) / UNIT),
                            snap(drag.from[1] + Number(t[2]) / UNIT)]);
  }

  /** Screen px per drawing px. */
  scale() {
    const box = this.svg.getBoundingClientRect();
    const view = this.svg.viewBox.baseVal;
    return view && view.width ? box.width / view.width : 1;
  }

  /** Draw the graph again from the draft. */
  render() {
    const places = this.places;
    const spots = places.map((p, i) => spot(p, i));
    const xs = spots.map(s => s[0]), ys = spots.map(s => s[1]);
    const minX = Math.min(0, ...xs), minY = Math.min(0, ...ys);
    const maxX = Math.max(1, ...xs), maxY = Math.max(1, ...ys);
    const pad = 70;
    const left = minX * UNIT - pad, top = minY * UNIT - pad;
    const width = (maxX - minX) * UNIT + 2 * pad, height = (maxY - minY) * UNIT + 2 * pad;
    const svg = this.svg;
    svg.setAttribute("viewBox", `${left} ${top} ${width} ${height}`);
    svg.style.width = `min(100%, ${width * 1.5}px)`;
    svg.replaceChildren();
    const faulty = this.hooks.faulty();
    const byId = new Map(places.map((p, i) => [String(p.id), spots[i]]));
    const links = /** @type {unknown[]} */ (this.draft.data.map?.links ?? []);
    links.forEach((link, i) => {
      const pair = ends(link);
      const a = pair && byId.get(pair[0]), b = pair && byId.get(pair[1]);
      if (!a || !b) return;
      const l = /** @type {Data} */ (link);
      const line = el("line", {x1: String(a[0] * UNIT), y1: String(a[1] * UNIT),
                               x2: String(b[0] * UNIT), y2: String(b[1] * UNIT),
                               class: "link", "data-path": `map.links[${i}]`});
      if (!Array.isArray(link) && (l.vertical || l.stairs)) line.classList.add("vertical");
      if (!Array.isArray(link) && l.one_way) line.setAttribute("marker-end", "url(#build-arrow)");
      if (faulty.has(`map.links[${i}]`)) line.classList.add("faulty");
      const tip = el("title");
      tip.textContent = `link ${pair[0]} – ${pair[1]}`;
      line.append(tip);
      line.addEventListener("click", () => this.hooks.open(`map.links[${i}]`));
      svg.append(line);
    });
    const defs = el("defs");
    const marker = el("marker", {id: "build-arrow", viewBox: "0 0 10 10", refX: "28", refY: "5",
                                 markerWidth: "8", markerHeight: "8", orient: "auto"});
    marker.append(el("path", {d: "M0 0L10 5L0 10z", fill: "#333"}));
    defs.append(marker);
    svg.prepend(defs);
    places.forEach((place, i) => {
      const [x, y] = spots[i];
      const id = String(place.id);
      const node = /** @type {SVGGElement} */ (el("g", {class: "node", tabindex: "0",
        role: "button", "data-place": id, "data-path": `map.${this.hooks.placesKey}[${i}]`,
        "aria-label": `${id}${place.pos ? "" : " (not placed yet)"}`}));
      if (this.linkFrom === id) node.classList.add("linking");
      if (faulty.has(`map.${this.hooks.placesKey}[${i}]`)) node.classList.add("faulty");
      node.append(el("rect", {x: String(x * UNIT - NODE_W / 2), y: String(y * UNIT - NODE_H / 2),
                              width: String(NODE_W), height: String(NODE_H), rx: "8"}));
      const label = el("text", {x: String(x * UNIT), y: String(y * UNIT + 5)});
      label.textContent = id.length > 12 ? `${id.slice(0, 11)}…` : id;
      node.append(label);
      const count = (this.draft.data.actors ?? []).filter(
        (/** @type {Data} */ a) => String(a.at) === id).length;
      if (count) {
        const badge = el("text", {x: String(x * UNIT + NODE_W / 2 - 6),
                                  y: String(y * UNIT - NODE_H / 2 + 12), class: "count"});
        badge.textContent = `●${count}`;
        node.append(badge);
      }
      node.addEventListener("pointerdown", e => {
        if (e.button !== 0) return;
        e.preventDefault();
        node.focus();
        this.focused = id;
        if (this.hooks.tool() !== "select") {
          this.pick(i);
          return;
        }
        svg.setPointerCapture(e.pointerId);
        this.drag = {index: i, x0: e.clientX, y0: e.clientY, from: [x, y], moved: false, node};
      });
      node.addEventListener("keydown", e => {
        const moves = {ArrowUp: [0, -SNAP], ArrowDown: [0, SNAP], ArrowLeft: [-SNAP, 0],
                       ArrowRight: [SNAP, 0]};
        const step = moves[/** @type {keyof typeof moves} */ (e.key)];
        this.focused = id;
        if (step) {
          e.preventDefault();
          this.place(i, [x + step[0], y + step[1]]);
        } else if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          this.pick(i);
        }
      });
      svg.append(node);
    });
    if (this.focused !== null && document.activeElement === document.body) {
      /** @type {SVGGElement | null} */ (svg.querySelector(
        `[data-place="${CSS.escape(this.focused)}"]`))?.focus();
    }
  }
}
