// What the pages that hand a link on share (people.js: a seat carried to another device;
// invite.js: the invite card): a QR code drawn from the modules /api/qr makes, and the
// warning for a link made from an address that works on this machine only.

import { t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** A QR code's modules ({size, rows: ["0110…"]}) as an SVG picture, with its quiet zone.
 * @param {{ size: number, rows: string[] }} code
 */
export function qrPicture(code) {
  const quiet = 4;
  const side = code.size + 2 * quiet;
  const picture = document.createElementNS(SVG_NS, "svg");
  picture.setAttribute("viewBox", `0 0 ${side} ${side}`);
  picture.setAttribute("role", "img");
  picture.setAttribute("aria-label", t("QR code of the link"));
  const back = document.createElementNS(SVG_NS, "rect");
  for (const [key, value] of Object.entries({ width: side, height: side, fill: "#fff" })) back.setAttribute(key, String(value));
  picture.append(back);
  let path = "";
  code.rows.forEach((row, y) => {
    [...row].forEach((bit, x) => { if (bit === "1") path += `M${x + quiet} ${y + quiet}h1v1h-1z`; });
  });
  const dark = document.createElementNS(SVG_NS, "path");
  dark.setAttribute("d", path);
  dark.setAttribute("fill", "#000");
  picture.append(dark);
  return picture;
}

/** Whether this page's address works on this machine only (a loopback one). */
export function pageIsHere() {
  return ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);
}

/** What to say of a link made from this page's address where that address only works on
 * this machine (a loopback one: nobody else can open the link), else null. */
export function onlyHere() {
  if (!pageIsHere()) return null;
  return t("This page's address only works on this machine: open it by the machine's network address for another device to reach it.");
}
