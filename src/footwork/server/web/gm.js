// The game master's tools: undo, end a turn or the encounter, reveal, any command of
// the ruleset from a template, the export, and a preview of what another seat sees.

import {apiText, byId, make} from "./api.js";
import {act, send} from "./commands.js";
import {hooks, key, page, say, tableId, base} from "./context.js";

/** @typedef {import("./api.js").TableState} TableState */

/** The game master's commands of each ruleset (their READMEs), as templates. */
/** @type {Record<string, Record<string, unknown>[]>} */
const GM_COMMANDS = {
  cultivation: [
    {do: "waive", actor: "gm", target: "", zone: ""},
    {do: "fall", actor: "gm", target: "", metres: 3},
    {do: "switch", actor: "gm", zone: "", on: true},
    {do: "zone_effect", actor: "gm", zone: "", amount: 0},
  ],
  styles: [
    {do: "slow", actor: "gm", target: "", stacks: 1},
    {do: "interrupt", actor: "gm", target: ""},
    {do: "adjust", actor: "gm", target: "", hooks: 0},
    {do: "montage", actor: "gm", on: true},
  ],
  allowances: [
    {do: "activation", actor: "gm"},
    {do: "obscure", actor: "gm", target: "", percent: 50},
    {do: "weather", actor: "gm", fog: true},
  ],
  spans: [
    {do: "hands", actor: "", free: 2},
  ],
  sitemaps: [
    {do: "reveal", actor: "gm", zone: ""},
  ],
};

/** @type {string} */
let gmFilled = "";

export function showGmTools() {
  const state = /** @type {TableState} */ (page.state);
  const actors = Object.keys(state.actors);
  const end = /** @type {HTMLSelectElement} */ (byId("gm-end-actor"));
  const keep = end.value;
  end.replaceChildren(...actors.map((a) => new Option(a, a)));
  end.value = state.turn && !keep ? state.turn : keep || (state.turn ?? "");
  if (state.turn && gmFilled !== `${state.version}`) end.value = state.turn;
  const revealed = state.world["revealed"];
  const revealRow = byId("gm-reveal-row");
  revealRow.hidden = !Array.isArray(revealed);
  if (Array.isArray(revealed)) {
    const zones = /** @type {HTMLSelectElement} */ (byId("gm-reveal-zone"));
    const hidden = page.places.filter((p) => !revealed.includes(p));
    zones.replaceChildren(...hidden.map((z) => new Option(z, z)));
    /** @type {HTMLButtonElement} */ (byId("gm-reveal")).disabled = hidden.length === 0;
  }
  const template = /** @type {HTMLSelectElement} */ (byId("gm-template"));
  if (!template.options.length) {
    const commands = GM_COMMANDS[state.ruleset] ?? [];
    template.append(new Option("—", ""));
    commands.forEach((c, i) => template.append(new Option(String(c["do"]), String(i))));
  }
  const viewAs = /** @type {HTMLSelectElement} */ (byId("gm-view-as"));
  if (!viewAs.options.length) {
    const sides = [...new Set(Object.values(state.actors).map((a) => a.side))].sort();
    viewAs.append(new Option("gm (everything)", ""),
                  ...sides.map((s) => new Option(`side:${s}`, `side:${s}`)),
                  ...actors.map((a) => new Option(`actor:${a}`, `actor:${a}`)));
  }
  for (const id of ["gm-undo", "gm-end", "gm-finish", "gm-reveal", "gm-send", "gm-export"]) {
    const button = /** @type {HTMLButtonElement} */ (byId(id));
    button.disabled = page.viewAs !== null || (id === "gm-reveal" && button.disabled);
  }
  gmFilled = `${state.version}`;
}

byId("gm-undo").addEventListener("click", () => void send({do: "undo"}));
byId("gm-end").addEventListener("click", () => {
  const actor = /** @type {HTMLSelectElement} */ (byId("gm-end-actor")).value;
  if (actor) void act({command: {do: "end_turn", actor}, label: `end ${actor}'s turn`,
                       to: null, cost: "", checks: [], rules: []});
});
byId("gm-finish").addEventListener("click", () => {
  // the scene is over whoever could still act: nobody acts after it (undo takes it back)
  const reason = /** @type {HTMLInputElement} */ (byId("gm-finish-reason")).value.trim();
  void send({do: "end_encounter", actor: "gm", ...(reason ? {reason} : {})});
});
byId("gm-reveal").addEventListener("click", () => {
  const zone = /** @type {HTMLSelectElement} */ (byId("gm-reveal-zone")).value;
  if (zone) void send({do: "reveal", actor: "gm", zone});
});
byId("gm-template").addEventListener("change", () => {
  const template = /** @type {HTMLSelectElement} */ (byId("gm-template"));
  const commands = GM_COMMANDS[page.state?.ruleset ?? ""] ?? [];
  const chosen = commands[Number(template.value)];
  /** @type {HTMLTextAreaElement} */ (byId("gm-command")).value =
    chosen && template.value !== "" ? JSON.stringify(chosen) : "";
});
byId("gm-send").addEventListener("click", () => {
  const text = /** @type {HTMLTextAreaElement} */ (byId("gm-command")).value;
  let command;
  try {
    command = /** @type {unknown} */ (JSON.parse(text));
  } catch {
    say(new Error("the command is not JSON, e.g. {\"do\": \"end_turn\", \"actor\": \"ada\"}"));
    return;
  }
  if (command && typeof command === "object" && !Array.isArray(command)) {
    void send(/** @type {Record<string, unknown>} */ (command));
  } else {
    say(new Error("a command is a JSON object"));
  }
});
byId("gm-view-as").addEventListener("change", () => {
  const value = /** @type {HTMLSelectElement} */ (byId("gm-view-as")).value;
  page.viewAs = value || null;
  page.held = null;
  page.reach = null;
  page.logCount = 0;
  byId("log").replaceChildren();
  hooks.reconnect();
});
byId("gm-export").addEventListener("click", () => void download());

async function download() {
  try {
    const text = await apiText(`${base}/export`, {key});
    const link = make("a");
    link.href = URL.createObjectURL(new Blob([text], {type: "application/yaml"}));
    link.download = `${tableId}.yaml`;
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    say(error);
  }
}

