"""Records whose keys carry values: a map's property keys and its measurements' values, a
search's keys and its entries' texts, a graph's keys and its entries' numbers.

A plugin declares, once, its key model, its values table (one row per (entry, key)) and the
fields of a key; `KeyedValues` then reads and writes them, and `KeyedResource` gives the owning
record's resource its key list (serialized, created and edited through `smogpanel.key_lists.KeyList`):

    SEARCH_VALUES = KeyedValues(
        key_model=SearchKey, owner="search_id", table=SearchValue.__table__, entry_model=SearchEntry,
        key_fields=("id", "name", "value_type_name"), full_fields=("hide_name", "search_key_place_name"),
        not_ours="Ta właściwość nie należy do tej wyszukiwarki ...")

    class SearchResource(KeyedResource, PublicResource):
        keyed = SEARCH_VALUES
        key_list = SEARCH_KEYS  # a KeyList
"""

from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa

from .db import kept_reads, utcnow
from .envelope import ApiError
from .key_lists import CONFIRM_FIELD, ConfirmRemoval, KeyList, distinct_names  # noqa: F401 (a keyed record's keys)

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["KeyedResource", "KeyedValues", "chunks", "KeyList", "ConfirmRemoval", "distinct_names"]

CHUNK = 900  # ids per IN (...): under SQLite's bound-parameter limit


def chunks(ids):
    ids = list(ids)
    for start in range(0, len(ids), CHUNK):
        yield ids[start : start + CHUNK]


def sent_text(item, key):
    """A sent value's text (`{value: {value}}`); an empty one is None (not stored)."""
    return (item.get("value") or {}).get("value") or None


def one_value(value):
    """The columns of a value stored in one `value` column."""
    return {"value": value}


def row_value(row):
    return {"id": row.id, "value": row.value}


@dataclass(frozen=True)
class KeyedValues:
    key_model: type  # the keys' model, a Record with `position`, e.g. SearchKey
    owner: str  # the key's column naming its record, e.g. "search_id"
    table: sa.Table  # the values: id, <entry>, key_id and the value's columns
    entry_model: type  # the records holding values (a Record): counted only while live
    key_fields: tuple  # a key as an entry's value shows it, e.g. ("id", "name", "value_type_name")
    not_ours: str  # Polish: a sent key that is not the record's (or was removed)
    full_fields: tuple = ()  # added in the record's own key list
    entry: str = "entry_id"  # the values table's column naming the entry
    twice: str = "Właściwość „{name}” podano dwa razy."  # Polish, formatted with the key's name
    read: Callable = sent_text  # (sent item, key) -> the value to store, None when empty
    columns: Callable = one_value  # a stored value -> {column: value}
    shown: Callable = row_value  # a values row -> the API's `value`
    check_item: Callable | None = None  # (item, key, index, field) -> an error dict or None

    def live_keys(self, db, owner_id):
        """The record's keys, in the order the operator gave them (read once per request until
        it writes: `smogpanel.db.kept_reads`)."""
        model, kept = self.key_model, kept_reads(db)
        memo = (model.__tablename__, owner_id)
        if memo not in kept:
            kept[memo] = db.scalars(
                sa.select(model)
                .where(getattr(model, self.owner) == owner_id, model.deleted.is_(None))
                .order_by(model.position, model.id)
            ).all()
        return list(kept[memo])

    def key_dict(self, key, full=True):
        fields = self.key_fields + (self.full_fields if full else ())
        return {name: getattr(key, name) for name in fields}

    def value_rows(self, db, entry_ids):
        """{entry id: {key id: row}} of the stored values. One entry's are read once per request
        until it writes (a scoped editor's check, the edit's snapshot and the save read them)."""
        if len(entry_ids) == 1:
            (entry_id,) = entry_ids
            kept, memo = kept_reads(db), (self.table.name, entry_id)
            if memo not in kept:
                kept[memo] = self._read_rows(db, entry_ids)
            return kept[memo]
        return self._read_rows(db, entry_ids)

    def _read_rows(self, db, entry_ids):
        rows, column = {}, self.table.c[self.entry]
        for chunk in chunks(entry_ids):
            for row in db.execute(sa.select(self.table).where(column.in_(chunk))):
                rows.setdefault(getattr(row, self.entry), {})[row.key_id] = row
        return rows

    def values_of(self, keys, rows, shown=None):
        """An entry's values: [{key, value}] in the keys' order, only keys with a stored value.
        `shown`: a row -> `value` other than the declared one (e.g. without ids, for the public)."""
        shown = shown or self.shown
        return [{"key": self.key_dict(key, full=False), "value": shown(rows[key.id])} for key in keys if key.id in rows]

    def entry_values(self, db, entry_id, owner_id):
        """An entry's values as its record's live keys show them."""
        return self.values_of(self.live_keys(db, owner_id), self.value_rows(db, [entry_id]).get(entry_id, {}))

    def rewrite(self, db, entry_id, sent, owner_id, field="values"):
        """Replaces an entry's values by `sent`, checked against its record's live keys first
        (None: left as they are)."""
        if sent is not None:
            self.write_values(db, {entry_id: self.check_values(sent, self.live_keys(db, owner_id), field)})

    def check_values(self, values, keys, field="values"):
        """{key id: value} of the sent `values` ([{key: {id}, value: ...}]), empty ones left out;
        a key that is not the record's (or is sent twice) is a 400 before anything is written."""
        by_id = {key.id: key for key in keys}
        wanted, seen, errors = {}, set(), []
        for index, item in enumerate(values):
            key_id = item["key"]["id"]
            name = f"{field}.{index}.key.id"
            key = by_id.get(key_id)
            if key is None:
                errors.append({"name": name, "description": self.not_ours})
            elif key_id in seen:
                errors.append({"name": name, "description": self.twice.format(name=key.name)})
            elif self.check_item is not None:
                error = self.check_item(item, key, index, field)
                if error:
                    errors.append(error)
            seen.add(key_id)
            if key is not None:
                value = self.read(item, key)
                if value is not None:
                    wanted[key_id] = value
        if errors:
            raise ApiError("VALIDATION_FAILED", errors)
        return wanted

    def write_values(self, db, entries_wanted, existing=None):
        """Stores {entry id: {key id: value}}: values changed are updated, new ones inserted,
        keys not given removed. `existing`: value_rows() of those entries, when already read
        (None: read here; {} for new entries). Statements are batched: an import of thousands
        of rows costs a few round trips, not one per cell. True when anything was written."""
        if existing is None:
            existing = self.value_rows(db, entries_wanted)
        gone, changed, new = [], {}, []
        for entry_id, wanted in entries_wanted.items():
            stored = existing.get(entry_id, {})
            gone += [row.id for key_id, row in stored.items() if key_id not in wanted]
            for key_id, value in wanted.items():
                columns, row = self.columns(value), stored.get(key_id)
                if row is None:
                    new.append({self.entry: entry_id, "key_id": key_id, **columns})
                elif any(getattr(row, name) != column for name, column in columns.items()):
                    # Grouped by the columns set: one executemany per shape.
                    changed.setdefault(tuple(columns), []).append(
                        {"row_id": row.id, **{f"new_{name}": column for name, column in columns.items()}}
                    )
        table = self.table
        for chunk in chunks(gone):
            db.execute(sa.delete(table).where(table.c.id.in_(chunk)))
        for names, params in changed.items():
            db.execute(
                sa.update(table)
                .where(table.c.id == sa.bindparam("row_id"))
                .values({name: sa.bindparam(f"new_{name}") for name in names})
                .execution_options(synchronize_session=False),
                params,
            )
        if new:
            db.execute(sa.insert(table), new)
        return bool(gone or changed or new)

    def keys_with_values(self, db, key_ids):
        """{key id: number of live entries holding a value of it}."""
        if not key_ids:
            return {}
        table, entries = self.table, self.entry_model
        return dict(
            db.execute(
                sa.select(table.c.key_id, sa.func.count())
                .join(entries, entries.id == table.c[self.entry])
                .where(table.c.key_id.in_(list(key_ids)), entries.deleted.is_(None))
                .group_by(table.c.key_id)
            ).all()
        )


class KeyedResource:
    """A resource (mixed in before Resource or PublicResource) whose record owns a key list:
    `key_list` (a KeyList, whose `field` the schema carries with `remove_keys_with_values`)
    is serialized, created with the record and edited with it. `keyed`: its KeyedValues."""

    keyed: KeyedValues
    key_list = None  # smogpanel.key_lists.KeyList

    def serialize(self, request, obj):
        data = super().serialize(request, obj)
        data[self.key_list.field] = [self.keyed.key_dict(key) for key in self.keyed.live_keys(request.db, obj.id)]
        return data

    def create(self, request, data):
        data = dict(data)
        keys = data.pop(self.key_list.field) or []
        data.pop(CONFIRM_FIELD, None)
        self.check_unique(request, data)
        obj = self.model(**data)
        request.db.add(obj)
        self.flush(request)
        self.sync_keys(request, obj, keys, allow_removal=False)
        return obj

    def update(self, request, obj, data):
        data = dict(data)
        keys = data.pop(self.key_list.field)
        allow_removal = bool(data.pop(CONFIRM_FIELD, 0))
        if keys is not None:
            self.sync_keys(request, obj, keys, allow_removal)
        for name, value in data.items():
            setattr(obj, name, value)
        obj.updated = utcnow()
        return obj

    def sync_keys(self, request, obj, sent, allow_removal):
        db, keyed = request.db, self.keyed

        def create(position, fields):
            db.add(keyed.key_model(**{keyed.owner: obj.id}, position=position, **fields))

        self.key_list.sync(
            keyed.live_keys(db, obj.id), sent, allow_removal, lambda ids: keyed.keys_with_values(db, ids), create
        )
        self.flush(request)
