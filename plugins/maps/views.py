"""Every endpoint of SPEC section 7 "Maps and measurements": the map and checkpoint
resources, the measurement import and the map's export."""

import dataclasses

from smogpanel.db import utcnow
from smogpanel.importing import Import
from smogpanel.keyed_values import KeyedResource, KeyList
from smogpanel.resources import Parent, PublicResource, Resource, resource_of
from smogpanel.signed_links import SignedExport, add_signed_export
from smogpanel.spreadsheets.imports import ImportFailed, import_result

from .export import export_workbook
from .imports import IMPORT_CODES
from .models import Checkpoint, Map
from .schemas import CheckpointImportSchema, CheckpointSchema, MapSchema
from .scope import changed_voivodeships, every_voivodeship, sent_numbers_kept
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
        # A scoped editor's check has rounded the sent numbers already (plugins/maps/scope.py).
        values = VALUES
        if (read := sent_numbers_kept(request)) is not VALUES.read:
            values = dataclasses.replace(VALUES, read=read)
        values.rewrite(request.db, obj.id, data.pop("properties"), obj.map_id, field="properties")
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


def export_subject(request):
    """The map's id, once it is found (a link to a missing map: 404)."""
    return resource_of(request, "map").load(request, int(request.matchdict["id"])).id


def export_build(request, map_id):
    a_map = resource_of(request, "map").load(request, map_id)
    return export_workbook(request.db, a_map), f"{a_map.internal_name}.xlsx"


# GET /api/map/<id>/export: the URL of the map's .xlsx export, which the browser then opens: a
# signed link valid for five minutes, the workbook built when it is followed (no file stored).
EXPORT = SignedExport(
    name="map-export",
    path="/api/map/{id:\\d+}/export",
    description="map: an .xlsx export of its measurements",
    purpose="map-export",
    subject=export_subject,
    key=lambda request: int(request.matchdict["id"]),
    build=export_build,
    again="Wyeksportuj mapę ponownie.",
)


def includeme(config):
    config.add_resource(MapResource())
    config.add_resource(CheckpointResource())
    config.add_import(CheckpointImport())
    add_signed_export(config, EXPORT)
