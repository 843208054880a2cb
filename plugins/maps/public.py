"""GET /api/public/map/<internal_name>: what the public map and its embed show. Only visible
measurements appear; hidden ones count only in the summary (SPEC section 4)."""

import sqlalchemy as sa

from smogpanel.public import PublicKind, Sheet
from smogpanel.regions import VOIVODESHIPS

from .models import Checkpoint, CheckpointValue, Map, MapPropertyKey
from .values import VALUES, summary, value_dict


def public_value(row):
    return value_dict(row, with_id=False)


def map_payload(request, internal_name):
    db = request.db
    a_map = db.scalar(sa.select(Map).where(Map.internal_name == internal_name, Map.deleted.is_(None)))
    if a_map is None:
        return None
    keys = VALUES.live_keys(db, a_map.id)
    checkpoints = db.execute(
        sa.select(Checkpoint.id, Checkpoint.name, Checkpoint.source, Checkpoint.captured)
        .where(Checkpoint.map_id == a_map.id, Checkpoint.deleted.is_(None), Checkpoint.hidden == 0)
        .order_by(Checkpoint.captured.desc(), Checkpoint.id.desc())
    ).all()
    rows = VALUES.value_rows(db, [checkpoint.id for checkpoint in checkpoints])
    return {
        "name": a_map.name,
        "internal_name": a_map.internal_name,
        "source": a_map.source,
        "details": a_map.details,
        "show_summary": a_map.show_summary,
        "property_keys": [VALUES.key_dict(key) for key in keys],
        "voivodeships": [{"code": code, "name": name} for code, name in VOIVODESHIPS],
        "checkpoints": [
            {
                "id": checkpoint.id,
                "name": checkpoint.name,
                "source": checkpoint.source or a_map.source,
                "captured": checkpoint.captured,
                "properties": VALUES.values_of(keys, rows.get(checkpoint.id, {}), shown=public_value),
            }
            for checkpoint in checkpoints
        ],
        "summary": _public_summary(db, a_map, keys) if a_map.show_summary else None,
    }


def _public_summary(db, a_map, keys):
    data = summary(db, a_map, keys)
    return {"title": data["title"], "properties": data["properties"]}


def map_table(request, internal_name, payload):
    """ "Pobierz dane": a row per measurement and voivodeship, a column per property (the
    measurements newest first, as the map offers them)."""
    keys = payload["property_keys"]
    header = ("Pomiar", "Data", "Województwo", *(key.get("display_name") or key["name"] for key in keys))
    rows = []
    for checkpoint in payload["checkpoints"]:
        values = {item["key"]["id"]: item["value"] for item in checkpoint["properties"]}
        for code, name in VOIVODESHIPS:
            rows.append(
                (
                    checkpoint["name"],
                    checkpoint["captured"],
                    name,
                    *((values.get(k["id"]) or {}).get(code) for k in keys),
                )
            )
    return [Sheet(payload["name"] or "Mapa", header, rows, value=3 if keys else None, label=2)]


MAP_KIND = PublicKind(
    kind="map",
    load=map_payload,
    plugin="maps",
    title="Mapa",
    shows=(Map, MapPropertyKey, Checkpoint, CheckpointValue),
    table=map_table,
)
