// The page's entry point: "/" is the new-game page, "/game/ID" a game (played, watched
// or replayed).

import { GamePage } from "./game.js";
import { showSetup } from "./setup.js";

const root = document.getElementById("app");
const match = location.pathname.match(/^\/game\/([^/]+)\/?$/);
if (match) {
  window.pegrace = new GamePage(root, decodeURIComponent(match[1]));
} else {
  showSetup(root);
}
