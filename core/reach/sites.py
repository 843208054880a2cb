"""The embedding site of a view: an origin (scheme, host, port) and nothing more.

The widget sends what its browser says the framing page's origin is; here it is parsed again
and rebuilt from its parts, so a path, a query, a fragment or credentials can never be stored,
whatever the client sent. Its host must be a host name (`[a-z0-9.-]`, labels of 1 to 63
characters, a name in another script as its IDNA form `xn--…`), an IPv4 address or an IPv6
one in brackets: anything else (`<`, `"`, `{`, `_` …) is no site a browser could have framed the
widget on, and is refused before it is counted.
"""

import ipaddress
import re
from urllib.parse import urlsplit

import idna

from .models import MAX_SITE

DIRECT = ""  # the widget's own page on the panel (not framed), or a page that hides its origin
OTHER = "inne"  # the views of the sites beyond a record's daily cap of new ones (no origin: no "://")
DEFAULT_PORTS = {"http": 80, "https": 443}
MAX_HOST = 253
LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")


def host_name(host):
    """`host` as it is kept: a lower-case ASCII host name (IDNA for other scripts) or an IP
    address; None when it is neither."""
    if ":" in host:  # an IPv6 address (urlsplit took its brackets off)
        try:
            return f"[{ipaddress.IPv6Address(host).compressed}]"
        except ValueError:
            return None
    if not host.isascii():
        try:
            host = idna.encode(host, uts46=True).decode("ascii")
        except (idna.IDNAError, UnicodeError):
            return None
    host = host.lower().removesuffix(".")
    labels = host.split(".")
    if len(host) > MAX_HOST or not all(LABEL.match(label) for label in labels):
        return None
    return host


def origin_of(value):
    """`scheme://host[:port]` of an http(s) address, lower case and without the default port;
    DIRECT for '' or 'null' (a sandboxed or local page); None when it is no such address."""
    value = (value or "").strip()
    if value in ("", "null"):
        return DIRECT
    if len(value) > 2 * MAX_SITE:
        return None
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme.lower(), host_name(parts.hostname or "")
    if scheme not in DEFAULT_PORTS or not host:
        return None
    origin = f"{scheme}://{host}" + (f":{port}" if port and port != DEFAULT_PORTS[scheme] else "")
    return origin if len(origin) <= MAX_SITE else None
