// The front page: "pick a game and play". A card per game (its board as a picture, its one
// line, one click to play it against computers, a link to how it is played), the lobby, and
// the form that sets a game up: who plays each colour, and the rules in words (all from
// /api/catalog). Starting a game creates it and goes to its page. The catalog's game titles,
// pitches and option words are message ids, put into the page's language where they are shown
// (the catalogs have them from guide_messages in pegrace/guide.py).

import { Board } from "./board.js";
import { number, say, t, tn } from "./i18n.js";
import { learnHref } from "./learn.js";
import { showLobby } from "./lobby.js";
import { quickLine } from "./quick.js";
import { roomForm } from "./rooms.js";
import { rulesLink } from "./rules.js";
import { strangersLine } from "./strangers.js";
import { STARS, computerLabel, strengths } from "./strength.js";
import { TOUCH, api, capitalise, chip, colourName, colourSet, eitherOf, fill, h, kindName, loadCatalog, saveTokens } from "./util.js";

/** @typedef {import("./util.js").CatalogGame} CatalogGame */
/** @typedef {import("./util.js").CatalogOption} CatalogOption */
/** @typedef {import("./util.js").Created} Created */
/** A new-game request (/api/games: docs/web-protocol.md "New game"):
 * @typedef {{ game: string, options: Record<string, string>, seats: Record<string, string>,
 *   players?: number, seed?: number, idle_seconds?: number, listed?: boolean,
 *   watcher_chat?: boolean, names?: Record<string, string>, rated?: boolean,
 *   turn_based?: string }} NewGame
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
  let game = catalog.games.find((g) => g.name === params.get("game")) || catalog.games[0];
  const computers = catalog.seat_kinds.filter((k) => k.startsWith("computer:"));
  const defaultComputer = PREFERRED_COMPUTERS.find((k) => computers.includes(k)) || computers[0];

  let friends = false; // the form set up for friends at this device: every seat a person here
  /** @type {HTMLFormElement} */
  const form = h("form", { class: "setup", id: "setup", "aria-labelledby": "setup-title" });
  const lobby = h("section", { class: "setup lobby", id: "lobby", "aria-labelledby": "lobby-title" });
  const playError = h("p", { class: "error", id: "play-error", role: "alert" });
  const cards = h("section", { class: "new-game", id: "new", "aria-labelledby": "new-title" },
    h("h1", { id: "new-title" }, t("Pick a game and play")),
    h("p", { class: "hint" },
      // TRANSLATORS: “Play vs computers” is the name of a game card's button
      t("“Play vs computers” starts at once, as you last played (at first: you against medium computers); or tap the computers' level and your colour."), " ",
      // TRANSLATORS: “Set up…” is the name of a game card's button
      t("“Set up…” lets you choose the players (a friend, by an invite link) and the rules.")),
    h("div", { class: "game-cards" }, catalog.games.map((g) => gameCard(g, {
      quick: quickLine(g, computers, catalog.levels, (error) => {
        // TRANSLATORS: a quick game that could not start: {game} is its title, {error} why
        playError.textContent = t("{game}: {error}", { game: t(g.title), error: error.message });
      }),
      // play people now: the levels quick play offers (the weakest, random play, not)
      strangers: strangersLine(g, catalog.levels.slice(1).filter((k) => computers.includes(k))),
      setUp: (/** @type {boolean} */ atOneDevice) => {
        game = g;
        friends = atOneDevice;
        render();
        form.scrollIntoView({ block: "start" });
        /** @type {HTMLInputElement} */ (form.querySelector("input[name=game]:checked")).focus({ preventScroll: true });
      },
    }))),
    playError);
  fill(root, h("div", { class: "front" }, cards, roomForm(), lobby, form));
  showLobby(lobby);

  /** The new-game form for ``game``, drawn again when another game is chosen. */
  function render() {
    const colours = allColours(game);
    // TRANSLATORS: the name of the menu of games on the new-game form
    const gamePicker = h("div", { class: "games", role: "radiogroup", "aria-label": t("Game") },
      catalog.games.map((g) =>
        h("label", {},
          h("input", { type: "radio", name: "game", value: g.name, checked: g.name === game.name,
            onchange: () => { game = g; render(); } }),
          t(g.title))));
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
            placeholder: nameField(colour), "aria-label": nameField(colour), hidden: true })),
      ]));
    const message = h("p", { class: "error", id: "setup-error", role: "alert" });
    const options = ruleOptions(game);
    fill(form,
      h("h2", { id: "setup-title" }, t("Set up a game")),
      gamePicker,
      // TRANSLATORS: the heading of the seats on the new-game form
      h("h3", {}, t("Players")),
      h("p", { class: "hint" }, t("You play the human seats at this browser. A friend's seat gets an invite link; empty seats leave that colour out."), " ",
        starsHint(t(game.title))),
      seats,
      h("label", { class: "listed" }, h("input", { type: "checkbox", id: "listed", checked: true }), " ",
        t("List this game in the lobby: anyone who opens this server's front page may join its open seats or watch (yours alone against computers: among the solo games)")),
      h("label", { class: "listed" }, h("input", { type: "checkbox", id: "watcher-chat", checked: true }), " ",
        t("Watchers may chat (else only the players)")),
      h("label", { class: "listed" }, h("input", { type: "checkbox", id: "rated" }), " ",
        t("Rated: every seat a signed-in person's; your seat here, the others open (ratings on each player's page)")),
      message,
      // TRANSLATORS: a button
      h("button", { class: "primary", type: "submit", id: "start" }, t("Start game")),
      h("details", { id: "more-rules" },
        // TRANSLATORS: folded-away rule options; the count of them follows ("(5 options)")
        h("summary", {}, t("More rules"), h("span", { class: "hint" }, " ", tn("({count} option)", "({count} options)", options.length))),
        h("div", { class: "options" },
          options.map((option) => optionField(option, guideOf(game, option.name))),
          catalog.effects_measured ? h("p", { class: "effect-note" }, say(catalog.effects_measured)) : null)),
      h("details", { id: "more" }, h("summary", {}, t("More: dice seed, idle time")),
        h("div", { class: "options" },
          // TRANSLATORS: the dice seed: a number that makes the same dice again
          h("label", { for: "seed" }, t("Seed")),
          // TRANSLATORS: shown in the empty seed field: the server picks a random seed
          h("input", { id: "seed", type: "number", min: "0", placeholder: t("random") }),
          h("div", { class: "help" }, t("the same seed and choices give the same dice (only without open seats)")),
          h("label", { for: "idle" }, t("Idle seconds")),
          h("input", { id: "idle", type: "number", min: "0", value: catalog.idle_seconds ?? 120,
            oninput: (/** @type {Event} */ e) => { /** @type {HTMLInputElement} */ (e.target).dataset.chosen = "1"; } }),
          h("div", { class: "help" }, t("a human seat that does nothing this long is played by the computer until its player is back (0: never; one person against computers: never, unless set here)")),
          // TRANSLATORS: a menu: whether the game is played over days, each seat with hours or days a move
          h("label", { for: "turn-based" }, t("Over days")),
          h("select", { id: "turn-based" },
            h("option", { value: "" }, t("no: one sitting")),
            h("option", { value: "play" }, t("yes: a late turn is played by the computer")),
            h("option", { value: "away" }, t("yes: a late seat is played by the computer until its player is back"))),
          // TRANSLATORS: a game over days' time for each move, in hours (1 to 168: a week)
          h("label", { for: "move-hours" }, t("Hours a move")),
          h("input", { id: "move-hours", type: "number", min: "1", max: "168", value: "24" }),
          h("div", { class: "help" }, t("a game over days waits for each player this long a move (1 hour to 168: a week); the idle seconds do not apply")))),
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
      // TRANSLATORS: why a seat's menu is greyed out: the rule option "two sets each" gives this colour to the player of {colour}
      select.title = on ? t("Played by {colour}'s player (two sets each)", { colour: colourName(colours[i]) }) : "";
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
 * @param {{ quick: { line: HTMLElement, again: () => void }, setUp: (atOneDevice: boolean) => void,
 *   strangers: import("./strangers.js").Strangers }} actions
 */
function gameCard(game, actions) {
  return h("article", { class: "game-card", dataset: { game: game.name }, "aria-labelledby": `card-${game.name}` },
    thumbnail(game),
    h("div", { class: "card-text" },
      h("h2", { id: `card-${game.name}` }, t(game.title)),
      h("p", { class: "pitch" }, game.pitch ? t(game.pitch) : ""),
      h("div", { class: "card-actions" },
        h("button", { type: "button", class: "primary play", dataset: { game: game.name }, onclick: actions.quick.again },
          // TRANSLATORS: a button: start this game at once against computers
          t("Play vs computers")),
        // TRANSLATORS: a button: open the new-game form for this game
        h("button", { type: "button", class: "set-up", dataset: { game: game.name }, onclick: () => actions.setUp(false) }, t("Set up…")),
        // TRANSLATORS: a button: set up this game for several people sharing this screen
        h("button", { type: "button", class: "friends", dataset: { game: game.name }, onclick: () => actions.setUp(true) }, t("Friends at this device")),
        actions.strangers.button,
        rulesLink(game.name),
        // TRANSLATORS: a link on a game's card: a short guided game that teaches it
        h("a", { href: learnHref(game.name), class: "learn-link" }, t("Learn to play")))),
    actions.quick.line,
    actions.strangers.box);
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
  // TRANSLATORS: who plays a seat, in the seat's menu on the new-game form
  if (kind === "human") return t("A person at this device");
  // TRANSLATORS: who plays a seat: a friend, sent an invite link
  if (kind === "open") return t("Friend (invite link)");
  // TRANSLATORS: who plays a seat: nobody, the game has fewer players
  if (kind === "empty") return t("Empty (fewer players)");
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
    // TRANSLATORS: {effect} is what the lab measured a rule option's value to do, in words
    effect.textContent = found ? t("Measured: {effect}.", { effect: say(found) }) : ""; // none for the default
  };
  showEffect(option.default);
  const meanings = Object.fromEntries(((guide && guide.values) || []).map((v) => [v.value, t(v.words)]));
  // each value's name for people (ids extracted by guide_messages: "Deepest first")
  const labels = Object.fromEntries(((guide && guide.values) || []).map((v) => [v.value, t(v.label)]));
  const title = guide && guide.title ? t(guide.title) : capitalise(option.name.replace(/_/g, " "));
  return [
    h("label", { for: id }, title),
    option.choices.length
      ? h("select", { id, name: option.name, onchange: (/** @type {Event} */ event) => showEffect(/** @type {HTMLSelectElement} */ (event.target).value) },
        option.choices.map((c) => h("option", { value: c, selected: c === option.default, title: meanings[c] || null },
          choiceText(labels[c] || c, meanings[c], c === option.default))))
      : h("input", { id, name: option.name, type: "number", min: "0", value: option.default }),
    h("div", { class: "help" }, t(option.help)),
    effect,
  ];
}

/** "Deepest first — each peg must land on the deepest free…": a value's name and its meaning.
 * @param {string} shown the value's name, in the page's language
 * @param {string | undefined} meaning in the page's language
 * @param {boolean} usual the default
 */
function choiceText(shown, meaning, usual) {
  const short = (meaning || "").replace(/\s*\([^)]*\)/g, ""); // the menu leaves asides out
  const cut = short.length > SHORT_MEANING ? `${short.slice(0, SHORT_MEANING).replace(/[\s,;:]+\S*$/, "")}…` : short;
  // TRANSLATORS: a rule option's value in its menu ({value}, "Deepest first") and the start of what it does ({meaning})
  const text = cut ? t("{value} — {meaning}", { value: shown, meaning: cut }) : shown;
  // TRANSLATORS: a rule option's default value in its menu: {choice} is the value and what it does
  return usual ? t("{choice} (usual)", { choice: text }) : text;
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
  if (!game.colours[count]) {
    // TRANSLATORS: {game} is a game's title, {counts} the player counts it is for ("2, 3, 4")
    throw new Error(t("{game} is for {counts} players, not {count}",
      { game: t(game.title), counts: game.players.map(number).join(", "), count: number(playing.length) }));
  }
  const seatings = (game.seatings && game.seatings[count]) || [{ colours: game.colours[count], options: {} }];
  const fits = seatings.find((s) => [...s.colours].sort().join() === [...playing].sort().join());
  if (fits) return fits.options;
  // TRANSLATORS: {game} is a game's title, {sets} the sets of colours that may play it ("Red & Green or Yellow & Blue")
  throw new Error(tn("{count}-player {game} is played by {sets}: make the other seats empty", "{count}-player {game} is played by {sets}: make the other seats empty",
    playing.length, { game: t(game.title), sets: eitherOf(seatings.map((s) => colourSet(s.colours))) }));
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
  const overDays = /** @type {HTMLSelectElement} */ (form.querySelector("#turn-based")).value;
  if (overDays) {
    request.turn_based = overDays;
    request.idle_seconds = 3600 * Number(/** @type {HTMLInputElement} */ (form.querySelector("#move-hours")).value || 24);
  }
  request.listed = /** @type {HTMLInputElement} */ (form.querySelector("#listed")).checked;
  request.watcher_chat = /** @type {HTMLInputElement} */ (form.querySelector("#watcher-chat")).checked;
  if (/** @type {HTMLInputElement} */ (form.querySelector("#rated")).checked) request.rated = true;
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
    // TRANSLATORS: colours that win together ("Red & Green")
    if (side) seats.append(h("div", { class: "team-caption" }, t("Team: {colours}", { colours: colourSet(side) })));
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

/** The name field of a person's seat, as its placeholder and label say it.
 * @param {string} colour
 */
function nameField(colour) {
  // TRANSLATORS: the name of the person who plays {colour} (a colour's name), in a field to type it
  return t("{colour}'s name", { colour: colourName(colour) });
}

/** What the seat menu's stars mean: "Stars: how strong a computer plays Trouble, …".
 * @param {string} title the game's title, in the page's language
 */
function starsHint(title) {
  const scale = { game: title, one: "★", most: "★".repeat(STARS) };
  return TOUCH
    // TRANSLATORS: {game} is a game's title; {one} and {most} are stars (★, ★★★★★)
    ? t("Stars: how strong a computer plays {game}, as measured (the random player {one}, the strongest {most}).", scale)
    // TRANSLATORS: {game} is a game's title; {one} and {most} are stars (★, ★★★★★); "point at": hover with the mouse
    : t("Stars: how strong a computer plays {game}, as measured (the random player {one}, the strongest {most}); point at one for its rating.", scale);
}
