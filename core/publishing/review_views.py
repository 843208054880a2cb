"""The review's endpoints (smogpanel.publishing.review, `reviewed` mode):

POST /api/<kind>/<id>/publish-request          {note?}                   'Poproś o publikację'
POST /api/<kind>/<id>/publish-request/approve  {at?, note?, note_kind?}  publishes (or schedules)
POST /api/<kind>/<id>/publish-request/reject   {comment}                 sends it back
GET  /api/publish-requests/                    the open requests the account may decide
"""

from ..envelope import ApiError
from ..openapi import PATH_ID, describe_route, envelope_responses
from ..publications import NOTE_KINDS
from .actions import versions
from .review import approve, ask, reject, request_answer, requests_list
from .views import AT, MAX_NOTE, read_at, read_body, resource_and_record

NOTE_TOO_LONG = f"Notatka to tekst do {MAX_NOTE} znaków."
COMMENT_NEEDED = f"Napisz, co poprawić (do {MAX_NOTE} znaków): autor prośby zobaczy ten komentarz."


def _text(body, field, reason, required=False):
    value = body.get(field) or ""
    if not isinstance(value, str) or len(value) > MAX_NOTE or (required and not value.strip()):
        raise ApiError.invalid(field, reason)
    return value.strip()


def request_view(request):
    note = _text(read_body(request, ("note",)), "note", NOTE_TOO_LONG)
    resource, obj = resource_and_record(request)
    row = ask(request, resource, obj, note)
    return dict(versions(request, resource, obj), requested=request_answer(row))


def approve_view(request):
    body = read_body(request, ("at", "note", "note_kind"))
    at = read_at(body)
    note = _text(body, "note", NOTE_TOO_LONG)
    note_kind = body.get("note_kind")
    if note_kind is not None and note_kind not in NOTE_KINDS:
        raise ApiError.invalid("note_kind", "Rodzaj notatki to „update” (aktualizacja) albo „correction” (korekta).")
    resource, obj = resource_and_record(request)
    done = approve(request, resource, obj, at, note, note_kind)
    return dict(versions(request, resource, obj), published=done["seq"])


def reject_view(request):
    comment = _text(read_body(request, ("comment",)), "comment", COMMENT_NEEDED, required=True)
    resource, obj = resource_and_record(request)
    reject(request, resource, obj, comment)
    return versions(request, resource, obj)


def list_view(request):
    return requests_list(request)


def describe(config, kinds):
    kind = {"name": "kind", "in": "path", "required": True, "schema": {"type": "string", "enum": kinds or ["none"]}}
    record = {"name": "id", "in": "path", "required": True, "schema": PATH_ID}

    def body(properties, required=()):
        schema = {"type": "object", "properties": properties, "additionalProperties": False}
        if required:
            schema["required"] = list(required)
        return {"required": bool(required), "content": {"application/json": {"schema": schema}}}

    note = {"type": ["string", "null"], "maxLength": MAX_NOTE}
    operations = (
        (
            "/api/{kind}/{id}/publish-request",
            "Prosi o publikację szkicu rekordu (tryb `reviewed`, konto bez uprawnienia do publikowania): "
            "prośbę rozpatruje ktoś, kto może opublikować rekord. Nowa prośba zastępuje otwartą.",
            body({"note": note}),
            "Wersje rekordu (jak GET …/versions) i `requested`",
        ),
        (
            "/api/{kind}/{id}/publish-request/approve",
            "Zatwierdza otwartą prośbę o publikację: publikuje szkic (albo planuje publikację o `at`). "
            "Nie własną prośbę (403); szkic zmieniony po prośbie: 412, potrzebna nowa prośba.",
            body({"at": AT, "note": note, "note_kind": {"type": "string", "enum": list(NOTE_KINDS)}}),
            "Wersje rekordu po publikacji (jak GET …/versions) i `published`",
        ),
        (
            "/api/{kind}/{id}/publish-request/reject",
            "Odsyła otwartą prośbę o publikację z komentarzem (nie własną: 403).",
            body({"comment": {"type": "string", "minLength": 1, "maxLength": MAX_NOTE}}, required=("comment",)),
            "Wersje rekordu (jak GET …/versions)",
        ),
    )
    for path, summary, request_body, answer in operations:
        describe_route(
            config,
            path,
            "POST",
            {
                "summary": summary,
                "parameters": [kind, record],
                "requestBody": request_body,
                "responses": envelope_responses(answer),
            },
        )
    describe_route(
        config,
        "/api/publish-requests/",
        "GET",
        {
            "summary": "Otwarte prośby o publikację, które zalogowane konto może rozpatrzyć (w swoim zakresie; "
            "bez własnych), od najstarszej: {list: [{id, kind, kind_label, record_id, name, path, note, "
            "requested_by, requested_at, current}], count}.",
            "responses": envelope_responses("Otwarte prośby o publikację"),
        },
    )


def includeme(config):
    for name, pattern, method, view in (
        ("api-publish-request", "/api/{kind}/{id:\\d+}/publish-request", "POST", request_view),
        ("api-publish-approve", "/api/{kind}/{id:\\d+}/publish-request/approve", "POST", approve_view),
        ("api-publish-reject", "/api/{kind}/{id:\\d+}/publish-request/reject", "POST", reject_view),
        ("api-publish-requests", "/api/publish-requests/", "GET", list_view),
    ):
        config.add_route(name, pattern)
        config.add_view(view, route_name=name, request_method=method, renderer="envelope")
    describe(config, sorted(config.registry.get("smogpanel.public_kinds", {})))
