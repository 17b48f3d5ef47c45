// The encounter builder (/build): start from an imported draft (the lobby leaves it in
// sessionStorage), a shipped example, a file or a blank map; paint a grid or edit zones,
// spans and links with forms made from the ruleset's JSON Schema; place actors and fill
// in their stats; set the turn order; the file loader's own faults as you go; undo and
// redo; save as an encounter file or open it as a table in one click.

import {api, byId, keptGmKey, make} from "./api.js";
import {faultItems, faultMarks as faultMarksOf, faultyParts as faultyPartsOf,
  markFaultyInputs} from "./buildfaults.js";
import {itemObject, listForm, objectForm, resolve} from "./buildform.js";
import {GraphEditor} from "./buildgraph.js";
import {GridEditor, cellColour} from "./buildgrid.js";
import {PolygonEditor} from "./buildpolygons.js";
import {download, newTable} from "./buildsave.js";
import {
  Draft, blank, freshId, isGrid, orderOf, reorder, resize, rowsOf, syncOrder,
} from "./buildmodel.js";

/** @typedef {Record<string, any>} Data */
/** @typedef {{line: number | null, path: string, message: string}} Fault */
/** @typedef {{schema: Data, tags: string[]}} RulesetSchema */

/** Where the lobby leaves an imported map for the builder. */
const DRAFT_KEY = "footwork.build.draft";
/** How long the builder waits after a change before asking the server to check. */
const CHECK_DELAY_MS = 350;

/** @type {Draft} */
let draft = new Draft({});
/** @type {Data} */
let schema = {};
/** @type {Data} */
let defs = {};
/** @type {string[]} */
let tags = [];
/** @type {string | null} */
let picture = null;
/** @type {string | null} */
let selected = null;
/** @type {Fault[]} */
let faults = [];
/** @type {GridEditor | null} */
let grid = null;
/** @type {GraphEditor | null} */
let graph = null;
/** @type {PolygonEditor | null} */
let polygons = null;
/** @type {"grid" | "graph" | "polygons"} */
let kind = "grid";

/** The tools of each kind of map: [value, label, hint]. */
const TOOLS = {
  grid: [["paint", "Paint cells", "Press and drag to paint with the brush; arrows and Space from the keyboard."],
         ["edge", "Walls between cells", "Click near the side two cells share: the chosen kind stands there (none takes it off); Shift and an arrow put it on that side of the cursor's cell."],
         ["actor", "Place a new actor", "Click a cell: a new actor stands there (a click on an actor picks it)."],
         ["move", "Move the selected actor", "Click a cell: the selected actor stands there."]],
  graph: [["select", "Select or drag a place", "Drag a place to move it (its pos); click it, or a link, to edit it."],
          ["link", "Link two places", "Click one place, then another: a link joins them."],
          ["actor", "Place a new actor", "Click a place: a new actor stands there."],
          ["move", "Move the selected actor", "Click a place: the selected actor stands there."]],
  polygons: [["draw", "Draw a zone", "Click its corners (snapped to 0.5 m) on its floor's panel; Enter or a click on the first corner closes it, Esc drops it. From the keyboard, Page Up and Page Down change floor."],
             ["vertex", "Drag corners", "Drag a corner of a zone; a rectangle becomes a polygon."],
             ["opening", "Draw an opening", "Click the two ends of a doorway on the wall between two zones."],
             ["actor", "Place a new actor", "Click inside a zone: a new actor stands at that point."],
             ["move", "Move the selected actor", "Click inside a zone: the selected actor stands at that point."]],
};
/** whether the change under way came from a form (its inputs stay as they are) */
let fromForm = false;
/** @type {number | undefined} */
let checkTimer;
let checkCount = 0;

// -- starting -----------------------------------------------------------------------------

async function start() {
  wire();
  let given = null;
  try {
    given = sessionStorage.getItem(DRAFT_KEY);
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // no sessionStorage: no draft
  }
  fillStartLists();  // not awaited: reading the examples may take seconds on a new server
  if (given) {
    try {
      const parsed = JSON.parse(given);
      await open(parsed.encounter, parsed.picture ?? null, parsed.notes ?? []);
    } catch (error) {
      startError(error);
    }
  }
}

/** The rulesets and the examples the start offers. */
async function fillStartLists() {
  const rulesets = await api("/api/rulesets").catch(() => []);
  const rulesetPick = /** @type {HTMLSelectElement} */ (byId("start-ruleset"));
  for (const r of /** @type {{id: string, title: string}[]} */ (rulesets)) {
    rulesetPick.append(new Option(`${r.id}: ${r.title}`, r.id));
  }
  const examples = await api("/api/examples").catch(() => []);
  const examplePick = /** @type {HTMLSelectElement} */ (byId("start-example-name"));
  for (const e of /** @type {import("./api.js").Example[]} */ (examples)) {
    examplePick.append(new Option(`${e.ruleset} · ${e.title}`, e.name));
  }
}

/** @param {unknown} error */
function startError(error) {
  byId("start-error").textContent = error instanceof Error ? error.message : String(error);
}

/**
 * Open encounter data in the editor.
 * @param {Data} data
 * @param {string | null} pictureUrl
 * @param {string[]} notes
 */
async function open(data, pictureUrl, notes) {
  if (!data || typeof data !== "object" || typeof data.ruleset !== "string") {
    throw new Error("the draft has no ruleset: expected an encounter file's data");
  }
  const found = /** @type {RulesetSchema} */ (
    await api(`/api/rulesets/${encodeURIComponent(data.ruleset)}/schema`));
  schema = found.schema;
  defs = schema.$defs ?? {};
  tags = found.tags;
  picture = pictureUrl;
  selected = null;
  draft = new Draft(data);
  draft.listeners.push(() => {
    render(!fromForm);
    scheduleCheck();
  });
  byId("start").hidden = true;
  byId("editor").hidden = false;
  byId("ruleset-name").textContent = `ruleset: ${data.ruleset}`;
  const noteList = byId("notes");
  noteList.replaceChildren(...notes.map(n => make("li", "", String(n))));
  byId("notes-card").hidden = notes.length === 0;
  const gridMap = isGrid(data.map ?? {});
  const places = placesKey();
  const place = resolve(resolve(schema.properties?.map ?? {}, defs).properties?.[places]?.items
                        ?? {}, defs);
  kind = gridMap ? "grid" : "pos" in (place.properties ?? {}) ? "graph" : "polygons";
  fillTools();
  grid = gridMap ? new GridEditor(byId("grid-host"), draft, {
    tool, brush, onCell, selected: () => selected,
    faults: faultMarks, picture: () => picture,
    edgeKind: () => /** @type {HTMLSelectElement} */ (byId("edge-kind")).value,
  }) : null;
  graph = kind === "graph" ? new GraphEditor(byId("graph-host"), draft, {
    tool, placesKey: places, onPlace: id => placeAt(id), open: openForm,
    faulty: faultyParts,
  }) : null;
  polygons = kind === "polygons" ? new PolygonEditor(byId("preview"), draft, {
    tool, open: openForm, faulty: faultyParts,
    onPoint: (zone, point) => placeAt(zone, point),
    say: text => { byId("editor-error").textContent = text; },
    note: text => {
      byId("editor-error").textContent = "";
      byId("editor-note").textContent = text;
    },
  }) : null;
  byId("preview").replaceChildren();
  for (const id of ["palette", "resize", "grid-host"]) byId(id).hidden = !gridMap;
  byId("graph-host").hidden = kind !== "graph";
  byId("preview").hidden = gridMap;
  byId("preview-zoom").hidden = kind !== "polygons";
  byId("map-card").hidden = gridMap;
  fillPalette();
  render(true);
  check();
}

// -- the pieces of the editor --------------------------------------------------------------

/** The map's list of places on a zone map ("zones" or "spans"). */
function placesKey() {
  const props = resolve(schema.properties?.map ?? {}, defs).properties ?? {};
  return ["zones", "spans"].find(k => k in props) ?? "zones";
}

/** The tool buttons of this kind of map. */
function fillTools() {
  const box = byId("tools");
  box.replaceChildren(box.querySelector("legend") ?? "");
  // walls between cells only where the ruleset's grid has them (its map's `edges`)
  const edges = "edges" in (resolve(schema.properties?.map ?? {}, defs).properties ?? {});
  TOOLS[kind].filter(([value]) => value !== "edge" || edges).forEach(([value, label, help], i) => {
    const choice = make("label", "");
    const radio = make("input");
    radio.type = "radio";
    radio.name = "tool";
    radio.value = value;
    radio.checked = i === 0;
    radio.addEventListener("change", () => {
      byId("tool-hint").textContent = help;
      byId("edge-kind-label").hidden = value !== "edge";
      render(false);
    });
    choice.append(radio, ` ${label}`);
    box.append(choice);
  });
  byId("tool-hint").textContent = TOOLS[kind][0][2];
  byId("edge-kind-label").hidden = true;
}

/**
 * Open the form of a part of the map (a zone, a span, a link) and go to it.
 * @param {string} path
 */
function openForm(path) {
  const part = /** @type {HTMLElement | null} */ (
    byId("map-form").querySelector(`[data-path="${CSS.escape(path)}"]`));
  if (!part) return;
  part.setAttribute("open", "");
  part.scrollIntoView({block: "nearest"});
  /** @type {HTMLElement | null} */ (part.querySelector("input, select, textarea"))?.focus();
}

/** The parts of the map the faults name. */
const faultyParts = () => faultyPartsOf(faults);

function tool() {
  const picked = /** @type {HTMLInputElement | null} */ (
    document.querySelector("input[name=tool]:checked"));
  return picked?.value ?? "paint";
}

/** The brush: what a painted cell becomes. */
function brush() {
  const surface = /** @type {HTMLSelectElement} */ (byId("brush-surface")).value;
  const elevation = Number(/** @type {HTMLInputElement} */ (byId("brush-elevation")).value || 0);
  const depth = Number(/** @type {HTMLInputElement} */ (byId("brush-depth")).value || 0);
  const chosen = [...document.querySelectorAll("#brush-tags input:checked")]
    .map(i => /** @type {HTMLInputElement} */ (i).value);
  /** @type {import("./buildmodel.js").CellSpec} */
  const spec = {surface};
  if (surface !== "void" && elevation) spec.elevation = elevation;
  if (surface === "water") spec.water_depth = depth > 0 ? depth : 1;
  if (chosen.length) spec.tags = chosen;
  return {...spec, ...brushMore};
}

/** The brush's other fields of the ruleset's cell (a current, a ceiling, holds). */
/** @type {Data} */
let brushMore = {};

/** The palette from the ruleset's map model: surfaces, and the tags its rules read. */
function fillPalette() {
  const cell = resolve({$ref: "#/$defs/CellSpec"}, defs);
  const surfaces = cell.properties?.surface?.enum ?? ["floor", "wall", "water", "void"];
  const pick = /** @type {HTMLSelectElement} */ (byId("brush-surface"));
  pick.replaceChildren(...surfaces.map((/** @type {string} */ s) => new Option(s, s)));
  const used = new Set(tags);
  for (const entry of Object.values(draft.data.map?.legend ?? {})) {
    for (const t of /** @type {Data} */ (entry).tags ?? []) used.add(String(t));
  }
  // the cell's other fields, from the schema (what the brush above does not set)
  brushMore = {};
  const more = byId("brush-more");
  more.replaceChildren(more.querySelector("summary") ?? "", objectForm(
    cell, defs, {}, "brush", next => {
      brushMore = next;
      swatch();
    }, ["surface", "elevation", "water_depth", "tags"]));
  byId("brush-tags").replaceChildren(...[...used].map(t => {
    const label = make("label", "check");
    const box = make("input");
    box.type = "checkbox";
    box.value = t;
    label.append(box, ` ${t}`);
    return label;
  }));
  swatch();
}

function swatch() {
  byId("brush-swatch").style.background = cellColour(brush());
  const water = /** @type {HTMLSelectElement} */ (byId("brush-surface")).value === "water";
  byId("brush-depth").closest("label")?.toggleAttribute("hidden", !water);
}

/**
 * The map tool used on a cell (or a place, on a zone map).
 * @param {number} row
 * @param {number} col
 */
function onCell(row, col) {
  placeAt(`${row},${col}`);
}

/**
 * Place a new actor at ``at`` (tool "actor"), select the one standing there, or move
 * the selected one there (tool "move"). ``point``: where in the zone, in metres, on a
 * map to scale (the actor's `point` stat).
 * @param {string} at
 * @param {number[] | null} [point]
 */
function placeAt(at, point = null) {
  const actors = /** @type {Data[]} */ (draft.data.actors ?? []);
  const here = actors.find(a => String(a.at) === at);
  /** @param {Data} actor */
  const put = actor => {
    actor.at = at;
    if (point) actor.stats = {...(actor.stats ?? {}), point};
  };
  if (tool() === "move" && selected !== null) {
    const i = actors.findIndex(a => String(a.id) === selected);
    if (i >= 0) draft.change(d => put(d.actors[i]));
    return;
  }
  if (here && tool() !== "move" && kind === "grid") {  // a cell holds one: pick it
    selected = String(here.id);
    render(true);
    return;
  }
  if (tool() === "actor") {
    const id = freshId(draft.data);
    const last = actors[actors.length - 1];
    selected = id;
    draft.change(d => {
      const actor = {id, side: String(last?.side ?? "party"), at};
      put(actor);
      d.actors = [...(d.actors ?? []), actor];
      syncOrder(d);
    });
  }
}

/** The cells and actors the faults name. */
const faultMarks = () => faultMarksOf(faults, draft.data);

/** The schema of one actor of this ruleset. */
function actorSchema() {
  return resolve(schema.properties?.actors?.items ?? {}, defs);
}

/**
 * Draw everything again from the draft; ``forms``: the forms too (not after an edit in
 * a form: its inputs already say it, and focus stays where it is).
 * @param {boolean} forms
 */
function render(forms) {
  const data = draft.data;
  const title = /** @type {HTMLInputElement} */ (byId("title"));
  if (document.activeElement !== title) title.value = String(data.title ?? "");
  /** @type {HTMLButtonElement} */ (byId("undo")).disabled = draft.past.length === 0;
  /** @type {HTMLButtonElement} */ (byId("redo")).disabled = draft.future.length === 0;
  if (grid) {
    const rows = rowsOf(data.map);
    const r = /** @type {HTMLInputElement} */ (byId("resize-rows"));
    const c = /** @type {HTMLInputElement} */ (byId("resize-cols"));
    if (document.activeElement !== r) r.value = String(rows.length);
    if (document.activeElement !== c) c.value = String(rows[0]?.length ?? 0);
    grid.render();
  }
  graph?.render();
  polygons?.render();
  renderActors(forms);
  renderOrder();
  if (!grid && forms) renderMapForms();
  markFaultyInputs(faults, document.querySelector(".build-side") ?? document);
}

/** @param {boolean} forms */
function renderActors(forms) {
  const actors = /** @type {Data[]} */ (draft.data.actors ?? []);
  if (selected !== null && !actors.some(a => String(a.id) === selected)) selected = null;
  const marks = faultMarks().actors;
  byId("actors").replaceChildren(...actors.map((actor, i) => {
    const item = make("li", "build-actor");
    const pick = make("button", selected === String(actor.id) ? "selected" : "",
                      `${actor.id} (${actor.side ?? "neutral"}) at ${actor.at ?? "?"}`);
    pick.type = "button";
    pick.dataset.actor = String(actor.id);
    pick.setAttribute("aria-pressed", String(selected === String(actor.id)));
    if (marks.has(String(actor.id))) pick.classList.add("faulty");
    pick.addEventListener("click", () => {
      selected = String(actor.id);
      render(true);
    });
    const remove = make("button", "danger", "Remove");
    remove.type = "button";
    remove.setAttribute("aria-label", `Remove ${actor.id}`);
    remove.addEventListener("click", () => draft.change(d => {
      d.actors.splice(i, 1);
      syncOrder(d);
    }));
    item.append(pick, remove);
    return item;
  }));
  if (!forms) return;
  const host = byId("actor-form");
  const i = actors.findIndex(a => String(a.id) === selected);
  if (i < 0) {
    host.replaceChildren(make("p", "hint", actors.length
      ? "Pick an actor to fill in its stats."
      : "No actor yet: choose “Place a new actor” and click the map, or add one."));
    return;
  }
  const heading = make("h3", "", `Actor ${actors[i].id}`);
  host.replaceChildren(heading, objectForm(actorSchema(), defs, actors[i], `actors[${i}]`,
    next => {
      const old = String(draft.data.actors[i]?.id);
      const renamed = String(next.id ?? old);
      edit(d => {
        d.actors[i] = {...next};
        if (renamed !== old) {
          syncOrder(d, {[old]: renamed});
          selected = renamed;
        }
      });
    }));
}

function renderOrder() {
  const order = orderOf(draft.data);
  byId("order").replaceChildren(...order.map((id, i) => {
    const item = make("li", "");
    item.append(make("span", "order-id", id));
    for (const [text, by, label] of /** @type {[string, number, string][]} */ (
      [["↑", -1, "up"], ["↓", 1, "down"]])) {
      const button = make("button", "", text);
      button.type = "button";
      button.setAttribute("aria-label", `Move ${id} ${label}`);
      button.disabled = i + by < 0 || i + by >= order.length;
      button.addEventListener("click", () => {
        draft.change(d => { reorder(d, id, by); });
        /** @type {HTMLButtonElement | null} */ (document.querySelector(
          `#order button[aria-label="Move ${CSS.escape(id)} ${label}"]`))?.focus();
      });
      item.append(button);
    }
    return item;
  }));
}

/** Zone maps: a form per list of the map (zones, spans, links, openings...). */
function renderMapForms() {
  const mapSchema = resolve(schema.properties?.map ?? {}, defs);
  const map = /** @type {Data} */ (draft.data.map ?? {});
  const host = byId("map-form");
  const lists = Object.entries(/** @type {Data} */ (mapSchema.properties ?? {}))
    .filter(([, p]) => p.type === "array" && itemObject(p.items, defs));
  const parts = lists.map(([name, p]) => listForm(name, itemObject(p.items, defs) ?? {}, defs,
    map[name] ?? [],
    `map.${name}`, (items, grew) => edit(d => {
      d.map = {...d.map};
      if (items.length) d.map[name] = items;
      else delete d.map[name];
    }, grew), n => fresh(itemObject(p.items, defs) ?? {}, name, n)));
  const listed = lists.map(([name]) => name);
  // the map's other keys (walls, cell size...): only those are taken from this form
  const rest = objectForm(mapSchema, defs, map, "map", next => edit(d => {
    const kept = Object.fromEntries(Object.entries(d.map ?? {}).filter(
      ([k]) => listed.includes(k)));
    const own = Object.fromEntries(Object.entries(next).filter(([k]) => !listed.includes(k)));
    d.map = {...own, ...kept};
  }), listed);
  host.replaceChildren(...parts, rest);
}

/**
 * A new item of a map's list: an id when it has one, its other required text fields
 * empty (the faults say what they need).
 * @param {Data} item the item's schema
 * @param {string} list
 * @param {number} n how many the list has
 */
function fresh(item, list, n) {
  /** @type {Data} */
  const out = {};
  for (const key of item.required ?? []) out[key] = "";
  if ("id" in (item.properties ?? {})) out.id = `${list.replace(/s$/, "")}-${n + 1}`;
  return out;
}

/**
 * A change from a form: its inputs stay (``redraw``: the forms are drawn again, for a
 * list that grew or shrank).
 * @param {(data: Data) => void} change
 * @param {boolean} [redraw]
 */
function edit(change, redraw = false) {
  fromForm = !redraw;
  try {
    draft.change(change);
  } finally {
    fromForm = false;
  }
}

// -- validation as you go -------------------------------------------------------------------

function scheduleCheck() {
  window.clearTimeout(checkTimer);
  checkTimer = window.setTimeout(check, CHECK_DELAY_MS);
  byId("status").textContent = "checking…";
}

async function check() {
  const asked = ++checkCount;
  const status = byId("status");
  try {
    const found = /** @type {{faults: Fault[], svg: string | null}} */ (
      await api("/api/build/check", {method: "POST", key: keptGmKey() ?? undefined,
                                     body: {encounter: draft.data, draw: !grid}}));
    if (asked !== checkCount) return;  // a later check is under way
    faults = found.faults;
    if (!grid && found.svg) showPreview(found.svg);
  } catch (error) {
    if (asked !== checkCount) return;
    faults = [{line: null, path: "", message: error instanceof Error ? error.message : String(error)}];
  }
  status.textContent = faults.length ? `${faults.length} fault${faults.length > 1 ? "s" : ""}`
    : "✓ loads";
  status.dataset.ok = String(faults.length === 0);
  renderFaults();
  render(false);
}

function renderFaults() {
  byId("faults").replaceChildren(...faultItems(faults, showFault));
}

/**
 * Go to what a fault names: its actor's form, its input.
 * @param {Fault} fault
 */
function showFault(fault) {
  const actor = /^actors\[(\d+)\]/.exec(fault.path);
  if (actor) {
    const found = draft.data.actors?.[Number(actor[1])];
    if (found) {
      selected = String(found.id);
      render(true);
    }
  }
  const input = /** @type {HTMLElement | null} */ (
    document.querySelector(`[data-path="${CSS.escape(fault.path)}"]`));
  if (input) {
    input.closest("details")?.setAttribute("open", "");
    input.focus();
    input.scrollIntoView({block: "center"});
  }
}

/** @param {string} svg the map drawn by the server (zone maps) */
function showPreview(svg) {
  if (polygons) {
    polygons.setDrawing(svg);
    return;
  }
  const host = byId("preview");
  host.innerHTML = svg;  // the server's own drawing (footwork.draw): no script in it
  host.querySelectorAll("[data-place]").forEach(place => {
    place.classList.add("pickable");
  });
}

// -- saving and opening as a table ---------------------------------------------------------

/** @param {"yaml" | "json"} format */
async function save(format) {
  const error = byId("editor-error");
  error.textContent = "";
  try {
    await download(draft.data, format);
  } catch (e) {
    error.textContent = e instanceof Error ? e.message : String(e);
  }
}

/** Open the draft as a table: the game master's page of it. */
async function openTable() {
  const error = byId("editor-error");
  error.textContent = "";
  try {
    location.href = await newTable(draft.data);
  } catch (e) {
    error.textContent = e instanceof Error ? e.message : String(e);
  }
}

// -- wiring --------------------------------------------------------------------------------

function wire() {
  byId("start-example").addEventListener("submit", async e => {
    e.preventDefault();
    const name = /** @type {HTMLSelectElement} */ (byId("start-example-name")).value;
    try {
      const found = /** @type {{encounter: Data}} */ (
        await api(`/api/build/examples/${name.split("/").map(encodeURIComponent).join("/")}`));
      await open(found.encounter, null, []);
    } catch (error) {
      startError(error);
    }
  });
  byId("start-file").addEventListener("submit", async e => {
    e.preventDefault();
    const file = /** @type {HTMLInputElement} */ (byId("start-file-input")).files?.[0];
    if (!file) return startError("choose a file first");
    try {
      const found = /** @type {{encounter: Data}} */ (await api("/api/build/parse", {
        method: "POST", key: keptGmKey() ?? undefined,
        body: {text: await file.text(), name: file.name}}));
      await open(found.encounter, null, []);
    } catch (error) {
      startError(error);
    }
  });
  byId("start-blank").addEventListener("submit", async e => {
    e.preventDefault();
    const ruleset = /** @type {HTMLSelectElement} */ (byId("start-ruleset")).value;
    const rows = Number(/** @type {HTMLInputElement} */ (byId("start-rows")).value);
    const cols = Number(/** @type {HTMLInputElement} */ (byId("start-cols")).value);
    try {
      const found = /** @type {RulesetSchema} */ (
        await api(`/api/rulesets/${encodeURIComponent(ruleset)}/schema`));
      const d = found.schema.$defs ?? {};
      const map = resolve(found.schema.properties?.map ?? {}, d);
      const props = map.properties ?? {};
      const placesKey = ["zones", "spans"].find(k => k in props) ?? "zones";
      const place = resolve(props[placesKey]?.items ?? {}, d);
      await open(blank(ruleset, "rows" in props, placesKey,
                       "rect" in (place.properties ?? {}), rows, cols), null, []);
    } catch (error) {
      startError(error);
    }
  });
  byId("title").addEventListener("change", () => {
    const value = /** @type {HTMLInputElement} */ (byId("title")).value;
    edit(d => {
      if (value) d.title = value;
      else delete d.title;
    });
  });
  byId("undo").addEventListener("click", () => draft.undo());
  byId("redo").addEventListener("click", () => draft.redo());
  byId("save-yaml").addEventListener("click", () => save("yaml"));
  byId("save-json").addEventListener("click", () => save("json"));
  byId("open-table").addEventListener("click", openTable);
  byId("add-actor").addEventListener("click", () => {
    const id = freshId(draft.data);
    selected = id;
    draft.change(d => {
      d.actors = [...(d.actors ?? []), {id, side: "party", at: ""}];
      syncOrder(d);
    });
  });
  byId("resize").addEventListener("submit", e => {
    e.preventDefault();
    const rows = Number(/** @type {HTMLInputElement} */ (byId("resize-rows")).value);
    const cols = Number(/** @type {HTMLInputElement} */ (byId("resize-cols")).value);
    if (!(rows >= 1 && cols >= 1 && rows <= 500 && cols <= 500)) {
      byId("editor-error").textContent = "rows and columns: whole numbers from 1 to 500";
      return;
    }
    draft.change(d => resize(d.map, rows, cols, {surface: "floor"}));
  });
  for (const id of ["brush-surface", "brush-elevation", "brush-depth"]) {
    byId(id).addEventListener("change", swatch);
  }
  byId("preview-zoom").addEventListener("click", e => {
    const how = /** @type {Element} */ (e.target).closest("[data-zoom]")?.getAttribute("data-zoom");
    if (how) polygons?.zoom(how === "in" ? 1.5 : how === "out" ? 1 / 1.5 : 0);
  });
  byId("preview").addEventListener("click", e => {
    if (kind !== "graph") return;  // a map to scale has its own tools
    const place = /** @type {Element} */ (e.target).closest("[data-place]");
    const at = place?.getAttribute("data-place");
    if (at) placeAt(at);
  });
  document.addEventListener("keydown", e => {
    // in a text field, Ctrl+Z undoes the typing
    const typing = e.target instanceof HTMLTextAreaElement || (e.target instanceof HTMLInputElement
      && !["checkbox", "radio", "button", "submit", "file"].includes(e.target.type));
    if (typing || !(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) {
      e.preventDefault();
      draft.undo();
    } else if ((key === "z" && e.shiftKey) || key === "y") {
      e.preventDefault();
      draft.redo();
    }
  });
}

start();
