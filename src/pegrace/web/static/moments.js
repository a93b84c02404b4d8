// A player's best moment in a finished game (issue 52, item 7), found in the log the page
// holds: the move of theirs that captured the most pieces (the first of them), else the move
// that brought their side its place, else their turn with the most moves (at least two: a
// six's extra pop). Never made up: a game with none of these has no best moment to say.

import { tn } from "./i18n.js";
import { listed } from "./places.js";

/** @typedef {import("./game.js").LogEntry} LogEntry */
/** @typedef {{ kind: "capture" | "finish" | "turn", entries: LogEntry[] }} Moment the
 *   moment's kind and its log entries (one, or a turn's) */

/** The best moment of the seats ``colours`` in ``log``, or null.
 * @param {LogEntry[]} log
 * @param {string[]} colours
 * @returns {Moment | null}
 */
export function bestMoment(log, colours) {
  const mine = log.filter((entry) => colours.includes(entry.colour) && !entry.rolloff);
  return biggestCapture(mine) || finish(mine, colours) || busiestTurn(log, colours);
}

/** The first of the moves that captured the most pieces (none captured: null).
 * @param {LogEntry[]} mine
 * @returns {Moment | null}
 */
function biggestCapture(mine) {
  /** @type {LogEntry | null} */
  let best = null;
  for (const entry of mine) if ((entry.captured || 0) > (best ? best.captured : 0)) best = entry;
  return best && { kind: "capture", entries: [best] };
}

/** The move that settled the place of a side of ``colours`` by finishing.
 * @param {LogEntry[]} mine
 * @param {string[]} colours
 * @returns {Moment | null}
 */
function finish(mine, colours) {
  const entry = mine.find((e) => (e.placed || []).some((p) => !p.out && p.side.split("+").some((c) => colours.includes(c))));
  return entry ? { kind: "finish", entries: [entry] } : null;
}

/** Moves (not pops, not passes) among ``entries``.
 * @param {LogEntry[]} entries
 */
const moves = (entries) => entries.filter((entry) => entry.steps && entry.steps.length).length;

/** The turn of ``colours`` with the most moves, if it had two or more: a turn is a run of
 * events by one colour.
 * @param {LogEntry[]} log
 * @param {string[]} colours
 * @returns {Moment | null}
 */
function busiestTurn(log, colours) {
  /** @type {LogEntry[][]} */
  const turns = [];
  for (const entry of log.filter((e) => !e.rolloff)) {
    const turn = turns[turns.length - 1];
    if (turn && turn[0].colour === entry.colour) turn.push(entry);
    else turns.push([entry]);
  }
  const mine = turns.filter((turn) => colours.includes(turn[0].colour));
  const best = mine.reduce((most, turn) => (moves(turn) > moves(most) ? turn : most), /** @type {LogEntry[]} */ ([]));
  return moves(best) >= 2 ? { kind: "turn", entries: best } : null;
}

/** A moment in words: the move's own (the server's), or the turn's moves counted.
 * @param {Moment} moment
 * @param {(entry: LogEntry) => string} said a log entry's words, with the places it settled
 */
export function momentWords(moment, said) {
  if (moment.kind !== "turn") return said(moment.entries[0]);
  const pops = moment.entries.filter((e) => e.roll !== null && e.roll !== undefined).map((e) => String(e.roll));
  // TRANSLATORS: a player's best moment: a turn of several moves; {rolls} are the dice popped ("6, 6, 3")
  return tn("{count} move in one turn (popping {rolls})", "{count} moves in one turn (popping {rolls})", moves(moment.entries), { rolls: listed(pops) });
}
