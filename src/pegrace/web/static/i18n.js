// Words in the page's language (issue 53). The server writes the language on <html lang dir>
// (the person's choice, else their browser's Accept-Language) and serves its catalog, made from
// the same gettext catalogs the terminal reads (/i18n/LANG.json; pegrace/i18n.py). Every word
// the page shows goes through t, tn, tc or say; the message ids are English, with {named}
// placeholders each language orders as it needs. English needs no catalog.

const root = document.documentElement;
/** The page's language (a BCP 47 tag) and its direction. */
export const language = root.lang || "en";
export const direction = root.dir === "rtl" ? "rtl" : "ltr";

/** @typedef {{ lang: string, dir: string, pseudo?: boolean, messages: Record<string, string | string[]>, plural: number[] }} Catalog */
/** @type {Catalog} */
const catalog = language === "en"
  ? { lang: "en", dir: "ltr", messages: {}, plural: [] }
  : await loadCatalog();

/** @returns {Promise<Catalog>} */
async function loadCatalog() {
  try {
    const response = await fetch(`/i18n/${encodeURIComponent(language)}.json`);
    if (response.ok) return await response.json();
  } catch {
    // the page still works in English: better than no page
  }
  return { lang: language, dir: direction, messages: {}, plural: [] };
}

const ACCENTS = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) =>
    [c, [..."ȧƀƈđéƒğĥíĵķŀɱñŏƥɋřşţŭṽŵẋýžȦƁƇĐÉƑĞĤÍĴĶĿMÑŎƤɊŘŞŢŬṼŴẊÝŽ"][i]]),
);
const PLACEHOLDER = /\{(\w+)\}/g;

/** The pseudo-locale's words (as pegrace/i18n.py's ``pseudo``): accented, bracketed.
 * @param {string} text
 */
function pseudo(text) {
  if (!text) return text;
  const accented = text.split(/(\{\w+\})/).map((part, i) =>
    i % 2 ? part : [...part].map((c) => ACCENTS[c] ?? c).join("")).join("");
  return `[${accented} ${"!".repeat(Math.max(1, Math.floor(text.length / 10)))}]`;
}

/** Placeholders filled, each value isolated from the sentence's direction in a right-to-left
 * page (a name or number inside Arabic stays readable).
 * @param {string} template
 * @param {Record<string, unknown>} args
 */
function filled(template, args) {
  if (!template.includes("{")) return template;
  return template.replace(PLACEHOLDER, (whole, name) => {
    if (!(name in args)) return whole;
    const arg = args[name];
    // a number with decimals the language's way ("4.2", "4,2"); whole numbers as they are
    const value = typeof arg === "number" && !Number.isInteger(arg) ? number(arg) : String(arg);
    return direction === "rtl" ? `\u2068${value}\u2069` : value;
  });
}

/** @param {string} key @param {string} text */
function lookup(key, text) {
  if (catalog.pseudo) return pseudo(text);
  const found = catalog.messages[key];
  return typeof found === "string" ? found : text;
}

/** Which plural form ``count`` takes (gettext's rule for the language, listed by the server).
 * @param {number} count
 */
function pluralIndex(count) {
  const table = catalog.plural;
  if (!table.length) return count === 1 ? 0 : 1;
  const n = Math.abs(Math.trunc(count));
  return table[n < table.length ? n : 100 + (n % 100)] ?? 0;
}

/** A message in the page's language.
 * @param {string} text the message id (English, with {named} placeholders)
 * @param {Record<string, unknown>} [args]
 */
export function t(text, args = {}) {
  return filled(lookup(text, text), args);
}

/** A message with a context telling apart two meanings of one id.
 * @param {string} context @param {string} text @param {Record<string, unknown>} [args]
 */
export function tc(context, text, args = {}) {
  return filled(lookup(`${context}\u0004${text}`, text), args);
}

/** A message whose words follow ``count`` ({count} is filled too).
 * @param {string} singular @param {string} plural @param {number} count
 * @param {Record<string, unknown>} [args]
 * @param {string} [context]
 */
export function tn(singular, plural, count, args = {}, context = undefined) {
  const values = { count: number(count), ...args };
  if (catalog.pseudo) return filled(pseudo(count === 1 ? singular : plural), values);
  const key = context === undefined ? singular : `${context}\u0004${singular}`;
  const forms = catalog.messages[key];
  const english = count === 1 ? singular : plural;
  const chosen = Array.isArray(forms) ? forms[pluralIndex(count)] ?? english : english;
  return filled(chosen, values);
}

/** @typedef {{ t: string, a?: Record<string, unknown>, p?: string, n?: number, c?: string }} Said */
/** @typedef {{ v: number, d: number }} Fixed a number and its decimals (pegrace/i18n.py Fixed) */

/** What the server said (a ``Said``: pegrace/i18n.py), in the page's language.
 * @param {Said | string | null | undefined} message
 * @returns {string}
 */
export function say(message) {
  if (message === null || message === undefined) return "";
  if (typeof message === "string") return message; // a name or a number: never translated
  /** @type {Record<string, unknown>} */
  const args = {};
  for (const [name, value] of Object.entries(message.a ?? {})) {
    args[name] = typeof value !== "object" || value === null ? value
      : "d" in value ? fixed(/** @type {Fixed} */ (value)) // its decimals kept ("7.0")
        : say(/** @type {Said} */ (value));
  }
  if (message.p !== undefined && message.n !== undefined) {
    return tn(message.t, message.p, message.n, args, message.c);
  }
  return message.c === undefined ? t(message.t, args) : tc(message.c, message.t, args);
}

/** How the language writes numbers: CLDR's, as the server's Babel reads it (pegrace/i18n.py
 * number_symbols), written on <html data-numbers>; the terminal writes them the same way. Made
 * here rather than by Intl.NumberFormat, whose first making costs a page tens of milliseconds.
 * @type {{ decimal: string, group: string, grouping: number[], minus: string, percent: string }}
 */
const NUMBERS = {
  decimal: ".", group: ",", grouping: [3, 3], minus: "-", percent: "{value}%",
  ...JSON.parse(root.dataset.numbers || "{}"),
};

/** Digits in groups (1,234,567; Hindi's 12,34,567).
 * @param {string} digits
 */
function grouped(digits) {
  const [first, rest] = NUMBERS.grouping;
  if (!first || digits.length <= first) return digits;
  const groups = [digits.slice(-first)];
  let left = digits.slice(0, -first);
  for (; rest && left.length > rest; left = left.slice(0, -rest)) groups.unshift(left.slice(-rest));
  groups.unshift(left);
  return groups.join(NUMBERS.group);
}

/** A number as the language writes it: ``digits`` decimals, else as many as it has (at most 3).
 * @param {number} value
 * @param {number} [digits]
 */
export function number(value, digits) {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(digits ?? 3);
  const [whole, decimals = ""] = fixed.split(".");
  const shown = digits === undefined ? decimals.replace(/0+$/, "") : decimals;
  const text = grouped(whole) + (shown ? NUMBERS.decimal + shown : "");
  return value < 0 && Number(fixed) !== 0 ? NUMBERS.minus + text : text;
}

/** A share (0..1) as a percentage in the language's way.
 * @param {number} share
 * @param {number} [digits]
 */
export function percent(share, digits = 0) {
  return NUMBERS.percent.replace("{value}", number(share * 100, digits));
}

/** @type {Intl.RelativeTimeFormat | null} made at first use */
let relative = null;

/** How long ago, in words ("5 minutes ago", "vor 5 Minuten").
 * @param {number} seconds
 */
export function ago(seconds) {
  relative = relative || new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  const s = Math.max(0, Math.round(seconds));
  const said = s < 60 ? relative.format(-s, "second")
    : s < 3600 ? relative.format(-Math.floor(s / 60), "minute")
      : s < 86400 ? relative.format(-Math.floor(s / 3600), "hour")
        : relative.format(-Math.floor(s / 86400), "day");
  return catalog.pseudo ? pseudo(said) : said; // the browser's own words, marked in tests too
}

/** A number written with its decimals fixed (pegrace/i18n.py Fixed), at most 10 of them.
 * @param {Fixed} value
 */
function fixed(value) {
  return number(value.v, Math.min(Math.max(Math.trunc(value.d) || 0, 0), 10));
}

/** A place (1st, 2nd, ...) in words.
 * @param {number} place
 */
export function ordinal(place) {
  const words = [
    tc("place", "1st"), tc("place", "2nd"), tc("place", "3rd"),
    tc("place", "4th"), tc("place", "5th"), tc("place", "6th"),
  ];
  return words[place - 1] ?? tc("place", "{place}th", { place: number(place) });
}
