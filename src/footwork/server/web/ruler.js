// Dragging a token with a ruler: press on one of your tokens and drag; the path to the
// place under the pointer, its cost, what is left, each check with its odds and the
// warnings follow the pointer; release to move there, Escape or dragging back onto the
// token cancels. The path each token took this turn stays drawn, faded, for everyone
// whose drawing shows that token.

import {byId, make, showNumber} from "./api.js";
import {hooks, mayCommand, page, say} from "./context.js";
import {anyPlaceAt, tokenAt} from "./hittest.js";
import {reachableAt} from "./mapinput.js";
import {hideTip, landing, moveTo, optionsOf} from "./moves.js";
import {addWaypoint, clearPlan, sendPlanIfPriced} from "./plan.js";
import {gridOf} from "./reach.js";
import {describe} from "./words.js";

/** @typedef {{x: number, y: number}} Point a point of the drawing */

const SVG = "http://www.w3.org/2000/svg";
/** How far (CSS px) a press may move and still be a click. */
const SLOP = 6;
/** How long (ms) the pointer rests over a grid cell, while dragging, to lay a waypoint. */
export const PAUSE_MS = 600;

const host = byId("map");

/** @returns {SVGSVGElement | null} */
function svgOf() {
  const svg = host.querySelector("svg");
  return svg instanceof SVGSVGElement ? svg : null;
}

/**
 * A point of the screen in the drawing's coordinates.
 * @param {SVGSVGElement} svg
 * @param {number} x
 * @param {number} y
 * @returns {Point}
 */
function toSvg(svg, x, y) {
  const m = svg.getScreenCTM();
  if (!m) return {x, y};
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  return {x: p.x, y: p.y};
}

/**
 * The centre of an element in the drawing's coordinates.
 * @param {SVGSVGElement} svg
 * @param {Element} element
 * @returns {Point | null}
 */
function centreOf(svg, element) {
  if (!(element instanceof SVGGraphicsElement)) return null;
  const box = element.getBoundingClientRect();
  if (!box.width && !box.height) return null;
  return toSvg(svg, box.left + box.width / 2, box.top + box.height / 2);
}

/**
 * @typedef {{actor: string, pointer: number, x: number, y: number, moved: boolean,
 *   from: Point | null, place: string | null, indices: number[], at: number[] | null,
 *   cell: string | null, laid: boolean, pause: number}} Drag the drag under way: on a
 *   styles grid ``cell`` is the cell under the pointer, ``laid`` whether it laid
 *   waypoints (pausing, or W or Space), ``pause`` the timer of the pause
 */

/** @type {Drag | null} */
let drag = null;
/** The click that ends a drag is not a click. */
let swallow = false;
let frame = 0;

/** @param {import("./mapview.js").MapView} map */
export function startRuler(map) {
  map.grab = (e) => {
    // the game master placing by fiat clicks tokens to choose them: no drag then
    if (host.classList.contains("fw-placing")) return false;
    const id = tokenAt(e.clientX, e.clientY);
    if (!id || !mayCommand(id) || page.state?.pending) return false;
    drag = {actor: id, pointer: e.pointerId, x: e.clientX, y: e.clientY, moved: false,
            from: null, place: null, indices: [], at: null, cell: null, laid: false, pause: 0};
    swallow = false;
    return true;
  };
  host.addEventListener("pointermove", (e) => {
    const d = drag;
    if (!d || e.pointerId !== d.pointer) return;
    if (!d.moved) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < SLOP) return;
      d.moved = true;
      host.setPointerCapture(e.pointerId);
      host.classList.add("fw-dragging");
      hideTip();
      const svg = svgOf();
      const token = svg?.querySelector(`[data-actor="${CSS.escape(d.actor)}"]`);
      d.from = svg && token ? centreOf(svg, token) : null;
      if (page.held !== d.actor) void hooks.pickUp(d.actor);
    }
    cancelAnimationFrame(frame);
    const {clientX, clientY} = e;
    frame = requestAnimationFrame(() => follow(clientX, clientY));
  });
  host.addEventListener("pointerup", (e) => void release(e));
  host.addEventListener("pointercancel", () => cancel());
  host.addEventListener("click", (e) => {
    if (!swallow) return;
    swallow = false;
    e.stopPropagation();
    e.preventDefault();
  }, true);
  document.addEventListener("keydown", (e) => {
    if (!drag?.moved) return;
    if (e.key === "Escape") {
      e.stopImmediatePropagation();
      cancel();
    } else if ((e.key === "w" || e.key === "W" || e.key === " ") && plansOnGrid()) {
      e.preventDefault();
      e.stopImmediatePropagation();
      layWaypoint();
    }
  }, true);
}

/**
 * The ruler follows the pointer: the path to the place under it, and its words.
 * @param {number} clientX
 * @param {number} clientY
 */
function follow(clientX, clientY) {
  const d = drag;
  const svg = svgOf();
  if (!d || !svg || !d.from) return;
  const started = performance.now();
  const back = Math.hypot(clientX - d.x, clientY - d.y) < SLOP * 3;
  const found = back || page.held !== d.actor ? null : reachableAt(clientX, clientY);
  d.place = found?.place ?? null;
  d.indices = found?.indices ?? [];
  d.at = found?.at ?? null;
  const to = toSvg(svg, clientX, clientY);
  const grid = plansOnGrid() ? gridOf(svg) : null;
  const cell = grid && !back ? cellAt(grid, to) : null;
  if (cell !== d.cell) {  // a new cell: the pause to lay a waypoint starts again
    d.cell = cell;
    clearTimeout(d.pause);
    if (cell !== null) d.pause = window.setTimeout(layWaypoint, PAUSE_MS);
  }
  const laid = page.waypoints.map((w) => `${w.to[0]},${w.to[1]}`);
  // a single waypoint under the pointer is where a pause ends: still the place's words
  const onlyHere = laid.length === 1 && laid[0] === cell;
  if (laid.length && grid && cell !== null && !onlyHere) {
    // through the waypoints laid, to the cell under the pointer (the plan priced on release)
    const through = laid.at(-1) === cell ? laid : [...laid, cell];
    draw(svg, d.from, through.map((c) => centre(grid, ...cellOf(c))), true);
    planLabel(clientX, clientY);
    share(d.actor, through);
  } else {
    draw(svg, d.from, found ? pathTo(svg, found.place, to) : [to], found !== null);
    label(clientX, clientY, found ? found.indices : null, back);
    // the place under the pointer, reachable or not yet known to be (the reach may
    // still be on its way): the others see where it is being dragged
    const under = found?.place ?? (back ? null : anyPlaceAt(svg, clientX, clientY));
    share(d.actor, under ? [under] : []);
  }
  performance.measure("fw-ruler-frame", {start: started, end: performance.now()});
}

/**
 * The way to a place, as points of the drawing: a grid plan's waypoints, then the point
 * under the pointer (on a grid, its cell's centre).
 * @param {SVGSVGElement} svg
 * @param {string} place
 * @param {Point} pointer
 * @returns {Point[]}
 */
function pathTo(svg, place, pointer) {
  const grid = gridOf(svg);
  if (!grid) return [pointer];
  /** @param {number} r @param {number} c */
  const cell = (r, c) => ({x: grid.x + (c + 0.5) * grid.size, y: grid.y + (r + 0.5) * grid.size});
  const [row, col] = place.split(",").map(Number);
  const reach = page.reach;
  const option = reach?.places.get(place)?.map((i) => reach.details.get(i)).find((o) => o);
  const plan = option?.command["plan"];
  const legs = Array.isArray(plan) ? plan.map((leg) => /** @type {{to?: number[]}} */ (leg).to)
    .filter((t) => Array.isArray(t)).map((t) => cell(Number(t[0]), Number(t[1]))) : [];
  return [...legs.slice(0, -1), cell(row, col)];
}

/** Does the held character lay plans on a grid (styles)? Then a drag lays waypoints. */
function plansOnGrid() {
  return page.state?.ruleset === "styles" && !page.viewAs;
}

/**
 * The grid cell ("row,col") under a point of the drawing, or null off the grid.
 * @param {{size: number, x: number, y: number}} grid
 * @param {Point} p
 */
function cellAt(grid, p) {
  const svg = svgOf();
  const rows = Number(svg?.getAttribute("data-rows") ?? "0");
  const cols = Number(svg?.getAttribute("data-cols") ?? "0");
  const row = Math.floor((p.y - grid.y) / grid.size), col = Math.floor((p.x - grid.x) / grid.size);
  return row >= 0 && col >= 0 && row < rows && col < cols ? `${row},${col}` : null;
}

/** @param {string} cell @returns {[number, number]} */
function cellOf(cell) {
  const [row, col] = cell.split(",").map(Number);
  return [row, col];
}

/**
 * The centre of a grid cell, in the drawing's coordinates.
 * @param {{size: number, x: number, y: number}} grid
 * @param {number} row
 * @param {number} col
 * @returns {Point}
 */
function centre(grid, row, col) {
  return {x: grid.x + (col + 0.5) * grid.size, y: grid.y + (row + 0.5) * grid.size};
}

/** Lay a waypoint at the cell under the pointer (a pause over it, or W or Space). */
function layWaypoint() {
  const d = drag;
  if (!d?.moved || d.cell === null || page.held !== d.actor) return;
  clearTimeout(d.pause);
  const last = page.waypoints.at(-1);
  const token = byId("map").querySelector(`[data-actor="${CSS.escape(d.actor)}"]`);
  const here = token?.getAttribute("data-row") !== null
    ? `${token?.getAttribute("data-row")},${token?.getAttribute("data-col")}` : "";
  if (d.cell === here || (last && `${last.to[0]},${last.to[1]}` === d.cell)) return;
  d.laid = true;
  addWaypoint(d.cell);
  host.dataset.waypoints = String(page.waypoints.length);  // for people's eyes and tests
  const svg = svgOf(), grid = svg ? gridOf(svg) : null;
  if (svg && grid && d.from) {
    draw(svg, d.from, page.waypoints.map((w) => centre(grid, w.to[0], w.to[1])), true);
  }
}

/**
 * The ruler's words while waypoints are laid: how many, and how to lay more.
 * @param {number} clientX
 * @param {number} clientY
 */
function planLabel(clientX, clientY) {
  const box = byId("ruler-label");
  const area = /** @type {HTMLElement} */ (box.parentElement).getBoundingClientRect();
  box.hidden = false;
  box.dataset.state = "plan";
  box.dataset.indices = "";
  box.style.left = `${Math.min(clientX - area.left + 18, area.width - box.offsetWidth - 8)}px`;
  box.style.top = `${Math.max(8, Math.min(clientY - area.top + 18, area.height - box.offsetHeight - 8))}px`;
  const n = page.waypoints.length;
  box.replaceChildren(
    make("div", "ruler-head", `through ${n} waypoint${n === 1 ? "" : "s"}`),
    make("span", "hint", "pause or press W to lay another; release to move along them " +
      "(priced first); Esc cancels"));
}

/**
 * Draw the ruler's line, in a layer of its own over the map (drawing on the map itself
 * would repaint a large map at every frame).
 * @param {SVGSVGElement} svg
 * @param {Point} from
 * @param {Point[]} path
 * @param {boolean} reachable
 */
function draw(svg, from, path, reachable) {
  const m = svg.getScreenCTM();
  const wrap = /** @type {HTMLElement} */ (host.parentElement);
  if (!m) return;
  let layer = wrap.querySelector("svg.ruler-layer");
  if (!layer) {
    layer = document.createElementNS(SVG, "svg");
    layer.setAttribute("class", "ruler-layer");
    layer.setAttribute("aria-hidden", "true");
    layer.append(document.createElementNS(SVG, "polyline"), document.createElementNS(SVG, "circle"));
    wrap.append(layer);
  }
  const area = wrap.getBoundingClientRect();
  layer.classList.toggle("fw-ruler-off", !reachable);
  const points = [from, ...path].map((p) => new DOMPoint(p.x, p.y).matrixTransform(m))
    .map((p) => ({x: p.x - area.left, y: p.y - area.top}));
  const [line, end] = [...layer.children];
  line.setAttribute("points", points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "));
  const last = points[points.length - 1];
  end.setAttribute("cx", String(last.x));
  end.setAttribute("cy", String(last.y));
  end.setAttribute("r", "7");
}

/** Which label was asked last: an older answer is dropped. */
let labelled = 0;

/**
 * The ruler's words beside the pointer: the place, its cost and what is left, checks and
 * odds, warnings (read in full once per place); or how to cancel.
 * @param {number} clientX
 * @param {number} clientY
 * @param {number[] | null} indices
 * @param {boolean} back
 */
function label(clientX, clientY, indices, back) {
  const box = byId("ruler-label");
  const area = /** @type {HTMLElement} */ (box.parentElement).getBoundingClientRect();
  box.hidden = false;
  box.style.left = `${Math.min(clientX - area.left + 18, area.width - box.offsetWidth - 8)}px`;
  box.style.top = `${Math.max(8, Math.min(clientY - area.top + 18, area.height - box.offsetHeight - 8))}px`;
  const asked = ++labelled;
  if (!indices) {
    box.dataset.state = back ? "back" : "none";
    box.replaceChildren(make("span", "hint", back ? "release here to cancel"
      : "not a place it can reach: release to cancel (Esc too)"));
    return;
  }
  box.dataset.state = "place";
  const reach = page.reach;
  const costs = indices.map((i) => reach?.cost[i]).filter((c) => typeof c === "number");
  const cost = costs.length ? Math.min(.../** @type {number[]} */ (costs)) : null;
  const head = make("div", "ruler-head", [cost === null ? "" : `cost ${showNumber(cost)}`, leftWords(cost)]
    .filter(Boolean).join(" · "));
  if (box.dataset.indices !== indices.join(" ")) {
    box.dataset.indices = indices.join(" ");
    box.replaceChildren(head, make("span", "hint", "…"));
  } else {
    box.firstElementChild?.replaceWith(head);
  }
  const at = drag?.at ?? null;
  void optionsOf(indices.slice(0, 3)).then((found) => {
    if (asked !== labelled || !found) return;
    box.replaceChildren(head, ...found.map((o) => describe(landing(o, at))));
  }).catch(() => undefined);
}

/**
 * What the held character has left, as far as its state says: after this move where it
 * is one pool (styles), else what is left now (allowances' words, a Speed left).
 * @param {number | null} cost
 */
function leftWords(cost) {
  const info = /** @type {{pool_left?: unknown, left?: unknown,
    conditions?: {speed_left?: unknown}}} */ (page.held ? page.state?.actors[page.held] ?? {} : {});
  if (typeof info.pool_left === "number" && cost !== null) {
    return `${showNumber(Math.max(0, info.pool_left - cost))} left after`;
  }
  if (typeof info.left === "string") return `left now: ${info.left}`;
  const speed = info.conditions?.speed_left;
  return typeof speed === "number" ? `Speed left now: ${speed}` : "";
}

/** @param {PointerEvent} e */
async function release(e) {
  const d = drag;
  if (!d || e.pointerId !== d.pointer) return;
  drag = null;
  if (!d.moved) return;  // a click: the map's click handler picks up or puts down
  swallow = true;
  cancelAnimationFrame(frame);
  clearTimeout(d.pause);
  drag = d;
  follow(e.clientX, e.clientY);  // where it was released, not the last frame
  drag = null;
  clearTimeout(d.pause);
  const {indices, at} = {indices: d.indices, at: d.at};
  clear();
  if (d.laid && d.cell === null) {  // dragged back onto the token: a cancel
    clearPlan();
    return;
  }
  const last = page.waypoints.at(-1);
  if (d.laid && page.waypoints.length === 1 && last && `${last.to[0]},${last.to[1]}` === d.cell) {
    clearPlan();  // the one waypoint is where it was released (a pause to read): a move
  }
  if (page.waypoints.length && d.cell !== null && page.held === d.actor) {
    // waypoints laid: the released cell ends the plan, priced then sent if the rules
    // accept it (else it stays in the panel with the reason)
    const end = page.waypoints.at(-1);
    if (!end || `${end.to[0]},${end.to[1]}` !== d.cell) addWaypoint(d.cell);
    hideTip();
    if (!(await sendPlanIfPriced())) say(new Error("the rules refuse this plan: see the waypoints"));
    return;
  }
  if (indices.length) {
    hideTip();
    await moveTo(indices, at);
  }
}

function cancel() {
  if (drag?.laid) clearPlan();  // the waypoints this drag laid go with it
  if (drag) clearTimeout(drag.pause);
  drag = null;
  swallow = true;
  cancelAnimationFrame(frame);
  clear();
}

/** The path last shared, so that only a change is sent. */
let shared = "";

/**
 * Share the path under the ruler with the table's other pages (the server relays it to
 * the seats that perceive the actor, without the places they may not see).
 * @param {string} actor
 * @param {string[]} path the places it goes through, the last under the pointer
 * @param {boolean} [done] the drag is over: the others take the path away
 */
function share(actor, path, done = false) {
  const said = JSON.stringify([actor, path, done]);
  if (said === shared) return;
  shared = said;
  hooks.tell({type: "plan", actor, path, done});
}

function clear() {
  const sharing = /** @type {string[]} */ (JSON.parse(shared || "[]"));
  if (sharing.length && !sharing[2]) share(String(sharing[0]), [], true);
  host.classList.remove("fw-dragging");
  host.parentElement?.querySelector("svg.ruler-layer")?.remove();
  const box = byId("ruler-label");
  box.hidden = true;
  box.dataset.indices = "";
}

// -- the paths taken this turn ----------------------------------------------------------

/** @type {Map<string, Point[]>} each token's centres this turn, oldest first */
const trails = new Map();
let trailTurn = "";
/** @type {Map<string, number>} how many places the server's ``paths`` last gave each */
const trailPlaces = new Map();

/**
 * A new drawing: note where each token is now, and draw each token's path this turn
 * (faded, under the tokens). A new turn starts them afresh, from the places the server
 * says each token stood in this turn so far (a page opened or reloaded mid-turn).
 * @param {SVGSVGElement} svg
 */
export function drawTrails(svg) {
  const state = page.state;
  const turn = state ? `${state.round}/${state.turn ?? ""}` : "";
  const paths = state?.paths ?? {};
  if (turn !== trailTurn) {
    trails.clear();
    trailPlaces.clear();
    trailTurn = turn;
    seedTrails(svg, paths);
  } else {
    // a path the server now gives shorter (or not at all) was taken back (an undo):
    // start it again from the log's places
    /** @type {Record<string, string[]>} */
    const shorter = {};
    for (const [id, count] of trailPlaces) {
      const places = paths[id] ?? [];
      if (places.length < count) {
        trails.delete(id);
        shorter[id] = places;
      }
    }
    seedTrails(svg, shorter);
  }
  trailPlaces.clear();
  for (const [id, places] of Object.entries(paths)) trailPlaces.set(id, places.length);
  for (const token of svg.querySelectorAll("g[data-actor]")) {
    const id = token.getAttribute("data-actor") ?? "";
    const at = centreOf(svg, token);
    if (!at) continue;
    const trail = trails.get(id) ?? [];
    const last = trail[trail.length - 1];
    if (!last || Math.hypot(last.x - at.x, last.y - at.y) > 1) trail.push(at);
    trails.set(id, trail);
  }
  svg.querySelector("g.fw-trails")?.remove();
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "fw-trails");
  for (const [id, trail] of trails) {
    if (trail.length < 2 || !svg.querySelector(`g[data-actor="${CSS.escape(id)}"]`)) continue;
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", trail.map((p) => `${p.x},${p.y}`).join(" "));
    line.setAttribute("data-actor-trail", id);
    layer.append(line);
  }
  // under the tokens where they are a layer of the drawing's own (grids), else on top
  const tokens = svg.querySelector(":scope > g.actors");
  if (tokens) svg.insertBefore(layer, tokens);
  else svg.append(layer);
}

/**
 * Start each token's path this turn from the places it stood in before where it stands
 * now (the state's ``paths``, rebuilt by the server from the log, as this seat may see
 * it); the token's own centre ends it at the next drawing.
 * @param {SVGSVGElement} svg
 * @param {Record<string, string[]>} paths
 */
function seedTrails(svg, paths) {
  const grid = gridOf(svg);
  for (const [id, places] of Object.entries(paths)) {
    /** @type {Point[]} */
    const points = [];
    for (const place of places.slice(0, -1)) {
      const at = placePoint(svg, grid, place);
      if (at) points.push(at);
    }
    if (points.length) trails.set(id, points);
  }
}

/**
 * The centre of a place in the drawing's coordinates: a grid's cell ("row,col"), else
 * the shape of the zone or span; null for a place the drawing does not show.
 * @param {SVGSVGElement} svg
 * @param {{size: number, x: number, y: number} | null} grid
 * @param {string} place
 * @returns {Point | null}
 */
function placePoint(svg, grid, place) {
  const shape = grid ? null : svg.querySelector(`.place[data-place="${CSS.escape(place)}"]`);
  const at = grid ? centre(grid, ...cellOf(place)) : shape ? centreOf(svg, shape) : null;
  return at && Number.isFinite(at.x) && Number.isFinite(at.y) ? at : null;
}

// -- the plans under other pages' rulers ------------------------------------------------

/** @type {Map<string, {path: string[], timer: number}>} each actor being dragged elsewhere */
const planned = new Map();
/** How long (ms) a shared path stays without news (a page closed mid-drag). */
const PLANNED_MS = 10_000;

/**
 * Another page drags ``actor`` along ``path`` (places; the last under its pointer): draw
 * it, dashed, from the token; ``done`` takes it away.
 * @param {string} actor
 * @param {string[]} path
 * @param {boolean} done
 */
export function showPlanned(actor, path, done) {
  const known = planned.get(actor);
  if (known) clearTimeout(known.timer);
  if (done || !path.length) planned.delete(actor);
  else {
    planned.set(actor, {path, timer: window.setTimeout(() => showPlanned(actor, [], true),
                                                       PLANNED_MS)});
  }
  const svg = svgOf();
  if (svg) drawPlanned(svg);
}

/**
 * The shared paths on the drawing shown (again after a new drawing).
 * @param {SVGSVGElement} svg
 */
export function drawPlanned(svg) {
  svg.querySelector("g.fw-planned")?.remove();
  if (!planned.size) return;
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "fw-planned");
  const grid = gridOf(svg);
  for (const [actor, {path}] of planned) {
    const token = svg.querySelector(`g[data-actor="${CSS.escape(actor)}"]`);
    const from = token ? centreOf(svg, token) : null;
    if (!from) continue;
    /** @type {Point[]} */
    const points = [from];
    for (const place of path) {
      const at = placePoint(svg, grid, place);
      if (at) points.push(at);
    }
    if (points.length < 2) continue;
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "));
    line.setAttribute("data-actor-planned", actor);
    const end = document.createElementNS(SVG, "circle");
    const last = points[points.length - 1];
    end.setAttribute("cx", String(last.x));
    end.setAttribute("cy", String(last.y));
    end.setAttribute("r", "6");
    layer.append(line, end);
  }
  svg.append(layer);
}
