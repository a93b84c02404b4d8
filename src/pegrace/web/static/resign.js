// Resigning: a seat this page holds leaves the game once its person confirms, on the page,
// not in a dialog the browser draws (the server resigns with it the person's other colour,
// where one person plays two; the others play on).

import { t } from "./i18n.js";
import { placeByColour } from "./places.js";
import { colourName, fill, h } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */

export class Resigning {
  /** @param {GamePage} page */
  constructor(page) {
    this.page = page;
    // TRANSLATORS: a button: leave the game for good (the others play on)
    this.button = h("button", { type: "button", id: "resign", hidden: true, onclick: () => this.ask() }, t("Resign"));
    this.card = h("section", { class: "card notice", id: "resign-card", hidden: true });
  }

  /** The seat this page would resign: the one to act if it is this page's, else its first
   * still in the game; none in the roll-off, once the game is over or with no seat here. */
  seat() {
    const state = this.page.state;
    if (!state || state.phase === "over" || state.phase === "rolloff") return null;
    const placed = placeByColour(this.page);
    const playing = this.page.you.filter((colour) => !placed[colour]);
    return playing.includes(state.current || "") ? state.current : playing[0] || null;
  }

  /** The button shown while a seat here can resign; the question gone once it cannot. */
  update() {
    const seat = this.seat();
    this.button.hidden = !seat;
    if (!seat || this.card.dataset.colour !== seat) this.card.hidden = true;
  }

  ask() {
    const colour = this.seat();
    if (!colour) return;
    this.card.dataset.colour = colour;
    const yes = h("button", { type: "button", class: "danger", id: "resign-yes", onclick: () => this.confirm(colour) }, t("Resign"));
    // TRANSLATORS: a button: keep playing (the question to resign is dropped)
    const no = h("button", { type: "button", id: "resign-no", onclick: () => { this.card.hidden = true; } }, t("Keep playing"));
    fill(this.card,
      // TRANSLATORS: {player} is a colour's name ("Red"); asked before a seat leaves the game
      h("p", {}, t("Resign {player}? You leave the game for good; the others play on.", { player: colourName(colour) })),
      h("div", { class: "controls" }, yes, no));
    this.card.hidden = false;
    yes.focus();
  }

  /** @param {string} colour */
  confirm(colour) {
    this.card.hidden = true;
    this.page.send({ type: "resign", colour });
  }
}
