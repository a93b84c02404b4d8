// The end of a game: the final places with their medals (those not played for said once, by
// the reason the game stopped), the headline that says who won and where you finished, your
// best moment (moments.js), the celebration as it ends before your eyes and the rematch. How
// it ends for whoever is at the page (#end's data-outcome): "win" (a trophy and the podium
// over the board, a big burst in your colours and the fanfare), "loss" (the places and your
// best moment, the winner's colours in a small burst) or "watch" (no seat of one side here:
// the places, the small burst and a short tune).

import { number, ordinal, say, t, tn } from "./i18n.js";
import { bestMoment, momentWords } from "./moments.js";
import { listed, medal, placedSaid, sideName } from "./places.js";
import { Reviewer } from "./review.js";
import { svg } from "./svg.js";
import { api, capitalise, chip, fill, h, saveTokens } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */
/** @typedef {import("./game.js").Outcome} Outcome */

const FANFARE = [392, 523, 659, 784, 659, 784, 1047]; // a win's, Hz, a note each 0.13 s
const TUNE = [523, 659, 784, 1047]; // a watcher's short one
const NO_OUTCOME = /** @type {Outcome} */ ({ places: {}, winners: [], reason: "", turns: 0, unplayed: [], ranked_by: null });
// a trophy cup, drawn (an emoji's cup is not in every font): the bowl, its handles, the stem
// and the plinth (in the winner's colour, style.css)
const CUP = [
  ["path", { class: "bowl", d: "M30 14h60v22c0 22-13 38-30 38S30 58 30 36z" }],
  ["path", { class: "handle", d: "M30 22H16c0 18 8 28 18 30M90 22h14c0 18-8 28-18 30" }],
  ["path", { class: "stem", d: "M54 72h12v16H54z" }],
  ["path", { class: "plinth", d: "M38 88h44l4 14H34z" }],
];

/** The trophy's cup, as an SVG picture (hidden from screen readers: the words say it). */
function cup() {
  const picture = svg("svg", { viewBox: "0 0 120 110", class: "cup", "aria-hidden": "true" });
  for (const [tag, attrs] of CUP) svg(/** @type {string} */ (tag), /** @type {Record<string, string>} */ (attrs), picture);
  return picture;
}

/** Why a game ended, in the page's language: the core says it in English (a record's words),
 * each reason a message id (marked in pegrace/terminal_words.py), but the turn limits that
 * name their number.
 * @param {string} reason
 */
function reasonWords(reason) {
  const limit = reason.match(/^turn limit (?:of (\d+)|\((\d+) turns\)) reached$/);
  // TRANSLATORS: why a game ended: the rules' most turns ({turns}) were played
  if (limit) return t("turn limit of {turns} reached", { turns: number(Number(limit[1] || limit[2])) });
  return t(reason);
}

export class End {
  /** @param {GamePage} page */
  constructor(page) {
    this.page = page;
    this.reviewer = new Reviewer(page);
  }

  /** The outcome shown (an empty one where the server sent none). */
  outcome() {
    return this.page.shown().outcome || NO_OUTCOME;
  }

  /** The one side whose seats this page holds, with its place; null for a watcher (or one
   * person playing every side at one screen).
   * @returns {[string, number] | null}
   */
  yourSide() {
    const places = Object.entries(this.outcome().places);
    const yours = places.filter(([side]) => side.split("+").some((c) => this.page.you.includes(c)));
    return yours.length === 1 && places.length >= 2 ? yours[0] : null;
  }

  /** How the game ended for whoever is at this page: "win", "loss" or "watch". */
  verdict() {
    const yours = this.yourSide();
    return !yours ? "watch" : yours[1] === 1 ? "win" : "loss";
  }

  /** The final places, once the game is over (hidden until then), with the rematch. */
  showEnd() {
    const state = this.page.state;
    const over = state && state.phase === "over";
    this.page.endEl.hidden = !over;
    this.page.replayButton.disabled = !over;
    if (!over) return;
    const outcome = this.outcome();
    this.page.endEl.dataset.outcome = this.verdict();
    fill(this.page.endEl,
      h("h2", {}, t("Final places")),
      this.placesList(outcome),
      this.stopped(outcome),
      this.verdict() === "watch" ? null : this.moment(),
      h("div", { class: "controls" },
        // TRANSLATORS: a button: the same game again, with new dice
        h("button", { class: "primary big", type: "button", id: "rematch", onclick: () => this.rematch() }, state.rematch ? t("Join the rematch") : t("Rematch")),
        h("button", { type: "button", onclick: () => this.page.replayer.startReplay() }, t("Replay")),
        // TRANSLATORS: a button: the after-game review (luck, skill, the turning points)
        h("button", { type: "button", id: "review-open", onclick: () => this.reviewer.start() }, t("Review")),
        h("a", { href: "/" }, t("New game"))));
    // the lobby's Review link (?review=1) opens it once the finished game is shown
    if (!this.reviewer.opened && new URLSearchParams(location.search).get("review") === "1") this.reviewer.start();
  }

  /** Every side by its place, with its medal (a place not played for: marked, said once).
   * @param {Outcome} outcome
   */
  placesList(outcome) {
    const places = Object.entries(outcome.places).sort((a, b) => a[1] - b[1]);
    const unplayed = outcome.unplayed || [];
    return h("ol", { id: "places" }, places.map(([side, place]) =>
      h("li", { value: place, class: unplayed.includes(side) ? "unplayed" : null, dataset: { place, side } },
        medal(place),
        side.split("+").map((c) => chip(c, this.page.you.includes(c) ? t("{player} (you)", { player: this.page.called(c) }) : this.page.called(c))),
        // TRANSLATORS: beside the side in first place, in the final places
        place === 1 ? h("strong", { class: "winner" }, " ", t("winner")) : "",
        unplayed.includes(side) ? h("span", { class: "unplayed-mark", "aria-hidden": "true" }, " *") : "")));
  }

  /** Why the game stopped, once: "First place decided: the other places (*) are ranked by
   * how far their pieces got" where places were not played for, else the reason alone.
   * @param {Outcome} outcome
   */
  stopped(outcome) {
    if (!outcome.reason) return null;
    const unplayed = outcome.unplayed || [];
    const reason = capitalise(reasonWords(outcome.reason));
    if (!unplayed.length) return h("p", { class: "hint", id: "reason" }, reason);
    const args = { reason, measure: say(outcome.ranked_by) };
    return h("p", { class: "hint", id: "unplayed" }, unplayed.length < Object.keys(outcome.places).length
      // TRANSLATORS: why a game stopped ({reason}: "First place decided"), and how the places
      // not played for (marked *) are ranked ({measure}: "how far their pieces got")
      ? t("{reason}: the other places (*) are ranked by {measure}.", args)
      // TRANSLATORS: why a game stopped ({reason}), and how its places (marked *) are ranked
      // ({measure}: "how far their pieces got")
      : t("{reason}: the places (*) are ranked by {measure}.", args));
  }

  /** Your best moment of the game, from the log (moments.js); null where it had none. */
  moment() {
    const found = bestMoment(this.page.log, this.page.you);
    if (!found) return null;
    const first = found.entries[0];
    const words = momentWords(found, (entry) => say(entry.said) + placedSaid(this.page, entry));
    // TRANSLATORS: the move of yours the end of a game recalls follows, in words
    const line = h("p", { id: "best-moment", dataset: { kind: found.kind, seq: first.seq } }, h("strong", {}, t("Your best moment:")), " ", words);
    if (found.kind !== "turn" && first.steps && first.steps.length) {
      line.addEventListener("mouseenter", () => this.page.board.preview(first));
      line.addEventListener("mouseleave", () => this.page.board.preview(null));
    }
    return line;
  }

  /** The end in one line: who won, and where you finished ("Yellow wins! You finished 4th";
   * "You're ranked 4th" where that place was not played for). */
  headline() {
    const outcome = this.outcome();
    const winners = Object.entries(outcome.places).filter(([, place]) => place === 1).map(([side]) => side);
    if (!winners.length) return t("Game over");
    const people = winners.flatMap((side) => side.split("+")).length;
    // TRANSLATORS: {winners} are the winners' names ("Red", "Red and Green"); the count is how many
    const said = tn("{winners} wins!", "{winners} win!", people, { winners: listed(winners.map((side) => sideName(this.page, side))) });
    const yours = this.yourSide();
    if (!yours) return said;
    const [side, place] = yours;
    // TRANSLATORS: {side} is your name or colour (or your team's)
    if (place === 1) return t("You win! ({side})", { side: sideName(this.page, side) });
    const ranked = (outcome.unplayed || []).includes(side);
    // TRANSLATORS: your place at the end ("4th"), one not played for but ranked (by how far
    // your pieces got), or one you finished in
    const where = ranked ? t("You're ranked {place}", { place: ordinal(place) }) : t("You finished {place}", { place: ordinal(place) });
    return `${said} ${where}`;
  }

  /** The celebration as a game ends before your eyes (none of its motion where the system
   * asks for reduced motion; its sound only with the sound on): a win's trophy, big burst
   * and fanfare; otherwise the winner's colours in a small burst, and for a watcher a tune. */
  celebrate() {
    const verdict = this.verdict();
    const root = this.page.root;
    root.dataset.celebrated = String(Number(root.dataset.celebrated || 0) + 1);
    this.page.endEl.classList.add("celebrate");
    if (verdict === "win") this.showTrophy();
    const yours = this.yourSide();
    const colours = verdict === "win" && yours ? yours[0].split("+") : this.winnerColours();
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!still && this.page.board) this.page.board.burst(colours, verdict === "win" ? 140 : 36, verdict === "win" ? 2.6 : 1.4);
    const notes = verdict === "win" ? FANFARE : verdict === "watch" ? TUNE : [];
    if (!this.page.soundBox.checked || !notes.length) return;
    root.dataset.fanfare = String(Number(root.dataset.fanfare || 0) + notes.length);
    this.page.tones(notes, 0.13);
  }

  winnerColours() {
    return Object.entries(this.outcome().places).filter(([, place]) => place === 1).flatMap(([side]) => side.split("+"));
  }

  /** A win's trophy and podium over the board (the first three places), until it is
   * clicked or a replay begins. */
  showTrophy() {
    const yours = /** @type {[string, number]} */ (this.yourSide());
    const podium = Object.entries(this.outcome().places).filter(([, place]) => place <= 3).sort((a, b) => a[1] - b[1]);
    const trophy = h("div", { class: `trophy c-${yours[0].split("+")[0]}`, id: "trophy", dataset: { outcome: "win", side: yours[0] } },
      cup(),
      h("p", { class: "trophy-words" }, ...yours[0].split("+").map((c) => chip(c, "")), " ", this.headline()),
      h("ol", { class: "podium" }, podium.map(([side, place]) =>
        h("li", { class: "step", dataset: { place, side } }, medal(place),
          side.split("+").map((c) => chip(c, sideName(this.page, c)))))),
      h("button", { type: "button", id: "trophy-close" }, t("Close")));
    trophy.addEventListener("click", () => trophy.remove());
    const old = this.page.boardEl.querySelector("#trophy");
    if (old) old.remove();
    this.page.boardEl.append(trophy);
  }

  /** The same game again with new dice (or the rematch another player began): go to it. */
  async rematch() {
    try {
      /** @type {import("./util.js").Created} */
      const answer = await api(`/api/games/${encodeURIComponent(this.page.id)}/rematch`, { tokens: Object.values(this.page.tokens) });
      saveTokens(answer.id, answer.tokens);
      location.assign(answer.url);
    } catch (error) {
      this.page.toast(error.message);
    }
  }
}
