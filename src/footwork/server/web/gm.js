// The game master's tools: undo, end a turn or the encounter, reveal, any command of
// the ruleset from a template, the export, and a preview of what another seat sees.

import {api, apiText, byId, make} from "./api.js";
import {act, send} from "./commands.js";
import {hooks, key, page, say, tableId, base} from "./context.js";
import {anyPlaceAt, metresAt, tokenAt} from "./hittest.js";

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
    {do: "reveal", actor: "gm", between: [[0, 0], [0, 1]]},
  ],
  allowances: [
    {do: "activation", actor: "gm"},
    {do: "obscure", actor: "gm", target: "", percent: 50},
    {do: "weather", actor: "gm", fog: true},
    {do: "reveal", actor: "gm", between: [[0, 0], [0, 1]]},
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
  showFiat(state);
  for (const id of ["gm-undo", "gm-end", "gm-finish", "gm-reveal", "gm-send", "gm-export",
                    "gm-place", "gm-place-pick", "gm-add", "gm-remove"]) {
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
// the scene is over whoever could still act: nobody acts after it (Undo takes it back),
// so it is asked first; "Keep playing" has the focus, and Esc cancels too
byId("gm-finish").addEventListener("click", () => {
  const reason = /** @type {HTMLInputElement} */ (byId("gm-finish-reason")).value.trim();
  byId("finish-what").textContent = `${reason ? `Why: ${reason}. ` : ""}` +
    "Nobody acts after it and every page shows the summary; Undo takes it back.";
  /** @type {HTMLDialogElement} */ (byId("finish-dialog")).showModal();
});
byId("finish-form").addEventListener("submit", (e) => {
  const submitter = /** @type {SubmitEvent} */ (e).submitter;
  if (!(submitter instanceof HTMLButtonElement) || submitter.value !== "end") return;
  const reason = /** @type {HTMLInputElement} */ (byId("gm-finish-reason")).value.trim();
  // the form's method closes the dialog before the answer comes (and the summary opens)
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


// -- fiat: put a character anywhere, bring one in, take one out (gm_place, gm_add,
// gm_remove: no rule applies, each is logged as a ruling and undone by Undo) ------------

/**
 * Fill a select with ids, keeping what was chosen.
 * @param {string} id
 * @param {string[]} values
 */
function fillSelect(id, values) {
  const select = /** @type {HTMLSelectElement} */ (byId(id));
  const keep = select.value;
  if ([...select.options].map((o) => o.value).join("\n") !== values.join("\n")) {
    select.replaceChildren(...values.map((v) => new Option(v, v)));
  }
  if (values.includes(keep)) select.value = keep;
}

/** @param {TableState} state */
function showFiat(state) {
  const actors = Object.keys(state.actors);
  fillSelect("gm-place-target", actors);
  fillSelect("gm-remove-target", actors);
  const places = byId("gm-places");
  if (places.childElementCount !== page.places.length) {
    places.replaceChildren(...page.places.map((p) => new Option(p, p)));
  }
  const grid = byId("map").querySelector("svg")?.getAttribute("data-map") === "grid";
  for (const id of ["gm-place-to", "gm-add-at"]) {
    /** @type {HTMLInputElement} */ (byId(id)).placeholder = grid ? "a cell: row,col" : "a place";
  }
  const sides = [...new Set(Object.values(state.actors).map((a) => a.side))].sort();
  const sideList = byId("gm-sides");
  if (sideList.childElementCount !== sides.length) {
    sideList.replaceChildren(...sides.map((side) => new Option(side, side)));
  }
  const like = /** @type {HTMLSelectElement} */ (byId("gm-add-like"));
  if (like.options.length !== actors.length + 1) {
    const keep = like.value;
    like.replaceChildren(new Option("the ruleset's defaults", ""),
                         ...actors.map((a) => new Option(`a copy of ${a}`, a)));
    like.value = actors.includes(keep) ? keep : "";
  }
}

/** @typedef {{target: string, chosen: boolean}} Placing */

/** @type {Placing | null} waiting for a click on the map: a token (the one to put), then
 * where to put it */
export let placing = null;

/** @param {Placing | null} next */
function setPlacing(next) {
  placing = next;
  byId("map").classList.toggle("fw-placing", next !== null);
  byId("gm-place-pick").setAttribute("aria-pressed", String(next !== null));
}

/** Stop waiting for a click that puts a character (Esc). */
export function stopPlacing() {
  if (placing) setPlacing(null);
}

/**
 * Put ``target`` at ``to`` (a spot in metres with it on a map drawn to scale).
 * @param {string} target
 * @param {string} to
 * @param {number[] | null} point
 */
async function place(target, to, point) {
  const command = {do: "gm_place", actor: "gm", target, to,
                   ...(point ? {point: point.map((v) => Math.round(v * 100) / 100)} : {})};
  await send(command);
}

/**
 * A click on the map while placing: a token first chooses who (unless chosen already),
 * anywhere else puts the chosen character there.
 * @param {SVGSVGElement} svg
 * @param {number} clientX
 * @param {number} clientY
 */
export async function placeByClick(svg, clientX, clientY) {
  const current = placing;
  if (!current) return;
  const token = tokenAt(clientX, clientY);
  if (token !== null && !current.chosen) {
    /** @type {HTMLSelectElement} */ (byId("gm-place-target")).value = token;
    setPlacing({target: token, chosen: true});
    say(`Now click where to put ${token} (Esc cancels).`);
    return;
  }
  const to = anyPlaceAt(svg, clientX, clientY);
  if (to === null) {
    say(new Error("that is not a place of the map: click inside one (Esc cancels)"));
    return;
  }
  const point = svg.getAttribute("data-map") === "to-scale" ? metresAt(svg, clientX, clientY) : null;
  setPlacing(null);
  await place(current.target, to, point);
}

byId("gm-place").addEventListener("click", () => {
  const target = /** @type {HTMLSelectElement} */ (byId("gm-place-target")).value;
  const to = /** @type {HTMLInputElement} */ (byId("gm-place-to")).value.trim();
  if (!target || !to) {
    say(new Error("choose who to put, and type the place (or click the map)"));
    return;
  }
  void place(target, to, null);
});
byId("gm-place-pick").addEventListener("click", () => {
  if (placing) {
    setPlacing(null);
    say("");
    return;
  }
  const target = /** @type {HTMLSelectElement} */ (byId("gm-place-target")).value;
  setPlacing({target, chosen: false});
  say(`Click a token to choose who, then where to put it; or click where to put ${target}. ` +
      "Esc cancels.");
});

byId("gm-add-like").addEventListener("change", () => void copyStats());

/** The stats of the character chosen under "like" (as the table's encounter file
 * declares them: the export's actors), as a starting point for the newcomer's. */
async function copyStats() {
  const like = /** @type {HTMLSelectElement} */ (byId("gm-add-like")).value;
  const stats = /** @type {HTMLTextAreaElement} */ (byId("gm-add-stats"));
  const side = /** @type {HTMLInputElement} */ (byId("gm-add-side"));
  const at = /** @type {HTMLInputElement} */ (byId("gm-add-at"));
  if (!like) {
    stats.value = "";
    return;
  }
  try {
    const data = /** @type {{actors?: {id: string, side: string, at: string,
      stats?: Record<string, unknown>}[]}} */ (
      await api(`${base}/export`, {key, params: {format: "json"}}));
    const found = (data.actors ?? []).find((a) => a.id === like);
    const now = page.state?.actors[like];
    stats.value = JSON.stringify(found?.stats ?? {});
    if (!side.value) side.value = now?.side ?? found?.side ?? "";
    if (!at.value && typeof now?.at === "string") at.value = now.at;
  } catch (error) {
    say(error);
  }
}

byId("gm-add").addEventListener("click", () => {
  const id = /** @type {HTMLInputElement} */ (byId("gm-add-id")).value.trim();
  const side = /** @type {HTMLInputElement} */ (byId("gm-add-side")).value.trim();
  const at = /** @type {HTMLInputElement} */ (byId("gm-add-at")).value.trim();
  const text = /** @type {HTMLTextAreaElement} */ (byId("gm-add-stats")).value.trim();
  if (!id || !side || !at) {
    say(new Error("bringing someone in needs a new id, a side and a place"));
    return;
  }
  /** @type {unknown} */
  let stats = {};
  if (text) {
    try {
      stats = JSON.parse(text);
    } catch {
      say(new Error("the stats are not JSON, e.g. {\"speed\": 6}"));
      return;
    }
  }
  if (!stats || typeof stats !== "object" || Array.isArray(stats)) {
    say(new Error("the stats are a JSON object, e.g. {\"speed\": 6}"));
    return;
  }
  void send({do: "gm_add", actor: "gm", id, side, at, stats});
});

byId("gm-remove").addEventListener("click", () => {
  const target = /** @type {HTMLSelectElement} */ (byId("gm-remove-target")).value;
  if (target) void send({do: "gm_remove", actor: "gm", target});
});
