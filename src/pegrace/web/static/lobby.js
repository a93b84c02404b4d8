// The lobby on the front page: the games this browser holds seats in (from its tokens), listed
// games with an open seat (join in one click), and listed games in progress to watch. One
// person's games against computers are left out unless "Show solo games" is on (kept in the
// browser). It asks the server again every few seconds while the page is open.

import { api, capitalise, chip, fill, h, heldGames, kindName, saveTokens } from "./util.js";

/** What /api/lobby answers (hub.py lobby(), a game as views.py summary() has it):
 * @typedef {{ mine: LobbyGame[], open: LobbyGame[], watch: LobbyGame[] }} Lobby
 * @typedef {{ id: string, url: string, title: string,
 *   seats: { colour: string, kind: string, name: string | null }[], open: string[], seq: number,
 *   turn: number, age: number | null, over: boolean, watchers: number }} LobbyGame a game listed:
 *   ``open``, its open seats; ``age``, the seconds since it was made
 */

const REFRESH_MS = 8000;
const SOLO_KEY = "pegrace:lobby-solo";

/** The lobby in ``section``, asked for again every few seconds.
 * @param {HTMLElement} section
 */
export function showLobby(section) {
  const lists = h("div", { class: "lobby-lists", id: "lobby-lists" });
  const solo = h("input", { type: "checkbox", id: "lobby-all", checked: localStorage.getItem(SOLO_KEY) === "1",
    onchange: () => {
      localStorage.setItem(SOLO_KEY, solo.checked ? "1" : "0");
      refresh();
    } });
  fill(section,
    h("h2", { id: "lobby-title" }, "Games here now"),
    h("label", { class: "listed lobby-toggle" }, solo, " Show solo games (one person against computers)"),
    h("p", { class: "error", id: "lobby-error", role: "alert" }),
    lists);
  const refresh = async () => {
    try {
      const mine = heldGames().slice(0, 12);
      const all = solo.checked ? "&all=1" : "";
      render(lists, await api(`/api/lobby?mine=${mine.map(encodeURIComponent).join(",")}${all}`));
      /** @type {Element} */ (section.querySelector("#lobby-error")).textContent = ""; // a join refused: the lists show why
    } catch (error) {
      fill(lists, h("p", { class: "error" }, `Cannot load the lobby: ${error.message}`));
    }
  };
  refresh();
  setInterval(refresh, REFRESH_MS);
}

/**
 * @param {HTMLElement} section
 * @param {Lobby} lobby
 */
function render(section, lobby) {
  const parts = [];
  if (lobby.mine.length) parts.push(h("h3", {}, "Your games"), list("mine", lobby.mine, (game) => [link(game, game.over ? "See the end" : "Continue")]));
  if (lobby.open.length) parts.push(h("h3", {}, "Open games: join one"), list("open", lobby.open, (game) => game.open.map((colour) =>
    h("button", { type: "button", class: "primary join", dataset: { game: game.id, colour }, onclick: () => join(game, colour) }, `Join as ${capitalise(colour)}`))));
  if (lobby.watch.length) parts.push(h("h3", {}, "Games to watch"), list("watch", lobby.watch, (game) => [link(game, "Watch")]));
  if (!parts.length) parts.push(h("p", { class: "hint" }, "Nobody else is playing here just now. Start a game with a friend's seat, list it, and it shows here."));
  fill(section, ...parts);
}

/** A list of games, each with ``actions(game)`` (links or buttons).
 * @param {string} id
 * @param {LobbyGame[]} games
 * @param {(game: LobbyGame) => HTMLElement[]} actions
 */
function list(id, games, actions) {
  return h("ul", { id: `lobby-${id}`, class: "lobby-list" }, games.map((game) =>
    h("li", { dataset: { game: game.id } },
      h("strong", {}, game.title), " ",
      h("span", { class: "lobby-seats" }, game.seats.map((seat) => chip(seat.colour, seat.name || kindName(seat.kind)))),
      h("span", { class: "hint lobby-when" }, ` ${progress(game)} `),
      h("span", { class: "lobby-actions" }, actions(game)))));
}

/** Where the game is, in words: "turn 12 · started 5 min ago · 2 watching", or "finished".
 * @param {LobbyGame} game
 */
function progress(game) {
  const parts = [game.over ? "finished" : game.turn ? `turn ${game.turn}` : "rolling to start"];
  if (game.age !== null && game.age !== undefined) parts.push(started(game.age));
  if (game.watchers) parts.push(`${game.watchers} watching`);
  return parts.join(" · ");
}

/** @param {number} seconds */
function started(seconds) {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return "started just now";
  if (minutes < 60) return `started ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `started ${hours} h ago`;
  return `started ${Math.floor(hours / 24)} days ago`;
}

/**
 * @param {LobbyGame} game
 * @param {string} text
 * @returns {HTMLAnchorElement}
 */
function link(game, text) {
  return h("a", { href: game.url, class: "lobby-go" }, text);
}

/** Take the open seat ``colour`` and go to the game.
 * @param {LobbyGame} game
 * @param {string} colour
 */
async function join(game, colour) {
  try {
    const answer = await api(`/api/games/${encodeURIComponent(game.id)}/claim`, { colour });
    saveTokens(game.id, answer.tokens);
    location.assign(game.url);
  } catch (error) {
    // the seat was taken meanwhile, say: the lobby shows it at its next refresh
    const message = document.getElementById("lobby-error");
    if (message) message.textContent = error.message;
  }
}
