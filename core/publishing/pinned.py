"""Pinned versions: `/view/<kind>/<name>/v/<seq>`, its embed and
`GET /api/public/<kind>/<name>/v/<seq>` serve version `seq` as it was published, forever
(cached as immutable); a version not published (yet) answers 404.

`GET /api/public/<kind>/<name>/v/<seq>/<part>`: a plugin's own endpoint beside the payload (a
search's card, which the pinned embed asks under its `api`) for a published version: as frozen
with the version (a kind declaring `PublicKind.parts`: smogpanel.public.parts), immutable too;
else (no parts declared, or a version published before they were frozen) the part's current
answer (`/api/public/<kind>/<name>/<part>`, with its own Cache-Control)."""

from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from ..answer_cache import Built
from ..envelope import ApiError, dumps
from ..openapi import ENVELOPE, PATH_ID, describe_route
from ..public import build_page, bundle_path
from ..public.cache import answer
from ..public.live import pinned_built
from ..public.notes import correction_of
from ..public.parts import MISSING, frozen_part
from ..public.payloads import NOT_FOUND_PAGE, kind_of
from ..public.placeholder import placeholder
from ..web import mark_embeddable
from .preview import public_part

IMMUTABLE = "public, max-age=31536000, immutable"


def _pinned(request):
    kind = kind_of(request)
    name = request.matchdict["internal_name"]
    seq = int(request.matchdict["seq"])
    built = pinned_built(request, kind, name, seq) if kind is not None and seq > 0 else None
    return kind, name, seq, built


def pinned_payload(request):
    _kind, _name, _seq, built = _pinned(request)
    if built is None:
        raise ApiError("NOT_FOUND")
    return answer(request, built, "application/json", IMMUTABLE)


def pinned_part(request):
    """The part of a published, not embargoed version: asked inside this request and its
    transaction, with `is_public` true for this record (the version was published even if the
    record is unpublished now), as a preview link asks a draft's part."""
    kind, name, _seq, built = _pinned(request)
    if built is None:
        raise ApiError("NOT_FOUND")
    frozen = frozen_part(request, kind.kind, name, request.matchdict["part"])
    if frozen is MISSING:
        raise ApiError("NOT_FOUND")
    if frozen is None:  # nothing frozen: the part as it is now
        return public_part(request, kind, name)
    part = Built.of(dumps({"success": True, "message": frozen}))
    return answer(request, part, "application/json", IMMUTABLE)


def pinned_page(request):
    kind, name, seq, payload = _pinned(request)
    embed = request.matchdict.get("uuid", "")
    if payload is None:
        if embed:
            return placeholder(request)
        return Response(NOT_FOUND_PAGE, status=404, content_type="text/html", charset="utf-8")
    if embed:
        mark_embeddable(request)
    bundle = bundle_path(request, kind.plugin)
    api = request.route_path("api-public-pinned", kind=kind.kind, internal_name=name, seq=seq)
    note = correction_of(request)  # this version's correction line, if it is one
    page = request.registry["smogpanel.public_pages"].get_or_build(
        ("pinned-page", kind.kind, payload.etag, bundle, name, embed, seq, note),
        lambda: build_page(request, kind, name, embed, payload, bundle, api=api, note=note),
    )
    return answer(request, page, "text/html", IMMUTABLE)


def describe(config, kinds):
    kind = {"name": "kind", "in": "path", "required": True, "schema": {"type": "string", "enum": kinds or ["none"]}}
    name = {"name": "internal_name", "in": "path", "required": True, "schema": {"type": "string"}}
    seq = {"name": "seq", "in": "path", "required": True, "schema": {**PATH_ID, "minimum": 1}}
    missing = {"description": "Nie ma takiej opublikowanej wersji (NOT_FOUND)"}
    # A number past the id columns' range is refused before any view (malformed requests).
    out_of_range = {"description": "Numer wersji spoza zakresu", "content": {"application/json": {"schema": ENVELOPE}}}
    describe_route(
        config,
        "/api/public/{kind}/{internal_name}/v/{seq}",
        "GET",
        {
            "summary": "Dane przypiętej wersji widżetu: niezmienne (Cache-Control: immutable).",
            "security": [],
            "parameters": [kind, name, seq],
            "responses": {
                "200": {"description": "Dane wersji", "content": {"application/json": {"schema": ENVELOPE}}},
                "400": out_of_range,
                "404": {**missing, "content": {"application/json": {"schema": ENVELOPE}}},
            },
        },
    )
    part = {"name": "part", "in": "path", "required": True, "schema": {"type": "string"}}
    describe_route(
        config,
        "/api/public/{kind}/{internal_name}/v/{seq}/{part}",
        "GET",
        {
            "summary": "Własny punkt wtyczki obok danych (np. karta gminy wyszukiwarki) dla opublikowanej "
            "wersji: zamrożona z wersją, niezmienna (Cache-Control: immutable), gdy rodzaj ją zamraża; "
            "inaczej bieżąca odpowiedź (jak /api/public/{kind}/{internal_name}/{part}).",
            "security": [],
            "parameters": [kind, name, seq, part],
            "responses": {
                "200": {"description": "Odpowiedź wtyczki", "content": {"application/json": {"schema": ENVELOPE}}},
                "400": out_of_range,
                "404": {**missing, "content": {"application/json": {"schema": ENVELOPE}}},
            },
        },
    )
    html = {"text/html": {"schema": {"type": "string"}}}
    for path, summary, extra in (
        ("/view/{kind}/{internal_name}/v/{seq}", "Publiczny widok przypiętej wersji.", []),
        (
            "/view/{kind}/{internal_name}/v/{seq}/embed/{uuid}",
            "Przypięta wersja widżetu do osadzenia.",
            [{"name": "uuid", "in": "path", "required": True, "schema": {"type": "string"}}],
        ),
    ):
        describe_route(
            config,
            path,
            "GET",
            {
                "summary": summary,
                "security": [],
                "parameters": [kind, name, seq, *extra],
                "responses": {
                    "200": {"description": "Strona z widżetem tej wersji", "content": html},
                    "400": out_of_range,
                    "404": {**missing, "content": html},
                },
            },
        )


def includeme(config):
    config.add_route("api-public-pinned", "/api/public/{kind}/{internal_name}/v/{seq:\\d+}")
    config.add_view(
        pinned_payload, route_name="api-public-pinned", request_method="GET", permission=NO_PERMISSION_REQUIRED
    )
    config.add_route("api-public-pinned-part", "/api/public/{kind}/{internal_name}/v/{seq:\\d+}/{part:.+}")
    config.add_view(
        pinned_part, route_name="api-public-pinned-part", request_method="GET", permission=NO_PERMISSION_REQUIRED
    )
    config.add_route("view-pinned", "/view/{kind}/{internal_name}/v/{seq:\\d+}")
    config.add_route("view-pinned-embed", "/view/{kind}/{internal_name}/v/{seq:\\d+}/embed/{uuid}")
    for route in ("view-pinned", "view-pinned-embed"):
        config.add_view(pinned_page, route_name=route, request_method="GET", permission=NO_PERMISSION_REQUIRED)
    describe(config, sorted(config.registry.get("smogpanel.public_kinds", {})))
