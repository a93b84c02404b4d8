// "Your turn" in a game over days (issue 54): a button asks the browser's leave to notify,
// and when the turn comes to this page's seat while its tab is hidden, the service worker
// shows a notification (a click on it opens the game). Each one shown is counted on the
// window (``pegraceNotices``) for those who check it.

import { t } from "./i18n.js";
import { h } from "./util.js";

/** @typedef {{ id: string, game: import("./messages.js").GameView | null }} NoticedPage */

export class TurnNotices {
  /** @param {NoticedPage} page */
  constructor(page) {
    this.page = page;
    // TRANSLATORS: a button in a game over days: the browser tells you when it is your turn
    this.button = h("button", { type: "button", id: "notify-turns", hidden: true, onclick: () => this.ask() }, t("Tell me when it is my turn"));
  }

  /** The button, in a game over days where the browser may yet be asked. */
  show() {
    const overDays = Boolean(this.page.game && this.page.game.turns);
    this.button.hidden = !overDays || !("Notification" in window) || Notification.permission !== "default";
  }

  async ask() {
    await Notification.requestPermission();
    this.show();
  }

  /** The turn has come to this page's seat: told, if the tab is hidden and may be. */
  async yourTurn() {
    const game = this.page.game;
    if (!game || !game.turns || document.visibilityState !== "hidden") return;
    if (!("Notification" in window) || Notification.permission !== "granted" || !("serviceWorker" in navigator)) return;
    const registration = await navigator.serviceWorker.ready;
    // TRANSLATORS: a notification's title; {game} is a game's name ("Trouble")
    await registration.showNotification(t("Your turn in {game}", { game: t(game.title) }), {
      tag: `pegrace-${this.page.id}`,
      data: { url: game.url },
    });
    const counted = /** @type {{ pegraceNotices?: number }} */ (/** @type {unknown} */ (window));
    counted.pegraceNotices = (counted.pegraceNotices || 0) + 1;
  }
}
