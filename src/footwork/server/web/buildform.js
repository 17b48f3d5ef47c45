// Forms made from a ruleset's JSON Schema (GET /api/rulesets/ID/schema): an input per
// property with its type, enum, minimum and maximum. An empty input leaves the key out
// of the file (the ruleset's default applies), so a form never writes what the game
// master did not set. Shapes a plain input cannot hold (a list of points, a mapping of
// scores) are edited as JSON text in one field.

import {make} from "./api.js";

/** @typedef {Record<string, any>} Schema */
/** @typedef {Record<string, any>} Data */

/**
 * The schema a `$ref` points at (within `defs`), else the schema itself.
 * @param {Schema} schema
 * @param {Schema} defs
 * @returns {Schema}
 */
export function resolve(schema, defs) {
  if (schema && typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").pop() ?? "";
    return {...defs[name], ...Object.fromEntries(
      Object.entries(schema).filter(([k]) => k !== "$ref"))};
  }
  return schema ?? {};
}

/**
 * The one non-null branch of `anyOf: [X, null]`, merged with the outer description.
 * @param {Schema} schema
 * @param {Schema} defs
 */
function unwrap(schema, defs) {
  let found = resolve(schema, defs);
  const branches = found.anyOf;
  if (Array.isArray(branches)) {
    const real = branches.filter((/** @type {Schema} */ b) => b.type !== "null");
    if (real.length === 1) {
      const {anyOf: _, ...outer} = found;
      found = {...outer, ...resolve(real[0], defs)};
    }
  }
  return found;
}

/**
 * What kind of input a property gets.
 * @param {Schema} s an unwrapped schema
 * @returns {"enum" | "number" | "integer" | "boolean" | "string" | "strings" | "object" | "json"}
 */
function kindOf(s) {
  if (Array.isArray(s.enum)) return "enum";
  if (s.type === "integer") return "integer";
  if (s.type === "number") return "number";
  if (s.type === "boolean") return "boolean";
  if (s.type === "string") return "string";
  if (s.type === "array" && !s.prefixItems && s.items?.type === "string" && !s.items.enum) {
    return "strings";
  }
  if (s.type === "object" && s.properties && !s.additionalProperties) return "object";
  return "json";
}

/**
 * A short hint from a description: its first clause.
 * @param {string} text
 */
function hint(text) {
  const cut = text.split(/;|\. /)[0];
  return cut.length > 90 ? cut.slice(0, 88) + "…" : cut;
}

/**
 * The form of an object's properties: each change calls ``onChange`` with the whole new
 * value (keys left empty are left out).
 * @param {Schema} schema the object's schema
 * @param {Schema} defs the document's `$defs`
 * @param {Data} value the object as it is
 * @param {string} path where the object is in the file (`actors[0]`), for the faults
 * @param {(value: Data) => void} onChange
 * @param {string[]} [skip] properties not shown (edited elsewhere)
 * @returns {HTMLElement}
 */
export function objectForm(schema, defs, value, path, onChange, skip = []) {
  const s = resolve(schema, defs);
  const box = make("div", "schema-form");
  const required = new Set(s.required ?? []);
  // the object as its inputs say now: each input changes its own key of it, so an edit
  // never brings back what another input of the same form changed before
  let current = {...value};
  for (const [name, raw] of Object.entries(/** @type {Schema} */ (s.properties ?? {}))) {
    if (skip.includes(name)) continue;
    const prop = unwrap(raw, defs);
    const here = path ? `${path}.${name}` : name;
    const set = (/** @type {unknown} */ next) => {
      current = {...current};
      if (next === undefined) delete current[name];
      else current[name] = next;
      onChange(current);
    };
    box.append(field(name, prop, defs, value[name], here, required.has(name), set));
  }
  return box;
}

/**
 * One property's labelled input.
 * @param {string} name
 * @param {Schema} prop
 * @param {Schema} defs
 * @param {unknown} current
 * @param {string} path
 * @param {boolean} required
 * @param {(value: unknown) => void} set
 * @returns {HTMLElement}
 */
function field(name, prop, defs, current, path, required, set) {
  const kind = kindOf(prop);
  if (kind === "object") {
    const group = make("fieldset", "schema-object");
    group.dataset.path = path;
    group.append(make("legend", "", prop.title ?? name));
    group.append(objectForm(prop, defs, /** @type {Data} */ (current ?? {}), path,
                            next => set(Object.keys(next).length ? next : undefined)));
    return group;
  }
  const label = make("label", "schema-field");
  const title = make("span", "schema-name", `${name}${required ? " *" : ""}`);
  label.append(title);
  const description = String(prop.description ?? "");
  label.title = description;
  /** @type {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} */
  let input;
  if (kind === "enum" || kind === "boolean") {
    const select = make("select");
    const choices = kind === "enum" ? prop.enum.map(String) : ["true", "false"];
    select.append(new Option(required ? "(choose)" : "(default)", ""));
    for (const choice of choices) select.append(new Option(choice, choice));
    select.value = current === undefined || current === null ? "" : String(current);
    select.addEventListener("change", () => {
      const v = select.value;
      set(v === "" ? undefined : kind === "boolean" ? v === "true" : v);
    });
    input = select;
  } else if (kind === "number" || kind === "integer") {
    const box = make("input");
    box.type = "number";
    box.step = kind === "integer" ? "1" : "any";
    const low = prop.minimum ?? prop.exclusiveMinimum, high = prop.maximum;
    if (low !== undefined) box.min = String(low);
    if (high !== undefined) box.max = String(high);
    box.value = typeof current === "number" ? String(current) : "";
    box.addEventListener("change", () => {
      if (box.value === "") return set(undefined);
      const n = Number(box.value);
      if (!Number.isFinite(n) || (kind === "integer" && !Number.isInteger(n))) {
        box.setCustomValidity(`a${kind === "integer" ? " whole" : ""} number`);
        box.reportValidity();
        return;
      }
      box.setCustomValidity("");
      set(n);
    });
    input = box;
  } else if (kind === "string" || kind === "strings") {
    const box = make("input");
    box.type = "text";
    if (prop.maxLength) box.maxLength = prop.maxLength;
    box.value = kind === "strings" && Array.isArray(current) ? current.join(", ")
      : current === undefined || current === null ? "" : String(current);
    if (kind === "strings") box.placeholder = "a, b, c";
    box.addEventListener("change", () => {
      const text = box.value.trim();
      if (text === "") return set(undefined);
      set(kind === "strings" ? text.split(",").map(t => t.trim()).filter(Boolean) : box.value);
    });
    input = box;
  } else {
    const box = make("textarea");
    box.rows = 1;
    box.spellcheck = false;
    box.placeholder = "JSON";
    box.value = current === undefined ? "" : JSON.stringify(current);
    box.addEventListener("change", () => {
      const text = box.value.trim();
      if (text === "") return set(undefined);
      try {
        const parsed = JSON.parse(text);
        box.setCustomValidity("");
        set(parsed);
      } catch {
        box.setCustomValidity("not JSON: e.g. {\"Overland\": 8} or [[0, 0], [4, 0]]");
        box.reportValidity();
      }
    });
    input = box;
  }
  input.dataset.path = path;
  input.name = path;
  label.append(input);
  if (description) label.append(make("small", "schema-hint", hint(description)));
  return label;
}

/**
 * A list of objects (zones, spans, links, openings...): a form per item, each with a
 * button to remove it, and one to add a new item.
 * @param {string} title
 * @param {Schema} itemSchema
 * @param {Schema} defs
 * @param {any[]} items
 * @param {string} path the list's path in the file (`map.zones`)
 * @param {(items: any[], grew: boolean) => void} onChange ``grew``: an item was added
 *   or removed (the list is drawn again), not only edited
 * @param {(index: number) => Data} fresh a new item
 * @returns {HTMLElement}
 */
export function listForm(title, itemSchema, defs, items, path, onChange, fresh) {
  const box = make("section", "schema-list");
  box.dataset.path = path;
  box.append(make("h3", "", title));
  let current = [...items];  // as the forms say now (see objectForm)
  items.forEach((item, i) => {
    const one = make("details", "schema-item");
    one.dataset.path = `${path}[${i}]`;
    const plain = item !== null && typeof item === "object" && !Array.isArray(item);
    const name = plain ? item.id ?? item.between ?? (item.a !== undefined ? [item.a, item.b] : null)
      : item;
    const summary = make("summary", "", String(name ?? `${title} ${i + 1}`));
    one.append(summary);
    const edited = (/** @type {unknown} */ next) => {
      current = [...current];
      current[i] = /** @type {Data} */ (next);
      onChange(current, false);
    };
    // a shorthand the file may use (a link as [a, b]) is edited as it is written
    one.append(plain ? objectForm(itemSchema, defs, item, `${path}[${i}]`, edited)
      : field("item", {}, defs, item, `${path}[${i}]`, true, edited));
    const remove = make("button", "danger", `Remove ${summary.textContent}`);
    remove.type = "button";
    remove.addEventListener("click", () => onChange(current.filter((_, j) => j !== i), true));
    one.append(remove);
    box.append(one);
  });
  const add = make("button", "", `Add to ${title}`);
  add.type = "button";
  add.addEventListener("click", () => onChange([...current, fresh(current.length)], true));
  box.append(add);
  return box;
}

/**
 * The object schema of a list's items: its `$ref`, or the one `$ref` among `anyOf`
 * (links written `{a, b, ...}` or `[a, b]`); null when the items are no objects.
 * @param {Schema} items
 * @param {Schema} defs
 * @returns {Schema | null}
 */
export function itemObject(items, defs) {
  if (!items) return null;
  if (items.$ref) return resolve(items, defs);
  const branch = (items.anyOf ?? []).find((/** @type {Schema} */ b) => b.$ref);
  return branch ? resolve(branch, defs) : null;
}
