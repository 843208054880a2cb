// Building a widget's DOM by hand (partner pages load no framework): always as text, never as
// HTML, so a name from the panel can never become markup on a partner's page.

/** A `tag` element with `className` (when given) and `text` as its text (null or undefined: none). */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}
