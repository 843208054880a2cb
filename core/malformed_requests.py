"""Addresses no client should send, refused with a 400 envelope before any view reads them:

- a path or query string that is not UTF-8 once its %-escapes are decoded (`%ED%A0%80`, a UTF-16
  surrogate written as UTF-8, or any stray byte): WebOb decodes them strictly, so the first code
  reading `request.path` or `request.params` raised a UnicodeDecodeError (a 500, and under
  waitress not even the envelope, as the error view read the path again);
- a route's numeric placeholder (`{id:\\d+}`) that is not ASCII digits, or is beyond the id
  columns (`smogpanel.db.MAX_ID`, PostgreSQL's 32-bit INTEGER): Python's `\\d` takes every
  script's digits (`/api/timer/١` answered timer 1), `int()` refuses more than 4,300 digits (a
  500 on every such route, anonymous ones included), and PostgreSQL refused 2**31 with
  "integer out of range" (a 500).

JSON bodies that are no JSON document (a lone surrogate, NaN) are the envelope's body check's
(`envelope.unreadable_json`).
"""

import re
from functools import cache
from urllib.parse import unquote_to_bytes

from pyramid.events import ContextFound

from .db import MAX_ID
from .envelope import ApiError, error_response
from .ops.metrics import ROUTE, UNMATCHED

NUMERIC_PLACEHOLDER = re.compile(r"\{(\w+):\\d\+\}")
NOT_UTF8 = "Adres żądania nie jest poprawnym tekstem UTF-8 (np. zawiera zakodowany znak zastępczy UTF-16 %ED%A0%80)."
NOT_AN_ID = "Identyfikator w adresie musi być liczbą całkowitą z cyfr 0–9, najwyżej {maximum}."


def _utf8(text):
    """True when a WSGI string (bytes as latin-1, PEP 3333) holds UTF-8 text."""
    try:
        text.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return False
    return True


def readable_address(environ):
    if not _utf8(environ.get("PATH_INFO", "")):
        return False
    try:
        unquote_to_bytes(environ.get("QUERY_STRING", "").encode("latin-1")).decode("utf-8")
    except UnicodeError:
        return False
    return True


class RejectMalformedAddresses:
    """WSGI layer in front of the app (and of the static files and the public replay, which
    match paths too): a path or query string that is not UTF-8 answers 400; a `;` in a query
    string is part of its value."""

    def __init__(self, app):
        self.app = app

    def __getattr__(self, name):  # the wrapped app's attributes (the registry)
        return getattr(self.app, name)

    def __call__(self, environ, start_response):
        if readable_address(environ):
            # Only `&` separates parameters (as in browsers, URLSearchParams and Python's own
            # parse_qsl): WebOb also splits at `;`, which cut a value holding one (`?q=a;b`).
            environ["QUERY_STRING"] = environ.get("QUERY_STRING", "").replace(";", "%3B")
            return self.app(environ, start_response)

        environ[ROUTE] = UNMATCHED  # counted as no route, never under the raw path
        return error_response("VALIDATION_FAILED", [{"name": "url", "description": NOT_UTF8}])(environ, start_response)


@cache
def numeric_placeholders(pattern):
    return NUMERIC_PLACEHOLDER.findall(pattern)


def check_numeric_ids(event):
    """ContextFound: the matched route's `\\d+` placeholders are ASCII digits within MAX_ID."""
    request = event.request
    route = request.matched_route
    if route is None:
        return
    for name in numeric_placeholders(route.pattern):
        value = request.matchdict.get(name, "")
        if not (value.isascii() and value.isdigit() and len(value) <= len(str(MAX_ID)) and int(value) <= MAX_ID):
            raise ApiError.invalid(name, NOT_AN_ID.format(maximum=MAX_ID))


def includeme(config):
    config.add_subscriber(check_numeric_ids, ContextFound)
