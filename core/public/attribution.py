"""The source and licence line of a public record's data downloads, set by the operator in the
embed dialog (the kit's 'Osadź', shared by every public kind): `GET|POST
/api/public_attribution/<kind>/<id>`. Kept in the core's `public_attribution` table, so a plugin
needs no column; reading or changing it asks the kind's own rules ('read', 'update')."""

import colander
from cornice import Service

from ..authority import authorize
from ..envelope import ApiError
from ..models import PublicAttribution
from ..schemas import OptionalText
from ..validation import body_validator
from .data import default_licence


class AttributionSchema(colander.MappingSchema):
    source = OptionalText("Źródło danych", max_length=500)
    licence = OptionalText("Licencja", max_length=200)


def _record(request):
    """(resource, live record) of the URL, or a 404 for a kind without a public view."""
    kind = request.matchdict["kind"]
    resource = request.registry.get("smogpanel.resources", {}).get(kind)
    if resource is None or kind not in request.registry["smogpanel.public_kinds"]:
        raise ApiError("NOT_FOUND")
    return resource, resource.load(request, int(request.matchdict["id"]))


def _answer(request, kind, record_id):
    stored = request.db.get(PublicAttribution, (kind, record_id))
    return {
        "source": stored.source if stored else "",
        "licence": stored.licence if stored else "",
        "default_licence": default_licence(request.registry.settings),
    }


def get_attribution(request):
    resource, obj = _record(request)
    authorize(request, resource, "read", obj)
    return _answer(request, resource.kind, obj.id)


def set_attribution(request):
    resource, obj = _record(request)
    authorize(request, resource, "update", obj)
    data = request.validated
    stored = request.db.get(PublicAttribution, (resource.kind, obj.id))
    if stored is None:
        stored = PublicAttribution(kind=resource.kind, record_id=obj.id)
        request.db.add(stored)
    stored.source, stored.licence = data["source"], data["licence"]
    request.db.flush()
    return _answer(request, resource.kind, obj.id)


def includeme(config):
    service = Service(
        name="public-attribution",
        path="/api/public_attribution/{kind}/{id:\\d+}",
        description="The source and licence line of a public record's data downloads",
    )
    service.add_view("GET", get_attribution, renderer="envelope")
    service.add_view(
        "POST", set_attribution, renderer="envelope", schema=AttributionSchema(), validators=(body_validator,)
    )
    config.add_cornice_service(service)
