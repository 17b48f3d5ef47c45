// Pending decisions: the question for the seat that must answer, each choice with what
// it does and risks; answers that are a place (a click on it) or a point (picked on a
// map drawn to scale, moved to the nearest spot the rules may accept).

import {byId, make} from "./api.js";
import {act} from "./commands.js";
import {mayCommand, page, say} from "./context.js";
import {openPanel} from "./panels.js";
import {isPhone} from "./views.js";
import {consequenceLines, names, plain} from "./words.js";

/**
 * @typedef {import("./api.js").TableState} TableState
 * @typedef {import("./api.js").Pending} Pending
 */

/** What the decision box shows now (rebuilt only when that changes). */
let decided = "";

/** The decision is shown again (a new drawing: its places are marked on it). */
export function redecide() {
  decided = "";
}

/** @type {{actor: string, choice: string, kind: "point"} | null} a decision answered
 * by a point picked on the map */
export let picking = null;

/** The sheet of panels was opened by a decision (a phone): it closes when answered. */
let openedFor = false;

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

export function showDecision() {
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
    // answered: the sheet that opened for it goes down again (on a phone it covers the map)
    if (openedFor) byId("panels").classList.remove("open");
    openedFor = false;
    return;
  }
  box.hidden = false;
  byId("decision-prompt").textContent = plain(pending.prompt, names());
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
    button.append(make("span", "choice-name", plain(choice, names())));
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
      pick.append(make("span", "choice-name", `${plain(choice, names())}: pick the spot on the map`),
                  make("span", "option-path", "then click inside the zone, within reach"));
      pick.addEventListener("click", () => startPicking(pending, choice));
      choices.append(pick);
    }
  }
  markPlaceChoices(mine ? places : []);
  const wait = byId("decision-wait");
  wait.hidden = mine;
  wait.textContent = mine ? "" : `Waiting for ${pending.actor} to answer.`;
  if (mine && !openedFor) {
    openPanel("play");
    openedFor = isPhone();
  }
}

/**
 * Answer the pending decision (a point with it, when one was picked).
 * @param {Pending} pending
 * @param {string} choice
 * @param {number[]} [at]
 */
export async function answer(pending, choice, at) {
  stopPicking();
  const command = {answer: choice, actor: pending.actor, ...(at ? {at} : {})};
  await act({command, label: `answer ${choice}`, to: null, cost: "", checks: [],
             rules: pending.rules});
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
  // on a phone the sheet with the decision covered half the map the spot is picked on
  byId("panels").classList.remove("open");
  say(`Click the spot on the map (${plain(pending.prompt, names())}); Esc cancels.`);
}

export function stopPicking() {
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
export function snap(pending, at) {
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

