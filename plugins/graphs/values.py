"""A graph's keys, key groups and its entries' values (declared for smogpanel.keyed_values). Shared by
the admin views, the imports and the public payload."""

import sqlalchemy as sa

from smogpanel.keyed_values import KeyedValues
from smogpanel.numbers import json_number

from .models import GraphEntry, GraphKey, GraphKeyGroup, GraphValue

NOT_OURS = "Ten klucz nie należy do tego wykresu (albo został usunięty). Odśwież formularz."


def sent_number(item, key):
    """A sent value's Decimal (0 is a value; None: empty, not stored)."""
    return (item.get("value") or {}).get("value")


def group_error(item, key, index, field):
    """A value sent under another key group than its key's."""
    group_id = (item.get("group") or {}).get("id")
    if group_id is not None and group_id != key.key_group_id:
        return {
            "name": f"{field}.{index}.group.id",
            "description": f"Klucz „{key.name}” nie należy do tej grupy kluczy. Odśwież formularz.",
        }
    return None


VALUES = KeyedValues(
    key_model=GraphKey,
    owner="graph_id",
    table=GraphValue.__table__,
    entry_model=GraphEntry,
    key_fields=("id", "name", "short_name", "value_type_name"),
    not_ours=NOT_OURS,
    twice="Klucz „{name}” podano dwa razy.",
    read=sent_number,
    check_item=group_error,
    shown=lambda row: {"id": row.id, "value": json_number(row.value)},
)


def live_groups(db, graph_id):
    return db.scalars(
        sa.select(GraphKeyGroup)
        .where(GraphKeyGroup.graph_id == graph_id, GraphKeyGroup.deleted.is_(None))
        .order_by(GraphKeyGroup.position, GraphKeyGroup.id)
    ).all()


def live_keys(db, graph_id):
    """Every live key of the graph: keys of a key group in the groups' order, then their own."""
    groups = {group.id: group.position for group in live_groups(db, graph_id)}
    keys = db.scalars(
        sa.select(GraphKey)
        .where(GraphKey.graph_id == graph_id, GraphKey.deleted.is_(None))
        .order_by(GraphKey.position, GraphKey.id)
    ).all()
    return sorted(
        (key for key in keys if key.key_group_id is None or key.key_group_id in groups),
        key=lambda key: (groups.get(key.key_group_id, -1), key.position, key.id),
    )


def group_dict(group, keys=None):
    data = {"id": group.id, "name": group.name, "color": group.color}
    if keys is not None:
        data["graph_keys"] = [VALUES.key_dict(key) for key in keys if key.key_group_id == group.id]
    return data


def values_of(keys, groups, rows):
    """An entry's `values` (SPEC 3): [{key, group (BAR and LINE), value: {id, value}}] in the
    keys' order, only keys with a stored value."""
    by_id = {group.id: group for group in groups}
    values = VALUES.values_of(keys, rows)
    for item, key in zip(values, [key for key in keys if key.id in rows]):
        if key.key_group_id in by_id:
            item["group"] = group_dict(by_id[key.key_group_id])
    return values
