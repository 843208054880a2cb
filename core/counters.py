"""The process's counters, read by GET /metrics (smogpanel.ops.metrics, which says how): a
request's route is left under ROUTE for its count; the public cache's lookups, mail deliveries
and integration errors are counted by whoever does them, below the operations that serve them."""

import threading
from types import SimpleNamespace

ROUTE = "smogpanel.route"  # the environ key the route's pattern is left under, for the count

_lock = threading.Lock()
_metrics = None


def metrics():
    """The process's counters, made on first use (see the module's text)."""
    global _metrics
    if _metrics is None:
        with _lock:
            if _metrics is None:
                # prometheus_client picks its mode when imported: in the worker (the module's text)
                from prometheus_client import Counter, Histogram, disable_created_metrics

                disable_created_metrics()  # the *_created series: noise for counters that start with the process

                _metrics = SimpleNamespace(
                    requests=Counter(
                        "smogpanel_http_requests", "HTTP requests answered", ["route", "method", "status"]
                    ),
                    latency=Histogram("smogpanel_http_request_duration_seconds", "Time to answer a request", ["route"]),
                    cache=Counter(
                        "smogpanel_public_cache_lookups", "Public answers looked up in the cache", ["cache", "result"]
                    ),
                    mail=Counter("smogpanel_mail_deliveries", "Mail delivery attempts", ["outcome"]),
                    integration_errors=Counter(
                        "smogpanel_integration_errors", "Integration readings that failed", ["integration"]
                    ),
                )
    return _metrics


def cache_lookup(cache, result):
    """A public cache lookup: `cache` "payload" | "page" | "replay", `result` "hit" | "miss"."""
    metrics().cache.labels(cache, result).inc()


def mail_delivered(ok, count=1):
    if count:
        metrics().mail.labels("sent" if ok else "failed").inc(count)


def integration_failed(code):
    metrics().integration_errors.labels(code).inc()
