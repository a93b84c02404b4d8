// Advice, worked out by the server: the expert's hint for your move (key H) and everyone's
// chances of winning (key W), each shown while its position is on the board.

import { capitalise, chip, fill, h, keyWords, TOUCH } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */

export class Advice {
  /** @param {GamePage} page */
  constructor(page) {
    this.page = page;
    /** @type {string | null} what was asked and not yet answered: "hint" or "winprob" */
    this.asking = null;
    /** @type {import("./messages.js").HintSent | null} the last hint */
    this.hint = null;
    /** @type {import("./messages.js").WinprobSent | null} the last chances */
    this.chances = null;
    /** @type {Set<string>} the sides whose 95% interval is shown (a tap or click on a side) */
    this.opened = new Set();
  }

  /** Show or put away a side's 95% interval, for a finger with nothing to point with.
   * @param {string} side
   */
  toggleInterval(side) {
    if (!this.opened.delete(side)) this.opened.add(side);
    this.showAdvice();
  }

  /** Ask the server for a hint (your move only) or the win chances (any time).
   * @param {"hint" | "winprob"} kind
   */
  ask(kind) {
    if (!this.page.state || this.page.replay || this.asking) return;
    if (kind === "hint" && this.page.awaiting !== "move") return;
    if (this.page.send({ type: kind })) {
      this.asking = kind;
      this.showAdvice();
    }
  }

  /** @param {import("./messages.js").HintSent | import("./messages.js").WinprobSent} message */
  advised(message) {
    const more = message.type === "winprob" && message.final === false; // narrowing still
    if (this.asking === message.type && !more) this.asking = null;
    if (message.type === "hint") this.hint = message;
    else this.chances = message;
    this.showAdvice();
    if (message.type === "hint") this.page.choice.showChoice();
  }

  /** The hint, while its position is on the board. */
  currentHint() {
    return this.hint && this.page.state && this.hint.seq === this.page.state.seq ? this.hint : null;
  }

  /** Whether the hint on the board is ``move`` (or a move reaching the same position).
   * @param {import("./messages.js").MoveView} move
   */
  suggested(move) {
    const hint = this.currentHint();
    return Boolean(hint && (hint.move === move.text || (move.same || []).includes(hint.move)));
  }

  showAdvice() {
    const hint = this.currentHint();
    this.page.hintButton.disabled = this.page.awaiting !== "move" || Boolean(this.page.replay);
    this.page.chancesButton.disabled = !this.page.state || Boolean(this.page.replay);
    this.page.hintButton.textContent = this.asking === "hint" ? "Thinking…" : `Hint${keyWords(" (H)")}`;
    this.page.chancesButton.textContent = this.asking === "winprob" ? "Playing it out…" : `Win chances${keyWords(" (W)")}`;
    this.page.hintEl.hidden = !hint;
    if (hint) {
      fill(this.page.hintEl, h("strong", { title: hint.move }, "★ ", hint.label), h("br"), h("span", { class: "hint" }, capitalise(hint.why)));
    }
    const over = this.page.state && this.page.state.phase === "over";
    if (this.chances && over && this.chances.seq !== this.page.shown().seq) this.chances = null; // the end drops old chances
    const chances = this.chances;
    this.page.chancesEl.hidden = !chances;
    if (!chances) return;
    const stale = !this.page.state || chances.seq !== this.page.state.seq;
    /** @param {number} x */
    const percent = (x) => `${Math.round(x * 100)}%`;
    this.page.chancesEl.classList.toggle("stale", stale);
    // one number and its bar per side; the interval and the learned estimate are a
    // tooltip or a tap away (and read out), for those who want them
    /** @param {import("./messages.js").Chance} c */
    const detail = (c) => chances.playouts
      ? `95% interval ${percent(c.low)}–${percent(c.high)}${c.learned !== undefined ? `; the expert's learned estimate ${percent(c.learned)}` : ""}`
      : "exact: the game is over";
    fill(this.page.chancesEl,
      h("ul", { class: "chances" }, chances.chances.map((c) =>
        h("li", { dataset: { side: c.side }, title: detail(c), onclick: () => this.toggleInterval(c.side) },
          h("span", { class: "side" }, c.side.split("+").map((colour) => chip(colour, this.page.called(colour)))),
          h("span", { class: "bar" }, h("span", { class: "fill", style: { width: `${(c.chance * 100).toFixed(1)}%` } })),
          h("span", { class: "value" }, percent(c.chance)),
          this.opened.has(c.side) ? h("span", { class: "interval hint" }, detail(c)) : h("span", { class: "interval sr-only" }, ` (${detail(c)})`)))),
      h("p", { class: "hint", id: "chances-note" }, chances.playouts
        ? `Chance of winning: ${chances.playouts} games played on from here by the ${chances.player} computer${chances.final === false ? ", more to come" : ""}${stale ? `, ${this.page.shown().seq - chances.seq} events ago` : ""}. ${TOUCH ? "Tap" : "Point at or click"} a side for its 95% interval${chances.chances[0].learned !== undefined ? " and the expert's own learned estimate" : ""}.`
        : "The game is over: these are exact."));
    this.page.chancesEl.dataset.final = String(chances.final !== false);
  }
}
