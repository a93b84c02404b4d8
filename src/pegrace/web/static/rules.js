// How to play: "/rules" lists the games, "/rules/GAME" teaches one: its own board as the game
// page draws it, the how-to-play text and every rule option's values in words. Everything
// comes from /api/catalog (guide.py on the server: the terminal's ? key shows the same text).

import { Board, parseRoll } from "./board.js";
import { capitalise, fill, h, loadCatalog } from "./util.js";

/** @typedef {import("./util.js").CatalogGame} CatalogGame */

/** The address of a game's rules page.
 * @param {string} gameName
 */
export function rulesHref(gameName) {
  return `/rules/${encodeURIComponent(gameName)}`;
}

/** A link to a game's rules page, opened in a new tab so that a game or a half-filled form
 * stays where it is.
 * @param {string} gameName
 * @param {string} [text]
 * @returns {HTMLAnchorElement}
 */
export function rulesLink(gameName, text = "How to play") {
  return h("a", { href: rulesHref(gameName), target: "_blank", rel: "noopener", class: "rules-link" }, text);
}

/** The rules page: the list of games (``name`` null), or how to play the game ``name``.
 * @param {HTMLElement} root
 * @param {string | null} name
 */
export async function showRules(root, name) {
  const catalog = await loadCatalog(root);
  if (!catalog) return;
  const game = catalog.games.find((g) => g.name === name);
  if (name === null) showList(root, catalog.games);
  else if (!game) showUnknown(root, name, catalog.games);
  else showGame(root, game);
}

/** @param {string} title */
function setTitle(title) {
  document.title = `${title} – pegrace`;
  const where = document.getElementById("where");
  if (where) where.textContent = title;
}

/** Every game's link and its one line.
 * @param {CatalogGame[]} games
 */
function gameList(games) {
  return h("ul", { class: "rules-games" },
    games.map((g) => h("li", {}, h("a", { href: rulesHref(g.name) }, g.title), g.pitch ? ` — ${g.pitch}` : null)));
}

/**
 * @param {HTMLElement} root
 * @param {CatalogGame[]} games
 */
function showList(root, games) {
  setTitle("How to play");
  fill(root, h("article", { class: "rules", id: "rules" },
    h("h1", {}, "How to play"),
    h("p", {}, "Choose a game to learn its rules."),
    gameList(games),
    h("p", { class: "controls" }, h("a", { href: "/" }, "New game"))));
}

/** A game the server does not have (its own route answers 404 before this page loads; this
 * covers a catalog without it).
 * @param {HTMLElement} root
 * @param {string} name
 * @param {CatalogGame[]} games
 */
function showUnknown(root, name, games) {
  setTitle("No such game");
  fill(root, h("article", { class: "rules not-found", id: "rules" },
    h("h1", {}, "No such game"),
    h("p", {}, `pegrace has no game called “${name}”. These are the games it has:`),
    gameList(games)));
}

/**
 * @param {HTMLElement} root
 * @param {CatalogGame} game
 */
function showGame(root, game) {
  const { guide } = game;
  setTitle(`How to play ${game.title}`);
  const boardEl = h("div", { class: "board-wrap" });
  fill(root, h("article", { class: "rules", id: "rules", dataset: { game: game.name } },
    h("h1", {}, `How to play ${game.title}`),
    game.pitch ? h("p", { class: "pitch" }, game.pitch) : null,
    h("div", { class: "rules-body" },
      h("figure", { class: "rules-board" }, boardEl, h("figcaption", {}, guide.pop_words)),
      h("div", { class: "rules-text" },
        guide.sections.map((s) => h("section", {}, h("h2", {}, s.heading), h("p", {}, s.text))))),
    h("section", { class: "rules-options", id: "options" },
      h("h2", {}, "Options"),
      h("p", {}, "Chosen on the new-game page; each says what its values do."),
      h("dl", {}, guide.options.map(optionWords))),
    h("p", { class: "controls" },
      h("a", { href: `/?game=${encodeURIComponent(game.name)}` }, `Play ${game.title}`),
      h("a", { href: "/rules" }, "Other games"))));
  drawBoard(boardEl, game.board, guide);
}

/** An option: its name in words, its default, and what each value does.
 * @param {import("./util.js").GuideOption} option
 */
function optionWords(option) {
  const id = `option-${option.name}`;
  return [
    h("dt", { id }, option.title, " ", h("code", {}, option.name)),
    h("dd", { "aria-labelledby": id },
      option.number
        ? h("p", {}, `A whole number, ${option.default} by default. ${capitalise(option.help)}.`)
        : h("ul", {}, option.values.map((v) =>
          h("li", { dataset: { value: v.value } },
            h("strong", {}, v.value), v.value === option.default ? " (the default)" : null, `: ${v.words}.`)))),
  ];
}

/** The game's board at the start, the dome showing the guide's pop; the dome is only a
 * picture here, described by the caption's words.
 * @param {Element} container
 * @param {CatalogGame["board"]} board
 * @param {import("./util.js").Guide} guide
 */
function drawBoard(container, board, guide) {
  const drawn = new Board(container, board.layout);
  drawn.render(board.pieces, 0);
  drawn.setDice(parseRoll(guide.pop, guide.pop.includes("*")));
  const dome = drawn.domeLayer;
  dome.removeAttribute("tabindex");
  dome.setAttribute("role", "img");
  dome.setAttribute("aria-label", guide.pop_words);
}
