// One game's page: the WebSocket to the server, the queue of states it sends (each roll
// and move animated in turn, at the speed the player chooses), choosing moves by clicking
// pieces and destinations (or by number keys), the players, the log, the end with its
// rematch, the move-by-move replay of a finished game, and advice: the expert's hint for
// your move and everyone's chances of winning (worked out by the server, keys H and W).
//
// The page never decides what is legal: it shows the moves the server lists and sends
// back the text of the one chosen. For tests and assistive tools the root element says
// what the page waits for in data-await ("roll", "move", "none" or "over").

import { Board, parseRoll } from "./board.js";
import { rulesHref, rulesLink } from "./rules.js";
import { api, capitalise, chip, fill, h, kindName, loadTokens, saveTokens } from "./util.js";

// milliseconds per hop of a moving piece, of the dice tumbling, and the pause after a move
const SPEEDS = {
  slow: { hop: 320, dice: 900, pause: 600 },
  normal: { hop: 140, dice: 450, pause: 200 },
  fast: { hop: 55, dice: 200, pause: 60 },
  instant: { hop: 0, dice: 0, pause: 0 },
};
const CATCH_UP = 4; // with more states than this waiting, skip the animations
const KEYS = "1234567890";
const SVG_NS = "http://www.w3.org/2000/svg";

/** A QR code's modules ({size, rows: ["0110…"]}) as an SVG picture, with its quiet zone. */
function qrPicture(code) {
  const quiet = 4;
  const side = code.size + 2 * quiet;
  const picture = document.createElementNS(SVG_NS, "svg");
  picture.setAttribute("viewBox", `0 0 ${side} ${side}`);
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-label", "QR code of the link");
  const back = document.createElementNS(SVG_NS, "rect");
  for (const [key, value] of Object.entries({ width: side, height: side, fill: "#fff" })) back.setAttribute(key, value);
  picture.append(back);
  let path = "";
  code.rows.forEach((row, y) => {
    [...row].forEach((bit, x) => { if (bit === "1") path += `M${x + quiet} ${y + quiet}h1v1h-1z`; });
  });
  const dark = document.createElementNS(SVG_NS, "path");
  dark.setAttribute("d", path);
  dark.setAttribute("fill", "#000");
  picture.append(dark);
  return picture;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// a phone or tablet: no keyboard to press keys on, so no "(space)" or "Esc" in the words
const TOUCH = window.matchMedia("(hover: none) and (pointer: coarse)").matches;
const key = (words) => (TOUCH ? "" : words);
const ORDINALS = ["", "1st", "2nd", "3rd"];
const ordinal = (n) => ORDINALS[n] || `${n}th`;
const unique = (items) => [...new Set(items)];

export class GamePage {
  constructor(root, gameId) {
    this.root = root;
    this.id = gameId;
    this.tokens = loadTokens(gameId);
    this.handed = this.takeHandedSeats();
    this.you = [];
    this.queue = [];
    this.busy = false;
    this.state = null;
    this.seats = {};
    this.log = [];
    this.pending = false; // a roll or move sent, no answer yet
    this.replay = null;
    this.retries = 0;
    this.closed = false;
    const asked = new URLSearchParams(location.search).get("speed");
    this.speed = SPEEDS[asked] ? asked : localStorage.getItem("pegrace:speed") || "normal";
    if (!SPEEDS[this.speed]) this.speed = "normal";
    this.clearSelection();
    this.build();
    this.bindKeys();
    this.connect();
  }

  // ------------------------------------------------------------------ page
  build() {
    this.boardEl = h("div", { class: "board-wrap", id: "board" }, h("p", { class: "hint" }, "Connecting…"));
    this.statusEl = h("div", { class: "status", id: "status", role: "status", "aria-live": "polite" });
    this.rolloffEl = h("div", { class: "rolloff", id: "rolloff" });
    this.popButton = h("button", { class: "primary", id: "pop", type: "button", onclick: () => this.roll() }, `Pop${key(" (space)")}`);
    this.passButton = h("button", { id: "pass", type: "button", onclick: () => this.pass() }, `Pass${key(" (P)")}`);
    this.movesEl = h("ol", { id: "moves" });
    this.movesCard = h("section", { class: "card moves", id: "moves-card" }, h("h2", {}, "Moves"), this.movesEl,
      h("p", { class: "hint" }, TOUCH ? "Tap a highlighted piece, then where it goes; tap elsewhere to start again."
        : "Click a highlighted piece, then its destination; or press a move's number. Esc starts again."));
    this.endEl = h("section", { class: "card end", id: "end", hidden: true });
    this.hintButton = h("button", { type: "button", id: "hint", disabled: true, onclick: () => this.ask("hint") }, `Hint${key(" (H)")}`);
    this.chancesButton = h("button", { type: "button", id: "winprob", disabled: true, onclick: () => this.ask("winprob") }, `Win chances${key(" (W)")}`);
    this.hintEl = h("p", { id: "hint-answer", hidden: true });
    this.chancesEl = h("div", { id: "chances", hidden: true });
    this.adviceCard = h("section", { class: "card advice", id: "advice" }, h("h2", {}, "Advice"),
      h("div", { class: "controls" }, this.hintButton, this.chancesButton), this.hintEl, this.chancesEl);
    this.playersEl = h("ul", { id: "players" });
    this.logEl = h("ol", { id: "log" });
    this.replayEl = h("div", { class: "replay-bar", id: "replay-bar", hidden: true });
    this.replayButton = h("button", { type: "button", id: "replay", onclick: () => this.startReplay() }, "Replay");
    const speed = h("select", { id: "speed", "aria-label": "animation speed", onchange: (e) => this.setSpeed(e.target.value) },
      Object.keys(SPEEDS).map((name) => h("option", { value: name, selected: name === this.speed }, capitalise(name))));
    this.toastEl = h("div", { class: "toast", id: "toast", role: "alert", hidden: true });
    this.noticeEl = h("section", { class: "card notice", id: "notice", role: "alert", hidden: true });
    this.countdownEl = h("div", { class: "hint", id: "countdown", hidden: true });
    this.awayEl = h("section", { class: "card notice", id: "away", hidden: true },
      h("p", {}, "You were away, so the computer is playing for you."),
      h("button", { type: "button", class: "primary", id: "back", onclick: () => this.send({ type: "back" }) }, "I'm back"));
    this.nameField = h("input", { id: "name", maxlength: 20, autocomplete: "nickname", "aria-label": "your name" });
    this.nameEl = h("form", { class: "card name-form", id: "name-form", hidden: true, onsubmit: (e) => { e.preventDefault(); this.saveName(); } },
      h("label", { for: "name" }, "Your name, shown to the others: "), this.nameField, " ", h("button", { type: "submit" }, "Save"));
    this.watchersEl = h("p", { class: "hint", id: "watchers", hidden: true });
    this.handoffEl = h("section", { class: "card handoff", id: "handoff-card", hidden: true });
    this.chatLog = h("ol", { id: "chat-log", "aria-live": "polite" });
    this.emotesEl = h("div", { class: "emotes", id: "emotes" });
    this.chatField = h("input", { id: "chat-text", maxlength: 140, autocomplete: "off", "aria-label": "chat message", placeholder: "Say something…" });
    this.chatForm = h("form", { class: "controls", id: "chat-form", onsubmit: (e) => { e.preventDefault(); this.say(); } },
      this.chatField, h("button", { type: "submit" }, "Send"));
    this.chatCard = h("section", { class: "card chat", id: "chat" }, h("h2", {}, "Chat"), this.chatLog, this.emotesEl, this.chatForm);
    this.handoffButton = h("button", { type: "button", id: "handoff", hidden: true, onclick: () => this.showHandoff() }, "Continue on another device");
    this.rulesLink = rulesLink(""); // its game is known once welcomed
    this.rulesLink.id = "how-to-play";
    this.rulesLink.hidden = true;
    this.soundBox = h("input", { type: "checkbox", id: "sound", checked: localStorage.getItem("pegrace:sound") !== "off",
      onchange: (e) => localStorage.setItem("pegrace:sound", e.target.checked ? "on" : "off") });
    // off by default: some like to make even their only move themselves
    this.autoBox = h("input", { type: "checkbox", id: "auto-move", checked: localStorage.getItem("pegrace:auto-move") === "on",
      onchange: (e) => { localStorage.setItem("pegrace:auto-move", e.target.checked ? "on" : "off"); this.showChoice(); } });
    // each roll and move read out as it happens, in the log's words
    this.announceEl = h("div", { class: "sr-only", id: "announce", "aria-live": "polite" });
    fill(this.root,
      h("div", { class: "game" },
        h("div", { class: "main" }, this.boardEl, this.replayEl),
        h("aside", { class: "side" },
          this.noticeEl,
          this.awayEl,
          h("section", { class: "card" }, this.statusEl, this.countdownEl, this.rolloffEl, h("div", { class: "controls" }, this.popButton, this.passButton)),
          this.nameEl,
          this.endEl,
          this.movesCard,
          this.adviceCard,
          h("section", { class: "card players" }, h("h2", {}, "Players"), this.playersEl, this.watchersEl),
          h("section", { class: "card" }, h("h2", {}, "Game"),
            h("div", { class: "controls" },
              h("label", {}, "Animation ", speed),
              h("label", { class: "sound" }, this.soundBox, " Sound on your turn"),
              h("label", { class: "sound" }, this.autoBox, " Move by itself when only one move is possible"),
              this.replayButton,
              h("a", { href: `/api/games/${encodeURIComponent(this.id)}/record`, download: `pegrace-${this.id}.json`, id: "download" }, "Download record"),
              h("a", { href: "/" }, "New game"),
              this.rulesLink,
              this.handoffButton)),
          this.handoffEl,
          this.chatCard,
          h("section", { class: "card log" }, h("h2", {}, "Log"), this.logEl))),
      this.toastEl, this.announceEl);
    this.setAwait("none");
  }

  setSpeed(name) {
    this.speed = name;
    localStorage.setItem("pegrace:speed", name);
  }

  toast(message) {
    this.toastEl.textContent = message;
    this.toastEl.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { this.toastEl.hidden = true; }, 5000);
  }

  bindKeys() {
    document.addEventListener("keydown", (event) => {
      if (event.target.closest && event.target.closest("input, select, textarea")) return;
      if (event.key === " " || event.key === "Spacebar") {
        if (this.awaiting === "roll") {
          event.preventDefault();
          this.roll();
        }
      } else if (KEYS.includes(event.key) && this.awaiting === "move") {
        const move = this.listed[KEYS.indexOf(event.key)];
        if (move) this.sendMove(move);
      } else if ((event.key === "p" || event.key === "P") && this.awaiting === "move") {
        this.pass();
      } else if (event.key === "Escape" && this.awaiting === "move") {
        this.restart();
      } else if (event.key === "h" || event.key === "H") {
        this.ask("hint");
      } else if (event.key === "w" || event.key === "W") {
        this.ask("winprob");
      }
    });
  }

  // ------------------------------------------------------------------ connection
  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.id)}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retries = 0;
      this.root.dataset.connected = "1";
      this.send({ type: "hello", tokens: this.helloTokens() });
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket) return;
      this.root.dataset.connected = "0";
      this.pending = false;
      if (event.code === 4404) {
        this.closed = true;
        this.statusEl.textContent = "There is no such game.";
        return;
      }
      this.statusEl.textContent = "Connection lost: reconnecting…";
      this.setAwait("none");
      const wait = Math.min(5000, 250 * 2 ** this.retries++);
      setTimeout(() => this.connect(), wait);
    });
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  receive(message) {
    if (message.type === "welcome") {
      this.welcome(message);
    } else if (message.type === "state") {
      if (this.syncNext) {
        this.syncNext = false;
        this.queue = [];
        this.generation = (this.generation || 0) + 1;
        this.apply(message, true);
      } else {
        this.queue.push(message);
        this.pump();
      }
    } else if (message.type === "seats") {
      this.seats = message.seats;
      this.watchers = message.watchers;
      this.setIdle(message.idle_left);
      this.showPlayers();
      this.showNameForm();
    } else if (message.type === "chat") {
      this.showChatLine(message);
    } else if (message.type === "rematch") {
      if (this.state) this.state.rematch = message.id;
      this.showEnd();
    } else if (message.type === "hint" || message.type === "winprob") {
      this.advised(message);
    } else if (message.type === "error") {
      if (this.tokensExplained && message.message.includes("seat tokens are not for this game")) {
        this.tokensExplained = false; // the page has said it in its own words
        return;
      }
      this.asking = null;
      this.showAdvice();
      this.pending = false;
      this.toast(message.message);
      if (this.state && !this.queue.length) this.showChoice();
    }
  }

  welcome(message) {
    this.asking = null; // an answer lost with a connection is asked for again
    this.keepHandedSeats(message.refused);
    this.you = message.you;
    this.game = message.game;
    this.layout = message.layout;
    this.rulesLink.href = rulesHref(message.game.game);
    this.rulesLink.hidden = false;
    this.root.dataset.you = this.you.join(" ");
    document.title = `${message.game.title} – pegrace`;
    const where = document.getElementById("where");
    if (where) where.textContent = `${message.game.title} · game ${this.id}`;
    if (!this.board) {
      this.board = new Board(this.boardEl, message.layout);
      this.board.onSpot = (spot) => this.clickSpot(spot);
      this.board.onDome = () => this.roll();
    }
    this.syncNext = true;
    const name = localStorage.getItem("pegrace:name");
    if (this.you.length && name) this.send({ type: "name", name });
    this.askName = !name;
    this.showNameForm();
    this.handoffButton.hidden = !this.you.length;
    const canChat = this.you.length > 0 || message.game.watcher_chat;
    this.chatForm.hidden = this.emotesEl.hidden = !canChat;
    fill(this.emotesEl, ...message.emotes.map((emote) =>
      h("button", { type: "button", class: "emote", "aria-label": `send ${emote}`, onclick: () => this.send({ type: "chat", emote }) }, emote)));
    fill(this.chatLog);
    for (const line of message.chat) this.showChatLine(line);
  }

  /** Ask a seat's person for a name shown to the others: only where there are others, people
   * at other seats (or seats still open for them), and only until one is given. */
  showNameForm() {
    const others = Object.entries(this.seats).some(([colour, seat]) =>
      !this.you.includes(colour) && (seat.kind === "human" || seat.kind === "open"));
    this.nameEl.hidden = !(this.askName && this.you.length && others);
  }

  say() {
    const text = this.chatField.value.trim();
    if (text && this.send({ type: "chat", text })) this.chatField.value = "";
    this.chatField.blur(); // back to the game: Space pops again
  }

  showChatLine(line) {
    const who = line.colour ? chip(line.colour, line.from) : h("span", { class: "hint" }, line.from);
    const said = line.emote ? h("span", { class: "emote-said" }, line.emote) : line.text; // text, never markup
    this.chatLog.append(h("li", {}, who, ": ", said));
    while (this.chatLog.children.length > 50) this.chatLog.firstChild.remove();
    this.chatLog.scrollTop = this.chatLog.scrollHeight;
  }

  saveName() {
    const name = this.nameField.value.trim().replace(/\s+/g, " ");
    if (!name) return;
    localStorage.setItem("pegrace:name", name);
    this.askName = false;
    this.nameEl.hidden = true;
    this.send({ type: "name", name });
  }

  /** What to call a seat: the name its person gave, else its colour. */
  called(colour) {
    const seat = this.seats[colour];
    return (seat && seat.name) || capitalise(colour);
  }

  /** The idle limit's countdown for the seat to act, ``left`` seconds from now (null: none). */
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
    const seconds = Math.max(0, Math.ceil((this.idleDeadline - Date.now()) / 1000));
    const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    this.countdownEl.textContent = this.mine()
      ? `${clock} left before the computer plays for you`
      : `${clock} left for ${this.called(state.current)}`;
  }

  /** A short tone when it becomes your turn, unless the sound is switched off. */
  chime() {
    if (!this.soundBox.checked) return;
    this.root.dataset.chimes = String(Number(this.root.dataset.chimes || 0) + 1);
    this.tones([660], 0.25);
  }

  /** Play ``notes`` (Hz) one after another, ``each`` seconds apiece. */
  tones(notes, each) {
    try {
      this.audio = this.audio || new AudioContext();
      notes.forEach((frequency, i) => {
        const start = this.audio.currentTime + i * each;
        const tone = this.audio.createOscillator();
        const volume = this.audio.createGain();
        tone.frequency.value = frequency;
        volume.gain.setValueAtTime(0.15, start);
        volume.gain.exponentialRampToValueAtTime(0.001, start + each * 1.8);
        tone.connect(volume).connect(this.audio.destination);
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
        const message = this.queue.shift();
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

  async animate(message) {
    const before = this.state;
    const entry = message.last;
    if (!before || !entry || this.replay) return;
    const speed = this.queue.length >= CATCH_UP ? SPEEDS.instant : SPEEDS[this.speed];
    if (entry.roll !== null && entry.roll !== undefined) {
      await this.board.rollDice(this.rollOf(entry.roll, before.phase), speed.dice);
    } else if (entry.move) {
      const view = before.moves.find((move) => move.text === entry.move || (move.same || []).includes(entry.move));
      if (view && !view.pass) {
        await this.board.animateMove(view, speed.hop);
        this.board.render(message.pieces, speed.hop * 2);
        this.board.trace(view);
        if (speed.hop) await sleep(speed.hop * 2);
      }
      if (speed.pause && !this.you.includes(entry.colour)) await sleep(speed.pause);
    }
  }

  rollOf(text, phase) {
    return parseRoll(text, this.layout.game === "headache" && phase !== "rolloff");
  }

  apply(message, sync) {
    const ended = !sync && this.state && this.state.phase !== "over" && message.phase === "over";
    this.state = message;
    this.seats = message.seats;
    this.showNameForm();
    this.pending = false;
    this.clearSelection();
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
    if (!sync && message.last) this.announceEl.textContent = message.last.label;
    if (!this.replay) {
      this.board.render(message.pieces, 0);
      const lastRoll = [...this.log].reverse().find((entry) => entry.roll !== null && entry.roll !== undefined);
      if (sync && lastRoll) this.board.setDice(this.rollOf(lastRoll.roll, lastRoll.rolloff ? "rolloff" : "roll"));
      if (sync || !message.last || !message.last.move) this.board.trace(null);
    }
    this.root.dataset.seq = String(message.seq);
    this.root.dataset.phase = message.phase;
    this.watchers = message.watchers;
    this.setIdle(message.idle_left);
    const seats = JSON.stringify([message.seats, message.current, message.phase === "over", message.watchers]);
    if (seats !== this.shownSeats) this.showPlayers();
    this.showEnd();
    this.showChoice();
    this.showAdvice();
    this.claimFromLink();
    if (ended) this.celebrate();
  }

  mine() {
    const state = this.state;
    return Boolean(state && state.current && state.phase !== "over" && this.you.includes(state.current));
  }

  setAwait(what) {
    const yours = (w) => w === "roll" || w === "move";
    if (yours(what) && !yours(this.awaiting) && this.state && !this.state.forced_pass) this.chime();
    this.awaiting = what;
    this.root.dataset.await = what;
    // the tab says when it is your turn, so a player in another tab sees it
    if (this.game) document.title = `${what === "roll" || what === "move" ? "▶ Your turn · " : ""}${this.game.title} – pegrace`;
    if (this.board) this.board.setDomeActive(what === "roll");
    this.popButton.hidden = what !== "roll";
  }

  // ------------------------------------------------------------------ status and choices
  showStatus() {
    const state = this.state;
    const who = state.current ? this.called(state.current) : "";
    let text;
    const popIt = TOUCH ? "tap the dome" : "click the dome or press space";
    if (state.phase === "over") text = this.headline();
    else if (state.phase === "rolloff") text = this.mine() ? `Who starts? Your pop (${who}): ${popIt}` : `Who starts? ${who} to pop`;
    else if (state.phase === "roll") text = this.mine() ? `Your turn (${who}): ${popIt}` : `${who} to pop`;
    else if (state.forced_pass) text = `${who} popped ${state.roll}: nothing can move, so the turn passes`;
    else text = this.mine() ? `${who}, you popped ${state.roll}: choose a move` : `${who} popped ${state.roll}`;
    this.statusEl.textContent = text;
    this.statusEl.classList.toggle("mine", this.mine());
    const pops = Object.entries(state.rolloff || {});
    fill(this.rolloffEl, ...(state.phase === "rolloff" && pops.length
      ? [h("span", {}, "Pops: "), ...pops.map(([colour, pop]) => h("span", {}, chip(colour, `${capitalise(colour)} ${pop}`), " "))]
      : []));
  }

  clearSelection() {
    this.selection = { prefix: [], from: null, to: null };
  }

  stepKey(step) {
    return `${step.from}>${step.to}:${step.die || ""}:${step.ccw ? "ccw" : ""}`;
  }

  /** The listed moves that begin with the steps chosen so far. */
  candidates() {
    const { prefix } = this.selection;
    return this.state.moves.filter((move) => !move.pass && prefix.every((key, i) => move.steps[i] && this.stepKey(move.steps[i]) === key));
  }

  /** The moves the side list offers now (narrowed by the pieces and spots chosen). */
  offered() {
    const { prefix, from, to } = this.selection;
    if (!prefix.length && !from) return this.state.moves;
    const k = prefix.length;
    return this.candidates().filter((move) => {
      const step = move.steps[k];
      if (!step) return true;
      return (!from || step.from === from) && (!to || step.to === to);
    });
  }

  showChoice() {
    if (!this.state || this.replay) return;
    this.showStatus();
    const myMove = this.mine() && this.state.phase === "move" && !this.pending && !this.state.forced_pass;
    const myRoll = this.mine() && this.state.phase !== "move" && !this.pending;
    const settled = !this.queue.length;
    this.setAwait(this.state.phase === "over" ? "over" : settled && myMove ? "move" : settled && myRoll ? "roll" : "none");
    this.passButton.hidden = !(this.awaiting === "move" && this.state.can_pass);
    this.board.clearMarks();
    // after a pop the focus goes to the first piece that can move (not 22 presses of Tab away),
    // unless the person is typing somewhere
    const typing = document.activeElement && document.activeElement.closest("input, select, textarea");
    if (this.popped && this.awaiting !== "none") {
      if (this.awaiting === "move" && !typing) this.board.refocus = true;
      this.popped = false;
    }
    this.listed = [];
    if (this.awaiting !== "move") {
      fill(this.movesEl, h("li", { class: "hint" }, this.idleText()));
      this.movesCard.hidden = this.state.phase === "over";
      return;
    }
    this.movesCard.hidden = false;
    const k = this.selection.prefix.length;
    const candidates = this.candidates();
    const stepping = candidates.filter((m) => m.steps[k]);
    if (this.selection.from) {
      this.board.mark([this.selection.from], "chosen");
      const leaving = stepping.filter((m) => m.steps[k].from === this.selection.from);
      this.board.mark(unique(leaving.map((m) => m.steps[k].to)), "to", (spot) => {
        const ending = leaving.filter((m) => m.steps[k].to === spot);
        return ending.length === 1 ? ending[0].label : capitalise(`move ${ending[0].steps[k].to_words}`);
      });
    } else {
      this.board.mark(unique(stepping.map((m) => m.steps[k].from)), "from", (spot) => {
        const leaving = stepping.filter((m) => m.steps[k].from === spot);
        const piece = this.state.pieces.find((p) => p.spot === spot && p.colour === leaving[0].piece.colour);
        const where = unique(leaving.map((m) => m.steps[k].to_words)).join(" or ");
        return `${piece ? piece.words : capitalise(leaving[0].piece.colour)}, can move ${where}`;
      });
    }
    this.listed = this.offered();
    fill(this.movesEl, ...this.listed.map((move, i) =>
      h("li", { class: this.suggested(move) ? "suggested" : "" },
        // the notation stays a tooltip away, for those who want it
        h("button", { type: "button", title: move.text, dataset: { move: move.text }, onclick: () => this.sendMove(move),
          onmouseenter: () => this.board.preview(move), onmouseleave: () => this.board.preview(null),
          onfocus: () => this.board.preview(move), onblur: () => this.board.preview(null) },
          h("span", { class: "key" }, KEYS[i] || ""), " ", move.label,
          this.suggested(move) ? h("span", { class: "star", title: "the hint" }, " ★") : null))));
    this.hintButton.disabled = this.awaiting !== "move";
    this.moveIfOnlyOne();
  }

  /** With "move by itself" on, a choice of one is made for the player after a short look. */
  moveIfOnlyOne() {
    const only = this.state.moves.length === 1 && !this.state.moves[0].pass ? this.state.moves[0] : null;
    if (!this.autoBox.checked || !only || this.selection.prefix.length) return;
    const seq = this.state.seq;
    setTimeout(() => { if (this.state.seq === seq && this.awaiting === "move") this.sendMove(only); },
      Math.max(300, SPEEDS[this.speed].pause * 2));
  }

  idleText() {
    if (this.pending) return "Sent…";
    if (this.awaiting === "roll") return `Pop first: ${TOUCH ? "tap the dome" : "click the dome or press space"}.`;
    if (!this.you.length) return "You are watching this game.";
    const who = this.state.current ? this.called(this.state.current) : "";
    return this.state.phase === "move" ? `${who} is choosing a move…` : `Waiting for ${who}…`;
  }

  clickSpot(spot) {
    if (this.awaiting !== "move") return;
    const selection = this.selection;
    const k = selection.prefix.length;
    const candidates = this.candidates();
    if (selection.from) {
      const reaching = candidates.filter((m) => m.steps[k] && m.steps[k].from === selection.from && m.steps[k].to === spot);
      if (reaching.length) {
        this.chooseStep(reaching);
        return;
      }
    }
    const leaving = candidates.filter((m) => m.steps[k] && m.steps[k].from === spot);
    if (leaving.length) {
      selection.from = spot;
      selection.to = null;
      if (unique(leaving.map((m) => m.steps[k].to)).length === 1) {
        this.chooseStep(leaving);
        return;
      }
    } else {
      this.restart();
      return;
    }
    this.showChoice();
  }

  /** Forget the steps chosen so far (the pieces go back where they stand). */
  restart() {
    if (this.selection.prefix.length) this.board.render(this.state.pieces, 0);
    this.clearSelection();
    this.showChoice();
  }

  /** Moves whose next step goes from the chosen piece to the chosen spot: take that step,
   *  send the move once only one is left, or list them where they still differ. */
  chooseStep(moves) {
    const selection = this.selection;
    const k = selection.prefix.length;
    const keys = unique(moves.map((m) => this.stepKey(m.steps[k])));
    if (keys.length > 1) {
      selection.to = moves[0].steps[k].to; // e.g. one destination both ways round: list them
      this.showChoice();
      return;
    }
    selection.prefix.push(keys[0]);
    selection.from = null;
    selection.to = null;
    const left = this.candidates();
    if (left.length === 1) {
      this.sendMove(left[0]);
      return;
    }
    // show the chosen step on the board while the next one is chosen
    this.board.animateMove({ steps: [moves[0].steps[k]], piece: moves[0].piece }, 0);
    this.showChoice();
  }

  sendMove(move) {
    if (this.awaiting !== "move" || this.pending) return;
    if (this.send({ type: "move", move: move.text })) {
      this.pending = true;
      this.clearSelection();
      this.showChoice();
    }
  }

  pass() {
    const move = this.state && this.state.moves.find((m) => m.pass);
    if (move) this.sendMove(move);
  }

  roll() {
    if (this.awaiting !== "roll" || this.pending) return;
    if (this.send({ type: "roll" })) {
      this.pending = true;
      this.popped = true; // its moves, once they come, get the focus
      this.showChoice();
    }
  }

  // ------------------------------------------------------------------ advice
  /** Ask the server for a hint (your move only) or the win chances (any time). */
  ask(kind) {
    if (!this.state || this.replay || this.asking) return;
    if (kind === "hint" && this.awaiting !== "move") return;
    if (this.send({ type: kind })) {
      this.asking = kind;
      this.showAdvice();
    }
  }

  advised(message) {
    const more = message.type === "winprob" && message.final === false; // narrowing still
    if (this.asking === message.type && !more) this.asking = null;
    if (message.type === "hint") this.hint = message;
    else this.chances = message;
    this.showAdvice();
    if (message.type === "hint") this.showChoice();
  }

  /** The hint, while its position is on the board. */
  currentHint() {
    return this.hint && this.state && this.hint.seq === this.state.seq ? this.hint : null;
  }

  suggested(move) {
    const hint = this.currentHint();
    return Boolean(hint && (hint.move === move.text || (move.same || []).includes(hint.move)));
  }

  showAdvice() {
    const hint = this.currentHint();
    this.hintButton.disabled = this.awaiting !== "move" || Boolean(this.replay);
    this.chancesButton.disabled = !this.state || Boolean(this.replay);
    this.hintButton.textContent = this.asking === "hint" ? "Thinking…" : `Hint${key(" (H)")}`;
    this.chancesButton.textContent = this.asking === "winprob" ? "Playing it out…" : `Win chances${key(" (W)")}`;
    this.hintEl.hidden = !hint;
    if (hint) {
      fill(this.hintEl, h("strong", { title: hint.move }, "★ ", hint.label), h("br"), h("span", { class: "hint" }, capitalise(hint.why)));
    }
    const over = this.state && this.state.phase === "over";
    if (this.chances && over && this.chances.seq !== this.state.seq) this.chances = null; // the end drops old chances
    const chances = this.chances;
    this.chancesEl.hidden = !chances;
    if (!chances) return;
    const stale = !this.state || chances.seq !== this.state.seq;
    const percent = (x) => `${Math.round(x * 100)}%`;
    this.chancesEl.classList.toggle("stale", stale);
    // one number and its bar per side; the interval and the learned estimate are a
    // tooltip away (and in the note), for those who want them
    const detail = (c) => chances.playouts
      ? `95% interval ${percent(c.low)}–${percent(c.high)}${c.learned !== undefined ? `; the expert's learned estimate ${percent(c.learned)}` : ""}`
      : "exact: the game is over";
    fill(this.chancesEl,
      h("ul", { class: "chances" }, chances.chances.map((c) =>
        h("li", { dataset: { side: c.side }, title: detail(c) },
          h("span", { class: "side" }, c.side.split("+").map((colour) => chip(colour, this.called(colour)))),
          h("span", { class: "bar" }, h("span", { class: "fill", style: { width: `${(c.chance * 100).toFixed(1)}%` } })),
          h("span", { class: "value" }, percent(c.chance)),
          h("span", { class: "sr-only" }, ` (${detail(c)})`)))),
      h("p", { class: "hint", id: "chances-note" }, chances.playouts
        ? `Chance of winning: ${chances.playouts} games played on from here by the ${chances.player} computer${chances.final === false ? ", more to come" : ""}${stale ? `, ${this.state.seq - chances.seq} events ago` : ""}. ${TOUCH ? "Touch" : "Point at"} a side for its 95% interval${chances.chances[0].learned !== undefined ? " and the expert's own learned estimate" : ""}.`
        : "The game is over: these are exact."));
    this.chancesEl.dataset.final = String(chances.final !== false);
  }

  // ------------------------------------------------------------------ players, log, end
  /** The colours that win with yours but are not yours: a Marbles team-mate. */
  partners() {
    const sides = (this.layout && this.layout.sides) || [];
    return sides.filter((side) => side.some((c) => this.you.includes(c))).flat().filter((c) => !this.you.includes(c));
  }

  showPlayers() {
    if (!this.layout) return;
    const state = this.state;
    this.shownSeats = JSON.stringify([this.seats, state && state.current, state && state.phase === "over", this.watchers]);
    fill(this.playersEl, ...this.layout.colours.map((colour) => {
      const seat = this.seats[colour] || { kind: "?" };
      const yours = this.you.includes(colour);
      const named = seat.name ? `${seat.name} · ${capitalise(colour)}` : capitalise(colour);
      const partner = !yours && this.partners().includes(colour) ? " (your partner)" : "";
      const parts = [chip(colour, `${named}${yours ? " (you)" : partner}`), h("span", { class: "kind" }, kindName(seat.kind))];
      if (seat.kind === "human" && !seat.connected && !yours) parts.push(h("span", { class: "offline" }, "away"));
      if (seat.takeover) parts.push(h("span", { class: "kind" }, "· computer playing for now"));
      if (seat.kind === "open" && state && state.phase !== "over") {
        const link = `${location.origin}/game/${encodeURIComponent(this.id)}?claim=${colour}`;
        parts.push(
          h("button", { type: "button", class: "take", dataset: { colour }, onclick: () => this.claim(colour) }, "Take seat"),
          this.copied === colour
            ? h("span", { class: "copied" }, h("button", { type: "button", class: "invite", dataset: { colour }, onclick: (e) => this.copyInvite(colour, link, e.target) }, "Copied!"))
            : h("button", { type: "button", class: "invite", dataset: { colour }, onclick: (e) => this.copyInvite(colour, link, e.target) }, "Copy invite link"),
        );
      }
      const turn = state && state.current === colour && state.phase !== "over";
      return h("li", { class: turn ? "turn" : "", dataset: { colour } }, parts);
    }));
    const watching = this.watchers || 0;
    this.watchersEl.hidden = !watching;
    this.watchersEl.textContent = `${watching} watching`;
    this.awayEl.hidden = !this.you.some((colour) => this.seats[colour] && this.seats[colour].takeover);
    const turn = state && state.phase !== "over" ? state.current : null;
    this.board.setNames(Object.fromEntries(this.layout.colours.map((c) => [c, (this.seats[c] || {}).name || ""])), this.you, turn);
  }

  async copyInvite(colour, link, button) {
    try {
      await navigator.clipboard.writeText(link);
      this.copied = colour;
      this.showPlayers();
    } catch {
      const field = h("input", { value: link, readonly: true, class: "invite-link", "aria-label": "invite link" });
      button.replaceWith(field);
      field.select();
    }
  }

  async claim(colour) {
    try {
      const answer = await api(`/api/games/${encodeURIComponent(this.id)}/claim`, { colour });
      this.tokens = saveTokens(this.id, answer.tokens);  // two sets: both colours of the side
      this.send({ type: "hello", tokens: this.helloTokens() });
    } catch (error) {
      if (error.message.includes("is not an open seat")) this.seatTaken(colour);
      else this.toast(error.message);
    }
  }

  /** An invitation to a seat someone took first: say so, and offer to watch. */
  seatTaken(colour) {
    const seat = this.seats[colour];
    const by = seat && seat.kind.startsWith("computer:") ? "the computer plays it" : "someone took it first";
    fill(this.noticeEl,
      h("h2", {}, "Seat taken"),
      h("p", {}, chip(colour, capitalise(colour)), ` was offered in your invitation, but ${by}. You can watch this game, or start one of your own.`),
      h("div", { class: "controls" },
        h("button", { type: "button", id: "watch", class: "primary", onclick: () => { this.noticeEl.hidden = true; } }, "Watch"),
        h("a", { href: "/" }, "New game")));
    this.noticeEl.hidden = false;
  }

  /** The seat tokens a "continue on another device" link brought (``#seat=red.TOKEN``),
   * which leave the address bar at once. They are kept only once the server accepts them
   * (keepHandedSeats): a link with a wrong token must not overwrite a seat this browser holds. */
  takeHandedSeats() {
    const handed = location.hash.match(/^#seat=([A-Za-z0-9_.,-]+)$/);
    if (!handed) return {};
    history.replaceState(null, "", location.pathname + location.search);
    return Object.fromEntries(handed[1].split(",").map((pair) => pair.split(".")).filter((pair) => pair.length === 2));
  }

  /** The tokens a hello carries: those held, then those a link handed over that differ. */
  helloTokens() {
    const held = Object.entries(this.tokens).map(([colour, token]) => ({ colour, token, handed: false }));
    const handed = Object.entries(this.handed).filter(([colour, token]) => this.tokens[colour] !== token)
      .map(([colour, token]) => ({ colour, token, handed: true }));
    this.sent = [...held, ...handed];
    return this.sent.map((entry) => entry.token);
  }

  /** Keep the handed tokens the server accepted (``refused``: the places in the hello of
   * those it did not); say which seats the link could not give. */
  keepHandedSeats(refused) {
    if (!this.sent || !this.sent.some((entry) => entry.handed)) return;
    const bad = new Set(refused || []);
    const accepted = {};
    const lost = [];
    this.sent.forEach((entry, i) => {
      if (!entry.handed) return;
      if (bad.has(i)) lost.push(entry.colour);
      else accepted[entry.colour] = entry.token;
    });
    this.handed = {};
    this.sent = null;
    if (Object.keys(accepted).length) this.tokens = saveTokens(this.id, accepted);
    if (lost.length) {
      const kept = lost.filter((colour) => this.tokens[colour]);
      this.tokensExplained = true;
      this.toast(`The link's seat ${lost.map(capitalise).join(", ")} was not accepted` +
        (kept.length ? ": you keep the seat you held" : ""));
    }
  }

  /** The link (and its QR code) that carries this browser's seats to another device. */
  async showHandoff() {
    if (!this.handoffEl.hidden) {
      this.handoffEl.hidden = true;
      return;
    }
    const pairs = Object.entries(this.tokens).filter(([colour]) => this.you.includes(colour));
    const link = `${location.origin}/game/${encodeURIComponent(this.id)}#seat=${pairs.map(([c, t]) => `${c}.${t}`).join(",")}`;
    const local = ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);
    const field = h("input", { value: link, readonly: true, class: "invite-link", id: "handoff-link", "aria-label": "link to your seat" });
    fill(this.handoffEl,
      h("h2", {}, "Continue on another device"),
      h("p", {}, "Open this link (or scan the code) on the other device to play your seat there."),
      h("p", { class: "error" }, "It is your seat's secret: whoever opens it can play as you. Send it only to yourself."),
      local ? h("p", { class: "hint" }, "This page's address only works on this machine: open it by the machine's network address for another device to reach it.") : null,
      field,
      h("div", { class: "qr", id: "handoff-qr" }));
    this.handoffEl.hidden = false;
    field.select();
    try {
      const code = await api("/api/qr", { text: link });
      fill(this.handoffEl.querySelector("#handoff-qr"), qrPicture(code));
    } catch (error) {
      this.toast(`No QR code: ${error.message}`);
    }
  }

  claimFromLink() {
    const params = new URLSearchParams(location.search);
    const colour = params.get("claim");
    if (!colour) return;
    params.delete("claim");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? `?${rest}` : ""));
    const seat = this.seats[colour];
    if (!seat || this.you.includes(colour)) return;
    if (seat.kind === "open") this.claim(colour);
    else this.seatTaken(colour);
  }

  logItem(entry) {
    // read out as its words (the notation is a tooltip for those who want it); pointing at
    // a move shows on the board where it went
    const item = h("li", { class: entry.move ? "move" : "roll", title: entry.move, "aria-label": entry.label,
      dataset: { seq: entry.seq } }, chip(entry.colour, ""), " ", entry.label);
    item.addEventListener("click", () => { if (this.replay) this.showFrame(entry.seq); });
    if (entry.steps && entry.steps.length) {
      item.addEventListener("mouseenter", () => this.board.preview(entry));
      item.addEventListener("mouseleave", () => this.board.preview(null));
    }
    return item;
  }

  showEnd() {
    const state = this.state;
    const over = state && state.phase === "over";
    this.endEl.hidden = !over;
    this.replayButton.disabled = !over;
    if (!over) return;
    const outcome = state.outcome || { places: {}, winners: [], reason: "" };
    const places = Object.entries(outcome.places).sort((a, b) => a[1] - b[1]);
    const rematchLabel = state.rematch ? "Join the rematch" : "Rematch";
    fill(this.endEl,
      h("h2", {}, "Final places"),
      h("ol", { id: "places" }, places.map(([side, place]) =>
        h("li", { value: place }, side.split("+").map((c) => chip(c, this.called(c) + (this.you.includes(c) ? " (you)" : ""))),
          place === 1 ? h("strong", { class: "winner" }, " winner") : "",
          (outcome.unplayed || []).includes(side) ? h("span", { class: "unplayed" }, " not played out") : ""))),
      (outcome.unplayed || []).length ? h("p", { class: "hint", id: "unplayed" }, `Places marked "not played out" were not played for (${outcome.reason}): they are ranked by ${outcome.ranked_by}.`) : null,
      outcome.reason ? h("p", { class: "hint" }, outcome.reason) : null,
      h("div", { class: "controls" },
        h("button", { class: "primary big", type: "button", id: "rematch", onclick: () => this.rematch() }, rematchLabel),
        h("button", { type: "button", onclick: () => this.startReplay() }, "Replay"),
        h("a", { href: "/" }, "New game")));
  }

  /** The end in one line: who won, and where you finished ("Yellow wins! You finished 4th"). */
  headline() {
    const outcome = this.state.outcome || { places: {} };
    const places = Object.entries(outcome.places);
    const names = (side) => side.split("+").map((c) => this.called(c)).join(" and ");
    const winners = places.filter(([, place]) => place === 1).map(([side]) => side);
    if (!winners.length) return "Game over";
    const one = winners.length === 1 && !winners[0].includes("+");
    const said = `${winners.map(names).join(", ")} ${one ? "wins" : "win"}!`;
    // a seat's player among others (not someone playing every seat at one screen)
    const yours = places.filter(([side]) => side.split("+").some((c) => this.you.includes(c)));
    if (yours.length !== 1 || places.length < 2) return said;
    const [side, place] = yours[0];
    if (place === 1) return `You win! (${names(side)})`;
    const unplayed = (outcome.unplayed || []).includes(side) ? " (not played out)" : "";
    return `${said} You finished ${ordinal(place)}${unplayed}`;
  }

  /** A short celebration as a game ends before your eyes: the winner's colours burst from
   * the dome (none where the system asks for reduced motion), and a fanfare if sound is on. */
  celebrate() {
    const outcome = this.state.outcome || { places: {} };
    const won = Object.entries(outcome.places).filter(([, place]) => place === 1).flatMap(([side]) => side.split("+"));
    this.root.dataset.celebrated = String(Number(this.root.dataset.celebrated || 0) + 1);
    this.endEl.classList.add("celebrate");
    if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches && this.board) this.board.burst(won);
    if (this.soundBox.checked) this.tones([523, 659, 784, 1047], 0.12);
  }

  async rematch() {
    try {
      const answer = await api(`/api/games/${encodeURIComponent(this.id)}/rematch`, { tokens: Object.values(this.tokens) });
      saveTokens(answer.id, answer.tokens);
      location.assign(answer.url);
    } catch (error) {
      this.toast(error.message);
    }
  }

  // ------------------------------------------------------------------ replay
  async startReplay() {
    let data;
    try {
      data = await api(`/api/games/${encodeURIComponent(this.id)}/replay`);
    } catch (error) {
      this.toast(error.message);
      return;
    }
    this.replay = { frames: data.frames, index: 0, timer: null };
    this.root.dataset.replay = "1";
    this.showAdvice();
    this.board.clearMarks();
    this.setAwait("none");
    const range = h("input", { type: "range", min: "0", max: String(data.frames.length - 1), value: "0", id: "replay-range",
      "aria-label": "replay position", oninput: (e) => this.showFrame(Number(e.target.value)) });
    // plain-text labels (Latin-1 and basic shapes): every font draws them
    const button = (label, name, id, action) =>
      h("button", { type: "button", id, "aria-label": name, title: name, onclick: action }, label);
    fill(this.replayEl,
      button("«", "first position", "replay-first", () => this.showFrame(0)),
      button("‹", "back one", "replay-back", () => this.showFrame(this.replay.index - 1)),
      button("▶ Play", "play", "replay-play", () => this.playReplay()),
      button("›", "next one", "replay-next", () => this.showFrame(this.replay.index + 1)),
      button("»", "last position", "replay-last", () => this.showFrame(this.replay.frames.length - 1)),
      range,
      h("span", { id: "replay-where", class: "hint" }),
      button("Close", "close the replay", "replay-close", () => this.stopReplay()));
    this.replayEl.hidden = false;
    this.showFrame(0);
    this.boardEl.scrollIntoView({ block: "start" }); // the board and its bar, wherever Replay was
  }

  showFrame(index) {
    const replay = this.replay;
    if (!replay) return;
    const frames = replay.frames;
    const next = Math.max(0, Math.min(frames.length - 1, index));
    const forward = next === replay.index + 1;
    replay.index = next;
    const frame = frames[next];
    this.board.render(frame.pieces, forward ? SPEEDS[this.speed].hop * 2 : 0);
    const last = frame.last;
    if (last && last.roll !== null && last.roll !== undefined) {
      const before = frames[next - 1];
      this.board.setDice(this.rollOf(last.roll, before ? before.phase : "roll"));
    }
    this.statusEl.textContent = `Replay: ${next} / ${frames.length - 1}${last ? ` · ${last.label}` : " · the start"}`;
    this.root.querySelector("#replay-range").value = String(next);
    this.root.querySelector("#replay-where").textContent = `${next}/${frames.length - 1}`;
    this.root.dataset.frame = String(next);
    for (const item of this.logEl.querySelectorAll(".current")) item.classList.remove("current");
    const item = this.logEl.querySelector(`[data-seq="${next}"]`);
    if (item) {
      item.classList.add("current");
      this.scrollLogTo(item);
    }
  }

  /** Bring a log entry into the log's own view, never scrolling the page. */
  scrollLogTo(item) {
    const log = this.logEl;
    const top = item.offsetTop - log.offsetTop;
    if (top < log.scrollTop) log.scrollTop = top;
    else if (top + item.offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = top + item.offsetHeight - log.clientHeight;
    }
  }

  /** The replay's play button shows what it does next: play, or pause while it plays. */
  showPlaying(playing) {
    const play = this.root.querySelector("#replay-play");
    play.textContent = playing ? "‖ Pause" : "▶ Play";
    play.setAttribute("aria-label", playing ? "pause" : "play");
    play.setAttribute("aria-pressed", String(playing));
    if (playing) this.root.dataset.playing = "1";
    else delete this.root.dataset.playing;
  }

  playReplay() {
    const replay = this.replay;
    const stop = () => {
      clearInterval(replay.timer);
      replay.timer = null;
      this.showPlaying(false);
    };
    if (replay.timer) {
      stop();
      return;
    }
    if (replay.index >= replay.frames.length - 1) this.showFrame(0); // at the end: from the start
    const step = Math.max(120, SPEEDS[this.speed].hop * 4 + SPEEDS[this.speed].pause);
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
    if (!this.replay) return;
    clearInterval(this.replay.timer);
    delete this.root.dataset.playing;
    this.replay = null;
    delete this.root.dataset.replay;
    delete this.root.dataset.frame;
    this.replayEl.hidden = true;
    for (const item of this.logEl.querySelectorAll(".current")) item.classList.remove("current");
    this.board.render(this.state.pieces, 0);
    this.showChoice();
    this.showAdvice();
  }
}
