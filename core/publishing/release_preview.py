"""One preview link for an open release's records (smogpanel.publishing.preview):

POST /api/release/<id>/preview  {days?}  -> {url, expires_at, items: [{n, kind, id, name, url}]}

The link names every record the release would publish (its withdrawals show nothing new: they
are left out), in the release's order: `/preview/<token>` is the first one's draft, `/<n>` the
n-th's (`items[].url`). Only an open release's: a scheduled or published one's versions are
frozen already, and a link shows drafts as they are now. Asks what a single record's link asks
(who may publish or edit it) of every record; revoking a record's links (`DELETE
/api/<kind>/<id>/preview`) refuses this link too."""

from ..envelope import ApiError
from ..openapi import PATH_ID, describe_route, envelope_responses
from ..public.live import publishable
from . import releases
from .preview import MAX_DAYS, PRIVATE, authorize_preview, preview_link
from .preview_views import days_of

NOT_OPEN = "Podgląd ma tylko otwarta publikacja: „{name}” jest już {state}, jej wersje są zamrożone."
NOTHING = "Publikacja „{name}” niczego nie publikuje (same wycofania): nie ma czego podglądać."
GONE = "Elementu {item} już nie ma: usuń go z publikacji albo przygotuj ją ponownie."


def release_preview_view(request):
    days = days_of(request)
    release = releases.load(request, int(request.matchdict["id"]))
    state, label = releases.state_of(release)
    if state != "open":
        raise ApiError(
            "CONFLICT", [{"name": "", "description": NOT_OPEN.format(name=release.name, state=label.lower())}]
        )
    shown = [item for item in releases.items_of(request.db, release) if item.action == "publish"]
    if not shown:
        raise ApiError("CONFLICT", [{"name": "", "description": NOTHING.format(name=release.name)}])
    for item in shown:
        resource = publishable(request.registry, item.kind)
        obj = request.db.get(resource.model, item.record_id) if resource is not None else None
        if obj is None or obj.deleted is not None:
            item_name = releases.described(request.registry, item.kind, item.record_id, item.name)
            raise ApiError("CONFLICT", [{"name": "items", "description": GONE.format(item=item_name)}])
        authorize_preview(request, resource, obj)
    link = preview_link(request, [(item.kind, item.record_id) for item in shown], days)
    link["items"] = [
        {"n": n, "kind": item.kind, "id": item.record_id, "name": item.name, "url": f"{link['url']}/{n}"}
        for n, item in enumerate(shown, 1)
    ]
    request.response.headers.update(PRIVATE)
    return link


def describe(config):
    record = {"name": "id", "in": "path", "required": True, "schema": PATH_ID}
    days = {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_DAYS, "description": "Ważność w dniach"}
    responses = envelope_responses("Odnośnik do podglądu: {url, expires_at, items} (Cache-Control: no-store)")
    item = {
        "type": "object",
        "properties": {
            "n": {"type": "integer"},
            "kind": {"type": "string"},
            "id": {"type": "integer"},
            "name": {"type": "string"},
            "url": {"type": "string"},
        },
    }
    link = {
        "type": "object",
        "properties": {
            "url": {"type": "string"},
            "expires_at": {"type": "string", "format": "date-time"},
            "items": {"type": "array", "items": item},
        },
    }
    responses["200"]["content"] = {
        "application/json": {
            "schema": {"type": "object", "properties": {"success": {"type": "boolean"}, "message": link}}
        }
    }
    describe_route(
        config,
        "/api/release/{id}/preview",
        "POST",
        {
            "summary": "Jeden odnośnik do podglądu szkiców wszystkich elementów, które otwarta publikacja "
            "opublikuje (bez wycofań): /preview/<token> to pierwszy, /preview/<token>/<n> n-ty (`items`). "
            "Ważny `days` dni (domyślnie 7). 409, gdy publikacja nie jest otwarta albo niczego nie publikuje.",
            "parameters": [record],
            "requestBody": {
                "required": False,
                "content": {
                    "application/json": {
                        "schema": {"type": "object", "properties": {"days": days}, "additionalProperties": False}
                    }
                },
            },
            "responses": responses,
        },
    )


def includeme(config):
    # Before the single records' `/api/{kind}/{id}/preview`, which this path would match.
    config.add_route("api-release-preview", "/api/release/{id:\\d+}/preview")
    config.add_view(release_preview_view, route_name="api-release-preview", request_method="POST", renderer="envelope")
    describe(config)
