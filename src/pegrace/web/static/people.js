// The people at a game: the players list (names, who is away, open seats with "Take seat" and
// "Copy invite link") with the invite card under it (invite.js), taking a seat from an
// invitation, the name asked of a seat's person, this browser's seats carried to another
// device (a link and its QR code, whose tokens are kept only once the server accepts them),
// and a seat here resigning (resign.js).

import { t, tn } from "./i18n.js";
import { Invite } from "./invite.js";
import { listed, placeBadge, placeByColour, withParts } from "./places.js";
import { onlyHere, qrPicture } from "./qr.js";
import { Resigning } from "./resign.js";
import { api, chip, colourName, colourSet, fill, h, kindName, saveTokens } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */

export class People {
  /** @param {GamePage} page */
  constructor(page) {
    this.page = page;
    /** @type {Record<string, string>} the seat tokens a "continue on another device" link brought */
    this.handed = this.takeHandedSeats();
    /** @type {{ colour: string, token: string, handed: boolean }[] | null} the last hello's tokens */
    this.sent = null;
    this.tokensExplained = false; // a refused handed token: said in the page's words
    /** @type {string | null} the open seat whose invite link was copied */
    this.copied = null;
    this.askName = false; // no name kept in this browser: ask for one
    this.shownSeats = ""; // what the players list shows, to draw it only when it changes
    this.invite = new Invite(page); // the room code, the game's link and its QR code
    this.resigning = new Resigning(page); // a seat here leaving the game
  }

  /** Ask a seat's person for a name shown to the others: only where there are others, people
   * at other seats (or seats still open for them), and only until one is given; and the
   * resign button, which follows the seats too. */
  showNameForm() {
    const others = Object.entries(this.page.seats).some(([colour, seat]) =>
      !this.page.you.includes(colour) && (seat.kind === "human" || seat.kind === "open"));
    this.page.nameEl.hidden = !(this.askName && this.page.you.length && others);
    this.resigning.update();
  }

  saveName() {
    const name = this.page.nameField.value.trim().replace(/\s+/g, " ");
    if (!name) return;
    localStorage.setItem("pegrace:name", name);
    this.askName = false;
    this.page.nameEl.hidden = true;
    this.page.send({ type: "name", name });
  }

  /** The colours that win with yours but are not yours: a Marbles team-mate. */
  partners() {
    const sides = (this.page.layout && this.page.layout.sides) || [];
    return sides.filter((side) => side.some((c) => this.page.you.includes(c))).flat().filter((c) => !this.page.you.includes(c));
  }

  /** What the players list is drawn from, as text: it is drawn again only when this changes. */
  seatsKey() {
    const state = this.page.state;
    return JSON.stringify([this.page.seats, state && state.current, state && state.phase === "over", this.page.watchers, placeByColour(this.page)]);
  }

  showPlayers() {
    if (!this.page.layout) return;
    const state = this.page.state;
    this.shownSeats = this.seatsKey();
    const places = placeByColour(this.page);
    // sides of two colours (Marbles' partners, two sets each) are listed as pairs, side by side
    const teams = this.page.layout.sides.filter((side) => side.length > 1);
    const order = teams.length ? this.page.layout.sides.flat() : this.page.layout.colours;
    fill(this.page.playersEl, ...order.map((colour) => {
      const seat = this.page.seats[colour] || { kind: "?" };
      const yours = this.page.you.includes(colour);
      const parts = [chip(colour, this.seatWords(colour, seat.name)), placeBadge(places[colour]), h("span", { class: "kind" }, kindName(seat.kind))];
      // TRANSLATORS: a player who left the game's page
      if (seat.kind === "human" && !seat.connected && !yours) parts.push(h("span", { class: "offline" }, t("away")));
      if (seat.takeover) parts.push(h("span", { class: "kind" }, "· ", t("computer playing for now")));
      if (seat.kind === "open" && state && state.phase !== "over") {
        const link = `${location.origin}/game/${encodeURIComponent(this.page.id)}?claim=${colour}`;
        // one who plays here already invites to an open seat; one who watches may take it
        if (!this.page.you.length) parts.push(h("button", { type: "button", class: "take", dataset: { colour }, onclick: () => this.claim(colour) }, t("Take seat")));
        parts.push(
          this.copied === colour
            // TRANSLATORS: an invite link, copied to the clipboard
            ? h("span", { class: "copied" }, h("button", { type: "button", class: "invite", dataset: { colour }, onclick: (/** @type {Event} */ e) => this.copyInvite(colour, link, /** @type {Element} */ (e.target)) }, t("Copied!")))
            : h("button", { type: "button", class: "invite", dataset: { colour }, onclick: (/** @type {Event} */ e) => this.copyInvite(colour, link, /** @type {Element} */ (e.target)) }, t("Copy invite link")),
        );
      }
      const turn = state && state.current === colour && state.phase !== "over";
      const team = teams.find((side) => side.includes(colour));
      // TRANSLATORS: {colours} are the colours that play together ("Red & Green")
      if (team && team[0] === colour) parts.unshift(h("div", { class: "team-caption" }, t("Team: {colours}", { colours: colourSet(team) })));
      const classes = [turn ? "turn" : "", team ? "paired" : "", team && team[0] === colour ? "pair-first" : ""].filter(Boolean).join(" ");
      return h("li", { class: classes, dataset: places[colour] ? { colour, place: places[colour] } : { colour } }, parts);
    }));
    const watching = this.page.watchers || 0;
    this.page.watchersEl.hidden = !watching;
    // TRANSLATORS: how many people watch the game
    this.page.watchersEl.textContent = tn("{count} watching", "{count} watching", watching);
    this.page.awayEl.hidden = !this.page.you.some((colour) => this.page.seats[colour] && this.page.seats[colour].takeover);
    const turn = state && state.phase !== "over" ? state.current : null;
    this.page.board.setNames(Object.fromEntries(this.page.layout.colours.map((c) => [c, (this.page.seats[c] || { name: "" }).name || ""])), this.page.you, turn);
    this.invite.show();
  }

  /** A seat in the players list: its person's name and colour ("Ann · Red"), and whose it is.
   * @param {string} colour
   * @param {string | null | undefined} name
   */
  seatWords(colour, name) {
    // TRANSLATORS: a seat in the players list: its person's name and its colour ("Ann · Red")
    const player = name ? t("{name} · {colour}", { name, colour: colourName(colour) }) : colourName(colour);
    // TRANSLATORS: {player} is your seat in the players list ("Ann · Red")
    if (this.page.you.includes(colour)) return t("{player} (you)", { player });
    // TRANSLATORS: {player} is your team-mate's seat in the players list ("Ann · Red")
    if (this.partners().includes(colour)) return t("{player} (your partner)", { player });
    return player;
  }

  /** Copy an open seat's invite link; where the clipboard refuses, show it to be copied.
   * @param {string} colour
   * @param {string} link
   * @param {Element} button the button pressed
   */
  async copyInvite(colour, link, button) {
    try {
      await navigator.clipboard.writeText(link);
      this.copied = colour;
      this.showPlayers();
    } catch {
      const field = h("input", { value: link, readonly: true, class: "invite-link", "aria-label": t("invite link") });
      button.replaceWith(field);
      field.select();
    }
    const local = onlyHere();
    if (local) this.page.toast([t("Copied."), local].join(" "));
  }

  /** Take the open seat ``colour`` (an invitation, "Take seat").
   * @param {string} colour
   */
  async claim(colour) {
    try {
      const answer = await api(`/api/games/${encodeURIComponent(this.page.id)}/claim`, { colour });
      this.page.tokens = saveTokens(this.page.id, answer.tokens);  // two sets: both colours of the side
      this.page.send({ type: "hello", tokens: this.helloTokens() });
    } catch (error) {
      // the English detail tells this refusal apart; the message is in the page's words
      if (String(error.detail || "").includes("is not an open seat")) this.seatTaken(colour);
      else this.page.toast(error.message);
    }
  }

  /** An invitation to a seat someone took first: say so, and offer to watch.
   * @param {string} colour
   */
  seatTaken(colour) {
    const seat = this.page.seats[colour];
    const words = seat && seat.kind.startsWith("computer:")
      // TRANSLATORS: {colour} is a colour's name with its token ("Green"): a seat an invitation offered
      ? t("{colour} was offered in your invitation, but the computer plays it. You can watch this game, or start one of your own.")
      // TRANSLATORS: {colour} is a colour's name with its token ("Green"): a seat an invitation offered
      : t("{colour} was offered in your invitation, but someone took it first. You can watch this game, or start one of your own.");
    fill(this.page.noticeEl,
      h("h2", {}, t("Seat taken")),
      h("p", {}, withParts(words, { colour: chip(colour) })),
      h("div", { class: "controls" },
        // TRANSLATORS: a button: watch the game, without a seat
        h("button", { type: "button", id: "watch", class: "primary", onclick: () => { this.page.noticeEl.hidden = true; } }, t("Watch")),
        h("a", { href: "/" }, t("New game"))));
    this.page.noticeEl.hidden = false;
  }

  /** The seat tokens a "continue on another device" link brought (``#seat=red.TOKEN``),
   * which leave the address bar at once. They are kept only once the server accepts them
   * (keepHandedSeats): a link with a wrong token must not overwrite a seat this browser holds.
   * @returns {Record<string, string>}
   */
  takeHandedSeats() {
    const handed = location.hash.match(/^#seat=([A-Za-z0-9_.,-]+)$/);
    if (!handed) return {};
    history.replaceState(null, "", location.pathname + location.search);
    return Object.fromEntries(handed[1].split(",").map((pair) => pair.split(".")).filter((pair) => pair.length === 2));
  }

  /** The tokens a hello carries: those held, then those a link handed over that differ.
   * @returns {string[]}
   */
  helloTokens() {
    const held = Object.entries(this.page.tokens).map(([colour, token]) => ({ colour, token, handed: false }));
    const handed = Object.entries(this.handed).filter(([colour, token]) => this.page.tokens[colour] !== token)
      .map(([colour, token]) => ({ colour, token, handed: true }));
    this.sent = [...held, ...handed];
    return this.sent.map((entry) => entry.token);
  }

  /** Keep the handed tokens the server accepted (``refused``: the places in the hello of
   * those it did not); say which seats the link could not give.
   * @param {number[]} refused
   */
  keepHandedSeats(refused) {
    if (!this.sent || !this.sent.some((entry) => entry.handed)) return;
    const bad = new Set(refused || []);
    /** @type {Record<string, string>} */
    const accepted = {};
    /** @type {string[]} */
    const lost = [];
    this.sent.forEach((entry, i) => {
      if (!entry.handed) return;
      if (bad.has(i)) lost.push(entry.colour);
      else accepted[entry.colour] = entry.token;
    });
    this.handed = {};
    this.sent = null;
    if (Object.keys(accepted).length) this.page.tokens = saveTokens(this.page.id, accepted);
    if (lost.length) {
      const kept = lost.filter((colour) => this.page.tokens[colour]);
      this.tokensExplained = true;
      const args = { colours: listed(lost.map(colourName)) };
      this.page.toast(kept.length
        // TRANSLATORS: a "continue on another device" link's seats ({colours}: "Red, Blue") this page could not take
        ? tn("The link's seat {colours} was not accepted: you keep the seat you held", "The link's seats {colours} were not accepted: you keep the seats you held", lost.length, args)
        // TRANSLATORS: a "continue on another device" link's seats ({colours}: "Red, Blue") this page could not take
        : tn("The link's seat {colours} was not accepted", "The link's seats {colours} were not accepted", lost.length, args));
    }
  }

  /** The link (and its QR code) that carries this browser's seats to another device. */
  async showHandoff() {
    if (!this.page.handoffEl.hidden) {
      this.page.handoffEl.hidden = true;
      return;
    }
    const pairs = Object.entries(this.page.tokens).filter(([colour]) => this.page.you.includes(colour));
    const link = `${location.origin}/game/${encodeURIComponent(this.page.id)}#seat=${pairs.map(([c, token]) => `${c}.${token}`).join(",")}`;
    const local = onlyHere();
    const field = h("input", { value: link, readonly: true, class: "invite-link", id: "handoff-link", "aria-label": t("link to your seat") });
    fill(this.page.handoffEl,
      h("h2", {}, t("Continue on another device")),
      h("p", {}, t("Open this link (or scan the code) on the other device to play your seat there.")),
      h("p", { class: "error" }, t("It is your seat's secret: whoever opens it can play as you. Send it only to yourself.")),
      local ? h("p", { class: "hint" }, local) : null,
      field,
      h("div", { class: "qr", id: "handoff-qr" }));
    this.page.handoffEl.hidden = false;
    field.select();
    try {
      const code = await api("/api/qr", { text: link });
      fill(this.page.handoffEl.querySelector("#handoff-qr"), qrPicture(code));
    } catch (error) {
      // TRANSLATORS: {reason} says why the server made no QR code of the link
      this.page.toast(t("No QR code: {reason}", { reason: error.message }));
    }
  }

  claimFromLink() {
    const params = new URLSearchParams(location.search);
    const colour = params.get("claim");
    if (!colour) return;
    params.delete("claim");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? `?${rest}` : ""));
    const seat = this.page.seats[colour];
    if (!seat || this.page.you.includes(colour)) return;
    if (seat.kind === "open") this.claim(colour);
    else this.seatTaken(colour);
  }
}
