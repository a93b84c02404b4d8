// The end of a game: the final places (and which were not played for), the headline that
// says who won and where you finished, the celebration as it ends before your eyes, and the
// rematch.

import { api, chip, fill, h, saveTokens } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */
/** @typedef {import("./game.js").Outcome} Outcome */

const ORDINALS = ["", "1st", "2nd", "3rd"];
/** @param {number} n */
const ordinal = (n) => ORDINALS[n] || `${n}th`;

export class End {
  /** @param {GamePage} page */
  constructor(page) {
    this.page = page;
  }

  /** The final places, once the game is over (hidden until then), with the rematch. */
  showEnd() {
    const state = this.page.state;
    const over = state && state.phase === "over";
    this.page.endEl.hidden = !over;
    this.page.replayButton.disabled = !over;
    if (!over) return;
    const outcome = state.outcome || /** @type {Partial<Outcome> & Pick<Outcome, "places">} */ ({ places: {}, winners: [], reason: "" });
    const places = Object.entries(outcome.places).sort((a, b) => a[1] - b[1]);
    const rematchLabel = state.rematch ? "Join the rematch" : "Rematch";
    fill(this.page.endEl,
      h("h2", {}, "Final places"),
      h("ol", { id: "places" }, places.map(([side, place]) =>
        h("li", { value: place }, side.split("+").map((c) => chip(c, this.page.called(c) + (this.page.you.includes(c) ? " (you)" : ""))),
          place === 1 ? h("strong", { class: "winner" }, " winner") : "",
          (outcome.unplayed || []).includes(side) ? h("span", { class: "unplayed" }, " not played out") : ""))),
      (outcome.unplayed || []).length ? h("p", { class: "hint", id: "unplayed" }, `Places marked "not played out" were not played for (${outcome.reason}): they are ranked by ${outcome.ranked_by}.`) : null,
      outcome.reason ? h("p", { class: "hint" }, outcome.reason) : null,
      h("div", { class: "controls" },
        h("button", { class: "primary big", type: "button", id: "rematch", onclick: () => this.rematch() }, rematchLabel),
        h("button", { type: "button", onclick: () => this.page.replayer.startReplay() }, "Replay"),
        h("a", { href: "/" }, "New game")));
  }

  /** The end in one line: who won, and where you finished ("Yellow wins! You finished 4th"). */
  headline() {
    const outcome = this.page.shown().outcome || /** @type {Partial<Outcome> & Pick<Outcome, "places">} */ ({ places: {} });
    const places = Object.entries(outcome.places);
    /** @param {string} side */
    const names = (side) => side.split("+").map((c) => this.page.called(c)).join(" and ");
    const winners = places.filter(([, place]) => place === 1).map(([side]) => side);
    if (!winners.length) return "Game over";
    const one = winners.length === 1 && !winners[0].includes("+");
    const said = `${winners.map(names).join(", ")} ${one ? "wins" : "win"}!`;
    // a seat's player among others (not someone playing every seat at one screen)
    const yours = places.filter(([side]) => side.split("+").some((c) => this.page.you.includes(c)));
    if (yours.length !== 1 || places.length < 2) return said;
    const [side, place] = yours[0];
    if (place === 1) return `You win! (${names(side)})`;
    const unplayed = (outcome.unplayed || []).includes(side) ? " (not played out)" : "";
    return `${said} You finished ${ordinal(place)}${unplayed}`;
  }

  /** A short celebration as a game ends before your eyes: the winner's colours burst from
   * the dome (none where the system asks for reduced motion), and a fanfare if sound is on. */
  celebrate() {
    const outcome = this.page.shown().outcome || /** @type {Partial<Outcome> & Pick<Outcome, "places">} */ ({ places: {} });
    const won = Object.entries(outcome.places).filter(([, place]) => place === 1).flatMap(([side]) => side.split("+"));
    this.page.root.dataset.celebrated = String(Number(this.page.root.dataset.celebrated || 0) + 1);
    this.page.endEl.classList.add("celebrate");
    if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches && this.page.board) this.page.board.burst(won);
    if (this.page.soundBox.checked) this.page.tones([523, 659, 784, 1047], 0.12);
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
