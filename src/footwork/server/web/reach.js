// The places the held character can reach: read as two arrays (each option's place and
// cost, ``GET /reach``), shaded by the page on the drawing it already shows (no drawing
// is fetched on a pick-up), each option read in full only when someone looks at it.

import {api, byId, make, showNumber} from "./api.js";
import {base, key, page} from "./context.js";
import {isRisky} from "./words.js";

/**
 * @typedef {import("./api.js").Option} Option
 * @typedef {import("./context.js").Reach} Reach
 * @typedef {import("./context.js").ReachAnswer} ReachAnswer
 */

const SVG = "http://www.w3.org/2000/svg";
/** How many cost bands the reachable places are shaded in. */
const BANDS = 4;
/** Band colours (a sequential scale that colour-blind readers tell apart), each
 * with its own hatching as well. */
const BAND_COLOURS = ["#fde725", "#7ad151", "#22a884", "#2a788e"];

/**
 * @param {ReachAnswer} answer
 * @param {string} actor
 * @returns {Reach}
 */
function fromAnswer(answer, actor) {
  /** @type {Map<string, number[]>} */
  const places = new Map();
  answer.to.forEach((to, i) => {
    if (to === null) return;
    const known = places.get(to);
    if (known) known.push(i);
    else places.set(to, [i]);
  });
  const details = new Map(Object.entries(answer.options).map(([i, o]) => [Number(i), o]));
  return {actor, version: answer.version, to: answer.to, cost: answer.cost, places, details};
}

/**
 * The options of a character of this seat, as arrays.
 * @param {string} actor
 * @returns {Promise<Reach>}
 */
export async function readReach(actor) {
  const answer = /** @type {ReachAnswer} */ (await api(`${base}/reach`,
    {key, params: {as: page.viewAs, actor}}));
  return fromAnswer(answer, actor);
}

/**
 * The full options ``indices`` of the held character (read once, then kept).
 * @param {Reach} reach
 * @param {number[]} indices
 * @returns {Promise<Option[]>}
 */
export async function details(reach, indices) {
  const missing = indices.filter((i) => !reach.details.has(i));
  if (missing.length) {
    const url = new URL(`${base}/reach`, location.origin);
    url.searchParams.set("actor", reach.actor);
    if (page.viewAs) url.searchParams.set("as", page.viewAs);
    for (const i of missing.slice(0, 64)) url.searchParams.append("i", String(i));
    const answer = /** @type {ReachAnswer} */ (await api(url.pathname + url.search, {key}));
    for (const [i, o] of Object.entries(answer.options)) reach.details.set(Number(i), o);
  }
  return indices.map((i) => reach.details.get(i)).filter((o) => o !== undefined)
    .map((o) => /** @type {Option} */ (o));
}

/**
 * The cheapest cost of a place (null when none of its options has a number).
 * @param {Reach} reach
 * @param {number[]} indices
 */
export function placeCost(reach, indices) {
  const costs = indices.map((i) => reach.cost[i]).filter((c) => c !== null)
    .map((c) => /** @type {number} */ (c));
  return costs.length ? Math.min(...costs) : null;
}

/** @type {{band: number, low: number, high: number}[]} the legend's bands */
let bands = [];

/**
 * Each cost's band, on one scale (the cheapest to the dearest of the list).
 * @param {number[]} costs
 * @returns {(cost: number) => number}
 */
function banding(costs) {
  const values = [...new Set(costs)].sort((a, b) => a - b);
  const rank = new Map(values.map((v, i) => [v, i]));
  /** @param {number} cost */
  const band = (cost) => {
    const r = rank.get(cost) ?? 0;
    if (values.length <= BANDS) return r;
    return Math.min(BANDS - 1, Math.floor(r * BANDS / values.length));
  };
  bands = [];
  for (const value of values) {
    const b = band(value);
    const last = bands.at(-1);
    if (last && last.band === b) last.high = value;
    else bands.push({band: b, low: value, high: value});
  }
  return band;
}

/** The hatching of each band, put in the drawing's defs. */
export function patterns() {
  const hatch = [
    "",
    '<path d="M0 8 L8 0" stroke="#222" stroke-width="0.8" opacity="0.55"/>',
    '<path d="M0 0 L8 8 M0 4 L4 8 M4 0 L8 4" stroke="#111" stroke-width="0.8" opacity="0.55"/>',
    '<path d="M0 0 L8 8 M8 0 L0 8" stroke="#fff" stroke-width="1" opacity="0.75"/>',
  ];
  return BAND_COLOURS.map((colour, i) =>
    `<pattern id="fw-band-${i}" width="8" height="8" patternUnits="userSpaceOnUse">` +
    `<rect width="8" height="8" fill="${colour}" opacity="0.8"/>${hatch[i]}</pattern>`).join("");
}

/**
 * Where a grid drawing puts its cells: the side of one and the corner of (0, 0).
 * @param {SVGSVGElement} svg
 * @returns {{size: number, x: number, y: number} | null}
 */
export function gridOf(svg) {
  if (svg.getAttribute("data-map") !== "grid") return null;
  const size = Number(svg.getAttribute("data-px-per-cell") ?? "0");
  const [x, y] = (svg.getAttribute("data-origin") ?? "0 0").split(" ").map(Number);
  return size > 0 ? {size, x, y} : null;
}

/** Take the shading off the drawing (a put-down, or before shading another). */
export function unshade() {
  const svg = byId("map").querySelector("svg");
  if (!svg) return;
  svg.querySelector("g.fw-overlay")?.remove();
  for (const element of svg.querySelectorAll(".fw-reach")) {
    element.classList.remove("fw-reach", "fw-hot", "fw-risky");
    for (const name of ["data-band", "data-fw-options", "tabindex", "role", "aria-label"]) {
      element.removeAttribute(name);
    }
  }
  bands = [];
  showLegend();
}

/**
 * Shade the places of ``reach`` on the drawing shown: on a grid one square per cell in
 * a layer under the tokens; elsewhere the place's own shape.
 * @param {Reach} reach
 */
export function shade(reach) {
  unshade();
  const svg = byId("map").querySelector("svg");
  if (!svg) return;
  /** @type {[string, number[], number | null][]} */
  const found = [...reach.places].map(([place, indices]) => [place, indices, placeCost(reach, indices)]);
  const band = banding(found.map((f) => f[2]).filter((c) => c !== null).map((c) => /** @type {number} */ (c)));
  // places whose costs are not numbers (a movement action) are one band: reachable
  if (found.some((f) => f[2] === null)) bands.push({band: 0, low: NaN, high: NaN});
  const grid = gridOf(svg);
  /** @type {SVGGElement | null} */
  let layer = null;
  if (grid) {
    layer = /** @type {SVGGElement} */ (document.createElementNS(SVG, "g"));
    layer.setAttribute("class", "fw-overlay");
    const tokens = svg.querySelector(":scope > g.actors");
    if (tokens) svg.insertBefore(layer, tokens);
    else svg.append(layer);
  }
  /** @type {Map<string, Element[]>} */
  const shapes = new Map();
  if (!grid) {
    for (const element of svg.querySelectorAll(".place[data-place]")) {
      const place = element.getAttribute("data-place") ?? "";
      const known = shapes.get(place);
      if (known) known.push(element);
      else shapes.set(place, [element]);
    }
  }
  // on a grid each band is painted by one path of squares (a thousand hatched rects
  // cost the browser twice the time to paint); each cell keeps a clear rect of its own
  // to focus, hover and outline
  /** @type {string[]} */
  const bandPaths = ["", "", "", ""];
  if (grid && layer) {
    // each band one path of squares; each cell a clear square of its own (to focus,
    // hover, outline), written as one piece of markup parsed at once; beyond
    // MOST_CELLS cells a square is made only for the cell hovered or asked for
    // (cellOf): a thousand squares cost the pick-up their layout and paint
    /** @type {string[]} */
    const cells = [];
    cellBand.clear();
    for (const [place, indices, cost] of found) {
      const [row, col] = place.split(",").map(Number);
      if (!Number.isFinite(row) || !Number.isFinite(col)) continue;
      const x = grid.x + col * grid.size, y = grid.y + row * grid.size;
      const b = cost === null ? 0 : band(cost);
      bandPaths[b] += `M${x} ${y}h${grid.size}v${grid.size}h${-grid.size}z`;
      cellBand.set(place, b);
      if (found.length <= MOST_CELLS) cells.push(cellMarkup(reach, grid, place, indices, cost, b));
    }
    layer.insertAdjacentHTML("beforeend", cells.join(""));
  }
  for (const [place, indices, cost] of grid ? [] : found) {
    /** @type {Element[]} */
    const elements = shapes.get(place) ?? [];
    // options already read in full (ending the turn, a zone map's moves) show their risk
    const risky = indices.some((i) => {
      const option = reach.details.get(i);
      return option !== undefined && isRisky(option);
    });
    for (const element of elements) {
      element.classList.add("fw-reach");
      if (risky) element.classList.add("fw-risky");
      element.setAttribute("data-band", String(cost === null ? 0 : band(cost)));
      element.setAttribute("data-fw-options", indices.join(" "));
      element.setAttribute("tabindex", "0");
      element.setAttribute("role", "button");
      element.setAttribute("aria-label", `${place}: cost ${cost === null ? "—" : showNumber(cost)}` +
        (indices.length > 1 ? ` (${indices.length} ways)` : ""));
    }
  }
  if (grid && layer) costNumbers(svg, grid, layer, found);
  if (layer) {
    bandPaths.forEach((d, i) => {
      if (!d) return;
      const path = document.createElementNS(SVG, "path");
      path.setAttribute("class", "fw-band");
      path.setAttribute("data-band", String(i));
      path.setAttribute("d", d);
      layer?.prepend(path);
    });
  }
  showLegend();
}

/** Up to how many reachable cells each get a square of their own at a pick-up. */
export const MOST_CELLS = 400;
/** @type {Map<string, number>} each shaded cell's band */
const cellBand = new Map();

/**
 * A reachable cell's square: clear, focusable, with its place, band, options and words.
 * @param {Reach} reach
 * @param {{size: number, x: number, y: number}} grid
 * @param {string} place
 * @param {number[]} indices
 * @param {number | null} cost
 * @param {number} b its band
 */
function cellMarkup(reach, grid, place, indices, cost, b) {
  const [row, col] = place.split(",").map(Number);
  const x = grid.x + col * grid.size, y = grid.y + row * grid.size;
  const risky = indices.some((i) => {
    const option = reach.details.get(i);
    return option !== undefined && isRisky(option);
  });
  const label = `${place}: cost ${cost === null ? "—" : showNumber(cost)}` +
    (indices.length > 1 ? ` (${indices.length} ways)` : "");
  return `<rect class="fw-cell fw-reach${risky ? " fw-risky" : ""}" x="${x}" y="${y}" ` +
    `width="${grid.size}" height="${grid.size}" data-place="${place}" data-band="${b}" ` +
    `data-fw-options="${indices.join(" ")}" tabindex="0" role="button" aria-label="${label}"/>`;
}

/**
 * The element of a reachable place on the map (on a large grid its square, made when
 * first asked for), or null.
 * @param {string} place
 * @returns {Element | null}
 */
export function reachElement(place) {
  const host = byId("map");
  const found = host.querySelector(`.fw-reach[data-place="${CSS.escape(place)}"]`);
  if (found) return found;
  const svg = host.querySelector("svg");
  const layer = svg?.querySelector("g.fw-overlay");
  const reach = page.reach;
  const grid = svg ? gridOf(svg) : null;
  const indices = reach?.places.get(place);
  if (!layer || !reach || !grid || !indices) return null;
  layer.insertAdjacentHTML("beforeend", cellMarkup(reach, grid, place, indices,
    placeCost(reach, indices), cellBand.get(place) ?? 0));
  return layer.lastElementChild;
}

/** Up to how many reachable cells get their cost written inside (more would cost the
 * pick-up its paint; the legend, the tooltip and the ruler give every cost). */
export const MOST_NUMBERS = 400;

/**
 * Each reachable cell's cost written in its middle, where it fits: not in a cell a token
 * stands in, nor in the cell under it (where the token's name is written), nor one the
 * drawing writes in (a height, a depth), and only
 * when there are at most {@link MOST_NUMBERS} cells.
 * @param {SVGSVGElement} svg
 * @param {{size: number, x: number, y: number}} grid
 * @param {SVGGElement} layer
 * @param {[string, number[], number | null][]} found
 */
function costNumbers(svg, grid, layer, found) {
  if (found.length > MOST_NUMBERS) return;
  const taken = new Set();
  for (const token of svg.querySelectorAll("[data-actor][data-row][data-col]")) {
    const row = Number(token.getAttribute("data-row")), col = Number(token.getAttribute("data-col"));
    taken.add(`${row},${col}`).add(`${row + 1},${col}`);
  }
  // nor where the drawing writes in the cell itself (a height, a water depth "d4")
  for (const text of svg.querySelectorAll(":scope > g:not(.legend) text[x][y]")) {
    const x = Number(text.getAttribute("x")), y = Number(text.getAttribute("y"));
    taken.add(`${Math.floor((y - grid.y) / grid.size)},${Math.floor((x - grid.x) / grid.size)}`);
  }
  const group = document.createElementNS(SVG, "g");
  group.setAttribute("class", "fw-costs");
  group.setAttribute("aria-hidden", "true");
  group.setAttribute("font-size", String(Math.round(grid.size * 0.36)));
  for (const [place, , cost] of found) {
    if (cost === null || taken.has(place)) continue;
    const [row, col] = place.split(",").map(Number);
    const text = document.createElementNS(SVG, "text");
    text.setAttribute("x", String(grid.x + (col + 0.5) * grid.size));
    text.setAttribute("y", String(grid.y + (row + 0.5) * grid.size));
    text.textContent = showNumber(cost);
    group.append(text);
  }
  layer.append(group);
}

/** The cost legend of the shaded places (hidden when nothing is shaded). */
function showLegend() {
  const legend = byId("legend");
  legend.replaceChildren();
  if (!page.held || !bands.length) {
    legend.hidden = true;
    return;
  }
  legend.hidden = false;
  legend.append(make("span", "legend-title", "cost"));
  for (const b of bands) {
    const item = make("span", "legend-item");
    item.insertAdjacentHTML("beforeend",
      `<svg width="22" height="16" aria-hidden="true"><defs>${patterns()}</defs>` +
      `<rect width="22" height="16" fill="url(#fw-band-${b.band})" stroke="#333"/></svg>`);
    item.append(Number.isNaN(b.low) ? "reachable" : b.low === b.high ? showNumber(b.low)
      : `${showNumber(b.low)}–${showNumber(b.high)}`);
    legend.append(item);
  }
}
