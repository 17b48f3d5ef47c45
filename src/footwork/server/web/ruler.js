// Dragging a token with a ruler (issue 21, item 2): not there yet.

/** @param {import("./mapview.js").MapView} _map */
export function startRuler(_map) {}
