// Places as they are settled (issue 52, item 2): in a game that plays on, each side that
// finishes (or is out) is said in its log line, in the status ("Red finished 1st · playing on
// for 2nd"), in the players list with its medal, and in a short toast as it happens. The
// server sends the places as data (a log entry's "placed", a state's "places"); the words are
// made here, and the end (end.js) shares the ordinals and medals. A medal is drawn (gold,
// silver, bronze: style.css), not an emoji a font may lack.

import { h } from "./util.js";

/** @typedef {import("./game.js").GamePage} GamePage */
/** @typedef {import("./game.js").LogEntry} LogEntry */
/** @typedef {import("./messages.js").Placed} Placed */

const ORDINALS = ["", "1st", "2nd", "3rd"];

/** "1st", "2nd", ... "8th".
 * @param {number} n
 */
export const ordinal = (n) => ORDINALS[n] || `${n}th`;

/** The medal of the first three places (a picture: the words say the place), else null.
 * @param {number} n
 */
export const medal = (n) => (n >= 1 && n <= 3 ? h("span", { class: `medal m-${n}`, "aria-hidden": "true" }) : null);

/** A side by its people's names ("Red", "Red and Green" for a side of two colours).
 * @param {GamePage} page
 * @param {string} side
 */
export const sideName = (page, side) => side.split("+").map((c) => page.called(c)).join(" and ");

/** A place settled, in words: "Red finishes 1st", "Blue is out: 4th".
 * @param {GamePage} page
 * @param {Placed} placed
 */
export function placedWords(page, placed) {
  const many = placed.side.includes("+");
  const who = sideName(page, placed.side);
  if (placed.out) return `${who} ${many ? "are" : "is"} out: ${ordinal(placed.place)}`;
  return `${who} ${many ? "finish" : "finishes"} ${ordinal(placed.place)}`;
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
  return entry.label + placedSaid(page, entry);
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
  const said = places.map((p) => p.out ? `${sideName(page, p.side)} out (${ordinal(p.place)})`
    : `${sideName(page, p.side)} finished ${ordinal(p.place)}`);
  return ` · ${said.join(", ")} · playing on for ${ordinal(playingFor(places))}`;
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
