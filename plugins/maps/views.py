"""Every endpoint of SPEC section 7 "Maps and measurements": the map and checkpoint
resources, the measurement import and the map's export."""

from cornice import Service
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from smogpanel.db import utcnow
from smogpanel.envelope import ApiError
from smogpanel.importing import Import
from smogpanel.keyed_values import KeyedResource, KeyList
from smogpanel.resources import Parent, PublicResource, Resource, resource_of
from smogpanel.signed_links import is_valid, signed_query
from smogpanel.spreadsheets.imports import ImportFailed, import_result

from .export import XLSX_TYPE, export_workbook
from .imports import IMPORT_CODES
from .models import Checkpoint, Map
from .schemas import CheckpointImportSchema, CheckpointSchema, MapSchema
from .scope import changed_voivodeships, every_voivodeship
from .values import VALUES, summary, today, write_properties

# Keys removed from the form are soft-deleted; one with measured values only when confirmed.
PROPERTY_KEYS = KeyList(
    field="property_keys",
    fields=("name", "display_name", "property_type_name"),
    not_ours="Ta właściwość nie należy do tej mapy (albo została usunięta). Odśwież formularz.",
    values_where=lambda count: "w 1 pomiarze" if count == 1 else f"w {count} pomiarach",
    lost="zmierzone wartości zniknęłyby z pomiarów",
)
# A measurement's parent, and the map an import adds one to.
MAP = Parent("map", "map_id", "Wybrana mapa nie istnieje albo została usunięta.")


class MapResource(KeyedResource, PublicResource):
    kind = "map"
    model = Map
    schema = MapSchema
    label = "mapa"
    keyed = VALUES
    key_list = PROPERTY_KEYS

    def serialize(self, request, obj):
        data = super().serialize(request, obj)
        data["summary"] = summary(request.db, obj)
        return data


class CheckpointResource(Resource):
    kind = "checkpoint"
    model = Checkpoint
    schema = staticmethod(CheckpointSchema)
    label = "pomiar"
    parent = MAP
    screen = "/map/{map}/checkpoint/{id}"
    fixed = ("captured",)
    sortable = ("id", "name", "hidden", "captured", "updated")
    default_order = ("captured", False)
    list_all = False  # measurements are listed per map: GET /api/checkpoint/map/<id>
    # An editor scoped to voivodeships changes their cells in a measurement; creating or deleting
    # one touches every voivodeship (plugins/maps/scope.py).
    regional = True
    regional_writes = frozenset({"update"})

    def regions_of(self, request, obj):
        return every_voivodeship(request)

    def regions_changed(self, request, obj, data):
        return changed_voivodeships(request, obj, data)

    def serialize(self, request, obj):
        data = super().serialize(request, obj)
        data["properties"] = VALUES.entry_values(request.db, obj.id, obj.map_id)
        return data

    def create(self, request, data):
        data = dict(data)
        properties = data.pop("properties") or []
        self.check_parent(request, data)
        data["captured"] = data["captured"] or today()
        obj = Checkpoint(**data)
        request.db.add(obj)
        self.flush(request)
        write_properties(request.db, obj, properties, VALUES.live_keys(request.db, obj.map_id), new=True)
        return obj

    def update(self, request, obj, data):
        data = dict(data)
        VALUES.rewrite(request.db, obj.id, data.pop("properties"), obj.map_id, field="properties")
        for name, value in data.items():
            setattr(obj, name, value)
        obj.updated = utcnow()
        return obj


class CheckpointImport(Import):
    """POST /api/checkpoint/import {name, source, captured, map_id, type, file}: one new
    measurement from a CP_XLS or CP_XLS_2025 file; all or nothing."""

    kind = "checkpoint"
    description = "checkpoint: import one measurement from a spreadsheet"
    types = IMPORT_CODES
    schema = staticmethod(CheckpointImportSchema)
    creates = "checkpoint"

    def target(self, request, data):
        return MAP.live(request, data["map_id"])

    def context(self, request, data, target):
        return {"keys": VALUES.live_keys(request.db, target.id)}

    def apply(self, request, data, a_map, parsed):
        if not parsed["properties"]:
            raise ImportFailed(
                [
                    {
                        "name": "file",
                        "description": "Nic do zaimportowania: plik nie zawiera wartości żadnej "
                        "właściwości tej mapy. Nazwy kolumn muszą być nazwami "
                        "właściwości mapy.",
                    },
                    *parsed["skipped"],
                ]
            )
        checkpoint = Checkpoint(
            map_id=a_map.id,
            name=data["name"],
            source=data["source"],
            captured=data["captured"] or today(),
            hidden=data["hidden"],
        )
        request.db.add(checkpoint)
        request.db.flush()
        keys = VALUES.live_keys(request.db, a_map.id)
        count = write_properties(request.db, checkpoint, parsed["properties"], keys, new=True)
        return import_result(created=1, skipped=parsed["skipped"], id=checkpoint.id, properties=count)


EXPORT_PURPOSE = "map-export"


def export_map(request):
    """GET /api/map/<id>/export: the URL of the map's .xlsx export, which the browser then
    opens. A signed link valid for five minutes: the workbook is built when it is followed,
    so no file is stored for it."""
    resource = resource_of(request, "map")
    a_map = resource.load(request, int(request.matchdict["id"]))
    query = signed_query(request.registry, EXPORT_PURPOSE, a_map.id)
    return f"{request.route_path('map-export-signed', id=a_map.id)}?{query}"


def export_file(request):
    """GET /api/map/<id>/export.xlsx?expires&signature: the workbook itself."""
    map_id = int(request.matchdict["id"])
    if not is_valid(request.registry, EXPORT_PURPOSE, map_id, request.params):
        raise ApiError(
            "FORBIDDEN",
            [
                {
                    "name": "signature",
                    "description": "Odnośnik do eksportu wygasł albo jest nieprawidłowy. Wyeksportuj mapę ponownie.",
                }
            ],
        )
    a_map = resource_of(request, "map").load(request, map_id)
    response = Response(body=export_workbook(request.db, a_map), content_type=XLSX_TYPE)
    response.content_disposition = f'attachment; filename="{a_map.internal_name}.xlsx"'
    response.cache_control = "private, no-store"
    return response


def includeme(config):
    config.add_resource(MapResource())
    config.add_resource(CheckpointResource())
    config.add_import(CheckpointImport())
    export = Service(
        name="map-export",
        path="/api/map/{id:\\d+}/export",
        description="map: the URL of an .xlsx export of its measurements",
    )
    export.add_view("GET", export_map, renderer="envelope")
    # "-signed": public, but only through a signed link (see smogpanel.signed_links).
    export_signed = Service(
        name="map-export-signed",
        path="/api/map/{id:\\d+}/export.xlsx",
        description="map: the .xlsx export itself, through the signed link",
    )
    export_signed.add_view("GET", export_file, permission=NO_PERMISSION_REQUIRED)
    config.add_cornice_service(export)
    config.add_cornice_service(export_signed)
