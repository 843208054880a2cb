"""The letter's rich text: sanitised with nh3 (Rust's ammonia) on every save and again when the
public side reads it, with one allow-list (docs/security.md, "Letters: rich text and the public
sending form", plus what Tiptap's StarterKit writes): no script, no event handler, no style, no javascript: link.
`to_text` gives the plain-text version of a letter for mail."""

import html
import re
from html.parser import HTMLParser

import nh3

TAGS = {
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "s",
    "a",
    "ul",
    "ol",
    "li",
    "blockquote",
    "hr",
    "code",
    "pre",
    "img",
}
ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt"}}
URL_SCHEMES = {"http", "https", "mailto"}

_CLEANER = nh3.Cleaner(
    tags=TAGS,
    attributes=ATTRIBUTES,
    url_schemes=URL_SCHEMES,
    link_rel="noopener noreferrer nofollow",
    strip_comments=True,
)


def sanitise(text):
    """The HTML with only the allowed tags, attributes and URL schemes left."""
    return _CLEANER.clean(text or "")


_BLOCKS = {"p", "h2", "h3", "h4", "blockquote", "pre", "ul", "ol", "hr"}


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.links = []
        self.lists = []

    def handle_starttag(self, tag, attrs):
        if tag in _BLOCKS:
            self.parts.append("\n\n")
        if tag in ("ul", "ol"):
            self.lists.append([tag, 0])
        elif tag == "li":
            if self.lists and self.lists[-1][0] == "ol":
                self.lists[-1][1] += 1
                self.parts.append(f"\n{self.lists[-1][1]}. ")
            else:
                self.parts.append("\n- ")
        elif tag == "br":
            self.parts.append("\n")
        elif tag == "hr":
            self.parts.append("----")
        elif tag == "a":
            self.links.append(dict(attrs).get("href") or "")

    def handle_endtag(self, tag):
        if tag in ("ul", "ol") and self.lists:
            self.lists.pop()
        if tag == "a" and self.links:
            href = self.links.pop()
            if href and not href.startswith("mailto:"):
                self.parts.append(f" ({href})")
        if tag in _BLOCKS:
            self.parts.append("\n\n")

    def handle_data(self, data):
        self.parts.append(re.sub(r"\s+", " ", data))


def to_text(content):
    """Plain text of sanitised letter HTML: paragraphs apart, list items with '-' or numbers,
    links followed by their address."""
    parser = _Text()
    parser.feed(content or "")
    parser.close()
    text = "".join(parser.parts)
    lines = [line.strip() for line in text.split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def escape(text):
    return html.escape(text or "", quote=True)
