"""The preview links' endpoints and pages (smogpanel.publishing.preview):

POST   /api/<kind>/<id>/preview   {days?}  -> {url, expires_at}
DELETE /api/<kind>/<id>/preview            -> {revoked: true}: every link of the record refused
GET    /preview/<token>, /preview/<token>/<n>, /api/preview/<token>/<n>
"""

from pyramid.security import NO_PERMISSION_REQUIRED

from ..envelope import ApiError
from ..openapi import ENVELOPE, PATH_ID, describe_route, envelope_responses
from .preview import (
    MAX_DAYS,
    PRIVATE,
    authorize_preview,
    default_days,
    preview_link,
    preview_page,
    preview_part,
    preview_payload,
    revoke,
)
from .views import read_body, resource_and_record

BAD_DAYS = f"Liczba dni ważności podglądu to liczba całkowita od 1 do {MAX_DAYS}."


def days_of(request):
    """The body's `days`, or None: a whole number from 1 to MAX_DAYS. JSON Schema's integer
    takes 13.0 as it takes 13, never `true` nor "13" (the description says a number)."""
    days = read_body(request, ("days",)).get("days")
    if days is None:
        return None
    if isinstance(days, float) and days.is_integer():
        days = int(days)
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= MAX_DAYS:
        raise ApiError.invalid("days", BAD_DAYS)
    return days


def create_view(request):
    days = days_of(request)
    resource, obj = resource_and_record(request)
    authorize_preview(request, resource, obj)
    request.response.headers.update(PRIVATE)
    return preview_link(request, [(resource.kind, obj.id)], days)


def revoke_view(request):
    resource, obj = resource_and_record(request)
    authorize_preview(request, resource, obj)
    revoke(request, resource.kind, obj.id)
    request.response.headers.update(PRIVATE)
    return {"revoked": True}


def describe(config, kinds):
    kind = {"name": "kind", "in": "path", "required": True, "schema": {"type": "string", "enum": kinds or ["none"]}}
    record = {"name": "id", "in": "path", "required": True, "schema": PATH_ID}
    token = {"name": "token", "in": "path", "required": True, "schema": {"type": "string"}}
    n = {"name": "n", "in": "path", "required": True, "schema": {**PATH_ID, "minimum": 1}}
    link = envelope_responses("Odnośnik do podglądu: {url, expires_at} (Cache-Control: no-store)")
    link["200"]["content"] = {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {
                    "success": {"type": "boolean"},
                    "message": {
                        "type": "object",
                        "properties": {
                            "url": {"type": "string"},
                            "expires_at": {"type": "string", "format": "date-time"},
                        },
                    },
                },
            }
        }
    }
    days = {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_DAYS, "description": "Ważność w dniach"}
    describe_route(
        config,
        "/api/{kind}/{id}/preview",
        "POST",
        {
            "summary": "Odnośnik do podglądu szkicu rekordu (to, co zostałoby opublikowane teraz) w prawdziwym "
            "widżecie; ważny `days` dni (domyślnie 7). Wyświetlenia podglądu nie liczą się do zasięgu.",
            "parameters": [kind, record],
            "requestBody": {
                "required": False,
                "content": {
                    "application/json": {
                        "schema": {"type": "object", "properties": {"days": days}, "additionalProperties": False}
                    }
                },
            },
            "responses": link,
        },
    )
    describe_route(
        config,
        "/api/{kind}/{id}/preview",
        "DELETE",
        {
            "summary": "Wycofuje od razu wszystkie odnośniki do podglądu rekordu.",
            "parameters": [kind, record],
            "responses": envelope_responses("{revoked: true}"),
        },
    )
    refused = {
        "404": {"description": "Nie ma takiego podglądu albo elementu"},
        "410": {"description": "Podgląd wygasł albo został wycofany"},
    }
    html = {"text/html": {"schema": {"type": "string"}}}
    for path, parameters in (("/preview/{token}", [token]), ("/preview/{token}/{n}", [token, n])):
        describe_route(
            config,
            path,
            "GET",
            {
                "summary": "Podgląd szkicu w widżecie (n-ty rekord odnośnika; bez n: pierwszy). "
                "Cache-Control: no-store, X-Robots-Tag: noindex.",
                "security": [],
                "parameters": parameters,
                "responses": {
                    "200": {"description": "Strona z widżetem szkicu", "content": html},
                    "400": {
                        "description": "Numer spoza zakresu",
                        "content": {"application/json": {"schema": ENVELOPE}},
                    },
                    **{status: {**answer, "content": html} for status, answer in refused.items()},
                },
            },
        )
    json_envelope = {"application/json": {"schema": ENVELOPE}}
    describe_route(
        config,
        "/api/preview/{token}/{n}",
        "GET",
        {
            "summary": "Dane szkicu n-tego rekordu odnośnika do podglądu (Cache-Control: no-store).",
            "security": [],
            "parameters": [token, n],
            "responses": {
                "200": {"description": "Dane widżetu (szkic)", "content": json_envelope},
                "400": {"description": "Numer spoza zakresu", "content": json_envelope},
                **{status: {**answer, "content": json_envelope} for status, answer in refused.items()},
            },
        },
    )
    describe_part(config, token, n, refused)


def describe_part(config, token, n, refused):
    json_envelope = {"application/json": {"schema": ENVELOPE}}
    part = {"name": "part", "in": "path", "required": True, "schema": {"type": "string"}}
    describe_route(
        config,
        "/api/preview/{token}/{n}/{part}",
        "GET",
        {
            "summary": "Własny adres wtyczki obok danych (np. karta gminy wyszukiwarki, "
            "/api/public/{kind}/{internal_name}/{part}) dla szkicu z odnośnika do podglądu.",
            "security": [],
            "parameters": [token, n, part],
            "responses": {
                "200": {"description": "Odpowiedź wtyczki dla szkicu", "content": json_envelope},
                "400": {"description": "Numer spoza zakresu", "content": json_envelope},
                **{status: {**answer, "content": json_envelope} for status, answer in refused.items()},
            },
        },
    )


def includeme(config):
    default_days(config.registry.settings)  # a wrong setting stops the server at start, naming it
    config.add_route("api-preview-link", "/api/{kind}/{id:\\d+}/preview")
    config.add_view(create_view, route_name="api-preview-link", request_method="POST", renderer="envelope")
    config.add_view(revoke_view, route_name="api-preview-link", request_method="DELETE", renderer="envelope")
    config.add_route("preview", "/preview/{token}")
    # Any n: one that is no number is a Polish 404 of its own, not the panel's screens.
    config.add_route("preview-n", "/preview/{token}/{n}")
    for route in ("preview", "preview-n"):
        config.add_view(preview_page, route_name=route, request_method="GET", permission=NO_PERMISSION_REQUIRED)
    config.add_route("api-preview", "/api/preview/{token}/{n:\\d+}")
    config.add_view(preview_payload, route_name="api-preview", request_method="GET", permission=NO_PERMISSION_REQUIRED)
    config.add_route("api-preview-part", "/api/preview/{token}/{n:\\d+}/{part:.+}")
    config.add_view(
        preview_part, route_name="api-preview-part", request_method="GET", permission=NO_PERMISSION_REQUIRED
    )
    describe(config, sorted(config.registry.get("smogpanel.public_kinds", {})))
