// A profile without a password (issue 54): the header's "Profile" button opens a panel that
// makes a profile (a name, then the browser's passkey dialog) or signs in with a passkey;
// signed in, it names the person, links their page, makes a one-time link (and its QR code)
// that signs another device in, exports their data, deletes the profile and signs out. A page
// opened by such a link (/?signin=TOKEN) signs in at once. The server keeps the session in
// an HttpOnly cookie (pegrace/web/profiles.py): the page never holds it.

import { t } from "./i18n.js";
import { qrPicture } from "./qr.js";
import { ApiError, api, fill, h } from "./util.js";

/** @typedef {{ name: string | null }} Me who is signed in here (/api/me) */
/** The browser's JSON forms of passkey options and answers (WebAuthn level 3; newer than
 * TypeScript's own types here).
 * @typedef {{ parseCreationOptionsFromJSON: (json: unknown) => PublicKeyCredentialCreationOptions,
 *   parseRequestOptionsFromJSON: (json: unknown) => PublicKeyCredentialRequestOptions }} PasskeyJSON
 */
const PASSKEYS = /** @type {PasskeyJSON} */ (/** @type {unknown} */ (window.PublicKeyCredential));

/** The header's profile button and its panel.
 * @param {HTMLElement} header
 */
export function profileControl(header) {
  const panel = h("div", { class: "profile-panel", id: "profile-panel", hidden: true, role: "region", "aria-label": t("Your profile") });
  // TRANSLATORS: the header's button that opens a person's profile panel
  const button = h("button", { type: "button", class: "profile", id: "profile", "aria-expanded": "false", "aria-controls": "profile-panel" }, t("Profile"));
  button.addEventListener("click", () => {
    panel.hidden = !panel.hidden;
    button.setAttribute("aria-expanded", String(!panel.hidden));
    if (!panel.hidden) show(panel, button);
  });
  header.append(button);
  header.after(panel);
  const link = new URLSearchParams(location.search).get("signin");
  if (link) followLink(link, panel, button);
  else api("/api/me").then((/** @type {Me} */ me) => named(button, me.name)).catch(() => {});
}

/** @param {HTMLElement} button @param {string | null} name */
function named(button, name) {
  button.textContent = name || t("Profile");
  button.dataset.signedIn = name ? "yes" : "no";
}

/** The panel, as the person is signed in or not.
 * @param {HTMLElement} panel @param {HTMLElement} button
 */
async function show(panel, button) {
  /** @type {Me} */
  const me = await api("/api/me");
  named(button, me.name);
  const said = h("p", { class: "profile-said", role: "status", "aria-live": "polite" });
  if (me.name) fill(panel, ...signedIn(me.name, said, panel, button), said);
  else fill(panel, ...signedOut(said, panel, button), said);
}

/** Making a profile or signing in.
 * @param {HTMLElement} said @param {HTMLElement} panel @param {HTMLElement} button
 */
function signedOut(said, panel, button) {
  const name = h("input", { id: "profile-name", autocomplete: "username webauthn", maxlength: 40 });
  const make = h("form", { class: "profile-make" },
    h("label", { for: "profile-name" }, t("Your name")), " ", name, " ",
    // TRANSLATORS: a button: makes a profile secured by a passkey (no password)
    h("button", { type: "submit", id: "profile-make" }, t("Make a profile with a passkey")));
  make.addEventListener("submit", (/** @type {Event} */ event) => {
    event.preventDefault();
    ceremony(said, panel, button, async () => {
      const begun = await api("/api/profiles/begin", { name: /** @type {HTMLInputElement} */ (name).value });
      const options = PASSKEYS.parseCreationOptionsFromJSON(begun.options);
      const made = await navigator.credentials.create({ publicKey: options });
      return api("/api/profiles/finish", { ceremony: begun.ceremony, credential: answerOf(made) });
    });
  });
  // TRANSLATORS: a button: signs in with a passkey this device (or a phone nearby) holds
  const signIn = h("button", { type: "button", id: "profile-signin" }, t("Sign in with a passkey"));
  signIn.addEventListener("click", () => ceremony(said, panel, button, async () => {
    const begun = await api("/api/signin/begin", {});
    const options = PASSKEYS.parseRequestOptionsFromJSON(begun.options);
    const used = await navigator.credentials.get({ publicKey: options });
    return api("/api/signin/finish", { ceremony: begun.ceremony, credential: answerOf(used) });
  }));
  return [
    h("p", { class: "hint" }, t("Playing needs no profile. A profile keeps your games, stats and rating, and signs in with a passkey: no password, no e-mail.")),
    make, signIn,
  ];
}

/** A browser's passkey answer as JSON.
 * @param {Credential | null} credential
 */
function answerOf(credential) {
  if (!(credential instanceof window.PublicKeyCredential)) throw new Error(t("The browser gave no passkey."));
  return /** @type {{ toJSON: () => unknown }} */ (/** @type {unknown} */ (credential)).toJSON();
}

/** A passkey ceremony, said in the panel as it goes and ends.
 * @param {HTMLElement} said @param {HTMLElement} panel @param {HTMLElement} button
 * @param {() => Promise<Me>} steps
 */
async function ceremony(said, panel, button, steps) {
  if (!window.PublicKeyCredential) {
    said.textContent = t("This browser has no passkeys.");
    return;
  }
  said.textContent = t("Waiting for your passkey…");
  try {
    const me = await steps();
    named(button, me.name);
    await show(panel, button);
  } catch (error) {
    // the person closed the browser's dialog: DOMException NotAllowedError; the browser's
    // own reasons are in English, so they go to the console, not the page
    if (!(error instanceof ApiError)) console.warn("passkey:", error);
    said.textContent = error instanceof ApiError ? error.message
      : error instanceof DOMException && error.name === "NotAllowedError" ? t("No passkey was given.")
        : t("The passkey did not work in this browser: try again, or another device.");
  }
}

/** The signed-in person's panel.
 * @param {string} name @param {HTMLElement} said @param {HTMLElement} panel @param {HTMLElement} button
 */
function signedIn(name, said, panel, button) {
  const handoff = h("div", { class: "profile-link" });
  // TRANSLATORS: a button: shows a one-time link and QR code that signs another device in
  const another = h("button", { type: "button", id: "profile-another" }, t("Sign in on another device"));
  another.addEventListener("click", async () => {
    try {
      const made = await api("/api/signin/link", {});
      const url = new URL(made.url, location.href).href;
      const qr = h("div", { class: "qr" });
      fill(handoff, h("p", { class: "hint" }, t("Open this link on the other device within ten minutes; it works once.")),
        h("input", { value: url, readonly: true, class: "invite-link", id: "profile-link", "aria-label": t("sign-in link") }), qr);
      fill(qr, qrPicture(await api("/api/qr", { text: url })));
    } catch (error) {
      said.textContent = error instanceof Error ? error.message : String(error);
    }
  });
  // TRANSLATORS: a button: deletes the person's profile for good
  const remove = h("button", { type: "button", id: "profile-delete", class: "danger" }, t("Delete my profile"));
  remove.addEventListener("click", async () => {
    if (!confirm(t("Delete your profile? Your games stay, shown as a former player's; your name, passkeys and rating go."))) return;
    const response = await fetch("/api/me", { method: "DELETE" });
    said.textContent = response.ok ? t("Your profile is deleted.") : t("The profile could not be deleted.");
    if (response.ok) await show(panel, button);
  });
  const email = h("input", { id: "profile-email", type: "email", autocomplete: "email", maxlength: 254 });
  const mail = h("form", { class: "profile-email" },
    // TRANSLATORS: a field: where "your turn" e-mails of games over days go; no e-mail is needed
    h("label", { for: "profile-email" }, t("E-mail for “your turn” in games over days (optional)")), " ", email, " ",
    h("button", { type: "submit", id: "profile-email-save" }, t("Save")));
  mail.addEventListener("submit", async (/** @type {Event} */ event) => {
    event.preventDefault();
    const value = /** @type {HTMLInputElement} */ (email).value.trim();
    const response = await fetch("/api/me/email", { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: value || null }) });
    said.textContent = response.ok ? (value ? t("Check that mailbox: the link in the mail we sent confirms the address.") : t("Saved: no e-mail.")) : t("That e-mail address was not taken.");
  });
  // TRANSLATORS: a button
  const out = h("button", { type: "button", id: "profile-signout" }, t("Sign out"));
  out.addEventListener("click", async () => {
    await api("/api/signout", {});
    await show(panel, button);
  });
  return [
    // TRANSLATORS: {name} is the person's profile name
    h("p", {}, t("Signed in as {name}", { name })),
    h("p", {},
      h("a", { href: `/players/${encodeURIComponent(name)}`, id: "profile-page" }, t("Your games, stats and rating")), " · ",
      h("a", { href: "/api/me/export", download: "pegrace-profile.json", id: "profile-export" }, t("Export my data (JSON)"))),
    mail, another, handoff, out, remove,
  ];
}

/** A one-time link's sign-in, the token taken off the address at once.
 * @param {string} token @param {HTMLElement} panel @param {HTMLElement} button
 */
async function followLink(token, panel, button) {
  const params = new URLSearchParams(location.search);
  params.delete("signin");
  const rest = params.toString();
  history.replaceState(null, "", location.pathname + (rest ? `?${rest}` : ""));
  try {
    /** @type {Me} */
    const me = await api("/api/signin/with-link", { token });
    named(button, me.name);
  } catch (error) {
    panel.hidden = false;
    fill(panel, h("p", { class: "error", role: "alert" }, error instanceof Error ? error.message : String(error)));
  }
}

/** The page an e-mail's "no more" link opens: one button stops the notices.
 * @param {HTMLElement} root @param {string} token
 */
export function showUnsubscribe(root, token) {
  // TRANSLATORS: a button on the page an e-mail's "no more" link opens
  mailedLinkPage(root, `/api/unsubscribe/${encodeURIComponent(token)}`, t("No more e-mail from pegrace"),
    t("Done: pegrace sends you no more e-mail."));
}

/** The page an address's confirming link opens: one button confirms it.
 * @param {HTMLElement} root @param {string} token
 */
export function showConfirm(root, token) {
  // TRANSLATORS: a button on the page an address's confirming link opens
  mailedLinkPage(root, `/api/confirm/${encodeURIComponent(token)}`, t("Yes: tell me at this address when it is my turn"),
    t("Confirmed: pegrace tells you at this address when it is your turn in a game over days."));
}

/** A mailed link's page: one button takes its step (a link alone does not, so that a mail
 * program that follows links does nothing), and what it did is said.
 * @param {HTMLElement} root @param {string} path @param {string} asked @param {string} done
 */
function mailedLinkPage(root, path, asked, done) {
  const said = h("p", { role: "status", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "primary", id: "mailed-link" }, asked);
  button.addEventListener("click", async () => {
    try {
      await api(path, {});
      said.textContent = done;
      button.hidden = true;
    } catch (error) {
      said.textContent = error instanceof Error ? error.message : String(error);
    }
  });
  fill(root, h("h1", {}, t("E-mail from pegrace")), button, said);
}
