"""Reverting a history entry, `POST /api/history/<id>/revert`: puts the record back as it was
before the entry. Reverting asks the rules (smogpanel.authority) of what it does: undoing an
edit is an update, a delete a restore (the super administrators'), a create or a restore a
delete. Fields kept beside a record rather than in its form (a public record's attribution)
are reverted by whoever keeps them (`add_revert_beside`)."""

import json
from decimal import Decimal

import sqlalchemy as sa

from .. import history
from ..authority import authorize, permissions_of
from ..db import MAX_ID, utcnow
from ..envelope import ApiError, dumps
from ..events import RecordRestored
from ..models import HistoryEntry
from ..validation import validate
from .fields import labels_of

ALREADY_REVERTED = "Ten wpis został już cofnięty: zobacz nowszy wpis, który go cofa."
BESIDE = "smogpanel.history_reverts_beside"


def add_revert_beside(config, matches, revert):
    """Entries whose changes `matches(changes)` (fields kept beside a record, not in its form)
    are reverted by `revert(request, entry, resource, obj, changes)`, which answers as a revert does."""
    config.registry.setdefault(BESIDE, []).append((matches, revert))


def conflict(description, name=""):
    return ApiError("CONFLICT", [{"name": name, "description": description}])


def _load_any(request, resource, record_id):
    """The record, deleted or not (None when there is none)."""
    if record_id is None:
        return None
    return request.db.scalar(
        sa.select(resource.model).where(resource.model.id == record_id).execution_options(include_deleted=True)
    )


def _resource_of(request, kind):
    resource = request.registry["smogpanel.resources"].get(kind)
    if resource is None:
        raise conflict(
            f"Tego wpisu nie da się cofnąć z historii: „{kind}” nie jest rodzajem elementów panelu "
            "(albo jego wtyczka jest wyłączona)."
        )
    return resource


def _revert_update(request, entry, resource, obj):
    if not resource.revert_edits:
        raise conflict("Zmian tego rodzaju elementów nie cofa się z historii.")
    if obj.deleted is not None:
        raise conflict("Ten element jest usunięty. Przywróć najpierw jego usunięcie.")
    labels = labels_of(request, entry.kind)
    editable = {node.name for node in resource.edit_schema().children}
    changes = json.loads(entry.changes, parse_float=Decimal)
    for matches, revert in request.registry.get(BESIDE, ()):  # fields kept beside the record, not in its form
        if matches(changes):
            return revert(request, entry, resource, obj, changes)
    fields = [f for f, change in changes.items() if change != history.CHANGED and f in editable]
    if not fields:
        raise conflict(
            "Tej zmiany nie da się cofnąć: dotyczyła tylko plików albo długich treści, których "
            "historia nie przechowuje."
        )
    current = resource.history_snapshot(request, obj)
    moved = [f for f in fields if current.get(f) != changes[f][1]]
    if moved:
        names = ", ".join(f"„{labels.get(f, f)}”" for f in moved)
        raise ApiError(
            "CONFLICT",
            [
                {
                    "name": f,
                    "description": f"Nie można przywrócić tej wersji: pole „{labels.get(f, f)}” zmieniono później.",
                }
                for f in moved
            ]
            + [
                {
                    "name": "",
                    "description": f"Od tej zmiany ktoś zmienił te same pola: {names}. "
                    "Przywróć najpierw późniejsze zmiany.",
                }
            ],
        )
    payload = {f: value for f, value in current.items() if f in editable}
    payload.update({f: changes[f][0] for f in fields})
    # The edit as the form would send it: a plugin's `update` may read the body itself.
    request.body = dumps(payload)
    data = validate(request, resource.edit_schema(), payload)
    return "update", resource.edit(request, obj, data, reverts=entry.id)


def _revert_delete(request, entry, resource, obj):
    if obj.deleted is None:
        raise conflict("Ten element nie jest usunięty: nie ma czego przywracać.")
    reason = resource.restore(request.db, obj)
    if reason:
        raise conflict(reason)
    resource.flush(request)
    name = resource.history_name(request, obj)
    request.registry.notify(RecordRestored(request, entry.kind, obj.id, name, reverts=entry.id))
    return "restore", resource.answer(request, resource.serialize(request, obj))


def _revert_create(request, entry, resource, obj):
    if obj.deleted is not None:
        raise conflict("Ten element jest już usunięty.")
    resource.remove(request, obj, reverts=entry.id)
    return "delete", {"id": obj.id}


def _revert_batch(request, entry):
    """A bulk delete's batch entry (smogpanel.bulk_delete): every record of it restored, each
    recorded as reverting its own delete; all or nothing. Records already back are left as they are."""
    resource = _resource_of(request, entry.kind)
    authorize(request, resource, "restore")  # the kind's rule first; each record's below
    restored = []
    for item in json.loads(entry.changes)["batch"]:
        obj = _load_any(request, resource, item["id"])
        if obj is None:
            raise conflict(f"Elementu „{item['name']}” (id {item['id']}) nie ma już w bazie danych.")
        if obj.deleted is None:
            continue
        authorize(request, resource, "restore", obj)
        reason = resource.restore(request.db, obj)
        if reason:
            raise conflict(f"„{item['name']}” (id {item['id']}): {reason}")
        resource.flush(request)
        name = resource.history_name(request, obj)
        request.registry.notify(RecordRestored(request, entry.kind, obj.id, name, reverts=item["entry"]))
        restored.append(obj.id)
    if not restored:
        raise conflict("Wszystkie elementy tego usunięcia są już przywrócone: nie ma czego przywracać.")
    return {"action": "restore", "record": None, "restored": restored}


CHUNK = 900  # ids per IN (...): under SQLite's bound-parameter limit
NAMED_ROWS = 10  # rows a refusal names


def _load_many(request, resource, ids):
    """{id: record} of `ids`, deleted ones too."""
    found = {}
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        statement = sa.select(resource.model).where(resource.model.id.in_(chunk))
        found.update((obj.id, obj) for obj in request.db.scalars(statement.execution_options(include_deleted=True)))
    return found


def _written_since(request, entry, kind, ids):
    """The ids among `ids` of `kind` that a later entry wrote: its own (an edit, a delete) or a
    later import's rows. (Timestamps keep whole seconds: they cannot tell.)"""
    found = set()
    for start in range(0, len(ids), CHUNK):
        found.update(
            request.db.scalars(
                sa.select(HistoryEntry.record_id).where(
                    HistoryEntry.kind == kind,
                    HistoryEntry.record_id.in_(ids[start : start + CHUNK]),
                    HistoryEntry.id > entry.id,
                )
            )
        )
    # A later import reverted since left its rows as it found them.
    reverted = sa.select(HistoryEntry.reverts).where(HistoryEntry.reverts.is_not(None), HistoryEntry.id > entry.id)
    later_imports = request.db.scalars(
        sa.select(HistoryEntry.changes).where(
            HistoryEntry.action == "import",
            HistoryEntry.id > entry.id,
            HistoryEntry.changes.contains('"rows"'),
            HistoryEntry.id.not_in(reverted),
        )
    )
    wanted = set(ids)
    for changes in later_imports:
        rows = json.loads(changes).get("rows") or {}
        if rows.get("kind") == kind:
            found.update(wanted & {int(i) for i in rows.get("changed") or {}})
    return found


def _moved(obj, fields):
    """Whether a changed record's columns differ from what the import wrote into them."""
    return any(
        isinstance(change, list)
        and len(change) == 2
        and hasattr(obj, field)
        and history.plain(getattr(obj, field)) != change[1]
        for field, change in fields.items()
    )


def _revert_import(request, entry, details):
    """An import recorded with its rows (smogpanel.importing.imported_rows), reverted as one
    batch: the records it created deleted, those it changed given back the values it replaced.
    Refused whole, naming them, when a row was changed (or deleted) since the import."""
    rows = details["rows"]
    resource = _resource_of(request, rows["kind"])
    target_rules = request.registry["smogpanel.resources"].get(entry.kind)
    target = _load_any(request, target_rules, entry.record_id) if target_rules is not None else None
    authorize(request, entry.kind, "import", target)
    if request.db.scalar(sa.select(HistoryEntry.id).where(HistoryEntry.reverts == entry.id).limit(1)) is not None:
        raise conflict(ALREADY_REVERTED)
    created = [int(i) for i in rows.get("created") or ()]
    changed = {int(i): fields for i, fields in (rows.get("changed") or {}).items()}
    records = _load_many(request, resource, sorted(set(created) | set(changed)))
    created_live = [records[i] for i in created if i in records and records[i].deleted is None]
    changed_objs = [records.get(i) for i in changed]
    if None in changed_objs:
        raise conflict("Nie można cofnąć importu: części zmienionych nim elementów nie ma już w bazie danych.")
    later = _written_since(request, entry, resource.kind, [obj.id for obj in created_live + changed_objs])
    since = [obj for obj in created_live if obj.id in later]
    since += [obj for obj in changed_objs if obj.deleted is not None or obj.id in later or _moved(obj, changed[obj.id])]
    if since:
        names = [f"„{resource.history_name(request, obj)}” (id {obj.id})" for obj in since[:NAMED_ROWS]]
        more = f" i {len(since) - NAMED_ROWS} innych" if len(since) > NAMED_ROWS else ""
        raise conflict(
            f"Nie można cofnąć importu: od importu zmieniono wiersze: {', '.join(names)}{more}. "
            "Cofnij najpierw późniejsze zmiany albo popraw wiersze ręcznie."
        )
    objs = created_live + changed_objs
    # Who may: the rules of each row's delete (created) or edit (changed), all asked before any write.
    for action, asked in (("delete", created_live), ("update", changed_objs)):
        allowed = permissions_of(request, resource, asked, actions=(action,))
        refused = next((obj for obj in asked if allowed[obj.id][action] is not None), None)
        if refused is not None:
            authorize(request, resource, action, refused)  # raises, with the reason of that row
    stamp = utcnow()
    if resource.child_resources():
        for obj in created_live:
            resource.delete(request, obj)
    else:
        ids = [obj.id for obj in created_live]
        for start in range(0, len(ids), CHUNK):
            request.db.execute(
                sa.update(resource.model)
                .where(resource.model.id.in_(ids[start : start + CHUNK]), resource.model.deleted.is_(None))
                .values(deleted=stamp)
                .execution_options(synchronize_session=False)
            )
    for obj in changed_objs:
        resource.put_back(request, obj, changed[obj.id])
    resource.flush(request)
    for obj in created_live:
        request.db.expire(obj)
    resource.after_import_reverted(request, objs)
    kept = {key: details[key] for key in ("file", "type", "type_label") if key in details}
    history.record(
        request,
        "import",
        entry.kind,
        entry.record_id,
        entry.record_name,
        dict(kept, created=0, updated=len(changed_objs), skipped=0, deleted=len(created_live)),
        reverts=entry.id,
    )
    return {"action": "import", "record": None, "deleted": len(created_live), "restored": len(changed_objs)}


def revert_view(request):
    """Puts the record back as it was before the entry (an edit's old values; a delete: the
    record restored; a create or a restore: the record deleted; an import that created one
    record: that record deleted). Recorded as a new entry naming the one it reverts."""
    entry_id = int(request.matchdict["id"])
    # The entry's row locked to the end of the transaction (PostgreSQL; SQLite's writing request
    # holds the database's write lock already), so simultaneous reverts of one entry run one
    # after another and every later one sees that it was reverted.
    entry = (
        request.db.scalar(sa.select(HistoryEntry).where(HistoryEntry.id == entry_id).with_for_update())
        if entry_id <= MAX_ID
        else None
    )
    if entry is None:
        raise ApiError("NOT_FOUND", [{"name": "id", "description": "Nie ma takiego wpisu historii."}])
    kind, record_id = entry.kind, entry.record_id
    if entry.action in history.NOT_REVERTED:
        raise conflict(
            "Publikacji nie cofa się w historii: opublikuj ponownie wcześniejszą wersję albo wycofaj element."
        )
    if entry.action == "delete" and record_id is None and '"batch"' in entry.changes:
        return _revert_batch(request, entry)
    if entry.action == "import":
        details = json.loads(entry.changes, parse_float=Decimal)
        if isinstance(details.get("rows"), dict):
            return _revert_import(request, entry, details)
        if not details.get("created_kind"):
            raise conflict(
                "Tego importu nie da się cofnąć automatycznie: zmienił istniejące elementy. "
                "Zaimportuj ponownie poprzedni plik albo popraw elementy ręcznie."
            )
        kind, record_id = details["created_kind"], details["created_id"]
    resource = _resource_of(request, kind)
    obj = _load_any(request, resource, record_id)
    if obj is None:
        raise conflict("Tego elementu nie ma już w bazie danych.")
    # Who may comes before whether it can: the rule of what the revert does (undoing an edit
    # is an edit, undoing a delete a restore, undoing a create or a restore a delete).
    performs = {"update": "update", "delete": "restore"}.get(entry.action, "delete")
    authorize(request, resource, performs, obj)
    if request.db.scalar(sa.select(HistoryEntry.id).where(HistoryEntry.reverts == entry.id).limit(1)) is not None:
        raise conflict(ALREADY_REVERTED)
    revert = {"update": _revert_update, "delete": _revert_delete}.get(entry.action, _revert_create)
    action, record = revert(request, entry, resource, obj)
    return {"action": action, "record": record}
