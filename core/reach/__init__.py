"""Where the widgets are seen: daily counts of each public widget's views per embedding site,
and of the steps of a kind's funnel (a letter: form shown, request sent, address confirmed).

    POST /api/reach/hit            the embed runtime's beacon: k=<kind>&n=<name>&s=<site origin>
    GET  /api/reach/?kind&record_id&from&to          the figures (signed-in operators)
    GET  /api/reach/export?format=xlsx|csv&…         the same, a row per day, record, site, event

No cookie is read or set, no address or identifier is kept or sent: a view is a number added
to (day, kind, record, site, event), `site` being the framing page's origin alone
(smogpanel.reach.sites). The counts wait in memory and are written in batches
(smogpanel.reach.counter), so neither the public answer nor the beacon waits for the database.

A plugin counts its own funnel steps with `count_event(request, kind, event, record_id=…)`,
the events being those its PublicKind declares in `funnel`.
"""

from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from ..app_state import hold
from ..envelope import ApiError
from ..openapi import describe_route, envelope_responses
from . import (
    api,
    models,  # noqa: F401  (the table, for the metadata)
)
from .counter import DEFAULT_FLUSH_SECONDS, DEFAULT_MAX_KEYS, DEFAULT_MAX_SITES, ReachCounter
from .sites import DIRECT, origin_of

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["count_event"]

COUNTER = "smogpanel.reach_counter"
HIT_PATH = "/api/reach/hit"
VIEW = "view"
MAX_NAME = 100
UNKNOWN_KIND = "Nieznany rodzaj widżetu."
BAD_NAME = "Podaj nazwę wewnętrzną widżetu (do 100 znaków)."
BAD_SITE = "Podaj adres strony w postaci https://host[:port] albo nic."


def counter_of(registry):
    return registry[COUNTER]


def public_kind(registry, kind):
    return registry["smogpanel.public_kinds"].get(kind)


def own_origin(registry):
    """The panel's own origin (`smogpanel.public_url`): its previews are no partner's views."""
    return origin_of(registry.settings.get("smogpanel.public_url") or "") or None


def count_event(request, kind, event, record_id=None, name=None, site=DIRECT):
    """Counts one step `event` of the funnel of `kind` (declared in its PublicKind's `funnel`)
    for the record `record_id` (or the one named `name`). Memory only: costs no query."""
    declared = public_kind(request.registry, kind)
    if declared is None or event not in {step for step, _label in declared.funnel} | {VIEW}:
        raise ValueError(f"{kind!r} declares no funnel step {event!r}")
    counter_of(request.registry).add(kind, site, event, name=name, record_id=record_id)


def read_hit(registry, params):
    """(kind, name, site) of a beacon's body, or ApiError naming the field that is wrong."""
    if not isinstance(params, dict):
        raise ApiError.invalid("body", "Wyślij obiekt JSON {k, n, s}.")
    kind, name, site = params.get("k"), params.get("n"), params.get("s", "")
    if not isinstance(kind, str) or not isinstance(name, str) or not isinstance(site, str):
        raise ApiError.invalid("body", "Pola k, n i s muszą być tekstem.")
    if public_kind(registry, kind) is None:
        raise ApiError.invalid("k", UNKNOWN_KIND)
    if not name or len(name) > MAX_NAME:
        raise ApiError.invalid("n", BAD_NAME)
    origin = origin_of(site)
    if origin is None:
        raise ApiError.invalid("s", BAD_SITE)
    return kind, name, origin


def count_hit(registry, kind, name, site):
    if site != own_origin(registry):  # the panel's own preview of an embed
        counter_of(registry).add(kind, site, VIEW, name=name)


def hit_view(request):
    """The beacon of one widget view (smogpanel.reach.beacon answers it before Pyramid; this is
    its fallback, and what answers a bad one). Counted in memory; 204 with nothing in it."""
    kind, name, site = read_hit(request.registry, request.json_body if request.body else {})
    count_hit(request.registry, kind, name, site)
    response = Response(status=204)
    response.cache_control = "no-store"
    return response


def setting(settings, name, default):
    try:
        return max(1, int(float(settings.get(name) or default)))
    except ValueError:
        return default


def includeme(config):
    settings = config.registry.settings
    # A test's app shares one connection with the test: no thread may write through it, so the
    # test writes the counts itself (counter.flush_all).
    interval = 0 if settings.get("db.bind") is not None else None
    config.registry[COUNTER] = ReachCounter(
        config.registry,
        interval=setting(settings, "smogpanel.reach_flush_seconds", DEFAULT_FLUSH_SECONDS) if interval is None else 0,
        max_keys=setting(settings, "smogpanel.reach_max_keys", DEFAULT_MAX_KEYS),
        max_sites=setting(settings, "smogpanel.reach_max_sites", DEFAULT_MAX_SITES),
    )
    hold(config.registry, config.registry[COUNTER])
    config.add_route("api-reach-hit", HIT_PATH)
    # No CSRF token: the beacon changes no one's data and carries no credentials that matter.
    config.add_view(
        hit_view,
        route_name="api-reach-hit",
        request_method="POST",
        permission=NO_PERMISSION_REQUIRED,
        require_csrf=False,
    )
    describe_route(
        config,
        "/api/reach/hit",
        "POST",
        {
            "summary": "Jedno wyświetlenie widżetu (wysyła je sam widżet; bez ciasteczek i identyfikatorów).",
            "security": [],
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["k", "n"],
                            "properties": {
                                "k": {"type": "string", "description": "rodzaj widżetu"},
                                "n": {"type": "string", "description": "nazwa wewnętrzna"},
                                "s": {
                                    "type": "string",
                                    "description": "pochodzenie strony osadzającej (https://host[:port]); "
                                    "puste: strona panelu",
                                },
                            },
                        }
                    }
                },
            },
            "responses": {"204": {"description": "Policzone"}, **envelope_responses()},
        },
    )
    api.includeme(config)
