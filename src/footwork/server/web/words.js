// Options, checks and risks in words: what the list, the tooltip and the decisions show.

import {make, showNumber, showOdds} from "./api.js";

/**
 * @typedef {import("./api.js").Option} Option
 * @typedef {import("./api.js").Check} Check
 * @typedef {import("./api.js").Risk} Risk
 * @typedef {import("./api.js").Consequence} Consequence
 */

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
export function warnings(option) {
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
 * Is an option risky (a warning to show)?
 * @param {Option} option
 */
export function isRisky(option) {
  return warnings(option).length > 0;
}

/**
 * The path of an option, when its command has one (a plan, a via).
 * @param {Option} option
 */
export function pathOf(option) {
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

/** @param {Check} check */
export function checkLine(check) {
  const odds = Object.entries(check.odds).map(([name, o]) => `${name} ${showOdds(o)}`).join(" · ");
  return make("span", "option-check", `${check.dice}: ${odds}`);
}

/**
 * What an option is, in a few lines: label, cost, path, checks and odds, warnings.
 * @param {Option} option
 */
export function describe(option) {
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
  const words = [consequence.words, consequence.cost].filter(Boolean).join(" · ");
  if (words) out.push(make("span", "option-path", words));
  for (const check of consequence.checks) out.push(checkLine(check));
  for (const warning of consequence.risk ? riskLines(consequence.risk) : []) {
    out.push(make("span", "option-warning", `⚠ ${warning}`));
  }
  if (!out.length && consequence.text) out.push(make("span", "option-path", consequence.text));
  return out;
}
