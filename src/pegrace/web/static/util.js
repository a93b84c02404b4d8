// Small helpers shared by the page's modules: building elements, calling the JSON API,
// keeping seat tokens in localStorage, and naming seats and colours for people.

import { say, t, tc } from "./i18n.js";

/** An HTML element: ``attrs`` are its attributes (``on...``: listeners, ``dataset``, ``style``;
 * null, undefined and false leave an attribute out, true sets it empty), then its children.
 * @param {string} tag
 * @param {Record<string, any>} attrs
 * @param {...any} children
 * @returns {any} the element (``any``: callers use it as the element its tag makes)
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") Object.assign(node.style, value); // not an attribute: the CSP allows it
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of present(children)) {
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The children that are there: null, undefined and false leave no trace.
 * @param {any[]} children
 * @returns {(Node | string)[]}
 */
function present(children) {
  return children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false);
}

/** Put ``children`` in ``node`` in place of what it held, as ``h`` does: null, undefined and
 * false leave no trace (replaceChildren would write them as text, "null").
 * @template {Element} T
 * @param {T} node
 * @param {...any} children
 * @returns {T}
 */
export function fill(node, ...children) {
  node.replaceChildren(...present(children));
  return node;
}

/** An answer of the API that refused: ``message``, in the page's language (the server's
 * ``said``, else a line naming the HTTP status); ``detail``, the server's English words (for
 * the console and for code that tells refusals apart); ``status``, the HTTP status. */
export class ApiError extends Error {
  /** @param {string} message @param {string} detail @param {number} status */
  constructor(message, detail, status) {
    super(message);
    this.detail = detail;
    this.status = status;
  }
}

/** Call the API; an answer with {"error"} becomes a thrown ApiError saying it.
 * @param {string} path
 * @param {unknown} [body] sent as JSON in a POST (none: a GET)
 * @returns {Promise<any>} the answer's JSON
 */
export async function api(path, body = undefined) {
  const init = body === undefined
    ? {}
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    console.warn(`${path}: the server answered ${response.status} without JSON`);
    throw refused(response.status, `${path}: ${response.status} without JSON`);
  }
  if (!response.ok) {
    const detail = data && data.error ? String(data.error) : `${path}: ${response.status}`;
    console.warn(`${path}: ${detail}`);
    throw refused(response.status, detail, data && data.said);
  }
  return data;
}

/** The error of a refused call: what the server said (a ``Said``), in the page's language,
 * else a line naming the HTTP status.
 * @param {number} status @param {string} detail @param {import("./i18n.js").Said} [said]
 */
function refused(status, detail, said = undefined) {
  // TRANSLATORS: an error whose reason the server gave in no language; {status} is an HTTP status code, e.g. 500
  const message = said ? say(said) : t("The server could not do this (HTTP {status}).", { status });
  return new ApiError(message, detail, status);
}

/** What /api/catalog answers (settings.py catalog(); guide.py guide_view() for ``guide``):
 * @typedef {{ games: CatalogGame[], seat_kinds: string[], levels: string[], idle_seconds: number,
 *   effects_measured: import("./i18n.js").Said | null }} Catalog the games on offer, and the
 *   seats' kinds. Its game titles, pitches, guides' and options' words are message ids (English),
 *   put into the page's language where they are shown (``t``): the catalogs have them from
 *   guide_messages in pegrace/guide.py; the words it makes itself are Said (``say``).
 * @typedef {{ name: string, title: string, pitch: string,
 *   board: { layout: import("./messages.js").Layout, pieces: import("./messages.js").Piece[] },
 *   guide: Guide, ratings: Record<string, Rating>, players: number[],
 *   colours: Record<string, string[]>, options: CatalogOption[],
 *   seatings?: Record<string, { colours: string[], options: Record<string, string> }[]>,
 *   teams?: { option: string, value: string, sides: string[][] }[] }} CatalogGame
 *   a game: its board at the start, its usual colours by player count ("2": [...]), and every
 *   set of colours that may play at a count with the options that seat them
 * @typedef {{ name: string, default: string, choices: string[], help: string,
 *   effects: Record<string, import("./i18n.js").Said> }} CatalogOption a rule option (no
 *   choices: a whole number), with what the lab measured each value to do
 * @typedef {{ elo: number, low: number, high: number, against_random?: number }} Rating a
 *   computer's measured rating in a game
 * @typedef {{ sections: { heading: string, text: string }[], pop: string, pop_words: string,
 *   options: GuideOption[] }} Guide how to play
 * @typedef {{ name: string, title: string, default: string, number: boolean, help: string,
 *   values: { value: string, label: string, words: string }[] }} GuideOption an option in words
 * @typedef {{ id: string, url: string, tokens: Tokens }} Created a game made (/api/games, a
 *   rematch): its page and the seat tokens it gave
 */

/** The catalog of games (/api/catalog), or null once ``root`` says it cannot be loaded.
 * @param {Element} root
 * @returns {Promise<Catalog | null>}
 */
export async function loadCatalog(root) {
  try {
    return await api("/api/catalog");
  } catch (error) {
    fill(root, h("p", { class: "error" }, t("Cannot load the games: {error}", { error: error.message })));
    return null;
  }
}

// a phone or tablet: no keyboard to press keys on, so no "(space)" or "Esc" in the words
export const TOUCH = window.matchMedia("(hover: none) and (pointer: coarse)").matches;

/** Words about keys, "(space)" say: none on a touch screen.
 * @param {string} words
 */
export const keyWords = (words) => (TOUCH ? "" : words);

/** ``items`` without repeats, in their first places.
 * @template T
 * @param {T[]} items
 * @returns {T[]}
 */
export const unique = (items) => [...new Set(items)];

const TOKEN_KEY = "pegrace:tokens:";

/** The ids of the games this browser holds seat tokens for.
 * @returns {string[]}
 */
export function heldGames() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(TOKEN_KEY)) ids.push(key.slice(TOKEN_KEY.length));
  }
  return ids;
}

/** @typedef {Record<string, string>} Tokens seat tokens: {colour: token} */

/** The seat tokens this browser holds for a game: {colour: token}.
 * @param {string} gameId
 * @returns {Tokens}
 */
export function loadTokens(gameId) {
  try {
    return JSON.parse(localStorage.getItem(TOKEN_KEY + gameId) || "{}");
  } catch {
    return {};
  }
}

/** Keep ``tokens`` beside those held for the game; all of them, now held.
 * @param {string} gameId
 * @param {Tokens} tokens
 * @returns {Tokens}
 */
export function saveTokens(gameId, tokens) {
  const all = { ...loadTokens(gameId), ...tokens };
  localStorage.setItem(TOKEN_KEY + gameId, JSON.stringify(all));
  return all;
}

/** @param {string} text */
export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A colour's name in the page's language: "red" is "Red", "Rojo"... (the ids "Red",
 * "Yellow", "Green" and "Blue" are marked for the catalogs in pegrace/words.py).
 * @param {string} colour a colour key, as the protocol sends it ("red")
 */
export function colourName(colour) {
  return t(capitalise(colour));
}

/** Colours that play together, in words: "Red & Green".
 * @param {string[]} colours
 */
export function colourSet(colours) {
  // TRANSLATORS: colours that play together, listed: {list} is one colour or more already joined ("Red & Yellow"), {item} the next ("Green")
  return colours.map(colourName).reduce((list, item) => t("{list} & {item}", { list, item }));
}

/** Choices in words, the last one or'ed: "Red & Green or Yellow & Blue".
 * @param {string[]} items
 */
export function eitherOf(items) {
  // TRANSLATORS: choices, listed: {list} is one choice or more already joined, {item} the next one
  return items.reduce((list, item) => t("{list} or {item}", { list, item }));
}

/** A colour's token and name, e.g. (R) Red.
 * @param {string} colour
 * @param {string} [text]
 * @returns {HTMLElement}
 */
export function chip(colour, text = colourName(colour)) {
  return h("span", { class: "chip" }, h("span", { class: `token c-${colour}` }, colour.charAt(0).toUpperCase()), text);
}

/** A computer's level (or way of playing) in words: "computer:hard" is "hard". A player's name
 * is its word, in the context "computer", as the core lists it (core/ai/players.rs COMPUTERS,
 * whence the catalogs take the words); another one (a policy file) is called by its own name.
 * @param {string} kind a computer's seat kind
 */
export function levelWord(kind) {
  const level = kind.slice("computer:".length);
  // a player from outside the server offers: its operator's name for it (computer:outside:NAME)
  if (level.startsWith("outside:")) return level.slice("outside:".length);
  return /^[a-z]+$/.test(level) ? say({ t: level, c: "computer" }) : level;
}

/** A computer's level as a menu of levels says it: "computer:hard" is "Hard".
 * @param {string} kind
 */
export function levelName(kind) {
  return capitalise(levelWord(kind));
}

/** A computer in words: "computer:hard" is "Hard computer".
 * @param {string} kind
 */
export function computerName(kind) {
  // TRANSLATORS: a computer player by its level: {level} is e.g. "easy", "hard"
  return capitalise(t("{level} computer", { level: levelWord(kind) }));
}

/** A seat kind in words: "human", "open", "computer:medium".
 * @param {string} kind
 * @returns {string}
 */
export function kindName(kind) {
  // TRANSLATORS: who plays a seat: a person
  if (kind === "human") return t("Human");
  // TRANSLATORS: who plays a seat: nobody yet, a friend may take it
  if (kind === "open") return t("Open seat");
  // TRANSLATORS: who plays a seat: nobody, the colour is left out
  if (kind === "empty") return tc("seat", "Empty");
  if (kind.startsWith("computer:")) {
    // TRANSLATORS: a seat a computer plays: {level} is e.g. "easy", "hard"
    return t("Computer ({level})", { level: levelWord(kind) });
  }
  return kind;
}
