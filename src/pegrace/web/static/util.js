// Small helpers shared by the page's modules: building elements, calling the JSON API,
// keeping seat tokens in localStorage, and naming seats and colours for people.

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") Object.assign(node.style, value); // not an attribute: the CSP allows it
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of present(children)) {
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The children that are there: null, undefined and false leave no trace. */
function present(children) {
  return children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false);
}

/** Put ``children`` in ``node`` in place of what it held, as ``h`` does: null, undefined and
 * false leave no trace (replaceChildren would write them as text, "null"). */
export function fill(node, ...children) {
  node.replaceChildren(...present(children));
  return node;
}

/** Call the API; an answer with {"error"} becomes a thrown Error carrying that message. */
export async function api(path, body = undefined) {
  const init = body === undefined
    ? {}
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    throw new Error(`${path}: the server answered ${response.status} without JSON`);
  }
  if (!response.ok) throw new Error(data && data.error ? data.error : `${path}: ${response.status}`);
  return data;
}

/** The catalog of games (/api/catalog), or null once ``root`` says it cannot be loaded. */
export async function loadCatalog(root) {
  try {
    return await api("/api/catalog");
  } catch (error) {
    fill(root, h("p", { class: "error" }, `Cannot load the games: ${error.message}`));
    return null;
  }
}

const TOKEN_KEY = "pegrace:tokens:";

/** The ids of the games this browser holds seat tokens for. */
export function heldGames() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(TOKEN_KEY)) ids.push(key.slice(TOKEN_KEY.length));
  }
  return ids;
}

/** The seat tokens this browser holds for a game: {colour: token}. */
export function loadTokens(gameId) {
  try {
    return JSON.parse(localStorage.getItem(TOKEN_KEY + gameId) || "{}");
  } catch {
    return {};
  }
}

export function saveTokens(gameId, tokens) {
  const all = { ...loadTokens(gameId), ...tokens };
  localStorage.setItem(TOKEN_KEY + gameId, JSON.stringify(all));
  return all;
}

export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A colour's token and name, e.g. (R) Red. */
export function chip(colour, text = capitalise(colour)) {
  return h("span", { class: "chip" }, h("span", { class: `token c-${colour}` }, colour.charAt(0).toUpperCase()), text);
}

/** A seat kind in words: "human", "open", "computer:medium". */
export function kindName(kind) {
  if (kind === "human") return "Human";
  if (kind === "open") return "Open seat";
  if (kind === "empty") return "Empty";
  if (kind.startsWith("computer:")) return `Computer (${kind.slice(9)})`;
  return kind;
}
