"""The releases' endpoints (smogpanel.publishing.releases):

GET    /api/release/                 {list, kinds}
POST   /api/release/                 {name, items: [{kind, id, action}], at?}
GET    /api/release/<id>
POST   /api/release/<id>             {name, items, at?}: prepares an open release again
DELETE /api/release/<id>             an open release
POST   /api/release/<id>/publish     {at?}: every item, all or none
"""

from ..authority import authorize
from ..openapi import PATH_ID, describe_route, envelope_responses
from ..public.live import publishable
from ..publication_releases import ITEM_ACTIONS
from . import releases
from .views import AT, read_at, read_body

KIND = "release"  # asked of the authority for reading (the default rules: any signed-in account)
FIELDS = ("name", "items", "at")


def _release(request):
    return releases.load(request, int(request.matchdict["id"]))


def kinds(request):
    registry = request.registry
    found = [publishable(registry, kind) for kind in sorted(registry.get("smogpanel.public_kinds", {}))]
    return [{"kind": resource.kind, "label": resource.label} for resource in found if resource is not None]


def list_view(request):
    authorize(request, KIND, "read")
    return {"list": releases.listing(request), "kinds": kinds(request)}


def _prepared(request, release=None):
    body = read_body(request, FIELDS)
    name = releases.read_name(body.get("name"))
    items = releases.read_items(request, body.get("items"))
    at = read_at(body)
    release = releases.prepare(request, name, items, at, release)
    return releases.answer(request, release)


def create_view(request):
    return _prepared(request)


def edit_view(request):
    return _prepared(request, _release(request))


def read_view(request):
    authorize(request, KIND, "read")
    return releases.answer(request, _release(request))


def delete_view(request):
    release = _release(request)
    releases.remove(request, release)
    return {"id": release.id}


def publish_view(request):
    body = read_body(request, ("at",))
    at = read_at(body)
    release = _release(request)
    releases.publish(request, release, at)
    return releases.answer(request, release)


def describe(config, kinds_known):
    record = {"name": "id", "in": "path", "required": True, "schema": PATH_ID}
    when = {"type": ["string", "null"], "format": "date-time"}
    item = {
        "type": "object",
        "properties": {
            "kind": {"type": "string", "enum": kinds_known or ["none"]},
            # A record of the kind: only the database knows which exist.
            "id": {"type": "integer", "minimum": 1, "maximum": 2**31 - 1, "x-refers-to": "record"},
            "action": {"type": "string", "enum": list(ITEM_ACTIONS), "default": "publish"},
        },
        "required": ["kind", "id"],
        "additionalProperties": False,
    }
    summary = {
        "id": {"type": "integer"},
        "name": {"type": "string"},
        "state": {"type": "string", "enum": list(releases.STATES)},
        "state_label": {"type": "string", "enum": list(releases.STATES.values())},
        "at": when,
        "created": {"type": "string", "format": "date-time"},
        "created_by": {"type": ["string", "null"]},
        "prepared": {"type": "string", "format": "date-time"},
        "published": when,
        "published_by": {"type": ["string", "null"]},
        "items_count": {"type": "integer"},
    }
    detail = {
        "type": "object",
        "properties": dict(
            summary,
            items={
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "kind": {"type": "string"},
                        "kind_label": {"type": "string"},
                        "id": {"type": "integer"},
                        "name": {"type": "string"},
                        "action": {"type": "string", "enum": list(ITEM_ACTIONS)},
                        "action_label": {"type": "string"},
                        "seq": {"type": ["integer", "null"]},
                        "changed": {"type": "boolean", "description": "Szkic zmienił się od przygotowania"},
                        "problem": {"type": ["string", "null"], "description": "Dlaczego nie da się go opublikować"},
                    },
                },
            },
        ),
    }

    def answers(text, schema):
        responses = envelope_responses(text)
        responses["200"]["content"] = {
            "application/json": {
                "schema": {"type": "object", "properties": {"success": {"type": "boolean"}, "message": schema}}
            }
        }
        return responses

    def body(properties, required=()):
        schema = {"type": "object", "properties": properties, "additionalProperties": False}
        if required:
            schema["required"] = list(required)
        return {"required": bool(required), "content": {"application/json": {"schema": schema}}}

    prepared = body(
        {
            "name": {"type": "string", "minLength": 1, "maxLength": releases.MAX_NAME, "pattern": r"\S"},
            "items": {"type": "array", "items": item, "minItems": 1, "maxItems": releases.MAX_ITEMS},
            "at": AT,
        },
        ("name", "items"),
    )
    listed = {
        "type": "object",
        "properties": {
            "list": {"type": "array", "items": {"type": "object", "properties": summary}},
            "kinds": {
                "type": "array",
                "items": {"type": "object", "properties": {"kind": {"type": "string"}, "label": {"type": "string"}}},
            },
        },
    }
    describe_route(
        config,
        "/api/release/",
        "GET",
        {
            "summary": "Publikacje kilku elementów naraz (najnowsze pierwsze) i rodzaje, które można w nich umieścić.",
            "responses": answers("Publikacje i rodzaje elementów", listed),
        },
    )
    describe_route(
        config,
        "/api/release/",
        "POST",
        {
            "summary": "Przygotowuje publikację: zamraża szkic każdego elementu takim, jaki jest teraz. "
            "Element może być w jednej otwartej publikacji naraz (409).",
            "requestBody": prepared,
            "responses": answers("Publikacja z elementami", detail),
        },
    )
    describe_route(
        config,
        "/api/release/{id}",
        "GET",
        {
            "summary": "Publikacja z elementami; w otwartej: które szkice zmieniły się od przygotowania.",
            "parameters": [record],
            "responses": answers("Publikacja z elementami", detail),
        },
    )
    describe_route(
        config,
        "/api/release/{id}",
        "POST",
        {
            "summary": "Przygotowuje otwartą publikację ponownie (nazwa, elementy, termin), zamrażając szkice na nowo.",
            "parameters": [record],
            "requestBody": prepared,
            "responses": answers("Publikacja z elementami", detail),
        },
    )
    describe_route(
        config,
        "/api/release/{id}",
        "DELETE",
        {
            "summary": "Usuwa otwartą publikację (opublikowanej nie można).",
            "parameters": [record],
            "responses": envelope_responses("{id} usuniętej publikacji"),
        },
    )
    describe_route(
        config,
        "/api/release/{id}/publish",
        "POST",
        {
            "summary": "Publikuje (albo planuje na `at`) wszystkie elementy w jednej transakcji: gdy szkic "
            "któregoś zmienił się od przygotowania, 412; gdy któregoś nie da się opublikować, 409; "
            "wtedy nie publikuje niczego.",
            "parameters": [record],
            "requestBody": body({"at": AT}),
            "responses": answers("Opublikowana (albo zaplanowana) publikacja", detail),
        },
    )


def includeme(config):
    # Before the single records' `/api/{kind}/{id}/publish`, which `/api/release/<id>/publish` would match.
    config.add_route("api-releases", "/api/release/")
    config.add_route("api-release", "/api/release/{id:\\d+}")
    config.add_route("api-release-publish", "/api/release/{id:\\d+}/publish")
    for route, method, view in (
        ("api-releases", "GET", list_view),
        ("api-releases", "POST", create_view),
        ("api-release", "GET", read_view),
        ("api-release", "POST", edit_view),
        ("api-release", "DELETE", delete_view),
        ("api-release-publish", "POST", publish_view),
    ):
        config.add_view(view, route_name=route, request_method=method, renderer="envelope")
    describe(config, sorted(k for k in config.registry.get("smogpanel.public_kinds", {})))
