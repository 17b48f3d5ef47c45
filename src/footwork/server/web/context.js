// What every module of the table page shares: the table, the seat's key, the page's
// state (the table as read, the character in hand, its reach) and a few hooks that the
// entry module (table.js) fills in, so that modules call each other without cycles.

import {ApiError, byId} from "./api.js";
import {names, plain} from "./words.js";

/**
 * @typedef {import("./api.js").TableState} TableState
 * @typedef {import("./api.js").Option} Option
 * @typedef {{style: string, to: number[]}} Waypoint
 * @typedef {{version: number, count: number, to: (string | null)[], cost: (number | null)[],
 *   options: Record<string, Option>}} ReachAnswer what ``GET /reach`` answers
 * @typedef {{actor: string, version: number, to: (string | null)[], cost: (number | null)[],
 *   places: Map<string, number[]>, details: Map<number, Option>}} Reach the held
 *   character's options: each one's place and cost, and those read in full
 */

const params = new URLSearchParams(location.search);
export const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");
export const key = params.get("key");
export const base = `/api/tables/${encodeURIComponent(tableId)}`;
/** The page on a shared screen (``?tv``): large type, the map fills it. */
export const tv = params.has("tv");

export const page = {
  /** @type {TableState | null} */
  state: null,
  /** @type {string | null} the character picked up */
  held: null,
  /** @type {Reach | null} the held character's options */
  reach: null,
  /** how many log lines are shown */
  logCount: 0,
  /** @type {string | null} the game master previewing another seat */
  viewAs: null,
  /** the link stopped opening the table (its key changed or was revoked): commands off */
  closed: false,
  /** @type {Waypoint[]} */
  waypoints: [],
  /** @type {string} the drawing shown: the version and seat it was drawn for */
  drawn: "",
  /** @type {string[]} places known from the map (for the game master's selects) */
  places: [],
  /** the newest version of the seat's table the live socket has announced (the page may
   * not have read it yet: a command sent before would be refused as stale) */
  announced: 0,
};

/** Filled in by table.js: read the table again; pick up (or put down) a character. */
export const hooks = {
  /** @type {() => Promise<void>} */
  refresh: async () => {},
  /** @type {(actor: string | null) => Promise<void>} */
  pickUp: async () => {},
  /** @type {() => void} the seat watched changed (the game master's preview) */
  reconnect: () => {},
  /** @type {(message: Record<string, unknown>) => void} a message on the live socket */
  tell: () => {},
};

/** The read parameters of this page's seat (the game master's preview adds ``as``). */
export function reads() {
  return {key, params: {as: page.viewAs}};
}

/**
 * May this page command ``actor`` (its seat's character, not in a preview)?
 * @param {string} actor
 */
export function mayCommand(actor) {
  const state = page.state;
  if (!state || page.viewAs || page.closed) return false;
  const seat = state.seat;
  if (seat === "gm") return actor in state.actors;
  const info = state.actors[actor];
  if (!info) return false;
  if (seat.startsWith("side:")) return info.side === seat.slice(5);
  return seat === `actor:${actor}`;
}

/**
 * A line in the status bar: a refusal's one line, or nothing.
 * @param {unknown} what
 */
export function say(what) {
  const status = byId("status");
  // a refusal of the server in the game's words ("1 zone", not "1 zone(s)")
  const text = what instanceof ApiError ? plain(what.message, names())
    : what instanceof Error ? what.message : String(what ?? "");
  status.textContent = text;
  status.classList.toggle("error", what instanceof Error);
}
