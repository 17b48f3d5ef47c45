// Moving the held character: an option read in full when it is looked at (a hover, a
// focus) or chosen (a click, Enter); several options to one place ask which; on a map
// drawn to scale the move ends at the point chosen, snapped into where it may end.

import {byId, make} from "./api.js";
import {act} from "./commands.js";
import {page, say} from "./context.js";
import {inRegion, snapInto} from "./hittest.js";
import {details, reachElement} from "./reach.js";
import {describe, isRisky} from "./words.js";

/**
 * @typedef {import("./api.js").Option} Option
 * @typedef {import("./hittest.js").Region} Region
 */

/**
 * The options of ``indices``, read in full (null when the hand changed meanwhile).
 * @param {number[]} indices
 * @returns {Promise<Option[] | null>}
 */
export async function optionsOf(indices) {
  const reach = page.reach;
  if (!reach) return null;
  const found = await details(reach, indices);
  if (page.reach !== reach) return null;
  markRisky(indices, found);
  return found;
}

/**
 * A place whose options are read and risky gets its dashed outline.
 * @param {number[]} indices
 * @param {Option[]} found
 */
function markRisky(indices, found) {
  if (!found.some(isRisky)) return;
  const key = indices.join(" ");
  const place = page.reach?.to[indices[0]];
  if (place) reachElement(place);  // on a large grid, its square is made now
  for (const element of byId("map").querySelectorAll(".fw-reach")) {
    if (element.getAttribute("data-fw-options") === key) element.classList.add("fw-risky");
  }
}

/**
 * Where an option ends when the point ``at`` (metres) was chosen: on a map drawn to
 * scale, the option's command with ``at`` snapped into its region; else the option.
 * @param {Option} option
 * @param {number[] | null} at
 * @returns {Option}
 */
export function landing(option, at) {
  const region = /** @type {{region?: Region}} */ (option).region;
  const spot = option.command["at"];
  if (!at || !region || !Array.isArray(spot)) return option;
  const inside = /** @type {number[]} */ (spot);
  const p = clear(at, region, inside, String(option.command["actor"] ?? ""));
  return {...option, command: {...option.command, at: p ?? inside}};
}

/** Centres of two characters stand at least this far apart (2 m footprints). */
const GAP = 2;

/**
 * The spot nearest to ``p`` inside ``region`` and clear of every other character's
 * footprint (null when none is found near): the rules refuse a move onto another's.
 * @param {number[]} p
 * @param {Region} region
 * @param {number[]} inside a point known to be in the region
 * @param {string} mover
 * @returns {number[] | null}
 */
function clear(p, region, inside, mover) {
  const actors = page.state?.actors ?? {};
  const others = Object.entries(actors).filter(([id]) => id !== mover)
    .map(([, info]) => /** @type {{point?: unknown}} */ (info).point)
    .filter((q) => Array.isArray(q) && q.length >= 2)
    .map((q) => [Number(/** @type {unknown[]} */ (q)[0]), Number(/** @type {unknown[]} */ (q)[1])]);
  /** @param {number[]} q */
  const fits = (q) => inRegion(q, region) &&
    others.every((o) => Math.hypot(q[0] - o[0], q[1] - o[1]) >= GAP + 0.01);
  /** @param {number[]} q */
  const rounded = (q) => q.map((v) => Math.round(v * 100) / 100);
  if (fits(rounded(p))) return rounded(p);
  const candidates = [snapInto(p, region, inside)];
  for (const o of others) {  // just outside a footprint, on the side of the point
    const d = Math.hypot(p[0] - o[0], p[1] - o[1]) || 1;
    candidates.push([o[0] + (p[0] - o[0]) * (GAP + 0.05) / d, o[1] + (p[1] - o[1]) * (GAP + 0.05) / d]);
  }
  for (let r = 0.2; r <= 8; r += 0.2) {  // rings around the point
    for (let k = 0; k < 32; k++) {
      const a = k * Math.PI / 16;
      candidates.push([p[0] + r * Math.cos(a), p[1] + r * Math.sin(a)]);
    }
  }
  const found = candidates.map(rounded).filter(fits)
    .sort((a, b) => Math.hypot(a[0] - p[0], a[1] - p[1]) - Math.hypot(b[0] - p[0], b[1] - p[1]));
  return found[0] ?? null;
}

/**
 * Move along one of ``indices`` (all going to one place): the only one, or the one the
 * player picks from a short list.
 * @param {number[]} indices
 * @param {number[] | null} [at] the point chosen, on a map drawn to scale
 */
export async function moveTo(indices, at = null) {
  // while the options are read, the page says so (tests wait for it too)
  document.body.dataset.moving = "reading";
  let found;
  try {
    found = await optionsOf(indices);
  } catch (error) {
    say(error);
    return;
  } finally {
    delete document.body.dataset.moving;
  }
  if (!found || !found.length) return;
  if (found.length === 1) {
    await act(landing(found[0], at));
    return;
  }
  choose(found.map((o) => landing(o, at)));
}

/**
 * Several options reach one place: the player picks one.
 * @param {Option[]} options
 */
function choose(options) {
  const dialog = /** @type {HTMLDialogElement} */ (byId("choose-dialog"));
  const list = byId("choose-list");
  list.replaceChildren();
  options.forEach((option, i) => {
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
  });
  dialog.showModal();
  /** @type {HTMLElement | null} */ (list.querySelector("button"))?.focus();
}

// -- the tooltip of a reachable place ----------------------------------------------

/** Which tooltip was asked last: an older answer is dropped. */
let tipAsked = 0;

/**
 * Show the options of a place beside a point of the map (read in full first).
 * @param {number[]} indices
 * @param {number} clientX
 * @param {number} clientY
 * @param {number[] | null} [at] the point under the pointer, on a map drawn to scale
 */
export async function showTip(indices, clientX, clientY, at = null) {
  const asked = ++tipAsked;
  let found;
  try {
    found = await optionsOf(indices.slice(0, 6));
  } catch {
    return;
  }
  if (asked !== tipAsked || !found) return;
  const tip = byId("tip");
  tip.replaceChildren(...found.map((o) => describe(landing(o, at))));
  if (indices.length > 6) tip.append(make("div", "hint", `… and ${indices.length - 6} more`));
  tip.hidden = false;
  const area = /** @type {HTMLElement} */ (tip.parentElement).getBoundingClientRect();
  const left = Math.min(clientX - area.left + 16, area.width - tip.offsetWidth - 8);
  const top = Math.min(Math.max(clientY - area.top + 16, 8), area.height - tip.offsetHeight - 8);
  tip.style.left = `${Math.max(8, left)}px`;
  tip.style.top = `${Math.max(8, top)}px`;
}

export function hideTip() {
  tipAsked++;
  byId("tip").hidden = true;
}
