"""The embedding site of a view: an origin (scheme, host, port) and nothing more.

The widget sends what its browser says the framing page's origin is; here it is parsed again
and rebuilt from its parts, so a path, a query, a fragment or credentials can never be stored,
whatever the client sent.
"""

from urllib.parse import urlsplit

from .models import MAX_SITE

DIRECT = ""  # the widget's own page on the panel (not framed), or a page that hides its origin
DEFAULT_PORTS = {"http": 80, "https": 443}


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
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme not in DEFAULT_PORTS or not host or any(c.isspace() or c in "/\\@" for c in host):
        return None
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    origin = f"{scheme}://{host}" + (f":{port}" if port and port != DEFAULT_PORTS[scheme] else "")
    return origin if len(origin) <= MAX_SITE else None
