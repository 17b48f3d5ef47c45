// The table server's HTTP API as the page uses it: typed JSON reads and commands.
// Every refusal of the server is one JSON object {reason, message, rules}: it becomes
// an ApiError whose message is that one line.

/**
 * @typedef {{p: number, exact: string | null}} Odds
 * @typedef {{name: string, dice: string, odds: Record<string, Odds>, approximate: boolean,
 *            rules: string[]}} Check
 * @typedef {{distance: number, unit: string, damage: string, chance: Odds | null,
 *            damage_odds: Record<string, Odds>, rules: string[]}} Fall
 * @typedef {{what: string, chance: Odds, rules: string[]}} Loss
 * @typedef {{words: string, fall: Fall | null, hazards: string[],
 *            leaves_scene: Odds | null, loses: Loss | null, rules: string[]}} Risk
 * @typedef {{actor: string, check: string, dice: string}} Roll a roll a command makes
 * @typedef {{command: Record<string, unknown>, label: string, to: string | null,
 *            cost: string, checks: Check[], rules: string[], risk?: Risk | null,
 *            roll_due?: boolean, rolls?: Roll[],
 *            success?: {p: number, exact: string | null, of: string}}} Option
 * @typedef {{choice: string, text: string, words: string, cost: string, checks: Check[],
 *            risk: Risk | null, rules: string[]}} Consequence
 * @typedef {{actor: string, kind: string, choices: string[], prompt: string,
 *            context: Record<string, unknown>, rules: string[],
 *            consequences?: Consequence[]}} Pending
 * @typedef {{id: string, side: string, at?: unknown}} Actor
 * @typedef {{ruleset: string, round: number, turn: string | null, ended: boolean,
 *            order: string[], actors: Record<string, Actor>, pending: Pending | null,
 *            world: Record<string, unknown>, version: number, seat: string,
 *            table: string, answer_rolls?: Record<string, Roll[]>,
 *            paths?: Record<string, string[]>}} TableState
 * @typedef {{event: string, text: string, rules: string[]}} LogLine
 * @typedef {{version: number, after: number, lines: LogLine[]}} LogPage
 * @typedef {{version: number, table_version: number | null, lines: LogLine[],
 *            repeated: boolean}} CommandResult
 * @typedef {{id: string, name: string, ruleset: string, created: number}} TableInfo
 * @typedef {{seat: string, secret: string, link: string, qr: string,
 *            revoked?: boolean}} SeatLink
 * @typedef {{table: TableInfo, seats: SeatLink[]}} CreatedTable
 * @typedef {{name: string, ruleset: string, title: string}} Example
 * @typedef {{ruleset: string, heading: string, text: string}} RulePassage
 */

/** A refusal of the server (or a failure to reach it), in one line. */
export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status (0: the server could not be reached)
   * @param {string} reason the server's reason code
   * @param {string} message one line for people
   * @param {string[]} rules the rule ids that refuse
   */
  constructor(status, reason, message, rules) {
    super(message);
    this.status = status;
    this.reason = reason;
    this.rules = rules;
  }
}

/**
 * @typedef {{method?: string, body?: unknown, key?: string | null,
 *            params?: Record<string, string | null | undefined>}} Request
 */

/**
 * A request to the API; the answer as text (JSON is parsed by {@link api}).
 * @param {string} path
 * @param {Request} [request]
 * @returns {Promise<string>}
 */
export async function apiText(path, request = {}) {
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(request.params ?? {})) {
    if (value !== null && value !== undefined) url.searchParams.set(name, value);
  }
  /** @type {Record<string, string>} */
  const headers = {};
  if (request.key) headers["Authorization"] = `Bearer ${request.key}`;
  /** @type {RequestInit} */
  const init = {method: request.method ?? "GET", headers};
  if (request.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(request.body);
  }
  let reply;
  try {
    reply = await fetch(url, init);
  } catch {
    throw new ApiError(0, "offline", "the server cannot be reached", []);
  }
  const text = await reply.text();
  if (!reply.ok) {
    let reason = "refused", message = `${reply.status} ${reply.statusText}`;
    /** @type {string[]} */
    let rules = [];
    try {
      const body = /** @type {{reason?: string, message?: string, rules?: string[]}} */ (
        JSON.parse(text));
      reason = body.reason ?? reason;
      message = body.message ?? message;
      rules = body.rules ?? [];
    } catch {
      // not JSON: the status line says it
    }
    throw new ApiError(reply.status, reason, message, rules);
  }
  return text;
}

/**
 * A request to the API whose answer is JSON.
 * @template T
 * @param {string} path
 * @param {Request} [request]
 * @returns {Promise<T>}
 */
export async function api(path, request = {}) {
  const text = await apiText(path, request);
  return /** @type {T} */ (text ? JSON.parse(text) : null);
}

/**
 * An element by id, which the page must have.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found;
}

/**
 * A new element with a class and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function make(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * Odds as people read them: the exact fraction when there is one.
 * @param {Odds} odds
 * @returns {string}
 */
export function showOdds(odds) {
  if (odds.exact !== null) return odds.exact;
  return `≈${(odds.p * 100).toFixed(1)}%`;
}

/**
 * A number as people read it: at most two decimals (1.4142… is 1.41).
 * @param {number} value
 */
export function showNumber(value) {
  return String(Number(value.toFixed(2)));
}

/** Where a device keeps the game master's key (the lobby keeps it; the builder uses it). */
export const GM_KEY_STORE = "footwork.gm-key";

/** The game master's key this device kept, if any (private browsing may refuse).
 * @returns {string | null} */
export function keptGmKey() {
  try {
    return localStorage.getItem(GM_KEY_STORE);
  } catch {
    return null;
  }
}
