"""The source and licence line of a public record's data downloads, set by the operator in the
embed dialog (the kit's 'Osadź', shared by every public kind): `GET|POST
/api/public_attribution/<kind>/<id>`. Kept in the core's `public_attribution` table, so a plugin
needs no column; reading or changing it asks the kind's own rules ('read', 'update').

A change is an edit of the record: recorded in its history (fields `public_source` and
`public_licence`) and reverted from there like any other (`revert`)."""

import colander
from cornice import Service

from ..authority import authorize
from ..envelope import ApiError
from ..events import RecordUpdated
from ..history.fields import Field, add_fields_beside_form
from ..history.reverts import add_revert_beside
from ..models import PublicAttribution
from ..schemas import OptionalText
from ..validation import body_validator
from .data import default_licence

# History's fields of the attribution: {history field: column}, and how history shows them.
FIELDS = {"public_source": "source", "public_licence": "licence"}
HISTORY_FIELDS = {
    "public_source": Field("public_source", "Źródło danych (pobieranie danych)"),
    "public_licence": Field("public_licence", "Licencja (pobieranie danych)"),
}
MOVED = "Nie można przywrócić tej wersji: źródło lub licencję danych zmieniono później."


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


def _current(request, kind, record_id):
    """{history field: value} as stored now ("" when none was set)."""
    stored = request.db.get(PublicAttribution, (kind, record_id))
    return {field: getattr(stored, column) if stored else "" for field, column in FIELDS.items()}


def write(request, resource, obj, values, reverts=None):
    """Stores `values` ({history field: text}) as the record's attribution and records what
    changed in the record's history (`reverts`: the entry this undoes)."""
    authorize(request, resource, "update", obj)
    before = _current(request, resource.kind, obj.id)
    stored = request.db.get(PublicAttribution, (resource.kind, obj.id))
    if stored is None:
        stored = PublicAttribution(kind=resource.kind, record_id=obj.id)
        request.db.add(stored)
    for field, column in FIELDS.items():
        setattr(stored, column, values[field])
    request.db.flush()
    changes = {field: [before[field], values[field]] for field in FIELDS if before[field] != values[field]}
    if changes or reverts:
        name = resource.history_name(request, obj)
        request.registry.notify(RecordUpdated(request, resource.kind, obj.id, name, changes, reverts))


def set_attribution(request):
    resource, obj = _record(request)
    data = request.validated
    write(request, resource, obj, {field: data[column] for field, column in FIELDS.items()})
    return _answer(request, resource.kind, obj.id)


def is_attribution_change(changes):
    return bool(changes) and set(changes) <= set(FIELDS)


def revert(request, entry, resource, obj, changes):
    """Undoes an entry of `set_attribution`: the values before it, unless changed since."""
    if obj.deleted is not None:
        raise ApiError(
            "CONFLICT", [{"name": "", "description": "Ten element jest usunięty. Przywróć najpierw jego usunięcie."}]
        )
    current = _current(request, resource.kind, obj.id)
    if any(current[field] != change[1] for field, change in changes.items()):
        raise ApiError("CONFLICT", [{"name": field, "description": MOVED} for field in changes])
    values = dict(current, **{field: change[0] for field, change in changes.items()})
    write(request, resource, obj, values, reverts=entry.id)
    return "update", resource.serialize(request, obj)


def _describe_in_history(registry):
    """Every public kind's history shows the attribution's fields (after every plugin's kinds
    are registered)."""
    for kind in registry["smogpanel.public_kinds"]:
        add_fields_beside_form(registry, kind, HISTORY_FIELDS)


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
    add_revert_beside(config, is_attribution_change, revert)
    config.action(None, _describe_in_history, args=(config.registry,), order=100)
