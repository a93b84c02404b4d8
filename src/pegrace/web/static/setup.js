// The "new game" page: choose a game, its rule options (from /api/catalog) and who plays
// each colour, then create the game and go to its page.

import { showLobby } from "./lobby.js";
import { api, capitalise, chip, fill, h, kindName, saveTokens } from "./util.js";

// computer level offered first for the other seats (the first one that exists)
const PREFERRED_COMPUTERS = ["computer:medium"];

export async function showSetup(root) {
  let catalog;
  try {
    catalog = await api("/api/catalog");
  } catch (error) {
    fill(root, h("p", { class: "error" }, `Cannot load the games: ${error.message}`));
    return;
  }
  const params = new URLSearchParams(location.search);
  let game = catalog.games.find((g) => g.name === params.get("game")) || catalog.games.find((g) => g.name === "trouble") || catalog.games[0];
  const form = h("form", { class: "setup", id: "setup" });
  const lobby = h("section", { class: "setup lobby", id: "lobby", hidden: true });
  fill(root, lobby, form);
  showLobby(lobby);

  const computers = catalog.seat_kinds.filter((k) => k.startsWith("computer:"));
  const defaultComputer = PREFERRED_COMPUTERS.find((k) => computers.includes(k)) || computers[0];

  function render() {
    const colours = allColours(game);
    const gamePicker = h("div", { class: "games", role: "radiogroup" },
      catalog.games.map((g) =>
        h("label", {},
          h("input", { type: "radio", name: "game", value: g.name, checked: g.name === game.name,
            onchange: () => { game = g; render(); } }),
          g.title)));
    const options = h("div", { class: "options" },
      game.options.map((option) => {
        // what the lab measured this value to do (shipped with the package), under its help
        const effect = h("div", { class: "effect", id: `effect-${option.name}`, "aria-live": "polite" });
        const showEffect = (value) => {
          const found = (option.effects || {})[value];
          effect.textContent = found ? `Measured: ${found}.` : ""; // none for the default
        };
        showEffect(option.default);
        return [
          h("label", { for: `option-${option.name}` }, option.name.replace(/_/g, " ")),
          option.choices.length
            ? h("select", { id: `option-${option.name}`, name: option.name,
              onchange: (event) => showEffect(event.target.value) },
              option.choices.map((c) => h("option", { value: c, selected: c === option.default }, c)))
            : h("input", { id: `option-${option.name}`, name: option.name, type: "number", min: "0", value: option.default }),
          h("div", { class: "help" }, option.help),
          effect,
        ];
      }),
      catalog.effects_measured ? h("p", { class: "effect-note" }, `Effects ${catalog.effects_measured}.`) : null);
    const seatKinds = [...catalog.seat_kinds, "empty"];
    const seats = h("div", { class: "seats" },
      colours.map((colour, i) => [
        h("label", { for: `seat-${colour}` }, chip(colour)),
        h("select", { id: `seat-${colour}`, name: `seat-${colour}`, dataset: { colour } },
          seatKinds.map((kind) => h("option", { value: kind, selected: kind === (i === 0 ? "human" : defaultComputer) }, seatLabel(kind, game)))),
      ]));
    const message = h("p", { class: "error", id: "setup-error", role: "alert" });
    fill(form,
      h("h1", {}, "New game"),
      h("h2", {}, "Game"), gamePicker,
      h("h2", {}, "Players"),
      h("p", { class: "hint" }, "You play the human seats at this browser. Open seats get an invite link for a friend; empty seats leave that colour out."),
      seats,
      h("h2", {}, "Rules"), options,
      h("details", {}, h("summary", {}, "More"),
        h("div", { class: "options" },
          h("label", { for: "seed" }, "seed"), h("input", { id: "seed", type: "number", min: "0", placeholder: "random" }),
          h("label", { for: "idle" }, "idle seconds"),
          h("input", { id: "idle", type: "number", min: "0", value: catalog.idle_seconds ?? 120 }),
          h("div", { class: "help" }, "a human seat that does nothing this long is played by the computer until its player is back (0: never)"))),
      h("label", { class: "listed" }, h("input", { type: "checkbox", id: "listed", checked: true }),
        " List this game in the lobby: anyone who opens this server's front page may join its open seats or watch"),
      h("label", { class: "listed" }, h("input", { type: "checkbox", id: "watcher-chat", checked: true }),
        " Watchers may chat (else only the players)"),
      message,
      h("button", { class: "primary", type: "submit", id: "start" }, "Start game"),
    );
  }

  // two sets each: the second colour of a side (green, blue) goes with its first (red, yellow)
  form.addEventListener("change", () => {
    const twoSets = form.querySelector("[name=two_sets]");
    const on = Boolean(twoSets && twoSets.value === "on");
    const colours = allColours(game);
    colours.slice(2).forEach((colour, i) => {
      const select = form.querySelector(`#seat-${colour}`);
      select.disabled = on;
      if (on) select.value = form.querySelector(`#seat-${colours[i]}`).value;
      select.title = on ? `played as ${capitalise(colours[i])} is: two sets each` : "";
    });
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const message = form.querySelector("#setup-error");
    message.textContent = "";
    try {
      const request = readForm(form, game);
      const created = await api("/api/games", request);
      saveTokens(created.id, created.tokens);
      location.assign(created.url);
    } catch (error) {
      message.textContent = error.message;
    }
  });
  render();
}

function seatLabel(kind, game) {
  if (kind === "human") return "Human at this browser";
  if (kind === "open") return "Friend (invite link)";
  if (kind === "empty") return "Empty (fewer players)";
  // how strong it is in this game, as measured (benchmarks/ratings.py; docs/ai.md "Ratings")
  const rating = (game.ratings || {})[kind];
  if (rating && rating.against_random !== undefined) {
    return `${kindName(kind)} — wins ${Math.round(100 * rating.against_random)}% against 3 random`;
  }
  return kindName(kind);
}

/** Every colour of the game, in board order (the largest player count's colours). */
function allColours(game) {
  const counts = Object.keys(game.colours).map(Number);
  return game.colours[String(Math.max(...counts))];
}

function readForm(form, game) {
  const seats = {};
  for (const select of form.querySelectorAll(".seats select")) seats[select.dataset.colour] = select.value;
  const options = {};
  for (const option of game.options) options[option.name] = form.querySelector(`[name="${option.name}"]`).value;
  const playing = Object.entries(seats).filter(([, kind]) => kind !== "empty").map(([c]) => c);
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
  const seed = form.querySelector("#seed").value;
  if (seed !== "") request.seed = Number(seed);
  request.idle_seconds = Number(form.querySelector("#idle").value || 0);
  request.listed = form.querySelector("#listed").checked;
  request.watcher_chat = form.querySelector("#watcher-chat").checked;
  return request;
}
