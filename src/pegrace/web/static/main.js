// The page's entry point: "/" is the new-game page, "/game/ID" a game (played, watched
// or replayed), "/rules" and "/rules/GAME" how to play, "/learn/GAME"
// a guided first game, "/players/NAME" a profile's games and
// ratings, "/leaderboard/GAME" a game's rated people; the header has the profile's button. The header's language menu keeps the
// choice in a cookie the server reads (pegrace/web/pages.py), and the page loads again in it.

import { GamePage } from "./game.js";
import { becomeAnApp } from "./installed.js";
import { showLesson } from "./learn.js";
import { showLeaderboard, showPlayer } from "./players.js";
import { profileControl, showConfirm, showUnsubscribe } from "./profile.js";
import { showRules } from "./rules.js";
import { showSetup } from "./setup.js";

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const match = location.pathname.match(/^\/game\/([^/]+)\/?$/);
const rules = location.pathname.match(/^\/rules(?:\/([^/]+))?\/?$/);
const learn = location.pathname.match(/^\/learn\/([^/]+)\/?$/);
const player = location.pathname.match(/^\/players\/([^/]+)\/?$/);
const leaderboard = location.pathname.match(/^\/leaderboard\/([^/]+)\/?$/);
const unsubscribe = location.pathname.match(/^\/unsubscribe\/([^/]+)\/?$/);
const confirmed = location.pathname.match(/^\/confirm\/([^/]+)\/?$/);
if (match) {
  /** @type {any} */ (window).pegrace = new GamePage(root, decodeURIComponent(match[1]));
} else if (rules) {
  showRules(root, rules[1] === undefined ? null : decodeURIComponent(rules[1]));
} else if (learn) {
  showLesson(root, decodeURIComponent(learn[1]));
} else if (player) {
  showPlayer(root, decodeURIComponent(player[1]));
} else if (leaderboard) {
  showLeaderboard(root, decodeURIComponent(leaderboard[1]));
} else if (unsubscribe) {
  showUnsubscribe(root, decodeURIComponent(unsubscribe[1]));
} else if (confirmed) {
  showConfirm(root, decodeURIComponent(confirmed[1]));
} else {
  showSetup(root);
}

const languages = /** @type {HTMLSelectElement | null} */ (document.getElementById("language"));
if (languages) {
  languages.addEventListener("change", () => {
    document.cookie = `pegrace-lang=${encodeURIComponent(languages.value)}; path=/; max-age=31536000; samesite=lax`;
    location.reload();
  });
}

const header = /** @type {HTMLElement | null} */ (document.querySelector("header.top"));
if (header) {
  profileControl(header);
  becomeAnApp(header);
}
