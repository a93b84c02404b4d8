// The front page: "pick a game and play". A card per game (its board as a picture, its one
// line, one click to play it against computers, a link to how it is played), the lobby, and
// the form that sets a game up: who plays each colour, and the rules in words (all from
// /api/catalog). Starting a game creates it and goes to its page.

import { Board } from "./board.js";
import { showLobby } from "./lobby.js";
import { quickLine } from "./quick.js";
import { rulesLink } from "./rules.js";
import { STARS, computerLabel, strengths } from "./strength.js";
import { TOUCH, api, capitalise, chip, fill, h, kindName, loadCatalog, saveTokens } from "./util.js";

/** @typedef {import("./util.js").CatalogGame} CatalogGame */
/** @typedef {import("./util.js").CatalogOption} CatalogOption */
/** @typedef {import("./util.js").Created} Created */
/** A new-game request (/api/games: docs/web.md "New game"):
 * @typedef {{ game: string, options: Record<string, string>, seats: Record<string, string>,
 *   players?: number, seed?: number, idle_seconds?: number, listed?: boolean,
 *   watcher_chat?: boolean, names?: Record<string, string> }} NewGame
 */
// computer level offered first for the other seats, and played by "Play vs computers" (the
// first one that exists)
const PREFERRED_COMPUTERS = ["computer:medium"];
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

  let friends = false; // the form set up for friends at this device: every seat a person here
  /** @type {HTMLFormElement} */
  const form = h("form", { class: "setup", id: "setup", "aria-labelledby": "setup-title" });
  const lobby = h("section", { class: "setup lobby", id: "lobby", "aria-labelledby": "lobby-title" });
  const playError = h("p", { class: "error", id: "play-error", role: "alert" });
  const cards = h("section", { class: "new-game", id: "new", "aria-labelledby": "new-title" },
    h("h1", { id: "new-title" }, "Pick a game and play"),
    h("p", { class: "hint" }, "“Play vs computers” starts at once, as you last played (at first: you against medium computers); or tap the computers' level and your colour. ",
      "“Set up…” lets you choose the players (a friend, by an invite link) and the rules."),
    h("div", { class: "game-cards" }, catalog.games.map((g) => gameCard(g, {
      quick: quickLine(g, computers, catalog.levels, (error) => { playError.textContent = `${g.title}: ${error.message}`; }),
      setUp: (/** @type {boolean} */ atOneDevice) => {
        game = g;
        friends = atOneDevice;
        render();
        form.scrollIntoView({ block: "start" });
        /** @type {HTMLInputElement} */ (form.querySelector("input[name=game]:checked")).focus({ preventScroll: true });
      },
    }))),
    playError);
  fill(root, h("div", { class: "front" }, cards, lobby, form));
  showLobby(lobby);

  /** The new-game form for ``game``, drawn again when another game is chosen. */
  function render() {
    const colours = allColours(game);
    const gamePicker = h("div", { class: "games", role: "radiogroup", "aria-label": "Game" },
      catalog.games.map((g) =>
        h("label", {},
          h("input", { type: "radio", name: "game", value: g.name, checked: g.name === game.name,
            onchange: () => { game = g; render(); } }),
          g.title)));
    const strength = strengths(game, computers, catalog.levels);
    const seatKinds = [...catalog.seat_kinds.filter((k) => !k.startsWith("computer:")), ...strength.order, "empty"];
    const seats = h("div", { class: "seats" },
      colours.map((colour, i) => [
        h("label", { for: `seat-${colour}` }, chip(colour)),
        h("div", { class: "seat-choice" },
          h("select", { id: `seat-${colour}`, name: `seat-${colour}`, dataset: { colour } },
            seatKinds.map((kind) => h("option", { value: kind, selected: kind === (friends || i === 0 ? "human" : defaultComputer),
              title: strength.hints[kind] || null }, seatLabel(kind, strength)))),
          // friends at this device: a name for each, so the table says whose turn it is
          h("input", { id: `seat-name-${colour}`, class: "seat-name", maxlength: 20, autocomplete: "off",
            placeholder: `${capitalise(colour)}'s name`, "aria-label": `${capitalise(colour)}'s name`, hidden: true })),
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
        h("summary", {}, "More rules", h("span", { class: "hint" }, ` (${ruleOptions(game).length} options)`)),
        h("div", { class: "options" },
          ruleOptions(game).map((option) => optionField(option, guideOf(game, option.name))),
          catalog.effects_measured ? h("p", { class: "effect-note" }, `Effects ${catalog.effects_measured}.`) : null)),
      h("details", { id: "more" }, h("summary", {}, "More: dice seed, idle time"),
        h("div", { class: "options" },
          h("label", { for: "seed" }, "Seed"), h("input", { id: "seed", type: "number", min: "0", placeholder: "random" }),
          h("div", { class: "help" }, "the same seed and choices give the same dice (only without open seats)"),
          h("label", { for: "idle" }, "Idle seconds"),
          h("input", { id: "idle", type: "number", min: "0", value: catalog.idle_seconds ?? 120,
            oninput: (/** @type {Event} */ e) => { /** @type {HTMLInputElement} */ (e.target).dataset.chosen = "1"; } }),
          h("div", { class: "help" }, "a human seat that does nothing this long is played by the computer until its player is back (0: never; one person against computers: never, unless set here)"))),
    );
    showNames(form);
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
    showNames(form);
    groupSeats(form, game);
    // which colours may play together is said as the seats are chosen, not after Start
    const message = /** @type {Element} */ (form.querySelector("#setup-error"));
    try {
      readForm(form, game);
      message.textContent = "";
    } catch (error) {
      message.textContent = /** @type {Error} */ (error).message;
    }
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
 * clicked), its title and one line, and what to do with it: play as last time, quick play
 * (quick.js), set up, how to play.
 * @param {CatalogGame} game
 * @param {{ quick: { line: HTMLElement, again: () => void }, setUp: (atOneDevice: boolean) => void }} actions
 */
function gameCard(game, actions) {
  return h("article", { class: "game-card", dataset: { game: game.name }, "aria-labelledby": `card-${game.name}` },
    thumbnail(game),
    h("div", { class: "card-text" },
      h("h2", { id: `card-${game.name}` }, game.title),
      h("p", { class: "pitch" }, game.pitch || ""),
      h("div", { class: "card-actions" },
        h("button", { type: "button", class: "primary play", dataset: { game: game.name },
          onclick: actions.quick.again }, "Play vs computers"),
        h("button", { type: "button", class: "set-up", dataset: { game: game.name }, onclick: () => actions.setUp(false) }, "Set up…"),
        h("button", { type: "button", class: "friends", dataset: { game: game.name }, onclick: () => actions.setUp(true) }, "Friends at this device"),
        rulesLink(game.name))),
    actions.quick.line);
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

/** A seat kind as its menu says it: a computer with its stars.
 * @param {string} kind
 * @param {import("./strength.js").Strength} strength
 */
function seatLabel(kind, strength) {
  if (kind === "human") return "A person at this device";
  if (kind === "open") return "Friend (invite link)";
  if (kind === "empty") return "Empty (fewer players)";
  return kind.startsWith("computer:") ? computerLabel(kind, strength) : kindName(kind);
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

/** The rule options the form asks for: all but the one the seats chosen set (which colours
 * play, where fewer than all do).
 * @param {CatalogGame} game
 */
function ruleOptions(game) {
  const seating = new Set(Object.values(game.seatings || {}).flat().flatMap((s) => Object.keys(s.options)));
  return game.options.filter((option) => !seating.has(option.name));
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
  for (const option of ruleOptions(game)) options[option.name] = /** @type {HTMLInputElement} */ (form.querySelector(`[name="${option.name}"]`)).value;
  const playing = Object.entries(seats).filter(([, kind]) => kind !== "empty").map(([c]) => c);
  /** @type {NewGame} */
  const request = { game: game.name, options, seats };
  // two sets each: 2 players share the 4 colours (the only option that changes the count)
  request.players = options.two_sets === "on" ? 2 : playing.length;
  if (options.two_sets !== "on") Object.assign(options, seatingOf(game, playing));
  readMore(form, request, playing);
  return request;
}

/** The options that seat ``playing`` (the colours with a player), from the catalog's seatings
 * (an Error: which sets of colours play at that count).
 * @param {CatalogGame} game
 * @param {string[]} playing
 * @returns {Record<string, string>}
 */
export function seatingOf(game, playing) {
  const count = String(playing.length);
  if (!game.colours[count]) throw new Error(`${game.title} is for ${game.players.join(", ")} players, not ${playing.length}`);
  const seatings = (game.seatings && game.seatings[count]) || [{ colours: game.colours[count], options: {} }];
  const fits = seatings.find((s) => [...s.colours].sort().join() === [...playing].sort().join());
  if (fits) return fits.options;
  const sets = seatings.map((s) => s.colours.map(capitalise).join(" & "));
  throw new Error(`${count}-player ${game.title} is played by ${sets.join(" or ")}: make the other seats empty`);
}

/** The form's settings beyond the seats and rules: seed, idle limit, lobby, chat.
 * @param {HTMLFormElement} form
 * @param {NewGame} request
 * @param {string[]} playing
 */
function readMore(form, request, playing) {
  const seats = request.seats;
  const seed = /** @type {HTMLInputElement} */ (form.querySelector("#seed")).value;
  if (seed !== "") request.seed = Number(seed);
  // one person against computers: nobody waits on them, so no idle clock unless one is asked for
  const solo = playing.every((colour) => seats[colour] === "human" || seats[colour].startsWith("computer:"))
    && playing.filter((colour) => seats[colour] === "human").length === 1;
  const idle = /** @type {HTMLInputElement} */ (form.querySelector("#idle"));
  request.idle_seconds = solo && !idle.dataset.chosen ? 0 : Number(idle.value || 0);
  request.listed = /** @type {HTMLInputElement} */ (form.querySelector("#listed")).checked;
  request.watcher_chat = /** @type {HTMLInputElement} */ (form.querySelector("#watcher-chat")).checked;
  const named = [...form.querySelectorAll(".seat-name")].map((input) => /** @type {HTMLInputElement} */ (input))
    .filter((input) => !input.hidden && input.value.trim() && playing.includes(input.id.slice("seat-name-".length)));
  if (named.length) request.names = Object.fromEntries(named.map((input) => [input.id.slice("seat-name-".length), input.value.trim()]));
}

/** The seats as the rules chosen pair them: partners (Marbles' teams) side by side under
 * a caption, else in board order.
 * @param {HTMLFormElement} form
 * @param {CatalogGame} game
 */
function groupSeats(form, game) {
  const chosen = (game.teams || []).find((t) => {
    const field = /** @type {HTMLSelectElement | null} */ (form.querySelector(`[name="${t.option}"]`));
    return field && field.value === t.value;
  });
  const seats = /** @type {HTMLElement} */ (form.querySelector(".seats"));
  for (const caption of seats.querySelectorAll(".team-caption")) caption.remove();
  const colours = chosen ? chosen.sides.flat() : allColours(game);
  for (const colour of colours) {
    const side = chosen && chosen.sides.find((s) => s[0] === colour);
    if (side) seats.append(h("div", { class: "team-caption" }, `Team: ${side.map(capitalise).join(" & ")}`));
    const select = /** @type {HTMLElement} */ (seats.querySelector(`#seat-${colour}`));
    seats.append(/** @type {HTMLElement} */ (seats.querySelector(`label[for=seat-${colour}]`)), /** @type {HTMLElement} */ (select.parentElement));
  }
}

/** A name field beside each person's seat where several people play at this device.
 * @param {HTMLFormElement} form
 */
function showNames(form) {
  const selects = /** @type {HTMLSelectElement[]} */ ([...form.querySelectorAll(".seats select")]);
  const people = selects.filter((select) => select.value === "human" && !select.disabled);
  for (const select of selects) {
    const field = /** @type {HTMLInputElement} */ (form.querySelector(`#seat-name-${select.dataset.colour}`));
    field.hidden = !(people.length > 1 && people.includes(select));
  }
}
