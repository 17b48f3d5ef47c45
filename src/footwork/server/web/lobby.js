// The lobby: the server's tables, a new table from an example or an uploaded file, and
// the seat links of a new table (copy buttons, QR codes). Seat keys are shown once by
// the server; this browser keeps them (localStorage) so its tables stay one click away.

import {api, byId, make} from "./api.js";

/**
 * @typedef {import("./api.js").TableInfo} TableInfo
 * @typedef {import("./api.js").Example} Example
 * @typedef {import("./api.js").CreatedTable} CreatedTable
 * @typedef {import("./api.js").SeatLink} SeatLink
 * @typedef {Record<string, {seat: string, link: string}[]>} Remembered
 */

const STORE = "footwork.seats";

/** @returns {Remembered} */
function remembered() {
  try {
    return /** @type {Remembered} */ (JSON.parse(localStorage.getItem(STORE) ?? "{}"));
  } catch {
    return {};
  }
}

/**
 * @param {string} tableId
 * @param {SeatLink[]} seats
 */
function remember(tableId, seats) {
  const all = remembered();
  all[tableId] = seats.map((s) => ({seat: s.seat, link: absolute(s.link)}));
  try {
    localStorage.setItem(STORE, JSON.stringify(all));
  } catch {
    // private browsing: the links are still on screen
  }
}

/** @param {string} link */
function absolute(link) {
  return new URL(link, location.origin).toString();
}

async function showTables() {
  const list = byId("tables");
  const tables = /** @type {TableInfo[]} */ (await api("/api/tables"));
  const known = remembered();
  list.replaceChildren();
  if (!tables.length) list.append(make("li", "hint", "No tables yet."));
  for (const table of [...tables].sort((a, b) => b.created - a.created)) {
    const item = make("li", "table-item");
    item.dataset.table = table.id;
    item.append(make("span", "table-name", table.name),
                make("span", "chip", table.ruleset),
                make("span", "hint", new Date(table.created * 1000).toLocaleString()));
    for (const seat of known[table.id] ?? []) {
      const link = make("a", "seat-open", seat.seat);
      link.href = seat.link;
      item.append(link);
    }
    list.append(item);
  }
}

async function showExamples() {
  const select = /** @type {HTMLSelectElement} */ (byId("example"));
  const examples = /** @type {Example[]} */ (await api("/api/examples"));
  /** @type {Map<string, HTMLOptGroupElement>} */
  const groups = new Map();
  for (const example of examples) {
    let group = groups.get(example.ruleset);
    if (!group) {
      group = make("optgroup");
      group.label = example.ruleset;
      groups.set(example.ruleset, group);
      select.append(group);
    }
    group.append(new Option(`${example.title} (${example.name})`, example.name));
  }
}

/** @param {CreatedTable} created */
function showSeats(created) {
  byId("created").hidden = false;
  byId("created-title").textContent = `Seats of “${created.table.name}”`;
  const list = byId("seats");
  list.replaceChildren();
  for (const seat of created.seats) {
    const url = absolute(seat.link);
    const item = make("li", "seat");
    item.dataset.seat = seat.seat;
    const field = make("input", "seat-link");
    field.readOnly = true;
    field.value = url;
    field.setAttribute("aria-label", `link of seat ${seat.seat}`);
    const copy = make("button", "copy", "Copy");
    copy.type = "button";
    copy.addEventListener("click", () => void copyLink(field, copy));
    const open = make("a", "seat-open", "Open");
    open.href = url;
    const qr = make("details", "qr");
    qr.append(make("summary", "", "QR code"));
    const code = make("div", "qr-code");
    code.innerHTML = seat.qr;  // the server's SVG of this link
    qr.append(code);
    item.append(make("strong", "seat-name", seat.seat), field, copy, open, qr);
    list.append(item);
  }
}

/**
 * @param {HTMLInputElement} field
 * @param {HTMLButtonElement} button
 */
async function copyLink(field, button) {
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    field.select();
    document.execCommand("copy");
  }
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = "Copy"; }, 1500);
}

byId("new-table").addEventListener("submit", (e) => {
  e.preventDefault();
  const submitter = /** @type {SubmitEvent} */ (e).submitter;
  const how = submitter instanceof HTMLButtonElement ? submitter.value : "example";
  void create(how);
});

/** @param {string} how "example" or "upload" */
async function create(how) {
  const error = byId("create-error");
  error.textContent = "";
  /** @type {Record<string, unknown>} */
  const body = {
    name: /** @type {HTMLInputElement} */ (byId("new-name")).value.trim(),
    actor_seats: /** @type {HTMLInputElement} */ (byId("actor-seats")).checked,
  };
  /** @type {string | null} */
  let fileName = null;
  if (how === "upload") {
    const file = /** @type {HTMLInputElement} */ (byId("upload")).files?.[0];
    if (!file) {
      error.textContent = "choose an encounter file first";
      return;
    }
    body["encounter"] = await file.text();
    body["format"] = /\.json$/i.test(file.name) ? "json" : "yaml";
    fileName = file.name;
  } else {
    body["example"] = /** @type {HTMLSelectElement} */ (byId("example")).value;
  }
  try {
    const created = /** @type {CreatedTable} */ (await api("/api/tables", {method: "POST", body}));
    remember(created.table.id, created.seats);
    showSeats(created);
    await showTables();
  } catch (failure) {
    const message = failure instanceof Error ? failure.message : String(failure);
    // the server names the text it was sent "encounter.yaml": name the user's file
    error.textContent = fileName === null ? message
      : message.replace(/encounter\.(?:yaml|json):(\d+):/g, `${fileName} line $1:`);
  }
}

void Promise.all([showExamples(), showTables()]).catch((failure) => {
  byId("create-error").textContent = failure instanceof Error ? failure.message : String(failure);
});
