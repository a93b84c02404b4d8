// A game's guided first game, "/learn/GAME": the lesson's steps one at a time. Everything
// comes from /api/lessons/GAME (pegrace/web/lessons.py, from the script pegrace.lessons plays
// through the engine): the board's layout, the pieces at each moment, the words, every move
// to choose from with where it leads, which the step asks for and why another is not it. The
// page decides nothing: it shows a step, lets the learner pop (a step with no roll, a bonus move,
// offers its moves at once), highlights what to touch, and plays the chosen move or says why it
// is not the lesson's.
//
// For tests and assistive tools the root element says what the page waits for in
// data-await ("pop", "move" or "over") and the step shown in data-step.

import { Board, parseRoll } from "./board.js";
import { say, t } from "./i18n.js";
import { api, fill, h } from "./util.js";

/** What /api/lessons/GAME answers:
 * @typedef {import("./i18n.js").Said} Said
 * @typedef {import("./messages.js").Piece} Piece
 * @typedef {import("./messages.js").Layout} Layout
 * @typedef {import("./messages.js").MoveView & { expected: boolean, why: Said | null, told: Said,
 *   after: Piece[] }} LessonMove a move to choose from, and whether the step asks for it
 * @typedef {{ colour: string, roll: string | null, said: Said | null, pieces: Piece[] }} OtherTurn
 *   another colour's turn, played by the script (roll null: a bonus move)
 * @typedef {{ number: number, others: OtherTurn[], before: Said | null, start: Piece[],
 *   roll: string | null, words: Said, moves: LessonMove[], highlight: string[] }} LessonStep
 *   (roll null: a bonus move, played with no pop)
 * @typedef {{ game: string, title: string, learner: string, layout: Layout, welcome: Said | null,
 *   end: Said, steps: LessonStep[] }} LessonData
 */

/** The address of a game's lesson.
 * @param {string} gameName
 */
export function learnHref(gameName) {
  return `/learn/${encodeURIComponent(gameName)}`;
}

/** The lesson page of the game ``name``.
 * @param {HTMLElement} root
 * @param {string} name
 */
export async function showLesson(root, name) {
  /** @type {LessonData} */
  let data;
  try {
    data = await api(`/api/lessons/${encodeURIComponent(name)}`);
  } catch (error) {
    fill(root, h("p", { class: "error", role: "alert" }, /** @type {Error} */ (error).message));
    return;
  }
  new Lesson(root, data).showStep(0);
}

const HOP_MS = 120; // a moved piece's glide

class Lesson {
  /**
   * @param {HTMLElement} root
   * @param {LessonData} data
   */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.index = 0;
    const title = t(data.title);
    // TRANSLATORS: the heading of a game's guided first game; {game} is its title
    const heading = t("Learn to play {game}", { game: title });
    document.title = `${heading} – pegrace`;
    const where = document.getElementById("where");
    if (where) where.textContent = heading;
    const boardEl = h("div", { class: "board-wrap" });
    this.progressEl = h("p", { id: "learn-progress", class: "hint" });
    this.storyEl = h("div", { id: "learn-story" });
    this.wordsEl = h("p", { id: "learn-words", class: "learn-words" });
    // a wrong move's explanation, read out as it comes
    this.feedbackEl = h("p", { id: "learn-feedback", class: "learn-feedback", role: "status", "aria-live": "polite" });
    this.popButton = h("button", { type: "button", id: "learn-pop", class: "primary", onclick: () => this.pop() },
      // TRANSLATORS: a button: roll the dice (press the Pop-O-Matic dome)
      t("Pop"));
    // TRANSLATORS: the list of moves the learner may choose from, read out
    this.movesEl = h("div", { id: "learn-moves", class: "learn-moves", role: "group", "aria-label": t("Your moves") });
    this.endEl = h("div", { id: "learn-end", hidden: true });
    fill(root, h("article", { class: "learn", id: "learn", dataset: { game: data.game } },
      h("h1", {}, heading),
      h("div", { class: "learn-body" },
        boardEl,
        h("div", { class: "learn-text" },
          this.progressEl,
          this.storyEl, this.wordsEl, this.popButton, this.movesEl, this.feedbackEl, this.endEl))));
    this.board = new Board(boardEl, data.layout);
    this.board.onDome = () => this.pop();
    this.board.onSpot = (spot) => this.touched(spot);
  }

  /** @returns {LessonStep} */
  get step() {
    return this.data.steps[this.index];
  }

  /** The step ``index``: what the others did, the board before the learner pops (its
   * pieces gliding there for ``ms``).
   * @param {number} index
   * @param {number} [ms]
   */
  showStep(index, ms = 0) {
    this.index = index;
    const step = this.step;
    // TRANSLATORS: a lesson's step and how many it has ("Step 2 of 6")
    this.progressEl.textContent = t("Step {step} of {steps}", { step: step.number, steps: this.data.steps.length });
    const story = step.others.filter((o) => o.said).map((o) => h("p", { class: `told c-${o.colour}` }, say(/** @type {Said} */ (o.said))));
    if (step.before) story.push(h("p", {}, say(step.before)));
    if (index === 0 && this.data.welcome) story.unshift(h("p", { class: "learn-welcome" }, say(this.data.welcome)));
    fill(this.storyEl, story);
    this.board.clearMarks();
    this.board.render(step.start, ms);
    this.board.setDice(null);
    this.board.setDomeActive(true);
    // TRANSLATORS: what the learner does first in each step of a lesson
    this.wordsEl.textContent = t("Pop the dome to roll.");
    this.feedbackEl.textContent = "";
    this.movesEl.replaceChildren();
    this.popButton.hidden = false;
    this.root.dataset.step = String(step.number);
    this.root.dataset.await = "pop";
    if (step.roll === null) this.offer(); // a bonus move: no pop
  }

  pop() {
    const roll = this.step.roll;
    if (this.root.dataset.await !== "pop" || roll === null) return;
    this.board.setDice(parseRoll(roll, this.data.layout.game === "headache"));
    this.offer();
  }

  /** The step's words and its moves to choose from, once popped (at once for a bonus move). */
  offer() {
    const step = this.step;
    this.board.setDomeActive(false);
    this.popButton.hidden = true;
    this.wordsEl.textContent = say(step.words);
    // what to touch: the lesson's piece and where it goes, on the board and in the list
    this.board.mark(step.highlight, "chosen");
    const from = step.moves.filter((m) => m.from).map((m) => /** @type {string} */ (m.from));
    this.board.mark([...new Set(from)], "from");
    // TRANSLATORS: read out after the move a lesson's step asks for, in the list of moves
    const suggested = t("the lesson's move");
    fill(this.movesEl, step.moves.map((move) => h("button", {
      type: "button",
      class: move.expected ? "learn-move suggested" : "learn-move",
      dataset: { move: move.text },
      onclick: () => this.choose(move),
    }, say(move.said), move.expected ? h("span", { class: "sr-only" }, " – ", suggested) : null)));
    this.root.dataset.await = "move";
    const first = /** @type {HTMLElement | null} */ (this.movesEl.querySelector(".suggested"));
    if (first) first.focus();
  }

  /** A piece or place touched on the board: the lesson's move from it if there is one,
   * else the first move from it (explained if it is not the lesson's).
   * @param {string} spot
   */
  touched(spot) {
    if (this.root.dataset.await !== "move") return;
    const moves = this.step.moves.filter((m) => m.from === spot || m.to === spot);
    const chosen = moves.find((m) => m.expected) || moves[0];
    if (chosen) this.choose(chosen);
  }

  /** @param {LessonMove} move */
  choose(move) {
    if (this.root.dataset.await !== "move") return;
    if (!move.expected) {
      this.feedbackEl.textContent = say(/** @type {Said} */ (move.why));
      return;
    }
    this.board.clearMarks();
    if (this.index + 1 < this.data.steps.length) {
      this.showStep(this.index + 1, HOP_MS);
      this.storyEl.prepend(h("p", { class: "told you" }, say(move.told)));
    } else {
      this.board.render(move.after, HOP_MS);
      this.feedbackEl.textContent = say(move.told);
      this.finish();
    }
  }

  finish() {
    this.root.dataset.await = "over";
    this.movesEl.replaceChildren();
    this.wordsEl.textContent = say(this.data.end);
    const setup = `/?game=${encodeURIComponent(this.data.game)}`;
    fill(this.endEl,
      // TRANSLATORS: the button at the end of a lesson: to the new-game page of its game
      h("a", { href: setup, class: "button primary", id: "learn-play" }, t("Now play a real game")),
      " ",
      // TRANSLATORS: a link at the end of a lesson: take it again from the start
      h("button", { type: "button", id: "learn-again", onclick: () => this.again() }, t("Start the lesson again")));
    this.endEl.hidden = false;
    const play = /** @type {HTMLElement} */ (this.endEl.querySelector("#learn-play"));
    play.focus();
  }

  again() {
    this.endEl.hidden = true;
    this.showStep(0);
  }
}
