// Waypoints (styles): a plan of segments, each with its style, priced as a whole by the
// read-only query ``price`` whenever it changes, sent as one ``move`` with its plan.

import {api, byId, make} from "./api.js";
import {act} from "./commands.js";
import {base, page, reads, say} from "./context.js";
import {gridOf} from "./reach.js";
import {names, plain} from "./words.js";

/**
 * @typedef {import("./api.js").Check} Check
 * @typedef {{cost: number, plan: {style: string, to: number[], cost: number}[]}} PlanQuery
 * @typedef {{style: string, to: number[], status: "moved" | "refused" | "not_reached",
 *   cost?: number, pool_left?: number, cap_left?: number, left?: Record<string, number>,
 *   reason?: string, message?: string, rules?: string[]}} PricedSegment one segment of
 *   a priced plan (the query ``price``, styles README)
 * @typedef {{ok: boolean, certain: boolean, cost: number, pool: number, pool_left: number,
 *   segments: PricedSegment[], checks: Check[], hazards: unknown[],
 *   stop: {segment: number, reason: string, message: string, rules: string[]} | null,
 *   refused: {reason: string, message: string, rules: string[], segment: number | null} | null
 *   }} PriceQuery the exact price of a laid plan, as decide would rule it
 */

/** @type {PriceQuery | null} the laid plan's exact price (null while asked) */
let quote = null;
/** How many times the plan has been priced: an answer to an older plan is dropped. */
let pricing = 0;
/** The table's version the plan was last priced at. */
let priced = -1;

/** The table changed under a laid plan: price it again on the new state.
 * @param {number} version */
export function repriceAt(version) {
  if (page.waypoints.length && priced !== version) void pricePlan();
}

/** @param {string} cell "row,col" */
export function addWaypoint(cell) {
  const to = cell.split(",").map(Number);
  if (to.some((n) => !Number.isFinite(n))) return;
  const styles = stylesOf(page.held);
  const last = page.waypoints.at(-1);
  page.waypoints.push({style: last?.style ?? styles[0] ?? "walk", to});
  void pricePlan();
}

/**
 * The movement styles of a character (styles: its ``styles`` map).
 * @param {string | null} actor
 */
function stylesOf(actor) {
  const info = actor ? page.state?.actors[actor] : undefined;
  return Object.keys(/** @type {{styles?: Record<string, number>}} */ (info ?? {}).styles ?? {walk: 1});
}

/** The pool of the held character (styles), in u: what is left of it. */
function poolLeft() {
  const info = page.held ? page.state?.actors[page.held] : undefined;
  const left = /** @type {{pool_left?: unknown}} */ (info ?? {}).pool_left;
  return typeof left === "number" ? left : null;
}

/**
 * The server's cheapest plan for the held character to a cell (the read-only query
 * ``plan``, which changes nothing).
 * @param {number[]} to
 * @returns {Promise<PlanQuery>}
 */
async function cheapestPlan(to) {
  const url = `${base}/query/plan?arg=${encodeURIComponent(page.held ?? "")}` +
    `&arg=${encodeURIComponent(String(to[0]))}&arg=${encodeURIComponent(String(to[1]))}`;
  return /** @type {PlanQuery} */ (await api(url, reads()));
}

/** Price the whole plan as laid, exactly as the rules would rule it (the read-only
 * query ``price``: it changes nothing and rolls no dice), and show it. */
export async function pricePlan() {
  const asked = ++pricing;
  priced = page.state?.version ?? -1;
  quote = null;
  showPlan();
  if (!page.held || page.waypoints.length === 0) return;
  const plan = JSON.stringify(page.waypoints);
  const url = `${base}/query/price?arg=${encodeURIComponent(page.held)}` +
    `&arg=${encodeURIComponent(plan)}`;
  try {
    const found = /** @type {PriceQuery} */ (await api(url, reads()));
    if (asked !== pricing) return;
    quote = found;
  } catch (error) {
    if (asked === pricing) say(error);
  }
  showPlan();
}

byId("plan-cheapest").addEventListener("click", () => void (async () => {
  const last = page.waypoints.at(-1);
  if (!last || !page.held) return;
  try {
    const found = await cheapestPlan(last.to);
    page.waypoints = found.plan.map((leg) => ({style: leg.style, to: leg.to.slice(0, 2)}));
    void pricePlan();
  } catch (error) {
    say(error);
  }
})());

/**
 * A length in u as the rest of the page writes it (to the hundredth: 2.41 u, not
 * 2.414213562 u; the exact figures stay in the segment's data attributes).
 * @param {number | undefined} value
 */
function u(value) {
  return `${Number((value ?? 0).toFixed(2))} u`;
}

/**
 * What a priced segment shows: its cost, the pool left and its style's cap left.
 * @param {PricedSegment} seg
 */
function segmentText(seg) {
  if (seg.status === "moved") {
    return ` · ${u(seg.cost)}, pool left ${u(seg.pool_left)}, ${seg.style} left ${u(seg.cap_left)}`;
  }
  if (seg.status === "refused") {
    return ` · ⚠ cannot be paid or followed: ${plain(seg.message ?? seg.reason ?? "", names())}`;
  }
  return " · not reached";
}

export function showPlan() {
  const box = byId("plan");
  const steps = byId("plan-steps");
  byId("plan-mode-row").hidden = !(page.held && page.state?.ruleset === "styles" && !page.viewAs);
  box.hidden = page.waypoints.length === 0;
  steps.replaceChildren();
  const styles = stylesOf(page.held);
  const pool = poolLeft();
  byId("plan-pool").textContent = pool === null ? "" : `Pool left now: ${u(pool)}. ` +
    "Each segment shows its cost, the pool left after it and its style's cap left.";
  page.waypoints.forEach((step, i) => {
    const item = make("li", "", `to cell ${step.to.join(",")} by `);
    item.dataset.segment = String(i);
    const select = make("select");
    select.setAttribute("aria-label", `style of segment ${i + 1}`);
    for (const style of styles) select.append(new Option(style, style, false, style === step.style));
    select.addEventListener("change", () => {
      step.style = select.value;
      void pricePlan();
    });
    item.append(select);
    const seg = quote?.segments[i];
    const priced = make("span", "plan-price", seg ? segmentText(seg) : " · pricing…");
    if (seg) {
      priced.dataset.status = seg.status;
      if (seg.status === "moved") {
        priced.dataset.cost = String(seg.cost);
        priced.dataset.poolLeft = String(seg.pool_left);
        priced.dataset.capLeft = String(seg.cap_left);
      }
      if (seg.status !== "moved") item.classList.add("plan-refused");
      if (seg.status === "refused") {
        priced.classList.add("option-warning");
        if (seg.rules?.length) priced.append(" ", ...rulesOf(seg.rules));
      }
    }
    if (seg && quote?.stop && quote.stop.segment === i) {
      const stop = quote.stop;
      const warn = make("span", "option-warning plan-stop", ` ⚠ ${plain(stop.message, names())}: the move ends there`);
      warn.append(" ", ...rulesOf(stop.rules));
      priced.append(warn);
    }
    item.append(priced);
    steps.append(item);
  });
  const summary = byId("plan-summary");
  summary.replaceChildren();
  summary.classList.remove("option-warning");
  if (quote && page.waypoints.length) {
    if (quote.ok) {
      summary.textContent = `The whole plan: ${u(quote.cost)}, pool left ${u(quote.pool_left)}` +
        (quote.certain ? "." : ". It depends on a roll: ");
      for (const check of quote.checks) summary.append(checkText(check));
      const hazards = quote.hazards.length;
      if (hazards) summary.append(` ⚠ sets off ${hazards} ${hazards === 1 ? "hazard" : "hazards"}.`);
    } else if (quote.refused) {
      summary.classList.add("option-warning");
      summary.textContent = `⚠ The rules refuse this plan: ${plain(quote.refused.message, names())} `;
      summary.append(...rulesOf(quote.refused.rules));
    }
  }
  const go = /** @type {HTMLButtonElement} */ (byId("plan-go"));
  go.disabled = !quote || !quote.ok;
  go.title = quote && !quote.ok ? "the rules refuse this plan (see above)" : "";
  drawWaypoints();
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * The waypoints laid, on the map: a dashed line from the held token through each cell,
 * each numbered as in the list (on a phone the list is in the sheet, put away to see
 * the map: without them the player laid the plan blind).
 */
function drawWaypoints() {
  const svg = byId("map").querySelector("svg");
  if (!(svg instanceof SVGSVGElement)) return;
  svg.querySelector("g.fw-waypoints")?.remove();
  const grid = gridOf(svg);
  const token = page.held ? svg.querySelector(`[data-actor="${CSS.escape(page.held)}"]`) : null;
  const matrix = svg.getScreenCTM();
  if (!grid || !token || !matrix || !page.waypoints.length) return;
  const box = token.getBoundingClientRect();
  const from = new DOMPoint(box.left + box.width / 2, box.top + box.height / 2)
    .matrixTransform(matrix.inverse());
  const points = [{x: from.x, y: from.y}, ...page.waypoints.map((w) => (
    {x: grid.x + (w.to[1] + 0.5) * grid.size, y: grid.y + (w.to[0] + 0.5) * grid.size}))];
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "fw-waypoints");
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("points", points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "));
  layer.append(line);
  points.slice(1).forEach((p, i) => {
    const mark = document.createElementNS(SVG, "circle");
    mark.setAttribute("cx", String(p.x));
    mark.setAttribute("cy", String(p.y));
    mark.setAttribute("r", String(grid.size * 0.22));
    const number = document.createElementNS(SVG, "text");
    number.setAttribute("x", String(p.x));
    number.setAttribute("y", String(p.y));
    number.setAttribute("font-size", String(grid.size * 0.3));
    number.textContent = String(i + 1);
    layer.append(mark, number);
  });
  svg.append(layer);
}

/**
 * A check and its exact odds, in words.
 * @param {Check} check
 */
function checkText(check) {
  const odds = Object.entries(check.odds).map(([name, p]) => `${name} ${p.exact ?? p.p}`);
  return `${check.name} (${check.dice}): ${odds.join(", ")}. `;
}

/**
 * The rule ids of a refusal or a stop, as text.
 * @param {string[]} rules
 */
function rulesOf(rules) {
  return rules.length ? [`(${rules.join(", ")})`] : [];
}

byId("plan-go").addEventListener("click", () => void sendPlan());

/** Move along the waypoints laid (one ``move`` with its plan). */
export async function sendPlan() {
  if (!page.held || !page.waypoints.length) return;
  const command = {do: "move", actor: page.held, plan: page.waypoints};
  clearPlan();
  await act({command, label: "move along the waypoints", to: null, cost: "", checks: [],
             rules: []});
}

/**
 * Price the plan laid and move along it if the rules accept it (a drag released after
 * laying waypoints); else the plan stays in the panel with the reason.
 * @returns {Promise<boolean>} whether it moved
 */
export async function sendPlanIfPriced() {
  await pricePlan();
  if (quote?.ok) {
    await sendPlan();
    return true;
  }
  return false;
}
byId("plan-clear").addEventListener("click", () => clearPlan());

export function clearPlan() {
  pricing++;
  page.waypoints = [];
  quote = null;
  showPlan();
}

