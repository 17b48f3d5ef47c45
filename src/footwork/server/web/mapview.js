// Pan and zoom of the inline SVG map: the wheel, dragging, two-finger pinch and the
// + / - / 0 keys change the drawing's viewBox. The view survives a redraw.

/** @typedef {{x: number, y: number, w: number, h: number}} Box */

/** The smallest and largest zoom, relative to the whole drawing. */
const MIN_SCALE = 0.1;
const MAX_SCALE = 12;
/** How far (CSS px) a pointer may move and still be a click. */
const CLICK_SLOP = 6;

/** The edges of the map that the page's controls cover, in CSS pixels. */
const RESERVED = {right: 58, bottom: 8};

/**
 * An element's box in its parent's coordinates: its own box moved by its transform (a
 * floor the page stacked under another).
 * @param {SVGGraphicsElement} element
 * @returns {{x: number, y: number, width: number, height: number}}
 */
function boxOf(element) {
  const b = element.getBBox();
  const m = element.transform.baseVal.consolidate()?.matrix;
  if (!m) return b;
  const xs = [b.x, b.x + b.width], ys = [b.y, b.y + b.height];
  const corners = xs.flatMap((x) => ys.map((y) => new DOMPoint(x, y).matrixTransform(m)));
  const x0 = Math.min(...corners.map((p) => p.x)), y0 = Math.min(...corners.map((p) => p.y));
  return {x: x0, y: y0, width: Math.max(...corners.map((p) => p.x)) - x0,
          height: Math.max(...corners.map((p) => p.y)) - y0};
}

export class MapView {
  /** @param {HTMLElement} host the element holding the SVG */
  constructor(host) {
    this.host = host;
    /** @type {SVGSVGElement | null} */
    this.svg = null;
    /** @type {Box} the whole drawing */
    this.full = {x: 0, y: 0, w: 1, h: 1};
    /** @type {Box} the map without its legend: what fits the view */
    this.home = {x: 0, y: 0, w: 1, h: 1};
    /** @type {Box} what is on screen */
    this.box = {x: 0, y: 0, w: 1, h: 1};
    /** @type {Box | null} the map's own extent (no legend, no room round it) */
    this.bounds = null;
    /** @type {Map<number, {x: number, y: number}>} pointers down */
    this.pointers = new Map();
    /** true while a drag or pinch moved the map (its click is not a click) */
    this.dragged = false;
    /** @type {{x: number, y: number} | null} */
    this.start = null;
    /** @type {(e: PointerEvent) => boolean} a press another tool takes (a token's
     * drag): the map does not pan for it */
    this.grab = () => false;
    host.addEventListener("wheel", (e) => this.wheel(e), {passive: false});
    host.addEventListener("pointerdown", (e) => this.down(e));
    host.addEventListener("pointermove", (e) => this.move(e));
    host.addEventListener("pointerup", (e) => this.up(e));
    host.addEventListener("pointercancel", (e) => this.up(e));
    host.addEventListener("click", (e) => {
      if (this.dragged) {
        e.stopPropagation();
        e.preventDefault();
        this.dragged = false;
      }
    }, true);
  }

  /**
   * Show a new drawing, keeping the view when the drawing has the same size.
   * @param {SVGSVGElement} svg
   * @param {boolean} [refit] fit it again (the room for the map changed)
   */
  show(svg, refit = false) {
    const size = {w: svg.width.baseVal.value || 800, h: svg.height.baseVal.value || 600};
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.host.replaceChildren(svg);
    this.arrange(svg, this.free());  // the drawing's parts laid out for this screen
    const vb = svg.viewBox.baseVal;
    /** @type {Box} */
    const full = vb && vb.width > 0
      ? {x: vb.x, y: vb.y, w: vb.width, h: vb.height}
      : {x: 0, y: 0, w: size.w, h: size.h};
    const same = this.svg !== null && full.w === this.full.w && full.h === this.full.h &&
      full.x === this.full.x && full.y === this.full.y;
    this.svg = svg;
    this.full = full;
    this.bounds = null;
    this.home = this.content(svg) ?? full;
    if (!same || refit) this.box = {...this.home};
    this.apply();
  }

  /**
   * The part of a drawing that is the map: everything but its legend (which the page
   * shows itself, and which a zoom out or a pan still reaches), with a margin; null
   * when it cannot be measured.
   * @param {SVGSVGElement} svg
   * @returns {Box | null}
   */
  content(svg) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const child of svg.children) {
      // the legend and the lines of text at the top level (the title, the subtitle: a
      // long line would shrink a small map) are read by zooming out
      if (!(child instanceof SVGGraphicsElement) || child instanceof SVGTextElement ||
          child.classList.contains("legend")) continue;
      let b;
      try {
        b = boxOf(child);
      } catch {
        continue;
      }
      if (b.width <= 0 && b.height <= 0) continue;
      // the drawing's background (a rect as large as the drawing) is not the map
      if (b.width >= this.full.w * 0.95 && b.height >= this.full.h * 0.95) continue;
      x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
    }
    if (!Number.isFinite(x0) || x1 - x0 < 10 || y1 - y0 < 10) return null;
    const margin = 8;
    const box = {x: x0 - margin, y: y0 - margin, w: x1 - x0 + 2 * margin, h: y1 - y0 + 2 * margin};
    this.bounds = box;
    // fit it beside the zoom buttons (right) and above the cost legend (bottom): the
    // view is as large as the host, the map centred in the part they leave free
    const host = this.host.getBoundingClientRect();
    const free = this.free();
    if (free.w < 100 || free.h < 100) return box;
    const scale = Math.min(free.w / box.w, free.h / box.h);
    // centred across; at the top, so that room left below shows the drawing's own legend
    // rather than an empty band above the map
    return {x: box.x - (free.w / scale - box.w) / 2, y: box.y,
            w: host.width / scale, h: host.height / scale};
  }

  /** The room the map fits in: the host but the zoom buttons and the cost legend. */
  free() {
    const host = this.host.getBoundingClientRect();
    return {w: host.width - RESERVED.right, h: host.height - RESERVED.bottom};
  }

  /**
   * Lay out a new drawing's parts for the room it has (views.js stacks the floors of a
   * wide map drawn to scale); nothing by default.
   * @param {SVGSVGElement} _svg
   * @param {{w: number, h: number}} _free
   */
  arrange(_svg, _free) {}

  apply() {
    const b = this.box;
    this.svg?.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
    this.onView();
  }

  /** Called whenever the view changes (the TV's text follows the zoom). */
  onView() {}

  /**
   * Zoom so that a point of the drawing is in the middle of the view at ``scale`` CSS
   * pixels per unit of the drawing (never further out than fitting the whole map).
   * @param {{x: number, y: number}} at
   * @param {number} scale
   */
  centre(at, scale) {
    const rect = this.host.getBoundingClientRect();
    const w = rect.width / scale, h = rect.height / scale;
    this.box = this.within({x: at.x - w / 2, y: at.y - h / 2, w, h});
    this.apply();
  }

  /**
   * A view moved (not resized) to show as much of the map as it can: along an axis where
   * the map is larger than the view, no blank beyond the map's edge; where it is
   * smaller, the map centred across and at the top, as the fitted view has it. A point
   * centred near the map's corner is then off centre, but still in view.
   * @param {Box} box
   * @returns {Box}
   */
  within(box) {
    const b = this.bounds;
    if (!b) return box;
    const free = this.free(), host = this.host.getBoundingClientRect();
    // the room the buttons take on the right, in the drawing's units
    const right = host.width > 0 ? (host.width - free.w) * box.w / host.width : 0;
    const across = box.w - right;
    const x = across >= b.w ? b.x - (across - b.w) / 2
      : Math.min(Math.max(box.x, b.x), b.x + b.w - across);
    const y = box.h >= b.h ? b.y : Math.min(Math.max(box.y, b.y), b.y + b.h - box.h);
    return {...box, x, y};
  }

  fit() {
    this.box = {...this.home};
    this.apply();
  }

  /**
   * Zoom by ``factor`` (over 1: closer) around a point of the screen.
   * @param {number} factor
   * @param {number} [clientX]
   * @param {number} [clientY]
   */
  zoom(factor, clientX, clientY) {
    const rect = this.host.getBoundingClientRect();
    const at = this.toMap(clientX ?? rect.left + rect.width / 2,
                          clientY ?? rect.top + rect.height / 2);
    const scale = this.full.w / (this.box.w / factor);
    if (scale < MIN_SCALE || scale > MAX_SCALE) return;
    const b = this.box;
    this.box = {
      x: at.x - (at.x - b.x) / factor, y: at.y - (at.y - b.y) / factor,
      w: b.w / factor, h: b.h / factor,
    };
    this.apply();
  }

  /**
   * Move the view by a distance of the screen.
   * @param {number} dx
   * @param {number} dy
   */
  pan(dx, dy) {
    const k = this.unit();
    this.box = {...this.box, x: this.box.x - dx * k, y: this.box.y - dy * k};
    this.apply();
  }

  /** Map units per CSS pixel (the drawing is letter-boxed: the larger ratio). */
  unit() {
    const rect = this.host.getBoundingClientRect();
    return Math.max(this.box.w / Math.max(rect.width, 1), this.box.h / Math.max(rect.height, 1));
  }

  /**
   * A point of the screen in the drawing's coordinates.
   * @param {number} clientX
   * @param {number} clientY
   */
  toMap(clientX, clientY) {
    const matrix = this.svg?.getScreenCTM();
    if (!this.svg || !matrix) return {x: this.box.x, y: this.box.y};
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return {x: point.x, y: point.y};
  }

  /** @param {WheelEvent} e */
  wheel(e) {
    e.preventDefault();
    this.zoom(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX, e.clientY);
  }

  /** @param {PointerEvent} e */
  down(e) {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    if (this.pointers.size === 0 && this.grab(e)) return;
    this.pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
    if (this.pointers.size === 1) {
      this.start = {x: e.clientX, y: e.clientY};
      this.dragged = false;
    }
  }

  /** @param {PointerEvent} e */
  move(e) {
    const last = this.pointers.get(e.pointerId);
    if (!last) return;
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      this.pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
      const [c, d] = [...this.pointers.values()];
      const after = Math.hypot(c.x - d.x, c.y - d.y);
      if (before > 0 && after > 0) this.zoom(after / before, (c.x + d.x) / 2, (c.y + d.y) / 2);
      this.dragged = true;
      return;
    }
    const start = this.start;
    if (!this.dragged && start &&
        Math.hypot(e.clientX - start.x, e.clientY - start.y) < CLICK_SLOP) return;
    if (!this.dragged) this.host.setPointerCapture(e.pointerId);
    this.dragged = true;
    this.pan(e.clientX - last.x, e.clientY - last.y);
    this.pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
  }

  /** @param {PointerEvent} e */
  up(e) {
    this.pointers.delete(e.pointerId);
    if (this.host.hasPointerCapture(e.pointerId)) this.host.releasePointerCapture(e.pointerId);
  }

  /**
   * The keys of the map: + and - zoom, 0 fits, the arrows pan. True if it was one.
   * @param {KeyboardEvent} e
   */
  key(e) {
    const step = 60;
    switch (e.key) {
      case "+": case "=": this.zoom(1.25); return true;
      case "-": case "_": this.zoom(0.8); return true;
      case "0": this.fit(); return true;
      case "ArrowLeft": this.pan(step, 0); return true;
      case "ArrowRight": this.pan(-step, 0); return true;
      case "ArrowUp": this.pan(0, step); return true;
      case "ArrowDown": this.pan(0, -step); return true;
      default: return false;
    }
  }
}
