// Sending commands: at the version the page read, each with a fresh id; with "I roll at
// the table", a command that may roll first asks for the faces rolled.

import {ApiError, api, byId} from "./api.js";
import {base, hooks, key, page, say} from "./context.js";

/** @typedef {import("./api.js").Option} Option */

/** @type {{command: Record<string, unknown>, what: string} | null} */
let rolling = null;

function diceAtTable() {
  const checked = /** @type {HTMLInputElement | null} */ (
    document.querySelector('input[name="dice"]:checked'));
  return checked?.value === "table";
}

/**
 * Do an option: with "I roll at the table", a command that may roll asks for the faces.
 * @param {Option} option
 * @param {boolean} [mayRoll] the command may roll though the option shows no check
 */
export async function act(option, mayRoll = false) {
  const command = option.command;
  const rolls = mayRoll || option.checks.length > 0 || command["do"] === "end_turn";
  if (diceAtTable() && rolls) {
    rolling = {command, what: option.checks.map((c) => `${c.name} (${c.dice})`).join("; ")};
    byId("dice-what").textContent = `${option.label}. ${rolling.what || "Type the faces if it rolls."}`;
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
  const command = how === "faces" ? {...current.command, roll: faces} : current.command;
  void send(command).then((refused) => {
    if (refused) byId("dice-error").textContent = refused;
    else {
      rolling = null;
      dialog.close();
    }
  });
});

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
  try {
    await api(`${base}/commands`, {method: "POST", key,
                                   body: {version: state.version, command_id: commandId(), command}});
    say("");
    await hooks.refresh();
    return null;
  } catch (error) {
    say(error);
    if (error instanceof ApiError && error.status === 409) await hooks.refresh();
    return error instanceof Error ? error.message : String(error);
  }
}
