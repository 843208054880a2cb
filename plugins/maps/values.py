"""Reading and writing the measured values, and the map's summary (SPEC section 4: per
voivodeship, the sum of each STATISTIC property over all measurements, hidden ones
included). Shared by the admin views, the import, the export and the public payload."""

from datetime import datetime
from zoneinfo import ZoneInfo

import sqlalchemy as sa

from smogpanel.keyed_values import KeyedValues
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


def value_dict(row, with_id=True):
    data = {"id": row.id} if with_id else {}
    data.update((code, tidy(getattr(row, code))) for code in CODES)
    return data


def sent_numbers(item, key):
    """A sent property's sixteen numbers, None when all are empty (the property is dropped).
    Checked already (core's NumberNode, or the import's parse_number): exact Decimals, rounded
    here, for both ways in, to the 4 decimal places the values' column keeps."""
    values = {code: rounded((item.get("value") or {}).get(code), PLACES) for code in CODES}
    return values if any(value is not None for value in values.values()) else None


# A property's value is a row of sixteen columns (models.CheckpointValue).
VALUES = KeyedValues(
    key_model=MapPropertyKey,
    owner="map_id",
    table=CheckpointValue.__table__,
    entry_model=Checkpoint,
    entry="checkpoint_id",
    key_fields=("id", "name", "property_type_name"),
    full_fields=("display_name",),
    not_ours="Ta właściwość nie należy do mapy tego pomiaru (albo została usunięta). Odśwież formularz.",
    read=sent_numbers,
    columns=dict,
    shown=value_dict,
)


def write_properties(db, checkpoint, properties, keys, new=False):
    """Stores `properties` ([{key: {id}, value: {code: number}}]) as the measurement's values
    (smogpanel.keyed_values: checked before anything is written). `new`: the measurement has just
    been created (no stored values to look up). Returns the number of properties stored."""
    wanted = VALUES.check_values(properties, keys, field="properties")
    VALUES.write_values(db, {checkpoint.id: wanted}, existing={} if new else None)
    return len(wanted)


def summary_title(template, first, last):
    title = (template or "").strip() or DEFAULT_SUMMARY_TITLE
    return title.replace("%FIRST_CHECKPOINT%", first or "").replace("%LAST_CHECKPOINT%", last or "")


def summary(db, a_map, keys=None):
    """The map's summary: its title, the number of measurements counted, and per STATISTIC key
    the sums by voivodeship (None where no measurement has a value). Hidden measurements count
    in the sums; the title's placeholders name the first and last *visible* measurement by
    `captured`, so a hidden one's name never reaches the public page."""
    keys = VALUES.live_keys(db, a_map.id) if keys is None else keys
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
            {
                "key": VALUES.key_dict(key, full=False),
                "value": {code: tidy(getattr(sums[key.id], code)) if key.id in sums else None for code in CODES},
            }
            for key in statistic
        ],
    }
