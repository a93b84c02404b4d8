// Making SVG elements: what board.js and labels.js draw with.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with ``attrs`` (null and undefined leave one out), in ``parent`` if given.
 * @param {string} name
 * @param {Record<string, any>} attrs
 * @param {Element | null} parent
 * @returns {any} the element (``any``: callers use it as the element its name makes)
 */
export function svg(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}
