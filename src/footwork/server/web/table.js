// The table page: the map of one table as a seat sees it, its characters, their
// options, pending decisions, dice, the log, and the game master's tools. It knows only
// the HTTP and WebSocket API (docs/server.md).

import {ApiError, api, apiText, byId, make, showOdds} from "./api.js";
import {Live} from "./live.js";
import {MapView} from "./mapview.js";

/**
 * @typedef {import("./api.js").TableState} TableState
 * @typedef {import("./api.js").Option} Option
 * @typedef {import("./api.js").LogLine} LogLine
 * @typedef {import("./api.js").LogPage} LogPage
 * @typedef {import("./api.js").CommandResult} CommandResult
 * @typedef {import("./api.js").RulePassage} RulePassage
 * @typedef {import("./api.js").TableInfo} TableInfo
 * @typedef {import("./api.js").Check} Check
 * @typedef {import("./api.js").Risk} Risk
 * @typedef {import("./api.js").Consequence} Consequence
 * @typedef {import("./api.js").Pending} Pending
 * @typedef {{style: string, to: number[]}} Waypoint
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

/** How many cost bands the reachable places are shaded in. */
const BANDS = 4;
/** Band colours (a sequential scale that colour-blind readers tell apart), each
 * with its own hatching as well. */
const BAND_COLOURS = ["#fde725", "#7ad151", "#22a884", "#2a788e"];
/** Outcome names that are a risk: shown as warnings. */
const RISKY = /fall|disaster|drown|damage|hazard|sink|interrupt/i;
/** Labels that warn by themselves. */
const RISKY_LABEL = /fall|leave|off the map|drop|hazard|drown/i;

/** The game master's commands of each ruleset (their READMEs), as templates. */
/** @type {Record<string, Record<string, unknown>[]>} */
const GM_COMMANDS = {
  cultivation: [
    {do: "waive", actor: "gm", target: "", zone: ""},
    {do: "fall", actor: "gm", target: "", metres: 3},
    {do: "switch", actor: "gm", zone: "", on: true},
    {do: "zone_effect", actor: "gm", zone: "", amount: 0},
  ],
  styles: [
    {do: "slow", actor: "gm", target: "", stacks: 1},
    {do: "interrupt", actor: "gm", target: ""},
    {do: "adjust", actor: "gm", target: "", hooks: 0},
    {do: "montage", actor: "gm", on: true},
  ],
  allowances: [
    {do: "activation", actor: "gm"},
    {do: "obscure", actor: "gm", target: "", percent: 50},
    {do: "weather", actor: "gm", fog: true},
  ],
  spans: [
    {do: "hands", actor: "", free: 2},
  ],
  sitemaps: [
    {do: "reveal", actor: "gm", zone: ""},
  ],
};

const params = new URLSearchParams(location.search);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");
const key = params.get("key");
const base = `/api/tables/${encodeURIComponent(tableId)}`;

const page = {
  /** @type {TableState | null} */
  state: null,
  /** @type {string | null} the character picked up */
  held: null,
  /** @type {Option[]} the held character's options */
  options: [],
  /** how many log lines are shown */
  logCount: 0,
  /** @type {string | null} the game master previewing another seat */
  viewAs: null,
  /** @type {Waypoint[]} */
  waypoints: [],
  /** @type {PriceQuery | null} the laid plan's exact price (null while asked) */
  quote: null,
  /** @type {string} the map's fingerprint: the drawing is replaced when it changes */
  drawn: "",
  /** @type {string[]} places known from the map (for the game master's selects) */
  places: [],
};

const map = new MapView(byId("map"));

/** How many times the plan has been priced: an answer to an older plan is dropped. */
let pricing = 0;
/** The table's version the plan was last priced at. */
let priced = -1;

// -- reading the table ----------------------------------------------------------------

/** @type {Promise<void> | null} */
let loading = null;
let again = false;

/** Read the table again (state, drawing, options, new log lines): one at a time, the
 * last request wins. */
function refresh() {
  if (loading) {
    again = true;
    return loading;
  }
  loading = (async () => {
    do {
      again = false;
      try {
        await load();
      } catch (error) {
        say(error);
      }
    } while (again);
  })().finally(() => {
    loading = null;
  });
  return loading;
}

/** The read parameters of this page's seat (the game master's preview adds ``as``). */
function reads() {
  return {key, params: {as: page.viewAs}};
}

async function load() {
  const state = /** @type {TableState} */ (await api(`${base}/state`, reads()));
  page.state = state;
  if (page.held && !mayCommand(page.held)) page.held = null;
  const held = page.held;
  const [svg, options, log] = await Promise.all([
    apiText(`${base}/drawing`, {key, params: {as: page.viewAs, actor: held}}),
    held ? optionsOf(held) : Promise.resolve([]),
    api(`${base}/log`, {key, params: {as: page.viewAs, after: String(page.logCount)}}),
  ]);
  page.options = /** @type {Option[]} */ (options);
  showState();
  showDrawing(svg);
  showOptions();
  appendLog(/** @type {LogPage} */ (log).lines);
  // the table changed under a laid plan: price it again on the new state
  if (page.waypoints.length && priced !== state.version) void pricePlan();
}

/**
 * The options of a character of this seat (none if the server refuses).
 * @param {string} actor
 * @returns {Promise<Option[]>}
 */
async function optionsOf(actor) {
  return /** @type {Option[]} */ (await api(`${base}/options`,
                                            {key, params: {as: page.viewAs, actor}}));
}

/** Pick up a character: its reachable places on the map and its options in the list.
 * @param {string | null} actor */
async function pickUp(actor) {
  performance.mark("fw-pickup");
  page.held = actor;
  pricing++;
  page.waypoints = [];
  page.quote = null;
  if (actor === null) {
    page.options = [];
    await refresh();
    return;
  }
  try {
    const [svg, options] = await Promise.all([
      apiText(`${base}/drawing`, {key, params: {as: page.viewAs, actor}}),
      optionsOf(actor),
    ]);
    if (page.held !== actor) {  // put down or another picked up meanwhile
      performance.mark("fw-pickup-superseded");
      return;
    }
    page.options = options;
    showDrawing(svg);
    showOptions();
    showActors();
    requestAnimationFrame(() => requestAnimationFrame(() => {
      performance.mark("fw-reach-shown");
      performance.measure("fw-pickup-to-reach", "fw-pickup", "fw-reach-shown");
    }));
  } catch (error) {
    performance.mark("fw-pickup-failed");
    say(error);
  }
}

/**
 * May this page command ``actor`` (its seat's character, not in a preview)?
 * @param {string} actor
 */
function mayCommand(actor) {
  const state = page.state;
  if (!state || page.viewAs) return false;
  const seat = state.seat;
  if (seat === "gm") return actor in state.actors;
  const info = state.actors[actor];
  if (!info) return false;
  if (seat.startsWith("side:")) return info.side === seat.slice(5);
  return seat === `actor:${actor}`;
}

// -- showing it -------------------------------------------------------------------------

function showState() {
  const state = /** @type {TableState} */ (page.state);
  byId("round").textContent = `round ${state.round}`;
  byId("turn").textContent = state.ended ? "the encounter is over"
    : state.turn ? `${state.turn}'s turn` : "";
  byId("seat").textContent = page.viewAs ? `previewing ${page.viewAs}` : `seat ${state.seat}`;
  const banner = byId("banner");
  if (page.viewAs) {
    banner.hidden = false;
    banner.textContent = `Preview: exactly what ${page.viewAs} sees. Commands are off; ` +
      "choose “gm” in the GM panel to play again.";
  } else if (banner.dataset.kind !== "lost") {
    banner.hidden = true;
  }
  const isGm = state.seat === "gm" || page.viewAs !== null;
  byId("gm-tab").hidden = !isGm;
  showActors();
  showDecision();
  if (isGm) showGmTools();
}

/** What the characters list shows now (it is rebuilt only when that changes). */
let cast = "";

function showActors() {
  const state = page.state;
  if (!state) return;
  const shown = JSON.stringify([page.held, page.viewAs, state.seat, state.turn, state.order,
                                state.actors]);
  if (shown === cast) return;
  cast = shown;
  const list = byId("actors");
  list.replaceChildren();
  const ids = [...state.order, ...Object.keys(state.actors).filter((a) => !state.order.includes(a))];
  for (const id of ids) {
    const info = state.actors[id];
    if (!info) continue;
    const item = make("li", "actor");
    const mine = mayCommand(id);
    const button = make("button", "actor-button");
    button.type = "button";
    button.dataset.actor = id;
    button.disabled = !mine;
    button.setAttribute("aria-pressed", String(page.held === id));
    const where = typeof info.at === "string" ? info.at : JSON.stringify(info.at ?? "");
    button.append(make("span", "side-mark", sideMark(info.side)),
                  make("span", "actor-name", id),
                  make("span", "actor-where", `${info.side} · ${where}`));
    if (state.turn === id) button.append(make("span", "turn-mark", "turn"));
    button.title = mine ? (page.held === id ? "put it down (Esc)" : `pick up ${id}`)
      : "not yours to move";
    button.addEventListener("click", () => void pickUp(page.held === id ? null : id));
    item.append(button);
    list.append(item);
  }
}

/**
 * A side's mark: a letter in a shape, so sides differ by more than colour.
 * @param {string} side
 */
function sideMark(side) {
  const shapes = ["●", "■", "▲", "◆", "★", "⬟"];
  const sides = [...new Set(Object.values(page.state?.actors ?? {}).map((a) => a.side))];
  return shapes[Math.max(0, sides.indexOf(side)) % shapes.length];
}

/**
 * Put a drawing on the map: tokens to pick up, reachable places shaded by cost.
 * @param {string} text the SVG document
 */
function showDrawing(text) {
  const fingerprint = `${page.held}\n${text}`;
  if (fingerprint === page.drawn) return;  // the same drawing: keep hover and focus
  page.drawn = fingerprint;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!(root instanceof SVGSVGElement)) return;
  const svg = /** @type {SVGSVGElement} */ (document.importNode(root, true));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", svg.querySelector("title")?.textContent ?? "the map");
  decorate(svg);
  map.show(svg);
  page.places = [...new Set([...svg.querySelectorAll(".place[data-place]")]
    .map((e) => e.getAttribute("data-place") ?? ""))].filter(Boolean);
  showLegend();
  decided = "";  // the decision's places are marked on the new drawing
  if (page.state) showDecision();
}

/**
 * The number in a cost ("2u (walk 2u)" is 2); 0 when it has none.
 * @param {string} cost
 */
function costNumber(cost) {
  const found = cost.match(/-?\d+(?:\.\d+)?/);
  return found ? Number(found[0]) : 0;
}

/** @type {{band: number, low: number, high: number}[]} */
let bands = [];

/**
 * Each option's cost band, on one scale (the cheapest to the dearest of the list).
 * @param {number[]} costs
 * @returns {(cost: number) => number}
 */
function banding(costs) {
  const values = [...new Set(costs)].sort((a, b) => a - b);
  /** @param {number} cost */
  const band = (cost) => {
    const rank = values.indexOf(cost);
    if (values.length <= BANDS) return rank;
    return Math.min(BANDS - 1, Math.floor(rank * BANDS / values.length));
  };
  bands = [];
  for (const value of values) {
    const b = band(value);
    const known = bands.find((x) => x.band === b);
    if (known) known.high = value;
    else bands.push({band: b, low: value, high: value});
  }
  return band;
}

/** The hatching of each band, put in the drawing's defs. */
function patterns() {
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

/** The places of a drawing that the held character can reach: element → option indices.
 * @param {SVGSVGElement} svg
 * @returns {Map<Element, number[]>} */
function targets(svg) {
  /** @type {Map<Element, number[]>} */
  const found = new Map();
  const count = page.options.length;
  for (const element of svg.querySelectorAll("[data-options]")) {
    const indices = (element.getAttribute("data-options") ?? "").split(/\s+/)
      .filter(Boolean).map(Number).filter((i) => Number.isInteger(i) && i >= 0 && i < count);
    if (indices.length) found.set(element, indices);
  }
  if (found.size || !count) return found;
  // a drawing without data-options: find the places by the options' `to`
  for (const element of svg.querySelectorAll("[data-place]")) {
    const place = element.getAttribute("data-place");
    const indices = page.options.flatMap((o, i) => (o.to !== null && o.to === place ? [i] : []));
    if (indices.length && !found.has(element)) found.set(element, indices);
  }
  return found;
}

/** @param {SVGSVGElement} svg */
function decorate(svg) {
  const ns = "http://www.w3.org/2000/svg";
  let defs = svg.querySelector("defs");
  if (!defs) {
    defs = document.createElementNS(ns, "defs");
    svg.prepend(defs);
  }
  defs.insertAdjacentHTML("beforeend", patterns());
  for (const token of svg.querySelectorAll("[data-actor]")) {
    const id = token.getAttribute("data-actor") ?? "";
    token.classList.add("fw-token");
    if (mayCommand(id)) {
      token.classList.add("fw-mine");
      token.setAttribute("tabindex", "0");
      token.setAttribute("role", "button");
      token.setAttribute("aria-label", page.held === id ? `put down ${id}` : `pick up ${id}`);
    }
    if (page.held === id) token.classList.add("fw-held");
  }
  const found = targets(svg);
  /** @type {(element: Element, indices: number[]) => number} */
  const best = (element, indices) => {
    const value = element.getAttribute("data-cost-value");
    if (value !== null && Number.isFinite(Number(value))) return Number(value);
    return Math.min(...indices.map((i) => costNumber(page.options[i].cost)));
  };
  const band = banding([...found].map(([element, indices]) => best(element, indices)));
  for (const [element, indices] of found) {
    element.classList.add("fw-reach");
    element.setAttribute("data-band", String(band(best(element, indices))));
    element.setAttribute("data-fw-options", indices.join(" "));
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    const first = page.options[indices[0]];
    const risky = indices.some((i) => isRisky(page.options[i]));
    if (risky) element.classList.add("fw-risky");
    element.setAttribute("aria-label", `${first.to ?? first.label}: ${first.cost}` +
      (indices.length > 1 ? ` (${indices.length} ways)` : "") + (risky ? " (risky)" : ""));
  }
}

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
    item.append(b.low === b.high ? `${b.low}` : `${b.low}–${b.high}`);
    legend.append(item);
  }
}

/**
 * A risk in short lines: the fall with its chance and its damage (and the damage's
 * odds), leaving the scene with its chance, the hazards entered, what may be lost.
 * @param {Risk} risk
 * @returns {string[]}
 */
function riskLines(risk) {
  const out = [];
  const fall = risk.fall;
  if (fall) {
    const chance = fall.chance === null ? " (if the game master rules it)"
      : fall.chance.p >= 1 ? "" : ` (${showOdds(fall.chance)})`;
    let damage = fall.damage ? `, damage ${fall.damage}` : "";
    const odds = Object.entries(fall.damage_odds);
    if (odds.length) damage += `: ${odds.map(([name, o]) => `${name} ${showOdds(o)}`).join(" · ")}`;
    out.push(`falls ${fall.distance} ${fall.unit}${chance}${damage}`);
  }
  if (risk.leaves_scene) {
    out.push(`leaves the scene${risk.leaves_scene.p >= 1 ? "" : ` (${showOdds(risk.leaves_scene)})`}`);
  }
  for (const hazard of risk.hazards) out.push(`enters ${hazard}`);
  if (risk.loses) {
    const what = {action: "loses the action", turn: "loses the turn",
                  move: "may not move (stays where it is)"}[risk.loses.what] ?? `loses ${risk.loses.what}`;
    out.push(`${what}${risk.loses.chance.p >= 1 ? "" : ` (${showOdds(risk.loses.chance)})`}`);
  }
  if (!out.length && risk.words) out.push(risk.words);
  return out;
}

/**
 * The warnings of an option: its ``risk`` where the ruleset gives one (``null``: safe);
 * otherwise (a ruleset that does not say yet) a risky outcome of a check, a risky label.
 * @param {Option} option
 * @returns {string[]}
 */
function warnings(option) {
  if (option.risk !== undefined) return option.risk ? riskLines(option.risk) : [];
  const out = [];
  for (const check of option.checks) {
    for (const [name, odds] of Object.entries(check.odds)) {
      if (odds.p > 0 && RISKY.test(name)) out.push(`${name} ${showOdds(odds)}`);
    }
  }
  if (RISKY_LABEL.test(option.label)) out.push(option.label);
  return out;
}

/**
 * The path of an option, when its command has one (a plan, a via).
 * @param {Option} option
 */
function pathOf(option) {
  const command = option.command;
  const plan = command["plan"];
  if (Array.isArray(plan)) {
    return plan.map((leg) => {
      const step = /** @type {{style?: string, to?: unknown}} */ (leg);
      return `${step.style ?? "?"} → ${JSON.stringify(step.to)}`;
    }).join(" · ");
  }
  const parts = [];
  for (const name of ["via", "type", "element", "die", "at"]) {
    if (command[name] !== undefined && command[name] !== null) {
      parts.push(`${name} ${JSON.stringify(command[name])}`);
    }
  }
  return parts.join(" · ");
}

/**
 * What an option is, in a few lines: label, cost, path, checks and odds, warnings.
 * @param {Option} option
 */
function describe(option) {
  const box = make("div", "option-text");
  const risky = warnings(option).length > 0;
  box.append(make("span", "option-label", risky ? `⚠ ${option.label}` : option.label));
  if (option.cost) box.append(make("span", "option-cost", option.cost));
  const path = pathOf(option);
  if (path) box.append(make("span", "option-path", path));
  for (const check of option.checks) box.append(checkLine(check));
  for (const warning of warnings(option)) box.append(make("span", "option-warning", `⚠ ${warning}`));
  return box;
}

/**
 * Is an option risky (a warning to show)?
 * @param {Option} option
 */
function isRisky(option) {
  return warnings(option).length > 0;
}

/** @param {Check} check */
function checkLine(check) {
  const odds = Object.entries(check.odds).map(([name, o]) => `${name} ${showOdds(o)}`).join(" · ");
  return make("span", "option-check", `${check.dice}: ${odds}`);
}

/** What the options list shows now (it is rebuilt only when that changes). */
let listed = "";

function showOptions() {
  const list = byId("options");
  const held = page.held;
  const shown = JSON.stringify([held, page.viewAs, page.options]);
  if (shown === listed) return;
  listed = shown;
  list.replaceChildren();
  byId("options-title").textContent = held ? `Options of ${held}` : "Options";
  const hint = byId("options-hint");
  hint.hidden = held !== null && page.options.length > 0;
  hint.textContent = held ? `${held} has nothing to do now.`
    : page.viewAs ? "A preview shows no options."
      : "Pick up one of your characters (click its token or its name).";
  page.options.forEach((option, index) => {
    const item = make("li", "option");
    const button = make("button", "option-button");
    button.type = "button";
    button.dataset.index = String(index);
    if (isRisky(option)) button.classList.add("fw-risky");
    button.append(describe(option));
    button.addEventListener("click", () => void act(option));
    button.addEventListener("mouseenter", () => hot(index, true));
    button.addEventListener("mouseleave", () => hot(index, false));
    button.addEventListener("focus", () => hot(index, true));
    button.addEventListener("blur", () => hot(index, false));
    item.append(button);
    list.append(item);
  });
  showPlan();
}

/**
 * Mark on the map the place of an option hovered in the list.
 * @param {number} index
 * @param {boolean} on
 */
function hot(index, on) {
  for (const element of byId("map").querySelectorAll(".fw-reach")) {
    const indices = (element.getAttribute("data-fw-options") ?? "").split(" ").map(Number);
    if (indices.includes(index)) element.classList.toggle("fw-hot", on);
  }
}

// -- the tooltip of a reachable place ----------------------------------------------

/**
 * @param {Element} element
 * @param {number[]} indices
 */
function showTip(element, indices) {
  const tip = byId("tip");
  tip.replaceChildren(...indices.slice(0, 6).map((i) => describe(page.options[i])));
  if (indices.length > 6) tip.append(make("div", "hint", `… and ${indices.length - 6} more`));
  tip.hidden = false;
  const area = /** @type {HTMLElement} */ (tip.parentElement).getBoundingClientRect();
  const rect = element.getBoundingClientRect();
  const left = Math.min(rect.right - area.left + 8, area.width - tip.offsetWidth - 8);
  const top = Math.min(Math.max(rect.top - area.top, 8), area.height - tip.offsetHeight - 8);
  tip.style.left = `${Math.max(8, left)}px`;
  tip.style.top = `${Math.max(8, top)}px`;
}

function hideTip() {
  byId("tip").hidden = true;
}

/** @param {Element} element */
function indicesOf(element) {
  return (element.getAttribute("data-fw-options") ?? "").split(" ").filter(Boolean).map(Number);
}

const mapHost = byId("map");
mapHost.addEventListener("mouseover", (e) => {
  const target = e.target instanceof Element ? e.target.closest(".fw-reach") : null;
  if (target) showTip(target, indicesOf(target));
});
mapHost.addEventListener("mouseout", (e) => {
  const target = e.target instanceof Element ? e.target.closest(".fw-reach") : null;
  const to = e.relatedTarget instanceof Element ? e.relatedTarget.closest(".fw-reach") : null;
  if (target && to !== target) hideTip();
});
mapHost.addEventListener("focusin", (e) => {
  const target = e.target instanceof Element ? e.target.closest(".fw-reach") : null;
  if (target) showTip(target, indicesOf(target));
});
mapHost.addEventListener("focusout", () => hideTip());
mapHost.addEventListener("click", (e) => void mapClick(e));
mapHost.addEventListener("keydown", (e) => {
  if (e.key !== "Enter" && e.key !== " ") return;
  if (!(e.target instanceof Element) || e.target === mapHost) return;
  e.preventDefault();
  void mapClick(e);
});

/**
 * A click (or Enter) on the map: pick up or put down a token, or move to a place.
 * @param {MouseEvent | KeyboardEvent} e
 */
async function mapClick(e) {
  if (!(e.target instanceof Element)) return;
  const pending = page.state?.pending ?? null;
  if (picking && pending && e instanceof MouseEvent) {
    const at = metresAt(e);
    if (!at) {
      say(new Error("that is not on the map: click inside a zone"));
      return;
    }
    await answer(pending, picking.choice, snap(pending, at));
    return;
  }
  const answering = e.target.closest(".fw-answer");
  const place = answering?.getAttribute("data-place");
  if (pending && place && pending.choices.includes(place)) {
    await answer(pending, place);
    return;
  }
  const token = e.target.closest("[data-actor]");
  const id = token?.getAttribute("data-actor") ?? null;
  if (id && mayCommand(id) && (id !== page.held || !e.target.closest(".fw-reach"))) {
    await pickUp(page.held === id ? null : id);
    return;
  }
  const target = e.target.closest(".fw-reach");
  const laying = /** @type {HTMLInputElement} */ (byId("plan-mode")).checked;
  if ((e.shiftKey || laying) && page.held && page.state?.ruleset === "styles") {
    const cell = e.target.closest("[data-place]")?.getAttribute("data-place");
    if (cell) addWaypoint(cell);
    return;
  }
  if (!target) return;
  hideTip();
  const indices = indicesOf(target);
  if (indices.length === 1) await act(page.options[indices[0]]);
  else choose(indices);
}

/**
 * Several options reach one place: the player picks one.
 * @param {number[]} indices
 */
function choose(indices) {
  const dialog = /** @type {HTMLDialogElement} */ (byId("choose-dialog"));
  const list = byId("choose-list");
  list.replaceChildren();
  for (const i of indices) {
    const option = page.options[i];
    const item = make("li", "option");
    const button = make("button", "option-button");
    button.type = "button";
    button.dataset.index = String(i);
    button.append(describe(option));
    button.addEventListener("click", () => {
      dialog.close();
      void act(option);
    });
    item.append(button);
    list.append(item);
  }
  dialog.showModal();
  /** @type {HTMLElement | null} */ (list.querySelector("button"))?.focus();
}

// -- waypoints (styles: a plan of segments, each with its style) ----------------------

/** @param {string} cell "row,col" */
function addWaypoint(cell) {
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
async function pricePlan() {
  const asked = ++pricing;
  priced = page.state?.version ?? -1;
  page.quote = null;
  showPlan();
  if (!page.held || page.waypoints.length === 0) return;
  const plan = JSON.stringify(page.waypoints);
  const url = `${base}/query/price?arg=${encodeURIComponent(page.held)}` +
    `&arg=${encodeURIComponent(plan)}`;
  try {
    const quote = /** @type {PriceQuery} */ (await api(url, reads()));
    if (asked !== pricing) return;
    page.quote = quote;
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
 * What a priced segment shows: its cost, the pool left and its style's cap left.
 * @param {PricedSegment} seg
 */
function segmentText(seg) {
  if (seg.status === "moved") {
    return ` · ${seg.cost} u, pool left ${seg.pool_left} u, ${seg.style} left ${seg.cap_left} u`;
  }
  if (seg.status === "refused") return ` · ⚠ cannot be paid or followed: ${seg.message ?? seg.reason ?? ""}`;
  return " · not reached";
}

function showPlan() {
  const box = byId("plan");
  const steps = byId("plan-steps");
  byId("plan-mode-row").hidden = !(page.held && page.state?.ruleset === "styles" && !page.viewAs);
  box.hidden = page.waypoints.length === 0;
  steps.replaceChildren();
  const styles = stylesOf(page.held);
  const pool = poolLeft();
  const quote = page.quote;
  byId("plan-pool").textContent = pool === null ? "" : `Pool left now: ${pool} u. ` +
    "Each segment shows its exact cost, the pool left after it and its style's cap left.";
  page.waypoints.forEach((step, i) => {
    const item = make("li", "", `to (${step.to.join(",")}) by `);
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
      const warn = make("span", "option-warning plan-stop", ` ⚠ ${stop.message}: the move ends there`);
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
      summary.textContent = `The whole plan: ${quote.cost} u, pool left ${quote.pool_left} u` +
        (quote.certain ? "." : ". It depends on a roll: ");
      for (const check of quote.checks) summary.append(checkText(check));
      if (quote.hazards.length) summary.append(` ⚠ sets off ${quote.hazards.length} hazard(s).`);
    } else if (quote.refused) {
      summary.classList.add("option-warning");
      summary.textContent = `⚠ The rules refuse this plan: ${quote.refused.message} `;
      summary.append(...rulesOf(quote.refused.rules));
    }
  }
  const go = /** @type {HTMLButtonElement} */ (byId("plan-go"));
  go.disabled = !quote || !quote.ok;
  go.title = quote && !quote.ok ? "the rules refuse this plan (see above)" : "";
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

byId("plan-go").addEventListener("click", () => {
  if (!page.held) return;
  void act({command: {do: "move", actor: page.held, plan: page.waypoints},
            label: "move along the waypoints", to: null, cost: "", checks: [], rules: []});
  clearPlan();
});
byId("plan-clear").addEventListener("click", () => clearPlan());

function clearPlan() {
  pricing++;
  page.waypoints = [];
  page.quote = null;
  showPlan();
}

// -- decisions --------------------------------------------------------------------------

/** What the decision box shows now (rebuilt only when that changes). */
let decided = "";

/** @type {{actor: string, choice: string, kind: "point"} | null} a decision answered
 * by a point picked on the map */
let picking = null;

/**
 * Does this decision's answer take a point (``at: [x, y]``)?
 * @param {Pending} pending
 */
function takesPoint(pending) {
  return pending.kind === "place_pinned" || /\bat: \[x, y\]/.test(pending.prompt);
}

/**
 * The choices of a decision that are places on the map (answered by a click on one).
 * @param {Pending} pending
 */
function placeChoices(pending) {
  return pending.choices.filter((c) => page.places.includes(c));
}

function showDecision() {
  const state = /** @type {TableState} */ (page.state);
  const box = byId("decision");
  const pending = state.pending;
  const mine = pending !== null && !page.viewAs && (mayCommand(pending.actor) ||
    (state.seat === "gm" && !(pending.actor in state.actors)));
  const shown = JSON.stringify([pending, mine, page.places.length]);
  if (shown === decided) return;
  decided = shown;
  if (!pending || !mine) stopPicking();
  if (!pending) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  byId("decision-prompt").textContent = pending.prompt;
  const choices = byId("decision-choices");
  choices.replaceChildren();
  const consequences = pending.consequences ?? [];
  const places = placeChoices(pending);
  for (const choice of pending.choices) {
    const consequence = consequences.find((c) => c.choice === choice);
    const button = make("button", "choice");
    button.type = "button";
    button.dataset.choice = choice;
    button.disabled = !mine;
    button.append(make("span", "choice-name", choice));
    if (consequence) button.append(...consequenceLines(consequence));
    if (consequence?.risk) button.classList.add("fw-risky");
    if (takesPoint(pending)) {
      button.append(make("span", "option-path", "the free spot nearest to where it stopped"));
    } else if (places.includes(choice)) {
      button.append(make("span", "option-path", "or click it on the map"));
    }
    button.addEventListener("click", () => void answer(pending, choice));
    choices.append(button);
    if (takesPoint(pending)) {
      const pick = make("button", "choice choice-point");
      pick.type = "button";
      pick.dataset.pointChoice = choice;
      pick.disabled = !mine;
      pick.append(make("span", "choice-name", `${choice}: pick the spot on the map`),
                  make("span", "option-path", "then click inside the zone, within reach"));
      pick.addEventListener("click", () => startPicking(pending, choice));
      choices.append(pick);
    }
  }
  markPlaceChoices(mine ? places : []);
  const wait = byId("decision-wait");
  wait.hidden = mine;
  wait.textContent = mine ? "" : `Waiting for ${pending.actor} to answer.`;
  if (mine) openPanel("play");
}

/**
 * A consequence in short lines: what it does and costs, each roll with its exact odds,
 * its risk as warnings.
 * @param {Consequence} consequence
 * @returns {HTMLElement[]}
 */
function consequenceLines(consequence) {
  const out = [];
  const words = [consequence.words, consequence.cost].filter(Boolean).join(" · ");
  if (words) out.push(make("span", "option-path", words));
  for (const check of consequence.checks) out.push(checkLine(check));
  for (const warning of consequence.risk ? riskLines(consequence.risk) : []) {
    out.push(make("span", "option-warning", `⚠ ${warning}`));
  }
  if (!out.length && consequence.text) out.push(make("span", "option-path", consequence.text));
  return out;
}

/**
 * Answer the pending decision (a point with it, when one was picked).
 * @param {Pending} pending
 * @param {string} choice
 * @param {number[]} [at]
 */
async function answer(pending, choice, at) {
  stopPicking();
  const command = {answer: choice, actor: pending.actor, ...(at ? {at} : {})};
  await act({command, label: `answer ${choice}`, to: null, cost: "", checks: [],
             rules: pending.rules}, true);
}

/** The places that answer the decision, marked on the map.
 * @param {string[]} places */
function markPlaceChoices(places) {
  for (const element of byId("map").querySelectorAll(".fw-answer")) {
    element.classList.remove("fw-answer");
  }
  for (const place of places) {
    for (const element of byId("map").querySelectorAll(`.place[data-place="${CSS.escape(place)}"]`)) {
      element.classList.add("fw-answer");
    }
  }
}

/**
 * Wait for a click on the map: its point answers the decision.
 * @param {Pending} pending
 * @param {string} choice
 */
function startPicking(pending, choice) {
  picking = {actor: pending.actor, choice, kind: "point"};
  byId("map").classList.add("fw-picking");
  say(`Click the spot on the map (${pending.prompt}); Esc cancels.`);
}

function stopPicking() {
  if (!picking) return;
  picking = null;
  byId("map").classList.remove("fw-picking");
}

/**
 * A point picked for a placement, moved to the nearest spot the rules may accept: within
 * the reach the prompt names ("within 2 m of bruno") of the one who places, and clear of
 * every other character's 2 m disc (2 m between centres). Walls and zones are the
 * server's to check (a refusal is shown in one line).
 * @param {Pending} pending
 * @param {number[]} at
 * @returns {number[]}
 */
function snap(pending, at) {
  const actors = page.state?.actors ?? {};
  /** @param {unknown} id */
  const pointOf = (id) => {
    const p = /** @type {{point?: unknown} | undefined} */ (actors[String(id)])?.point;
    return Array.isArray(p) && p.length >= 2 ? [Number(p[0]), Number(p[1])] : null;
  };
  const centre = pointOf(pending.context["pinner"] ?? pending.actor);
  const mover = String(pending.context["mover"] ?? "");
  const reach = Number((pending.prompt.match(/within ([\d.]+) m/) ?? ["", "2"])[1]);
  const others = Object.keys(actors).filter((id) => id !== mover)
    .map(pointOf).filter((p) => p !== null).map((p) => /** @type {number[]} */ (p));
  if (!centre || !Number.isFinite(reach)) return at;
  const gap = 2;
  /** @param {number[]} a @param {number[]} b */
  const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  /** @param {number[]} q */
  const ok = (q) => dist(q, centre) <= reach + 1e-9 && others.every((o) => dist(q, o) >= gap - 1e-9);
  /** @param {number[]} from @param {number[]} to @param {number} r */
  const onCircle = (from, to, r) => {
    const d = dist(from, to) || 1;
    return [from[0] + (to[0] - from[0]) * r / d, from[1] + (to[1] - from[1]) * r / d];
  };
  const candidates = [at, onCircle(centre, at, reach), ...others.map((o) => onCircle(o, at, gap))];
  for (let i = 0; i < 720; i += 1) {  // the edge of the reach, every half degree
    const angle = i * Math.PI / 360;
    candidates.push([centre[0] + reach * Math.cos(angle), centre[1] + reach * Math.sin(angle)]);
  }
  const fits = candidates.filter(ok).sort((a, b) => dist(a, at) - dist(b, at));
  return fits[0] ?? at;
}

/**
 * A click's point on a map drawn to scale, in metres (null off every floor).
 * @param {MouseEvent} e
 * @returns {number[] | null}
 */
function metresAt(e) {
  const svg = byId("map").querySelector("svg");
  const matrix = svg?.getScreenCTM();
  if (!svg || !matrix) return null;
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
  const perM = Number(svg.getAttribute("data-px-per-m") ?? "0");
  if (!perM) return null;
  for (const floor of svg.querySelectorAll("g.floor[data-origin-m]")) {
    const panel = floor.querySelector("rect.panel");
    if (!panel) continue;
    const x = Number(panel.getAttribute("x")), y = Number(panel.getAttribute("y"));
    const w = Number(panel.getAttribute("width")), h = Number(panel.getAttribute("height"));
    if (p.x < x || p.y < y || p.x > x + w || p.y > y + h) continue;
    const [mx, my] = (floor.getAttribute("data-origin-m") ?? "0 0").split(" ").map(Number);
    return [mx + (p.x - x) / perM, my + (p.y - y) / perM];
  }
  return null;
}

// -- commands and dice --------------------------------------------------------------

/** @type {{command: Record<string, unknown>, what: string} | null} */
let rolling = null;

function diceAtTable() {
  const checked = /** @type {HTMLInputElement | null} */ (
    document.querySelector('input[name="dice"]:checked'));
  return checked?.value === "table";
}

/**
 * Do an option: with "I roll at the table", a command that may roll asks for the faces.
 * @param {Option} option
 * @param {boolean} [mayRoll] the command may roll though the option shows no check
 */
async function act(option, mayRoll = false) {
  const command = option.command;
  const rolls = mayRoll || option.checks.length > 0 || command["do"] === "end_turn";
  if (diceAtTable() && rolls) {
    rolling = {command, what: option.checks.map((c) => `${c.name} (${c.dice})`).join("; ")};
    byId("dice-what").textContent = `${option.label}. ${rolling.what || "Type the faces if it rolls."}`;
    byId("dice-error").textContent = "";
    const faces = /** @type {HTMLInputElement} */ (byId("dice-faces"));
    faces.value = "";
    /** @type {HTMLDialogElement} */ (byId("dice-dialog")).showModal();
    faces.focus();
    return;
  }
  await send(command);
}

byId("dice-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const submitter = /** @type {SubmitEvent} */ (e).submitter;
  const how = submitter instanceof HTMLButtonElement ? submitter.value : "faces";
  const dialog = /** @type {HTMLDialogElement} */ (byId("dice-dialog"));
  const current = rolling;
  if (how === "cancel" || !current) {
    dialog.close();
    return;
  }
  const text = /** @type {HTMLInputElement} */ (byId("dice-faces")).value;
  const faces = (text.match(/-?\d+/g) ?? []).map(Number);
  if (how === "faces" && !faces.length) {
    byId("dice-error").textContent = "type the faces you rolled, e.g. 4 or 3, 5";
    return;
  }
  const command = how === "faces" ? {...current.command, roll: faces} : current.command;
  void send(command).then((refused) => {
    if (refused) byId("dice-error").textContent = refused;
    else {
      rolling = null;
      dialog.close();
    }
  });
});

let sent = 0;

/** A fresh command id (a retry of the same command would reuse it). */
function commandId() {
  sent += 1;
  return `web-${Date.now().toString(36)}-${sent}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Send a command at the version this page read; the refusal's line if refused.
 * @param {Record<string, unknown>} command
 * @returns {Promise<string | null>}
 */
async function send(command) {
  const state = page.state;
  if (!state || page.viewAs) return "a preview sends no commands";
  try {
    await api(`${base}/commands`, {method: "POST", key,
                                   body: {version: state.version, command_id: commandId(), command}});
    say("");
    await refresh();
    return null;
  } catch (error) {
    say(error);
    if (error instanceof ApiError && error.status === 409) await refresh();
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * A line in the status bar: a refusal's one line, or nothing.
 * @param {unknown} what
 */
function say(what) {
  const status = byId("status");
  const text = what instanceof Error ? what.message : String(what ?? "");
  status.textContent = text;
  status.classList.toggle("error", what instanceof Error);
}

// -- the log ------------------------------------------------------------------------------

/** @param {LogLine[]} lines */
function appendLog(lines) {
  const log = byId("log");
  for (const line of lines) {
    const item = make("li", `line line-${line.event}`);
    item.append(make("span", "line-text", line.text));
    for (const rule of line.rules ?? []) {
      const button = make("button", "rule", rule);
      button.type = "button";
      button.title = `what ${rule} says`;
      button.addEventListener("click", () => void showRule(rule));
      item.append(button);
    }
    log.append(item);
  }
  page.logCount += lines.length;
  if (lines.length) log.lastElementChild?.scrollIntoView({block: "nearest"});
}

/** @param {string} rule */
async function showRule(rule) {
  const dialog = /** @type {HTMLDialogElement} */ (byId("rule-dialog"));
  byId("rule-title").textContent = rule;
  const text = byId("rule-text");
  text.replaceChildren(make("p", "hint", "…"));
  dialog.showModal();
  try {
    const passages = /** @type {RulePassage[]} */ (await api(`/api/rules/${encodeURIComponent(rule)}`));
    text.replaceChildren();
    if (!passages.length) text.append(make("p", "", `No documentation cites ${rule}.`));
    for (const p of passages) {
      text.append(make("h3", "", `${p.ruleset} · ${p.heading}`), make("p", "passage", p.text));
    }
  } catch (error) {
    text.replaceChildren(make("p", "error", error instanceof Error ? error.message : String(error)));
  }
}

// -- the game master's tools ----------------------------------------------------------

/** @type {string} */
let gmFilled = "";

function showGmTools() {
  const state = /** @type {TableState} */ (page.state);
  const actors = Object.keys(state.actors);
  const end = /** @type {HTMLSelectElement} */ (byId("gm-end-actor"));
  const keep = end.value;
  end.replaceChildren(...actors.map((a) => new Option(a, a)));
  end.value = state.turn && !keep ? state.turn : keep || (state.turn ?? "");
  if (state.turn && gmFilled !== `${state.version}`) end.value = state.turn;
  const revealed = state.world["revealed"];
  const revealRow = byId("gm-reveal-row");
  revealRow.hidden = !Array.isArray(revealed);
  if (Array.isArray(revealed)) {
    const zones = /** @type {HTMLSelectElement} */ (byId("gm-reveal-zone"));
    const hidden = page.places.filter((p) => !revealed.includes(p));
    zones.replaceChildren(...hidden.map((z) => new Option(z, z)));
    /** @type {HTMLButtonElement} */ (byId("gm-reveal")).disabled = hidden.length === 0;
  }
  const template = /** @type {HTMLSelectElement} */ (byId("gm-template"));
  if (!template.options.length) {
    const commands = GM_COMMANDS[state.ruleset] ?? [];
    template.append(new Option("—", ""));
    commands.forEach((c, i) => template.append(new Option(String(c["do"]), String(i))));
  }
  const viewAs = /** @type {HTMLSelectElement} */ (byId("gm-view-as"));
  if (!viewAs.options.length) {
    const sides = [...new Set(Object.values(state.actors).map((a) => a.side))].sort();
    viewAs.append(new Option("gm (everything)", ""),
                  ...sides.map((s) => new Option(`side:${s}`, `side:${s}`)),
                  ...actors.map((a) => new Option(`actor:${a}`, `actor:${a}`)));
  }
  for (const id of ["gm-undo", "gm-end", "gm-finish", "gm-reveal", "gm-send", "gm-export"]) {
    const button = /** @type {HTMLButtonElement} */ (byId(id));
    button.disabled = page.viewAs !== null || (id === "gm-reveal" && button.disabled);
  }
  gmFilled = `${state.version}`;
}

byId("gm-undo").addEventListener("click", () => void send({do: "undo"}));
byId("gm-end").addEventListener("click", () => {
  const actor = /** @type {HTMLSelectElement} */ (byId("gm-end-actor")).value;
  if (actor) void act({command: {do: "end_turn", actor}, label: `end ${actor}'s turn`,
                       to: null, cost: "", checks: [], rules: []});
});
byId("gm-finish").addEventListener("click", () => {
  // the scene is over whoever could still act: nobody acts after it (undo takes it back)
  const reason = /** @type {HTMLInputElement} */ (byId("gm-finish-reason")).value.trim();
  void send({do: "end_encounter", actor: "gm", ...(reason ? {reason} : {})});
});
byId("gm-reveal").addEventListener("click", () => {
  const zone = /** @type {HTMLSelectElement} */ (byId("gm-reveal-zone")).value;
  if (zone) void send({do: "reveal", actor: "gm", zone});
});
byId("gm-template").addEventListener("change", () => {
  const template = /** @type {HTMLSelectElement} */ (byId("gm-template"));
  const commands = GM_COMMANDS[page.state?.ruleset ?? ""] ?? [];
  const chosen = commands[Number(template.value)];
  /** @type {HTMLTextAreaElement} */ (byId("gm-command")).value =
    chosen && template.value !== "" ? JSON.stringify(chosen) : "";
});
byId("gm-send").addEventListener("click", () => {
  const text = /** @type {HTMLTextAreaElement} */ (byId("gm-command")).value;
  let command;
  try {
    command = /** @type {unknown} */ (JSON.parse(text));
  } catch {
    say(new Error("the command is not JSON, e.g. {\"do\": \"end_turn\", \"actor\": \"ada\"}"));
    return;
  }
  if (command && typeof command === "object" && !Array.isArray(command)) {
    void send(/** @type {Record<string, unknown>} */ (command));
  } else {
    say(new Error("a command is a JSON object"));
  }
});
byId("gm-view-as").addEventListener("change", () => {
  const value = /** @type {HTMLSelectElement} */ (byId("gm-view-as")).value;
  page.viewAs = value || null;
  page.held = null;
  page.options = [];
  page.logCount = 0;
  byId("log").replaceChildren();
  live.restart();
  void refresh();
});
byId("gm-export").addEventListener("click", () => void download());

async function download() {
  try {
    const text = await apiText(`${base}/export`, {key});
    const link = make("a");
    link.href = URL.createObjectURL(new Blob([text], {type: "application/yaml"}));
    link.download = `${tableId}.yaml`;
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    say(error);
  }
}

// -- panels (tabs; a sheet that slides up on a phone) -------------------------------

/** @param {string} id */
function openPanel(id) {
  for (const tab of document.querySelectorAll(".tabs [role=tab]")) {
    const on = tab.getAttribute("data-panel") === id;
    tab.setAttribute("aria-selected", String(on));
    byId(tab.getAttribute("data-panel") ?? "").hidden = !on;
  }
  byId("panels").classList.add("open");
}

for (const tab of document.querySelectorAll(".tabs [role=tab]")) {
  tab.addEventListener("click", () => {
    const id = tab.getAttribute("data-panel") ?? "play";
    const panels = byId("panels");
    if (tab.getAttribute("aria-selected") === "true" && panels.classList.contains("open")) {
      panels.classList.remove("open");
    } else {
      openPanel(id);
    }
  });
}

// -- keys ---------------------------------------------------------------------------------

document.addEventListener("keydown", (e) => {
  const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement ||
    e.target instanceof HTMLSelectElement;
  if (e.key === "Escape" && !document.querySelector("dialog[open]")) {
    hideTip();
    if (picking) {
      stopPicking();
      say("");
      return;
    }
    if (page.waypoints.length) {
      clearPlan();
    } else if (page.held) {
      void pickUp(null);
    }
    return;
  }
  if (typing) return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && page.state?.seat === "gm" &&
      !page.viewAs) {
    e.preventDefault();
    void send({do: "undo"});
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const onMap = e.target === document.body || e.target === mapHost;
  if ((onMap || !e.key.startsWith("Arrow")) && map.key(e)) e.preventDefault();
});
byId("zoom-in").addEventListener("click", () => map.zoom(1.25));
byId("zoom-out").addEventListener("click", () => map.zoom(0.8));
byId("zoom-fit").addEventListener("click", () => map.fit());

// -- live ---------------------------------------------------------------------------------

const live = new Live(() => {
  const url = new URL(`${base}/live`, location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("key", key ?? "");
  url.searchParams.set("after", String(page.state?.version ?? 0));
  if (page.viewAs) url.searchParams.set("as", page.viewAs);
  return url.toString();
}, (message) => {
  if (message.type === "reset") {
    page.logCount = 0;
    byId("log").replaceChildren();
  }
  void refresh();
}, (status) => {
  const chip = byId("live");
  chip.dataset.status = status;
  chip.textContent = {connecting: "connecting…", live: "● live", lost: "✕ connection lost"}[status];
  const banner = byId("banner");
  if (status === "lost") {
    banner.hidden = false;
    banner.dataset.kind = "lost";
    banner.textContent = "The connection to the table is lost: reconnecting, the page catches up then.";
  } else if (banner.dataset.kind === "lost") {
    banner.hidden = !page.viewAs;
    banner.dataset.kind = "";
    if (status === "live") void refresh();
  }
});

async function start() {
  if (!key) {
    say(new Error("this link has no key: open the table from the link its game master gave you"));
    return;
  }
  try {
    const tables = /** @type {TableInfo[]} */ (await api("/api/tables"));
    const info = tables.find((t) => t.id === tableId);
    byId("title").textContent = info ? info.name : tableId;
    document.title = `${info ? info.name : tableId} · footwork`;
    await refresh();
    live.start();
  } catch (error) {
    say(error);
  }
}

void start();
