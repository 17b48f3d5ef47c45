// The end of an encounter, and characters who leave it before: those out of the scene
// (lost in the Skysea, fallen out of it) leave the map and the list says how they went;
// the summary (rounds, who ended where, falls, damage: `GET …/summary`, as the seat
// perceives it) opens in a dialog when the encounter ends, and stays one click away.

import {api, byId, make} from "./api.js";
import {base, page, reads, say} from "./context.js";
import {names, plain} from "./words.js";

/**
 * @typedef {{id: string, side: string | null, start: string | null, at: string | null,
 *   start_hidden?: boolean, in_play: boolean, left?: string | null, falls: number,
 *   damage: Record<string, number>}} ActorSummary
 * @typedef {{rounds: number, ended: boolean, reason: string | null,
 *   actors: ActorSummary[], removed: string[]}} Summary
 */

/** @type {{version: string, summary: Summary} | null} the summary last read */
let known = null;
/** The end was shown once on this page (it opens by itself only then). */
let shownEnd = false;

/** The characters the state says are out of the scene. */
export function outOfScene() {
  const out = /** @type {{out_of_scene?: unknown}} */ (page.state ?? {}).out_of_scene;
  return Array.isArray(out) ? out.map(String) : [];
}

/** Whether the page needs the summary at this version (an end, or someone gone). */
function wanted() {
  const state = page.state;
  return state !== null && (state.ended || outOfScene().length > 0);
}

/** The summary of this version, read when the page needs it (else null). */
export async function readSummary() {
  const state = page.state;
  if (!state || !wanted()) return null;
  const version = `${state.version}\n${page.viewAs ?? ""}`;
  if (known?.version !== version) {
    known = {version, summary: /** @type {Summary} */ (await api(`${base}/summary`, reads()))};
  }
  return known.summary;
}

/**
 * How a character left the scene, in the log's words without its own name at the
 * front ("plunges into the Skysea and leaves the scene"); null while it is in play.
 * @param {string} id
 */
export function howLeft(id) {
  if (!outOfScene().includes(id)) return null;
  const found = known?.summary.actors.find((a) => a.id === id);
  const text = plain(found?.left ?? "", names());
  const bare = text.startsWith(`${id} `) ? text.slice(id.length + 1) : text;
  return bare ? `out of the scene: ${bare}` : "out of the scene";
}

/**
 * Take the tokens of characters out of the scene off the map (drawn faded where they
 * were: they are no longer there).
 * @param {SVGSVGElement} svg
 */
export function markGone(svg) {
  const out = outOfScene();
  for (const token of svg.querySelectorAll("[data-actor]")) {
    const gone = out.includes(token.getAttribute("data-actor") ?? "");
    token.classList.toggle("fw-gone", gone);
    if (gone) token.setAttribute("aria-hidden", "true");
  }
}

/** The header's *summary* button, and the dialog opened once when the encounter ends. */
export function showEnd() {
  const state = page.state;
  byId("summary-open").hidden = !state?.ended;
  if (state?.ended && !shownEnd && known) {
    shownEnd = true;
    fillSummary(known.summary);
    const dialog = /** @type {HTMLDialogElement} */ (byId("summary-dialog"));
    if (!dialog.open && !document.querySelector("dialog[open]")) dialog.showModal();
  }
  if (!state?.ended) shownEnd = false;  // undone: it opens again at the next end
}

/**
 * Damage by kind in words ("2 guard, 1 lethal"; "none").
 * @param {Record<string, number>} damage
 */
function damageWords(damage) {
  const parts = Object.entries(damage).map(([kind, n]) => `${n} ${kind}`);
  return parts.length ? parts.join(", ") : "none";
}

/** @param {Summary} summary */
function fillSummary(summary) {
  byId("summary-title").textContent = summary.ended ? "The encounter is over"
    : "The encounter so far";
  byId("summary-head").textContent = summary.ended
    ? `Ended in round ${summary.rounds}${summary.reason ? `: ${plain(summary.reason, names())}` : ""}.`
    : `Round ${summary.rounds}, still going.`;
  const body = byId("summary-rows");
  body.replaceChildren();
  for (const actor of summary.actors) {
    const row = make("tr");
    row.dataset.actor = actor.id;
    const from = actor.start ?? "brought in";
    const now = actor.at ?? "";
    let where = actor.start_hidden ? `came from out of sight, now ${now}`
      : actor.start === null ? `brought in, now ${now}`
      : actor.start === now ? `stayed at ${now}` : `${from} → ${now}`;
    if (!actor.in_play) {
      const text = plain(actor.left ?? "", names());
      const bare = text.startsWith(`${actor.id} `) ? text.slice(actor.id.length + 1) : text;
      where = `out of the scene${bare ? `: ${bare}` : ""} (last at ${now})`;
    }
    const falls = actor.falls === 0 ? "none" : actor.falls === 1 ? "1 fall" : `${actor.falls} falls`;
    row.append(make("th", "", actor.id), make("td", "", actor.side ?? ""),
               make("td", "", where), make("td", "", falls),
               make("td", "", damageWords(actor.damage)));
    body.append(row);
  }
  for (const gone of summary.removed) {
    const row = make("tr");
    row.dataset.actor = gone;
    const cell = make("td", "", "taken out of play by the game master");
    cell.colSpan = 4;
    row.append(make("th", "", gone), cell);
    body.append(row);
  }
}

/** Open the summary now (the header's button, the Log panel's). */
async function openSummary() {
  const state = page.state;
  if (!state) return;
  try {
    const summary = /** @type {Summary} */ (await api(`${base}/summary`, reads()));
    fillSummary(summary);
    /** @type {HTMLDialogElement} */ (byId("summary-dialog")).showModal();
  } catch (error) {
    say(error);
  }
}

byId("summary-open").addEventListener("click", () => void openSummary());
byId("summary-so-far").addEventListener("click", () => void openSummary());
