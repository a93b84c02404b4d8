// The after-game review (issue 55): each side's chance of winning over the game as a chart
// (and as a table a screen reader reads), each side's luck and the chance its decisions lost,
// the game's turning points and a side's decisions, each graded. Clicking one shows its
// position on the board with the move played and the expert's best, both routes drawn, and
// why the expert's move is better in the hint's words. The server works it out once a game
// (GET /api/games/ID/review: pegrace/web/heavy.py review_json); numbers are percentage points.

import { number, percent, say, t } from "./i18n.js";
import { sideName } from "./places.js";
import { svg } from "./svg.js";
import { api, chip, fill, h } from "./util.js";

/** What the review route answers (review.py Review.to_json, with reviewing.py's additions):
 * @typedef {import("./messages.js").MoveView} MoveView
 * @typedef {import("./i18n.js").Said} Said
 * @typedef {{ event: number, turn: number, colour: string, played: string, best: string, lost: number,
 *   grade: string, played_move: MoveView, best_move: MoveView, why?: Said }} Decision
 * @typedef {{ side: string, start: number, luck: number, chance_lost: number, chance_lost_mean: number,
 *   decision_count: number, grades: Record<string, number>, decisions: Decision[] }} Side
 * @typedef {{ event: number, colour: string, kind: string, side: string, swing: number, what: string,
 *   shown: number, played_move: MoveView | null }} TurningPoint
 * @typedef {{ seq: number, phase: string, roll: string | null, pieces: import("./messages.js").Piece[],
 *   last: import("./messages.js").LogEntry | null }} Position
 * @typedef {{ sides: Side[], turning_points: TurningPoint[], curve: [number, number[]][],
 *   positions: Record<string, Position>, colours: string[] }} Review
 * @typedef {import("./game.js").GamePage} GamePage
 */

const GRADES = ["good", "doubtful", "mistake", "blunder"]; // review.py GRADES, best first
const TABLE_ROWS = 40; // the chart's table: at most this many steps of the game, evenly apart
const CHART = { width: 600, height: 160 }; // the chart's own units (it stretches to its box)

/** The grade's word (the terminal's review says the same: commands/review.py).
 * @param {string} grade
 */
function gradeWord(grade) {
  // TRANSLATORS: a decision's grade in the after-game review
  return { good: t("good"), doubtful: t("doubtful"), mistake: t("mistake"), blunder: t("blunder") }[grade] || grade;
}

/** Percentage points with their sign and one decimal ("+12.3", "-4.0").
 * @param {number} points
 */
function signed(points) {
  const text = number(points, 1);
  return points > 0 && text !== number(0, 1) ? `+${text}` : text;
}

export class Reviewer {
  /** @param {GamePage} page */
  constructor(page) {
    this.page = page;
    /** @type {Review | null} */
    this.review = null;
    /** @type {HTMLElement | null} */
    this.section = null;
    this.opened = false; // once: the lobby's Review link opens it as the game is shown
    /** @type {HTMLElement | null} where a chosen position's words go */
    this.detail = null;
    /** @type {SVGLineElement | null} the chart's mark of the position shown */
    this.marker = null;
    /** @type {((event: number) => number) | null} an event's place along the chart */
    this.chartX = null;
  }

  /** The review's section under the board, made once, and above it the words of the
   * position shown (right under the board, which shrinks to leave them in view). */
  place() {
    if (!this.section) {
      this.detail = h("section", { class: "card review-detail", id: "review-detail", "aria-live": "polite", hidden: true });
      this.section = h("section", { class: "card review", id: "review", "aria-labelledby": "review-title" });
      this.page.replayEl.after(this.detail, this.section);
    }
    return /** @type {HTMLElement} */ (this.section);
  }

  /** Ask for the review (worked out on the server while a progress line says so) and show it. */
  async start() {
    this.opened = true;
    if (this.page.replay) this.page.replayer.stopReplay();
    this.page.boardEl.querySelector("#trophy")?.remove(); // the win's podium would hide the positions
    const section = this.place();
    section.hidden = false;
    if (!this.review) {
      fill(section, this.heading(), h("p", { class: "hint", id: "review-progress", role: "status" }, t("Reviewing the game...")));
      section.scrollIntoView({ block: "start" });
      try {
        this.review = await api(`/api/games/${encodeURIComponent(this.page.id)}/review`);
      } catch (error) {
        fill(section, this.heading(), h("p", { class: "error", role: "alert" }, error.message));
        return;
      }
    }
    this.show(/** @type {Review} */ (this.review));
    this.page.root.dataset.review = "1";
  }

  heading() {
    // TRANSLATORS: a heading: the after-game review (luck, skill, turning points)
    return h("div", { class: "review-head" }, h("h2", { id: "review-title" }, t("Review")),
      // TRANSLATORS: a button: close the after-game review
      h("button", { type: "button", id: "review-close", onclick: () => this.close() }, t("Close")));
  }

  /** @param {Review} review */
  show(review) {
    fill(this.place(), this.heading(), this.chart(review),
      h("p", { class: "hint" }, t("Choose a turning point or a decision to see it on the board.")),
      this.sides(review), this.turningPoints(review), this.decisions(review));
  }

  // ------------------------------------------------------------------ the chart

  /** Each side's chance of winning over the game: a line each in its colour, and the same
   * numbers as a table (visually hidden: the chart says it to the eye).
   * @param {Review} review
   */
  chart(review) {
    const curve = review.curve;
    const first = curve[0][0];
    const span = Math.max(1, curve[curve.length - 1][0] - first);
    const x = (/** @type {number} */ event) => ((event - first) / span) * CHART.width;
    const y = (/** @type {number} */ chance) => (1 - chance) * CHART.height;
    const picture = svg("svg", { viewBox: `0 0 ${CHART.width} ${CHART.height}`, preserveAspectRatio: "none",
      class: "review-chart", id: "review-chart", "aria-hidden": "true" });
    for (const level of [0.25, 0.5, 0.75]) {
      svg("line", { x1: 0, x2: CHART.width, y1: y(level), y2: y(level), class: "grid" }, picture);
    }
    for (const point of review.turning_points) {
      svg("line", { x1: x(point.shown), x2: x(point.shown), y1: 0, y2: CHART.height, class: "turning" }, picture);
    }
    review.sides.forEach((side, index) => {
      const points = curve.map(([event, chances]) => `${x(event).toFixed(1)},${y(chances[index]).toFixed(1)}`).join(" ");
      svg("polyline", { points, class: `side c-${side.side.split("+")[0]}`, "data-side": side.side }, picture);
    });
    this.marker = svg("line", { x1: 0, x2: 0, y1: 0, y2: CHART.height, class: "now", visibility: "hidden" }, picture);
    this.chartX = x;
    const legend = h("p", { class: "review-legend" }, review.sides.map((side) => this.sideChips(side.side)));
    // TRANSLATORS: the after-game review's chart: each side's chance of winning, step by step
    const caption = t("Each side's chance of winning over the game");
    return h("figure", { class: "review-figure" },
      h("div", { class: "review-axis" }, h("span", {}, percent(1)), h("span", {}, percent(0.5)), h("span", {}, percent(0))),
      picture, h("figcaption", {}, caption, legend), this.table(review, caption));
  }

  /** The chart's numbers as a table: a row per step (at most TABLE_ROWS, evenly apart, the
   * last always), a column per side.
   * @param {Review} review
   * @param {string} caption
   */
  table(review, caption) {
    const curve = review.curve;
    const every = Math.ceil(curve.length / TABLE_ROWS);
    const rows = curve.filter((_, i) => i % every === 0 || i === curve.length - 1);
    return h("table", { class: "sr-only", id: "review-table" },
      h("caption", {}, caption),
      // TRANSLATORS: the column of the review's table numbering the game's steps (each roll or move)
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Step")),
        review.sides.map((side) => h("th", { scope: "col" }, sideName(this.page, side.side))))),
      h("tbody", {}, rows.map(([event, chances]) => h("tr", {}, h("th", { scope: "row" }, number(event)),
        chances.map((chance) => h("td", {}, percent(chance)))))));
  }

  /** @param {string} side a side's name ("red", "red+green") */
  sideChips(side) {
    return h("span", { class: "review-side" }, side.split("+").map((c) => chip(c, "")), sideName(this.page, side));
  }

  // ------------------------------------------------------------------ the lists

  /** Per side: its luck, the chance its decisions lost, its decisions and their grades.
   * @param {Review} review
   */
  sides(review) {
    // TRANSLATORS: a heading in the after-game review: what the dice gave and the decisions cost each side
    return h("div", { class: "review-sides" }, h("h3", {}, t("Luck and skill")),
      h("ul", { class: "review-side-list" }, review.sides.map((side) => h("li", { dataset: { side: side.side } },
        this.sideChips(side.side),
        h("dl", {},
          // TRANSLATORS: the after-game review: how much the dice changed a side's chance of winning
          h("dt", {}, t("Luck")), h("dd", {}, t("{points} points", { points: signed(side.luck) })),
          // TRANSLATORS: the after-game review: the chance of winning a side's own decisions lost
          h("dt", {}, t("Chance lost")), h("dd", {}, t("{points} points", { points: number(side.chance_lost, 1) })),
          // TRANSLATORS: the after-game review: a side's decisions (moves chosen among different outcomes)
          h("dt", {}, t("Decisions")), h("dd", {}, number(side.decision_count)),
          GRADES.map((grade) => [h("dt", { class: `grade-${grade}` }, gradeWord(grade)), h("dd", {}, number(side.grades[grade] || 0))]))))));
  }

  /** The game's turning points, each a button that shows it.
   * @param {Review} review
   */
  turningPoints(review) {
    // TRANSLATORS: a heading in the after-game review: the largest swings of the game
    return h("div", { class: "review-points" }, h("h3", {}, t("Turning points")),
      h("ol", { id: "review-turning", class: "review-list" }, review.turning_points.map((point) => {
        const position = review.positions[String(point.shown)];
        const rolled = point.kind === "roll" && position && position.last && position.seq === point.event + 1;
        const what = rolled ? say(/** @type {any} */ (position.last).said) : "";
        const move = point.played_move ? say(point.played_move.said) : "";
        const words = [what, move].filter(Boolean).join(" · ");
        // TRANSLATORS: a turning point of the after-game review: the side it hit and by how much ("Red: -13.7 points")
        const swing = t("{side}: {points} points", { side: sideName(this.page, point.side), points: signed(point.swing) });
        return h("li", {}, h("button", { type: "button", class: "review-item", dataset: { event: point.shown, kind: point.kind },
          onclick: () => this.showTurningPoint(point) }, chip(point.colour, ""), " ", words, " · ", h("strong", {}, swing)));
      })));
  }

  /** A side's decisions (yours where this page holds a seat), each a button with its grade;
   * a menu lists another side's.
   * @param {Review} review
   */
  decisions(review) {
    const mine = review.sides.find((side) => side.side.split("+").some((c) => this.page.you.includes(c)));
    const list = h("ol", { id: "review-decisions", class: "review-list" });
    /** @param {Side} side */
    const listOf = (side) => fill(list, side.decisions.map((decision) => h("li", {},
      h("button", { type: "button", class: `review-item grade-${decision.grade}`, dataset: { event: decision.event, grade: decision.grade },
        onclick: () => this.showDecision(decision) },
      // TRANSLATORS: a decision in the after-game review: its turn, the move in words, its grade
      t("Turn {turn}: {move}", { turn: number(decision.turn), move: say(decision.played_move.said) }), " · ",
      h("strong", { class: "grade" }, gradeWord(decision.grade))))));
    const shown = mine || review.sides[0];
    listOf(shown);
    const menu = h("select", { id: "review-side", onchange: () => listOf(review.sides[Number(menu.value)]) },
      review.sides.map((side, i) => h("option", { value: i, selected: side === shown }, sideName(this.page, side.side))));
    return h("div", { class: "review-decisions" },
      // TRANSLATORS: a heading in the after-game review: a side's decisions, each graded
      h("h3", {}, mine ? t("Your decisions") : t("Decisions")),
      // TRANSLATORS: the label of the menu choosing whose decisions the after-game review lists
      h("label", {}, t("Whose decisions:"), " ", menu),
      list);
  }

  // ------------------------------------------------------------------ on the board

  /** @param {TurningPoint} point */
  showTurningPoint(point) {
    const review = /** @type {Review} */ (this.review);
    const decision = review.sides.flatMap((side) => side.decisions).find((d) => d.event === point.shown);
    if (decision) this.showDecision(decision);
    else this.showPosition(point.shown, point.played_move, null, null);
  }

  /** @param {Decision} decision */
  showDecision(decision) {
    const same = decision.best === decision.played;
    this.showPosition(decision.event, decision.played_move, same ? null : decision.best_move, decision);
  }

  /** Show the position before event ``event`` on the board with the move played there and the
   * expert's (null: the same, or none judged), their routes drawn, and what the review says.
   * @param {number} event
   * @param {MoveView | null} played
   * @param {MoveView | null} best
   * @param {Decision | null} decision
   */
  showPosition(event, played, best, decision) {
    const review = /** @type {Review} */ (this.review);
    const position = review.positions[String(event)];
    const board = this.page.board;
    board.render(position.pieces, 0);
    board.setDice(position.roll ? this.page.rollOf(position.roll, "roll") : null);
    board.clearMarks();
    board.trace(null);
    board.preview(null);
    if (played) board.drawRoute(played, "review-played", 6, board.markLayer);
    if (best) board.drawRoute(best, "review-best", 14, board.markLayer);
    this.page.root.dataset.reviewEvent = String(event);
    if (this.marker && this.chartX) {
      this.marker.setAttribute("x1", String(this.chartX(event)));
      this.marker.setAttribute("x2", String(this.chartX(event)));
      this.marker.setAttribute("visibility", "visible");
    }
    for (const item of this.place().querySelectorAll(".review-item[aria-current]")) item.removeAttribute("aria-current");
    for (const item of this.place().querySelectorAll(`.review-item[data-event="${event}"]`)) item.setAttribute("aria-current", "true");
    const detail = /** @type {HTMLElement} */ (this.detail);
    fill(detail, this.explained(position, played, best, decision));
    detail.hidden = false;
    this.page.boardEl.scrollIntoView({ block: "start" });
  }

  /** What the review says of a position: the roll, the move played and the expert's (each
   * beside its route's sample, the legend), the grade and why.
   * @param {Position} position
   * @param {MoveView | null} played
   * @param {MoveView | null} best
   * @param {Decision | null} decision
   */
  explained(position, played, best, decision) {
    /** @param {string} css */
    const sample = (css) => {
      const line = svg("svg", { viewBox: "0 0 40 10", class: "route-sample", "aria-hidden": "true" });
      svg("line", { x1: 2, y1: 5, x2: 38, y2: 5, class: css }, line);
      return line;
    };
    return [
      decision ? h("h2", {}, t("Turn {turn}", { turn: number(decision.turn) })) : null,
      position.last ? h("p", { class: "hint" }, say(position.last.said)) : null,
      played ? h("p", { class: "legend-played" }, sample("review-played"),
        // TRANSLATORS: the after-game review's legend: the move played (its route drawn on the board)
        h("span", {}, t("Move played: {move}", { move: say(played.said) }))) : null,
      best ? h("p", { class: "legend-best" }, sample("review-best"),
        // TRANSLATORS: the after-game review's legend: the expert's best move (its route drawn on the board)
        h("span", {}, t("The expert's move: {move}", { move: say(best.said) }))) : null,
      decision && !best ? h("p", {}, t("The expert would have played it too.")) : null,
      decision ? h("p", { class: `grade-${decision.grade}` }, h("strong", {}, gradeWord(decision.grade)), " · ",
        // TRANSLATORS: the after-game review: the chance of winning a decision lost, in percentage points
        t("{points} points of the chance to win lost", { points: number(decision.lost, 1) })) : null,
      // TRANSLATORS: the after-game review: why the expert's move is better, in the hint's words
      decision && decision.why ? h("p", { id: "review-why" }, t("Why: {why}", { why: say(decision.why) })) : null,
    ];
  }

  /** Put the game's last position back and hide the review (kept for a second look). */
  close() {
    if (this.section) this.section.hidden = true;
    if (this.detail) this.detail.hidden = true;
    delete this.page.root.dataset.review;
    delete this.page.root.dataset.reviewEvent;
    this.page.board.clearMarks();
    this.page.board.render(this.page.shown().pieces, 0);
  }
}
