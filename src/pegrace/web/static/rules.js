// How to play: "/rules" lists the games, "/rules/GAME" teaches one: its own board as the game
// page draws it, the how-to-play text and every rule option's values in words. Everything
// comes from /api/catalog (guide.py on the server: the terminal's ? key shows the same text).
// The catalog's game titles, pitches, guide texts and option words are message ids (English),
// put into the page's language here: the catalogs have them from guide_messages (guide.py).

import { Board, parseRoll } from "./board.js";
import { t } from "./i18n.js";
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
export function rulesLink(gameName, text = t("How to play")) {
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
    games.map((g) => h("li", {}, h("a", { href: rulesHref(g.name) }, t(g.title)), g.pitch ? [" — ", t(g.pitch)] : null)));
}

/**
 * @param {HTMLElement} root
 * @param {CatalogGame[]} games
 */
function showList(root, games) {
  setTitle(t("How to play"));
  fill(root, h("article", { class: "rules", id: "rules" },
    h("h1", {}, t("How to play")),
    h("p", {}, t("Choose a game to learn its rules.")),
    gameList(games),
    // TRANSLATORS: a link to the page that sets up a new game
    h("p", { class: "controls" }, h("a", { href: "/" }, t("New game")))));
}

/** A game the server does not have (its own route answers 404 before this page loads; this
 * covers a catalog without it).
 * @param {HTMLElement} root
 * @param {string} name
 * @param {CatalogGame[]} games
 */
function showUnknown(root, name, games) {
  setTitle(t("No such game"));
  fill(root, h("article", { class: "rules not-found", id: "rules" },
    h("h1", {}, t("No such game")),
    // TRANSLATORS: {name} is the game's name as the address gave it
    h("p", {}, t("pegrace has no game called “{name}”. These are the games it has:", { name })),
    gameList(games)));
}

/**
 * @param {HTMLElement} root
 * @param {CatalogGame} game
 */
function showGame(root, game) {
  const { guide } = game;
  const title = t(game.title);
  // TRANSLATORS: {game} is a game's title
  const heading = t("How to play {game}", { game: title });
  setTitle(heading);
  const boardEl = h("div", { class: "board-wrap" });
  fill(root, h("article", { class: "rules", id: "rules", dataset: { game: game.name } },
    h("h1", {}, heading),
    game.pitch ? h("p", { class: "pitch" }, t(game.pitch)) : null,
    h("div", { class: "rules-body" },
      h("figure", { class: "rules-board" }, boardEl, h("figcaption", {}, t(guide.pop_words))),
      h("div", { class: "rules-text" },
        guide.sections.map((s) => h("section", {}, h("h2", {}, t(s.heading)), h("p", {}, t(s.text)))))),
    h("section", { class: "rules-options", id: "options" },
      // TRANSLATORS: the heading of a game's rule options
      h("h2", {}, t("Options")),
      h("p", {}, t("Chosen on the new-game page; each says what its values do.")),
      h("dl", {}, guide.options.map(optionWords))),
    h("p", { class: "controls" },
      // TRANSLATORS: a link to set up a game of {game} (a game's title)
      h("a", { href: `/?game=${encodeURIComponent(game.name)}` }, t("Play {game}", { game: title })),
      h("a", { href: "/rules" }, t("Other games")))));
  drawBoard(boardEl, game.board, guide);
}

/** An option: its name in words, its default, and what each value does.
 * @param {import("./util.js").GuideOption} option
 */
function optionWords(option) {
  const id = `option-${option.name}`;
  return [
    h("dt", { id }, t(option.title), " ", h("code", {}, option.name)),
    h("dd", { "aria-labelledby": id },
      option.number
        // TRANSLATORS: a rule option that is a number: {default} is its default, {help} what it counts (a sentence)
        ? h("p", {}, t("A whole number, {default} by default. {help}.", { default: option.default, help: capitalise(t(option.help)) }))
        : h("ul", {}, option.values.map((v) => h("li", { dataset: { value: v.value } }, valueWords(v, option.default))))),
  ];
}

/** A value of an option and what it does: "Exact (the default): a peg enters…", the value's
 * name in bold.
 * @param {{ value: string, label: string, words: string }} value
 * @param {string} usual the option's default
 */
function valueWords(value, usual) {
  const meaning = t(value.words);
  const said = value.value === usual
    // TRANSLATORS: a rule option's default value ({value}, its name: "Deepest first") and what it does ({meaning})
    ? t("{value} (the default): {meaning}.", { meaning })
    // TRANSLATORS: a rule option's value ({value}, its name: "Deepest first") and what it does ({meaning})
    : t("{value}: {meaning}.", { meaning });
  return placed(said, "value", h("strong", {}, t(value.label)));
}

/** Words with an element where the placeholder ``name`` is (left unfilled by t): a
 * translation puts it where its language needs it.
 * @param {string} words
 * @param {string} name
 * @param {Node} node
 * @returns {(string | Node)[]}
 */
function placed(words, name, node) {
  const [before, ...after] = words.split(`{${name}}`);
  return after.length ? [before, node, after.join(`{${name}}`)] : [node, " ", words];
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
  dome.setAttribute("aria-label", t(guide.pop_words));
}
