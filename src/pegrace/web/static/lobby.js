// The lobby on the front page: the games this browser holds seats in (from its tokens), listed
// games with an open seat (join in one click), and listed games in progress to watch. One
// person's games against computers are left out unless "Show solo games" is on (kept in the
// browser). It asks the server again every few seconds while the page is open.

import { ago, number, t, tn } from "./i18n.js";
import { joinWaiting } from "./strangers.js";
import { api, chip, colourName, fill, h, heldGames, kindName, loadTokens, saveTokens } from "./util.js";

/** What /api/lobby answers (hub.py lobby(), a game as views.py summary() has it):
 * @typedef {{ mine: LobbyGame[], open: LobbyGame[], watch: LobbyGame[], queues?: Waiting[] }} Lobby
 * @typedef {{ game: string, title: string, players: number, waiting: number }} Waiting people waiting in a
 *   queue to play with strangers (queueing.py)
 * @typedef {{ id: string, url: string, title: string,
 *   seats: { colour: string, kind: string, name: string | null }[], open: string[], seq: number,
 *   turn: number, current: string | null, age: number | null, over: boolean, watchers: number }} LobbyGame a game listed:
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
    h("h2", { id: "lobby-title" }, t("Games here now")),
    h("label", { class: "listed lobby-toggle" }, solo, " ", t("Show solo games (one person against computers)")),
    h("p", { class: "error", id: "lobby-error", role: "alert" }),
    lists);
  const refresh = async () => {
    try {
      const mine = heldGames().slice(0, 12);
      const all = solo.checked ? "&all=1" : "";
      render(lists, await api(`/api/lobby?mine=${mine.map(encodeURIComponent).join(",")}${all}`));
      /** @type {Element} */ (section.querySelector("#lobby-error")).textContent = ""; // a join refused: the lists show why
    } catch (error) {
      fill(lists, h("p", { class: "error" }, t("Cannot load the lobby: {error}", { error: error.message })));
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
  if (lobby.mine.length) {
    // where it is this browser's turn first (games over days: the ones waiting for you)
    const yours = (/** @type {LobbyGame} */ game) => game.current !== null && game.current in loadTokens(game.id);
    const mine = [...lobby.mine].sort((a, b) => Number(yours(b)) - Number(yours(a)));
    parts.push(h("h3", {}, t("Your games")), list("mine", mine, (game) => [link(game,
      // TRANSLATORS: links to a game of one's own: a finished one's end, one waiting for you, or one going on
      game.over ? t("See the end") : yours(game) ? t("Your turn") : t("Continue")),
      // TRANSLATORS: a link to a finished game's after-game review (luck, skill, the turning points)
      game.over ? h("a", { href: `${game.url}?review=1`, class: "lobby-go lobby-review" }, t("Review")) : null]));
  }
  if (lobby.queues && lobby.queues.length) {
    // TRANSLATORS: the lobby's list of the queues people wait in for others to play with ("Play people now")
    parts.push(h("h3", {}, t("People waiting to play")), h("ul", { id: "lobby-queues", class: "lobby-list" }, lobby.queues.map(waitingLine)));
  }
  if (lobby.open.length) {
    parts.push(h("h3", {}, t("Open games: join one")), list("open", lobby.open, (game) => game.open.map((colour) =>
      h("button", { type: "button", class: "primary join", dataset: { game: game.id, colour }, onclick: () => join(game, colour) },
        t("Join as {colour}", { colour: colourName(colour) })))));
  }
  if (lobby.watch.length) {
    parts.push(h("h3", {}, t("Games to watch")), list("watch", lobby.watch, (game) => [
      // TRANSLATORS: a link to watch a game (a button's word)
      link(game, t("Watch"))]));
  }
  if (!parts.length) {
    parts.push(h("p", { class: "hint" }, t("Nobody else is playing here just now. Start a game with a friend's seat, list it, and it shows here.")));
  }
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
      // the game's title: an id the catalogs have from guide_messages (pegrace/guide.py)
      h("strong", {}, t(game.title)), " ",
      h("span", { class: "lobby-seats" }, game.seats.map((seat) => chip(seat.colour, seat.name || kindName(seat.kind)))),
      h("span", { class: "hint lobby-when" }, ` ${progress(game)} `),
      h("span", { class: "lobby-actions" }, actions(game)))));
}

/** A queue where people wait: "Trouble · 3 players · 2 waiting", and a button to join them.
 * @param {Waiting} queue
 */
function waitingLine(queue) {
  return h("li", { dataset: { game: queue.game, players: queue.players } },
    // the game's title: an id the catalogs have from guide_messages (pegrace/guide.py)
    h("strong", {}, t(queue.title)), " ",
    h("span", { class: "hint lobby-when" }, " ", tn("{count} player", "{count} players", queue.players), " · ",
      // TRANSLATORS: how many people wait in a queue for a game, listed in the lobby
      tn("{count} waiting", "{count} waiting", queue.waiting), " "),
    h("span", { class: "lobby-actions" },
      // TRANSLATORS: a button in the lobby: join the people waiting in a queue for a game
      h("button", { type: "button", class: "primary join-queue", onclick: () => joinWaiting(queue.game, queue.players) }, t("Join them"))));
}

/** Where the game is, in words: "turn 12 · started 5 min ago · 2 watching", or "finished".
 * @param {LobbyGame} game
 */
function progress(game) {
  // TRANSLATORS: how far a game listed in the lobby is: over
  const parts = [game.over ? t("finished")
    // TRANSLATORS: how far a game listed in the lobby is: its turn (every player's turns counted)
    : game.turn ? t("turn {turn}", { turn: number(game.turn) })
    // TRANSLATORS: how far a game listed in the lobby is: the first pops, that decide who starts
      : t("rolling to start")];
  if (game.age !== null && game.age !== undefined) parts.push(started(game.age));
  // TRANSLATORS: how many people watch a game listed in the lobby
  if (game.watchers) parts.push(tn("{count} watching", "{count} watching", game.watchers));
  return parts.join(" · ");
}

/** When the game was made, in words: "started 5 minutes ago".
 * @param {number} seconds
 */
function started(seconds) {
  // TRANSLATORS: when a game listed in the lobby was made, under a minute ago
  if (seconds < 60) return t("started just now");
  // TRANSLATORS: when a game listed in the lobby was made: {ago} is e.g. "5 minutes ago", "yesterday" (the browser's words)
  return t("started {ago}", { ago: ago(seconds) });
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
