// Sending commands: at the version the page read, each with a fresh id; with "I roll at
// the table", a command that rolls first asks for the faces rolled (and only then).

import {ApiError, api, byId} from "./api.js";
import {base, hooks, key, page, say} from "./context.js";
import {refocus} from "./focus.js";

/**
 * @typedef {import("./api.js").Option} Option
 * @typedef {import("./api.js").Roll} Roll
 */

/** @type {{command: Record<string, unknown>, what: string, rolls: Roll[]} | null} */
let rolling = null;

function diceAtTable() {
  const checked = /** @type {HTMLInputElement | null} */ (
    document.querySelector('input[name="dice"]:checked'));
  return checked?.value === "table";
}

/**
 * The dice a command rolls now: an answer's from the state (``answer_rolls``), an
 * option that does not move from its ``roll_due``, anything else (a move, a plan, the
 * game master's end of a turn) asked of the server (``POST …/rolls``, nothing kept).
 * The server's refusal when it refuses the command (it is refused as the command would
 * be: said at once, the command is not sent to be refused a second time).
 * @param {Option} option
 * @returns {Promise<Roll[] | Error>}
 */
async function rollsOf(option) {
  const command = option.command;
  const answers = page.state?.answer_rolls;
  if (typeof command["answer"] === "string" && answers) {
    const rolls = answers[command["answer"]];
    if (Array.isArray(rolls)) return rolls;
  }
  if (typeof option.roll_due === "boolean") return option.roll_due ? option.rolls ?? [] : [];
  try {
    const found = /** @type {{roll_due: boolean, rolls: Roll[]}} */ (
      await api(`${base}/rolls`, {method: "POST", key, body: {command}}));
    return found.roll_due ? found.rolls : [];
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Do an option: with "I roll at the table", a command that rolls asks for the faces
 * first (only then: paying, declining or ending a turn that rolls nothing is sent).
 * @param {Option} option
 */
export async function act(option) {
  const command = option.command;
  const rolls = diceAtTable() ? await rollsOf(option) : [];
  if (rolls instanceof Error) {
    say(rolls);
    if (rolls instanceof ApiError && rolls.status === 409) await hooks.refresh();
    refocus();
    return;
  }
  if (rolls.length) {
    const what = rolls.map((r) => `${r.actor} rolls ${r.dice} for ${r.check}`).join("; ");
    rolling = {command, what, rolls};
    byId("dice-what").textContent = `${option.label}: ${what}.`;
    byId("dice-error").textContent = "";
    const faces = /** @type {HTMLInputElement} */ (byId("dice-faces"));
    faces.value = "";
    /** @type {HTMLDialogElement} */ (byId("dice-dialog")).showModal();
    faces.focus();
    return;
  }
  await send(command);
}

byId("dice-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const submitter = /** @type {SubmitEvent} */ (e).submitter;
  const how = submitter instanceof HTMLButtonElement ? submitter.value : "faces";
  const dialog = /** @type {HTMLDialogElement} */ (byId("dice-dialog"));
  const current = rolling;
  if (how === "cancel" || !current) {
    dialog.close();
    return;
  }
  const text = /** @type {HTMLInputElement} */ (byId("dice-faces")).value;
  const faces = (text.match(/-?\d+/g) ?? []).map(Number);
  if (how === "faces" && !faces.length) {
    byId("dice-error").textContent = "type the faces you rolled, e.g. 4 or 3, 5";
    return;
  }
  const wrong = how === "faces" ? facesWrong(current.rolls, faces) : null;
  if (wrong) {  // said at once, in words, with nothing sent
    byId("dice-error").textContent = wrong;
    return;
  }
  const command = how === "faces" ? {...current.command, roll: faces} : current.command;
  void send(command).then((refused) => {
    if (refused) byId("dice-error").textContent = refused;
    else {
      rolling = null;
      dialog.close();
    }
  });
});

/**
 * What is wrong with the faces typed for the die a command rolls (``2d6+1``: two faces,
 * each 1 to 6), in words; null when they fit, or when the command rolls more than one
 * roll or a die this page does not read (the server checks every roll anyway).
 * @param {Roll[]} rolls
 * @param {number[]} faces
 * @returns {string | null}
 */
export function facesWrong(rolls, faces) {
  const dice = rolls.length === 1
    ? /^(\d*)d(\d+)([+-]\d+)?$/.exec((rolls[0]?.dice ?? "").replace(/\s+/g, "")) : null;
  if (!dice) return null;
  const count = Number(dice[1] || "1"), sides = Number(dice[2]);
  if (faces.length !== count) {
    return `type ${count === 1 ? "one face" : `${count} faces`} for ${rolls[0]?.dice}`;
  }
  const bad = faces.find((face) => face < 1 || face > sides);
  return bad === undefined ? null : `${bad} is not a face of a d${sides} (1 to ${sides})`;
}

let sent = 0;

/** A fresh command id (a retry of the same command would reuse it). */
function commandId() {
  sent += 1;
  return `web-${Date.now().toString(36)}-${sent}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Send a command at the version this page read; the refusal's line if refused.
 * @param {Record<string, unknown>} command
 * @returns {Promise<string | null>}
 */
export async function send(command) {
  const state = page.state;
  if (!state || page.viewAs) return "a preview sends no commands";
  if (page.announced > state.version) {
    // the table moved on (another page acted) and this page has not read it yet: the
    // server would refuse the command as stale (a 409, which the browser logs as an
    // error); the page reads the table and asks again, nothing sent
    await hooks.refresh();
    const moved = "the table changed before this was sent: look again; nothing was sent";
    say(moved);
    refocus();
    return moved;
  }
  try {
    await api(`${base}/commands`, {method: "POST", key,
                                   body: {version: state.version, command_id: commandId(), command}});
    say("");
    await hooks.refresh();
    refocus();
    return null;
  } catch (error) {
    say(error);
    if (error instanceof ApiError && error.status === 409) await hooks.refresh();
    refocus();
    return error instanceof Error ? error.message : String(error);
  }
}
