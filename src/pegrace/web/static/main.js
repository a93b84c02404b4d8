// The page's entry point: "/" is the new-game page, "/game/ID" a game (played, watched
// or replayed), "/rules" and "/rules/GAME" how to play. The header's language menu keeps the
// choice in a cookie the server reads (pegrace/web/pages.py), and the page loads again in it.

import { GamePage } from "./game.js";
import { becomeAnApp } from "./installed.js";
import { showRules } from "./rules.js";
import { showSetup } from "./setup.js";

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
const match = location.pathname.match(/^\/game\/([^/]+)\/?$/);
const rules = location.pathname.match(/^\/rules(?:\/([^/]+))?\/?$/);
if (match) {
  /** @type {any} */ (window).pegrace = new GamePage(root, decodeURIComponent(match[1]));
} else if (rules) {
  showRules(root, rules[1] === undefined ? null : decodeURIComponent(rules[1]));
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
if (header) becomeAnApp(header);
