// The page on a shared screen and on a phone. The TV (``?tv`` or the TV button): the map
// has the whole screen, its text never under 16 px (on any screen 1600 px wide too) and
// growing with the zoom, whose
// turn it is and the last ruling in large type, the legends folded away on demand. The
// phone: the first view fits the map to the width with tokens at least 24 px and the
// places' names at least 12 px (about your character), no text of the map under 12 px,
// double-tap zooms, "find my character", and the sheet of panels never
// covers the token being moved.

import {byId} from "./api.js";
import {mayCommand, page, tv} from "./context.js";
import {layOutLegend} from "./legend.js";

/** @typedef {import("./mapview.js").MapView} MapView */

/** The least size of a token on a phone, and of the map's text on the TV or any screen
 * as wide as one (CSS px: 16 px reads from a sofa). */
const MIN_TOKEN = 24;
const MIN_TEXT = 16;
/** The least size of a place's name in a phone's first view (CSS px), and of any text
 * of the map on a phone; how far past fitting the width that first view zooms in at
 * most. */
const MIN_LABEL = 12;
const MAX_FIRST_ZOOM = 4;
/** How close (ms, CSS px) two taps are to be a double tap. */
const DOUBLE_TAP = {ms: 320, px: 30};

const host = byId("map");

export function isPhone() {
  return matchMedia("(max-width: 760px)").matches;
}

function isTv() {
  return document.body.classList.contains("tv");
}

/** A screen as wide as a TV (1920 px; from 1600): the game master's page on the TV
 * without the ``?tv`` view keeps its panels, in large type too (style.css). */
const WIDE = matchMedia("(min-width: 1600px)");

/** The least size on screen (CSS px) of the map's text here: 16 px on the TV or a
 * screen as wide, 12 px on a phone (the drawing's axis ticks, tokens' names and cells'
 * costs are drawn for a page or a desktop's window, 6 to 11 px at a phone's fit), none
 * elsewhere (the drawing's own sizes). */
function leastText() {
  if (isTv() || WIDE.matches) return MIN_TEXT;
  return isPhone() ? MIN_LABEL : 0;
}

/** @param {MapView} map */
export function setUpViews(map) {
  map.arrange = stackFloors;
  let textFrame = 0;
  let enlarged = false;
  map.onView = () => {
    const least = leastText();
    if (!least && !enlarged) return;
    enlarged = least > 0;
    cancelAnimationFrame(textFrame);
    textFrame = requestAnimationFrame(() => {
      const start = performance.now();
      textAtLeast(map, least);
      performance.measure("fw-map-text", {start});  // bench: its cost per view change
    });
  };
  // the map's room changes (the cost legend's strip comes and goes): the drawing is
  // drawn smaller with the same view, and its text must be measured again
  new ResizeObserver(() => map.onView()).observe(host);
  byId("find-me").addEventListener("click", () => findMe(map, 32));
  byId("tv-toggle").addEventListener("click", () => showTv(map, !isTv()));
  byId("tv-legend").addEventListener("click", () => {
    const folded = host.classList.toggle("fw-no-legend");
    byId("tv-legend").setAttribute("aria-pressed", String(!folded));
  });
  let last = {t: 0, x: 0, y: 0};
  host.addEventListener("pointerup", (e) => {
    if (e.pointerType !== "touch") return;
    const near = Math.hypot(e.clientX - last.x, e.clientY - last.y) < DOUBLE_TAP.px;
    if (e.timeStamp - last.t < DOUBLE_TAP.ms && near) {
      map.zoom(2, e.clientX, e.clientY);
      last = {t: 0, x: 0, y: 0};
    } else {
      last = {t: e.timeStamp, x: e.clientX, y: e.clientY};
    }
  });
  if (tv) showTv(map, true);
  matchMedia("(max-width: 760px)").addEventListener("change", () => {
    fitTitle();
    fitChips();
  });
}

/** On a phone, the table's name on one line beside the lobby's link: set smaller when
 * it is too long for it, down to 12 px, then in a lighter weight, and only then
 * wrapped (nothing of it hidden). */
export function fitTitle() {
  const title = byId("title");
  title.style.removeProperty("font-size");
  title.classList.remove("fw-wrap", "fw-narrow");
  if (!isPhone() || isTv()) return;
  let size = parseFloat(getComputedStyle(title).fontSize);
  while (title.scrollWidth > title.clientWidth + 1 && size > MIN_LABEL) {
    size = Math.max(MIN_LABEL, size - 1);
    title.style.fontSize = `${size}px`;
  }
  if (title.scrollWidth > title.clientWidth + 1) title.classList.add("fw-narrow");
  if (title.scrollWidth > title.clientWidth + 1) title.classList.add("fw-wrap");
}

/**
 * A seat in a player's words: "game master", "side foes", or the character's name;
 * ``short``: "GM", "foes", the name.
 * @param {string} seat the seat's id (``gm``, ``side:foes``, ``actor:pidgeotto``)
 * @param {boolean} [short]
 */
export function seatWords(seat, short = false) {
  if (seat === "gm") return short ? "GM" : "game master";
  if (seat.startsWith("side:")) return short ? seat.slice(5) : `side ${seat.slice(5)}`;
  return seat.startsWith("actor:") ? seat.slice(6) : seat;
}

/** Do the header's chips take more than one line? */
function chipsWrap() {
  const middles = [...document.querySelectorAll("header.bar .chip")]
    .map((chip) => chip.getBoundingClientRect())
    .filter((r) => r.width > 0)
    .map((r) => (r.top + r.bottom) / 2);
  return middles.length > 1 && Math.max(...middles) - Math.min(...middles) > 8;
}

/**
 * On a phone, the header's chips on one line: a long character's name in the turn's
 * chip or a long seat took a third line of the header. Until they fit, the seat's chip
 * says the seat alone ("foes" for "you: side foes", "GM"), then the connection's chip its dot
 * alone ("●" for "● live"); each keeps its whole text as its title and accessible name.
 * Only past that do they wrap.
 * @param {string} seat the seat's whole words ("you: side foes")
 * @param {string} short the seat alone ("foes")
 */
export function fitChips(seat = byId("seat").dataset.words ?? "",
                         short = byId("seat").dataset.short ?? "") {
  const chip = byId("seat"), live = byId("live");
  chip.dataset.words = seat;
  chip.dataset.short = short;
  chip.textContent = seat;
  chip.removeAttribute("title");
  const status = live.dataset.words ?? live.textContent ?? "";
  live.dataset.words = status;
  live.textContent = status;
  live.removeAttribute("title");
  if (!isPhone() || isTv() || !chipsWrap()) return;
  chip.textContent = short;
  chip.title = seat;
  const [mark, ...rest] = status.split(" ");
  if (!chipsWrap() || !rest.length) return;
  // the words stay for a screen reader (the chip is the page's live status)
  const words = document.createElement("span");
  words.className = "fw-unseen";
  words.textContent = ` ${rest.join(" ")}`;
  live.replaceChildren(mark, words);
  live.title = status;
}

/** The gap between floors stacked in a column, in the drawing's units. */
const FLOOR_GAP = 24;

/**
 * The floors of a map drawn to scale side by side, or in a column when that draws the
 * map larger in the room it has (a wide map on a TV or a phone: no empty band below
 * it). What lies under the floors (the scale bar, the legend) moves under the column.
 * Hit-testing reads each floor's own coordinates, so a moved floor still answers clicks.
 * @param {SVGSVGElement} svg
 * @param {{w: number, h: number}} free
 */
export function stackFloors(svg, free) {
  const floors = [...svg.querySelectorAll(":scope > g.floor")];
  if (floors.length < 2 || free.w < 100 || free.h < 100) return;
  const boxes = floors.map((f) => /** @type {SVGGraphicsElement} */ (f).getBBox());
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const wide = Math.max(...boxes.map((b) => b.width));
  const tall = boxes.reduce((sum, b) => sum + b.height, 0) + FLOOR_GAP * (boxes.length - 1);
  const row = Math.min(free.w / (right - left), free.h / (bottom - top));
  const column = Math.min(free.w / wide, free.h / tall);
  if (column <= row * 1.1) return;  // side by side is as good
  let y = top;
  floors.forEach((floor, i) => {
    floor.setAttribute("transform", `translate(${left - boxes[i].x} ${y - boxes[i].y})`);
    y += boxes[i].height + FLOOR_GAP;
  });
  const grown = (y - FLOOR_GAP) - bottom;
  for (const child of svg.children) {
    if (!(child instanceof SVGGraphicsElement) || child.matches("g.floor")) continue;
    const b = child.getBBox();
    if (b.y >= bottom - 1) {
      child.setAttribute("transform", `translate(0 ${grown}) ${child.getAttribute("transform") ?? ""}`.trim());
    }
  }
  const vb = svg.viewBox.baseVal;
  for (const rect of svg.querySelectorAll(":scope > rect")) {  // the background grows too
    const r = /** @type {SVGRectElement} */ (rect);
    if (r.width.baseVal.value >= vb.width * 0.95 && r.height.baseVal.value >= vb.height * 0.95) {
      r.setAttribute("height", String(r.height.baseVal.value + grown));
    }
  }
  svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.width} ${vb.height + grown}`);
  svg.dataset.floors = "column";
}

/**
 * The TV view on or off (kept in the address, so a reload keeps it).
 * @param {MapView} map
 * @param {boolean} on
 */
function showTv(map, on) {
  document.body.classList.toggle("tv", on);
  byId("tv-toggle").setAttribute("aria-pressed", String(on));
  fitTitle();
  fitChips();
  const url = new URL(location.href);
  if (on) url.searchParams.set("tv", "");
  else url.searchParams.delete("tv");
  history.replaceState(null, "", url.toString().replace(/tv=(&|$)/, "tv$1"));
  requestAnimationFrame(() => {
    if (map.svg) map.show(map.svg, true);
    if (!on) for (const text of host.querySelectorAll("svg text")) {
      /** @type {SVGTextElement} */ (text).style.removeProperty("font-size");
    }
  });
}

/**
 * On the TV or a phone, every text of the map at least ``least`` CSS px on screen
 * (larger as one zooms in); 0 gives every text its own size back.
 * @param {MapView} map
 * @param {number} least
 */
function textAtLeast(map, least) {
  const scale = 1 / map.unit();  // CSS px per unit of the drawing
  for (const element of host.querySelectorAll("svg text")) {
    const text = /** @type {SVGTextElement} */ (element);
    let size = Number(text.dataset.fwSize);
    if (!size) {
      size = parseFloat(getComputedStyle(text).fontSize) || 12;
      text.dataset.fwSize = String(size);
    }
    if (size * scale < least) text.style.fontSize = `${(least / scale).toFixed(2)}px`;
    else text.style.removeProperty("font-size");
  }
  restack(least / scale);
  stackNames(least > 0);
  if (map.svg) layOutLegend(map.svg, least / scale, legendRoom(map));
}

/**
 * Tokens' names, written under each token a token apart (two in one grid cell: half a
 * cell), set larger, ran into each other ("bobpip", "pell h2" over "kite h3"): a name
 * that would run into one before it moves down a line, as often as it needs (at most
 * three lines).
 * @param {boolean} larger the page sets the map's text larger than drawn
 */
function stackNames(larger) {
  /** @type {{x: number, y: number, width: number, height: number}[]} names placed */
  const placed = [];
  for (const label of host.querySelectorAll("svg g[data-actor] > text.actor-label")) {
    const name = /** @type {SVGTextElement} */ (label);
    const before = name.previousElementSibling;
    const halo = before?.matches("text.halo") ? before : null;
    name.removeAttribute("transform");
    halo?.removeAttribute("transform");
    if (!larger) continue;
    const box = name.getBBox();
    /** @param {{x: number, y: number, width: number, height: number}} b */
    const hits = (b) => box.x < b.x + b.width - 0.5 && b.x < box.x + box.width - 0.5 &&
      box.y < b.y + b.height - 0.5 && b.y < box.y + box.height - 0.5;
    let down = 0;
    while (down < 3 * box.height && placed.some(hits)) {
      down += box.height;
      box.y += box.height;
    }
    placed.push(box);
    if (!down) continue;
    const move = `translate(0 ${down.toFixed(2)})`;
    name.setAttribute("transform", move);
    halo?.setAttribute("transform", move);
  }
}

/**
 * The room across for the drawing's legend laid out again: from the map's left edge to
 * the right of what the fitted view shows (beside the zoom buttons), in the drawing's
 * units; the legend reads under the map at the fit, and a pan reaches it when zoomed.
 * @param {MapView} map
 */
function legendRoom(map) {
  const home = map.home;
  const width = host.getBoundingClientRect().width;
  const x1 = width > 0 ? home.x + map.free().w * home.w / width : home.x + home.w;
  const x0 = map.bounds ? Math.max(map.bounds.x, home.x) : home.x;
  return {x0: x0 + 4, x1: Math.max(x1 - 4, x0 + 200)};
}

/**
 * Lines of text the drawing stacks in a group, one under the other at one x (a zone's
 * name, then "hidden", then its odds): a line set larger than drawn moves down as far as
 * it needs to clear the line above (on a phone "hidden" at 12 px ran into the zone's
 * name), and the lines under it with it; lines drawn far enough apart stay
 * where they are (the legend is laid out by legend.js).
 * @param {number} least the least size in units of the drawing (0: as drawn)
 */
function restack(least) {
  /** @type {Map<Element, SVGTextElement[]>} */
  const groups = new Map();
  for (const element of host.querySelectorAll("svg g:not(.legend) > text[x][y]")) {
    const parent = /** @type {Element} */ (element.parentElement);
    const texts = groups.get(parent);
    if (texts) texts.push(/** @type {SVGTextElement} */ (element));
    else groups.set(parent, [/** @type {SVGTextElement} */ (element)]);
  }
  for (const texts of groups.values()) {
    const x = texts[0].getAttribute("x");
    if (texts.length < 2 || texts.some((t) => t.getAttribute("x") !== x)) continue;
    const ys = [...new Set(texts.map((t) => Number(t.getAttribute("y"))))].sort((a, b) => a - b);
    if (ys.length < 2) continue;
    /** @type {Map<number, number>} each line's size as drawn (its largest text) */
    const drawn = new Map();
    for (const t of texts) {
      const y = Number(t.getAttribute("y"));
      drawn.set(y, Math.max(drawn.get(y) ?? 0, Number(t.dataset.fwSize) || 0));
    }
    let above = ys[0], placed = ys[0];
    for (const y of ys) {
      const size = drawn.get(y) ?? 0;
      let at = y + (placed - above);  // moved with the lines above
      if (y !== ys[0] && least > size) at = Math.max(at, placed + 1.15 * least);
      above = y;
      placed = at;
      for (const t of texts) {
        if (Number(t.getAttribute("y")) !== y) continue;
        if (at - y > 0.01) t.setAttribute("dy", (at - y).toFixed(2));
        else t.removeAttribute("dy");
      }
    }
  }
}

/** The character this page is about: the one in hand, else whose turn it is if it is
 * yours, else your first, else whose turn it is. */
function mine() {
  const state = page.state;
  if (!state) return null;
  if (page.held) return page.held;
  if (state.turn && mayCommand(state.turn)) return state.turn;
  return Object.keys(state.actors).find((a) => mayCommand(a)) ?? state.turn ?? null;
}

/**
 * A token's body on screen (its disc or box, not its name).
 * @param {string} actor
 * @returns {DOMRect | null}
 */
function tokenBox(actor) {
  const token = host.querySelector(`svg [data-actor="${CSS.escape(actor)}"]`);
  const body = token?.querySelector("circle, ellipse, rect") ?? token;
  const box = body?.getBoundingClientRect();
  return box && box.width > 0 ? box : null;
}

/**
 * Centre the view on your character, its token at least ``least`` CSS px.
 * @param {MapView} map
 * @param {number} least
 */
export function findMe(map, least) {
  const actor = mine();
  const box = actor ? tokenBox(actor) : null;
  if (!box) return;
  const size = Math.min(box.width, box.height);
  centreOn(map, box, (size >= least ? 1 : least / size) / map.unit());
}

/**
 * Centre the view on a token's box at ``scale`` CSS px per unit of the drawing.
 * @param {MapView} map
 * @param {DOMRect} box
 * @param {number} scale
 */
function centreOn(map, box, scale) {
  const m = map.svg?.getScreenCTM();
  if (!m) return;
  const at = new DOMPoint(box.left + box.width / 2, box.top + box.height / 2)
    .matrixTransform(m.inverse());
  map.centre({x: at.x, y: at.y}, scale);
}

/**
 * The size on screen (CSS px) of the places' names, the median of those drawn; null
 * when the drawing names no place.
 * @param {MapView} map
 */
function labelSize(map) {
  const scale = 1 / map.unit();
  const sizes = [...host.querySelectorAll("svg text.place-label")]
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)
    .filter((size) => size > 0)
    .sort((a, b) => a - b);
  return sizes.length ? sizes[Math.floor(sizes.length / 2)] : null;
}

/**
 * The first view of a table on a phone: the map fitted to the width, zoomed in about
 * your character when its tokens would be smaller than 24 px or the places' names
 * smaller than 12 px (a site map of a whole building), at most 4 times.
 * @param {MapView} map
 */
export function firstView(map) {
  if (!isPhone()) return;
  const actor = mine() ?? Object.keys(page.state?.actors ?? {})[0];
  const box = actor ? tokenBox(actor) : null;
  const label = labelSize(map);
  const need = Math.max(box ? MIN_TOKEN * 1.15 / Math.min(box.width, box.height) : 1,
                        label ? MIN_LABEL / label : 1);
  if (need > 1 && box) centreOn(map, box, Math.min(need, MAX_FIRST_ZOOM) / map.unit());
}

/** On a phone, the token in hand stays in sight above the sheet of panels. */
export function keepInSight() {
  if (!isPhone() || !page.held) return;
  const box = tokenBox(page.held);
  if (!box) return;
  const area = host.getBoundingClientRect();
  const bottom = Math.min(area.bottom, byId("panels").getBoundingClientRect().top) - 12;
  if (box.top >= area.top + 8 && box.bottom <= bottom && box.left >= area.left &&
      box.right <= area.right && !underZoom(box)) return;
  centreAbove(box, bottom);
}

/**
 * Is a token's box under the zoom buttons? Their column takes the taps over the map
 * there: such a token could not be tapped (a tap zooms instead).
 * @param {DOMRect} box
 */
function underZoom(box) {
  const zoom = byId("zoom").getBoundingClientRect();
  return box.right > zoom.left && box.left < zoom.right && box.bottom > zoom.top &&
    box.top < zoom.bottom;
}

/**
 * Pan the map so that a token's box is in the middle of the map above ``bottom``.
 * @param {DOMRect} box
 * @param {number} bottom
 */
function centreAbove(box, bottom) {
  const area = host.getBoundingClientRect();
  const x = area.left + area.width / 2, y = area.top + (bottom - area.top) / 2;
  mapRef?.pan(x - (box.left + box.width / 2), y - (box.top + box.height / 2));
}

/** Whose turn it was when the map was last looked at for it. */
let turnSeen = /** @type {string | null} */ (null);

/** On a phone, when the turn comes to one of your characters, its token is moved out
 * from under the zoom buttons (where a tap would zoom rather than pick it up). */
export function clearForTurn() {
  const turn = page.state?.turn ?? null;
  if (turn === turnSeen) return;
  turnSeen = turn;
  if (!isPhone() || !turn || !mayCommand(turn) || page.held) return;
  const box = tokenBox(turn);
  if (!box || !underZoom(box)) return;
  centreAbove(box, Math.min(host.getBoundingClientRect().bottom,
                            byId("panels").getBoundingClientRect().top) - 12);
}

/** @type {MapView | null} */
let mapRef = null;

/** @param {MapView} map */
export function remember(map) {
  mapRef = map;
}

/** The map's host takes the drawing's background colour: no seam when zoomed out. */
export function matchBackground() {
  const svg = host.querySelector("svg");
  const back = svg?.querySelector(":scope > rect");
  host.style.background = back?.getAttribute("fill") ?? "";
}
