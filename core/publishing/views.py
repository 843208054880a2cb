"""The publishing endpoints of every public kind (smogpanel.publishing):

POST /api/<kind>/<id>/publish    {at?, note?, note_kind?, seq?}  (If-Match as an edit)
POST /api/<kind>/<id>/unpublish  {at?}
GET  /api/<kind>/<id>/versions
GET  /api/<kind>/<id>/versions/diff  (smogpanel.publishing.diff)
"""

from ..authority import authorize
from ..envelope import ApiError
from ..openapi import PATH_ID, describe_route, envelope_responses
from ..public.live import publishable
from ..publications import NOTE_KINDS
from .actions import publish, unpublish, versions
from .diff import DIFF_SCHEMA, draft_diff
from .times import BadTime, parse_at

MAX_NOTE = 1000
UNKNOWN_KIND = "Tego rodzaju elementów się nie publikuje."


def resource_and_record(request):
    """The publishable resource the route names and its record (404 for a kind not published)."""
    resource = publishable(request.registry, request.matchdict["kind"])
    if resource is None:
        raise ApiError("NOT_FOUND", [{"name": "kind", "description": UNKNOWN_KIND}])
    return resource, resource.load(request, int(request.matchdict["id"]))


def read_body(request, allowed):
    """The request's JSON object (empty: {}), refusing a field not in `allowed`."""
    if not request.body:
        return {}
    try:
        body = request.json_body
    except ValueError:
        raise ApiError.invalid("", "Treść zapytania nie jest poprawnym JSON-em.") from None
    if not isinstance(body, dict):
        raise ApiError.invalid("", "Treść zapytania ma być obiektem JSON.")
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise ApiError.invalid(unknown[0], f"Nieznane pole „{unknown[0]}”. Dozwolone: {', '.join(allowed)}.")
    return body


def read_at(body):
    """The body's `at` (aware UTC) or None, refusing one that cannot be read."""
    value = body.get("at")
    if value is None or value == "":
        return None
    try:
        return parse_at(value)
    except BadTime as error:
        raise ApiError.invalid("at", str(error)) from None


def publish_view(request):
    body = read_body(request, ("at", "note", "note_kind", "seq"))
    at = read_at(body)
    note = body.get("note") or ""
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise ApiError.invalid("note", f"Notatka to tekst do {MAX_NOTE} znaków.")
    note_kind = body.get("note_kind")
    if note_kind is not None and note_kind not in NOTE_KINDS:
        raise ApiError.invalid("note_kind", "Rodzaj notatki to „update” (aktualizacja) albo „correction” (korekta).")
    seq = body.get("seq")
    if seq is not None and (not isinstance(seq, int) or isinstance(seq, bool) or seq < 1):
        raise ApiError.invalid("seq", "Numer wersji to liczba całkowita od 1.")
    resource, obj = resource_and_record(request)
    done = publish(request, resource, obj, at, note.strip(), note_kind, seq)
    return dict(versions(request, resource, obj, done["draft_digest"]), published=done["seq"])


def unpublish_view(request):
    body = read_body(request, ("at",))
    at = read_at(body)
    resource, obj = resource_and_record(request)
    unpublish(request, resource, obj, at)
    return versions(request, resource, obj)


def versions_view(request):
    resource, obj = resource_and_record(request)
    authorize(request, resource, "read", obj)
    return versions(request, resource, obj)


def diff_view(request):
    resource, obj = resource_and_record(request)
    authorize(request, resource, "read", obj)
    return draft_diff(request, resource, obj)


VERSIONS_SCHEMA = {
    "type": "object",
    "properties": {
        "live": {"type": ["integer", "null"], "description": "Numer wersji widocznej publicznie teraz"},
        "draft_changed": {"type": "boolean", "description": "Szkic różni się od opublikowanej wersji"},
        "state": {"type": "string", "enum": ["draft", "published", "changed", "scheduled", "withdrawn"]},
        "state_label": {"type": "string"},
        "scheduled": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "action": {"type": "string", "enum": ["publish", "unpublish"]},
                    "at": {"type": "string", "format": "date-time"},
                    "seq": {"type": ["integer", "null"]},
                },
            },
        },
        "list": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "seq": {"type": "integer"},
                    "published_at": {"type": "string", "format": "date-time"},
                    "published_by": {"type": ["string", "null"]},
                    "note": {"type": "string"},
                    "note_kind": {"type": ["string", "null"], "enum": ["update", "correction", None]},
                },
            },
        },
        "request": {
            "type": "object",
            "description": "Otwarta prośba o publikację (tylko gdy jest; smogpanel.publishing.review)",
            "properties": {
                "id": {"type": "integer"},
                "requested_by": {"type": ["string", "null"], "description": "Kto prosi (e-mail)"},
                "requested_at": {"type": "string", "format": "date-time"},
                "note": {"type": "string"},
                "current": {"type": "boolean", "description": "Szkic jest wciąż tym, o którego publikację proszono"},
            },
        },
    },
}
AT = {
    "type": ["string", "null"],
    # A date that exists, at a minute of the day, optionally with an offset (the past and the
    # clock change's gap and repeated hour, which no pattern can say, answer 400 naming `at`).
    "pattern": r"^(20[3-9][0-9]|2[1-9][0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])"
    r"T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?(Z|[+-]0[0-2]:00)?$",
    "description": "ISO 8601 z przesunięciem albo czas lokalny (Europe/Warsaw); nieistniejąca albo "
    "podwójna godzina lokalna (zmiana czasu) to 400. Puste: teraz.",
}


def describe(config, kinds):
    kind = {"name": "kind", "in": "path", "required": True, "schema": {"type": "string", "enum": kinds or ["none"]}}
    record = {"name": "id", "in": "path", "required": True, "schema": PATH_ID}
    match = {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"}}

    def body(properties):
        return {
            "required": False,
            "content": {
                "application/json": {
                    "schema": {"type": "object", "properties": properties, "additionalProperties": False}
                }
            },
        }

    describe_route(
        config,
        "/api/{kind}/{id}/publish",
        "POST",
        {
            "summary": "Publikuje szkic rekordu (albo, `seq`, wcześniejszą wersję ponownie) jako nową wersję: "
            "teraz albo o `at`. If-Match jak przy edycji (412, gdy rekord zmienił się w międzyczasie).",
            "parameters": [kind, record, match],
            "requestBody": body(
                {
                    "at": AT,
                    "note": {"type": ["string", "null"], "maxLength": MAX_NOTE},
                    "note_kind": {"type": "string", "enum": list(NOTE_KINDS)},
                    # A version of the record: only the database knows which exist.
                    "seq": {"type": "integer", "minimum": 1, "x-refers-to": "publication"},
                }
            ),
            "responses": envelope_responses("Wersje rekordu po publikacji (jak GET …/versions) i `published`"),
        },
    )
    describe_route(
        config,
        "/api/{kind}/{id}/unpublish",
        "POST",
        {
            "summary": "Wycofuje rekord z publicznych widoków: teraz albo o `at` "
            "(osadzenia pokazują krótką informację).",
            "parameters": [kind, record],
            "requestBody": body({"at": AT}),
            "responses": envelope_responses("Wersje rekordu po wycofaniu (jak GET …/versions)"),
        },
    )
    responses = envelope_responses("Wersje rekordu: {live, draft_changed, state, scheduled, list}")
    responses["200"]["content"] = {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {"success": {"type": "boolean"}, "message": VERSIONS_SCHEMA},
            }
        }
    }
    describe_route(
        config,
        "/api/{kind}/{id}/versions",
        "GET",
        {
            "summary": "Opublikowane wersje rekordu, wersja widoczna teraz i zaplanowane zmiany.",
            "parameters": [kind, record],
            "responses": responses,
        },
    )
    answered = envelope_responses("Co zmieni publikacja szkicu: pola w słowach formularza")
    answered["200"]["content"] = {
        "application/json": {
            "schema": {"type": "object", "properties": {"success": {"type": "boolean"}, "message": DIFF_SCHEMA}}
        }
    }
    describe_route(
        config,
        "/api/{kind}/{id}/versions/diff",
        "GET",
        {
            "summary": "Co zmieni publikacja: różnica szkicu względem wersji widocznej (albo ostatnio "
            "opublikowanej) w słowach formularza, jak w historii zmian.",
            "parameters": [kind, record],
            "responses": answered,
        },
    )


def includeme(config):
    for name, suffix, method, view in (
        ("api-publish", "publish", "POST", publish_view),
        ("api-unpublish", "unpublish", "POST", unpublish_view),
        ("api-versions", "versions", "GET", versions_view),
        ("api-versions-diff", "versions/diff", "GET", diff_view),
    ):
        config.add_route(name, f"/api/{{kind}}/{{id:\\d+}}/{suffix}")
        config.add_view(view, route_name=name, request_method=method, renderer="envelope")
    describe(config, sorted(config.registry.get("smogpanel.public_kinds", {})))
