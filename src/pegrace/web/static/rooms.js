// The front page's room code: a field to type the code a friend reads out (or a game's invite
// card shows) and Open, which goes to that game's page, where its seats are taken or it is
// watched. What is typed goes to the server as it is (it forgives lower case, spaces and a
// dash: pegrace/web/roomcodes.py); a wrong code is said beside the field, and read out.

import { t } from "./i18n.js";
import { api, h } from "./util.js";

/** The room-code form, for the front page.
 * @returns {HTMLFormElement}
 */
export function roomForm() {
  // the placeholder is a code's shape, its letters apart: no word to translate
  const field = h("input", { id: "room-code-field", class: "room-code-field", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", maxlength: 20, placeholder: "A7K 3P9", "aria-describedby": "room-error" });
  const error = h("p", { class: "error", id: "room-error", "aria-live": "polite" });
  /** @type {HTMLFormElement} */
  const form = h("form", { class: "setup room-form", id: "room-form", "aria-labelledby": "room-title",
    onsubmit: async (/** @type {Event} */ event) => {
      event.preventDefault();
      error.textContent = "";
      const typed = field.value.trim();
      // TRANSLATORS: said beside the empty room-code field after Open
      if (!typed) return wrong(t("Type the room code a friend gave you."));
      try {
        /** @type {{ game: string }} */
        const found = await api(`/api/rooms/${encodeURIComponent(typed)}`);
        location.assign(`/game/${encodeURIComponent(found.game)}`);
      } catch (refusal) {
        wrong(refusal.message);
      }
    } },
    // TRANSLATORS: a heading on the front page: open a game by the code its invite card shows
    h("h2", { id: "room-title" }, t("Join by room code")),
    // TRANSLATORS: the label of the field where a game's room code is typed
    h("label", { for: "room-code-field" }, t("Room code")), " ",
    field, " ",
    // TRANSLATORS: a button: open the game whose room code was typed
    h("button", { type: "submit", id: "room-open" }, t("Open")),
    error);

  /** Say why the code opened nothing, beside the field, and go back to it.
   * @param {string} words
   */
  function wrong(words) {
    error.textContent = words;
    field.setAttribute("aria-invalid", "true");
    field.focus();
  }
  field.addEventListener("input", () => field.removeAttribute("aria-invalid"));
  return form;
}
