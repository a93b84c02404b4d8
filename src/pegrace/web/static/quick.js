// Quick play on a game's card: the computers' level in one tap, then your colour at a player
// count in another, and the game starts (2-player Ludo as green against hard: two taps). The
// choice is remembered in this browser, and "Play vs computers" plays it again in one tap.
// A game against computers is not listed in the lobby and has no idle clock: nobody waits.

import { t, tn } from "./i18n.js";
import { strengths, computerLabel } from "./strength.js";
import { api, colourName, h, levelName, saveTokens } from "./util.js";

/** @typedef {import("./util.js").CatalogGame} CatalogGame */
/** What one tap starts: a player count, your colour, the computers' level.
 * @typedef {{ players: number, colour: string, level: string }} Quick
 */

const KEY = "pegrace:quick:"; // + the game's name: the last quick game's choices
const DEFAULT_LEVEL = "computer:medium";

/** The colours that may play at each count, each with the options that seat them (the
 * catalog's seatings where it has them; the usual colours else), in board order.
 * @param {CatalogGame} game
 * @param {number} players
 * @returns {{ colour: string, colours: string[], options: Record<string, string> }[]}
 */
export function seatable(game, players) {
  const seatings = (game.seatings && game.seatings[String(players)]) || [{ colours: game.colours[String(players)], options: {} }];
  const board = game.colours[String(Math.max(...game.players))];
  return board.flatMap((colour) => {
    const seating = seatings.find((s) => s.colours.includes(colour));
    return seating ? [{ colour, colours: seating.colours, options: seating.options }] : [];
  });
}

/** The last quick game's choices for ``game`` (the defaults: the most players, its first
 * colour, medium computers), kept only while the catalog still offers them.
 * @param {CatalogGame} game
 * @param {string[]} levels
 * @returns {Quick}
 */
export function remembered(game, levels) {
  const players = Math.max(...game.players);
  /** @type {Quick} */
  const usual = { players, colour: game.colours[String(players)][0], level: levels.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : levels[0] };
  try {
    const kept = JSON.parse(localStorage.getItem(KEY + game.name) || "null");
    const fits = kept && game.players.includes(kept.players) && levels.includes(kept.level)
      && seatable(game, kept.players).some((s) => s.colour === kept.colour);
    return fits ? kept : usual;
  } catch {
    return usual; // a stored value of another shape: the defaults
  }
}

/** Start the quick game ``quick`` of ``game``; an Error says why not.
 * @param {CatalogGame} game
 * @param {Quick} quick
 */
export async function startQuick(game, quick) {
  const seating = seatable(game, quick.players).find((s) => s.colour === quick.colour);
  if (!seating) {
    // TRANSLATORS: {game} is a game's title, {colour} a colour's name: "4-player Trouble has no Blue seat"
    throw new Error(tn("{count}-player {game} has no {colour} seat", "{count}-player {game} has no {colour} seat", quick.players,
      { game: t(game.title), colour: colourName(quick.colour) }));
  }
  const seats = Object.fromEntries(seating.colours.map((c) => [c, c === quick.colour ? "human" : quick.level]));
  localStorage.setItem(KEY + game.name, JSON.stringify(quick));
  /** @type {import("./util.js").Created} */
  const created = await api("/api/games", { game: game.name, players: quick.players, seats, options: seating.options, listed: false, idle_seconds: 0 });
  saveTokens(created.id, created.tokens);
  location.assign(created.url);
}

/** The card's quick-play line: the levels as one tap each, and a button per colour and count
 * that starts the game (``failed``: where an error is said).
 * @param {CatalogGame} game
 * @param {string[]} computers the computers' seat kinds
 * @param {string[]} levels the catalog's levels, weakest first (the weakest, random play, not offered)
 * @param {(error: Error) => void} failed
 */
export function quickLine(game, computers, levels, failed) {
  const strength = strengths(game, computers, levels);
  const title = t(game.title); // an id the catalogs have from guide_messages (pegrace/guide.py)
  const offered = levels.slice(1).filter((k) => computers.includes(k)); // the weakest: random play
  const chosen = remembered(game, offered);
  // TRANSLATORS: {game} is a game's title: the menu of levels of the computers it is played against
  const levelPicker = h("div", { class: "quick-levels", role: "radiogroup", "aria-label": t("{game}: the computers' level", { game: title }) },
    offered.map((kind) => h("label", {
      // TRANSLATORS: a computer ("Hard computer ★★★★☆") and its rating in words
      title: t("{computer}: {rating}", { computer: computerLabel(kind, strength), rating: strength.hints[kind] || "" }),
    },
    h("input", { type: "radio", name: `quick-level-${game.name}`, value: kind, checked: kind === chosen.level }),
    levelName(kind))));
  const level = () => /** @type {HTMLInputElement} */ (levelPicker.querySelector("input:checked")).value;
  /** @param {HTMLButtonElement} button @param {Quick} quick */
  const go = async (button, quick) => {
    button.disabled = true;
    try {
      await startQuick(game, quick);
    } catch (error) {
      button.disabled = false;
      failed(/** @type {Error} */ (error));
    }
  };
  const rows = [...game.players].sort((a, b) => a - b).map((players) => h("div", { class: "quick-row" },
    h("span", { class: "quick-count" }, tn("{count} player", "{count} players", players)),
    seatable(game, players).map(({ colour }) => {
      // TRANSLATORS: a button starting a game against computers: "Play 4-player Trouble as Red"
      const words = tn("Play {count}-player {game} as {colour}", "Play {count}-player {game} as {colour}", players,
        { game: title, colour: colourName(colour) });
      return h("button", {
        type: "button", class: `quick-as c-${colour}${colour === chosen.colour && players === chosen.players ? " last" : ""}`,
        dataset: { players, colour }, title: words, "aria-label": words,
        onclick: (/** @type {Event} */ e) => go(/** @type {HTMLButtonElement} */ (e.currentTarget), { players, colour, level: level() }),
      });
    })));
  const again = () => go(/** @type {HTMLButtonElement} */ (line.querySelector(".quick-as.last") || line.querySelector(".quick-as")),
    { ...remembered(game, offered), level: level() });
  const line = h("div", { class: "quick", dataset: { game: game.name } },
    // TRANSLATORS: before the levels of the computers a quick game is played against: "Against: Easy, Medium, Hard"
    h("div", { class: "quick-head" }, h("span", { class: "quick-label" }, t("Against")), levelPicker),
    // TRANSLATORS: {game} is a game's title: the colours (at each player count) one may play it as
    h("div", { class: "quick-grid", role: "group", "aria-label": t("{game}: play as", { game: title }) },
      // TRANSLATORS: before the colours one may play a quick game as
      h("span", { class: "quick-label" }, t("Play as")), h("div", { class: "quick-rows" }, rows)));
  return { line, again };
}
