// The app on a phone (issue 54): the service worker that keeps the page's shell (/sw.js, made
// by pegrace/web/pages.py), a note in the header while the device is offline, and the
// browser's install prompt offered as a button where the browser has one to offer.

import { language, t } from "./i18n.js";
import { h } from "./util.js";

// the worker is registered this long after the page's load event, when the browser is idle
// (at the latest IDLE_WAIT_MS later): the page's own requests and drawing come first
const AFTER_LOAD_MS = 1000;
const IDLE_WAIT_MS = 4000;

/** @typedef {Event & { prompt: () => Promise<void> }} InstallPrompt */

/** @param {HTMLElement} header the page's header */
export function becomeAnApp(header) {
  keepTheShell();
  // TRANSLATORS: in the page's header while the device has no network
  const offline = h("span", { class: "offline", role: "status", hidden: navigator.onLine }, t("offline: games need the server"));
  // TRANSLATORS: a button that installs pegrace as an app (where the browser offers it)
  const install = h("button", { type: "button", class: "install", hidden: true }, t("Install"));
  header.append(offline, install);
  const shown = () => { offline.hidden = navigator.onLine; };
  window.addEventListener("online", shown);
  window.addEventListener("offline", shown);
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // offered by the button, not over the game
    install.hidden = false;
    install.onclick = () => {
      install.hidden = true;
      /** @type {InstallPrompt} */ (event).prompt().catch(() => {});
    };
  });
}

/** The service worker, once the page has loaded and then gone idle: its own fetches of the
 * shell wait until the page is drawn and has nothing else to do (a first load is not slowed),
 * and the page's language catalog among what it keeps. */
function keepTheShell() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => navigator.serviceWorker.register("/sw.js")
    .catch((error) => console.warn("no offline copy:", error));
  const whenIdle = () => setTimeout(() => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(register, { timeout: IDLE_WAIT_MS });
    else register();
  }, AFTER_LOAD_MS);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  if (language === "en") return; // English needs no catalog
  navigator.serviceWorker.ready.then((registration) => {
    registration.active?.postMessage({ keep: [`/i18n/${encodeURIComponent(language)}.json`] });
  }).catch(() => {});
}
