// The board drawing: an SVG built from board_layout() (boards.py), pieces placed on its
// spots from piece_spots(), highlights for movable pieces and targets, the Pop-O-Matic
// dome with its dice, and the animations; the places' names (labels.js). No game rules here:
// everything comes from the server's layout, pieces and move views.

import { say, t, tn } from "./i18n.js";
import { Labels } from "./labels.js";
import { listed } from "./places.js";
import { svg } from "./svg.js";
import { colourName } from "./util.js";

/** The server's view of the board and its pieces (pegrace/boards, the state's moves; their
 * types made from the messages' schema: messages.d.ts):
 * @typedef {import("./messages.js").Spot} Spot a place a piece can stand
 * @typedef {import("./messages.js").Layout} Layout
 * @typedef {import("./messages.js").Piece} Piece a piece (or a stack) where it stands
 * @typedef {import("./messages.js").Step} Step one piece's step of a move
 * @typedef {{ text?: string, pass?: boolean, steps?: Step[],
 *   piece?: { colour: string } | null, same?: string[] }} MoveView a move as the board draws
 *   it (a listed move, a log entry)
 * @typedef {{ dice: number[], bonus: number | null }} Roll dice faces, the bonus die's
 *   (0 or 1; null: none)
 * @typedef {{ x: number, y: number, scale: number }} Point where a piece is drawn, and its size
 */

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// pip positions on a die face of side 1 (centre 0.5, 0.5)
/** @type {Record<number, number[][]>} */
const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};

/** Outline of each colour's piece shape around (0, 0), radius r: a second cue besides colour.
 * @param {string} shape
 * @param {number} r
 * @returns {{ tag: string, attrs: Record<string, any> }}
 */
function shapePath(shape, r) {
  /** @type {(n: number, turn: number) => string} */
  const polygon = (n, turn) =>
    Array.from({ length: n }, (_, i) => {
      const a = turn + (i * 2 * Math.PI) / n;
      return `${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
  if (shape === "diamond") return { tag: "polygon", attrs: { points: polygon(4, -Math.PI / 2) } };
  if (shape === "square") {
    const s = r * 0.86;
    return { tag: "rect", attrs: { x: -s, y: -s, width: 2 * s, height: 2 * s, rx: r * 0.18 } };
  }
  if (shape === "hexagon") return { tag: "polygon", attrs: { points: polygon(6, 0) } };
  return { tag: "circle", attrs: { r } };
}

/** Parse a roll text ("4", "3+5", "4*") into dice faces and the bonus die (or null).
 * @param {string | number | null | undefined} text
 * @param {boolean} withBonus
 * @returns {Roll | null}
 */
export function parseRoll(text, withBonus) {
  if (text === null || text === undefined) return null;
  const value = String(text);
  if (value.includes("+")) return { dice: value.split("+").map(Number), bonus: null };
  const bonus = withBonus ? (value.endsWith("*") ? 1 : 0) : null;
  return { dice: [Number(value.replace("*", ""))], bonus };
}

export class Board {
  /**
   * @param {Element} container
   * @param {Layout} layout
   */
  constructor(container, layout) {
    this.layout = layout;
    this.spots = new Map(layout.spots.map((s) => [s.id, s]));
    /** @type {Piece[]} */
    this.shown = []; // the piece data on the board now
    /** @type {(spot: string) => void} */
    this.onSpot = () => {};
    /** @type {() => void} */
    this.onDome = () => {};
    /** @type {SVGGElement | null} */
    this.nameLayer = null; // drawn by the first setNames
    this.refocus = false;
    // a screen reader reads the pieces (each says where it stands), the pieces that can move
    // and where to (buttons), and the dome; the drawing itself (decor, spots, marks) is hidden
    /** @type {SVGSVGElement} */
    // a picture: drawn as it is in a right-to-left page too (its texts anchored as drawn)
    this.root = svg("svg", {
      viewBox: layout.viewBox.join(" "),
      class: `board game-${layout.game}`,
      role: "group",
      direction: "ltr",
      // TRANSLATORS: the board's name, read out: {game} is a game's name ("Trouble")
      "aria-label": t("{game} board", { game: t(layout.title) }),
    });
    this.defs();
    this.decorLayer = svg("g", { class: "decor", "aria-hidden": "true" }, this.root);
    this.spotLayer = svg("g", { class: "spots", "aria-hidden": "true" }, this.root);
    this.labels = new Labels(layout, svg("g", { class: "labels", "aria-hidden": "true" }, this.root));
    this.markLayer = svg("g", { class: "marks", "aria-hidden": "true" }, this.root);
    // TRANSLATORS: the list of the pieces on the board, read out
    this.pieceLayer = svg("g", { class: "pieces", role: "list", "aria-label": t("pieces") }, this.root);
    this.tallyLayer = svg("g", { class: "tallies", "aria-hidden": "true" }, this.root); // pieces at a goal
    this.targetLayer = svg("g", { class: "targets" }, this.root); // above the pieces: clickable
    this.domeLayer = svg("g", { class: "dome", tabindex: "0", role: "button" }, this.root);
    this.tagLayer = svg("g", { class: "tags", "aria-hidden": "true" }, this.root); // names over all
    for (const item of layout.decor) this.drawDecor(item);
    for (const spot of layout.spots) this.drawSpot(spot);
    this.drawDome();
    this.root.addEventListener("click", (event) => this.clicked(event));
    this.root.addEventListener("keydown", (event) => this.pressed(event));
    container.replaceChildren(this.root);
  }

  defs() {
    const defs = svg("defs", {}, this.root);
    const glass = svg("radialGradient", { id: "glass", cx: "40%", cy: "35%", r: "70%" }, defs);
    svg("stop", { offset: "0%", "stop-color": "#ffffff", "stop-opacity": "0.25" }, glass);
    svg("stop", { offset: "70%", "stop-color": "#dfe9f5", "stop-opacity": "0.08" }, glass);
    svg("stop", { offset: "100%", "stop-color": "#5c7aa3", "stop-opacity": "0.45" }, glass);
    const shine = svg("radialGradient", { id: "shine", cx: "35%", cy: "30%", r: "65%" }, defs);
    svg("stop", { offset: "0%", "stop-color": "#fff", "stop-opacity": "0.7" }, shine);
    svg("stop", { offset: "100%", "stop-color": "#fff", "stop-opacity": "0" }, shine);
  }

  /** @param {Record<string, any>} item a drawn element: its SVG ``shape``, a text's ``text`` (a
   *   name, as it is) or ``said`` (words, put into the page's language), its attributes */
  drawDecor(item) {
    const { shape, text, said, ...attrs } = item;
    const node = svg(shape, attrs, this.decorLayer);
    if (shape === "text") node.textContent = said ? say(said) : text;
  }

  /** @param {Spot} spot */
  drawSpot(spot) {
    const kind = `spot kind-${spot.kind}${spot.colour ? ` c-${spot.colour}` : ""}`;
    const group = svg("g", { class: kind, "data-spot": spot.id, transform: `translate(${spot.x} ${spot.y})` }, this.spotLayer);
    if (spot.shape === "square") {
      const s = spot.r * 1.2;
      svg("rect", { x: -s, y: -s, width: 2 * s, height: 2 * s, rx: 4 }, group);
    } else {
      svg("circle", { r: spot.r }, group);
    }
    if (spot.kind === "safe" || spot.kind === "star") {
      const points = Array.from({ length: 10 }, (_, i) => {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const radius = (i % 2 ? 0.42 : 0.85) * spot.r;
        return `${(radius * Math.cos(a)).toFixed(1)},${(radius * Math.sin(a)).toFixed(1)}`;
      });
      svg("polygon", { points: points.join(" "), class: "emblem" }, group);
    }
    if (spot.kind === "x") {
      const s = spot.r * 0.5;
      svg("path", { d: `M${-s},${-s} L${s},${s} M${s},${-s} L${-s},${s}`, class: "emblem" }, group);
    }
    const title = svg("title", {}, group);
    title.textContent = spot.id;
  }

  drawDome() {
    const { x, y, r } = this.layout.dome;
    this.domeLayer.setAttribute("transform", `translate(${x} ${y})`);
    // TRANSLATORS: the dome that holds the die: pressing it rolls ("pops") it
    this.domeLayer.setAttribute("aria-label", t("Pop-O-Matic dome: click or press space to pop"));
    // what a finger taps: never smaller than 44 CSS pixels across (sized once drawn)
    this.domeHit = svg("circle", { r: r + 10, class: "dome-hit" }, this.domeLayer);
    svg("circle", { r: r + 10, class: "dome-base" }, this.domeLayer);
    svg("circle", { r, class: "dome-floor" }, this.domeLayer);
    this.diceLayer = svg("g", { class: "dice" }, this.domeLayer);
    svg("circle", { r, class: "dome-glass", fill: "url(#glass)" }, this.domeLayer);
    svg("ellipse", { cx: -r * 0.3, cy: -r * 0.38, rx: r * 0.42, ry: r * 0.22, fill: "url(#shine)", class: "dome-shine" }, this.domeLayer);
    this.setDice({ dice: [6], bonus: this.layout.game === "headache" ? 0 : null });
  }

  /** Draw dice faces inside the dome: {dice: [faces], bonus: null | 0 | 1}.
   * @param {Roll | null} roll
   */
  setDice(roll) {
    this.diceLayer.replaceChildren();
    if (!roll) return;
    const r = this.layout.dome.r;
    const faces = [...roll.dice.map((n) => ({ n, bonus: false }))];
    if (roll.bonus !== null && roll.bonus !== undefined) faces.push({ n: roll.bonus, bonus: true });
    // as big as the glass holds (two faces side by side keep their corners inside it)
    const size = 0.96 * Math.min(r, (1.5 * r) / faces.length);
    const gap = size * 0.2;
    const width = faces.length * size + (faces.length - 1) * gap;
    faces.forEach((face, i) => {
      const left = -width / 2 + i * (size + gap);
      const die = svg("g", { class: face.bonus ? "die bonus-die" : "die", transform: `translate(${left} ${-size / 2})` }, this.diceLayer);
      svg("rect", { width: size, height: size, rx: size * 0.18 }, die);
      if (face.bonus) {
        if (face.n) svg("circle", { cx: size / 2, cy: size / 2, r: size * 0.2, class: "red-dot" }, die);
        // a blank white square says nothing by itself: name it
        const label = svg("text", { x: size / 2, y: size * 1.32, class: "die-label" }, die);
        // TRANSLATORS: under Headache's bonus die (a blank one, or a red dot)
        label.textContent = t("bonus");
        label.style.fontSize = `${size * 0.3}px`;
      } else {
        for (const [px, py] of PIPS[face.n] || []) {
          svg("circle", { cx: px * size, cy: py * size, r: size * 0.09, class: "pip" }, die);
        }
      }
    });
  }

  /** Tumble the dice for a while, then show the roll (the tumbling faces are only a show:
   *  the roll itself comes from the server's seeded dice).
   * @param {Roll} roll
   * @param {number} ms
   */
  async rollDice(roll, ms) {
    if (ms > 0) {
      this.domeLayer.classList.add("popping");
      const frames = Math.max(3, Math.round(ms / 70));
      for (let i = 0; i < frames; i++) {
        this.setDice({
          dice: roll.dice.map(() => 1 + Math.floor(Math.random() * 6)),
          bonus: roll.bonus === null ? null : Math.random() < 0.5 ? 1 : 0,
        });
        await sleep(ms / frames);
      }
      this.domeLayer.classList.remove("popping");
    }
    this.setDice(roll);
  }

  /** @param {boolean} active the dome is there to press */
  setDomeActive(active) {
    this.domeHit.setAttribute("r", Math.max(this.layout.dome.r + 10, this.fingerRadius()));
    this.domeLayer.classList.toggle("active", active);
  }

  /** @param {MouseEvent} event */
  clicked(event) {
    const target = /** @type {Element} */ (event.target);
    if (target.closest(".dome")) {
      this.onDome();
      return;
    }
    const hit = target.closest("[data-spot]");
    if (hit) this.onSpot(/** @type {string} */ (hit.getAttribute("data-spot")));
  }

  /** Enter or Space on the focused dome or a piece or destination acts as a click.
   * @param {KeyboardEvent} event
   */
  pressed(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = /** @type {Element} */ (event.target).closest(".dome, .hit");
    if (!target) return;
    event.preventDefault();
    event.stopPropagation(); // the page's own Space (pop) must not act a second time
    if (target.classList.contains("dome")) this.onDome();
    else this.onSpot(/** @type {string} */ (target.getAttribute("data-spot")));
  }

  // ------------------------------------------------------------ pieces
  /** The spot named ``id``: the server's pieces and moves stand only on its layout's spots.
   * @param {string} id
   * @returns {Spot}
   */
  spotOf(id) {
    const spot = this.spots.get(id);
    if (!spot) throw new Error(`${this.layout.title} has no spot ${id}`);
    return spot;
  }

  /** Where ``piece`` is drawn: its spot, or around it where it shares it.
   * @param {Piece} piece
   */
  place(piece) {
    const spot = this.spotOf(piece.spot);
    let { x, y } = spot;
    if (piece.of > 1) {
      const angle = -Math.PI / 2 + (piece.slot * 2 * Math.PI) / piece.of;
      const spread = spot.r * 0.55;
      x += spread * Math.cos(angle);
      y += spread * Math.sin(angle);
    }
    return { x, y, scale: piece.of > 1 ? 0.72 : 1 };
  }

  /** @param {Piece} piece */
  pieceRadius(piece) {
    const spot = this.spotOf(piece.spot);
    return Math.max(spot.r * 0.92, 16);
  }

  /**
   * @param {Piece} piece
   * @returns {SVGGElement}
   */
  makePiece(piece) {
    const { colour } = piece;
    const group = svg("g", { class: `piece c-${colour}`, "data-spot": piece.spot, "data-colour": colour,
      // TRANSLATORS: a piece, read out where the server gave no words for it: {colour} is its colour ("Red")
      role: "listitem", "aria-label": piece.words ? say(piece.words) : t("{colour} piece", { colour: colourName(colour) }) });
    const r = this.pieceRadius(piece);
    // a plain offset shadow: SVG filters cost too much to repaint on every update
    svg("ellipse", { class: "shadow", cx: 2, cy: 4, rx: r * 0.98, ry: r * 0.92 }, group);
    const body = svg("g", { class: "piece-body" }, group);
    // a stack: the cones below the top one as chips, bottom first, each in its colour
    const stack = piece.stack || [colour];
    const rise = Math.min(7, 42 / stack.length);
    const lift = (stack.length - 1) * rise;
    stack.slice(0, -1).forEach((layer, level) => {
      const y = r * 0.35 - level * rise;
      svg("ellipse", { cx: 0, cy: y, rx: r * 1.02, ry: r * 0.48, class: `chip c-${layer}` }, body);
    });
    const { tag, attrs } = shapePath(this.layout.shapes[colour], r);
    svg(tag, { ...attrs, class: `shape top c-${colour}`, transform: `translate(0 ${-lift})` }, body);
    const letter = svg("text", { class: "letter", y: -lift, dy: "0.35em" }, body);
    letter.textContent = piece.letter;
    if (stack.length > 1) {
      const badge = svg("g", { class: "badge", transform: `translate(${r * 0.95} ${-r * 0.8 - lift})` }, group);
      svg("circle", { r: 11 }, badge);
      const count = svg("text", { dy: "0.35em" }, badge);
      count.textContent = String(stack.length);
      const title = svg("title", {}, group);
      // TRANSLATORS: a Headache stack's tooltip: its colours, top first ("Red, Blue")
      title.textContent = tn("stack of {count}, top first: {colours}", "stack of {count}, top first: {colours}", stack.length, { colours: listed([...stack].reverse().map(colourName)) });
    }
    return group;
  }

  /**
   * @param {SVGElement} node
   * @param {Point} point
   * @param {number} ms
   */
  moveElement(node, point, ms) {
    node.style.transition = ms > 0 ? `transform ${ms}ms ease-in-out` : "none";
    node.style.transform = `translate(${point.x}px, ${point.y}px) scale(${point.scale})`;
  }

  /** Show ``pieces``; pieces that changed spot glide from where they were (captures).
   * @param {Piece[]} pieces
   * @param {number} ms
   */
  render(pieces, ms = 0) {
    const departed = new Map(); // colour -> spots left since the last render
    /** @param {Piece[]} list */
    const count = (list) => {
      const counts = new Map();
      for (const p of list) counts.set(`${p.colour}|${p.spot}`, (counts.get(`${p.colour}|${p.spot}`) || 0) + 1);
      return counts;
    };
    const before = count(this.shown);
    const after = count(pieces);
    for (const p of this.shown) {
      const key = `${p.colour}|${p.spot}`;
      if ((after.get(key) || 0) < before.get(key)) {
        after.set(key, (after.get(key) || 0) + 1);
        if (!departed.has(p.colour)) departed.set(p.colour, []);
        departed.get(p.colour).push(p);
      }
    }
    const existing = count(this.shown);
    /** @type {[SVGGElement, Point][]} */
    const nodes = [];
    this.pieceLayer.replaceChildren();
    for (const piece of pieces) {
      const node = this.makePiece(piece);
      const target = this.place(piece);
      const key = `${piece.colour}|${piece.spot}`;
      const arriving = (existing.get(key) || 0) <= 0;
      existing.set(key, (existing.get(key) || 0) - 1);
      const from = arriving && ms > 0 ? (departed.get(piece.colour) || []).shift() : null;
      if (from && this.spots.has(from.spot)) {
        this.moveElement(node, this.place(from), 0);
        nodes.push([node, target]);
      } else {
        this.moveElement(node, target, 0);
      }
      this.pieceLayer.appendChild(node);
    }
    // pieces on top of each other: draw the lower ones first
    this.pieceLayer.replaceChildren(...[...this.pieceLayer.children].sort((a, b) => this.depth(a) - this.depth(b)));
    this.shown = pieces.map((p) => ({ ...p }));
    this.labels.tally(pieces, this.tallyLayer);
    if (nodes.length) {
      void this.root.getBoundingClientRect(); // start the transitions from the old places
      for (const [node, target] of nodes) this.moveElement(node, target, ms);
    }
  }

  /** @param {Element} node */
  depth(node) {
    const spot = this.spots.get(/** @type {string} */ (node.getAttribute("data-spot")));
    return spot ? spot.y : 0;
  }

  /** Walk the piece leaving each step's ``from`` along its path, hop by hop.
   * @param {{ steps: Step[], piece?: { colour: string } | null }} view
   * @param {number} hopMs
   */
  async animateMove(view, hopMs) {
    for (const step of view.steps) {
      const node = [...this.pieceLayer.querySelectorAll(`[data-spot="${step.from}"]`)].pop();
      const index = this.shown.findIndex((p) => p.spot === step.from && (!view.piece || p.colour === view.piece.colour || p.stack));
      if (!node || index < 0) continue;
      const piece = this.shown[index];
      this.pieceLayer.appendChild(node); // above the others while it moves
      node.classList.add("moving");
      for (const hop of step.path || [step.to]) {
        if (!this.spots.has(hop)) continue;
        this.moveElement(node, this.place({ ...piece, spot: hop, of: 1 }), hopMs);
        if (hopMs > 0) await sleep(hopMs);
      }
      node.classList.remove("moving");
      node.setAttribute("data-spot", step.to);
      this.shown[index] = { ...piece, spot: step.to };
    }
  }

  // ------------------------------------------------------------ highlights
  clearMarks() {
    // a keyboard user choosing a move keeps the focus on the board from step to step
    this.refocus = this.targetLayer.contains(document.activeElement);
    this.markLayer.replaceChildren(...this.markLayer.querySelectorAll(".trace"));
    this.targetLayer.replaceChildren();
    this.tagLayer.replaceChildren(...this.tagLayer.querySelectorAll(".tag-preview"));
    for (const node of this.pieceLayer.querySelectorAll(".movable")) node.classList.remove("movable");
  }

  /** Highlight ``spotIds`` ("from": pieces that can move, "to": destinations, "chosen"):
   * each "from" and "to" also gets a button over it, a finger's size however small the
   * board is drawn, that Tab reaches and a screen reader names (``describe(id)``, else the
   * place's name); a destination of a ``colour`` piece shows its name in that colour's words.
   * @param {string[]} spotIds
   * @param {string} css
   * @param {(id: string) => string | null} describe
   * @param {string | null} colour
   */
  mark(spotIds, css, describe = () => null, colour = null) {
    const finger = this.fingerRadius(); // read the drawn size once, not per spot
    for (const id of spotIds) {
      const spot = this.spots.get(id);
      if (!spot) continue;
      const layer = css === "to" ? this.targetLayer : this.markLayer;
      svg("circle", { cx: spot.x, cy: spot.y, r: spot.r + 9, class: `mark ${css}`, "data-spot": id }, layer);
      if (css === "from") {
        for (const node of this.pieceLayer.querySelectorAll(`[data-spot="${id}"]`)) node.classList.add("movable");
      }
      if (css === "from" || css === "to") {
        svg("circle", { cx: spot.x, cy: spot.y, r: Math.max(spot.r + 9, finger), class: `hit ${css}`,
          "data-spot": id, tabindex: "0", role: "button", "aria-label": describe(id) || this.labels.nameOf(id) || id }, this.targetLayer);
      }
    }
    if (css === "to" && colour) this.labels.tag(spotIds, colour, "tag-to", this.tagLayer);
    const first = this.targetLayer.querySelector(".hit");
    if (this.refocus && first) {
      first.focus();
      this.refocus = false;
    }
  }

  /** 22 CSS pixels (half of a 44-pixel target) in the board's own units, at its drawn size. */
  fingerRadius() {
    const drawn = this.root.getBoundingClientRect().width;
    return drawn > 0 ? (22 * this.layout.viewBox[2]) / drawn : 0;
  }

  /** Mark the last move: its origin, its destination and the route between them.
   * @param {MoveView | null} view
   */
  trace(view) {
    for (const node of this.markLayer.querySelectorAll(".trace")) node.remove();
    if (view) this.drawRoute(view, "trace", 4, this.markLayer);
  }

  /** Rings of class ``css`` on each step's ends, ``grow`` units out, and a line along the
   * spots it passes (a step without ``path`` goes straight).
   * @param {MoveView} view
   * @param {string} css
   * @param {number} grow
   * @param {Element} layer
   */
  drawRoute(view, css, grow, layer) {
    for (const step of view.steps || []) {
      const hops = /** @type {Spot[]} */ ([step.from, ...(step.path || [step.to])].map((id) => this.spots.get(id)).filter(Boolean));
      if (hops.length < 2) continue;
      const ends = [hops[0], hops[hops.length - 1]];
      for (const spot of ends) svg("circle", { cx: spot.x, cy: spot.y, r: spot.r + grow, class: css, "aria-hidden": "true" }, layer);
      svg("polyline", { points: hops.map((s) => `${s.x},${s.y}`).join(" "), class: `${css} route`, "aria-hidden": "true" }, layer);
    }
  }

  /** Each player's name beside their colour's base (or START), outside it towards the edge;
   * ``you`` (colours) read "You · Yellow" from the first second, and a ring round the base
   * of ``turn`` (the colour to act, or null) shows whose turn it is. The board is numbered
   * as its player's words count it: from the start of ``turn`` where it is theirs, else of
   * their (first) colour.
   * @param {Record<string, string>} names
   * @param {string[]} you
   * @param {string | null} turn
   */
  setNames(names, you = [], turn = null) {
    this.labels.setFrame(turn && you.includes(turn) ? turn : you[0] || this.layout.colours[0]);
    if (!this.nameLayer) this.nameLayer = /** @type {SVGGElement} */ (svg("g", { class: "names", "aria-hidden": "true" }, this.root));
    this.nameLayer.replaceChildren();
    for (const [colour, given] of Object.entries(names)) {
      const home = this.layout.spots.filter((s) => s.id.startsWith(`base-${colour}-`) || s.id.startsWith(`start-${colour}-`));
      const yours = you.includes(colour);
      // TRANSLATORS: your name (or colour) on the board, beside your colour's base
      const name = yours ? t("You · {player}", { player: given || colourName(colour) }) : given;
      if (!home.length) continue;
      const x = home.reduce((sum, s) => sum + s.x, 0) / home.length;
      const y = home.reduce((sum, s) => sum + s.y, 0) / home.length;
      const reach = Math.max(...home.map((s) => Math.hypot(s.x - x, s.y - y) + s.r)) + 26;
      if (colour === turn) {
        svg("circle", { cx: x, cy: y, r: reach - 12, class: `turn-ring s-${colour}`, "data-turn": colour }, this.nameLayer);
      }
      if (!name) continue;
      const text = svg("text", { x, y: y < this.layout.viewBox[3] / 2 ? y - reach : y + reach + 20,
        class: `name t-${colour}${yours ? " you" : ""}`, "data-name": colour }, this.nameLayer);
      text.textContent = name;
      const widest = this.layout.viewBox[2] * 0.3; // a name never spills over the board
      if (text.getComputedTextLength() > widest) {
        text.setAttribute("textLength", String(widest));
        text.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  }

  /** Confetti in ``colours`` bursting from the dome and fading (the end of a game): ``count``
   * bits for ``seconds`` (a win's burst is bigger, end.js).
   * @param {string[]} colours
   * @param {number} [count]
   * @param {number} [seconds]
   */
  burst(colours, count = 36, seconds = 1.4) {
    const { x, y } = this.layout.dome;
    const layer = svg("g", { class: "confetti", "aria-hidden": "true" }, this.root);
    const bits = Array.from({ length: count }, (_, i) => {
      const colour = colours[i % Math.max(1, colours.length)] || "red";
      const bit = svg("rect", { x: -7, y: -4, width: 14, height: 8, rx: 2, class: `bit c-${colour}` }, layer);
      bit.style.transform = `translate(${x}px, ${y}px)`;
      return bit;
    });
    void this.root.getBoundingClientRect(); // start from the dome
    bits.forEach((bit, i) => {
      const angle = (i / bits.length) * 2 * Math.PI + Math.random() * 0.3;
      const reach = (180 + Math.random() * 260) * (count > 36 ? 1.6 : 1);
      bit.style.transition = `transform ${seconds}s cubic-bezier(0.1, 0.7, 0.3, 1), opacity ${seconds}s ease-in`;
      bit.style.transform = `translate(${x + reach * Math.cos(angle)}px, ${y + reach * Math.sin(angle)}px) rotate(${Math.round(Math.random() * 720)}deg)`;
      bit.style.opacity = "0";
    });
    setTimeout(() => layer.remove(), seconds * 1000 + 200);
  }

  /** Show where a move in the list goes (``null``: none): a ring on each step's start and
   * end, the route between, and each step's destination by name, as the moving piece's
   * words name it ("to outer 7": the box says "outer 7").
   * @param {MoveView | null} view
   */
  preview(view) {
    for (const node of this.targetLayer.querySelectorAll(".preview")) node.remove();
    this.tagLayer.replaceChildren(...this.tagLayer.querySelectorAll(".tag-to"));
    if (!view) return;
    this.drawRoute(view, "preview", 12, this.targetLayer);
    const ends = (view.steps || []).map((step) => step.to);
    this.labels.tag(ends, view.piece ? view.piece.colour : null, "tag-preview", this.tagLayer);
  }
}
