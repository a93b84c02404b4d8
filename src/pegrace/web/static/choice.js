// The status (whose turn it is, and what to do) and choosing a move on the board: the pieces
// that can move and their destinations marked (a step at a time where a move has several), the
// moves listed by number, a lone move made by itself where the player asks for that, and the
// pop, move or pass sent to the server. The page never decides what is legal: it offers the
// moves the server lists and sends back the text of the one chosen.

import { number, say, t } from "./i18n.js";
import { standing } from "./places.js";
import { chip, colourName, eitherOf, fill, h, TOUCH, unique } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */
/** @typedef {import("./game.js").Move} Move */

export const KEYS = "1234567890"; // a listed move's key: the first ten

export class Choice {
  /** @param {GamePage} page */
  constructor(page) {
    this.page = page;
    /** the steps chosen so far (each ``stepKey``), the piece chosen for the next, and its
     * destination where two moves reach it differently
     * @type {{ prefix: string[], from: string | null, to: string | null }} */
    this.selection = { prefix: [], from: null, to: null };
    /** @type {Move[]} the moves listed now, in their keys' order */
    this.listed = [];
    this.popped = false; // a pop sent: its moves, once they come, get the focus
  }

  clearSelection() {
    this.selection = { prefix: [], from: null, to: null };
  }

  /** A step as a key: where from and to, the die used, and which way round.
   * @param {import("./game.js").Step} step
   */
  stepKey(step) {
    return `${step.from}>${step.to}:${step.die || ""}:${step.ccw ? "ccw" : ""}`;
  }

  /** The listed moves that begin with the steps chosen so far. */
  candidates() {
    const { prefix } = this.selection;
    return this.page.shown().moves.filter((move) => !move.pass && prefix.every((key, i) => move.steps[i] && this.stepKey(move.steps[i]) === key));
  }

  /** The moves the side list offers now (narrowed by the pieces and spots chosen). */
  offered() {
    const { prefix, from, to } = this.selection;
    if (!prefix.length && !from) return this.page.shown().moves;
    const k = prefix.length;
    return this.candidates().filter((move) => {
      const step = move.steps[k];
      if (!step) return true;
      return (!from || step.from === from) && (!to || step.to === to);
    });
  }

  /** The status: whose turn it is and what they are to do (the roll-off's pops so far). */
  showStatus() {
    const page = this.page;
    const state = page.shown();
    const args = { player: state.current ? page.called(state.current) : "", roll: state.roll };
    page.statusEl.textContent = this.statusWords(state, args) + standing(page);
    page.statusEl.classList.toggle("mine", page.mine());
    const pops = Object.entries(state.rolloff || {});
    fill(page.rolloffEl, ...(state.phase === "rolloff" && pops.length
      // TRANSLATORS: the roll-off's pops so far follow, each a colour and the number it popped
      ? [h("span", {}, t("Pops:"), " "), ...pops.map(([colour, pop]) =>
        // TRANSLATORS: a colour ("Red") and the number it popped in the roll-off
        h("span", {}, chip(colour, t("{colour} {pop}", { colour: colourName(colour), pop: number(pop) })), " "))]
      : []));
  }

  /** What the status says of ``state`` (``args``: the player to act, the roll).
   * @param {import("./game.js").State} state
   * @param {{ player: string, roll: string | null }} args
   */
  statusWords(state, args) {
    const mine = this.page.mine();
    if (state.phase === "over") return this.page.end.headline();
    if (state.phase === "rolloff") {
      // TRANSLATORS: the roll-off decides who starts; {player} is your name or colour
      if (mine) return TOUCH ? t("Who starts? Your pop ({player}): tap the dome", args) : t("Who starts? Your pop ({player}): click the dome or press space", args);
      return t("Who starts? {player} to pop", args);
    }
    if (state.phase === "roll") {
      if (mine) return TOUCH ? t("Your turn ({player}): tap the dome", args) : t("Your turn ({player}): click the dome or press space", args);
      // TRANSLATORS: {player} is to pop the dome (roll the die) now
      return t("{player} to pop", args);
    }
    if (state.bonus) return this.bonusWords(state, args);
    // TRANSLATORS: {roll} is what the dice showed ("5", "3+6")
    if (state.forced_pass) return t("{player} popped {roll}: nothing can move, so the turn passes", args);
    // TRANSLATORS: {roll} is what the dice showed ("5", "3+6")
    return mine ? t("{player}, you popped {roll}: choose a move", args) : t("{player} popped {roll}", args);
  }

  /** What the status says of a bonus move due (a move the rules grant with no roll).
   * @param {import("./game.js").State} state
   * @param {{ player: string, roll: string | null }} args
   */
  bonusWords(state, args) {
    const bonus = { ...args, count: number(state.bonus) };
    // TRANSLATORS: a move the rules grant with no roll; {count} is how far it goes (Parchís: 20 after a capture, 10 on reaching the goal)
    if (state.forced_pass) return t("{player} has a bonus of {count}, but no piece can move it: it is lost", bonus);
    // TRANSLATORS: a move the rules grant with no roll; {count} is how far any of your pieces goes
    return this.page.mine() ? t("{player}, a bonus of {count}: move any piece {count}", bonus) : t("{player} moves a bonus of {count}", bonus);
  }

  showChoice() {
    if (!this.page.state || this.page.replay) return;
    this.showStatus();
    const myMove = this.page.mine() && this.page.shown().phase === "move" && !this.page.pending && !this.page.shown().forced_pass;
    const myRoll = this.page.mine() && this.page.shown().phase !== "move" && !this.page.pending;
    const settled = !this.page.queue.length;
    this.page.setAwait(this.page.shown().phase === "over" ? "over" : settled && myMove ? "move" : settled && myRoll ? "roll" : "none");
    this.page.passButton.hidden = !(this.page.awaiting === "move" && this.page.shown().can_pass);
    this.page.board.clearMarks();
    // after a pop the focus goes to the first piece that can move (not 22 presses of Tab away),
    // unless the person is typing somewhere
    const typing = document.activeElement && document.activeElement.closest("input, select, textarea");
    if (this.popped && this.page.awaiting !== "none") {
      if (this.page.awaiting === "move" && !typing) this.page.board.refocus = true;
      this.popped = false;
    }
    this.listed = [];
    this.page.movesHint.hidden = !this.page.you.length;  // how to move: for players, not watchers
    if (this.page.awaiting !== "move") {
      fill(this.page.movesEl, h("li", { class: "hint" }, this.idleText()));
      this.page.movesCard.hidden = this.page.shown().phase === "over";
      return;
    }
    this.page.movesCard.hidden = false;
    const k = this.selection.prefix.length;
    const candidates = this.candidates();
    const stepping = candidates.filter((m) => m.steps[k]);
    if (this.selection.from) {
      this.page.board.mark([this.selection.from], "chosen");
      const leaving = stepping.filter((m) => m.steps[k].from === this.selection.from);
      this.page.board.mark(unique(leaving.map((m) => m.steps[k].to)), "to", (spot) => {
        const ending = leaving.filter((m) => m.steps[k].to === spot);
        // TRANSLATORS: a place a piece can go, as a button on the board; {where} is e.g. "to outer 7"
        return ending.length === 1 ? say(ending[0].said) : t("Move {where}", { where: say(ending[0].steps[k].to_words) });
      }, leaving.length && leaving[0].piece ? leaving[0].piece.colour : null);
    } else {
      this.page.board.mark(unique(stepping.map((m) => m.steps[k].from)), "from", (spot) => this.canMove(spot, stepping.filter((m) => m.steps[k].from === spot)));
    }
    // passing is offered apart, at the card's foot (game.js): never where a second tap lands
    this.listed = this.offered().filter((move) => !move.pass);
    fill(this.page.movesEl, ...this.listed.map((move, i) =>
      h("li", { class: this.page.advice.suggested(move) ? "suggested" : "" },
        // the notation stays a tooltip away, for those who want it
        h("button", { type: "button", title: move.text, dataset: { move: move.text }, onclick: (/** @type {Event} */ event) => this.pressMove(move, /** @type {HTMLElement} */ (event.currentTarget)),
          // a touch screen's emulated pointer leaves a button as it grows: taps alone show it there
          onmouseenter: TOUCH ? null : () => this.page.board.preview(move), onmouseleave: TOUCH ? null : () => this.page.board.preview(null),
          onfocus: () => this.page.board.preview(move), onblur: (/** @type {Event} */ event) => this.leaveMove(/** @type {HTMLElement} */ (event.currentTarget)) },
          h("span", { class: "key" }, KEYS[i] || ""), " ", say(move.said),
          // TRANSLATORS: a star's tooltip, on the move the expert suggests
          this.page.advice.suggested(move) ? h("span", { class: "star", title: t("the hint") }, " ★") : null))));
    this.page.hintButton.disabled = this.page.awaiting !== "move";
    this.moveIfOnlyOne();
  }

  /** A piece that can move, as its button on the board says it: "Red cone on START, can move
   * to X 3 or to outer 5".
   * @param {string} spot where it stands
   * @param {Move[]} leaving the moves whose next step leaves it
   */
  canMove(spot, leaving) {
    const k = this.selection.prefix.length;
    const colour = /** @type {{ colour: string }} */ (leaving[0].piece).colour;
    const piece = this.page.shown().pieces.find((p) => p.spot === spot && p.colour === colour);
    const where = eitherOf(unique(leaving.map((m) => say(m.steps[k].to_words))));
    // TRANSLATORS: a piece as its button on the board says it; {piece} is e.g. "Red cone on
    // START", {where} e.g. "to X 3 or to outer 5"
    return t("{piece}, can move {where}", { piece: piece ? say(piece.words) : colourName(colour), where });
  }

  /** A listed move pressed: played, but on a touch screen, where nothing points at it first,
   * the first tap shows it on the board (its route, and where it ends by name) and a second
   * tap on it plays it.
   * @param {Move} move
   * @param {HTMLElement} button
   */
  pressMove(move, button) {
    if (!TOUCH || button.dataset.previewed) {
      this.sendMove(move);
      return;
    }
    for (const shown of this.page.movesEl.querySelectorAll("[data-previewed]")) this.leaveMove(/** @type {HTMLElement} */ (shown));
    button.dataset.previewed = "1";
    // TRANSLATORS: after a move's button is tapped once: a second tap plays it
    button.append(h("span", { class: "again" }, " · ", t("tap again to play")));
    this.page.board.preview(move);
  }

  /** A listed move's button left: the move no longer shown on the board.
   * @param {HTMLElement} button
   */
  leaveMove(button) {
    this.page.board.preview(null);
    delete button.dataset.previewed;
    for (const again of button.querySelectorAll(".again")) again.remove();
  }

  /** With "move by itself" on, a choice of one is made for the player after a short look:
   * one move and passing count as one move, unless the player counts passing as a choice. */
  moveIfOnlyOne() {
    const moves = this.page.shown().moves;
    const playing = moves.filter((move) => !move.pass);
    const passing = playing.length < moves.length && this.page.passChoiceBox.checked;
    const only = playing.length === 1 && !passing ? playing[0] : null;
    if (!this.page.autoBox.checked || !only || this.selection.prefix.length) return;
    const seq = this.page.shown().seq;
    setTimeout(() => { if (this.page.shown().seq === seq && this.page.awaiting === "move") this.sendMove(only); },
      Math.max(300, this.page.timing().pause * 2));
  }

  idleText() {
    // TRANSLATORS: a move or pop sent to the server, not yet answered
    if (this.page.pending) return t("Sent…");
    if (this.page.awaiting === "roll") return TOUCH ? t("Pop first: tap the dome.") : t("Pop first: click the dome or press space.");
    if (!this.page.you.length) return t("You are watching this game.");
    const player = this.page.shown().current ? this.page.called(/** @type {string} */ (this.page.shown().current)) : "";
    return this.page.shown().phase === "move" ? t("{player} is choosing a move…", { player }) : t("Waiting for {player}…", { player });
  }

  /** A spot clicked on the board (or its button pressed): a piece chosen, or where it goes.
   * @param {string} spot
   */
  clickSpot(spot) {
    if (this.page.awaiting !== "move") return;
    const selection = this.selection;
    const k = selection.prefix.length;
    const candidates = this.candidates();
    if (selection.from) {
      const reaching = candidates.filter((m) => m.steps[k] && m.steps[k].from === selection.from && m.steps[k].to === spot);
      if (reaching.length) {
        this.chooseStep(reaching);
        return;
      }
    }
    const leaving = candidates.filter((m) => m.steps[k] && m.steps[k].from === spot);
    if (leaving.length) {
      selection.from = spot;
      selection.to = null;
      if (unique(leaving.map((m) => m.steps[k].to)).length === 1) {
        this.chooseStep(leaving);
        return;
      }
    } else {
      this.restart();
      return;
    }
    this.showChoice();
  }

  /** Forget the steps chosen so far (the pieces go back where they stand). */
  restart() {
    if (this.selection.prefix.length) this.page.board.render(this.page.shown().pieces, 0);
    this.clearSelection();
    this.showChoice();
  }

  /** Moves whose next step goes from the chosen piece to the chosen spot: take that step,
   *  send the move once only one is left, or list them where they still differ.
   * @param {Move[]} moves
   */
  chooseStep(moves) {
    const selection = this.selection;
    const k = selection.prefix.length;
    const keys = unique(moves.map((m) => this.stepKey(m.steps[k])));
    if (keys.length > 1) {
      selection.to = moves[0].steps[k].to; // e.g. one destination both ways round: list them
      this.showChoice();
      return;
    }
    selection.prefix.push(keys[0]);
    selection.from = null;
    selection.to = null;
    const left = this.candidates();
    if (left.length === 1) {
      this.sendMove(left[0]);
      return;
    }
    // show the chosen step on the board while the next one is chosen
    this.page.board.animateMove({ steps: [moves[0].steps[k]], piece: moves[0].piece }, 0);
    this.showChoice();
  }

  /** @param {Move} move */
  sendMove(move) {
    if (this.page.awaiting !== "move" || this.page.pending) return;
    if (this.page.send({ type: "move", move: move.text })) {
      this.page.pending = true;
      this.clearSelection();
      this.showChoice();
    }
  }

  pass() {
    const move = this.page.state && this.page.shown().moves.find((m) => m.pass);
    if (move) this.sendMove(move);
  }

  roll() {
    if (this.page.awaiting !== "roll" || this.page.pending) return;
    if (this.page.send({ type: "roll" })) {
      this.page.pending = true;
      this.popped = true; // its moves, once they come, get the focus
      this.showChoice();
    }
  }
}
