// The lobby on the front page: the games this browser holds seats in (from its tokens), listed
// games with an open seat (join in one click), and listed games in progress to watch. It asks
// the server again every few seconds while the page is open.

import { api, capitalise, chip, fill, h, heldGames, kindName, saveTokens } from "./util.js";

const REFRESH_MS = 8000;

export function showLobby(section) {
  const refresh = async () => {
    try {
      const mine = heldGames().slice(0, 12);
      render(section, await api(`/api/lobby?mine=${mine.map(encodeURIComponent).join(",")}`));
    } catch (error) {
      fill(section, h("p", { class: "error" }, `Cannot load the lobby: ${error.message}`));
    }
  };
  refresh();
  setInterval(refresh, REFRESH_MS);
}

function render(section, lobby) {
  const parts = [];
  if (lobby.mine.length) parts.push(h("h2", {}, "Your games"), list("mine", lobby.mine, (game) => [link(game, game.over ? "See the end" : "Continue")]));
  if (lobby.open.length) parts.push(h("h2", {}, "Open games: join one"), list("open", lobby.open, (game) => game.open.map((colour) =>
    h("button", { type: "button", class: "primary join", dataset: { game: game.id, colour }, onclick: () => join(game, colour) }, `Join as ${capitalise(colour)}`))));
  if (lobby.watch.length) parts.push(h("h2", {}, "Games to watch"), list("watch", lobby.watch, (game) => [link(game, "Watch")]));
  section.hidden = !parts.length;
  fill(section, h("h1", {}, "Lobby"), h("p", { class: "error", id: "lobby-error", role: "alert" }), ...parts);
}

function list(id, games, actions) {
  return h("ul", { id: `lobby-${id}`, class: "lobby-list" }, games.map((game) =>
    h("li", { dataset: { game: game.id } },
      h("strong", {}, game.title), " ",
      h("span", { class: "lobby-seats" }, game.seats.map((seat) => chip(seat.colour, seat.name || kindName(seat.kind)))),
      h("span", { class: "hint" }, ` ${game.seq} events${game.watchers ? ` · ${game.watchers} watching` : ""} `),
      actions(game))));
}

function link(game, text) {
  return h("a", { href: game.url, class: "lobby-go" }, text);
}

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
