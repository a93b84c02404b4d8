// The front page: "pick a game and play". A card per game (its board as a picture, its one
// line, one click to play it against computers, a link to how it is played), the lobby, and
// the form that sets a game up: who plays each colour, and the rules in words (all from
// /api/catalog). Starting a game creates it and goes to its page.

import { Board } from "./board.js";
import { showLobby } from "./lobby.js";
import { rulesLink } from "./rules.js";
import { TOUCH, api, capitalise, chip, fill, h, kindName, loadCatalog, saveTokens } from "./util.js";

/** @typedef {import("./util.js").CatalogGame} CatalogGame */
/** @typedef {import("./util.js").CatalogOption} CatalogOption */
/** @typedef {import("./util.js").Created} Created */
/** A new-game request (/api/games: docs/web.md "New game"):
 * @typedef {{ game: string, options: Record<string, string>, seats: Record<string, string>,
 *   players?: number, seed?: number, idle_seconds?: number, listed?: boolean,
 *   watcher_chat?: boolean }} NewGame
 */
/** How strong each computer plays a game (``strengths``): ``order``, weakest first; ``stars``;
 * ``hints``, each one's rating in words; ``ahead``, how often it finishes ahead of the medium
 * computer, in percent.
 * @typedef {{ order: string[], stars: Record<string, number>, hints: Record<string, string>,
 *   ahead: Record<string, number> }} Strength
 */

// computer level offered first for the other seats, and played by "Play vs computers" (the
// first one that exists)
const PREFERRED_COMPUTERS = ["computer:medium"];
const STARS = 5; // the strongest computer of a game; the random player has one
const SHORT_MEANING = 48; // characters of a rule value's meaning shown in its menu

/** The front page: the games' cards, the lobby and the new-game form.
 * @param {HTMLElement} root
 */
export async function showSetup(root) {
  // the functions below run only once there is a catalog: the cast tells them (null: root
  // says why not)
  const catalog = /** @type {import("./util.js").Catalog} */ (await loadCatalog(root));
  if (!catalog) return;
  const params = new URLSearchParams(location.search);
  let game = catalog.games.find((g) => g.name === params.get("game")) || catalog.games.find((g) => g.name === "trouble") || catalog.games[0];
  const computers = catalog.seat_kinds.filter((k) => k.startsWith("computer:"));
  const defaultComputer = PREFERRED_COMPUTERS.find((k) => computers.includes(k)) || computers[0];

  /** @type {HTMLFormElement} */
  const form = h("form", { class: "setup", id: "setup", "aria-labelledby": "setup-title" });
  const lobby = h("section", { class: "setup lobby", id: "lobby", "aria-labelledby": "lobby-title" });
  const playError = h("p", { class: "error", id: "play-error", role: "alert" });
  const cards = h("section", { class: "new-game", id: "new", "aria-labelledby": "new-title" },
    h("h1", { id: "new-title" }, "Pick a game and play"),
    h("p", { class: "hint" }, "“Play vs computers” starts at once, you against medium-strength computers. ",
      "“Set up…” lets you choose the players (a friend, by an invite link) and the rules."),
    h("div", { class: "game-cards" }, catalog.games.map((g) => gameCard(g, {
      play: (button) => playNow(g, button),
      setUp: () => {
        game = g;
        render();
        form.scrollIntoView({ block: "start" });
        /** @type {HTMLInputElement} */ (form.querySelector("input[name=game]:checked")).focus({ preventScroll: true });
      },
    }))),
    playError);
  fill(root, h("div", { class: "front" }, cards, lobby, form));
  showLobby(lobby);

  /** One click: the game's largest player count, default rules, you at the first colour and
   * medium computers at the others.
   * @param {CatalogGame} g
   * @param {HTMLButtonElement} button
   */
  async function playNow(g, button) {
    const players = Math.max(...g.players);
    const colours = g.colours[String(players)];
    const seats = Object.fromEntries(colours.map((colour, i) => [colour, i === 0 ? "human" : defaultComputer]));
    button.disabled = true;
    playError.textContent = "";
    try {
      /** @type {Created} */
      const created = await api("/api/games", { game: g.name, players, seats, listed: true });
      saveTokens(created.id, created.tokens);
      location.assign(created.url);
    } catch (error) {
      playError.textContent = `${g.title}: ${error.message}`;
      button.disabled = false;
    }
  }

  /** The new-game form for ``game``, drawn again when another game is chosen. */
  function render() {
    const colours = allColours(game);
    const gamePicker = h("div", { class: "games", role: "radiogroup", "aria-label": "Game" },
      catalog.games.map((g) =>
        h("label", {},
          h("input", { type: "radio", name: "game", value: g.name, checked: g.name === game.name,
            onchange: () => { game = g; render(); } }),
          g.title)));
    const strength = strengths(game, computers);
    const seatKinds = [...catalog.seat_kinds.filter((k) => !k.startsWith("computer:")), ...strength.order, "empty"];
    const seats = h("div", { class: "seats" },
      colours.map((colour, i) => [
        h("label", { for: `seat-${colour}` }, chip(colour)),
        h("select", { id: `seat-${colour}`, name: `seat-${colour}`, dataset: { colour } },
          seatKinds.map((kind) => h("option", { value: kind, selected: kind === (i === 0 ? "human" : defaultComputer),
            title: strength.hints[kind] || null }, seatLabel(kind, strength)))),
      ]));
    const message = h("p", { class: "error", id: "setup-error", role: "alert" });
    fill(form,
      h("h2", { id: "setup-title" }, "Set up a game"),
      gamePicker,
      h("h3", {}, "Players"),
      h("p", { class: "hint" }, "You play the human seats at this browser. A friend's seat gets an invite link; empty seats leave that colour out. ",
        `Stars: how strong a computer plays ${game.title}, as measured (the random player ★, the strongest ${"★".repeat(STARS)})${TOUCH ? "" : "; point at one for its rating"}.`),
      seats,
      h("label", { class: "listed" }, h("input", { type: "checkbox", id: "listed", checked: true }),
        " List this game in the lobby: anyone who opens this server's front page may join its open seats or watch (yours alone against computers: among the solo games)"),
      h("label", { class: "listed" }, h("input", { type: "checkbox", id: "watcher-chat", checked: true }),
        " Watchers may chat (else only the players)"),
      message,
      h("button", { class: "primary", type: "submit", id: "start" }, "Start game"),
      h("details", { id: "more-rules" },
        h("summary", {}, "More rules", h("span", { class: "hint" }, ` (${game.options.length} options)`)),
        h("div", { class: "options" },
          game.options.map((option) => optionField(option, guideOf(game, option.name))),
          catalog.effects_measured ? h("p", { class: "effect-note" }, `Effects ${catalog.effects_measured}.`) : null)),
      h("details", { id: "more" }, h("summary", {}, "More: dice seed, idle time"),
        h("div", { class: "options" },
          h("label", { for: "seed" }, "Seed"), h("input", { id: "seed", type: "number", min: "0", placeholder: "random" }),
          h("div", { class: "help" }, "the same seed and choices give the same dice (only without open seats)"),
          h("label", { for: "idle" }, "Idle seconds"),
          h("input", { id: "idle", type: "number", min: "0", value: catalog.idle_seconds ?? 120 }),
          h("div", { class: "help" }, "a human seat that does nothing this long is played by the computer until its player is back (0: never)"))),
    );
  }

  // two sets each: the second colour of a side (green, blue) goes with its first (red, yellow)
  form.addEventListener("change", () => {
    const twoSets = /** @type {HTMLSelectElement | null} */ (form.querySelector("[name=two_sets]"));
    const on = Boolean(twoSets && twoSets.value === "on");
    const colours = allColours(game);
    colours.slice(2).forEach((colour, i) => {
      const select = /** @type {HTMLSelectElement} */ (form.querySelector(`#seat-${colour}`));
      select.disabled = on;
      if (on) select.value = /** @type {HTMLSelectElement} */ (form.querySelector(`#seat-${colours[i]}`)).value;
      select.title = on ? `played as ${capitalise(colours[i])} is: two sets each` : "";
    });
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const message = /** @type {Element} */ (form.querySelector("#setup-error"));
    message.textContent = "";
    try {
      const request = readForm(form, game);
      /** @type {Created} */
      const created = await api("/api/games", request);
      saveTokens(created.id, created.tokens);
      location.assign(created.url);
    } catch (error) {
      message.textContent = error.message;
    }
  });
  render();
}

/** A game's card: its board at the start (a picture only: nothing in it can be reached or
 * clicked), its title and one line, and what to do with it.
 * @param {CatalogGame} game
 * @param {{ play: (button: HTMLButtonElement) => void, setUp: () => void }} actions
 */
function gameCard(game, actions) {
  return h("article", { class: "game-card", dataset: { game: game.name }, "aria-labelledby": `card-${game.name}` },
    thumbnail(game),
    h("div", { class: "card-text" },
      h("h2", { id: `card-${game.name}` }, game.title),
      h("p", { class: "pitch" }, game.pitch || ""),
      h("div", { class: "card-actions" },
        h("button", { type: "button", class: "primary play", dataset: { game: game.name },
          onclick: (/** @type {Event} */ event) => actions.play(/** @type {HTMLButtonElement} */ (event.currentTarget)) }, "Play vs computers"),
        h("button", { type: "button", class: "set-up", dataset: { game: game.name }, onclick: actions.setUp }, "Set up…"),
        rulesLink(game.name))));
}

/** @param {CatalogGame} game */
function thumbnail(game) {
  const box = h("div", { class: "thumb", "aria-hidden": "true", inert: true });
  if (!game.board) return box;
  const board = new Board(box, game.board.layout);
  board.render(game.board.pieces, 0);
  const drawing = board.root;
  // no buttons, no stops for Tab, nothing to read out: what a game's board has, this has not
  for (const node of [drawing, ...drawing.querySelectorAll("[role], [tabindex], [aria-label]")]) {
    for (const attr of ["role", "tabindex", "aria-label"]) node.removeAttribute(attr);
  }
  // its gradients get names of their own: one page draws every game's board
  for (const node of drawing.querySelectorAll("[id]")) {
    const old = node.id;
    node.id = `${old}-${game.name}`;
    for (const user of drawing.querySelectorAll(`[fill="url(#${old})"]`)) user.setAttribute("fill", `url(#${node.id})`);
  }
  return box;
}

/** How strong each computer plays the game, from its measured rating (tools/ratings.py;
 * docs/ai.md "Ratings"): ``order``, weakest first; ``stars``, 1 (the random player, or as weak)
 * to STARS (the strongest), by Elo between the game's weakest and strongest; ``hints``, each
 * one's rating in words. Computers without a rating come last, unstarred (random first).
 * @param {CatalogGame} game
 * @param {string[]} computers the computers' seat kinds ("computer:medium")
 * @returns {Strength}
 */
function strengths(game, computers) {
  const ratings = game.ratings || {};
  /** @type {(kind: string) => number | null} */
  const elo = (kind) => (ratings[kind] ? ratings[kind].elo : kind === "computer:random" ? 0 : null);
  // elo(k) is a number for each of ``rated``: the casts below say so
  const rated = computers.filter((k) => elo(k) !== null).sort((a, b) => /** @type {number} */ (elo(a)) - /** @type {number} */ (elo(b)));
  const unrated = computers.filter((k) => elo(k) === null);
  const values = /** @type {number[]} */ (rated.map(elo));
  const low = Math.min(...values);
  const high = Math.max(...values);
  /** @type {Record<string, number>} */
  const stars = {};
  /** @type {Record<string, string>} */
  const hints = {};
  /** @type {Record<string, number>} */
  const ahead = {}; // how often it finishes ahead of the medium computer, in percent
  const medium = ratings["computer:medium"];
  for (const kind of rated) {
    stars[kind] = high > low ? 1 + Math.round(((STARS - 1) * (/** @type {number} */ (elo(kind)) - low)) / (high - low)) : 1;
    if (kind !== "computer:medium" && medium) {
      // Elo: 400 points are ten times the odds of finishing ahead of the other
      ahead[kind] = Math.round(100 / (1 + 10 ** ((medium.elo - /** @type {number} */ (elo(kind))) / 400)));
    }
    const r = ratings[kind];
    if (kind === "computer:random" || !r) {
      hints[kind] = "Picks any legal move at random: the bottom of the scale (rated 0)";
      continue;
    }
    const interval = r.high > r.low ? ` (95%: ${Math.round(r.low)} to ${Math.round(r.high)})` : "";
    const rating = `rated ${Math.round(r.elo)} in ${game.title}${interval}, the random player 0`;
    hints[kind] = ahead[kind] === undefined ? capitalise(rating)
      : `Finishes ahead of the medium computer ${ahead[kind]}% of the time; ${rating}`;
  }
  return { order: [...rated, ...unrated], stars, hints, ahead };
}

/** A seat kind as its menu says it: a computer with its stars.
 * @param {string} kind
 * @param {Strength} strength
 */
function seatLabel(kind, strength) {
  if (kind === "human") return "Human at this browser";
  if (kind === "open") return "Friend (invite link)";
  if (kind === "empty") return "Empty (fewer players)";
  const stars = strength.stars[kind];
  if (!kind.startsWith("computer:")) return kindName(kind);
  const name = `${capitalise(kind.slice("computer:".length))} computer`;
  const versus = strength.ahead[kind] === undefined ? "" : ` · ahead of medium ${strength.ahead[kind]}%`;
  return stars ? `${name} ${"★".repeat(stars)}${"☆".repeat(STARS - stars)}${versus}` : name;
}

/** The guide's words for the game's option ``name`` (null: none).
 * @param {CatalogGame} game
 * @param {string} name
 */
function guideOf(game, name) {
  return ((game.guide && game.guide.options) || []).find((o) => o.name === name) || null;
}

/** A rule option in words: its title, a menu of its values each with what it does (or a
 * number), its help, and the effect the lab measured of the value chosen.
 * @param {CatalogOption} option
 * @param {import("./util.js").GuideOption | null} guide
 */
function optionField(option, guide) {
  const id = `option-${option.name}`;
  // what the lab measured this value to do (shipped with the package), under its help
  const effect = h("div", { class: "effect", id: `effect-${option.name}`, "aria-live": "polite" });
  /** @param {string} value */
  const showEffect = (value) => {
    const found = (option.effects || {})[value];
    effect.textContent = found ? `Measured: ${found}.` : ""; // none for the default
  };
  showEffect(option.default);
  const meanings = Object.fromEntries(((guide && guide.values) || []).map((v) => [v.value, v.words]));
  const title = (guide && guide.title) || capitalise(option.name.replace(/_/g, " "));
  return [
    h("label", { for: id }, title),
    option.choices.length
      ? h("select", { id, name: option.name, onchange: (/** @type {Event} */ event) => showEffect(/** @type {HTMLSelectElement} */ (event.target).value) },
        option.choices.map((c) => h("option", { value: c, selected: c === option.default, title: meanings[c] || null },
          choiceText(c, meanings[c], c === option.default))))
      : h("input", { id, name: option.name, type: "number", min: "0", value: option.default }),
    h("div", { class: "help" }, option.help),
    effect,
  ];
}

/** "deepest-first" -> "Deepest first — each peg must land on the deepest free…"
 * @param {string} value
 * @param {string | undefined} meaning
 * @param {boolean} usual the default
 */
function choiceText(value, meaning, usual) {
  let text = capitalise(value.replace(/-/g, " "));
  const short = (meaning || "").replace(/\s*\([^)]*\)/g, ""); // the menu leaves asides out
  if (short) {
    text += ` — ${short.length > SHORT_MEANING ? `${short.slice(0, SHORT_MEANING).replace(/[\s,;:]+\S*$/, "")}…` : short}`;
  }
  return usual ? `${text} (usual)` : text;
}

/** Every colour of the game, in board order (the largest player count's colours).
 * @param {CatalogGame} game
 */
function allColours(game) {
  const counts = Object.keys(game.colours).map(Number);
  return game.colours[String(Math.max(...counts))];
}

/** The new-game request the form says (an Error: what to change first).
 * @param {HTMLFormElement} form
 * @param {CatalogGame} game
 * @returns {NewGame}
 */
function readForm(form, game) {
  /** @type {Record<string, string>} */
  const seats = {};
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (form.querySelectorAll(".seats select"))) seats[/** @type {string} */ (select.dataset.colour)] = select.value;
  /** @type {Record<string, string>} */
  const options = {};
  for (const option of game.options) options[option.name] = /** @type {HTMLInputElement} */ (form.querySelector(`[name="${option.name}"]`)).value;
  const playing = Object.entries(seats).filter(([, kind]) => kind !== "empty").map(([c]) => c);
  /** @type {NewGame} */
  const request = { game: game.name, options, seats };
  // two sets each: 2 players share the 4 colours (the only option that changes the count)
  request.players = options.two_sets === "on" ? 2 : playing.length;
  const expected = game.colours[String(request.players)];
  if (options.two_sets !== "on") {
    if (!expected) throw new Error(`${game.title} is for ${game.players.join(", ")} players, not ${playing.length}`);
    if (expected.join() !== playing.join()) {
      throw new Error(`${request.players}-player ${game.title} is played by ${expected.map(capitalise).join(", ")}: make the other seats empty`);
    }
  }
  const seed = /** @type {HTMLInputElement} */ (form.querySelector("#seed")).value;
  if (seed !== "") request.seed = Number(seed);
  request.idle_seconds = Number(/** @type {HTMLInputElement} */ (form.querySelector("#idle")).value || 0);
  request.listed = /** @type {HTMLInputElement} */ (form.querySelector("#listed")).checked;
  request.watcher_chat = /** @type {HTMLInputElement} */ (form.querySelector("#watcher-chat")).checked;
  return request;
}
