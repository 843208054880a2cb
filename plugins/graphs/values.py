"""Reading and writing a graph's keys, key groups and its entries' values. Shared by the admin
views, the imports and the public payload."""
import sqlalchemy as sa
from smogpanel.envelope import ApiError
from smogpanel.numbers import json_number

from .models import GraphEntry, GraphKey, GraphKeyGroup, GraphValue

VALUES = GraphValue.__table__
CHUNK = 900  # ids per IN (...): under SQLite's bound-parameter limit
NOT_OURS = "Ten klucz nie należy do tego wykresu (albo został usunięty). Odśwież formularz."


def live_groups(db, graph_id):
    return db.scalars(
        sa.select(GraphKeyGroup).where(GraphKeyGroup.graph_id == graph_id, GraphKeyGroup.deleted.is_(None))
        .order_by(GraphKeyGroup.position, GraphKeyGroup.id)).all()


def live_keys(db, graph_id):
    """Every live key of the graph: keys of a key group in the groups' order, then their own."""
    groups = {group.id: group.position for group in live_groups(db, graph_id)}
    keys = db.scalars(
        sa.select(GraphKey).where(GraphKey.graph_id == graph_id, GraphKey.deleted.is_(None))
        .order_by(GraphKey.position, GraphKey.id)).all()
    return sorted((key for key in keys if key.key_group_id is None or key.key_group_id in groups),
                  key=lambda key: (groups.get(key.key_group_id, -1), key.position, key.id))


def key_dict(key):
    return {"id": key.id, "name": key.name, "short_name": key.short_name, "value_type_name": key.value_type_name}


def group_dict(group, keys=None):
    data = {"id": group.id, "name": group.name, "color": group.color}
    if keys is not None:
        data["graph_keys"] = [key_dict(key) for key in keys if key.key_group_id == group.id]
    return data


def value_rows(db, entry_ids):
    """{entry id: {key id: row}} of the stored values."""
    rows = {}
    entry_ids = list(entry_ids)
    for start in range(0, len(entry_ids), CHUNK):
        for row in db.execute(sa.select(VALUES).where(VALUES.c.entry_id.in_(entry_ids[start:start + CHUNK]))):
            rows.setdefault(row.entry_id, {})[row.key_id] = row
    return rows


def values_of(keys, groups, rows):
    """An entry's `values` (SPEC 3): [{key, group (BAR and LINE), value: {id, value}}] in the
    keys' order, only keys with a stored value."""
    by_id = {group.id: group for group in groups}
    values = []
    for key in keys:
        row = rows.get(key.id)
        if row is None:
            continue
        item = {"key": key_dict(key), "value": {"id": row.id, "value": json_number(row.value)}}
        if key.key_group_id is not None and key.key_group_id in by_id:
            item["group"] = group_dict(by_id[key.key_group_id])
        values.append(item)
    return values


def check_values(values, keys, field="values"):
    """{key id: Decimal} of the sent `values`, empty ones left out; a key that is not the
    graph's (or is sent twice, or under another key group) is a 400 before anything is written."""
    by_id = {key.id: key for key in keys}
    wanted, seen, errors = {}, set(), []
    for index, item in enumerate(values):
        key_id = item["key"]["id"]
        name = f"{field}.{index}.key.id"
        key = by_id.get(key_id)
        group_id = (item.get("group") or {}).get("id")
        if key is None:
            errors.append({"name": name, "description": NOT_OURS})
        elif key_id in seen:
            errors.append({"name": name, "description": f"Klucz „{key.name}” podano dwa razy."})
        elif group_id is not None and group_id != key.key_group_id:
            errors.append({"name": f"{field}.{index}.group.id",
                           "description": f"Klucz „{key.name}” nie należy do tej grupy kluczy. Odśwież formularz."})
        seen.add(key_id)
        number = (item.get("value") or {}).get("value")
        if number is not None and key is not None:
            wanted[key_id] = number
    if errors:
        raise ApiError("VALIDATION_FAILED", errors)
    return wanted


def write_values(db, entries_wanted, existing=None):
    """Stores {entry id: {key id: Decimal}}: changed values updated, new ones inserted, keys
    not given removed; batched statements (an import costs a few round trips)."""
    if existing is None:
        existing = value_rows(db, entries_wanted)
    gone, changed, new = [], [], []
    for entry_id, wanted in entries_wanted.items():
        stored = existing.get(entry_id, {})
        gone += [row.id for key_id, row in stored.items() if key_id not in wanted]
        for key_id, number in wanted.items():
            row = stored.get(key_id)
            if row is None:
                new.append({"entry_id": entry_id, "key_id": key_id, "value": number})
            elif row.value != number:
                changed.append({"row_id": row.id, "number": number})
    for start in range(0, len(gone), CHUNK):
        db.execute(sa.delete(VALUES).where(VALUES.c.id.in_(gone[start:start + CHUNK])))
    if changed:
        db.execute(sa.update(VALUES).where(VALUES.c.id == sa.bindparam("row_id")).values(value=sa.bindparam("number"))
                   .execution_options(synchronize_session=False), changed)
    if new:
        db.execute(sa.insert(VALUES), new)


def entries_with_values(db, key_ids):
    """{key id: number of live entries holding a value of it}."""
    if not key_ids:
        return {}
    return dict(db.execute(
        sa.select(VALUES.c.key_id, sa.func.count())
        .join(GraphEntry, GraphEntry.id == VALUES.c.entry_id)
        .where(VALUES.c.key_id.in_(list(key_ids)), GraphEntry.deleted.is_(None))
        .group_by(VALUES.c.key_id)).all())
