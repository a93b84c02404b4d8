// The game's chat: quick reactions (one tap) and short lines, shown as text, never markup.

import { say, t, tc } from "./i18n.js";
import { capitalise, chip, colourName, fill, h } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */
/** @typedef {import("./messages.js").Emote} Emote */

/** The quick reactions in the page's language: each is sent by its English words (the
 * protocol's value) and shown in the words of whoever reads it.
 * @type {Record<Emote, string>}
 */
const EMOTES = {
  // TRANSLATORS: a quick reaction in the game's chat, one tap to send (as the ones below)
  "Nice!": tc("emote", "Nice!"),
  "Well played": tc("emote", "Well played"),
  "Ha ha": tc("emote", "Ha ha"),
  "Wow": tc("emote", "Wow"),
  "Oh no": tc("emote", "Oh no"),
  "Grr": tc("emote", "Grr"),
  "Yay!": tc("emote", "Yay!"),
  "Good luck": tc("emote", "Good luck"),
};

/** A quick reaction in words.
 * @param {Emote} emote
 */
const emoteWords = (emote) => EMOTES[emote] ?? emote;

export class Chat {
  /** @param {GamePage} page */
  constructor(page) {
    this.page = page;
  }

  /** The chat as the welcome brings it: its reactions, its last lines, and whether this
   * browser may chat (a seat's person, or a watcher where the game lets watchers chat).
   * @param {import("./game.js").Welcome} message
   */
  welcome(message) {
    const page = this.page;
    const canChat = page.you.length > 0 || message.game.watcher_chat;
    page.chatForm.hidden = page.emotesEl.hidden = !canChat;
    fill(page.emotesEl, ...message.emotes.map((emote) =>
      // TRANSLATORS: a quick reaction's button, read out: {emote} is the reaction ("Nice!")
      h("button", { type: "button", class: "emote", "aria-label": t("send {emote}", { emote: emoteWords(emote) }), onclick: () => page.send({ type: "chat", emote }) }, emoteWords(emote))));
    fill(page.chatLog);
    for (const line of message.chat) this.showChatLine(line);
  }

  say() {
    const text = this.page.chatField.value.trim();
    if (text && this.page.send({ type: "chat", text })) this.page.chatField.value = "";
    this.page.chatField.blur(); // back to the game: Space pops again
  }

  /** Who said a chat line: the name its seat had, or its colour's name (in the page's
   * language), or "a watcher".
   * @param {import("./messages.js").ChatLine} line
   */
  sender(line) {
    const from = /** @type {string | import("./i18n.js").Said} */ (line.from);
    if (typeof from !== "string") return say(from);
    // the server names a seat without a name by its colour, in English: said here in the page's
    if (line.colour && from === capitalise(line.colour)) return colourName(line.colour);
    // TRANSLATORS: who said a chat line, where it was someone without a seat
    return line.colour || from !== "a watcher" ? from : t("a watcher");
  }

  /** @param {import("./messages.js").ChatLine} line */
  showChatLine(line) {
    const from = this.sender(line);
    const who = line.colour ? chip(line.colour, from) : h("span", { class: "hint" }, from);
    const said = line.emote ? h("span", { class: "emote-said" }, emoteWords(line.emote)) : line.text; // text, never markup
    this.page.chatLog.append(h("li", {}, who, ": ", said));
    while (this.page.chatLog.children.length > 50) this.page.chatLog.firstChild.remove();
    this.page.chatLog.scrollTop = this.page.chatLog.scrollHeight;
  }
}
