// The WebSocket's messages as the page reads and sends them, by their "type". Made by
// tools/message_types.py from ../messages.schema.json, the one place their shapes are
// written: change them there and run the tool again (a test fails while this is out of date).

/** A message a client may send. */
export type ClientMessage = Hello | Roll | MoveMessage | Ping | Name | Back | Resign | Chat | Ask;

/** Join: answered by welcome and state (with the whole log). */
export interface Hello {
  type: "hello";
  /** The seat tokens the browser holds (none: it watches). */
  tokens?: string[];
}

/** Pop the dome for the seat to act. */
export interface Roll {
  type: "roll";
}

/** Play one of the listed moves. */
export interface MoveMessage {
  type: "move";
  /** The text of a listed move. */
  move: string;
}

/** Answered by pong, any time, even before hello. */
export interface Ping {
  type: "ping";
}

/** The name of the browser's person, for every seat they hold. */
export interface Name {
  type: "name";
  name: string;
}

/** "I'm back": the computer stops playing for the sender's seats. */
export interface Back {
  type: "back";
}

/** The sender's seat (and, where one person plays two colours, its other) leaves the game. */
export interface Resign {
  type: "resign";
  /** A seat the sender holds. */
  colour: string;
}

/** A chat line, or (where it has "emote") one of the quick reactions. */
export interface Chat {
  type: "chat";
  /** A chat line. */
  text?: string;
  emote?: Emote;
}

/** Advice: the expert's move (hint) or every side's chance of winning (winprob). */
export interface Ask {
  type: "hint" | "winprob";
}

/** A quick reaction: words, which every font draws (emoji need a colour-emoji font). */
export type Emote = "Nice!" | "Well played" | "Ha ha" | "Wow" | "Oh no" | "Grr" | "Yay!" | "Good luck";

/** A message the server sends. */
export type ServerMessage = Welcome | StateSent | SeatsSent | RematchSent | ChatSent | HintSent | WinprobSent | PongSent | ErrorSent;

/** The answer to a hello, to its client. */
export interface Welcome {
  type: "welcome";
  /** The colours the client plays. */
  you: string[];
  /** The places in the hello of the tokens that hold no seat here. */
  refused: number[];
  /** The last chat lines. */
  chat: ChatLine[];
  emotes: Emote[];
  layout: Layout;
  game: GameView;
}

/** A game's settings. */
export interface GameView {
  id: string;
  url: string;
  game: string;
  title: string;
  players: number;
  colours: string[];
  options: Record<string, string>;
  idle_seconds: number;
  watcher_chat: boolean;
  /**
   * A game over days: what the computer does for a seat whose time a move (idle_seconds) is spent,
   * "play" (its one turn) or "away" (it takes the seat over); "" for a game played in one sitting.
   */
  turns: "" | "play" | "away";
  computer_delay: number;
  /**
   * The room code people type on the front page to open the game (six of
   * 23456789ABCDEFGHJKMNPQRSTUVWXYZ); null for a game made before codes.
   */
  code: string | null;
  /** Secret (null) until the game is over, then decimal text. */
  seed: string | null;
}

/**
 * A position with its legal moves: to every client after every event, and after a hello to its
 * client (with the whole log).
 */
export interface StateSent {
  type: "state";
  /** Events so far. */
  seq: number;
  phase: "rolloff" | "roll" | "move" | "over";
  /** The colour to act (null when over). */
  current: string | null;
  /** The roll to move with, as text ("3+5"). */
  roll: string | null;
  /**
   * The count of the bonus move due (a move the rules grant with no roll: Parchís' 20 after a
   * capture); 0 when the move due is the roll's.
   */
  bonus: number;
  /** The colours popping in this roll-off round. */
  contenders: string[];
  /** This roll-off round's pops so far, by colour. */
  rolloff: Record<string, number>;
  /** One legal move per position reached, with the others reaching it in "same". */
  moves: MoveView[];
  can_pass: boolean;
  /** The pass is the only legal move: it plays itself. */
  forced_pass: boolean;
  /** The newest log entry. */
  last: LogEntry | null;
  /** The whole log after a hello, else just the newest entry. */
  log: LogEntry[];
  seats: Record<string, SeatView>;
  /** Connected clients that hold no seat. */
  watchers: number;
  /** Seconds before the computer plays for the seat to act (null: no limit). */
  idle_left: number | null;
  /** The places settled so far (sides finished, or out of the game), by place. */
  places: Placed[];
  outcome: Outcome | null;
  /** The rematch's game id. */
  rematch: string | null;
  pieces: Piece[];
}

export interface SeatView {
  /** "human", "open" or "computer:LEVEL". */
  kind: string;
  connected: boolean;
  /** The computer plays for an idle seat's person. */
  takeover: boolean;
  name: string | null;
}

/** An event, in words. */
export interface LogEntry {
  seq: number;
  colour: string;
  roll: string | null;
  move: string | null;
  /** The event in words, told of its player ("Red moves the peg from 4 to 7"). */
  said: Said;
  by: "human" | "computer" | "takeover";
  /** A move's route (empty for a pop). */
  steps: Step[];
  /** A pop of the roll-off. */
  rolloff: boolean;
  /** The opponent pieces the move captured (0 for a pop or a pass). */
  captured: number;
  /** The seat resigned (no roll, no move). */
  resign: boolean;
  /** The sides whose places the event settled (a finish, or a side out of the game). */
  placed: Placed[];
}

/** A side's place, settled while the game goes on. */
export interface Placed {
  /** A colour, or "red+green" for a side of several. */
  side: string;
  /** 1 is first. */
  place: number;
  /** Out of the game (a bottom place), not finished. */
  out: boolean;
}

/** A legal move, as the page shows it. */
export interface MoveView {
  /** What the page sends back to play it. */
  text: string;
  /** The move in words, said to its player ("Move the peg from 4 to 7"). */
  said: Said;
  pass: boolean;
  from: string | null;
  to: string | null;
  piece: {
    colour: string;
    index: number;
  } | null;
  steps: Step[];
  /** The texts of the other moves reaching the same position. */
  same: string[];
}

/** One piece's step of a move, from spot to spot. */
export interface Step {
  from: string;
  to: string;
  /** The spots passed, the destination last. */
  path?: string[];
  /** The die used (two-dice Ludo). */
  die?: number;
  /** Backwards (Headache). */
  ccw?: boolean;
  /** Where it ends, in words going after "Move" ("to 7", "back to base"). */
  to_words?: Said;
}

/** A piece (or a Headache stack) where it stands. */
export interface Piece {
  colour: string;
  seat: number;
  index: number;
  spot: string;
  letter: string;
  height: number;
  /** Its place among the pieces sharing its spot (0..). */
  slot: number;
  /** How many pieces share its spot. */
  of: number;
  /** A stack's colours, from the bottom up. */
  stack?: string[];
  start?: boolean;
  /** Where it stands, in words for screen readers ("Red peg on space 4"). */
  words?: Said;
}

export interface Outcome {
  /** Each side's place (a side: a colour, or "red+green"). */
  places: Record<string, number>;
  winners: string[];
  reason: string;
  turns: number;
  /** The sides whose places were not played for. */
  unplayed: string[];
  /**
   * What ranked the unplayed sides, in words ("how far their pieces got"); null when every place
   * was played.
   */
  ranked_by: Said | null;
}

/**
 * The board's drawing (boards.board_layout): spots, decoration and the dome, in a 1000 x 1000
 * viewBox.
 */
export interface Layout {
  game: string;
  title: string;
  viewBox: number[];
  colours: string[];
  /** The colours that win together. */
  sides: string[][];
  letters: Record<string, string>;
  shapes: Record<string, string>;
  spots: Spot[];
  /**
   * Drawn elements: an SVG shape, its CSS class and its attributes; a text's text (a name, as it
   * is) or said (words).
   */
  decor: (Record<string, unknown>)[];
  dome: {
    x: number;
    y: number;
    r: number;
  };
}

/** A place a piece can stand. */
export interface Spot {
  id: string;
  x: number;
  y: number;
  r: number;
  kind: string;
  colour: string | null;
  shape: string;
  /**
   * What each colour's move words call it (a race game counts the loop from each colour's start): a
   * number as text, other names as words; a spot the words never name has none.
   */
  names?: Record<string, string | Said>;
  /** Where its name is drawn. */
  tag?: {
    x: number;
    y: number;
  };
  /** Its name is always drawn (the others' only where a move shown goes). */
  shown?: boolean;
}

/** Who sits where, to everyone, when that changes without an event. */
export interface SeatsSent {
  type: "seats";
  seats: Record<string, SeatView>;
  watchers: number;
  idle_left: number | null;
}

/** The game's rematch, to everyone. */
export interface RematchSent {
  type: "rematch";
  id: string;
  url: string;
}

/**
 * Words for a person, language-neutral (pegrace/i18n.py, Said): the page puts them into its
 * language (static/i18n.js, say). t is the message id (its English text, with {named}
 * placeholders), a its arguments (text, never translated: names and numbers; a Fixed number; or a
 * Said), p and n a plural's id and count, c a context.
 */
export interface Said {
  t: string;
  a?: Record<string, string | number | Fixed | Said>;
  p?: string;
  n?: number;
  c?: string;
}

/**
 * A number written with d decimals, each language its own way (pegrace/i18n.py, Fixed;
 * static/i18n.js, number): 7.0, 7,0, 0.0497.
 */
export interface Fixed {
  v: number;
  d: number;
}

/** A chat line or reaction. */
export interface ChatLine {
  /** The sender's seat (null: a watcher). */
  colour: string | null;
  /** The seat's name or colour, or "a watcher". */
  from: string;
  emote: Emote | null;
  text: string | null;
}

/** A chat line or reaction, to everyone. */
export interface ChatSent extends ChatLine {
  type: "chat";
}

/** The expert's move for the position after event seq, to the asker. */
export interface HintSent {
  type: "hint";
  seq: number;
  colour: string;
  /** Its text, as listed in the state's moves. */
  move: string;
  /** The move in words. */
  label: Said;
  /** Why the expert prefers it, in words for a person. */
  why: Said;
  /** How many decisions deep it searched. */
  depth: number;
}

/**
 * Each side's chance of winning from the position after event seq, to the asker: in steps, all but
 * the last not final.
 */
export interface WinprobSent {
  type: "winprob";
  seq: number;
  /** Games played on (0: the game is over, the chances exact). */
  playouts: number;
  player: string;
  chances: Chance[];
  final: boolean;
}

/** A side's chance of first place, with its 95% interval. */
export interface Chance {
  side: string;
  chance: number;
  low: number;
  high: number;
  /** The chance the expert's learned value gives it, where the rules have one. */
  learned?: number;
}

/** The answer to a ping. */
export interface PongSent {
  type: "pong";
}

/** To the sender only: nothing changed. */
export interface ErrorSent {
  type: "error";
  /** What was refused and why, in English (for developers and bots): the words of said. */
  message: string;
  /**
   * The same, for the page to say in the person's language (an error that has words for a person).
   */
  said?: Said;
}

/** The messages a client sends, by their "type". */
export interface ClientMessages {
  hello: Hello;
  roll: Roll;
  move: MoveMessage;
  ping: Ping;
  name: Name;
  back: Back;
  resign: Resign;
  chat: Chat;
  hint: Ask;
  winprob: Ask;
}

/** The messages the server sends, by their "type". */
export interface ServerMessages {
  welcome: Welcome;
  state: StateSent;
  seats: SeatsSent;
  rematch: RematchSent;
  chat: ChatSent;
  hint: HintSent;
  winprob: WinprobSent;
  pong: PongSent;
  error: ErrorSent;
}
