// The builder's map to scale (sitemaps): the server's drawing of the draft (the one the
// table shows) with the zones' outlines laid over it from the draft itself, so an edit
// shows at once. Draw a zone by clicking its corners, drag a corner, draw an opening on
// the wall between two zones, place an actor at a point. Points snap to half a metre.
// Each floor is a panel of the drawing: a click works on the floor of the panel it lands
// in, and the keyboard's cursor changes floor with Page Up and Page Down.

/** @typedef {import("./buildmodel.js").Draft} Draft */
/** @typedef {Record<string, any>} Data */
/** @typedef {[number, number]} Point */

const SVG = "http://www.w3.org/2000/svg";
/** Points snap to this, in metres. */
export const SNAP_M = 0.5;
/** How near (in metres) a click must be to a zone's edge to count as on its wall. */
const WALL_M = 0.6;
/** The largest zoom: the drawing this many times the width of its box. */
const MAX_ZOOM = 8;
/** Below this width (CSS px: a phone), a map opens zoomed so a floor's panel fills it. */
const NARROW_PX = 700;

/**
 * @typedef {{tool: () => string,
 *            onPoint: (zone: string, point: Point) => void,
 *            open: (path: string) => void,
 *            say: (message: string) => void,
 *            note: (message: string) => void,
 *            faulty: () => Set<string>}} PolygonHooks
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

/** @param {number} v */
const snap = v => Math.round(v / SNAP_M) * SNAP_M;

/**
 * A zone's outline as a list of points: its polygon, or its rectangle's corners.
 * @param {Data} zone
 * @returns {Point[]}
 */
export function ringOf(zone) {
  if (Array.isArray(zone.polygon)) return zone.polygon.map((/** @type {number[]} */ p) =>
    /** @type {Point} */ ([Number(p[0]), Number(p[1])]));
  if (Array.isArray(zone.rect) && zone.rect.length === 4) {
    const [x, y, w, h] = zone.rect.map(Number);
    return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
  }
  return [];
}

/**
 * Whether a point is inside a ring (even-odd).
 * @param {Point} p
 * @param {Point[]} ring
 */
export function inside(p, ring) {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > p[1]) !== (yj > p[1]) && p[0] < (xj - xi) * (p[1] - yi) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/**
 * How far a point is from a ring's edges.
 * @param {Point} p
 * @param {Point[]} ring
 */
export function edgeDistance(p, ring) {
  let best = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [ax, ay] = ring[j], [bx, by] = ring[i];
    const dx = bx - ax, dy = by - ay;
    const t = dx || dy ? Math.max(0, Math.min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) /
                                                 (dx * dx + dy * dy))) : 0;
    best = Math.min(best, Math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy));
  }
  return best;
}

/** The zones drawn to scale in ``host``, with the builder's layer over them. */
export class PolygonEditor {
  /**
   * @param {HTMLElement} host
   * @param {Draft} draft
   * @param {PolygonHooks} hooks
   */
  constructor(host, draft, hooks) {
    this.host = host;
    this.draft = draft;
    this.hooks = hooks;
    /** @type {Point[]} the corners of the zone being drawn, or the opening's first end */
    this.points = [];
    /** @type {null | {zone: number, corner: number, node: SVGElement}} */
    this.drag = null;
    /** @type {Point} the keyboard's cursor, in metres */
    this.cursor = [0, 0];
    /** @type {null | {zone: number, corner: number}} a corner taken from the keyboard */
    this.held = null;
    /** the floor the cursor is on: the one a click or a key works on */
    this.floor = 0;
    /** how many times the box's width the drawing is drawn (1: the whole map fits);
     * 0 until the first drawing, when a narrow screen starts with a floor a screen */
    this.zoomLevel = 0;
    host.tabIndex = 0;
    host.setAttribute("aria-label", "the map to scale: arrows move a cursor, Page Up and " +
                      "Page Down change its floor, Space uses the tool there, Enter closes " +
                      "the zone being drawn, Escape drops it, plus and minus zoom");
    host.addEventListener("pointerdown", e => this.down(e));
    host.addEventListener("pointermove", e => this.moveDrag(e));
    host.addEventListener("pointerup", e => this.up(e));
    host.addEventListener("focus", () => this.render());  // the keyboard's cursor
    host.addEventListener("blur", () => this.render());
    host.addEventListener("keydown", e => {
      if (e.key === "Enter" && this.hooks.tool() === "draw") {
        e.preventDefault();
        this.close();
      } else if (e.key === "Escape") {
        this.points = [];
        this.held = null;
        this.render();
      } else {
        this.key(e);
      }
    });
  }

  /** @returns {Data[]} */
  get zones() {
    return this.draft.data.map?.zones ?? [];
  }

  /** @returns {SVGSVGElement | null} */
  get svg() {
    return this.host.querySelector("svg");
  }

  /**
   * The server's drawing of the draft (kept until the next one: a draft with faults is
   * not drawn, and the outlines still follow every edit).
   * @param {string} text
   */
  setDrawing(text) {
    this.host.innerHTML = text;  // the server's own drawing (footwork.draw): no script
    this.render();
  }

  /**
   * How a floor of the drawing maps metres: its panel's corner and its origin in metres.
   * @param {number} floor
   * @returns {{x: number, y: number, ox: number, oy: number, per: number} | null}
   */
  frame(floor) {
    const svg = this.svg;
    if (!svg) return null;
    const per = Number(svg.getAttribute("data-px-per-m") ?? "0");
    const group = svg.querySelector(`g.floor[data-floor="${floor}"]`) ??
      svg.querySelector("g.floor[data-origin-m]");
    const panel = group?.querySelector("rect.panel");
    if (!per || !group || !panel) return null;
    const [ox, oy] = (group.getAttribute("data-origin-m") ?? "0 0").split(" ").map(Number);
    return {x: Number(panel.getAttribute("x")), y: Number(panel.getAttribute("y")), ox, oy, per};
  }

  /**
   * The floors the drawing has a panel for, lowest first.
   * @returns {number[]}
   */
  floors() {
    const found = [...(this.svg?.querySelectorAll("g.floor[data-floor]") ?? [])]
      .map(g => Number(g.getAttribute("data-floor")));
    return found.length ? [...new Set(found)].sort((a, b) => a - b) : [0];
  }

  /**
   * A point of the screen as a point of the drawing.
   * @param {number} clientX
   * @param {number} clientY
   * @returns {DOMPoint | null}
   */
  onDrawing(clientX, clientY) {
    const matrix = this.svg?.getScreenCTM();
    return matrix ? new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse()) : null;
  }

  /**
   * The floor of the panel a point of the screen is in (or nearest to, between panels).
   * @param {number} clientX
   * @param {number} clientY
   */
  floorAt(clientX, clientY) {
    const p = this.onDrawing(clientX, clientY);
    let best = this.floor, away = Infinity;
    if (!p) return best;
    for (const floor of this.floors()) {
      const panel = this.svg?.querySelector(`g.floor[data-floor="${floor}"] rect.panel`);
      if (!panel) continue;
      const [x, y] = ["x", "y"].map(k => Number(panel.getAttribute(k)));
      const [w, h] = ["width", "height"].map(k => Number(panel.getAttribute(k)));
      const d = Math.hypot(Math.max(x - p.x, 0, p.x - x - w), Math.max(y - p.y, 0, p.y - y - h));
      if (d < away) [best, away] = [floor, d];
    }
    return best;
  }

  /**
   * A point of the screen in metres on a floor (snapped).
   * @param {number} clientX
   * @param {number} clientY
   * @param {number} floor
   * @returns {Point | null}
   */
  metres(clientX, clientY, floor) {
    const f = this.frame(floor), p = this.onDrawing(clientX, clientY);
    if (!f || !p) return null;
    return [snap(f.ox + (p.x - f.x) / f.per), snap(f.oy + (p.y - f.y) / f.per)];
  }

  /**
   * The floor of a zone, by its index or its id.
   * @param {number | string} zone
   */
  floorOf(zone) {
    const found = typeof zone === "number" ? this.zones[zone] :
      this.zones.find(z => String(z.id) === zone);
    return Number(found?.floor ?? 0);
  }

  /**
   * A point in metres as a point of the drawing.
   * @param {Point} p
   * @param {number} floor
   * @returns {Point | null}
   */
  drawn(p, floor = 0) {
    const f = this.frame(floor);
    return f ? [f.x + (p[0] - f.ox) * f.per, f.y + (p[1] - f.oy) * f.per] : null;
  }

  /**
   * The zone of the cursor's floor a point is in.
   * @param {Point} p
   */
  zoneAt(p) {
    return this.zones.findIndex(z => Number(z.floor ?? 0) === this.floor &&
                                     inside(p, ringOf(z)));
  }

  /** @param {PointerEvent} e */
  down(e) {
    if (e.button !== 0) return;
    const target = /** @type {Element} */ (e.target);
    const handle = target.closest("[data-corner]");
    const tool = this.hooks.tool();
    if (handle && tool === "vertex") {
      e.preventDefault();
      this.host.setPointerCapture(e.pointerId);
      this.drag = {zone: Number(handle.getAttribute("data-zone")),
                   corner: Number(handle.getAttribute("data-corner")),
                   node: /** @type {SVGElement} */ (handle)};
    }
  }

  /** @param {PointerEvent} e */
  moveDrag(e) {
    const drag = this.drag;
    if (!drag) return;
    const floor = this.floorOf(drag.zone);
    const p = this.metres(e.clientX, e.clientY, floor);
    const at = p && this.drawn(p, floor);
    if (!at) return;
    drag.node.setAttribute("cx", String(at[0]));
    drag.node.setAttribute("cy", String(at[1]));
  }

  /** @param {PointerEvent} e */
  up(e) {
    const drag = this.drag;
    if (drag) {  // a corner stays on its zone's floor, wherever it is let go
      this.drag = null;
      const p = this.metres(e.clientX, e.clientY, this.floorOf(drag.zone));
      if (p) this.moveCorner(drag.zone, drag.corner, p);
      return;
    }
    if (e.button !== 0) return;
    const floor = this.floorAt(e.clientX, e.clientY);
    if (this.points.length && floor !== this.floor) {
      this.hooks.say(`this ${this.hooks.tool() === "draw" ? "zone" : "opening"} is being ` +
                     `drawn on floor ${this.floor}: click on that floor, or Escape to drop it`);
      return;
    }
    const p = this.metres(e.clientX, e.clientY, floor);
    if (!p) return;
    this.host.focus();
    this.floor = floor;
    this.cursor = p;
    this.use(p);
  }

  /**
   * Move a zone's corner to ``p`` (a rectangle becomes the same polygon first).
   * @param {number} zone
   * @param {number} corner
   * @param {Point} p
   */
  moveCorner(zone, corner, p) {
    this.draft.change(d => {
      const zones = [...d.map.zones];
      const ring = ringOf(zones[zone]);
      ring[corner] = p;
      const {rect: _, ...rest} = zones[zone];
      zones[zone] = {...rest, polygon: ring};
      d.map = {...d.map, zones};
    });
  }

  /**
   * The keyboard's way: the arrows move a cursor by half a metre (Shift: 2 m), Space
   * uses the tool where it is (with "Drag corners": Space takes the corner under the
   * cursor, and Space again puts it down where the cursor is).
   * @param {KeyboardEvent} e
   */
  key(e) {
    const moves = {ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0]};
    const step = moves[/** @type {keyof typeof moves} */ (e.key)];
    const zoom = {"+": 1.5, "=": 1.5, "-": 1 / 1.5, "0": 0};
    if (e.key in zoom && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      this.zoom(zoom[/** @type {keyof typeof zoom} */ (e.key)]);
    } else if (e.key === "PageUp" || e.key === "PageDown") {
      e.preventDefault();
      this.changeFloor(e.key === "PageUp" ? 1 : -1);
    } else if (step) {
      e.preventDefault();
      const by = e.shiftKey ? 2 : SNAP_M;
      this.cursor = [this.cursor[0] + step[0] * by, this.cursor[1] + step[1] * by];
      this.render();
    } else if (e.key === " ") {
      e.preventDefault();
      const p = this.cursor;
      if (this.hooks.tool() === "vertex") {
        if (this.held) {
          const {zone, corner} = this.held;
          this.held = null;
          this.moveCorner(zone, corner, p);
          return;
        }
        this.zones.forEach((z, zone) => ringOf(z).forEach((q, corner) => {
          if (!this.held && this.floorOf(zone) === this.floor &&
              Math.hypot(q[0] - p[0], q[1] - p[1]) < SNAP_M / 2) {
            this.held = {zone, corner};
          }
        }));
        if (!this.held) this.hooks.say("no corner under the cursor: move it onto one");
        this.render();
        return;
      }
      this.use(p);
    }
  }

  /**
   * Zoom the drawing by ``factor`` about the middle of its box (0: the whole map again).
   * The box scrolls over a drawing wider than itself; every tool reads points through
   * the drawing's own transform, so clicks land at any zoom.
   * @param {number} factor
   */
  zoom(factor) {
    const host = this.host;
    const mid = [(host.scrollLeft + host.clientWidth / 2) / (host.scrollWidth || 1),
                 (host.scrollTop + host.clientHeight / 2) / (host.scrollHeight || 1)];
    this.zoomLevel = factor ? Math.min(MAX_ZOOM, Math.max(1, this.zoomLevel * factor)) : 1;
    this.applyZoom();
    host.scrollLeft = mid[0] * host.scrollWidth - host.clientWidth / 2;
    host.scrollTop = mid[1] * host.scrollHeight - host.clientHeight / 2;
    this.hooks.note(this.zoomLevel > 1 ? `zoom ×${this.zoomLevel.toFixed(1)}: the map ` +
                    "scrolls; 0 or Whole map shows all of it" : "the whole map");
  }

  /** Draw the drawing at the zoom chosen (a phone's first look: a floor a screen). */
  applyZoom() {
    const svg = this.svg;
    if (!svg) return;
    if (!this.zoomLevel) {
      this.zoomLevel = this.host.clientWidth && this.host.clientWidth < NARROW_PX ?
        Math.min(MAX_ZOOM, this.floors().length * 1.5) : 1;
    }
    svg.style.width = `${this.zoomLevel * 100}%`;
    svg.style.maxWidth = "none";
    svg.style.maxHeight = this.zoomLevel > 1 ? "none" : "";
  }

  /**
   * Move the keyboard's cursor to the next floor up (``by`` 1) or down (-1) that the
   * drawing has, at the same point in metres.
   * @param {number} by
   */
  changeFloor(by) {
    if (this.points.length || this.held) {
      this.hooks.say(`finish or drop (Escape) what is under way on floor ${this.floor} first`);
      return;
    }
    const floors = this.floors();
    const next = floors[floors.indexOf(this.floor) + by];
    if (next === undefined) {
      this.hooks.say(`floor ${this.floor} is the ${by > 0 ? "top" : "bottom"} floor drawn`);
      return;
    }
    this.floor = next;
    this.hooks.note(`the cursor is on floor ${next}`);
    this.render();
  }

  /**
   * Use the tool at a point (a click, or Space at the cursor).
   * @param {Point} p
   */
  use(p) {
    const tool = this.hooks.tool();
    if (tool === "draw") {
      const first = this.points[0];
      if (first && this.points.length >= 3 && Math.hypot(p[0] - first[0], p[1] - first[1]) < SNAP_M) {
        this.close();
      } else {
        this.points.push(p);
        this.render();
      }
    } else if (tool === "opening") {
      this.opening(p);
    } else if (tool === "vertex") {
      const i = this.zoneAt(p);
      if (i >= 0) this.hooks.open(`map.zones[${i}]`);
    } else {
      const i = this.zoneAt(p);
      if (i < 0) {
        this.hooks.say(`no zone at [${p.join(", ")}]: click inside one`);
        return;
      }
      this.hooks.onPoint(String(this.zones[i].id), p);
    }
  }

  /** Close the zone being drawn: a new zone with those corners. */
  close() {
    const ring = this.points;
    this.points = [];
    if (ring.length < 3) {
      this.hooks.say("a zone needs three corners at least");
      this.render();
      return;
    }
    const taken = new Set(this.zones.map(z => String(z.id)));
    let n = this.zones.length + 1;
    while (taken.has(`zone-${n}`)) n += 1;
    // floor 0 is the default: a zone there is written without it, as the examples are
    const zone = this.floor ? {id: `zone-${n}`, floor: this.floor, polygon: ring} :
      {id: `zone-${n}`, polygon: ring};
    this.draft.change(d => {
      d.map = {...d.map, zones: [...(d.map.zones ?? []), zone]};
    });
    this.hooks.open(`map.zones[${this.zones.length - 1}]`);
  }

  /**
   * One end of an opening; with both, the opening between the two zones whose walls
   * both ends lie on.
   * @param {Point} p
   */
  opening(p) {
    if (!this.points.length) {
      this.points = [p];
      this.render();
      return;
    }
    const [a] = this.points;
    this.points = [];
    const mid = /** @type {Point} */ ([(a[0] + p[0]) / 2, (a[1] + p[1]) / 2]);
    const near = this.zones.map((z, i) => ({i, d: edgeDistance(mid, ringOf(z))}))
      .filter(z => z.d <= WALL_M && this.floorOf(z.i) === this.floor)
      .sort((x, y) => x.d - y.d);
    if (near.length < 2) {
      this.hooks.say("an opening goes on the wall between two zones: both ends on it");
      this.render();
      return;
    }
    const between = [String(this.zones[near[0].i].id), String(this.zones[near[1].i].id)];
    this.draft.change(d => {
      d.map = {...d.map, openings: [...(d.map.openings ?? []), {between, at: [a, p]}]};
    });
    this.hooks.open(`map.openings[${(this.draft.data.map.openings ?? []).length - 1}]`);
  }

  /**
   * A plain frame in metres round the draft's zones, for as long as the server has not
   * drawn the draft (a new map has no actor yet, so it does not load): the outlines
   * and every tool work on it the same way.
   */
  frameOnly() {
    const points = this.zones.flatMap(z => ringOf(z));
    const xs = points.map(p => p[0]), ys = points.map(p => p[1]);
    const left = Math.min(0, ...xs) - 2, top = Math.min(0, ...ys) - 2;
    const width = Math.max(10, ...xs) + 2 - left, height = Math.max(8, ...ys) + 2 - top;
    const per = 40, gap = 40, title = 24;
    const floors = [...new Set([0, this.floor, ...this.zones.map(z => Number(z.floor ?? 0))])]
      .sort((a, b) => a - b);
    const across = floors.length * width * per + (floors.length - 1) * gap;
    const svg = el("svg", {viewBox: `0 0 ${across} ${height * per + title}`,
                           "data-map": "to-scale", "data-px-per-m": String(per),
                           class: "frame-only"});
    floors.forEach((f, k) => {  // one panel a floor, side by side, as the server draws them
      const x0 = k * (width * per + gap);
      const floor = el("g", {class: "floor", "data-floor": String(f),
                             "data-origin-m": `${left} ${top}`});
      const name = el("text", {x: String(x0), y: String(title - 8), class: "floor-title"});
      name.textContent = `floor ${f}`;
      floor.append(name, el("rect", {class: "panel", x: String(x0), y: String(title),
                                     width: String(width * per), height: String(height * per),
                                     fill: "#fbfaf6"}));
      for (let x = Math.ceil(left); x <= left + width; x += 1) {
        const at = String(x0 + (x - left) * per);
        floor.append(el("line", {x1: at, y1: String(title), x2: at,
                                 y2: String(title + height * per), class: "metre"}));
      }
      for (let y = Math.ceil(top); y <= top + height; y += 1) {
        const at = String(title + (y - top) * per);
        floor.append(el("line", {x1: String(x0), y1: at, x2: String(x0 + width * per), y2: at,
                                 class: "metre"}));
      }
      svg.append(floor);
    });
    this.host.replaceChildren(svg);
  }

  /** Draw the builder's layer again from the draft. */
  render() {
    if (!this.svg || this.svg.classList.contains("frame-only")) this.frameOnly();
    const svg = this.svg;
    if (!svg) return;
    const floors = this.floors();
    if (!floors.includes(this.floor)) this.floor = floors[0];  // its last zone moved away
    svg.querySelector("g.build-layer")?.remove();
    const layer = el("g", {class: "build-layer"});
    const faulty = this.hooks.faulty();
    const corners = this.hooks.tool() === "vertex";
    this.zones.forEach((zone, i) => {
      const floor = Number(zone.floor ?? 0);
      const ring = ringOf(zone).map(p => this.drawn(p, floor));
      if (ring.some(p => p === null) || !ring.length) return;
      const points = /** @type {Point[]} */ (ring);
      const outline = el("polygon", {points: points.map(p => p.join(",")).join(" "),
                                     class: "zone-outline", "data-path": `map.zones[${i}]`});
      if (faulty.has(`map.zones[${i}]`)) outline.classList.add("faulty");
      layer.append(outline);
      if (svg.classList.contains("frame-only")) {  // the server's drawing names them
        const name = el("text", {x: String(points[0][0] + 6), y: String(points[0][1] + 16),
                                 class: "zone-name"});
        name.textContent = String(zone.id);
        layer.append(name);
      }
      if (corners) {
        points.forEach((p, k) => layer.append(el("circle", {
          cx: String(p[0]), cy: String(p[1]), r: "7", class: "corner",
          "data-zone": String(i), "data-corner": String(k)})));
      }
    });
    (this.draft.data.map?.openings ?? []).forEach((/** @type {Data} */ o, /** @type {number} */ i) => {
      if (!Array.isArray(o.at) || o.at.length !== 2) return;
      const floor = this.floorOf(String(o.between?.[0] ?? ""));  // an opening joins one floor's zones
      const a = this.drawn(o.at[0], floor), b = this.drawn(o.at[1], floor);
      if (!a || !b) return;
      const line = el("line", {x1: String(a[0]), y1: String(a[1]), x2: String(b[0]),
                               y2: String(b[1]), class: "opening-mark"});
      if (faulty.has(`map.openings[${i}]`)) line.classList.add("faulty");
      layer.append(line);
    });
    if (this.points.length) {
      const drawnPoints = /** @type {Point[]} */ (
        this.points.map(p => this.drawn(p, this.floor)).filter(Boolean));
      layer.append(el("polyline", {points: drawnPoints.map(p => p.join(",")).join(" "),
                                   class: "drawing"}));
      drawnPoints.forEach((p, k) => layer.append(el("circle", {
        cx: String(p[0]), cy: String(p[1]), r: k ? "5" : "8", class: k ? "dot" : "dot first"})));
    }
    const c = this.drawn(this.cursor, this.floor);
    const cursor = c && document.activeElement === this.host ?
      el("circle", {cx: String(c[0]), cy: String(c[1]), r: this.held ? "10" : "6",
                    class: "key-cursor"}) : null;
    if (cursor) layer.append(cursor);
    svg.append(layer);
    this.applyZoom();
    // a zoomed map scrolls to keep the keyboard's cursor in sight
    if (cursor && this.zoomLevel > 1) cursor.scrollIntoView({block: "nearest", inline: "nearest"});
  }
}
