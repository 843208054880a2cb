"""GET /metrics: Prometheus's text format (prometheus_client).

Counted in the process: requests by route pattern, method and status with their latency (a
WSGI layer around the whole app, static files and replayed public answers included), the
public cache's hits and misses by layer, mail deliveries and integration errors. Read from the
database at each scrape, so every process and `smogpanel worker` agree: the outbox's backlog
and the mails given up, and each scheduled job's runs, failures, last duration and last success.

Every label value comes from a closed set, never from what a client sent: routes are patterns
(`/api/timer/{id:\\d+}`, or "(static)", "(none)" when no route matched, "(public replay)"),
methods the standard ones (METHODS) or "(other)", statuses the app's own.

Under gunicorn (`smogpanel serve` with several workers) prometheus_client's multi-process mode
adds the workers' counters up: PROMETHEUS_MULTIPROC_DIR, set by `smogpanel serve` before the
workers fork. prometheus_client is imported only when first used, in the worker, because it
picks its mode when imported.

Who may read it: clients at the addresses of `smogpanel.metrics.allow` (SMOGPANEL_METRICS_ALLOW;
addresses or networks, default 127.0.0.1 and ::1; the client address honours
`smogpanel.trusted_proxies`), or any client sending `Authorization: Bearer <token>` with the
token of `smogpanel.metrics.token` (SMOGPANEL_METRICS_TOKEN). Others get 403.
"""

import hmac
import ipaddress
import os
import time

from pyramid.exceptions import ConfigurationError
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from ..client_address import client_address, parse_trusted_proxies
from ..counters import ROUTE, integration_failed, metrics

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["integration_failed"]

STATIC = "(static)"
UNMATCHED = "(none)"
# The method label's values: RFC 9110's methods and PATCH; any other counts as one value, so
# made-up methods cannot grow every scrape (and the process's memory) without bound.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"})
OTHER_METHOD = "(other)"
DEFAULT_ALLOW = "127.0.0.1 ::1"
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
# Registry key: the collectors (made with the registry) read at each scrape besides the counters;
# the outbox's and the jobs' (smogpanel.ops.database_metrics) add themselves, so this module
# imports neither mail nor jobs, which count through it.
COLLECTORS = "smogpanel.metrics_collectors"
FORBIDDEN = "Brak dostępu do metryk: adres spoza smogpanel.metrics.allow i brak poprawnego tokenu."


class RequestMetrics:
    """WSGI layer counting every request with its route pattern (left in the environ by the
    tween below, or by the public replay), status and time."""

    def __init__(self, app):
        self.app = app

    def __getattr__(self, name):  # the wrapped app's attributes (the registry)
        return getattr(self.app, name)

    def __call__(self, environ, start_response):
        started = time.perf_counter()
        seen = {}

        def recording(status, headers, exc_info=None):
            seen["status"] = status[:3]
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        try:
            return self.app(environ, recording)
        finally:
            route = environ.get(ROUTE, STATIC)
            counters = metrics()
            counters.requests.labels(route, method_label(environ), seen.get("status", "500")).inc()
            counters.latency.labels(route).observe(time.perf_counter() - started)


def method_label(environ):
    method = environ.get("REQUEST_METHOD", "")
    return method if method in METHODS else OTHER_METHOD


def route_tween_factory(handler, registry):
    def tween(request):
        try:
            return handler(request)
        finally:
            route = request.matched_route
            request.environ[ROUTE] = route.pattern if route is not None else UNMATCHED

    return tween


def allowed(request):
    settings = request.registry.settings
    token = (settings.get("smogpanel.metrics.token") or "").strip()
    sent = request.headers.get("Authorization", "")
    if token and sent.startswith("Bearer ") and hmac.compare_digest(sent[7:].strip().encode(), token.encode()):
        return True
    networks = request.registry["smogpanel.metrics_networks"]
    return any(_in(client_address(request), network) for network in networks)


def _in(address, network):
    try:
        return ipaddress.ip_address(address.strip("[]")) in network
    except ValueError:
        return False


def metrics_view(request):
    # prometheus_client picks its mode when imported: in the worker (the module's text)
    from prometheus_client import CollectorRegistry, generate_latest

    if not allowed(request):
        return Response(FORBIDDEN, status=403, content_type="text/plain", charset="utf-8")
    metrics()  # the families exist (at zero) before the first request counts
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        process = CollectorRegistry()
        multiprocess.MultiProcessCollector(process)
    else:
        from prometheus_client import REGISTRY as process
    database = CollectorRegistry(auto_describe=False)
    for collector in request.registry.get(COLLECTORS, ()):  # smogpanel.ops.database_metrics
        database.register(collector(request.registry))
    response = Response(generate_latest(process) + generate_latest(database))
    response.headers["Content-Type"] = CONTENT_TYPE
    response.cache_control = "no-store"
    return response


def includeme(config):
    settings = config.registry.settings
    allow = settings.get("smogpanel.metrics.allow")
    try:
        networks = parse_trusted_proxies(DEFAULT_ALLOW if allow is None else allow)
    except ConfigurationError:
        raise ConfigurationError(
            f"smogpanel.metrics.allow (SMOGPANEL_METRICS_ALLOW): {allow!r} is not a list of IP "
            "addresses or networks (e.g. 127.0.0.1 10.0.0.0/8)."
        ) from None
    config.registry["smogpanel.metrics_networks"] = networks
    config.add_tween("smogpanel.ops.metrics.route_tween_factory")
    config.add_route("metrics", "/metrics")
    config.add_view(metrics_view, route_name="metrics", request_method="GET", permission=NO_PERMISSION_REQUIRED)
