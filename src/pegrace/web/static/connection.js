// The game's WebSocket: connected at once, connected again whenever it is lost (after a
// quarter of a second, doubling to five seconds while it keeps failing), and kept alive by a
// ping every 25 seconds.

const PING_MS = 25000;

/** The messages' types (messages.d.ts, made from ../messages.schema.json):
 * @typedef {import("./messages.js").ClientMessage} ClientMessage
 * @typedef {import("./messages.js").ServerMessage} ServerMessage
 */

export class Connection {
  /**
   * @param {string} gameId
   * @param {{ open: () => void, message: (message: ServerMessage) => void, closed: (code: number) => boolean }} on
   *   what to do when it opens, for each message, and when it closes (answering whether to
   *   connect again)
   */
  constructor(gameId, on) {
    this.gameId = gameId;
    this.on = on;
    this.retries = 0;
    /** @type {WebSocket | null} */
    this.socket = null;
    /** @type {number | undefined} */
    this.pinger = undefined;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.gameId)}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retries = 0;
      this.on.open();
    });
    socket.addEventListener("message", (event) => this.on.message(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      if (!this.on.closed(event.code)) return;
      const wait = Math.min(5000, 250 * 2 ** this.retries++);
      setTimeout(() => this.connect(), wait);
    });
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.send({ type: "ping" }), PING_MS);
  }

  /** Send ``message`` as JSON; false where the socket is not open.
   * @param {ClientMessage} message
   */
  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }
}
