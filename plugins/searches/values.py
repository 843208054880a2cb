"""Reading and writing a search's keys and its entries' values. Shared by the admin views, the
import and the public payload."""
import sqlalchemy as sa
from smogpanel.envelope import ApiError

from .models import SearchEntry, SearchKey, SearchValue

VALUES = SearchValue.__table__
CHUNK = 900  # ids per IN (...): under SQLite's bound-parameter limit


def live_keys(db, search_id):
    """The search's keys, in the order the operator gave them."""
    return db.scalars(
        sa.select(SearchKey)
        .where(SearchKey.search_id == search_id, SearchKey.deleted.is_(None))
        .order_by(SearchKey.position, SearchKey.id)
    ).all()


def key_dict(key, full=True):
    data = {"id": key.id, "name": key.name, "value_type_name": key.value_type_name}
    if full:
        data.update(hide_name=key.hide_name, search_key_place_name=key.search_key_place_name)
    return data


def value_rows(db, entry_ids):
    """{entry id: {key id: row}} of the stored values."""
    rows = {}
    entry_ids = list(entry_ids)
    for start in range(0, len(entry_ids), CHUNK):
        chunk = entry_ids[start:start + CHUNK]
        for row in db.execute(sa.select(VALUES).where(VALUES.c.entry_id.in_(chunk))):
            rows.setdefault(row.entry_id, {})[row.key_id] = row
    return rows


def values_of(keys, rows):
    """An entry's `values`: [{key, value}] in the keys' order, only keys with a stored text."""
    return [{"key": key_dict(key, full=False), "value": {"id": rows[key.id].id, "value": rows[key.id].value}}
            for key in keys if key.id in rows]


def check_values(values, keys, field="values"):
    """{key id: text} of the sent `values` ([{key: {id}, value: {value}}]), empty texts left
    out; a key that is not the search's (or is sent twice) is a 400 before anything is written."""
    by_id = {key.id: key for key in keys}
    wanted, seen, errors = {}, set(), []
    for index, item in enumerate(values):
        key_id = item["key"]["id"]
        name = f"{field}.{index}.key.id"
        if key_id not in by_id:
            errors.append({"name": name, "description": "Ta właściwość nie należy do tej wyszukiwarki "
                                                        "(albo została usunięta). Odśwież formularz."})
        elif key_id in seen:
            errors.append({"name": name, "description": f"Właściwość „{by_id[key_id].name}” podano dwa razy."})
        seen.add(key_id)
        text = (item.get("value") or {}).get("value") or ""
        if text:
            wanted[key_id] = text
    if errors:
        raise ApiError("VALIDATION_FAILED", errors)
    return wanted


def write_values(db, entries_wanted, existing=None):
    """Stores {entry id: {key id: text}}: texts changed are updated, new ones inserted, keys
    not given removed. `existing`: value_rows() of those entries, when already read (None:
    read here; {} for new entries). Statements are batched: an import of thousands of rows
    costs a few round trips, not one per cell."""
    if existing is None:
        existing = value_rows(db, entries_wanted)
    gone, changed, new = [], [], []
    for entry_id, wanted in entries_wanted.items():
        stored = existing.get(entry_id, {})
        gone += [row.id for key_id, row in stored.items() if key_id not in wanted]
        for key_id, text in wanted.items():
            row = stored.get(key_id)
            if row is None:
                new.append({"entry_id": entry_id, "key_id": key_id, "value": text})
            elif row.value != text:
                changed.append({"row_id": row.id, "text": text})
    for start in range(0, len(gone), CHUNK):
        db.execute(sa.delete(VALUES).where(VALUES.c.id.in_(gone[start:start + CHUNK])))
    if changed:
        db.execute(sa.update(VALUES).where(VALUES.c.id == sa.bindparam("row_id")).values(value=sa.bindparam("text"))
                   .execution_options(synchronize_session=False), changed)
    if new:
        db.execute(sa.insert(VALUES), new)
    return bool(gone or changed or new)


def keys_with_values(db, key_ids):
    """{key id: number of live entries holding a text of it}."""
    if not key_ids:
        return {}
    result = db.execute(
        sa.select(VALUES.c.key_id, sa.func.count())
        .join(SearchEntry, SearchEntry.id == VALUES.c.entry_id)
        .where(VALUES.c.key_id.in_(key_ids), SearchEntry.deleted.is_(None))
        .group_by(VALUES.c.key_id)
    )
    return dict(result.all())


def entry_of(db, search_id, borough_id):
    """The live entry of a gmina in a search, or None."""
    return db.scalars(sa.select(SearchEntry).where(
        SearchEntry.search_id == search_id, SearchEntry.borough_id == borough_id,
        SearchEntry.deleted.is_(None)).limit(1)).first()
