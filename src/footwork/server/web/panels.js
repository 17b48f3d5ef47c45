// The panels beside the map (a sheet that slides up on a phone): the characters, the
// held character's options, the log with its rule ids, the tabs.

import {api, byId, make} from "./api.js";
import {hooks, mayCommand, page} from "./context.js";
import {hideTip, moveTo, optionsOf, showTip} from "./moves.js";
import {placeCost, reachElement} from "./reach.js";
import {describe, describePlace, isRisky, names, plain} from "./words.js";
import {act} from "./commands.js";
import {keepInSight} from "./views.js";
import {howLeft} from "./ending.js";

/**
 * @typedef {import("./api.js").TableState} TableState
 * @typedef {import("./api.js").LogLine} LogLine
 * @typedef {import("./api.js").RulePassage} RulePassage
 */

// -- tabs ---------------------------------------------------------------------------------

/** @param {string} id */
export function openPanel(id) {
  for (const tab of document.querySelectorAll(".tabs [role=tab]")) {
    const on = tab.getAttribute("data-panel") === id;
    tab.setAttribute("aria-selected", String(on));
    byId(tab.getAttribute("data-panel") ?? "").hidden = !on;
  }
  byId("panels").classList.add("open");
  window.setTimeout(keepInSight, 300);  // once the sheet has slid up
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

// -- the characters -----------------------------------------------------------------------

/** What the characters list shows now (it is rebuilt only when that changes). */
let cast = "";

export function showActors() {
  const state = page.state;
  if (!state) return;
  const shown = JSON.stringify([page.held, page.viewAs, page.closed, state.seat, state.turn,
                                state.order, state.actors,
                                ...Object.keys(state.actors).map(howLeft)]);
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
    const left = howLeft(id);
    const where = left ?? (typeof info.at === "string" ? info.at : JSON.stringify(info.at ?? ""));
    if (left) button.classList.add("actor-gone");
    button.append(make("span", "side-mark", sideMark(info.side)),
                  make("span", "actor-name", id),
                  make("span", "actor-where", `${info.side} · ${where}`));
    if (state.turn === id) button.append(make("span", "turn-mark", "turn"));
    button.title = mine ? (page.held === id ? "put it down (Esc)" : `pick up ${id}`)
      : "not yours to move";
    button.addEventListener("click", () => void hooks.pickUp(page.held === id ? null : id));
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

// -- the turn ------------------------------------------------------------------------------

/** End the turn of the character whose turn it is, when it is this seat's to end: at the
 * top of the Play panel, not only as the last of a long list of options (a grid lists a
 * hundred places first), and without picking the character up. */
export function showTurn() {
  const state = page.state;
  const turn = state && !state.ended && !state.pending ? state.turn : null;
  const mine = turn !== null && mayCommand(turn);
  byId("turn-row").hidden = !mine;
  if (mine) byId("end-turn").textContent = `End ${turn}'s turn`;
}

byId("end-turn").addEventListener("click", () => {
  const turn = page.state?.turn;
  if (!turn || !mayCommand(turn)) return;
  void act({command: {do: "end_turn", actor: turn}, label: `end ${turn}'s turn`,
            to: null, cost: "", checks: [], rules: []});
});

// -- the options ---------------------------------------------------------------------------

/** What the options list shows now (it is rebuilt only when that changes). */
let listed = "";

export function showOptions() {
  const list = byId("options");
  const held = page.held;
  const reach = page.reach;
  const shown = JSON.stringify([held, page.viewAs, reach?.version ?? null, reach?.to.length ?? 0]);
  if (shown === listed) return;
  listed = shown;
  list.replaceChildren();
  byId("options-title").textContent = held ? `Options of ${held}` : "Options";
  const hint = byId("options-hint");
  const count = reach ? reach.to.length : 0;
  hint.hidden = held !== null && count > 0;
  hint.textContent = held ? `${held} has nothing to do now.`
    : page.viewAs ? "A preview shows no options."
      : "Pick up one of your characters (click its token or its name).";
  if (!reach) return;
  const items = [];
  for (let index = 0; index < count; index++) {
    const item = make("li", "option");
    const button = make("button", "option-button");
    button.type = "button";
    button.dataset.index = String(index);
    const known = reach.details.get(index);
    if (known) {
      if (isRisky(known)) button.classList.add("fw-risky");
      button.append(describe(known));
    } else {
      button.append(describePlace(reach.to[index] ?? "", reach.cost[index]));
    }
    item.append(button);
    items.push(item);
  }
  list.append(...items);
}

// one listener each for the whole list (a large grid lists a thousand options)
const optionList = byId("options");
/** @param {Event} e */
const buttonOf = (e) => {
  const button = e.target instanceof Element ? e.target.closest(".option-button") : null;
  return button instanceof HTMLButtonElement ? button : null;
};
optionList.addEventListener("click", (e) => {
  const button = buttonOf(e);
  const reach = page.reach;
  if (!button || !reach) return;
  const index = Number(button.dataset.index);
  const option = reach.details.get(index);
  if (option && reach.to[index] === null) void act(option);
  else void moveTo([index]);
});
for (const [type, on] of /** @type {[string, boolean][]} */ (
  [["mouseover", true], ["focusin", true], ["mouseout", false], ["focusout", false]])) {
  optionList.addEventListener(type, (e) => {
    const button = buttonOf(e);
    if (!button) return;
    const index = Number(button.dataset.index);
    if (on) void lookAt(button, index);
    else hot(index, false);
  });
}

/**
 * An option looked at in the list: read in full, its place marked on the map.
 * @param {HTMLButtonElement} button
 * @param {number} index
 */
async function lookAt(button, index) {
  hot(index, true);
  if (button.dataset.read) return;
  const found = await optionsOf([index]).catch(() => null);
  if (!found || !found[0]) return;
  button.dataset.read = "1";
  button.replaceChildren(describe(found[0]));
  button.classList.toggle("fw-risky", isRisky(found[0]));
}

/**
 * Mark on the map the place of an option hovered in the list.
 * @param {number} index
 * @param {boolean} on
 */
function hot(index, on) {
  const place = page.reach?.to[index];
  if (on && place) reachElement(place);  // on a large grid, its square is made now
  for (const element of byId("map").querySelectorAll(".fw-reach")) {
    const indices = (element.getAttribute("data-fw-options") ?? "").split(" ").map(Number);
    if (indices.includes(index)) element.classList.toggle("fw-hot", on);
  }
}

/**
 * Show a place's options in the tooltip beside its shape (a focus by the keyboard).
 * @param {Element} element
 */
export function tipOf(element) {
  const reach = page.reach;
  const place = element.getAttribute("data-place");
  const indices = place && reach ? reach.places.get(place) : undefined;
  if (!indices) return hideTip();
  const box = element.getBoundingClientRect();
  void showTip(indices, box.right, box.top);
  return undefined;
}

/**
 * The cheapest cost of a place held, for labels.
 * @param {string} place
 */
export function costOf(place) {
  const reach = page.reach;
  const indices = reach?.places.get(place);
  return reach && indices ? placeCost(reach, indices) : null;
}

// -- the log ------------------------------------------------------------------------------

/** @param {LogLine[]} lines */
export function appendLog(lines) {
  const log = byId("log");
  for (const line of lines) {
    const item = make("li", `line line-${line.event}`);
    item.append(make("span", "line-text", plain(line.text, names())));
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
  const last = lines.at(-1);
  if (last) byId("tv-last").textContent = `last: ${plain(last.text, names())}`;
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
