// The game's chat: quick reactions (one tap) and short lines, shown as text, never markup.

import { chip, fill, h } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */

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
      h("button", { type: "button", class: "emote", "aria-label": `send ${emote}`, onclick: () => page.send({ type: "chat", emote }) }, emote)));
    fill(page.chatLog);
    for (const line of message.chat) this.showChatLine(line);
  }

  say() {
    const text = this.page.chatField.value.trim();
    if (text && this.page.send({ type: "chat", text })) this.page.chatField.value = "";
    this.page.chatField.blur(); // back to the game: Space pops again
  }

  /** @param {import("./messages.js").ChatLine} line */
  showChatLine(line) {
    const who = line.colour ? chip(line.colour, line.from) : h("span", { class: "hint" }, line.from);
    const said = line.emote ? h("span", { class: "emote-said" }, line.emote) : line.text; // text, never markup
    this.page.chatLog.append(h("li", {}, who, ": ", said));
    while (this.page.chatLog.children.length > 50) this.page.chatLog.firstChild.remove();
    this.page.chatLog.scrollTop = this.page.chatLog.scrollHeight;
  }
}
