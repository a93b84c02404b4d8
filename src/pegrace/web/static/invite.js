// The invite card, under the players list: the game's room code, big (anyone who types it on
// this server's front page opens the game), and in a fold the game's link with its QR code,
// Copy and, where the browser can share, Share. Where this page's address works on this
// machine only (127.0.0.1), the link is made of the machine's network address instead (the
// server tells a page on this machine its addresses: /api/addresses), or the card says that
// nobody else can reach the server. The QR code is asked for once the fold is open: a game
// with an open seat opens it, a game without one leaves it folded (the QR codes an address
// may ask for are limited).

import { t } from "./i18n.js";
import { withParts } from "./places.js";
import { onlyHere, pageIsHere, qrPicture } from "./qr.js";
import { api, fill, h } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */
/** What /api/addresses answers (rooms.py): whether the server listens beyond this machine,
 * and the hosts others reach it at ("192.168.1.20", "[fd00::5]"; told to a page on this
 * machine only).
 * @typedef {{ beyond: boolean, hosts: string[] }} Reach
 */

/** A room code as the card shows it, in two halves to read out: "K7M 4QX".
 * @param {string} code
 */
export function codeShown(code) {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

export class Invite {
  /** @param {GamePage} page */
  constructor(page) {
    this.page = page;
    this.card = h("section", { class: "card invite-card", id: "invite-card", hidden: true, "aria-labelledby": "invite-title" });
    this.shown = ""; // what the card shows, to draw it only when that changes
    /** @type {string | null} the link the fold shows (and its QR code), once made */
    this.link = null;
  }

  /** The card as the game is now: hidden for a finished game, or one made before codes. */
  show() {
    const code = this.page.game ? this.page.game.code : null;
    const over = Boolean(this.page.state && this.page.state.phase === "over");
    const open = Object.values(this.page.seats).some((seat) => seat.kind === "open");
    const key = JSON.stringify([code, over, open]);
    if (key === this.shown) return;
    this.shown = key;
    if (!this.card.isConnected) {
      const players = this.page.playersEl.closest("section");
      if (players) players.after(this.card);
    }
    this.card.hidden = !code || over;
    if (code && !over) this.draw(code, open);
  }

  /**
   * @param {string} code
   * @param {boolean} open the game has an open seat: the fold with the link is open
   */
  draw(code, open) {
    const body = h("div", { class: "invite-body", id: "invite-body" });
    /** @type {HTMLDetailsElement} */
    const fold = h("details", { id: "invite-more", open, ontoggle: () => { if (fold.open) this.showLink(code, body); } },
      // TRANSLATORS: a fold of the invite card: the game's link and its QR code
      h("summary", {}, t("Link and QR code")), body);
    fill(this.card,
      // TRANSLATORS: a heading: how others join or watch this game
      h("h2", { id: "invite-title" }, t("Invite")),
      // TRANSLATORS: {code} is the game's room code, shown big ("Room code: K7M 4QX")
      h("p", { class: "room-code-line" }, withParts(t("Room code: {code}"),
        { code: h("span", { class: "room-code", id: "room-code", "aria-hidden": "true" }, codeShown(code)) })),
      // read out a character at a time, "K 7 M 4 Q X", after the words (a line of its own)
      h("p", { class: "sr-only", id: "room-code-spelled" }, [...code].join(" ")),
      h("p", { class: "hint" }, t("Anyone can open this game by typing its room code on this server's front page.")),
      fold);
    if (open) this.showLink(code, body);
  }

  /** The game's link, its QR code, Copy and Share, and where the page's address works here
   * only, the machine's network addresses or word that nobody else can reach the server.
   * @param {string} code
   * @param {HTMLElement} body
   */
  async showLink(code, body) {
    if (body.dataset.drawn) return;
    body.dataset.drawn = "1";
    const path = `/game/${encodeURIComponent(this.page.id)}`;
    const { links, note } = await this.reachable(path);
    const link = links[0] || `${location.origin}${path}`;
    this.link = link;
    const field = h("input", { value: link, readonly: true, class: "invite-link", id: "invite-link", "aria-label": t("link to this game"),
      onfocus: () => field.select() });
    const copy = h("button", { type: "button", id: "invite-copy", onclick: () => this.copy(link, copy) }, t("Copy link"));
    const share = h("button", { type: "button", id: "invite-share", hidden: !("share" in navigator), onclick: () => this.share(code, link) },
      // TRANSLATORS: a button: hand the game's link to another app of the device (messages, mail)
      t("Share…"));
    const qr = h("div", { class: "qr", id: "invite-qr" });
    fill(body,
      note ? h("p", { class: "hint", id: "invite-note" }, note) : null,
      links.length > 1 ? h("ul", { class: "invite-hosts", id: "invite-hosts" }, links.map((each) => h("li", {}, h("a", { href: each }, each)))) : null,
      field,
      h("div", { class: "controls" }, copy, share),
      qr);
    try {
      fill(qr, qrPicture(await api("/api/qr", { text: link })));
    } catch (error) {
      // TRANSLATORS: {reason} says why the server made no QR code of the link
      fill(qr, h("p", { class: "hint" }, t("No QR code: {reason}", { reason: error.message })));
    }
  }

  /** The links others open the game by (none: this page's own address does), and what to
   * say of them: on a page whose address works here only, the machine's network addresses.
   * @param {string} path
   * @returns {Promise<{ links: string[], note: string | null }>}
   */
  async reachable(path) {
    if (!pageIsHere()) return { links: [], note: null };
    /** @type {Reach} */
    let reach;
    try {
      reach = await api("/api/addresses");
    } catch {
      return { links: [], note: onlyHere() };
    }
    if (!reach.beyond) {
      // TRANSLATORS: the command is kept as it is
      return { links: [], note: t("The server listens on this machine only, so nobody else can reach it: to play over your network, start it with pegrace serve --host 0.0.0.0 --public.") };
    }
    if (!reach.hosts.length) return { links: [], note: onlyHere() };
    const port = location.port ? `:${location.port}` : "";
    const links = reach.hosts.map((host) => `${location.protocol}//${host}${port}${path}`);
    return { links, note: t("This page's address only works on this machine; others on your network open the game at:") };
  }

  /**
   * @param {string} link
   * @param {HTMLButtonElement} button
   */
  async copy(link, button) {
    try {
      await navigator.clipboard.writeText(link);
      // TRANSLATORS: an invite link, copied to the clipboard
      button.textContent = t("Copied!");
    } catch {
      const field = /** @type {HTMLInputElement | null} */ (this.card.querySelector("#invite-link"));
      if (field) field.select();
    }
  }

  /**
   * @param {string} code
   * @param {string} link
   */
  async share(code, link) {
    const title = this.page.game ? t(this.page.game.title) : "pegrace";
    try {
      // TRANSLATORS: the words shared with the game's link: {game} is its title ("Trouble"), {code} its room code
      await navigator.share({ title, text: t("Play {game} with me: room code {code}", { game: title, code: codeShown(code) }), url: link });
    } catch (error) {
      // TRANSLATORS: {reason} is the browser's words (often in English) for why nothing was shared
      if (error && error.name !== "AbortError") this.page.toast(t("Not shared: {reason}", { reason: String(error.message || error) }));
    }
  }
}
