// Where the keyboard's focus goes when what held it is redrawn: a command or a pick-up
// rebuilds the options, the characters, the decision and the map, and the element that
// had the focus is gone with them (the focus would fall back to the page's start, a
// dozen Tabs away from the next thing to do).

/** Was the last input the keyboard's? A click or a tap leaves the focus alone. */
let keyboard = false;
addEventListener("keydown", () => { keyboard = true; }, true);
addEventListener("pointerdown", () => { keyboard = false; }, true);

/** Did the keyboard make the last input (a focus that came with it, not with a click
 * or a tap, which focus what they hit)? */
export function byKeyboard() {
  return keyboard;
}

/** What comes next, first found first: the decision to answer, the held character's
 * options, ending the turn, the held character's name, the map. */
const NEXT = ["#decision-choices button:enabled", "#options .option-button",
              "#turn-row:not([hidden]) button", "#actors [aria-pressed=true]", "#map"];

/** Put the focus on what comes next when the keyboard's focus was lost with a redrawn
 * element (nothing is done while an element still has it, nor after a pointer). */
export function refocus() {
  const now = document.activeElement;
  if (!keyboard || (now && now !== document.body && now.isConnected)) return;
  if (document.querySelector("dialog[open]")) return;
  for (const selector of NEXT) {
    const element = document.querySelector(selector);
    if (element instanceof HTMLElement && element.getClientRects().length) {
      element.focus();
      return;
    }
  }
}
