"""Reading and writing the measured values, and the map's summary (SPEC section 4: per
voivodeship, the sum of each STATISTIC property over all measurements, hidden ones
included). Shared by the admin views, the import, the export and the public payload."""
from datetime import datetime
from zoneinfo import ZoneInfo

import sqlalchemy as sa
from smogpanel.envelope import ApiError
from smogpanel.numbers import json_number, rounded
from smogpanel.regions import CODES

from .models import Checkpoint, CheckpointValue, MapPropertyKey

WARSAW = ZoneInfo("Europe/Warsaw")
DEFAULT_SUMMARY_TITLE = "Wszystkie pomiary"
PLACES = 4  # decimal places of the values' column (models.NUMBER)
VALUE_COLUMNS = [getattr(CheckpointValue, code) for code in CODES]


def today():
    """The date in Poland (the default of a measurement's `captured`)."""
    return datetime.now(WARSAW).date()


def tidy(number):
    """A stored number as the API gives it: whole numbers as ints, others as floats, None for
    anything unusable (core's `json_number`: a read never fails on what the database holds)."""
    return json_number(number)


def live_keys(db, map_id):
    """The map's property keys, in the order the operator gave them."""
    return db.scalars(
        sa.select(MapPropertyKey)
        .where(MapPropertyKey.map_id == map_id, MapPropertyKey.deleted.is_(None))
        .order_by(MapPropertyKey.position, MapPropertyKey.id)
    ).all()


def key_dict(key, full=True):
    data = {"id": key.id, "name": key.name, "property_type_name": key.property_type_name}
    if full:
        data["display_name"] = key.display_name
    return data


def value_rows(db, checkpoint_ids):
    """{checkpoint id: {key id: row}} of the stored values (rows of the values table)."""
    if not checkpoint_ids:
        return {}
    result = db.execute(sa.select(CheckpointValue.__table__).where(CheckpointValue.checkpoint_id.in_(checkpoint_ids)))
    rows = {}
    for row in result:
        rows.setdefault(row.checkpoint_id, {})[row.key_id] = row
    return rows


def value_dict(row, with_id=True):
    data = {"id": row.id} if with_id else {}
    data.update((code, tidy(getattr(row, code))) for code in CODES)
    return data


def properties_of(keys, rows, with_id=True):
    """The `properties` of a measurement: [{key, value}] in the keys' order, only those with
    stored values."""
    return [
        {"key": key_dict(key, full=False), "value": value_dict(rows[key.id], with_id)}
        for key in keys if key.id in rows
    ]


def write_properties(db, checkpoint, properties, keys, field="properties", new=False):
    """Stores `properties` ([{key: {id}, value: {code: number}}]) as the measurement's values:
    a property whose sixteen values are empty is dropped, one not sent is removed, a key that is
    not the map's (or is sent twice) is a 400 before anything is written. `new`: the measurement
    has just been created (no stored values to look up)."""
    by_id = {key.id: key for key in keys}
    wanted, errors = {}, []
    for index, prop in enumerate(properties):
        key_id = prop["key"]["id"]
        name = f"{field}.{index}.key.id"
        if key_id not in by_id:
            errors.append({"name": name, "description": "Ta właściwość nie należy do mapy tego pomiaru "
                                                        "(albo została usunięta). Odśwież formularz."})
        elif key_id in wanted:
            errors.append({"name": name, "description": f"Właściwość „{by_id[key_id].name}” podano dwa razy."})
        else:
            # Checked already (core's NumberNode, or the import's parse_number): exact Decimals,
            # rounded here, for both ways in, to the 4 decimal places the values' column keeps.
            values = {code: rounded((prop.get("value") or {}).get(code), PLACES) for code in CODES}
            wanted[key_id] = values
    if errors:
        raise ApiError("VALIDATION_FAILED", errors)
    wanted = {key_id: values for key_id, values in wanted.items() if any(v is not None for v in values.values())}
    existing = {} if new else value_rows(db, [checkpoint.id]).get(checkpoint.id, {})
    table = CheckpointValue.__table__
    gone = [row.id for key_id, row in existing.items() if key_id not in wanted]
    if gone:
        db.execute(sa.delete(table).where(table.c.id.in_(gone)))
    for key_id, values in wanted.items():
        if key_id in existing:
            db.execute(sa.update(table).where(table.c.id == existing[key_id].id).values(**values))
    new = [dict(values, checkpoint_id=checkpoint.id, key_id=key_id)
           for key_id, values in wanted.items() if key_id not in existing]
    if new:
        db.execute(sa.insert(table), new)
    return len(wanted)


def keys_with_values(db, key_ids):
    """{key id: number of live measurements holding values of it}."""
    if not key_ids:
        return {}
    result = db.execute(
        sa.select(CheckpointValue.key_id, sa.func.count())
        .join(Checkpoint, Checkpoint.id == CheckpointValue.checkpoint_id)
        .where(CheckpointValue.key_id.in_(key_ids), Checkpoint.deleted.is_(None))
        .group_by(CheckpointValue.key_id)
    )
    return dict(result.all())


def summary_title(template, first, last):
    title = (template or "").strip() or DEFAULT_SUMMARY_TITLE
    return title.replace("%FIRST_CHECKPOINT%", first or "").replace("%LAST_CHECKPOINT%", last or "")


def summary(db, a_map, keys=None):
    """The map's summary: its title, the number of measurements counted, and per STATISTIC key
    the sums by voivodeship (None where no measurement has a value). Hidden measurements count
    in the sums; the title's placeholders name the first and last *visible* measurement by
    `captured`, so a hidden one's name never reaches the public page."""
    keys = live_keys(db, a_map.id) if keys is None else keys
    statistic = [key for key in keys if key.property_type_name == "STATISTIC"]
    live = sa.and_(Checkpoint.map_id == a_map.id, Checkpoint.deleted.is_(None))
    ordered = sa.select(Checkpoint.name).where(live, Checkpoint.hidden == 0)
    first = db.scalar(ordered.order_by(Checkpoint.captured, Checkpoint.id).limit(1))
    last = db.scalar(ordered.order_by(Checkpoint.captured.desc(), Checkpoint.id.desc()).limit(1))
    count = db.scalar(sa.select(sa.func.count()).select_from(Checkpoint).where(live))
    sums = {}
    if statistic:
        result = db.execute(
            sa.select(CheckpointValue.key_id, *(sa.func.sum(column).label(column.name) for column in VALUE_COLUMNS))
            .join(Checkpoint, Checkpoint.id == CheckpointValue.checkpoint_id)
            .where(live, CheckpointValue.key_id.in_([key.id for key in statistic]))
            .group_by(CheckpointValue.key_id)
        )
        sums = {row.key_id: row for row in result}
    return {
        "title": summary_title(a_map.summary_title, first, last),
        "checkpoints": count,
        "first_checkpoint": first,
        "last_checkpoint": last,
        "properties": [
            {"key": key_dict(key, full=False),
             "value": {code: tidy(getattr(sums[key.id], code)) if key.id in sums else None for code in CODES}}
            for key in statistic
        ],
    }
