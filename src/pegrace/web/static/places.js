// Places as they are settled (issue 52, item 2): in a game that plays on, each side that
// finishes (or is out) is said in its log line, in the status ("Red finished 1st · playing on
// for 2nd"), in the players list with its medal, and in a short toast as it happens. The
// server sends the places as data (a log entry's "placed", a state's "places"); the words are
// made here (in the page's language: i18n.js), and the end (end.js) shares the medals. A medal
// is drawn (gold, silver, bronze: style.css), not an emoji a font may lack. Lists in words
// ("Red, Blue", "Red and Green") and sentences holding an element are made here too, for the
// game page's modules.

import { direction, language, ordinal, say, t, tn } from "./i18n.js";
import { h } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */
/** @typedef {import("./game.js").LogEntry} LogEntry */
/** @typedef {import("./messages.js").Placed} Placed */

/** @type {Intl.ListFormat | null} made at first use: the front page imports this module too */
let commas = null;

/** Items listed as the language lists them, with no word between ("Red, Blue").
 * @param {string[]} items
 */
export const listed = (items) => {
  commas = commas || new Intl.ListFormat(language, { type: "unit", style: "short" });
  return commas.format(items);
};

/** Items said together: "Red and Green" (a side of two colours).
 * @param {string[]} items
 */
export const both = (items) => items.reduce((these, that) =>
  // TRANSLATORS: two or more names said together, as a side of two colours ("Red and Green")
  t("{these} and {that}", { these, that }));

/** A sentence in the page's language holding elements: ``text`` is a message put into words
 * with its {named} placeholders left for ``parts`` (``t(id)`` without them leaves them), and
 * each of those is put in as its element (isolated, in a right-to-left page).
 * @param {string} text
 * @param {Record<string, Node>} parts
 * @returns {(string | Node)[]}
 */
export function withParts(text, parts) {
  return text.split(/\{(\w+)\}/).map((piece, i) => {
    if (i % 2 === 0) return piece;
    const part = parts[piece];
    if (!part) return `{${piece}}`;
    return direction === "rtl" ? h("bdi", {}, part) : part;
  }).filter((piece) => piece !== "");
}

/** The medal of the first three places (a picture: the words say the place), else null.
 * @param {number} n
 */
export const medal = (n) => (n >= 1 && n <= 3 ? h("span", { class: `medal m-${n}`, "aria-hidden": "true" }) : null);

/** A side by its people's names ("Red", "Red and Green" for a side of two colours).
 * @param {GamePage} page
 * @param {string} side
 */
export const sideName = (page, side) => both(side.split("+").map((c) => page.called(c)));

/** How many colours play a side: its words' plural forms follow it ("Red finishes", "Red
 * and Green finish").
 * @param {string} side
 */
const people = (side) => side.split("+").length;

/** A place settled, in words: "Red finishes 1st", "Blue is out: 4th".
 * @param {GamePage} page
 * @param {Placed} placed
 */
export function placedWords(page, placed) {
  const args = { side: sideName(page, placed.side), place: ordinal(placed.place) };
  // TRANSLATORS: {side} is a player's name, or two (a team); {place} a place ("4th"). The
  // count is the side's number of players
  if (placed.out) return tn("{side} is out: {place}", "{side} are out: {place}", people(placed.side), args);
  // TRANSLATORS: {side} is a player's name, or two (a team); {place} a place ("1st"). The
  // count is the side's number of players
  return tn("{side} finishes {place}", "{side} finish {place}", people(placed.side), args);
}

/** What a log line adds for the places its event settled: " · Red finishes 1st".
 * @param {GamePage} page
 * @param {LogEntry} entry
 */
export function placedSaid(page, entry) {
  return (entry.placed || []).map((placed) => ` · ${placedWords(page, placed)}`).join("");
}

/** The log line's parts for the places its event settled (data-place for each).
 * @param {GamePage} page
 * @param {LogEntry} entry
 */
export function placedParts(page, entry) {
  return (entry.placed || []).map((placed) =>
    h("strong", { class: "placed", dataset: { place: placed.place, side: placed.side } }, " · ", medal(placed.place), placedWords(page, placed)));
}

/** An event as it happens, read out (its words and the places it settled) and, where it
 * settled a place, said in a toast too. Returns what is read out.
 * @param {GamePage} page
 * @param {LogEntry} entry
 */
export function announce(page, entry) {
  const placed = (entry.placed || []).map((p) => placedWords(page, p));
  if (placed.length) page.toast(placed.join(" · "));
  return say(entry.said) + placedSaid(page, entry);
}

/** The first place not yet settled: the one still played for.
 * @param {Placed[]} places
 */
export function playingFor(places) {
  const taken = new Set(places.map((p) => p.place));
  let place = 1;
  while (taken.has(place)) place += 1;
  return place;
}

/** What the status adds while a game plays on past a settled place: " · Red finished 1st ·
 * playing on for 2nd" ("" before any place is settled, and once the game is over).
 * @param {GamePage} page
 */
export function standing(page) {
  const state = page.state;
  const places = (state && state.places) || [];
  if (!state || state.phase === "over" || !places.length) return "";
  const said = places.map((p) => {
    const args = { side: sideName(page, p.side), place: ordinal(p.place) };
    // TRANSLATORS: in the status, a side out of a game that plays on; {place} is its place
    // ("4th"). The count is the side's number of players
    if (p.out) return tn("{side} out ({place})", "{side} out ({place})", people(p.side), args);
    // TRANSLATORS: in the status, a side that finished in a game that plays on; {place} is
    // its place ("1st"). The count is the side's number of players
    return tn("{side} finished {place}", "{side} finished {place}", people(p.side), args);
  });
  // TRANSLATORS: in the status, the place the others still play for ("2nd")
  const playingOn = t("playing on for {place}", { place: ordinal(playingFor(places)) });
  return ` · ${listed(said)} · ${playingOn}`;
}

/** Each colour's place as the players list shows it: those settled while the game goes on,
 * every side's once it is over.
 * @param {GamePage} page
 * @returns {Record<string, number>} place by colour
 */
export function placeByColour(page) {
  const state = page.state;
  if (!state) return {};
  const sides = state.phase === "over" && state.outcome
    ? Object.entries(state.outcome.places)
    : (state.places || []).map((p) => /** @type {[string, number]} */ ([p.side, p.place]));
  return Object.fromEntries(sides.flatMap(([side, place]) => side.split("+").map((c) => [c, place])));
}

/** A colour's place in the players list: its medal and ordinal, or null while unsettled.
 * @param {number | undefined} place
 */
export function placeBadge(place) {
  if (!place) return null;
  return h("span", { class: "place", dataset: { place } }, medal(place), ordinal(place));
}
