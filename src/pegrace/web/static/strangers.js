// Play people now (issue 54): a game's card puts this browser in the server's queue for that
// game at a player count (2 to 4), waiting for people only or, after 30 s, with computers of a
// chosen level in the seats nobody took (remembered in this browser, as quick play's choice
// is). While it waits a panel says how many wait and offers Leave; once the server seats it,
// the page keeps the seat's token as a new game's and goes to the game (queueing.py).

import { say, t, tn } from "./i18n.js";
import { ApiError, api, fill, h, levelName, saveTokens } from "./util.js";

/** @typedef {import("./util.js").CatalogGame} CatalogGame */
/** A place asked for: the count, whether computers fill in after a while, their level.
 * @typedef {{ players: number, wait: string, level: string }} Choice
 */
/** What the server says of a place in its queue (/api/queue/TICKET): waiting, or seated with
 * its game as creating one gives it.
 * @typedef {{ state: string, ticket?: string, game?: string, players?: number, waiting?: number,
 *   start_in?: number | null, problem?: import("./i18n.js").Said | null, id?: string, url?: string,
 *   tokens?: import("./util.js").Tokens }} Place
 */
/** One card's queue: its panel, and how to open it at a count (the lobby's "Join them").
 * @typedef {{ button: HTMLButtonElement, box: HTMLElement, open: (players: number) => void }} Strangers
 */

const KEY = "pegrace:strangers:"; // + the game's name: the last choices
const COUNTS = [2, 3, 4];
const START_SECONDS = 30; // queueing.py START_SECONDS: computers fill the empty seats after it
const RETRY_MS = 1000; // after a question the network lost
/** @type {Map<string, Strangers>} each card's, by game */
const cards = new Map();
/** @type {{ game: string, ticket: string, stopped: boolean, again: () => void } | null} the
 * place this page waits in (one at a time), and how its card shows the choices again once it
 * is left */
let current = null;

/** The card's "Play people now" button and the box under the card that opens with it: the
 * choices and Join, then the waiting panel.
 * @param {CatalogGame} game
 * @param {string[]} levels the computers' levels the card offers (quick play's)
 * @returns {Strangers}
 */
export function strangersLine(game, levels) {
  const counts = game.players.filter((n) => COUNTS.includes(n));
  const box = h("div", { class: "strangers", id: `strangers-${game.name}`, hidden: true, dataset: { game: game.name } });
  // TRANSLATORS: a button on a game's card: wait for other people to play this game with, now
  const button = h("button", { type: "button", class: "strangers-open", dataset: { game: game.name },
    "aria-expanded": "false", "aria-controls": box.id, hidden: !counts.length, onclick: () => toggle() }, t("Play people now"));
  /** @param {boolean} shown */
  const show = (shown) => {
    box.hidden = !shown;
    button.setAttribute("aria-expanded", String(shown));
  };
  /** @param {Partial<Choice>} [asked] @returns {void} */
  const choose = (asked = {}) => form(game, box, counts, levels, { ...remembered(game, counts, levels), ...asked }, () => choose());
  const waitingHere = () => current !== null && current.game === game.name;
  const toggle = () => {
    if (box.hidden && !waitingHere()) choose();
    show(box.hidden);
  };
  /** @param {number} players */
  const open = (players) => {
    if (!waitingHere()) choose({ players });
    show(true);
    box.scrollIntoView({ block: "nearest" });
    const join = /** @type {HTMLButtonElement | null} */ (box.querySelector("button.strangers-join, button.strangers-leave"));
    if (join) join.focus({ preventScroll: true });
  };
  const line = { button, box, open };
  cards.set(game.name, line);
  return line;
}

/** Open ``game``'s card's queue at ``players`` (the lobby's "Join them").
 * @param {string} game
 * @param {number} players
 */
export function joinWaiting(game, players) {
  const line = cards.get(game);
  if (line) line.open(players);
}

/** The last choices for ``game`` (at first: its most players up to 4, people only, medium),
 * kept only while the catalog still offers them.
 * @param {CatalogGame} game
 * @param {number[]} counts
 * @param {string[]} levels
 * @returns {Choice}
 */
function remembered(game, counts, levels) {
  /** @type {Choice} */
  const usual = { players: Math.max(...counts), wait: "people", level: levels.includes("computer:medium") ? "computer:medium" : levels[0] };
  try {
    const kept = JSON.parse(localStorage.getItem(KEY + game.name) || "null");
    const fits = kept && counts.includes(kept.players) && ["people", "computers"].includes(kept.wait) && levels.includes(kept.level);
    return fits ? kept : usual;
  } catch {
    return usual;
  }
}

/** The choices and Join, in ``box``.
 * @param {CatalogGame} game
 * @param {HTMLElement} box
 * @param {number[]} counts
 * @param {string[]} levels
 * @param {Choice} chosen
 * @param {() => void} again the choices again, once the queue is left
 */
function form(game, box, counts, levels, chosen, again) {
  const title = t(game.title);
  /** @param {string} name @param {string} label @param {any[]} choices */
  const group = (name, label, choices) => h("fieldset", { class: `strangers-${name}` }, h("legend", {}, label), choices);
  /** @param {string} name @param {string | number} value @param {boolean} checked @param {string} text */
  const radio = (name, value, checked, text) => h("label", {},
    h("input", { type: "radio", name: `strangers-${name}-${game.name}`, value, checked }), text);
  const name = h("input", { class: "strangers-name", maxlength: 20, autocomplete: "nickname",
    value: localStorage.getItem("pegrace:name") || "" });
  const error = h("p", { class: "error strangers-error", role: "alert" });
  /** @param {string} field */
  const picked = (field) => /** @type {HTMLInputElement} */ (box.querySelector(`input[name="strangers-${field}-${game.name}"]:checked`)).value;
  const join = async (/** @type {Event} */ event) => {
    event.preventDefault();
    const choice = { players: Number(picked("players")), wait: picked("wait"), level: picked("level") };
    localStorage.setItem(KEY + game.name, JSON.stringify(choice));
    const typed = name.value.trim().replace(/\s+/g, " ");
    if (typed) localStorage.setItem("pegrace:name", typed);
    error.textContent = "";
    try {
      if (current) await leave(); // a browser waits in one queue at a time
      /** @type {Place} */
      const place = await api("/api/queue", { game: game.name, ...choice, ...(typed ? { name: typed } : {}) });
      wait(game, box, /** @type {string} */ (place.ticket), place, again);
    } catch (failed) {
      error.textContent = /** @type {Error} */ (failed).message;
    }
  };
  fill(box, h("form", { class: "strangers-form", onsubmit: join },
    // TRANSLATORS: {game} is a game's title: how many play a game with people one does not know
    group("players", t("{game} with people here now: how many players?", { game: title }),
      counts.map((n) => radio("players", n, n === chosen.players, tn("{count} player", "{count} players", n)))),
    // TRANSLATORS: the heading of the choice between waiting for people and computers filling in
    group("wait", t("Until enough people come"), [
      // TRANSLATORS: a choice: keep waiting until every seat has a person
      radio("wait", "people", chosen.wait === "people", t("Wait for people")),
      // TRANSLATORS: a choice: start after {count} seconds with computers in the empty seats
      radio("wait", "computers", chosen.wait === "computers", tn("Start after {count} second, computers in the empty seats",
        "Start after {count} seconds, computers in the empty seats", START_SECONDS))]),
    // TRANSLATORS: the heading of the levels of the computers that may fill empty seats
    group("level", t("The computers' level"), levels.map((kind) => radio("level", kind, kind === chosen.level, levelName(kind)))),
    // TRANSLATORS: a field for one's name, shown to the other players; it may be left empty
    h("label", { class: "strangers-named" }, t("Your name (optional)"), " ", name),
    error,
    // TRANSLATORS: a button: take a place in the queue for the game
    h("button", { type: "submit", class: "primary strangers-join" }, t("Join the queue"))));
}

/** Wait in the queue: say how many wait until the server seats this browser, then go to the
 * game as its seat's player (its token kept as creating a game keeps it).
 * @param {CatalogGame} game
 * @param {HTMLElement} box
 * @param {string} ticket
 * @param {Place} first the join's answer
 * @param {() => void} again the choices again, once the queue is left
 */
async function wait(game, box, ticket, first, again) {
  const place = { game: game.name, ticket, stopped: false, again };
  current = place;
  const said = h("p", { class: "strangers-count" });
  const when = h("p", { class: "hint strangers-when" });
  const problem = h("p", { class: "error strangers-problem" });
  const players = /** @type {number} */ (first.players);
  // TRANSLATORS: a button: leave the queue for a game
  const leaving = h("button", { type: "button", class: "strangers-leave", onclick: leave }, t("Leave"));
  fill(box, h("div", { class: "strangers-wait", role: "status", "aria-live": "polite" },
    // TRANSLATORS: what one waits for: "3-player Trouble"
    h("strong", {}, tn("{count}-player {game}", "{count}-player {game}", players, { game: t(game.title) })),
    said, when, problem), leaving);
  let deadline = 0;
  const countdown = setInterval(() => {
    if (deadline) when.textContent = startsIn(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  }, 1000);
  /** @param {Place} answer */
  const show = (answer) => {
    // TRANSLATORS: how many people wait in a queue for a game, counting the one reading it
    said.textContent = tn("{count} person waiting, you included", "{count} people waiting, you included", answer.waiting ?? 0);
    deadline = typeof answer.start_in === "number" ? Date.now() + answer.start_in * 1000 : 0;
    // TRANSLATORS: said while waiting in a queue that seats people only
    when.textContent = deadline ? startsIn(Math.ceil(/** @type {number} */ (answer.start_in))) : t("The game starts once every seat has a person.");
    problem.textContent = answer.problem ? say(answer.problem) : "";
  };
  show(first);
  let seen = first.waiting ?? 0;
  try {
    while (!place.stopped) {
      /** @type {Place} */
      let answer;
      try {
        answer = await api(`/api/queue/${encodeURIComponent(ticket)}?waiting=${seen}`);
      } catch (error) {
        if (place.stopped) return;
        if (error instanceof ApiError && error.status === 404) {
          // TRANSLATORS: a place in a queue the server dropped (nobody asked about it for a while)
          fill(problem, t("Your place in the queue was lost: join again."));
          place.stopped = true; // Leave shows the choices again
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      if (place.stopped) return;
      if (answer.state === "seated" && answer.id && answer.tokens && answer.url) {
        // TRANSLATORS: said once the server has seated one: the page goes to the game
        fill(said, t("Seated: to the game…"));
        fill(when);
        saveTokens(answer.id, answer.tokens);
        current = null;
        location.assign(answer.url);
        return;
      }
      seen = answer.waiting ?? 0;
      show(answer);
    }
  } finally {
    clearInterval(countdown);
  }
}

/** "Computers fill the empty seats in 12 seconds".
 * @param {number} seconds
 */
function startsIn(seconds) {
  // TRANSLATORS: while waiting in a queue: when the game starts with computers in the seats nobody took
  return tn("Computers fill the empty seats in {count} second", "Computers fill the empty seats in {count} seconds", seconds);
}

/** Leave the queue this page waits in (the server forgets the place); its card shows the
 * choices again. */
async function leave() {
  const place = current;
  if (!place) return;
  place.stopped = true;
  current = null;
  place.again();
  try {
    await fetch(`/api/queue/${encodeURIComponent(place.ticket)}`, { method: "DELETE" });
  } catch {
    // the network is away: the server drops a place nobody asks about
  }
}

// a page closed while waiting leaves its place at once (else it is dropped within 30 s)
window.addEventListener("pagehide", () => {
  if (current) fetch(`/api/queue/${encodeURIComponent(current.ticket)}`, { method: "DELETE", keepalive: true }).catch(() => {});
});
