// Options, checks and risks in words: what the list, the tooltip and the decisions show.

import {make, showNumber, showOdds} from "./api.js";
import {page} from "./context.js";

/**
 * @typedef {import("./api.js").Option} Option
 * @typedef {import("./api.js").Check} Check
 * @typedef {import("./api.js").Risk} Risk
 * @typedef {import("./api.js").Consequence} Consequence
 */

/**
 * A text of the server in the game's words. The rulesets write counts ("1 zone", "0
 * zones"), Allowances spent ("7 m of flight"), faces rolled ("3 + 4 = 7") and spots ("x
 * 9.25 m, y 3 m") in words themselves (footwork.engine.words); what is left to the
 * page: a spot or cell still in brackets (a grid's "[1, 6]" is the cell "1,6"; "at [9.25,
 * 3]" on a map drawn to scale is "at x 9.25 m, y 3 m"), a grid's cell "(0,5)", and a
 * choice's name with spaces ("let_pass" is "let pass"; ids of places and characters are
 * kept as they are); a length in u to the hundredth ("2.828u" is "2.83 u"); Allowances
 * spent said once when each part is the whole ("4 m of overland and burrow"); the API's
 * way of giving a spot ("(answer place with at: [x, y]; …)") left to the page's buttons
 * (pick the spot on the map, or the free spot nearest).
 * @param {string} text
 * @param {Set<string>} [ids] names kept as they are (places, characters)
 */
export function plain(text, ids = new Set()) {
  return text
    // how to answer with a spot through the API ("(answer place with at: [x, y]; without
    // it, …)", "(give at: …)"): the page's buttons say it its own way (pick the spot on
    // the map, or the free spot nearest)
    .replace(/\s*\((?:answer [\w-]+ with|give) at: \[x, y\]; without it,[^)]*\)/g, "")
    // a move in the log (allowances), "moves 1 m by swim to (3,7) at -1 m (1 m of swim)":
    // the Allowances it spent said only when they add to the Type it moved by ("(from
    // overland and burrow)"), all of them when their lengths differ
    .replace(/\bmoves (\d+(?:\.\d+)?) m by (\w+) (to .+? at -?\d+(?:\.\d+)? m) \(([^()]*)\)/g,
             (whole, length, by, rest, parts) => {
               const each = partsOf(String(parts));
               if (!each || !each.every((part) => Number(part[0]) === Number(length))) return whole;
               const types = each.map((part) => part[1]);
               const also = types.length === 1 && types[0] === by ? "" : ` (from ${types.join(" and ")})`;
               return `moves ${length} m by ${by} ${rest}${also}`;
             })
    // the Allowances a move spends (allowances): each part as much as the whole, the
    // length said once ("4 m (4 m of overland, 4 m of burrow)": "4 m of overland and
    // burrow"); parts that differ stay ("13 m (1 m of overland, 12 m of flight)")
    .replace(/(?<![\w.-])(\d+(?:\.\d+)?) m \(((?:\d+(?:\.\d+)? m of [\w ]+?)(?:, \d+(?:\.\d+)? m of [\w ]+?)*)\)/g,
             (whole, total, parts) => {
               const each = partsOf(String(parts));
               if (!each || !each.every((part) => Number(part[0]) === Number(total))) return whole;
               return `${showNumber(Number(total))} m of ${each.map((part) => part[1]).join(" and ")}`;
             })
    // a length in u (styles) to the hundredth with its unit apart, as the rest of the
    // page writes it ("2.828u" is "2.83 u")
    .replace(/(?<![\w.])(-?\d+(?:\.\d+)?)u\b/g, (_, length) => `${showNumber(Number(length))} u`)
    // and said once when one style pays it all ("2.83 u (walk 2.83 u)": "walk 2.83 u")
    .replace(/(?<![\w.])(-?[\d.]+) u \(([a-z]+) ([\d.]+) u\)/g,
             (whole, total, style, part) => total === part ? `${style} ${total} u` : whole)
    // a spot in metres, "at [9.25, 3]"; a grid's cell "[1, 6]" (or "[1, 6, 2]")
    .replace(/\[(-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)(?:, (-?\d+(?:\.\d+)?))?\]/g,
             (_, a, b, z) => spotWords(Number(a), Number(b), z === undefined ? null : Number(z)))
    // a grid's cell in brackets, "to (0,5)"
    .replace(/\((-?\d+),(-?\d+)\)/g, (_, a, b) => spotWords(Number(a), Number(b)))
    // a choice's name, "let_pass"; a name of the table stays as it is
    .replace(/\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b/g, (word) => ids.has(word) ? word : word.replaceAll("_", " "));
}

/**
 * The Allowances spent, "4 m of overland, 4 m of burrow", as [length, Type] pairs; null
 * when the text is not such a list.
 * @param {string} parts
 * @returns {string[][] | null}
 */
function partsOf(parts) {
  const each = parts.split(", ").map((part) => /^(\d+(?:\.\d+)?) m of (\w+)$/.exec(part));
  return each.every((m) => m !== null) ? each.map((m) => [m?.[1] ?? "", m?.[2] ?? ""]) : null;
}

/**
 * A point of the map in words: on a map drawn to scale a spot in metres, on a grid a
 * cell (with its height).
 * @param {number} a
 * @param {number} b
 * @param {number | null} z
 */
export function spotWords(a, b, z = null) {
  const toScale = document.querySelector("#map svg")?.getAttribute("data-map") === "to-scale";
  if (toScale) return `x ${showNumber(a)} m, y ${showNumber(b)} m`;
  return `cell ${showNumber(a)},${showNumber(b)}${z === null ? "" : ` (height ${showNumber(z)})`}`;
}

/** Outcome names that are a risk: shown as warnings. */
const RISKY = /fall|disaster|drown|damage|hazard|sink|interrupt/i;
/** Labels that warn by themselves. */
const RISKY_LABEL = /fall|leave|off the map|drop|hazard|drown/i;

/**
 * A risk in short lines: the fall with its chance and its damage (and the damage's
 * odds), leaving the scene with its chance, the hazards entered, what may be lost.
 * @param {Risk} risk
 * @returns {string[]}
 */
export function riskLines(risk) {
  const out = [];
  const fall = risk.fall;
  if (fall) {
    const chance = fall.chance === null ? " (if the game master rules it)"
      : fall.chance.p >= 1 ? "" : ` (${showOdds(fall.chance)})`;
    let damage = fall.damage ? `, damage ${fall.damage}` : "";
    const odds = Object.entries(fall.damage_odds);
    if (odds.length) damage += `: ${odds.map(([name, o]) => `${name} ${showOdds(o)}`).join(" · ")}`;
    const unit = fall.distance === 1 || /^(m|u)$/.test(fall.unit) ? fall.unit : `${fall.unit}s`;
    out.push(`falls ${showNumber(fall.distance)} ${unit}${chance}${damage}`);
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
  return out.map((line) => plain(line, names()));
}

/**
 * The warnings of an option: its ``risk`` where the ruleset gives one (``null``: safe);
 * otherwise (a ruleset that does not say yet) a risky outcome of a check, a risky label.
 * @param {Option} option
 * @returns {string[]}
 */
export function warnings(option) {
  if (option.risk !== undefined) return option.risk ? riskLines(option.risk) : [];
  const out = [];
  for (const check of option.checks) {
    for (const [name, odds] of Object.entries(check.odds)) {
      if (odds.p > 0 && RISKY.test(name)) out.push(`${name} ${showOdds(odds)}`);
    }
  }
  if (RISKY_LABEL.test(option.label)) out.push(plain(option.label, names()));
  return out;
}

/**
 * Is an option risky (a warning to show)?
 * @param {Option} option
 */
export function isRisky(option) {
  return warnings(option).length > 0;
}

/**
 * The path of an option in words, when its command has one: a plan's legs, the way,
 * the movement type, the challenge, the die, the spot.
 * @param {Option} option
 */
export function pathOf(option) {
  const command = option.command;
  const plan = command["plan"];
  if (Array.isArray(plan)) {
    return plan.map((leg) => {
      const step = /** @type {{style?: string, to?: unknown}} */ (leg);
      return `${step.style ?? "move"} to ${pointWords(step.to)}`;
    }).join(", then ");
  }
  /** @type {Record<string, (value: unknown) => string>} */
  const said = {
    via: (v) => `via ${String(v)}`,
    type: (v) => `by ${String(v)}`,
    element: (v) => `${capital(String(v))} challenge`,
    die: (v) => `with the ${String(v)} die`,
    at: (v) => `at ${pointWords(v)}`,
  };
  const parts = [];
  for (const [name, words] of Object.entries(said)) {
    const value = command[name];
    if (value !== undefined && value !== null) parts.push(words(value));
  }
  return parts.join(" · ");
}

/** @param {string} word */
function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A point of a command (``[x, y]`` in metres, a grid's ``[row, col]`` or a cell's name)
 * in words.
 * @param {unknown} value
 */
function pointWords(value) {
  if (Array.isArray(value) && value.length >= 2 && value.every((v) => typeof v === "number")) {
    const [a, b, z] = /** @type {number[]} */ (value);
    return spotWords(a, b, z ?? null);
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The option's chance of success, as the map's badge gives it, naming the outcomes it
 * counts ("success or flourish: 11/20, 55%").
 * @param {{p: number, exact: string | null, of: string}} success
 */
export function successLine(success) {
  const percent = `${Number((success.p * 100).toFixed(1))}%`;
  const exact = success.exact !== null ? `${success.exact}, ${percent}` : `≈${percent}`;
  return make("span", "option-success", `${success.of}: ${exact}`);
}

/** The names of the table kept as they are in words (its places and characters). */
export function names() {
  return new Set([...page.places, ...Object.keys(page.state?.actors ?? {})]);
}

/**
 * A check in one line: what it is for, its dice and each outcome's exact odds ("AGI 12
 * (resist a pin), d20: pass 3/5 · fail 2/5"; two rolls of a pin's choice were two
 * identical "d20" lines).
 * @param {Check} check
 */
export function checkLine(check) {
  const odds = Object.entries(check.odds).map(([name, o]) => `${name} ${showOdds(o)}`).join(" · ");
  const what = check.name ? `${plain(check.name, names())}, ` : "";
  return make("span", "option-check", `${what}${check.dice}: ${odds}`);
}

/**
 * What an option is, in a few lines: label, cost, path, checks and odds, warnings.
 * @param {Option} option
 */
export function describe(option) {
  const box = make("div", "option-text");
  const risky = warnings(option).length > 0;
  const label = plain(option.label, names());
  box.append(make("span", "option-label", risky ? `⚠ ${label}` : label));
  if (option.cost) box.append(make("span", "option-cost", plain(option.cost, names())));
  const path = pathOf(option);
  if (path) box.append(make("span", "option-path", path));
  for (const check of option.checks) box.append(checkLine(check));
  if (option.success) box.append(successLine(option.success));
  for (const warning of warnings(option)) box.append(make("span", "option-warning", `⚠ ${warning}`));
  return box;
}

/**
 * A place not read in full yet: its name and its cost (the detail comes on hover).
 * @param {string} place
 * @param {number | null} cost
 */
export function describePlace(place, cost) {
  const box = make("div", "option-text");
  box.append(make("span", "option-label", `to ${place}`));
  if (cost !== null) box.append(make("span", "option-cost", `cost ${showNumber(cost)}`));
  return box;
}

/**
 * A consequence in short lines: what it does and costs, each roll with its exact odds,
 * its risk as warnings.
 * @param {Consequence} consequence
 * @returns {HTMLElement[]}
 */
export function consequenceLines(consequence) {
  const out = [];
  const words = plain([consequence.words, consequence.cost].filter(Boolean).join(" · "), names());
  if (words) out.push(make("span", "option-path", words));
  for (const check of consequence.checks) out.push(checkLine(check));
  for (const warning of consequence.risk ? riskLines(consequence.risk) : []) {
    out.push(make("span", "option-warning", `⚠ ${warning}`));
  }
  if (!out.length && consequence.text) {
    out.push(make("span", "option-path", plain(consequence.text, names())));
  }
  return out;
}
