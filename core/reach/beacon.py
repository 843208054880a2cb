"""The view beacon answered in front of Pyramid, as the public answers are replayed
(smogpanel.ops.replay): `POST /api/reach/hit` is sent once per widget view, so it costs
what a replayed payload costs, not a trip through the framework (docs/performance.md, "Reach").

A well-formed beacon is read, counted in memory and answered `204` here. Anything else (no
JSON, a field that is wrong, a body too long) goes to Pyramid's view (`smogpanel.reach.hit_view`),
which answers it with the envelope's Polish error as every API endpoint does: Pyramid stays the
one that decides what an error is; this only takes the common case off its path.
"""

import io

import orjson

from ..counters import ROUTE
from ..envelope import ApiError
from ..web import ADMIN_POLICY
from . import HIT_PATH, count_hit, read_hit

MAX_BODY = 2048
BEACON_ROUTE = "(reach beacon)"  # the route a beacon answered here is counted under in /metrics
# What the security tween (smogpanel.web) gives every answer, for a 204 that has no body.
HEADERS = [
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "strict-origin-when-cross-origin"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy", ADMIN_POLICY),
]


class BeaconFastPath:
    def __init__(self, app, registry):
        self.app = app
        self.registry = registry

    def __getattr__(self, name):  # the wrapped app's attributes (the registry, WhiteNoise's)
        return getattr(self.app, name)

    def __call__(self, environ, start_response):
        if environ.get("PATH_INFO") != HIT_PATH or environ.get("REQUEST_METHOD") != "POST":
            return self.app(environ, start_response)
        if not self._counted(environ):
            return self.app(environ, start_response)
        environ[ROUTE] = BEACON_ROUTE
        start_response("204 No Content", list(HEADERS))
        return [b""]

    def _counted(self, environ):
        if environ.get("CONTENT_TYPE", "").split(";", 1)[0].strip().lower() != "application/json":
            return False
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return False
        if not 0 < length <= MAX_BODY:
            return False
        body = environ["wsgi.input"].read(length)
        environ["wsgi.input"] = io.BytesIO(body)  # Pyramid reads it again when it answers instead
        try:
            kind, name, site = read_hit(self.registry, orjson.loads(body))
        except (orjson.JSONDecodeError, ApiError):
            return False
        count_hit(self.registry, kind, name, site)
        return True


def answer_beacons(app, registry):
    return BeaconFastPath(app, registry)
