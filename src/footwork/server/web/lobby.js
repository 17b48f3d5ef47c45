// The lobby: the server's tables, a new table from an example or an uploaded file, and
// the seat links of a new table (copy buttons, QR codes). With the game master's key
// (`/?key=KEY`, as `footwork serve` prints it, or typed in), every table is listed with
// every seat's link, on any device (GET /api/lobby). Without it, this browser's own
// links (localStorage) are listed beside their tables.

import {ApiError, GM_KEY_STORE, api, byId, keptGmKey, make} from "./api.js";

/**
 * @typedef {import("./api.js").TableInfo} TableInfo
 * @typedef {import("./api.js").Example} Example
 * @typedef {import("./api.js").CreatedTable} CreatedTable
 * @typedef {import("./api.js").SeatLink} SeatLink
 * @typedef {{table: TableInfo, seats: SeatLink[], complete: boolean}} LobbyTable
 * @typedef {Record<string, {seat: string, link: string}[]>} Remembered
 */

const STORE = "footwork.seats";
const KEY_STORE = GM_KEY_STORE;

/** The game master's key: from the address (then kept, and taken out of the address
 * bar), else the one this device kept. */
function gmKey() {
  const url = new URL(location.href);
  const given = url.searchParams.get("key");
  if (given) {
    keepKey(given);
    url.searchParams.delete("key");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
    return given;
  }
  return keptGmKey();
}

/** @param {string | null} key */
function keepKey(key) {
  try {
    if (key) localStorage.setItem(KEY_STORE, key);
    else localStorage.removeItem(KEY_STORE);
  } catch {
    // private browsing: the key lasts as long as the page
  }
}

/** @type {string | null} */
let key = gmKey();

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
  byId("lobby-error").textContent = "";
  byId("gm-key-forget").hidden = !key;
  if (key) {
    try {
      showLobby(/** @type {LobbyTable[]} */ (await api("/api/lobby", {key})));
      return;
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.status !== 401) throw failure;
      byId("lobby-error").textContent =
        "That is not this server's game master key (footwork serve prints it).";
      key = null;
      keepKey(null);
      byId("gm-key-forget").hidden = true;
    }
  }
  const list = byId("tables");
  const tables = /** @type {TableInfo[]} */ (await api("/api/tables"));
  const known = remembered();
  list.replaceChildren();
  if (!tables.length) list.append(make("li", "hint", "No tables yet."));
  for (const table of [...tables].sort((a, b) => b.created - a.created)) {
    const item = make("li", "table-item");
    item.dataset.table = table.id;
    const head = make("div", "table-head");
    head.append(make("span", "table-name", table.name),
                make("span", "chip", table.ruleset),
                make("span", "hint", new Date(table.created * 1000).toLocaleString()));
    for (const seat of known[table.id] ?? []) {
      const link = make("a", "seat-open", seat.seat);
      link.href = seat.link;
      head.append(link);
    }
    item.append(head);
    list.append(item);
  }
}

/** Every table with every seat's link: the game master's lobby.
 * @param {LobbyTable[]} tables */
function showLobby(tables) {
  const list = byId("tables");
  list.replaceChildren();
  if (!tables.length) list.append(make("li", "hint", "No tables yet."));
  for (const entry of tables) {
    const item = make("li", "table-item");
    item.dataset.table = entry.table.id;
    const head = make("div", "table-head");
    head.append(make("strong", "table-name", entry.table.name),
                make("span", "chip", entry.table.ruleset),
                make("span", "hint", new Date(entry.table.created * 1000).toLocaleString()));
    const seats = make("ul", "seats");
    /** @type {Promise<SeatLink[]> | null} */
    let codes = null;
    // the QR codes are drawn by the server when one is first opened (one request a table)
    const load = () => (codes ??= /** @type {Promise<SeatLink[]>} */ (
      api(`/api/tables/${encodeURIComponent(entry.table.id)}/seats`, {key})));
    for (const seat of entry.seats) seats.append(seatItem(seat, load, entry.table.id));
    item.append(head, seats);
    if (!entry.complete) {
      item.append(make("p", "hint", "Some seats of this table were made before the server " +
                       "kept its keys: only the links made then open them."));
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
  list.replaceChildren(...created.seats.map((seat) => seatItem(seat)));
}

/** One seat's link: its name, the link (Copy), Open, and its QR code (given, or fetched
 * with `load` when first opened); in the game master's lobby (`table`), New key and
 * Revoke.
 * @param {SeatLink} seat
 * @param {() => Promise<SeatLink[]>} [load]
 * @param {string} [table] */
function seatItem(seat, load, table) {
  const url = absolute(seat.link);
  const item = make("li", "seat");
  item.dataset.seat = seat.seat;
  if (seat.revoked) {
    item.append(make("strong", "seat-name", seatName(seat.seat)),
                make("span", "hint", "revoked: no link opens this seat"));
    if (table) item.append(keyButtons(seat, item, table, false));
    return item;
  }
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
  if (!seat.qr && load) {
    qr.addEventListener("toggle", () => {
      if (!qr.open || code.childElementCount) return;
      code.textContent = "…";
      load().then((links) => {
        code.innerHTML = links.find((s) => s.seat === seat.seat)?.qr ?? "";
      }).catch((failure) => {
        code.textContent = failure instanceof Error ? failure.message : String(failure);
      });
    });
  }
  item.append(make("strong", "seat-name", seatName(seat.seat)), field, copy, open, qr);
  if (table) item.append(keyButtons(seat, item, table, true));
  return item;
}

/** New key (the old link stops at once) and Revoke (no link opens the seat), for the
 * game master; the seat's line is redrawn with the answer.
 * @param {SeatLink} seat
 * @param {HTMLElement} item
 * @param {string} table
 * @param {boolean} revocable */
function keyButtons(seat, item, table, revocable) {
  const box = make("span", "seat-keys");
  const path = `/api/tables/${encodeURIComponent(table)}/seats/${encodeURIComponent(seat.seat)}`;
  const rotate = make("button", "seat-rotate", "New key");
  rotate.type = "button";
  rotate.title = "a new link for this seat: the old one stops working at once";
  rotate.addEventListener("click", () => {
    if (!confirm(`A new link for ${seatName(seat.seat)}? The old link stops working now.`)) return;
    api(`${path}/rotate`, {key, method: "POST"}).then((fresh) => {
      // the line is redrawn: say what changed, and the focus (on the button gone) goes to
      // what comes next, copying the new link to send it
      const next = seatItem(/** @type {SeatLink} */ (fresh), undefined, table);
      const said = make("span", "hint seat-changed",
                        "a new link: the old one no longer opens the table");
      said.setAttribute("role", "status");
      next.append(said);
      item.replaceWith(next);
      next.querySelector("button")?.focus();  // its first button: Copy
    }).catch((failure) => sayFailure(failure));
  });
  box.append(rotate);
  if (revocable) {
    const revoke = make("button", "seat-revoke", "Revoke");
    revoke.type = "button";
    revoke.title = "no link opens this seat until it gets a new key";
    revoke.addEventListener("click", () => {
      if (!confirm(`Revoke the link of ${seatName(seat.seat)}? It stops working now.`)) return;
      api(`${path}/revoke`, {key, method: "POST"}).then(() => {
        const next = seatItem({...seat, secret: "", link: "", qr: "", revoked: true},
                              undefined, table);
        item.replaceWith(next);
        next.querySelector("button")?.focus();  // New key: not lost with the line
      }).catch((failure) => sayFailure(failure));
    });
    box.append(revoke);
  }
  return box;
}

/** A refused key change, in the lobby's alert line.
 * @param {unknown} failure */
function sayFailure(failure) {
  byId("create-error").textContent = failure instanceof Error ? failure.message : String(failure);
}

/** A seat in words: "game master", "side: crew", "character: ada".
 * @param {string} seat */
function seatName(seat) {
  if (seat === "gm") return "game master";
  const [kind, name] = [seat.slice(0, seat.indexOf(":")), seat.slice(seat.indexOf(":") + 1)];
  return kind === "actor" ? `character: ${name}` : `${kind}: ${name}`;
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
  const faults = byId("create-faults");
  faults.replaceChildren();
  try {
    const created = await postTable(body);
    remember(created.table.id, created.seats);
    showSeats(created);
    await showTables();
  } catch (failure) {
    const message = failure instanceof Error ? failure.message : String(failure);
    const listed = failure instanceof FileFaults ? failure.faults : [];
    // the server names the text it was sent "encounter.yaml": name the user's file
    const named = fileName === null ? message
      : message.replace(/encounter\.(?:yaml|json):(\d+):/g, `${fileName} line $1:`);
    if (listed.length > 1) {
      error.textContent = `${fileName ?? "The file"}: ${listed.length} faults to fix`;
      for (const fault of listed) faults.append(faultItem(fault));
    } else {
      error.textContent = named;
    }
  }
}

/** A refused encounter file: its faults, each with its line and path. */
class FileFaults extends Error {
  /**
   * @param {string} message
   * @param {Fault[]} faults
   */
  constructor(message, faults) {
    super(message);
    this.faults = faults;
  }
}

/**
 * @typedef {{line: number | null, path: string, message: string}} Fault
 */

/**
 * POST /api/tables; a refused file's faults (each with its line and path) are kept for
 * the list.
 * @param {Record<string, unknown>} body
 * @returns {Promise<CreatedTable>}
 */
async function postTable(body) {
  let reply;
  try {
    /** @type {Record<string, string>} */
    const headers = {"Content-Type": "application/json"};
    if (key) headers["Authorization"] = `Bearer ${key}`;  // a closed lobby needs it
    reply = await fetch("/api/tables", {method: "POST", body: JSON.stringify(body), headers});
  } catch {
    throw new ApiError(0, "offline", "the server cannot be reached", []);
  }
  const answer = /** @type {unknown} */ (await reply.json().catch(() => null));
  if (reply.ok) return /** @type {CreatedTable} */ (answer);
  const refusal = /** @type {{message?: string, faults?: Fault[]} | null} */ (answer);
  throw new FileFaults(refusal?.message ?? `${reply.status} ${reply.statusText}`,
                       refusal?.faults ?? []);
}

/** One fault: line, where, and what was expected.
 * @param {Fault} fault */
function faultItem(fault) {
  const item = make("li");
  const where = fault.line === null ? fault.path : `line ${fault.line} · ${fault.path}`;
  item.append(make("span", "where", where), document.createTextNode(`: ${fault.message}`));
  return item;
}

byId("gm-key-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const field = /** @type {HTMLInputElement} */ (byId("gm-key"));
  key = field.value.trim() || null;
  field.value = "";
  keepKey(key);
  void showTables();
});

byId("gm-key-forget").addEventListener("click", () => {
  key = null;
  keepKey(null);
  void showTables();
});

void Promise.all([showExamples(), showTables()]).catch((failure) => {
  byId("create-error").textContent = failure instanceof Error ? failure.message : String(failure);
});
