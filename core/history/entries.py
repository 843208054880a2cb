"""What the history answer tells of each entry besides its changes: the record named with its
parents and the path of its edit screen (`record`), and what reverting it would do (`revert`):
whether it is offered to this operator (`may`, the rule of the action the revert performs),
the entry that already reverted it (`reverted_by`) and the sentence the confirmation asks
(`says`)."""

import json
from decimal import Decimal

import sqlalchemy as sa

from ..authority import may
from ..gazetteer import attach_names, gazetteer
from ..models import HistoryEntry
from . import CHANGED, record_name
from .fields import page_fields_of, page_order_of
from .record_rows import record_rows


def _resources(request):
    return request.registry.get("smogpanel.resources", {})


class Records:
    """Records by (kind, id), deleted ones too, each kind read once per page; their parents
    read level by level (`load_parents`), and the gminy's names in one batch (`name_of`)."""

    def __init__(self, request):
        self.request, self.found, self.names, self.parents = request, {}, {}, {}

    def load(self, wanted):
        by_kind = {}
        for kind, record_id in wanted:
            if (kind, record_id) not in self.found and record_id is not None:
                by_kind.setdefault(kind, set()).add(record_id)
        for kind, ids in by_kind.items():
            resource = _resources(self.request).get(kind)
            for record_id in ids:
                self.found[(kind, record_id)] = None
            if resource is None:
                continue
            # Rows of the columns (smogpanel.history.record_rows): building 50 mapped objects
            # cost a log page a fifth of its time.
            for row in record_rows(self.request.db, resource.model, ids):
                self.found[(kind, row.id)] = row

    def load_parents(self):
        """Every loaded record's parents, grandparents…: one query per kind and level."""
        seen = set()
        while True:
            wanted = set()
            for (kind, record_id), obj in list(self.found.items()):
                resource = _resources(self.request).get(kind)
                if obj is None or resource is None or resource.parent is None or (kind, record_id) in seen:
                    continue
                seen.add((kind, record_id))
                wanted.add((resource.parent.kind, getattr(obj, resource.parent.field, None)))
            wanted = {item for item in wanted if item[1] is not None and item not in self.found}
            if not wanted:
                return
            self.load(wanted)

    def parents_of(self, resource, obj, kind_labels):
        """([{label, name}] of the record's parents, {parent kind: id}, whether one is deleted),
        worked out once per parent: a page's entries mostly share theirs (one group, one ranking)."""
        if resource.parent is None:
            return [], {}, False
        key = (resource.parent.kind, getattr(obj, resource.parent.field, None))
        known = self.parents.get(key)
        if known is None:
            parent_obj = self.get(*key) if key[1] is not None else None
            if parent_obj is None:
                known = ([], {}, False)
            else:
                parent = _resources(self.request)[key[0]]
                above, ids, gone = self.parents_of(parent, parent_obj, kind_labels)
                shown = {"label": kind_labels.get(key[0], parent.label), "name": self.name_of(parent, parent_obj)}
                known = ([shown, *above], {key[0]: parent_obj.id, **ids}, gone or parent_obj.deleted is not None)
            self.parents[key] = known
        return known

    def get(self, kind, record_id):
        if (kind, record_id) not in self.found:
            self.load([(kind, record_id)])
        return self.found.get((kind, record_id))

    def name_of(self, resource, obj):
        """`shown_name`, the gminy's names of every loaded record of a gazetteer kind read at once."""
        if not self.names and any(
            getattr(_resources(self.request).get(kind), "gazetteer_names", False) and obj is not None
            for (kind, _), obj in self.found.items()
        ):
            rows = [
                {
                    "key": key,
                    "borough_id": getattr(found, "borough_id", None),
                    "voivodeship_id": getattr(found, "voivodeship_id", None),
                }
                for key, found in self.found.items()
                if found is not None and getattr(_resources(self.request).get(key[0]), "gazetteer_names", False)
            ]
            attach_names(self.request, rows)
            self.names = {row["key"]: _gazetteer_name(row) for row in rows}
        key = (resource.kind, obj.id)
        if key in self.names:
            return record_name(obj) or self.names[key]
        return shown_name(self.request, resource, obj)


def _gazetteer_name(row):
    if row.get("borough_name"):
        return f"{row['borough_name']} (powiat {row['district_name']}, województwo {row['voivodeship_name']})"
    return row.get("voivodeship_name") or ""


def shown_name(request, resource, obj):
    """A record's name as the operator knows it: its own, else (a rank value) its gmina's or
    voivodeship's, from the gazetteer (every write of such a record names it)."""
    name = record_name(obj)
    if name or not getattr(resource, "gazetteer_names", False):
        return name
    places = gazetteer(request)
    borough_id, voivodeship_id = getattr(obj, "borough_id", None), getattr(obj, "voivodeship_id", None)
    if borough_id is not None:
        # The keeper's names, kept by the register's version: no query of their own.
        row = places.boroughs_by_ids(request.db, [borough_id]).get(borough_id)
        return _gazetteer_name(row) if row else ""
    if voivodeship_id is not None and (names := places.voivodeship_names_select()) is not None:
        names = names.subquery()
        return request.db.scalar(sa.select(names.c.name).where(names.c.id == voivodeship_id)) or ""
    return ""


def record_of(request, records, kind, record_id, kind_labels):
    """{name, parents: [{label, name}], path} of an entry's record, or None (no such record)."""
    resource = _resources(request).get(kind)
    obj = records.get(kind, record_id) if resource is not None and record_id is not None else None
    if obj is None:
        return None
    parents, ids, parents_gone = records.parents_of(resource, obj, kind_labels)
    gone = obj.deleted is not None or parents_gone
    return {
        "name": records.name_of(resource, obj),
        "parents": parents,
        "path": None if gone else resource.screen_path(obj, {kind: obj.id, **ids}),
    }


# -- reverting --------------------------------------------------------------------------------
def _names(items, limit=5):
    shown = [f"„{name}”" for name in items[:limit]]
    more = f" i {len(items) - limit} innych" if len(items) > limit else ""
    return ", ".join(shown) + more


def revert_of(request, records, entry, changes, reverted_by, kind_labels):
    """{offered, reverted_by, says}: `offered` only when this operator's revert would be allowed
    (the server asks again when it runs)."""
    resources = _resources(request)
    answer = {"offered": False, "reverted_by": reverted_by, "says": ""}
    resource = resources.get(entry.kind)
    if entry.action == "update" and resource is not None and resource.revert_edits:
        fields, order = page_fields_of(resource, request), page_order_of(resource, request)
        kept = sorted(
            (name for name, change in changes.items() if change != CHANGED and isinstance(change, list)),
            key=lambda name: (order.get(name, len(order)), name),
        )
        obj = records.get(entry.kind, entry.record_id)
        if kept and obj is not None and may(request, resource, "update", obj):
            titles = ", ".join(fields[name].title if name in fields else name for name in kept)
            answer.update(offered=True, says=f"Przywróci poprzednie wartości pól: {titles}.")
    elif entry.action == "delete" and resource is not None:
        if entry.record_id is None and isinstance(changes.get("batch"), list):
            items = [item.get("name") or f"#{item.get('id')}" for item in changes["batch"]]
            if may(request, resource, "restore"):
                label = kind_labels.get(entry.kind, resource.label)
                answer.update(
                    offered=True, says=f"Przywróci usunięte elementy ({label}, {len(items)}): {_names(items)}."
                )
        else:
            obj = records.get(entry.kind, entry.record_id)
            if obj is not None and may(request, resource, "restore", obj):
                label = kind_labels.get(entry.kind, resource.label)
                answer.update(
                    offered=True,
                    says=f"Przywróci usunięty element: {label} „{records.name_of(resource, obj)}” "
                    "(razem z tym, co usunięto wraz z nim).",
                )
    elif entry.action == "import" and isinstance(changes.get("rows"), dict):
        rows = changes["rows"]
        written = resources.get(rows.get("kind"))
        target = resources.get(entry.kind)
        obj = records.get(entry.kind, entry.record_id) if target is not None else None
        if written is not None and may(request, entry.kind, "import", obj) and may(request, written, "delete"):
            label = kind_labels.get(written.kind, written.label)
            created, changed = len(rows.get("created") or ()), len(rows.get("changed") or {})
            parts = []
            if created:
                parts.append(f"usunie elementy utworzone tym importem ({label}: {created})")
            if changed:
                parts.append(f"przywróci wartości sprzed importu w elementach, które zmienił ({changed})")
            if parts:
                answer.update(
                    offered=True,
                    says="Cofnie cały import: "
                    + " i ".join(parts)
                    + ". Jeśli któryś z nich zmieniono od importu, nic nie zostanie zmienione.",
                )
    elif entry.action == "import" and changes.get("created_kind"):
        kind = changes["created_kind"]
        created = resources.get(kind)
        obj = records.get(kind, changes.get("created_id")) if created is not None else None
        if obj is not None and may(request, created, "delete", obj):
            label = kind_labels.get(kind, created.label)
            answer.update(
                offered=True, says=f"Usunie {label} „{records.name_of(created, obj)}” utworzony tym importem."
            )
    return answer


_ENTRIES = HistoryEntry.__table__
# Built once and run on the session's connection, as `record_rows` reads records.
_REVERTED_BY = (
    sa.select(_ENTRIES.c.reverts, sa.func.min(_ENTRIES.c.id))
    .where(_ENTRIES.c.reverts.in_(sa.bindparam("ids", expanding=True)))
    .group_by(_ENTRIES.c.reverts)
)
_MOMENTS = sa.select(_ENTRIES.c.id, _ENTRIES.c.at, _ENTRIES.c.action).where(
    _ENTRIES.c.id.in_(sa.bindparam("ids", expanding=True))
)


def reverted_by(request, entry_ids):
    """{entry id: id of the entry that reverted it} among `entry_ids`."""
    if not entry_ids:
        return {}
    return dict(request.db.connection().execute(_REVERTED_BY, {"ids": sorted(set(entry_ids))}).all())


def moments_of(request, entry_ids):
    """{entry id: {at, action}} of the entries `entry_ids` (those a page's entries revert or are reverted by)."""
    if not entry_ids:
        return {}
    rows = request.db.connection().execute(_MOMENTS, {"ids": sorted(entry_ids)})
    return {row.id: {"at": row.at, "action": row.action} for row in rows}


# One decoder for every entry (json.loads with an argument builds one a call).
_CHANGES = json.JSONDecoder(parse_float=Decimal)


def parsed_changes(entry):
    try:
        value = _CHANGES.decode(entry.changes)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
