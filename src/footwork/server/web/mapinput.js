// What the pointer, a finger and the keyboard do on the map: hovering a reachable place
// shows its options (read then), a click or Enter anywhere inside it moves there; a
// click on a token picks it up (a token standing on a reachable place means the place).

import {byId} from "./api.js";
import {hooks, mayCommand, page, say} from "./context.js";
import {answer, picking, snap} from "./decisions.js";
import {byKeyboard} from "./focus.js";
import {placeByClick, placing} from "./gm.js";
import {metresAt, placeAt, tokenAt} from "./hittest.js";
import {hideTip, moveTo, showTip} from "./moves.js";
import {tipOf} from "./panels.js";
import {addWaypoint} from "./plan.js";
import {gridOf, reachElement} from "./reach.js";

const host = byId("map");

/** The map's drawing, if one is shown. */
function svgOf() {
  const svg = host.querySelector("svg");
  return svg instanceof SVGSVGElement ? svg : null;
}

/**
 * The reachable place under a point of the screen, with its options; and, on a map
 * drawn to scale, the point in metres.
 * @param {number} clientX
 * @param {number} clientY
 * @returns {{place: string, indices: number[], at: number[] | null} | null}
 */
export function reachableAt(clientX, clientY) {
  const svg = svgOf();
  const reach = page.reach;
  if (!svg || !reach || !reach.places.size) return null;
  const place = placeAt(svg, reach.places, clientX, clientY);
  if (place === null) return null;
  const indices = reach.places.get(place) ?? [];
  const at = svg.getAttribute("data-map") === "to-scale" ? metresAt(svg, clientX, clientY) : null;
  return {place, indices, at};
}

/** @type {Element | null} the place marked as under the pointer */
let under = null;

/** @param {string | null} place */
function markUnder(place) {
  const element = place === null ? null : reachElement(place);
  if (element === under) return;
  under?.classList.remove("fw-hot");
  element?.classList.add("fw-hot");
  under = element;
}

let frame = 0;
host.addEventListener("pointermove", (e) => {
  if ((e.buttons && e.pointerType === "mouse") || host.classList.contains("fw-dragging")) return;
  // a finger does not hover: a tap's tooltip would stay over the map after it acted
  if (e.pointerType === "touch") return;
  cancelAnimationFrame(frame);
  const {clientX, clientY} = e;
  frame = requestAnimationFrame(() => {
    const found = reachableAt(clientX, clientY);
    markUnder(found?.place ?? null);
    host.style.cursor = found ? "pointer" : "";
    if (found) void showTip(found.indices, clientX, clientY, found.at);
    else hideTip();
  });
});
host.addEventListener("pointerleave", () => {
  cancelAnimationFrame(frame);
  markUnder(null);
  hideTip();
});
host.addEventListener("focusin", (e) => {
  // Tab shows a place's options; a tap focuses the place too, and its tooltip would
  // stay over the map on a phone (a click's hover already shows it)
  if (!byKeyboard()) return;
  const target = e.target instanceof Element ? e.target.closest(".fw-reach") : null;
  if (target) tipOf(target);
});
host.addEventListener("focusout", () => hideTip());
/** Where the last finger was lifted (the screen's px, and when): a tap's click is moved
 * by the browser onto a nearby token ("touch adjustment"), so near the token in hand a
 * tap on the place about it put the token down instead of moving there. */
let lifted = {x: 0, y: 0, t: -Infinity};
host.addEventListener("pointerup", (e) => {
  if (e.pointerType === "touch") lifted = {x: e.clientX, y: e.clientY, t: e.timeStamp};
}, true);
host.addEventListener("click", (e) => void click(e));
host.addEventListener("keydown", (e) => {
  if (e.key !== "Enter" && e.key !== " ") return;
  if (!(e.target instanceof Element) || e.target === host) return;
  e.preventDefault();
  void enter(e.target);
});

/**
 * Enter (or Space) on a focused place or token.
 * @param {Element} target
 */
async function enter(target) {
  const reachable = target.closest(".fw-reach");
  const place = reachable?.getAttribute("data-place");
  const indices = place ? page.reach?.places.get(place) : undefined;
  if (indices) {
    hideTip();
    await moveTo(indices);
    return;
  }
  const id = target.closest("[data-actor]")?.getAttribute("data-actor");
  if (id && mayCommand(id)) await hooks.pickUp(page.held === id ? null : id);
}

/**
 * A click (or a tap) on the map, judged by where it is.
 * @param {MouseEvent} e
 */
async function click(e) {
  const svg = svgOf();
  if (!svg) return;
  // a tap is judged where the finger was, not where the browser moved its click
  const tapped = e.timeStamp - lifted.t < 800;
  const clientX = tapped ? lifted.x : e.clientX, clientY = tapped ? lifted.y : e.clientY;
  if (placing) {  // the game master's fiat: put a token anywhere
    await placeByClick(svg, clientX, clientY);
    return;
  }
  const pending = page.state?.pending ?? null;
  if (picking && pending) {
    const at = metresAt(svg, clientX, clientY);
    if (!at) {
      say(new Error("that is not on the map: click inside a zone"));
      return;
    }
    await answer(pending, picking.choice, snap(pending, at));
    return;
  }
  const answering = document.elementsFromPoint(clientX, clientY)
    .map((el) => el.closest(".fw-answer")).find((el) => el);
  const answerPlace = answering?.getAttribute("data-place");
  if (pending && answerPlace && pending.choices.includes(answerPlace)) {
    await answer(pending, answerPlace);
    return;
  }
  const laying = /** @type {HTMLInputElement} */ (byId("plan-mode")).checked;
  const grid = gridOf(svg);
  if ((e.shiftKey || laying) && page.held && page.state?.ruleset === "styles" && grid) {
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    addWaypoint(`${Math.floor((p.y - grid.y) / grid.size)},${Math.floor((p.x - grid.x) / grid.size)}`);
    hideTip();  // a tap's tooltip would stay over the map (no pointer leaves on a phone)
    return;
  }
  const id = tokenAt(clientX, clientY);
  if (id !== null && id === page.held) {  // the held token itself: put it down
    await hooks.pickUp(null);
    return;
  }
  const found = reachableAt(clientX, clientY);
  if (found) {
    hideTip();
    await moveTo(found.indices, found.at);
    return;
  }
  if (id && mayCommand(id)) await hooks.pickUp(id);
}
