// The builder's model: the encounter file itself, as JSON data, edited in place. What
// the builder does not touch stays as it was (comments aside), so opening a file and
// saving it gives the same data back. Undo and redo keep whole snapshots: a file is
// small next to a browser's memory, and a snapshot cannot miss a field.

/** @typedef {Record<string, any>} Data */
/**
 * @typedef {{surface?: string, elevation?: number, water_depth?: number,
 *            tags?: string[], [key: string]: unknown}} CellSpec
 */

/** How many snapshots undo keeps. */
const HISTORY = 200;

/** The encounter being built, with its undo and redo stacks. */
export class Draft {
  /** @param {Data} data */
  constructor(data) {
    /** @type {Data} */
    this.data = data;
    /** @type {string[]} */
    this.past = [];
    /** @type {string[]} */
    this.future = [];
    /** @type {(() => void)[]} */
    this.listeners = [];
  }

  /** Keep the state before a change (one per stroke of the brush, say). */
  mark() {
    this.past.push(JSON.stringify(this.data));
    if (this.past.length > HISTORY) this.past.shift();
    this.future = [];
  }

  /**
   * Change the data as one step of the history, then tell the listeners.
   * @param {(data: Data) => void} edit
   */
  change(edit) {
    this.mark();
    edit(this.data);
    this.changed();
  }

  changed() {
    for (const listener of this.listeners) listener();
  }

  undo() {
    const before = this.past.pop();
    if (before === undefined) return false;
    this.future.push(JSON.stringify(this.data));
    this.data = JSON.parse(before);
    this.changed();
    return true;
  }

  redo() {
    const after = this.future.pop();
    if (after === undefined) return false;
    this.past.push(JSON.stringify(this.data));
    this.data = JSON.parse(after);
    this.changed();
    return true;
  }
}

// -- grids (docs/grid-maps.md: rows of characters, a legend, overrides) -----------------

/** The legend a grid has when its file gives none. */
export const DEFAULT_LEGEND = Object.freeze({
  ".": {surface: "floor"},
  "#": {surface: "wall", elevation: 3},
  "~": {surface: "water", water_depth: 2},
  "_": {surface: "void"},
});

/** Symbols offered for new legend entries, the usual ones first by surface. */
const FIRST = {floor: ".", wall: "#", water: "~", void: "_"};
const SYMBOLS = ".#~_,:;^=+*%&@$!?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * Whether a map is a grid (it has rows) rather than zones or spans.
 * @param {Data} map
 */
export function isGrid(map) {
  return map !== null && typeof map === "object" && "rows" in map;
}

/**
 * The rows of a grid map as a list of strings, whichever way the file wrote them.
 * @param {Data} map
 * @returns {string[]}
 */
export function rowsOf(map) {
  const rows = map.rows;
  if (Array.isArray(rows)) return rows.map(String);
  const lines = String(rows ?? "").split("\n");
  while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
  return lines;
}

/**
 * Write the rows back the way the file had them (a block of text or a list).
 * @param {Data} map
 * @param {string[]} rows
 */
export function setRows(map, rows) {
  map.rows = typeof map.rows === "string" ? rows.join("\n") + "\n" : rows;
}

/**
 * The legend in force (the file's, else the default one).
 * @param {Data} map
 * @returns {Record<string, CellSpec>}
 */
export function legendOf(map) {
  return map.legend ?? {...DEFAULT_LEGEND};
}

/**
 * A cell spec with its defaults filled in, comparable with another.
 * @param {CellSpec} spec
 */
function normal(spec) {
  const surface = spec.surface ?? "floor";
  /** @type {Record<string, unknown>} */
  const out = {surface, elevation: Number(spec.elevation ?? 0),
               water_depth: Number(spec.water_depth ?? 0),
               tags: [...(spec.tags ?? [])].sort()};
  for (const [key, value] of Object.entries(spec)) {
    if (!(key in out) && value !== null && value !== undefined) out[key] = value;
  }
  return JSON.stringify(out, Object.keys(out).sort());
}

/**
 * The legend's symbol for ``spec``, added to the legend when it has none.
 * @param {Data} map
 * @param {CellSpec} spec
 * @returns {string}
 */
export function symbolFor(map, spec) {
  const legend = legendOf(map);
  const wanted = normal(spec);
  for (const [symbol, entry] of Object.entries(legend)) {
    if (normal(entry) === wanted) return symbol;
  }
  const used = new Set([...Object.keys(legend), ...rowsOf(map).join("")]);
  const first = FIRST[/** @type {keyof typeof FIRST} */ (spec.surface ?? "floor")];
  const symbol = [first, ...SYMBOLS].find(s => s && !used.has(s));
  if (!symbol) throw new Error("the legend is full (256 symbols at most)");
  /** @type {CellSpec} */
  const entry = {surface: spec.surface ?? "floor"};
  if (spec.elevation) entry.elevation = spec.elevation;
  if (spec.water_depth) entry.water_depth = spec.water_depth;
  if (spec.tags && spec.tags.length) entry.tags = [...spec.tags];
  for (const [key, value] of Object.entries(spec)) {  // currents, ceilings, holds...
    if (!(key in entry) && !["elevation", "water_depth", "tags"].includes(key) &&
        value !== null && value !== undefined) entry[key] = value;
  }
  map.legend = {...legend, [symbol]: entry};
  return symbol;
}

/**
 * What each cell is (its legend entry with its overrides laid over), read from the map
 * once: the rows, the legend and the overrides by cell, for a whole drawing.
 * @param {Data} map
 * @returns {(row: number, col: number) => CellSpec | null}
 */
export function cellReader(map) {
  const rows = rowsOf(map), legend = legendOf(map);
  /** @type {Map<string, Data[]>} */
  const overrides = new Map();
  for (const override of map.overrides ?? []) {
    const key = `${override.row},${override.col}`;
    overrides.set(key, [...(overrides.get(key) ?? []), override]);
  }
  return (row, col) => {
    const symbol = rows[row]?.[col];
    if (symbol === undefined) return null;
    /** @type {CellSpec} */
    const spec = {...(legend[symbol] ?? {surface: "?"})};
    for (const override of overrides.get(`${row},${col}`) ?? []) {
      for (const [key, value] of Object.entries(override)) {
        if (key !== "row" && key !== "col") spec[key] = value;
      }
    }
    return spec;
  };
}

/**
 * Paint one cell with ``spec``: its symbol, and no override left on it. Returns
 * whether anything changed.
 * @param {Data} map
 * @param {number} row
 * @param {number} col
 * @param {CellSpec} spec
 */
export function paint(map, row, col, spec) {
  const rows = rowsOf(map);
  if (row < 0 || row >= rows.length || col < 0 || col >= rows[row].length) return false;
  const symbol = symbolFor(map, spec);
  const overridden = (map.overrides ?? []).some(
    (/** @type {Data} */ o) => o.row === row && o.col === col);
  if (rows[row][col] === symbol && !overridden) return false;
  rows[row] = rows[row].slice(0, col) + symbol + rows[row].slice(col + 1);
  setRows(map, rows);
  if (overridden) {
    map.overrides = map.overrides.filter((/** @type {Data} */ o) => o.row !== row || o.col !== col);
    if (!map.overrides.length) delete map.overrides;
  }
  return true;
}

/**
 * Resize a grid to ``height`` rows of ``width`` cells: new cells are ``fill``'s
 * symbol; overrides, and walls between cells (`edges`), outside the new size go.
 * @param {Data} map
 * @param {number} height
 * @param {number} width
 * @param {CellSpec} fill
 */
export function resize(map, height, width, fill) {
  const symbol = symbolFor(map, fill);
  const rows = rowsOf(map).slice(0, height).map(r => r.slice(0, width).padEnd(width, symbol));
  while (rows.length < height) rows.push(symbol.repeat(width));
  setRows(map, rows);
  if (map.overrides) {
    map.overrides = map.overrides.filter(
      (/** @type {Data} */ o) => o.row < height && o.col < width);
    if (!map.overrides.length) delete map.overrides;
  }
  if (Array.isArray(map.edges)) {
    /** @param {unknown} cell */
    const inside = cell => Array.isArray(cell) && Number(cell[0]) < height &&
      Number(cell[1]) < width;
    map.edges = map.edges.filter((/** @type {Data} */ e) =>
      Array.isArray(e.between) && e.between.every(inside));
    if (!map.edges.length) delete map.edges;
  }
}

/**
 * Put a wall of ``kind`` between the orthogonal neighbours ``a`` and ``b`` (replacing
 * what stood there), or take it off (``"none"``). A one-way wall is crossed from ``a``
 * only. Whether the map changed.
 * @param {Data} map
 * @param {[number, number]} a
 * @param {[number, number]} b
 * @param {string} kind
 */
export function setEdge(map, a, b, kind) {
  /** @param {unknown} cell @param {[number, number]} at */
  const same = (cell, at) => Array.isArray(cell) && Number(cell[0]) === at[0] &&
    Number(cell[1]) === at[1];
  /** @param {Data} e */
  const here = e => Array.isArray(e.between) &&
    ((same(e.between[0], a) && same(e.between[1], b)) ||
     (same(e.between[0], b) && same(e.between[1], a)));
  const edges = /** @type {Data[]} */ (Array.isArray(map.edges) ? map.edges : []);
  const old = edges.find(here);
  /** @type {Data | null} */
  const made = kind === "none" ? null : {between: [[...a], [...b]]};
  if (made && kind !== "wall") made.kind = kind;
  if (made && kind === "one_way") made.from = [...a];
  if (JSON.stringify(old ?? null) === JSON.stringify(made)) return false;
  const kept = edges.filter(e => !here(e));
  if (made) kept.push(made);
  if (kept.length) map.edges = kept;
  else delete map.edges;
  return true;
}

/**
 * A grid cell as an actor's `at` names it ("row,col", or "row,col,level" on a map of
 * levels), or null.
 * @param {unknown} at
 * @returns {[number, number] | null}
 */
export function cellOf(at) {
  const found = /^\s*(\d+)\s*,\s*(\d+)\s*(,[^,]*)?$/.exec(String(at ?? ""));
  return found ? [Number(found[1]), Number(found[2])] : null;
}

// -- actors and the turn order ----------------------------------------------------------

/**
 * A new actor id not taken yet ("a1", "a2"...).
 * @param {Data} data
 */
export function freshId(data) {
  const taken = new Set((data.actors ?? []).map((/** @type {Data} */ a) => a.id));
  let n = 1;
  while (taken.has(`a${n}`)) n += 1;
  return `a${n}`;
}

/**
 * The turn order as the file gives it, else the order of the actors.
 * @param {Data} data
 * @returns {string[]}
 */
export function orderOf(data) {
  return data.order ?? (data.actors ?? []).map((/** @type {Data} */ a) => String(a.id));
}

/**
 * Keep an explicit order in step with the actors (added ones last, removed ones out,
 * a renamed one under its new name).
 * @param {Data} data
 * @param {Record<string, string>} [renamed]
 */
export function syncOrder(data, renamed = {}) {
  if (!Array.isArray(data.order)) return;
  const ids = (data.actors ?? []).map((/** @type {Data} */ a) => String(a.id));
  const kept = data.order.map((/** @type {string} */ id) => renamed[id] ?? id)
    .filter((/** @type {string} */ id) => ids.includes(id));
  data.order = [...kept, ...ids.filter((/** @type {string} */ id) => !kept.includes(id))];
}

/**
 * Move an actor up (-1) or down (+1) in the turn order (the order becomes explicit).
 * @param {Data} data
 * @param {string} id
 * @param {number} by
 */
export function reorder(data, id, by) {
  const order = [...orderOf(data)];
  const at = order.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= order.length) return false;
  [order[at], order[to]] = [order[to], order[at]];
  data.order = order;
  return true;
}

/**
 * A new encounter: a blank grid (``width`` × ``height`` floor) or one zone or span.
 * @param {string} ruleset
 * @param {boolean} grid whether the ruleset plays on a grid
 * @param {string} placesKey the map's list of places for the others ("zones", "spans")
 * @param {boolean} rects whether those places are rectangles in metres (`rect`)
 * @param {number} height
 * @param {number} width
 * @returns {Data}
 */
export function blank(ruleset, grid, placesKey, rects, height, width) {
  /** @type {Data} */
  let map;
  if (grid) {
    map = {cell_size: 1, rows: Array.from({length: height}, () => ".".repeat(width))};
  } else if (rects) {
    map = {[placesKey]: [{id: "room", rect: [0, 0, width, height]}]};
  } else {
    map = {[placesKey]: [{id: placesKey === "spans" ? "span-1" : "zone-1"}]};
  }
  return {footwork: 1, ruleset, title: "", map, actors: []};
}
