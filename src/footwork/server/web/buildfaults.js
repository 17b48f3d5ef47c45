// The file loader's faults as the builder shows them: the list (each with its path, a
// button that goes there), and what each names on the map and in the forms (an actor,
// a cell, a zone, a span or a link, an input).

import {make} from "./api.js";

/** @typedef {Record<string, any>} Data */
/** @typedef {{line: number | null, path: string, message: string}} Fault */

/**
 * The cells ("row,col") and actor ids that the faults name, to mark them on a grid.
 * @param {Fault[]} faults
 * @param {Data} data the draft
 */
export function faultMarks(faults, data) {
  const cells = new Set(), actors = new Set();
  for (const fault of faults) {
    const actor = /^actors\[(\d+)\]/.exec(fault.path);
    if (actor) {
      const found = data.actors?.[Number(actor[1])];
      if (found) actors.add(String(found.id));
    }
    for (const m of fault.message.matchAll(/row (\d+), col (\d+)/g)) cells.add(`${m[1]},${m[2]}`);
    const override = /^map\.overrides\[(\d+)\]/.exec(fault.path);
    if (override) {
      const o = data.map?.overrides?.[Number(override[1])];
      if (o) cells.add(`${o.row},${o.col}`);
    }
  }
  return {cells, actors};
}

/**
 * The parts of a zone map that the faults name (`map.zones[2]`, `map.links[0]`).
 * @param {Fault[]} faults
 */
export function faultyParts(faults) {
  const parts = new Set();
  for (const fault of faults) {
    const found = /^map\.\w+\[\d+\]/.exec(fault.path);
    if (found) parts.add(found[0]);
  }
  return parts;
}

/**
 * The list's items: each fault's path (a button calling ``show``) and its message.
 * @param {Fault[]} faults
 * @param {(fault: Fault) => void} show
 */
export function faultItems(faults, show) {
  if (!faults.length) return [make("li", "ok", "No faults: the file loads as it is.")];
  return faults.map(fault => {
    const item = make("li", "");
    const where = make("button", "where", fault.path || "file");
    where.type = "button";
    where.title = "Show where";
    where.addEventListener("click", () => show(fault));
    item.append(where, ` ${fault.message}`);
    return item;
  });
}

/**
 * Mark the inputs of ``within`` whose path a fault names.
 * @param {Fault[]} faults
 * @param {ParentNode} within
 */
export function markFaultyInputs(faults, within) {
  const paths = new Set(faults.map(f => f.path));
  for (const input of within.querySelectorAll("[data-path]")) {
    const path = /** @type {HTMLElement} */ (input).dataset.path ?? "";
    input.classList.toggle("faulty", paths.has(path));
  }
}
