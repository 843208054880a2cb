"""The access log: one line per request on the logger `smogpanel.access`, at INFO.

    POST /api/auth/login 200 41.2 ms

The method, the route's pattern (as /metrics names it: `(static)` built files, `(public
replay)` public answers repeated before the router, `(none)` no route), the status and the
time to the answer. The pattern, not the URL: a URL may carry an e-mail address (the restore
request) or a token, and the log is read by more people than the panel's data is. So a request
that took long can be found (and what it waited for: the same line shows a 503's status).

`smogpanel serve` logs it to stderr unless an ini file configures the `smogpanel` loggers: then its
[logger_smogpanel_access] section decides (production.ini's: INFO; WARNING silences it), or the
`smogpanel` logger's level (development.ini's: INFO).
"""

import logging
import time

from .metrics import ROUTE, STATIC

log = logging.getLogger("smogpanel.access")
KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"})


class AccessLog:
    """WSGI layer around the whole app (the metrics' layer inside it leaves the route)."""

    def __init__(self, app):
        self.app = app

    def __getattr__(self, name):  # the wrapped app's attributes (the registry)
        return getattr(self.app, name)

    def __call__(self, environ, start_response):
        if not log.isEnabledFor(logging.INFO):
            return self.app(environ, start_response)
        started = time.perf_counter()
        seen = {}

        def recording(status, headers, exc_info=None):
            seen["status"] = status[:3]
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        try:
            return self.app(environ, recording)
        finally:
            method = environ.get("REQUEST_METHOD", "")
            log.info(
                "%s %s %s %.1f ms",
                method if method in KNOWN_METHODS else "(other)",  # any token is a method: keep the line short
                environ.get(ROUTE, STATIC),
                seen.get("status", "500"),
                (time.perf_counter() - started) * 1000,
            )


def configure_access_log():
    """Unless an ini file's logging sections name the `smogpanel` loggers: the access log at
    INFO, and warnings, on stderr."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)-5.5s [%(name)s] %(message)s")
    if log.level == logging.NOTSET and logging.getLogger("smogpanel").level == logging.NOTSET:
        log.setLevel(logging.INFO)
