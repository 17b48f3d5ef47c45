// The live connection of a page: the table's WebSocket, reconnected with the version
// the page has whenever it drops (so the page catches up), its state shown to people.

/**
 * @typedef {{type: "lines" | "reset", version: number, after: number,
 *            lines: import("./api.js").LogLine[]}} LogMessage
 * @typedef {{type: "plan", actor: string, path: string[], done: boolean}} PlanMessage the
 *   path under another page's ruler (planned movement, relayed as this seat may see it)
 * @typedef {LogMessage | PlanMessage} LiveMessage
 * @typedef {"connecting" | "live" | "lost" | "closed"} LiveStatus
 */

/** Waits between reconnection attempts, in ms (the last one repeats). */
const BACKOFF = [500, 1000, 2000, 4000];

export class Live {
  /**
   * @param {() => string} url the socket's address, with the version the page has now
   * @param {(message: LiveMessage) => void} onMessage
   * @param {(status: LiveStatus) => void} onStatus
   */
  constructor(url, onMessage, onStatus) {
    this.url = url;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.attempt = 0;
    /** @type {number | undefined} */
    this.timer = undefined;
    this.stopped = false;
    /** why the server closed the connection for good (its key no longer opens it) */
    this.reason = "";
  }

  start() {
    this.stopped = false;
    clearTimeout(this.timer);
    this.onStatus(this.attempt === 0 ? "connecting" : "lost");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.onStatus("live");
    });
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return;
      this.onMessage(/** @type {LiveMessage} */ (JSON.parse(event.data)));
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      if (event.code === 4401 || event.code === 4404) {
        // the key was changed or revoked (or the table deleted): trying again is useless
        this.stopped = true;
        this.reason = event.reason;
        this.onStatus("closed");
        return;
      }
      this.onStatus("lost");
      const wait = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)];
      this.attempt += 1;
      this.timer = window.setTimeout(() => this.start(), wait);
    });
  }

  /**
   * Send a message to the server (a plan under this page's ruler); dropped while the
   * connection is down (a plan is a gesture: the next one replaces it).
   * @param {Record<string, unknown>} message
   */
  send(message) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Connect again now (another seat to watch, say). */
  restart() {
    this.stop();
    this.attempt = 0;
    this.start();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}
