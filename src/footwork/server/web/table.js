// The table page: the map of one table as a seat sees it, its characters, their
// options, pending decisions, dice, the log, and the game master's tools. It knows only
// the HTTP and WebSocket API (docs/server.md). This module reads the table and ties the
// others together: map input (mapinput.js, hittest.js), the reach and its shading
// (reach.js), moving (moves.js, ruler.js), panels, decisions and dice, GM tools.

import {api, apiText, byId} from "./api.js";
import {base, hooks, key, mayCommand, page, reads, say, tableId} from "./context.js";
import {redecide, showDecision, stopPicking, picking} from "./decisions.js";
import {markGone, readSummary, showEnd} from "./ending.js";
import {placing, showGmTools, stopPlacing} from "./gm.js";
import {Live} from "./live.js";
import {MapView} from "./mapview.js";
import {hideTip} from "./moves.js";
import {appendLog, showActors, showOptions, showTurn} from "./panels.js";
import {clearPlan, repriceAt, showPlan} from "./plan.js";
import {patterns, readReach, shade, unshade} from "./reach.js";
import {send} from "./commands.js";
import {refocus} from "./focus.js";
import "./mapinput.js";
import {drawPlanned, drawTrails, showPlanned, startRuler} from "./ruler.js";
import {clearForTurn, firstView, fitChips, fitTitle, keepInSight, matchBackground, remember, seatWords,
  setUpViews} from "./views.js";

/**
 * @typedef {import("./api.js").TableState} TableState
 * @typedef {import("./api.js").LogPage} LogPage
 * @typedef {import("./api.js").TableInfo} TableInfo
 */

const map = new MapView(byId("map"));
startRuler(map);
setUpViews(map);
remember(map);

// -- reading the table ----------------------------------------------------------------

/** @type {Promise<void> | null} */
let loading = null;
let again = false;

/** Read the table again (state, drawing when the table changed, the held character's
 * reach, new log lines): one at a time, the last request wins. */
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

async function load() {
  const state = /** @type {TableState} */ (await api(`${base}/state`, reads()));
  page.state = state;
  if (page.held && !mayCommand(page.held)) page.held = null;
  const held = page.held;
  const drawing = `${state.version}\n${page.viewAs ?? ""}`;
  const stale = held !== null && (page.reach?.actor !== held || page.reach.version !== state.version);
  const [svg, reach, log] = await Promise.all([
    drawing === page.drawn ? Promise.resolve(null) : apiText(`${base}/drawing`, reads()),
    stale && held ? readReach(held) : Promise.resolve(held ? page.reach : null),
    api(`${base}/log`, {key, params: {as: page.viewAs, after: String(page.logCount)}}),
    readSummary(),  // who went where, when someone left the scene or it ended
  ]);
  page.reach = reach;
  showState();
  if (svg !== null) showDrawing(svg, drawing);
  else if (stale) reshade();
  clearForTurn();
  showOptions();
  showPlan();
  appendLog(/** @type {LogPage} */ (log).lines);
  repriceAt(state.version);
  showEnd();
}

/** Pick up a character (its reach read as arrays and shaded on the drawing already
 * shown: no drawing is fetched), or put it down (null).
 * @param {string | null} actor */
async function pickUp(actor) {
  performance.mark("fw-pickup");
  page.held = actor;
  clearPlan();
  hideTip();
  if (actor === null) {
    page.reach = null;
    unshade();
    markHeld();
    showOptions();
    showActors();
    refocus();
    return;
  }
  try {
    const reach = await readReach(actor);
    performance.mark("fw-reach-read");
    if (page.held !== actor) {  // put down or another picked up meanwhile
      performance.mark("fw-pickup-superseded");
      return;
    }
    page.reach = reach;
    reshade();
    showActors();
    performance.mark("fw-reach-in-document");
    // the map first: the list (a thousand options on a large grid) once it is painted
    requestAnimationFrame(() => requestAnimationFrame(() => {
      performance.mark("fw-reach-shown");
      performance.measure("fw-pickup-to-reach", "fw-pickup", "fw-reach-shown");
      if (page.reach !== reach) return;
      showOptions();
      showPlan();
      keepInSight();
      refocus();
    }));
  } catch (error) {
    performance.mark("fw-pickup-failed");
    say(error);
  }
}

hooks.refresh = refresh;
hooks.pickUp = pickUp;

// -- showing it -------------------------------------------------------------------------

function showState() {
  const state = /** @type {TableState} */ (page.state);
  byId("round").textContent = `round ${state.round}`;
  // a character's own seat: "your turn" (its name is the seat's chip beside it)
  const yours = !page.viewAs && state.turn !== null && state.seat === `actor:${state.turn}`;
  byId("turn").textContent = state.ended ? "the encounter is over"
    : yours ? "your turn" : state.turn ? `${state.turn}'s turn` : "";
  byId("tv-turn").textContent = `round ${state.round} · ${byId("turn").textContent}`;
  if (page.viewAs) fitChips(`previewing ${page.viewAs}`, `as ${seatWords(page.viewAs, true)}`);
  else fitChips(`you: ${seatWords(state.seat)}`, seatWords(state.seat, true));
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
  showTurn();
  showDecision();
  if (isGm) showGmTools();
}

/**
 * Put a new drawing of the table on the map (once per version of the table): tokens to
 * pick up; the held character's places shaded again on it.
 * @param {string} text the SVG document
 * @param {string} drawn the version and seat it is of
 */
function showDrawing(text, drawn) {
  page.drawn = drawn;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!(root instanceof SVGSVGElement)) return;
  const svg = /** @type {SVGSVGElement} */ (document.importNode(root, true));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", svg.querySelector("title")?.textContent ?? "the map");
  decorate(svg);
  markGone(svg);
  const first = map.svg === null;
  map.show(svg);
  matchBackground();
  drawTrails(svg);
  drawPlanned(svg);
  if (first) firstView(map);
  page.places = [...new Set([...svg.querySelectorAll(".place[data-place]")]
    .map((e) => e.getAttribute("data-place") ?? ""))].filter(Boolean);
  reshade();
  redecide();  // the decision's places are marked on the new drawing
  if (page.state) showDecision();
}

/** The held character's places on the drawing shown (none when nothing is held). */
function reshade() {
  markHeld();
  if (page.reach && page.held) shade(page.reach);
  else unshade();
  map.onView();  // the cells' costs just written are sized for the screen too
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
    }
  }
}

/** The held token is marked (and its label says what a click does). */
function markHeld() {
  for (const token of byId("map").querySelectorAll(".fw-token")) {
    const id = token.getAttribute("data-actor") ?? "";
    token.classList.toggle("fw-held", page.held === id);
    if (token.classList.contains("fw-mine")) {
      token.setAttribute("aria-label", page.held === id ? `put down ${id}` : `pick up ${id}`);
    }
  }
}

// -- keys ---------------------------------------------------------------------------------

const mapHost = byId("map");

document.addEventListener("keydown", (e) => {
  const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement ||
    e.target instanceof HTMLSelectElement;
  if (e.key === "Escape" && !document.querySelector("dialog[open]")) {
    hideTip();
    if (placing) {
      stopPlacing();
      say("");
      return;
    }
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
  if (message.type === "plan") {  // another page's ruler: drawn, nothing read
    showPlanned(message.actor, message.path, message.done);
    return;
  }
  if (message.type === "reset") {
    page.logCount = 0;
    byId("log").replaceChildren();
  }
  page.announced = Math.max(page.announced, message.version);
  void refresh();
}, (status) => {
  const chip = byId("live");
  chip.dataset.status = status;
  chip.dataset.words = {connecting: "connecting…", live: "● live", lost: "✕ connection lost",
                        closed: "✕ closed"}[status];
  fitChips();
  const banner = byId("banner");
  if (status === "closed") {
    banner.hidden = false;
    banner.dataset.kind = "lost";
    banner.textContent = `${live.reason || "This link no longer opens the table"}.`;
    // nothing this page sends would be taken: End the turn, the options and the
    // characters' pick-up go (they stayed, and a tap was refused as unauthorised)
    page.closed = true;
    void pickUp(null);
    if (page.state) showState();
  } else if (status === "lost") {
    banner.hidden = false;
    banner.dataset.kind = "lost";
    banner.textContent = "The connection to the table is lost: reconnecting, the page catches up then.";
  } else if (banner.dataset.kind === "lost") {
    banner.hidden = !page.viewAs;
    banner.dataset.kind = "";
    if (status === "live") void refresh();
  }
});

hooks.tell = (message) => {
  if (!page.viewAs) live.send(message);
};
hooks.reconnect = () => {
  page.announced = 0;  // another seat's versions (the game master's preview) count apart
  live.restart();
  void refresh();
};

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
    fitTitle();
    await refresh();
    live.start();
  } catch (error) {
    say(error);
  }
}

void start();
