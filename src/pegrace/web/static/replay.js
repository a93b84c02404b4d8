// The move-by-move replay of a finished game: every position from the server, stepped
// through, played at the animation's speed, or reached from the log.

import { direction, number, say, t, tc } from "./i18n.js";
import { api, fill, h } from "./util.js";

// the bar's arrows point the way its buttons go: in a right-to-left page the first position
// is on the right, as the slider's start is
const ARROWS = direction === "rtl"
  ? { first: "»", back: "›", next: "‹", last: "«" }
  : { first: "«", back: "‹", next: "›", last: "»" };

/** @typedef {import("./game.js").GamePage} GamePage */

export class Replayer {
  /** @param {GamePage} page */
  constructor(page) {
    this.page = page;
  }

  async startReplay() {
    /** @type {{ frames: import("./game.js").Frame[] }} every position (heavy.py frames_json) */
    let data;
    try {
      data = await api(`/api/games/${encodeURIComponent(this.page.id)}/replay`);
    } catch (error) {
      this.page.toast(error.message); // in the page's words (util.js, api)
      return;
    }
    const replay = { frames: data.frames, index: 0, timer: /** @type {number | undefined} */ (undefined) };
    this.page.replay = replay;
    this.page.root.dataset.replay = "1";
    this.page.advice.showAdvice();
    this.page.board.clearMarks();
    this.page.setAwait("none");
    const range = h("input", { type: "range", min: "0", max: String(data.frames.length - 1), value: "0", id: "replay-range",
      "aria-label": t("replay position"), oninput: (/** @type {Event} */ e) => this.showFrame(Number(/** @type {HTMLInputElement} */ (e.target).value)) });
    // plain-text labels (Latin-1 and basic shapes): every font draws them
    /** @type {(label: string, name: string, id: string, action: () => void) => HTMLButtonElement} */
    const button = (label, name, id, action) =>
      h("button", { type: "button", id, "aria-label": name, title: name, onclick: action }, label);
    fill(this.page.replayEl,
      // TRANSLATORS: the replay's buttons, as read out and as their tooltips
      button(ARROWS.first, t("first position"), "replay-first", () => this.showFrame(0)),
      button(ARROWS.back, t("back one"), "replay-back", () => this.showFrame(replay.index - 1)),
      // TRANSLATORS: the replay's button that plays the game's moves one after another
      button(this.playWords(false), tc("replay", "play"), "replay-play", () => this.playReplay()),
      button(ARROWS.next, t("next one"), "replay-next", () => this.showFrame(replay.index + 1)),
      button(ARROWS.last, t("last position"), "replay-last", () => this.showFrame(replay.frames.length - 1)),
      range,
      h("span", { id: "replay-where", class: "hint" }),
      button(t("Close"), t("close the replay"), "replay-close", () => this.stopReplay()));
    this.page.replayEl.hidden = false;
    this.showFrame(0);
    this.page.boardEl.scrollIntoView({ block: "start" }); // the board and its bar, wherever Replay was
  }

  /** Show the position after event ``index`` (kept within the game).
   * @param {number} index
   */
  showFrame(index) {
    const replay = this.page.replay;
    if (!replay) return;
    const frames = replay.frames;
    const next = Math.max(0, Math.min(frames.length - 1, index));
    const forward = next === replay.index + 1;
    replay.index = next;
    const frame = frames[next];
    this.page.board.render(frame.pieces, forward ? this.page.timing().hop * 2 : 0);
    const last = frame.last;
    if (last && last.roll !== null && last.roll !== undefined) {
      const before = frames[next - 1];
      this.page.board.setDice(this.page.rollOf(last.roll, before ? before.phase : "roll"));
    }
    const args = { event: number(next), events: number(frames.length - 1), last: last ? say(last.said) : "" };
    this.page.statusEl.textContent = last
      // TRANSLATORS: the status in a replay: the event shown ({event} of {events}) and its words ({last})
      ? t("Replay: {event} / {events} · {last}", args)
      // TRANSLATORS: the status in a replay, at the game's start (event 0 of {events})
      : t("Replay: {event} / {events} · the start", args);
    /** @type {HTMLInputElement} */ (this.page.root.querySelector("#replay-range")).value = String(next);
    /** @type {Element} */ (this.page.root.querySelector("#replay-where")).textContent = `${args.event}/${args.events}`;
    this.page.root.dataset.frame = String(next);
    for (const item of this.page.logEl.querySelectorAll(".current")) item.classList.remove("current");
    const item = this.page.logEl.querySelector(`[data-seq="${next}"]`);
    if (item) {
      item.classList.add("current");
      this.scrollLogTo(item);
    }
  }

  /** Bring a log entry into the log's own view, never scrolling the page.
   * @param {HTMLElement} item
   */
  scrollLogTo(item) {
    const log = this.page.logEl;
    const top = item.offsetTop - log.offsetTop;
    if (top < log.scrollTop) log.scrollTop = top;
    else if (top + item.offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = top + item.offsetHeight - log.clientHeight;
    }
  }

  /** The play button's words: what it does next, after its sign.
   * @param {boolean} playing
   */
  playWords(playing) {
    // TRANSLATORS: the replay's button: play the game's moves one after another, or pause them
    return playing ? ["‖", t("Pause")].join(" ") : ["▶", t("Play")].join(" ");
  }

  /** The replay's play button shows what it does next: play, or pause while it plays.
   * @param {boolean} playing
   */
  showPlaying(playing) {
    const play = /** @type {Element} */ (this.page.root.querySelector("#replay-play"));
    play.textContent = this.playWords(playing);
    play.setAttribute("aria-label", playing ? tc("replay", "pause") : tc("replay", "play"));
    play.setAttribute("aria-pressed", String(playing));
    if (playing) this.page.root.dataset.playing = "1";
    else delete this.page.root.dataset.playing;
  }

  playReplay() {
    const replay = this.page.replay;
    if (!replay) return;
    const stop = () => {
      clearInterval(replay.timer);
      replay.timer = undefined;
      this.showPlaying(false);
    };
    if (replay.timer) {
      stop();
      return;
    }
    if (replay.index >= replay.frames.length - 1) this.showFrame(0); // at the end: from the start
    const step = Math.max(120, this.page.timing().hop * 4 + this.page.timing().pause);
    replay.timer = setInterval(() => {
      if (replay.index >= replay.frames.length - 1) {
        stop();
        return;
      }
      this.showFrame(replay.index + 1);
    }, step);
    this.showPlaying(true);
  }

  stopReplay() {
    if (!this.page.replay) return;
    clearInterval(this.page.replay.timer);
    delete this.page.root.dataset.playing;
    this.page.replay = null;
    delete this.page.root.dataset.replay;
    delete this.page.root.dataset.frame;
    this.page.replayEl.hidden = true;
    for (const item of this.page.logEl.querySelectorAll(".current")) item.classList.remove("current");
    this.page.board.render(this.page.shown().pieces, 0);
    this.page.choice.showChoice();
    this.page.advice.showAdvice();
  }
}
