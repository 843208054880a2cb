"""Repeat answers of the public side without going through the framework again.

A partner page's widget view is `GET /view/<kind>/<name>/embed/<uuid>` and refreshes ask
`GET /api/public/<kind>/<name>`: the panel's hottest requests, for answers that only change
when their data version does. Once Pyramid has answered one of them (its view says so by
putting `(version, Built, Content-Type header)` under `REPLAYABLE` in the environ), this layer, in front of the
router, answers the same URL again while the data version of the kind's tables is the same:
one indexed read, then the same status, headers and bytes Pyramid gave (the security headers
included), the body in the encoding this client accepts, or a 304. A changed version, a miss,
anything but a plain GET, or a test's shared-transaction database (no engine) goes to Pyramid
as before, so Pyramid stays the one that decides what an answer is; this only repeats it.
"""

import re

from webob.acceptparse import create_accept_encoding_header

from ..answer_cache import LocalCache
from ..app_state import hold
from ..counters import ROUTE, cache_lookup
from ..data_versions import raw_data_version
from ..public.payloads import REPLAYABLE
from .readiness import GATE

PUBLIC_PATH = re.compile(r"^/(?:api/public|view)/([^/]+)/[^/]+(?:/embed/[^/]+)?$")
# Per answer, not per request: headers that describe the bytes sent, set again each time.
_BYTES_HEADERS = {"content-length", "content-encoding", "content-type"}
_NOT_REPLAYED = {"set-cookie"}
REPLAYED_ROUTE = "(public replay)"  # the route a replayed answer is counted under in /metrics


class PublicReplay:
    def __init__(self, app, registry, size):
        self.app = app
        self.registry = registry
        self.answers = hold(registry, LocalCache(size))
        self.encodings = {}  # Accept-Encoding header value -> "br" | "gzip" | None

    def __getattr__(self, name):  # the wrapped app's attributes (e.g. WhiteNoise's add_files)
        return getattr(self.app, name)

    def __call__(self, environ, start_response):
        match = PUBLIC_PATH.match(environ.get("PATH_INFO", ""))
        engine = self.registry.get("db.engine")
        if match is None or environ["REQUEST_METHOD"] != "GET" or engine is None:
            return self.app(environ, start_response)
        tables = self.registry["smogpanel.public_tables"].get(match.group(1))
        if not tables:
            return self.app(environ, start_response)
        gate = self.registry.get(GATE)
        if gate is not None and gate.problem() is not None:
            return self.app(environ, start_response)  # Pyramid answers the database's reason (503)
        url = (environ["PATH_INFO"], environ.get("QUERY_STRING", ""))
        try:
            version = raw_data_version(engine, tables)
        except Exception:  # the database went away since: Pyramid finds out and answers why
            return self.app(environ, start_response)
        found = self.answers.get((url, version))
        if found is not None:
            cache_lookup("replay", "hit")
            environ[ROUTE] = REPLAYED_ROUTE
            return self._replay(environ, start_response, *found)
        cache_lookup("replay", "miss")
        return self._answer_and_keep(environ, start_response, url)

    def _answer_and_keep(self, environ, start_response, url):
        kept = {}

        def keep_status(status, headers, exc_info=None):
            kept["status"], kept["headers"] = status, headers
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        result = self.app(environ, keep_status)
        replayable = environ.get(REPLAYABLE)
        headers = kept.get("headers", ())
        if (
            replayable
            and kept.get("status", "").startswith(("200", "304"))
            and not any(name.lower() in _NOT_REPLAYED for name, _value in headers)
        ):
            version, built, content_type = replayable
            lasting = [(name, value) for name, value in headers if name.lower() not in _BYTES_HEADERS]
            self.answers.put((url, version), (built, content_type, lasting))
        return result

    def _replay(self, environ, start_response, built, content_type, headers):
        if _matches(environ.get("HTTP_IF_NONE_MATCH"), built.etag):
            start_response("304 Not Modified", list(headers))
            return [b""]
        encoding = self._encoding(environ.get("HTTP_ACCEPT_ENCODING")) if built.gzip is not None else None
        body = built.brotli if encoding == "br" else built.gzip if encoding == "gzip" else built.body
        sent = [*headers, ("Content-Type", content_type), ("Content-Length", str(len(body)))]
        if encoding:
            sent.append(("Content-Encoding", encoding))
        start_response("200 OK", sent)
        return [body]

    def _encoding(self, header):
        """The encoding `Built.encoded` would choose for this Accept-Encoding, remembered per
        distinct header value (browsers send a handful)."""
        if header is None:
            return None
        if header not in self.encodings:
            offered = {name for name, _q in create_accept_encoding_header(header).acceptable_offers(("br", "gzip"))}
            if len(self.encodings) > 256:
                self.encodings.clear()
            self.encodings[header] = "br" if "br" in offered else "gzip" if "gzip" in offered else None
        return self.encodings[header]


def _matches(if_none_match, etag):
    """Whether an If-None-Match header names `etag` (weak comparison, as webob's for Pyramid)."""
    if not if_none_match:
        return False
    for tag in if_none_match.split(","):
        tag = tag.strip()
        if tag == "*" or tag.removeprefix("W/").strip('"') == etag:
            return True
    return False


def replay_public_answers(app, registry):
    size = int(registry.settings.get("smogpanel.public_cache_size") or 512)
    return PublicReplay(app, registry, size)
