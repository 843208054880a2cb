// A document just large enough for the widgets' drawing code (@smogpanel/embeds/charts,
// /voivodeships) to run on the server under Node, with no browser and no DOM library: elements
// with attributes, children and text, serialised as XML. The drawing code calls the global
// `document`, so the share image is drawn by the very functions the widget draws with.
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ESCAPES[c]);

class TextNode {
  constructor(text) {
    this.text = String(text);
  }

  serialise() {
    return escape(this.text);
  }
}

class ElementNode {
  constructor(tag) {
    this.tagName = tag;
    this.attributes = new Map();
    this.childNodes = [];
    this.style = {};
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  get className() {
    return this.getAttribute('class') || '';
  }

  set className(value) {
    this.setAttribute('class', value);
  }

  appendChild(node) {
    this.childNodes.push(node);
    return node;
  }

  append(...nodes) {
    nodes.forEach((node) => this.appendChild(typeof node === 'string' ? new TextNode(node) : node));
  }

  replaceChildren(...nodes) {
    this.childNodes = [];
    this.append(...nodes);
  }

  get children() {
    return this.childNodes.filter((node) => node instanceof ElementNode);
  }

  get textContent() {
    return this.childNodes.map((node) => (node instanceof TextNode ? node.text : node.textContent)).join('');
  }

  set textContent(text) {
    this.childNodes = [new TextNode(text)];
  }

  serialise() {
    const style = Object.entries(this.style)
      .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`)
      .join(';');
    const attributes = [...this.attributes, ...(style ? [['style', style]] : [])]
      .map(([key, value]) => ` ${key}="${escape(value)}"`)
      .join('');
    if (!this.childNodes.length) return `<${this.tagName}${attributes}/>`;
    return `<${this.tagName}${attributes}>${this.childNodes.map((node) => node.serialise()).join('')}</${this.tagName}>`;
  }
}

/** A new document: createElementNS, createElement and createTextNode. */
export function serverDocument() {
  return {
    createElementNS: (_namespace, tag) => new ElementNode(tag),
    createElement: (tag) => new ElementNode(tag),
    createTextNode: (text) => new TextNode(text),
  };
}

/** The XML of an element of the server document (its text and attributes escaped). */
export const serialise = (node) => node.serialise();
