// One game's page: the queue of states the server sends (each roll and move animated in
// turn, at the speed the player chooses), the status, the log, the end with its rematch, the
// idle countdown and the turn's chime; the page's parts in modules of their own: the
// WebSocket (connection.js), choosing moves on the board (choice.js), advice (advice.js), the
// players, names, invitations and seats carried to another device (people.js), the chat
// (chat.js), the end with its rematch (end.js) and the replay (replay.js).
//
// The page never decides what is legal: it shows the moves the server lists and sends
// back the text of the one chosen. For tests and assistive tools the root element says
// what the page waits for in data-await ("roll", "move", "none" or "over").

import { Advice } from "./advice.js";
import { Board, parseRoll } from "./board.js";
import { Chat } from "./chat.js";
import { Choice, KEYS } from "./choice.js";
import { Connection } from "./connection.js";
import { End } from "./end.js";
import { People } from "./people.js";
import { number, say, t, tc } from "./i18n.js";
import { announce, placedParts, placedSaid } from "./places.js";
import { Replayer } from "./replay.js";
import { rulesHref, rulesLink } from "./rules.js";
import { chip, colourName, fill, h, loadTokens, TOUCH } from "./util.js";
import { TurnNotices } from "./yourturn.js";

/** What the server sends of a game (messages.d.ts: the types made from the messages' schema,
 * ../messages.schema.json):
 * @typedef {import("./messages.js").Layout} Layout
 * @typedef {import("./messages.js").Piece} Piece
 * @typedef {import("./messages.js").Step} Step
 * @typedef {import("./messages.js").MoveView} Move a legal move, as the server lists it
 * @typedef {import("./messages.js").LogEntry} LogEntry an event, in words
 * @typedef {import("./messages.js").SeatView} Seat
 * @typedef {import("./messages.js").Outcome} Outcome
 * @typedef {import("./messages.js").StateSent} State a position, with its legal moves
 * @typedef {import("./messages.js").Welcome} Welcome
 * @typedef {import("./messages.js").ClientMessage} ClientMessage
 * @typedef {import("./messages.js").ServerMessage} ServerMessage
 * @typedef {import("./messages.js").ServerMessages} ServerMessages
 * @typedef {{ seq: number, phase: string, pieces: Piece[], last: LogEntry | null }} Frame a
 *   replay's position
 */

// milliseconds per hop of a moving piece, of the dice tumbling, and the pause after a move
/** @type {Record<string, { hop: number, dice: number, pause: number }>} */
const SPEEDS = {
  slow: { hop: 320, dice: 900, pause: 600 },
  normal: { hop: 140, dice: 450, pause: 200 },
  fast: { hop: 55, dice: 200, pause: 60 },
  instant: { hop: 0, dice: 0, pause: 0 },
};
const CATCH_UP = 4; // with more states than this waiting, skip the animations
/** The speeds by name, in words (the keys of SPEEDS, as the menu shows them). */
const SPEED_NAMES = {
  // TRANSLATORS: an animation speed, in a menu
  slow: tc("speed", "Slow"),
  // TRANSLATORS: an animation speed, in a menu
  normal: tc("speed", "Normal"),
  // TRANSLATORS: an animation speed, in a menu
  fast: tc("speed", "Fast"),
  // TRANSLATORS: an animation speed, in a menu: no animation at all
  instant: tc("speed", "Instant"),
};

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the page does with each message the server sends, by its "type": an entry for every
 * type messages.d.ts has (tsc names one missing).
 * @type {{ [K in keyof ServerMessages]: (page: GamePage, message: ServerMessages[K]) => void }}
 */
const RECEIVED = {
  welcome: (page, message) => page.welcome(message),
  state: (page, message) => {
    if (page.syncNext) {
      page.syncNext = false;
      page.queue = [];
      page.generation = (page.generation || 0) + 1;
      page.apply(message, true);
    } else {
      page.queue.push(message);
      page.pump();
    }
  },
  seats: (page, message) => {
    page.seats = message.seats;
    page.watchers = message.watchers;
    page.setIdle(message.idle_left);
    page.people.showPlayers();
    page.people.showNameForm();
  },
  chat: (page, message) => page.chat.showChatLine(message),
  rematch: (page, message) => {
    if (page.state) page.state.rematch = message.id;
    page.end.showEnd();
  },
  hint: (page, message) => page.advice.advised(message),
  winprob: (page, message) => page.advice.advised(message),
  error: (page, message) => {
    // the English message is the protocol's detail: which refusal it is, not words to show
    if (page.people.tokensExplained && message.message.includes("seat tokens are not for this game")) {
      page.people.tokensExplained = false; // the page has said it in its own words
      return;
    }
    page.advice.asking = null;
    page.advice.showAdvice();
    page.pending = false;
    page.toast(page.refusal(message.message, message.said));
    if (page.state && !page.queue.length) page.choice.showChoice();
  },
  pong: () => {}, // the answer to the connection's ping: nothing to do
};

export class GamePage {
  /**
   * @param {HTMLElement} root
   * @param {string} gameId
   */
  constructor(root, gameId) {
    this.root = root;
    this.id = gameId;
    this.tokens = loadTokens(gameId);
    this.people = new People(this); // takes the seats a link handed over, at once
    /** @type {string[]} the colours this browser plays */
    this.you = [];
    /** @type {State[]} states still to show, in turn */
    this.queue = [];
    this.busy = false;
    /** @type {State | null} */
    this.state = null;
    /** @type {Record<string, Seat>} */
    this.seats = {};
    /** @type {LogEntry[]} */
    this.log = [];
    this.pending = false; // a roll or move sent, no answer yet
    /** @type {{ frames: Frame[], index: number, timer: number | undefined } | null} */
    this.replay = null;
    this.closed = false;
    const asked = new URLSearchParams(location.search).get("speed");
    this.speed = asked && SPEEDS[asked] ? asked : localStorage.getItem("pegrace:speed") || "normal";
    if (!SPEEDS[this.speed]) this.speed = "normal";
    /** @type {Board} drawn once the server's welcome brings the layout */
    this.board = /** @type {any} */ (null);
    /** @type {Layout} */
    this.layout = /** @type {any} */ (null);
    /** @type {HTMLAnchorElement} the link to how to play, made by build */
    this.rulesLink = /** @type {any} */ (null);
    /** @type {import("./messages.js").GameView | null} the game's settings, as in the welcome */
    this.game = null;
    /** @type {string} what the page waits for (data-await) */
    this.awaiting = "none";
    this.generation = 0; // a sync drops the states queued before it
    this.syncNext = false;
    /** @type {number | undefined} */
    this.watchers = undefined;
    /** @type {number | null} */
    this.idleDeadline = null;
    /** @type {AudioContext | null} */
    this.audio = null;
    this.choice = new Choice(this);
    this.advice = new Advice(this);
    this.chat = new Chat(this);
    this.end = new End(this);
    this.replayer = new Replayer(this);
    this.turnNotices = new TurnNotices(this);
    this.build();
    this.bindKeys();
    this.connection = new Connection(gameId, {
      open: () => {
        this.root.dataset.connected = "1";
        this.send({ type: "hello", tokens: this.people.helloTokens() });
      },
      message: (message) => this.receive(message),
      closed: (code) => this.lost(code),
    });
  }

  /** The state on the page, for what runs only once there is one (choices, advice, the end).
   * @returns {State}
   */
  shown() {
    if (!this.state) throw new Error("no state from the server yet");
    return this.state;
  }

  /** The animation's timings at the speed chosen. */
  timing() {
    return SPEEDS[this.speed];
  }

  // ------------------------------------------------------------------ page
  build() {
    this.boardEl = h("div", { class: "board-wrap", id: "board" }, h("p", { class: "hint" }, t("Connecting…")));
    this.statusEl = h("div", { class: "status", id: "status", role: "status", "aria-live": "polite" });
    this.rolloffEl = h("div", { class: "rolloff", id: "rolloff" });
    // TRANSLATORS: the button that pops the dome (rolls the die); "space" is the key that does it
    this.popButton = h("button", { class: "primary", id: "pop", type: "button", onclick: () => this.choice.roll() }, TOUCH ? t("Pop") : t("Pop (space)"));
    // passing sits at the moves' foot, away from the dome and Pop: a second tap never passes
    // TRANSLATORS: a button; P is the key that does it
    this.passButton = h("button", { id: "pass", class: "pass", type: "button", onclick: () => this.choice.pass() }, TOUCH ? t("Pass this turn") : t("Pass this turn (P)"));
    this.movesEl = h("ol", { id: "moves" });
    this.movesHint = h("p", { class: "hint", id: "moves-hint" }, TOUCH ? t("Tap a highlighted piece, then where it goes; tap elsewhere to start again.")
      : t("Click a highlighted piece, then its destination; or press a move's number. Esc starts again."));
    // TRANSLATORS: a heading: the moves to choose from
    this.movesCard = h("section", { class: "card moves", id: "moves-card" }, h("h2", {}, t("Moves")), this.movesEl, this.passButton, this.movesHint);
    this.endEl = h("section", { class: "card end", id: "end", hidden: true });
    this.hintButton = h("button", { type: "button", id: "hint", disabled: true, onclick: () => this.advice.ask("hint") }, this.advice.hintWords());
    this.chancesButton = h("button", { type: "button", id: "winprob", disabled: true, onclick: () => this.advice.ask("winprob") }, this.advice.chancesWords());
    this.hintEl = h("p", { id: "hint-answer", hidden: true });
    this.chancesEl = h("div", { id: "chances", hidden: true });
    // TRANSLATORS: a heading: the hint and the chances of winning
    this.adviceCard = h("section", { class: "card advice", id: "advice" }, h("h2", {}, t("Advice")),
      h("div", { class: "controls" }, this.hintButton, this.chancesButton), this.hintEl, this.chancesEl);
    this.playersEl = h("ul", { id: "players" });
    // TRANSLATORS: the game's log: what each player popped and moved
    this.logEl = h("ol", { id: "log", tabindex: 0, "aria-label": t("Log") }); // it scrolls: reachable by keyboard
    this.replayEl = h("div", { class: "replay-bar", id: "replay-bar", hidden: true });
    // TRANSLATORS: a button: the finished game played again, move by move
    this.replayButton = h("button", { type: "button", id: "replay", onclick: () => this.replayer.startReplay() }, t("Replay"));
    const speed = h("select", { id: "speed", "aria-label": t("animation speed"), onchange: (/** @type {Event} */ e) => this.setSpeed(/** @type {HTMLSelectElement} */ (e.target).value) },
      Object.entries(SPEED_NAMES).map(([name, words]) => h("option", { value: name, selected: name === this.speed }, words)));
    this.toastEl = h("div", { class: "toast", id: "toast", role: "alert", hidden: true });
    this.noticeEl = h("section", { class: "card notice", id: "notice", role: "alert", hidden: true });
    this.countdownEl = h("div", { class: "hint", id: "countdown", hidden: true });
    this.awayEl = h("section", { class: "card notice", id: "away", hidden: true },
      h("p", {}, t("You were away, so the computer is playing for you.")),
      h("button", { type: "button", class: "primary", id: "back", onclick: () => this.send({ type: "back" }) }, t("I'm back")));
    this.nameField = h("input", { id: "name", maxlength: 20, autocomplete: "nickname", "aria-label": t("your name") });
    this.nameEl = h("form", { class: "card name-form", id: "name-form", hidden: true, onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); this.people.saveName(); } },
      h("label", { for: "name" }, t("Your name, shown to the others:"), " "), this.nameField, " ", h("button", { type: "submit" }, t("Save")));
    this.watchersEl = h("p", { class: "hint", id: "watchers", hidden: true });
    this.handoffEl = h("section", { class: "card handoff", id: "handoff-card", hidden: true });
    this.chatLog = h("ol", { id: "chat-log", "aria-live": "polite", tabindex: 0, "aria-label": t("Chat lines") });
    this.emotesEl = h("div", { class: "emotes", id: "emotes" });
    this.chatField = h("input", { id: "chat-text", maxlength: 140, autocomplete: "off", "aria-label": t("chat message"), placeholder: t("Say something…") });
    this.chatForm = h("form", { class: "controls", id: "chat-form", onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); this.chat.say(); } },
      // TRANSLATORS: a button: send a chat line
      this.chatField, h("button", { type: "submit" }, t("Send")));
    this.chatCard = h("section", { class: "card chat", id: "chat" }, h("h2", {}, t("Chat")), this.chatLog, this.emotesEl, this.chatForm);
    this.handoffButton = h("button", { type: "button", id: "handoff", hidden: true, onclick: () => this.people.showHandoff() }, t("Continue on another device"));
    this.rulesLink = rulesLink(""); // its game is known once welcomed
    this.rulesLink.id = "how-to-play";
    this.rulesLink.hidden = true;
    this.soundBox = h("input", { type: "checkbox", id: "sound", checked: localStorage.getItem("pegrace:sound") !== "off",
      onchange: (/** @type {Event} */ e) => localStorage.setItem("pegrace:sound", /** @type {HTMLInputElement} */ (e.target).checked ? "on" : "off") });
    // off by default: some like to make even their only move themselves
    this.autoBox = h("input", { type: "checkbox", id: "auto-move", checked: localStorage.getItem("pegrace:auto-move") === "on",
      onchange: (/** @type {Event} */ e) => { localStorage.setItem("pegrace:auto-move", /** @type {HTMLInputElement} */ (e.target).checked ? "on" : "off"); this.choice.showChoice(); } });
    this.passChoiceBox = h("input", { type: "checkbox", id: "pass-choice", checked: localStorage.getItem("pegrace:pass-choice") === "on",
      onchange: (/** @type {Event} */ e) => { localStorage.setItem("pegrace:pass-choice", /** @type {HTMLInputElement} */ (e.target).checked ? "on" : "off"); this.choice.showChoice(); } });
    // each roll and move read out as it happens, in the log's words
    this.announceEl = h("div", { class: "sr-only", id: "announce", "aria-live": "polite" });
    fill(this.root,
      h("div", { class: "game" },
        h("div", { class: "main" }, this.boardEl, this.replayEl),
        h("aside", { class: "side" },
          this.noticeEl,
          this.awayEl,
          h("section", { class: "card" }, this.statusEl, this.countdownEl, this.rolloffEl, h("div", { class: "controls turn" }, this.popButton)),
          this.nameEl,
          this.endEl,
          this.movesCard,
          this.adviceCard,
          h("section", { class: "card players" }, h("h2", {}, t("Players")), this.playersEl, this.watchersEl),
          // TRANSLATORS: a heading: the game's settings and links
          h("section", { class: "card" }, h("h2", {}, tc("heading", "Game")),
            h("div", { class: "controls" },
              // TRANSLATORS: the label of the animation speed's menu
              h("label", {}, t("Animation"), " ", speed),
              h("label", { class: "sound" }, this.soundBox, " ", t("Sound on your turn")),
              h("label", { class: "sound" }, this.autoBox, " ", t("Move by itself when only one move is possible")),
              h("label", { class: "sound" }, this.passChoiceBox, " ", t("Passing counts as a choice (else one move or a pass is played by itself)")),
              this.replayButton,
              // TRANSLATORS: a link: the game's record, as a file
              h("a", { href: `/api/games/${encodeURIComponent(this.id)}/record`, download: `pegrace-${this.id}.json`, id: "download" }, t("Download record")),
              h("a", { href: "/" }, t("New game")),
              this.rulesLink,
              this.handoffButton, this.turnNotices.button, this.people.resigning.button)),
          this.handoffEl, this.people.resigning.card,
          this.chatCard,
          h("section", { class: "card log" }, h("h2", {}, t("Log")), this.logEl))),
      this.toastEl, this.announceEl);
    this.setAwait("none");
  }

  /** @param {string} name the animation's speed: a key of SPEEDS */
  setSpeed(name) {
    this.speed = name;
    localStorage.setItem("pegrace:speed", name);
  }

  /** Say ``message`` for a few seconds (an error, say).
   * @param {string} message words in the page's language
   */
  toast(message) {
    this.toastEl.textContent = message;
    this.toastEl.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { this.toastEl.hidden = true; }, 5000);
  }

  /** A refusal of the server's in words for a toast: its own words (``said``) where it sent
   * them, else a general line; its English ``detail`` goes to the console.
   * @param {string | undefined} detail
   * @param {import("./i18n.js").Said | null | undefined} said
   */
  refusal(detail, said) {
    if (detail) console.warn(`pegrace: ${detail}`);
    return said ? say(said) : t("The server refused that.");
  }

  bindKeys() {
    document.addEventListener("keydown", (event) => {
      const target = /** @type {Element} */ (event.target);
      if (target.closest && target.closest("input, select, textarea")) return;
      if (event.key === " " || event.key === "Spacebar") {
        if (this.awaiting === "roll") {
          event.preventDefault();
          this.choice.roll();
        }
      } else if (KEYS.includes(event.key) && this.awaiting === "move") {
        const move = this.choice.listed[KEYS.indexOf(event.key)];
        if (move) this.choice.sendMove(move);
      } else if ((event.key === "p" || event.key === "P") && this.awaiting === "move") {
        this.choice.pass();
      } else if (event.key === "Escape" && this.awaiting === "move") {
        this.choice.restart();
      } else if (event.key === "h" || event.key === "H") {
        this.advice.ask("hint");
      } else if (event.key === "w" || event.key === "W") {
        this.advice.ask("winprob");
      }
    });
  }

  // ------------------------------------------------------------------ connection
  /** The connection is lost (``code``: its close code): say so; whether to connect again.
   * @param {number} code
   */
  lost(code) {
    this.root.dataset.connected = "0";
    this.pending = false;
    if (code === 4404) {
      this.closed = true;
      this.statusEl.textContent = t("There is no such game.");
      return false;
    }
    this.statusEl.textContent = t("Connection lost: reconnecting…");
    this.setAwait("none");
    return true;
  }

  /** Send ``message`` to the server; false where the connection is down.
   * @param {ClientMessage} message
   */
  send(message) {
    return Boolean(this.connection) && this.connection.send(message);
  }

  /** A message from the server, handled as RECEIVED has it for its type (another: ignored).
   * @param {ServerMessage} message
   */
  receive(message) {
    if (!Object.prototype.hasOwnProperty.call(RECEIVED, message.type)) return;
    /** @type {(page: GamePage, message: ServerMessage) => void} */ (RECEIVED[message.type])(this, message);
  }

  /** @param {Welcome} message */
  welcome(message) {
    this.advice.asking = null; // an answer lost with a connection is asked for again
    this.people.keepHandedSeats(message.refused);
    this.you = message.you;
    this.game = message.game;
    this.layout = message.layout;
    this.rulesLink.href = rulesHref(message.game.game);
    this.rulesLink.hidden = false;
    this.turnNotices.show();
    this.root.dataset.you = this.you.join(" ");
    document.title = this.title(false);
    const where = document.getElementById("where");
    // the page's heading
    // TRANSLATORS: {game} is a game's name ("Trouble"), {id} the game's code
    if (where) where.replaceWith(h("h1", { class: "where", id: "where" }, t("{game} · game {id}", { game: t(message.game.title), id: this.id })));
    if (!this.board) {
      this.board = new Board(this.boardEl, message.layout);
      this.board.onSpot = (spot) => this.choice.clickSpot(spot);
      this.board.onDome = () => this.choice.roll();
    }
    this.syncNext = true;
    const name = localStorage.getItem("pegrace:name");
    // this browser's name for its one side; friends at one device keep the names they gave
    const sides = message.layout.sides.filter((side) => side.some((c) => this.you.includes(c)));
    if (sides.length === 1 && name) this.send({ type: "name", name });
    this.people.askName = !name;
    this.people.showNameForm();
    this.handoffButton.hidden = !this.you.length;
    this.chat.welcome(message);
  }

  /** What to call a seat: the name its person gave, else its colour.
   * @param {string} colour
   */
  called(colour) {
    const seat = this.seats[colour];
    return (seat && seat.name) || colourName(colour);
  }

  /** The idle limit's countdown for the seat to act, ``left`` seconds from now (null: none).
   * @param {number | null | undefined} left
   */
  setIdle(left) {
    this.idleDeadline = left === null || left === undefined ? null : Date.now() + left * 1000;
    clearInterval(this.idleTimer);
    this.showIdle();
    if (this.idleDeadline !== null) this.idleTimer = setInterval(() => this.showIdle(), 1000);
  }

  showIdle() {
    const state = this.state;
    const due = this.idleDeadline !== null && state && state.current && state.phase !== "over";
    this.countdownEl.hidden = !due;
    if (!due) return;
    const seconds = Math.max(0, Math.ceil((Number(this.idleDeadline) - Date.now()) / 1000));
    const clock = `${number(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, "0")}`;
    // TRANSLATORS: {clock} is minutes and seconds ("1:05")
    this.countdownEl.textContent = this.mine() ? t("{clock} left before the computer plays for you", { clock })
      // TRANSLATORS: {clock} is minutes and seconds ("1:05"), {player} a player's name
      : t("{clock} left for {player}", { clock, player: this.called(/** @type {string} */ (state.current)) });
  }

  /** A short tone when it becomes your turn, unless the sound is switched off. */
  chime() {
    if (!this.soundBox.checked) return;
    this.root.dataset.chimes = String(Number(this.root.dataset.chimes || 0) + 1);
    this.tones([660], 0.25);
  }

  /** Play ``notes`` (Hz) one after another, ``each`` seconds apiece.
   * @param {number[]} notes
   * @param {number} each
   */
  tones(notes, each) {
    try {
      const audio = this.audio || new AudioContext();
      this.audio = audio;
      notes.forEach((frequency, i) => {
        const start = audio.currentTime + i * each;
        const tone = audio.createOscillator();
        const volume = audio.createGain();
        tone.frequency.value = frequency;
        volume.gain.setValueAtTime(0.15, start);
        volume.gain.exponentialRampToValueAtTime(0.001, start + each * 1.8);
        tone.connect(volume).connect(audio.destination);
        tone.start(start);
        tone.stop(start + each * 1.8);
      });
    } catch {
      // no audio here: the page still says it in words
    }
  }

  // ------------------------------------------------------------------ states, in turn
  async pump() {
    if (this.busy) return;
    this.busy = true;
    const generation = this.generation;
    try {
      while (this.queue.length && generation === this.generation) {
        const message = /** @type {State} */ (this.queue.shift());
        if (this.state && message.seq <= this.state.seq) continue;
        this.setAwait("none");
        await this.animate(message);
        if (generation !== this.generation) break;
        this.apply(message, false);
      }
    } finally {
      this.busy = false;
    }
  }

  /** Show how the page came to ``message``'s position: the dice tumbling, a piece moving.
   * @param {State} message
   */
  async animate(message) {
    const before = this.state;
    const entry = message.last;
    if (!before || !entry || this.replay) return;
    const speed = this.queue.length >= CATCH_UP ? SPEEDS.instant : SPEEDS[this.speed];
    if (entry.roll !== null && entry.roll !== undefined) {
      await this.board.rollDice(this.rollOf(entry.roll, before.phase), speed.dice);
    } else if (entry.move) {
      const view = before.moves.find((move) => move.text === entry.move || (move.same || []).includes(/** @type {string} */ (entry.move)));
      if (view && !view.pass) {
        await this.board.animateMove(view, speed.hop);
        this.board.render(message.pieces, speed.hop * 2);
        this.board.trace(view);
        if (speed.hop) await sleep(speed.hop * 2);
      }
      if (speed.pause && !this.you.includes(entry.colour)) await sleep(speed.pause);
    }
  }

  /** A roll's text as dice (with Headache's bonus die, but for the roll-off).
   * @param {string} text
   * @param {string} phase
   */
  rollOf(text, phase) {
    return /** @type {import("./board.js").Roll} */ (parseRoll(text, this.layout.game === "headache" && phase !== "rolloff"));
  }

  /** Show ``message``'s position, its log and what it waits for (``sync``: the whole log,
   * after a hello, shown at once).
   * @param {State} message
   * @param {boolean} sync
   */
  apply(message, sync) {
    const ended = !sync && this.state && this.state.phase !== "over" && message.phase === "over";
    this.state = message;
    this.seats = message.seats;
    this.people.showNameForm();
    this.pending = false;
    this.choice.clearSelection();
    if (sync) {
      this.log = [];
      fill(this.logEl);
    }
    for (const entry of message.log) {
      if (this.log.length && entry.seq <= this.log[this.log.length - 1].seq) continue;
      this.log.push(entry);
      this.logEl.append(this.logItem(entry));
    }
    this.logEl.scrollTop = this.logEl.scrollHeight;
    if (!sync && message.last) this.announceEl.textContent = announce(this, message.last);
    if (!this.replay) {
      this.board.render(message.pieces, 0);
      const lastRoll = [...this.log].reverse().find((entry) => entry.roll !== null && entry.roll !== undefined);
      if (sync && lastRoll) this.board.setDice(this.rollOf(/** @type {string} */ (lastRoll.roll), lastRoll.rolloff ? "rolloff" : "roll"));
      if (sync || !message.last || !message.last.move) this.board.trace(null);
    }
    this.root.dataset.seq = String(message.seq);
    this.root.dataset.phase = message.phase;
    this.watchers = message.watchers;
    this.setIdle(message.idle_left);
    if (this.people.seatsKey() !== this.people.shownSeats) this.people.showPlayers();
    this.end.showEnd();
    this.choice.showChoice();
    this.advice.showAdvice();
    this.people.claimFromLink();
    if (ended) this.end.celebrate();
  }

  mine() {
    const state = this.state;
    return Boolean(state && state.current && state.phase !== "over" && this.you.includes(state.current));
  }

  /** @param {string} what what the page waits for: "roll", "move", "none" or "over" */
  setAwait(what) {
    /** @param {string} w */
    const yours = (w) => w === "roll" || w === "move";
    if (yours(what) && !yours(this.awaiting) && this.state && !this.state.forced_pass) { this.chime(); this.turnNotices.yourTurn(); }
    this.awaiting = what;
    this.root.dataset.await = what;
    // the tab says when it is your turn, so a player in another tab sees it
    if (this.game) document.title = this.title(yours(what));
    if (this.board) this.board.setDomeActive(what === "roll");
    this.popButton.hidden = what !== "roll";
  }

  /** The tab's title: the game's name, and whether it is your turn.
   * @param {boolean} yourTurn
   */
  title(yourTurn) {
    // a game's title: an id the catalogs have from guide_messages (pegrace/guide.py)
    const game = t(/** @type {import("./messages.js").GameView} */ (this.game).title);
    // TRANSLATORS: the browser tab's title; {game} is a game's name ("Trouble")
    return yourTurn ? ["▶", t("Your turn · {game} – pegrace", { game })].join(" ") : t("{game} – pegrace", { game });
  }

  // ------------------------------------------------------------------ log

  /** An event in the log: clicked in a replay, its position; pointed at, its route.
   * @param {LogEntry} entry
   */
  logItem(entry) {
    // read out as its words (the notation is a tooltip for those who want it); pointing at
    // a move shows on the board where it went
    const words = say(entry.said);
    const item = h("li", { class: entry.move ? "move" : "roll", title: entry.move, "aria-label": words + placedSaid(this, entry),
      dataset: { seq: entry.seq } }, chip(entry.colour, ""), " ", words, placedParts(this, entry));
    item.addEventListener("click", () => { if (this.replay) this.replayer.showFrame(entry.seq); });
    if (entry.steps && entry.steps.length) {
      item.addEventListener("mouseenter", () => this.board.preview(entry));
      item.addEventListener("mouseleave", () => this.board.preview(null));
    }
    return item;
  }
}
