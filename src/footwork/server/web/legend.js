// The drawing's legend laid out again for the page. footwork.draw lays its legend out in
// rows for its own text sizes (11 and 12 units) across the drawing's width; where the page
// sets the map's text larger (16 px on the TV and on a screen as wide, 12 px on a phone:
// views.js), those rows ran past the map's right edge and their labels into each other;
// and a small map fitted to a TV left the rows, as wide as the drawing's page, cut at both
// edges.
// Here each swatch and its label move together, set as large as the text, and flow in
// lines across the room the fitted view shows (a label longer than that line is wrapped
// at its spaces). The drawing's own layout stays where its text is not set larger and it
// lies in that room.

/** @typedef {{x0: number, x1: number}} Across the room for a line, in the drawing's units */

/**
 * One entry of the legend: its label and the swatch drawn just before it (gathered in a
 * group of the page's, so that it moves and grows as one).
 * @typedef {{swatch: SVGGElement | null, text: SVGTextElement, x: number, y: number,
 *   drawn: number, words: string}} Entry
 */

/** @type {WeakMap<Element, Entry[]>} each drawing's legend, read once */
const entriesOf = new WeakMap();

/** The room between two entries on a line and the line's height, in sizes of its text
 * (the drawing's 16 units between entries and 22 between rows of 11-unit text). */
const GAP = 16 / 11;
const LINE = 2;

/**
 * The legend's entries: each text with the elements drawn since the text before it (its
 * swatch: a box, a disc, a line, an arrow), those gathered in a group.
 * @param {SVGGElement} legend
 * @returns {Entry[]}
 */
function entries(legend) {
  const known = entriesOf.get(legend);
  if (known) return known;
  /** @type {Entry[]} */
  const found = [];
  /** @type {SVGGraphicsElement[]} */
  let parts = [];
  for (const child of [...legend.children]) {
    if (child instanceof SVGTextElement) {
      let swatch = null;
      if (parts.length) {
        swatch = document.createElementNS("http://www.w3.org/2000/svg", "g");
        swatch.setAttribute("class", "fw-swatch");
        legend.insertBefore(swatch, parts[0]);
        swatch.append(...parts);
      }
      found.push({swatch, text: child, x: Number(child.getAttribute("x")),
                  y: Number(child.getAttribute("y")),
                  drawn: Number(child.getAttribute("font-size")) || 11,
                  words: child.textContent ?? ""});
      parts = [];
    } else if (child instanceof SVGGraphicsElement) {
      parts.push(child);
    }
  }
  entriesOf.set(legend, found);
  return found;
}

/** @param {Entry} entry */
function asDrawn(entry) {
  entry.swatch?.removeAttribute("transform");
  entry.text.removeAttribute("transform");
  if (entry.text.querySelector("tspan")) entry.text.textContent = entry.words;
}

/**
 * A label too long for its line, wrapped at its spaces into lines of ``chars`` characters
 * at most (a word longer than that keeps its own line).
 * @param {Entry} entry
 * @param {number} chars
 * @returns {number} how many lines it took
 */
function wrap(entry, chars) {
  const lines = [];
  let line = "";
  for (const word of entry.words.split(" ")) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length < 2) return 1;
  entry.text.replaceChildren(...lines.map((text, i) => {
    const span = document.createElementNS("http://www.w3.org/2000/svg", "tspan");
    span.setAttribute("x", String(entry.x));
    if (i) span.setAttribute("dy", "1.25em");
    span.textContent = text;
    return span;
  }));
  return lines.length;
}

/**
 * Lay the legend out for its text at ``least`` units of the drawing (0: as drawn) in the
 * room ``across``. Entries the drawing put on one row flow together, and a new row of
 * the drawing starts a new line.
 * @param {SVGSVGElement} svg
 * @param {number} least
 * @param {Across} across
 */
export function layOutLegend(svg, least, across) {
  const legend = svg.querySelector("g.legend");
  if (!(legend instanceof SVGGElement) || getComputedStyle(legend).display === "none") return;
  const all = entries(legend);
  if (!all.length) return;
  all.forEach(asDrawn);
  const larger = least > Math.min(...all.map((e) => e.drawn)) + 0.01;
  const drawn = legend.getBBox();
  // as drawn when its text is and it lies in the room (the drawing's rows are as wide as
  // its page, at least 640 units: wider than a small map fitted to the view)
  if (!larger && drawn.x >= across.x0 - 0.5 && drawn.x + drawn.width <= across.x1 + 0.5) return;
  const room = across.x1 - across.x0;
  let x = across.x0, y = all[0].y, row = all[0].y, tallest = 0;
  all.forEach((entry, i) => {
    const size = Math.max(entry.drawn, least);
    const grow = size / entry.drawn;
    const left = entry.swatch ? Math.min(entry.swatch.getBBox().x, entry.x) : entry.x;
    const lead = (entry.x - left) * grow;  // the swatch and the room before the label
    let width = lead + entry.text.getComputedTextLength();
    let lines = 1;
    if (width > room && entry.words.length > 1) {
      const perChar = entry.text.getComputedTextLength() / entry.words.length;
      lines = wrap(entry, Math.max(8, Math.floor((room - lead) / perChar)));
      width = lead + Math.max(...[...entry.text.querySelectorAll("tspan")]
        .map((t) => /** @type {SVGTSpanElement} */ (t).getComputedTextLength()), 0);
    }
    const newRow = i > 0 && entry.y !== row;
    if (i > 0 && (newRow || x + width > across.x1 + 0.5) && x > across.x0) {
      y += LINE * tallest;
      x = across.x0;
      tallest = 0;
    }
    row = entry.y;
    const dx = x + lead - entry.x, dy = y - entry.y;
    entry.text.setAttribute("transform", `translate(${dx.toFixed(2)} ${dy.toFixed(2)})`);
    entry.swatch?.setAttribute("transform",
      `translate(${(x - left * grow).toFixed(2)} ${(y - entry.y * grow).toFixed(2)}) ` +
      `scale(${grow.toFixed(4)})`);
    x += width + GAP * size;
    // a wrapped label's lines below its first count in the line's height
    tallest = Math.max(tallest, size * (1 + (lines - 1) * 1.25 / LINE));
  });
}
