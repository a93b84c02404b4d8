// The board's own labels: every place named as the move words name it. The layout
// (pegrace/boards) gives each spot its names, one per colour (a race game counts the loop from
// each colour's start, as its words do) and where its name goes; the names the real boards print
// (the starts and every few spaces, Headache's Xs) are always drawn, small, in the count of one
// colour (the frame: the page's player's); the name of a place a move shown goes to is drawn in
// a box, in the count of the colour moving. Also the count of the pieces that reached a goal.

import { say } from "./i18n.js";
import { svg } from "./svg.js";

/** @typedef {import("./messages.js").Spot} Spot */
/** @typedef {import("./messages.js").Layout} Layout */
/** @typedef {import("./messages.js").Piece} Piece */

const TAG_FONT = 34; // a shown place's name, in the board's units (style.css agrees)
const CHAR_WIDTH = 0.62; // of the font size: the box's width without measuring the text
const TALLY_R = 17;
const GAP = 5; // between a spot's edge and its name's box (pegrace/boards/labels.py agrees)

export class Labels {
  /**
   * @param {Layout} layout
   * @param {Element} layer where the names always shown go (hidden from screen readers: the
   *   pieces and the targets say where they are in words)
   */
  constructor(layout, layer) {
    this.layout = layout;
    this.layer = layer;
    this.spots = new Map(layout.spots.map((s) => [s.id, s]));
    this.frame = layout.colours[0];
    this.draw();
  }

  /** What ``colour``'s words (the frame's where null) call the spot ``id``, in the page's
   * language (a number as it is, a word as a ``Said``); null: never named.
   * @param {string} id
   * @param {string | null} [colour]
   * @returns {string | null}
   */
  nameOf(id, colour = null) {
    const spot = this.spots.get(id);
    const name = spot && spot.names && spot.names[colour || this.frame];
    return name ? say(name) : null;
  }

  /** Count the board from ``colour``'s start (a colour not playing: no change).
   * @param {string} colour
   */
  setFrame(colour) {
    if (colour === this.frame || !this.layout.colours.includes(colour)) return;
    this.frame = colour;
    this.draw();
  }

  /** The names always shown, in the frame's count. */
  draw() {
    this.layer.replaceChildren();
    this.layer.setAttribute("data-frame", this.frame);
    for (const spot of this.layout.spots) {
      const name = spot.shown && spot.tag ? this.nameOf(spot.id) : null;
      if (!name || !spot.tag) continue;
      const text = svg("text", { x: spot.tag.x, y: spot.tag.y, class: "place-name", "data-place": spot.id }, this.layer);
      text.textContent = name;
    }
  }

  /** The names of the spots ``ids`` in ``colour``'s words, each in a box of class ``css`` where
   * its name goes (over the name always shown there), in ``layer``.
   * @param {string[]} ids
   * @param {string | null} colour
   * @param {string} css
   * @param {Element} layer
   */
  tag(ids, colour, css, layer) {
    for (const id of ids) {
      const spot = this.spots.get(id);
      const name = this.nameOf(id, colour);
      if (!spot || !name) continue;
      const width = name.length * TAG_FONT * CHAR_WIDTH + 18;
      const height = TAG_FONT * 1.35;
      const at = this.clear(spot, width, height);
      const [, , right, bottom] = this.layout.viewBox; // the whole box on the board
      const x = Math.min(Math.max(at.x, width / 2), right - width / 2);
      const y = Math.min(Math.max(at.y, height / 2), bottom - height / 2);
      const group = svg("g", { class: `place-tag ${css}`, "data-place": id, transform: `translate(${x} ${y})`,
        "pointer-events": "none", "aria-hidden": "true" }, layer);
      svg("rect", { x: -width / 2, y: -height / 2, width, height, rx: height / 3 }, group);
      const text = svg("text", { dy: "0.35em" }, group);
      text.textContent = name;
    }
  }

  /** The middle of a ``width`` by ``height`` box on the side of ``spot`` its name is (above
   * it where it has none), as near as it stays clear of the spot.
   * @param {Spot} spot
   * @param {number} width
   * @param {number} height
   */
  clear(spot, width, height) {
    const away = spot.tag ? Math.hypot(spot.tag.x - spot.x, spot.tag.y - spot.y) : 0;
    const [ux, uy] = spot.tag && away ? [(spot.tag.x - spot.x) / away, (spot.tag.y - spot.y) / away] : [0, -1];
    const reach = spot.r + GAP + (Math.abs(ux) * width) / 2 + (Math.abs(uy) * height) / 2;
    return { x: spot.x + ux * reach, y: spot.y + uy * reach };
  }

  /** A count beside each goal with pieces on it, out from under the dome (Ludo's exit).
   * @param {Piece[]} pieces
   * @param {Element} layer
   */
  tally(pieces, layer) {
    layer.replaceChildren();
    /** @type {Map<Spot, number>} */
    const counts = new Map();
    for (const piece of pieces) {
      const spot = this.spots.get(piece.spot);
      if (spot && spot.kind === "goal") counts.set(spot, (counts.get(spot) || 0) + (piece.height || 1));
    }
    const dome = this.layout.dome;
    for (const [spot, count] of counts) {
      const away = Math.hypot(spot.x - dome.x, spot.y - dome.y) || 1;
      const reach = Math.max(away + spot.r * 0.5, dome.r + 14 + TALLY_R);
      const x = dome.x + ((spot.x - dome.x) * reach) / away;
      const y = dome.y + ((spot.y - dome.y) * reach) / away;
      const badge = svg("g", { class: `tally c-${spot.colour}`, "data-tally": spot.colour, transform: `translate(${x} ${y})` }, layer);
      svg("circle", { r: TALLY_R }, badge);
      const text = svg("text", { dy: "0.35em" }, badge);
      text.textContent = String(count);
    }
  }
}
