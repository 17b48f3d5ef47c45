// What the builder makes of a draft: an encounter file to download (written by the
// server, as a table's export is), or a new table whose game master's page opens.

import {api, apiText, keptGmKey, make} from "./api.js";

/** @typedef {Record<string, any>} Data */

/**
 * Download the draft as an encounter file named after its title.
 * @param {Data} data
 * @param {"yaml" | "json"} format
 */
export async function download(data, format) {
  // a closed lobby (footwork serve's default) reads files for the game master only
  const text = await apiText("/api/build/file", {method: "POST", key: keptGmKey() ?? undefined,
                                                 body: {encounter: data, format}});
  const link = make("a");
  link.href = URL.createObjectURL(new Blob([text], {type: format === "json"
    ? "application/json" : "application/yaml"}));
  link.download = `${slug(String(data.title ?? "")) || "encounter"}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** @param {string} text */
function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60);
}

/**
 * A table of the draft as it stands (without its steps: a table starts where the file
 * starts); the game master's link to it.
 * @param {Data} draft
 * @returns {Promise<string>}
 */
export async function newTable(draft) {
  const {steps: _, ...data} = draft;
  // a closed lobby (footwork serve's default) takes new tables from the game master only:
  // the key the lobby kept on this device
  const created = /** @type {import("./api.js").CreatedTable} */ (await api("/api/tables", {
    method: "POST", key: keptGmKey() ?? undefined,
    body: {encounter: JSON.stringify(data), format: "json",
           name: String(data.title ?? "").slice(0, 80)}}));
  return (created.seats.find(s => s.seat === "gm") ?? created.seats[0]).link;
}
