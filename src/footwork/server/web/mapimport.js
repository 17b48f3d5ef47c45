// The lobby's map import: a map made by another tool (Universal VTT .dd2vtt/.df2vtt/.uvtt,
// a Foundry scene .json), dropped on its box or chosen, with a ruleset chosen, goes to
// POST /api/import; the answer (encounter, picture URL, notes) is kept as JSON in
// sessionStorage under DRAFT_KEY and the page goes to the encounter builder (/build),
// which reads it.

import {byId, keptGmKey} from "./api.js";

/** Where the builder finds the imported map. */
export const DRAFT_KEY = "footwork.build.draft";
const SUFFIXES = [".dd2vtt", ".df2vtt", ".uvtt", ".json"];

/** @param {string} text */
function showError(text) {
  byId("import-error").textContent = text;
}

/**
 * Send one map file; on success keep the draft and go to the builder.
 * @param {File} file
 */
async function importFile(file) {
  const ruleset = /** @type {HTMLSelectElement} */ (byId("import-ruleset")).value;
  const name = file.name.toLowerCase();
  if (!SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    showError(`${file.name}: expected a .dd2vtt, .df2vtt, .uvtt or Foundry scene .json file`);
    return;
  }
  showError("");
  const status = byId("import-status");
  status.textContent = `Importing ${file.name}…`;
  const url = new URL("/api/import", location.origin);
  url.searchParams.set("ruleset", ruleset);
  url.searchParams.set("name", file.name);
  /** @type {Record<string, string>} */
  const headers = {"Content-Type": "application/octet-stream"};
  const key = keptGmKey();  // a closed lobby reads maps for the game master only
  if (key) headers["Authorization"] = `Bearer ${key}`;
  let reply;
  try {
    reply = await fetch(url, {method: "POST", body: file, headers});
  } catch {
    status.textContent = "";
    showError("The server could not be reached.");
    return;
  }
  const text = await reply.text();
  status.textContent = "";
  if (!reply.ok) {
    let message = `${reply.status} ${reply.statusText}`;
    try {
      message = String(JSON.parse(text).message ?? message);
    } catch {
      // not JSON: the status line says enough
    }
    showError(message);
    return;
  }
  sessionStorage.setItem(DRAFT_KEY, text);
  location.assign("/build");
}

function setUp() {
  const box = byId("import-box");
  const input = /** @type {HTMLInputElement} */ (byId("import-file"));
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) void importFile(file);
  });
  box.addEventListener("dragover", (e) => {
    e.preventDefault();
    box.classList.add("dropping");
  });
  box.addEventListener("dragleave", () => box.classList.remove("dropping"));
  box.addEventListener("drop", (e) => {
    e.preventDefault();
    box.classList.remove("dropping");
    const file = e.dataTransfer?.files?.[0];
    if (file) void importFile(file);
  });
}

setUp();
