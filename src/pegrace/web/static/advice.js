// Advice, worked out by the server: the expert's hint for your move (key H) and everyone's
// chances of winning (key W), each shown while its position is on the board.

import { percent, say, t, tn } from "./i18n.js";
import { capitalise, chip, fill, h, levelWord, TOUCH } from "./util.js";

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

  /** The hint button's words (and its key, but on a touch screen). */
  hintWords() {
    // TRANSLATORS: a button: the expert's move; H is the key that asks for it
    return TOUCH ? t("Hint") : t("Hint (H)");
  }

  /** The win chances button's words (and its key, but on a touch screen). */
  chancesWords() {
    // TRANSLATORS: a button: every side's chance of winning; W is the key that asks for it
    return TOUCH ? t("Win chances") : t("Win chances (W)");
  }

  showAdvice() {
    const hint = this.currentHint();
    this.page.hintButton.disabled = this.page.awaiting !== "move" || Boolean(this.page.replay);
    this.page.chancesButton.disabled = !this.page.state || Boolean(this.page.replay);
    // TRANSLATORS: the hint button while the expert works out its move
    this.page.hintButton.textContent = this.asking === "hint" ? t("Thinking…") : this.hintWords();
    // TRANSLATORS: the win chances button while games are played on from the position
    this.page.chancesButton.textContent = this.asking === "winprob" ? t("Playing it out…") : this.chancesWords();
    this.page.hintEl.hidden = !hint;
    if (hint) {
      fill(this.page.hintEl, h("strong", { title: hint.move }, "★ ", say(hint.label)), h("br"), h("span", { class: "hint" }, capitalise(say(hint.why))));
    }
    const over = this.page.state && this.page.state.phase === "over";
    if (this.chances && over && this.chances.seq !== this.page.shown().seq) this.chances = null; // the end drops old chances
    const chances = this.chances;
    this.page.chancesEl.hidden = !chances;
    if (!chances) return;
    const stale = !this.page.state || chances.seq !== this.page.state.seq;
    this.page.chancesEl.classList.toggle("stale", stale);
    // one number and its bar per side; the interval and the learned estimate are a
    // tooltip or a tap away (and read out), for those who want them
    /** @param {import("./messages.js").Chance} c */
    const detail = (c) => this.detail(c, chances.playouts > 0);
    fill(this.page.chancesEl,
      h("ul", { class: "chances" }, chances.chances.map((c) =>
        h("li", { dataset: { side: c.side }, title: detail(c), onclick: () => this.toggleInterval(c.side) },
          h("span", { class: "side" }, c.side.split("+").map((colour) => chip(colour, this.page.called(colour)))),
          h("span", { class: "bar" }, h("span", { class: "fill", style: { width: `${(c.chance * 100).toFixed(1)}%` } })),
          h("span", { class: "value" }, percent(c.chance)),
          this.opened.has(c.side) ? h("span", { class: "interval hint" }, detail(c)) : h("span", { class: "interval sr-only" }, ` (${detail(c)})`)))),
      h("p", { class: "hint", id: "chances-note" }, chances.playouts ? this.note(chances, stale) : t("The game is over: these are exact.")));
    this.page.chancesEl.dataset.final = String(chances.final !== false);
  }

  /** A side's chance in detail: its 95% interval and the expert's learned estimate, where
   * played on (``played``), else that it is exact.
   * @param {import("./messages.js").Chance} c
   * @param {boolean} played
   */
  detail(c, played) {
    if (!played) return t("exact: the game is over");
    const args = { low: percent(c.low), high: percent(c.high), learned: c.learned === undefined ? "" : percent(c.learned) };
    // TRANSLATORS: a side's chance of winning: the range it lies in, 19 times in 20 ("12%–20%")
    if (c.learned === undefined) return t("95% interval {low}–{high}", args);
    // TRANSLATORS: a side's chance of winning: the range it lies in, 19 times in 20, and the
    // one the expert computer's learned value gives it
    return t("95% interval {low}–{high}; the expert's learned estimate {learned}", args);
  }

  /** What the chances are, and how to see more: the games played on, by whom, how long ago.
   * @param {import("./messages.js").WinprobSent} chances
   * @param {boolean} stale the position has moved on since
   */
  note(chances, stale) {
    // TRANSLATORS: {level} is the level of the computer that played every side ("medium")
    let said = tn("Chance of winning: {count} game played on from here by the {level} computer",
      "Chance of winning: {count} games played on from here by the {level} computer",
      chances.playouts, { level: levelWord(`computer:${chances.player}`) });
    // TRANSLATORS: {chances} says how the chances were worked out; more games are still being played
    if (chances.final === false) said = t("{chances}, more to come", { chances: said });
    const ago = this.page.shown().seq - chances.seq;
    // TRANSLATORS: {chances} says how the chances were worked out, for a position {count} events back
    if (stale) said = tn("{chances}, {count} event ago", "{chances}, {count} events ago", ago, { chances: said });
    const learned = chances.chances[0].learned !== undefined;
    const how = TOUCH
      ? (learned ? t("Tap a side for its 95% interval and the expert's own learned estimate.") : t("Tap a side for its 95% interval."))
      : (learned ? t("Point at or click a side for its 95% interval and the expert's own learned estimate.") : t("Point at or click a side for its 95% interval."));
    // TRANSLATORS: {chances} says how the chances were worked out; a sentence of its own
    return [t("{chances}.", { chances: said }), how].join(" ");
  }
}
