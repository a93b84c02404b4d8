// How strong each computer plays a game, from its measured rating (tools/ratings.py; docs/ai.md
// "Ratings"), as the new-game form and the quick-play line show it: stars that follow the
// levels, and each one's rating in words.

import { percent, t } from "./i18n.js";
import { capitalise, computerName } from "./util.js";

export const STARS = 5; // the strongest level; the random player has one

/** How strong each computer plays a game: ``order``, weakest first; ``stars``, 1 to STARS;
 * ``hints``, each one's rating in words; ``ahead``, how often it finishes ahead of the
 * medium computer, in percent. Computers without a rating come last, unstarred.
 * @typedef {{ order: string[], stars: Record<string, number>, hints: Record<string, string>,
 *   ahead: Record<string, number> }} Strength
 * @param {import("./util.js").CatalogGame} game
 * @param {string[]} computers the computers' seat kinds ("computer:medium")
 * @param {string[]} levels the catalog's levels, weakest first: a computer has as many stars
 *   as the levels it plays as well as
 * @returns {Strength}
 */
export function strengths(game, computers, levels) {
  const ratings = game.ratings || {};
  // a game not rated yet (tools/ratings.py): the catalog's order, weakest level first, no stars
  if (!Object.keys(ratings).length) return { order: [...computers], stars: {}, hints: {}, ahead: {} };
  /** @type {(kind: string) => number | null} */
  const elo = (kind) => (ratings[kind] ? ratings[kind].elo : kind === "computer:random" ? 0 : null);
  const rated = computers.filter((k) => elo(k) !== null).sort((a, b) => Number(elo(a)) - Number(elo(b)));
  const unrated = computers.filter((k) => elo(k) === null);
  const rungs = levels.filter((k) => elo(k) !== null).map((k) => Number(elo(k)));
  /** @type {Record<string, number>} */
  const stars = {};
  /** @type {Record<string, string>} */
  const hints = {};
  /** @type {Record<string, number>} */
  const ahead = {};
  const medium = ratings["computer:medium"];
  for (const kind of rated) {
    const own = Number(elo(kind));
    // a star for each level it plays as well as: a personality between medium and hard has three
    stars[kind] = Math.max(1, Math.min(STARS, rungs.filter((rung) => rung <= own).length));
    // Elo: 400 points are ten times the odds of finishing ahead of the other
    if (kind !== "computer:medium" && medium) ahead[kind] = Math.round(100 / (1 + 10 ** ((medium.elo - own) / 400)));
    hints[kind] = hint(kind, game, ahead[kind]);
  }
  return { order: [...rated, ...unrated], stars, hints, ahead };
}

/** A computer's rating in words.
 * @param {string} kind
 * @param {import("./util.js").CatalogGame} game
 * @param {number | undefined} versus how often it finishes ahead of medium, in percent
 */
function hint(kind, game, versus) {
  const r = (game.ratings || {})[kind];
  // TRANSLATORS: the random computer player: it never passes while a piece can move
  if (kind === "computer:random" || !r) return t("Picks any legal move at random, but never passes while it can move: the bottom of the scale (rated 0)");
  // the game's title: an id the catalogs have from guide_messages (pegrace/guide.py)
  const args = { elo: Math.round(r.elo), game: t(game.title), low: Math.round(r.low), high: Math.round(r.high) };
  const rating = r.high > r.low
    // TRANSLATORS: a computer's Elo rating in a game, with its 95% interval ({low} to {high}); the random player is rated 0
    ? t("rated {elo} in {game} (95%: {low} to {high}), the random player 0", args)
    // TRANSLATORS: a computer's Elo rating in a game; the random player is rated 0
    : t("rated {elo} in {game}, the random player 0", args);
  // TRANSLATORS: {share} is a percentage ("61%"), {rating} the computer's rating in words ("rated 612 in Trouble ...")
  return versus === undefined ? capitalise(rating) : t("Finishes ahead of the medium computer {share} of the time; {rating}", { share: percent(versus / 100), rating });
}

/** A computer as a menu says it, short: "Hard computer ★★★★☆".
 * @param {string} kind
 * @param {Strength} strength
 */
export function computerLabel(kind, strength) {
  const name = computerName(kind);
  const stars = strength.stars[kind];
  return stars ? `${name} ${"★".repeat(stars)}${"☆".repeat(STARS - stars)}` : name;
}
