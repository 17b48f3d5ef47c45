// Which place, token or point a pointer is on, worked out from the map's coordinates
// rather than from whichever SVG element is on top (a label, a cost number, a token's
// ring, another place's shading): a click anywhere inside a highlighted place is that
// place.

import {gridOf} from "./reach.js";

/**
 * The reachable place under a point of the screen: on a grid the cell by arithmetic;
 * elsewhere the shaded place whose shape holds the point (the smallest, when a feature
 * lies inside a span). Null off every reachable place.
 * @param {SVGSVGElement} svg
 * @param {Map<string, number[]>} places the reachable places
 * @param {number} clientX
 * @param {number} clientY
 * @returns {string | null}
 */
export function placeAt(svg, places, clientX, clientY) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  const grid = gridOf(svg);
  if (grid) {
    const row = Math.floor((p.y - grid.y) / grid.size);
    const col = Math.floor((p.x - grid.x) / grid.size);
    const cell = `${row},${col}`;
    return places.has(cell) ? cell : null;
  }
  return smallestHolding(svg.querySelectorAll(".fw-reach[data-place]"), clientX, clientY,
                         (place) => places.has(place));
}

/**
 * Any place of the map under a point of the screen, reachable or not (the game
 * master's fiat puts a token anywhere): on a grid the cell inside the grid's rows and
 * columns; elsewhere the smallest place whose shape holds the point. Null off the map.
 * @param {SVGSVGElement} svg
 * @param {number} clientX
 * @param {number} clientY
 * @returns {string | null}
 */
export function anyPlaceAt(svg, clientX, clientY) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const grid = gridOf(svg);
  if (grid) {
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    const row = Math.floor((p.y - grid.y) / grid.size);
    const col = Math.floor((p.x - grid.x) / grid.size);
    const rows = Number(svg.getAttribute("data-rows") ?? "0");
    const cols = Number(svg.getAttribute("data-cols") ?? "0");
    return row >= 0 && col >= 0 && row < rows && col < cols ? `${row},${col}` : null;
  }
  return smallestHolding(svg.querySelectorAll(".place[data-place]"), clientX, clientY,
                         () => true);
}

/**
 * The place (``data-place``) of the smallest of ``elements`` whose shape holds a point
 * of the screen, among those ``keep`` accepts (a feature inside a span is smaller than
 * the span); null when none holds it.
 * @param {Iterable<Element>} elements
 * @param {number} clientX
 * @param {number} clientY
 * @param {(place: string) => boolean} keep
 * @returns {string | null}
 */
function smallestHolding(elements, clientX, clientY, keep) {
  let best = null, area = Infinity;
  for (const element of elements) {
    const place = element.getAttribute("data-place") ?? "";
    if (!keep(place)) continue;
    for (const shape of shapesOf(element)) {
      const local = shape.getScreenCTM();
      if (!local) continue;
      const q = new DOMPoint(clientX, clientY).matrixTransform(local.inverse());
      if (!shape.isPointInFill(q)) continue;
      const box = shape.getBBox();
      if (box.width * box.height < area) {
        area = box.width * box.height;
        best = place;
      }
    }
  }
  return best;
}

/**
 * The shapes that are a place's area: the element itself, or its first shape (a zone's
 * polygon, a span's box; not its label nor the tokens inside).
 * @param {Element} element
 * @returns {SVGGeometryElement[]}
 */
function shapesOf(element) {
  if (element instanceof SVGGeometryElement) return [element];
  const first = [...element.children].find((c) => c instanceof SVGGeometryElement);
  return first ? [/** @type {SVGGeometryElement} */ (first)] : [];
}

/**
 * The token under a point of the screen (whatever is drawn over it), or null.
 * @param {number} clientX
 * @param {number} clientY
 * @returns {string | null}
 */
export function tokenAt(clientX, clientY) {
  for (const element of document.elementsFromPoint(clientX, clientY)) {
    const token = element.closest("#map [data-actor]");
    if (token) return token.getAttribute("data-actor");
  }
  return null;
}

/**
 * A point of the screen on a map drawn to scale, in metres (null off every floor).
 * @param {SVGSVGElement} svg
 * @param {number} clientX
 * @param {number} clientY
 * @returns {number[] | null}
 */
export function metresAt(svg, clientX, clientY) {
  const perM = Number(svg.getAttribute("data-px-per-m") ?? "0");
  if (!perM) return null;
  for (const floor of svg.querySelectorAll("g.floor[data-origin-m]")) {
    const panel = floor.querySelector("rect.panel");
    // the floor's own coordinates (the page may have moved the floor: stacked floors)
    const matrix = panel instanceof SVGGraphicsElement ? panel.getScreenCTM() : null;
    if (!panel || !matrix) continue;
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    const x = Number(panel.getAttribute("x")), y = Number(panel.getAttribute("y"));
    const w = Number(panel.getAttribute("width")), h = Number(panel.getAttribute("height"));
    if (p.x < x || p.y < y || p.x > x + w || p.y > y + h) continue;
    const [mx, my] = (floor.getAttribute("data-origin-m") ?? "0 0").split(" ").map(Number);
    return [mx + (p.x - x) / perM, my + (p.y - y) / perM];
  }
  return null;
}

/** @typedef {number[][][][]} Region polygons, each a list of rings of [x, y] */

/**
 * Is a point inside a ring (even-odd)?
 * @param {number[]} p
 * @param {number[][]} ring
 */
function inRing(p, ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if ((yi > p[1]) !== (yj > p[1]) && p[0] < (xj - xi) * (p[1] - yi) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

/**
 * Is a point inside a region (in a polygon's outer ring and none of its holes)?
 * @param {number[]} p
 * @param {Region} region
 */
export function inRegion(p, region) {
  return region.some((rings) => rings.length > 0 && inRing(p, rings[0]) &&
    !rings.slice(1).some((hole) => inRing(p, hole)));
}

/**
 * The point of a region nearest to ``p``: ``p`` itself inside it, else the nearest
 * point of its edges, moved a hair inwards (towards ``inside``, a point known to be in).
 * @param {number[]} p
 * @param {Region} region
 * @param {number[]} inside
 * @returns {number[]}
 */
export function snapInto(p, region, inside) {
  if (inRegion(p, region)) return p;
  let best = inside, far = Infinity;
  for (const rings of region) {
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i], b = ring[(i + 1) % ring.length];
        const dx = b[0] - a[0], dy = b[1] - a[1];
        const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) /
          Math.max(dx * dx + dy * dy, 1e-12)));
        const q = [a[0] + t * dx, a[1] + t * dy];
        const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
        if (d < far) {
          far = d;
          best = q;
        }
      }
    }
  }
  const gap = Math.hypot(inside[0] - best[0], inside[1] - best[1]) || 1;
  for (const step of [0.01, 0.05, 0.1, 0.25, 0.5]) {  // metres inwards
    const k = Math.min(1, step / gap);
    const q = [best[0] + (inside[0] - best[0]) * k, best[1] + (inside[1] - best[1]) * k];
    if (inRegion(q, region)) return q;
  }
  return inside;
}
