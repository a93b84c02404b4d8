// A player's page (/players/NAME) and a game's leaderboard (/leaderboard/GAME), issue 54:
// per game the games played, won, the average place and captures, against people and against
// computers apart; the rating with its uncertainty, the computer level it plays like and its
// course as a chart (and as a table, for screen readers); the newest games, each a link to
// its replay. The leaderboard lists the rated people by their conservative rating with the
// computer levels on the same scale.

import { number, ordinal, t } from "./i18n.js";
import { svg } from "./svg.js";
import { ApiError, api, fill, h, levelName, loadCatalog } from "./util.js";

/** @typedef {{ played: number, won: number, captures: number, average_place: number | null }} Tally */
/** @typedef {{ mu: number, sigma: number, ordinal: number, plays_like: string | null }} Rating */
/** @typedef {{ people: Tally, computers: Tally, rating: Rating | null,
 *   course: { at: number | null, mu: number, sigma: number }[] }} GameStats */
/** @typedef {{ game: string, colour: string, game_name: string, place: number, players: number,
 *   captures: number, against: string, rated: boolean, ended: number }} Played */
/** @typedef {{ name: string, games: Record<string, GameStats>, played: Played[] }} Player */

const CHART = { width: 480, height: 160, pad: 24 };

/** @param {HTMLElement} root @param {string} name */
export async function showPlayer(root, name) {
  const catalog = await loadCatalog(root);
  /** @type {Player | null} */
  const player = catalog && await fetched(root, `/api/players/${encodeURIComponent(name)}`);
  if (!catalog || !player) return;
  /** @param {string} game */
  const title = (game) => t(catalog.games.find((g) => g.name === game)?.title || game);
  document.title = `${player.name} · pegrace`;
  const sections = Object.entries(player.games).map(([game, stats]) => gameSection(game, title(game), stats));
  fill(root, h("h1", { id: "player-name" }, player.name),
    ...(sections.length ? sections : [h("p", { class: "hint" }, t("No finished games yet."))]),
    h("h2", {}, t("Newest games")),
    h("ul", { class: "played", id: "played" }, ...player.played.map((p) => playedItem(p, title(p.game_name)))));
}

/** What the API answers at ``path``, else null once ``root`` says why not.
 * @param {HTMLElement} root @param {string} path
 * @returns {Promise<any>}
 */
async function fetched(root, path) {
  try {
    return await api(path);
  } catch (error) {
    fill(root, h("p", { class: "error", role: "alert" }, error instanceof ApiError ? error.message : String(error)));
    return null;
  }
}

/** @param {string} game @param {string} title @param {GameStats} stats */
function gameSection(game, title, stats) {
  return h("section", { class: "player-game", dataset: { game } },
    h("h2", {}, title),
    h("table", { class: "tally" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { scope: "col" }, t("played")), h("th", { scope: "col" }, t("won")),
        h("th", { scope: "col" }, t("average place")), h("th", { scope: "col" }, t("captures")))),
      h("tbody", {}, tallyRow(t("against people"), stats.people), tallyRow(t("against computers"), stats.computers))),
    ratingWords(stats.rating, game),
    stats.course.length ? courseChart(stats.course) : "");
}

/** @param {string} label @param {Tally} tally */
function tallyRow(label, tally) {
  return h("tr", {}, h("th", { scope: "row" }, label), h("td", {}, number(tally.played)), h("td", {}, number(tally.won)),
    h("td", {}, tally.average_place === null ? "–" : number(tally.average_place, 2)), h("td", {}, number(tally.captures)));
}

/** @param {Rating | null} rating @param {string} game */
function ratingWords(rating, game) {
  if (!rating) return h("p", { class: "hint" }, t("No rated games yet: rated games are among signed-in people."));
  // TRANSLATORS: {mu} a rating, {sigma} its uncertainty (e.g. "27.3 ± 4.1")
  const value = t("rating {mu} ± {sigma}", { mu: number(rating.mu, 1), sigma: number(rating.sigma, 1) });
  const like = rating.plays_like
    // TRANSLATORS: {level} is a computer level's name ("Hard")
    ? t("plays like the computer {level}", { level: levelName(`computer:${rating.plays_like}`) })
    : t("below every computer level yet");
  return h("p", { class: "rating", dataset: { game } }, value, " · ", like);
}

/** The rating's course: mu and its ±sigma band, from a newcomer's (at: null) game after
 * game; the same as a table.
 * @param {{ at: number | null, mu: number, sigma: number }[]} course
 */
function courseChart(course) {
  const { width, height, pad } = CHART;
  const low = Math.min(...course.map((c) => c.mu - c.sigma));
  const high = Math.max(...course.map((c) => c.mu + c.sigma));
  const x = (/** @type {number} */ i) => pad + (course.length === 1 ? 0 : (i * (width - 2 * pad)) / (course.length - 1));
  const y = (/** @type {number} */ v) => height - pad - ((v - low) / (high - low || 1)) * (height - 2 * pad);
  const band = [...course.map((c, i) => `${x(i)},${y(c.mu + c.sigma)}`), ...course.map((c, i) => `${x(i)},${y(c.mu - c.sigma)}`).reverse()];
  const chart = svg("svg", { class: "course", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("rating over time") });
  svg("polygon", { class: "band", points: band.join(" ") }, chart);
  svg("polyline", { class: "line", points: course.map((c, i) => `${x(i)},${y(c.mu)}`).join(" ") }, chart);
  const table = h("table", { class: "course-table sr-only" },
    h("caption", {}, t("rating over time")),
    h("tbody", {}, ...course.map((c, i) => h("tr", {}, h("th", { scope: "row" }, number(i + 1)),
      h("td", {}, `${number(c.mu, 1)} ± ${number(c.sigma, 1)}`)))));
  return h("figure", { class: "course" }, chart, table);
}

/** @param {Played} played @param {string} title */
function playedItem(played, title) {
  // TRANSLATORS: one of a player's games: {game} its title, {place} an ordinal ("1st"), {players} a count
  const words = t("{game}: {place} of {players}", { game: title, place: ordinal(played.place), players: number(played.players) });
  const against = played.against === "people" ? t("against people") : t("against computers");
  return h("li", {}, h("a", { href: `/game/${encodeURIComponent(played.game)}` }, words), ` · ${against}`,
    played.rated ? ` · ${t("rated")}` : "");
}

/** @typedef {{ game: string, players: ({ name: string, games: number } & Rating)[],
 *   computers: Record<string, number> }} Leaderboard */

/** @param {HTMLElement} root @param {string} game */
export async function showLeaderboard(root, game) {
  const catalog = await loadCatalog(root);
  /** @type {Leaderboard | null} */
  const board = catalog && await fetched(root, `/api/leaderboard/${encodeURIComponent(game)}`);
  if (!catalog || !board) return;
  const title = t(catalog.games.find((g) => g.name === game)?.title || game);
  const rows = [
    ...board.players.map((p) => ({ name: p.name, mu: p.mu, sort: p.ordinal, games: p.games, person: true })),
    ...Object.entries(board.computers).map(([level, mu]) => ({ name: levelName(`computer:${level}`), mu, sort: mu, games: 0, person: false })),
  ].sort((a, b) => b.sort - a.sort);
  // TRANSLATORS: {game} is a game's title
  fill(root, h("h1", {}, t("{game}: leaderboard", { game: title })),
    h("p", { class: "hint" }, t("People by their rating less three times its uncertainty; the computer levels at their measured strength.")),
    h("table", { class: "leaderboard", id: "leaderboard" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("player")), h("th", { scope: "col" }, t("rating")), h("th", { scope: "col" }, t("rated games")))),
      h("tbody", {}, ...rows.map((r) => h("tr", { class: r.person ? "person" : "computer" },
        h("th", { scope: "row" }, r.person ? h("a", { href: `/players/${encodeURIComponent(r.name)}` }, r.name) : r.name),
        h("td", {}, number(r.mu, 1)), h("td", {}, r.person ? number(r.games) : "–"))))));
}
