"""The history endpoints (smogpanel.history records the entries):

    GET  /api/history/?kind&record_id&user_id&action&q&from&to&page&per_page&order&asc
    POST /api/history/<id>/revert

Reverting asks the rules (smogpanel.authority) of what it does: undoing an edit is an update, a
delete a restore (the super administrators'), a create or a restore a delete.
"""

import json
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import colander
import orjson
import sqlalchemy as sa
from cornice import Service

from .. import history
from ..authority import authorize, may, permissions_of, rules_of
from ..db import MAX_ID, utcnow
from ..envelope import ApiError, dumps
from ..events import RecordRestored
from ..listing import NO_CONTROL_CHARACTERS, fold, folded
from ..models import HistoryEntry
from ..personal import MASK, hidden_fields, masked_changes, name_is_personal
from ..public import attribution
from ..schemas import described
from ..sorting import ASC_PATTERN, Sorting
from ..validation import validate
from . import entries as entries_module
from . import readable
from .fields import fields_of

WARSAW = ZoneInfo("Europe/Warsaw")
FROM_AFTER_TO = "Data „od” nie może być późniejsza niż data „do”."
MAX_QUERY = 100
ALREADY_REVERTED = "Ten wpis został już cofnięty: zobacz nowszy wpis, który go cofa."
PER_PAGE, MAX_PER_PAGE = 50, 200
MAX_PAGE = 1_000_000
FIRST_YEAR, LAST_YEAR = 2000, 2999
SORTING = Sorting(
    fields={"id": HistoryEntry.id, "at": HistoryEntry.at}, default=("id", False), tie_breaker=HistoryEntry.id
)


def resources(request):
    return request.registry["smogpanel.resources"]


def labels_of(request, kind):
    """{field: Polish title} of a kind's form fields, for showing changes."""
    cache = request.registry.setdefault("smogpanel.history_labels", {})
    if kind not in cache:
        resource = resources(request).get(kind)
        cache[kind] = {node.name: node.title for node in resource.schema().children} if resource else {}
    return cache[kind]


def kind_labels(request):
    """{kind: Polish label}; a label two kinds share names the parent's too ('grupa (wykres)').
    Kinds that are no Resource but declare rules with a `label` (a letter's sender) too."""
    labels = request.registry.get("smogpanel.history_kind_labels")
    if labels is None:
        every = resources(request)
        declared = request.registry.get("smogpanel.rules", {})
        counts = {}
        for resource in every.values():
            counts[resource.label] = counts.get(resource.label, 0) + 1
        labels = {}
        for kind, resource in every.items():
            label = resource.label
            if counts[label] > 1:
                label = f"{label} ({every[resource.parent.kind].label})" if resource.parent else f"{label} ({kind})"
            labels[kind] = label
        for kind, rules in declared.items():
            if rules.label and kind not in labels:
                labels[kind] = rules.label
        request.registry["smogpanel.history_kind_labels"] = labels
    return labels


# Who made entries that no signed-in operator made, by `via` (smogpanel.history.record).
VIA_LABELS = {"cli": "CLI", "link": "nadawca (odnośnik z e-maila)", "scheduler": "zadanie serwera"}


def _hidden(request, entry):
    """(personal fields masked to this account, whether the record's name is one of them)."""
    rules = rules_of(request.registry, entry.kind)
    hidden = hidden_fields(request, rules) if entry.action != "import" else frozenset()
    return hidden, bool(hidden) and name_is_personal(rules)


def visible_changes(request, entry, changes):
    """An entry's parsed changes as this account may see them (smogpanel.personal)."""
    hidden, name_hidden = _hidden(request, entry)
    return masked_changes(changes, hidden, name_hidden) if hidden else changes


def entry_dict(request, entry, extra=None):
    """An entry as the answer gives it; `extra` (from `readable_entries`) adds `rows`,
    `record` and `revert`."""
    hidden, name_hidden = _hidden(request, entry)
    if hidden:  # personal values masked to an account that may not see them (smogpanel.personal)
        changes = masked_changes(json.loads(entry.changes, parse_float=Decimal), hidden, name_hidden)
    else:
        changes = orjson.Fragment(entry.changes)  # as stored: exact decimals stay exact
    data = {
        "id": entry.id,
        "at": entry.at,
        "user_id": entry.user_id,
        "user_email": VIA_LABELS.get(entry.via, entry.user_email),
        "via": entry.via,
        "action": entry.action,
        "kind": entry.kind,
        "kind_label": kind_labels(request).get(entry.kind, entry.kind),
        "record_id": entry.record_id,
        "record_name": MASK if name_hidden and entry.record_name else entry.record_name,
        "changes": changes,
        "labels": labels_of(request, entry.kind),
        "reverts": entry.reverts,
        # Only a Resource's records come back from history (an erased sender does not).
        "revertable": (entry.kind in resources(request) and entry.action not in history.NOT_REVERTED)
        or entry.action == "import",
    }
    if extra is not None:
        data.update(extra.get(entry.id, {}))
        record = data.get("record")
        if name_hidden and isinstance(record, dict) and record.get("name"):
            data["record"] = dict(record, name=MASK)  # the record's name is personal too
    return data


def readable_entries(request, entries):
    """{entry id: {rows, record, revert}}: the changes in the form's words, the record named
    with its parents and linked, and what a revert would do (smogpanel.history.readable, .entries)."""
    labels = kind_labels(request)
    parsed = [(entry, visible_changes(request, entry, entries_module.parsed_changes(entry))) for entry in entries]
    rows = readable.readable_rows(request, parsed)
    records = entries_module.Records(request)
    wanted = {(entry.kind, entry.record_id) for entry in entries if entry.record_id is not None}
    wanted |= {
        (changes["created_kind"], changes.get("created_id"))
        for entry, changes in parsed
        if entry.action == "import" and changes.get("created_kind")
    }
    records.load(wanted)
    records.load_parents()
    # A bulk delete is reverted when its records' own entries are (each restore names its delete).
    batch_entries = {
        entry.id: [item.get("entry") for item in changes["batch"] if isinstance(item, dict)]
        for entry, changes in parsed
        if entry.action == "delete" and isinstance(changes.get("batch"), list)
    }
    ids = [entry.id for entry in entries] + [item for items in batch_entries.values() for item in items if item]
    reverted = entries_module.reverted_by(request, ids)
    for entry_id, items in batch_entries.items():
        done = [reverted.get(item) for item in items]
        reverted[entry_id] = max(done) if done and all(done) else None
    # The entries reverted and reverting, by when and what: "cofa zmianę z 2026-11-27 10:30".
    linked = {entry.reverts for entry in entries if entry.reverts} | {i for i in reverted.values() if i}
    moments = (
        {
            row.id: {"at": row.at, "action": row.action}
            for row in request.db.execute(
                sa.select(HistoryEntry.id, HistoryEntry.at, HistoryEntry.action).where(HistoryEntry.id.in_(linked))
            )
        }
        if linked
        else {}
    )
    found = {}
    for entry, changes in parsed:
        found[entry.id] = {
            "reverts_entry": moments.get(entry.reverts),
            "reverted_at": (moments.get(reverted.get(entry.id)) or {}).get("at"),
            "rows": rows.get(entry.id),
            "record": entries_module.record_of(request, records, entry.kind, entry.record_id, labels),
            "revert": entries_module.revert_of(request, records, entry, changes, reverted.get(entry.id), labels),
        }
    return found


def _int_param(request, name, minimum=1, maximum=None, default=None):
    raw = request.params.get(name)
    if raw in (None, ""):
        return default
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12 or int(raw) < minimum or (maximum and int(raw) > maximum):
        bound = f" od {minimum} do {maximum}" if maximum else f" od {minimum}"
        raise ApiError.invalid(name, f"Podaj liczbę całkowitą{bound}.")
    return int(raw)


def _day(request, name):
    raw = request.params.get(name)
    if raw in (None, ""):
        return None
    try:
        # Only RRRR-MM-DD (DAY, as described): fromisoformat also reads 20261126 and 2026-W48-1.
        day = date.fromisoformat(raw) if DAY.match_object.fullmatch(raw) else None
    except ValueError:
        day = None
    if day is None or not FIRST_YEAR <= day.year <= LAST_YEAR:  # far years overflow the time zone arithmetic
        raise ApiError.invalid(name, f"Podaj datę w postaci RRRR-MM-DD (lata {FIRST_YEAR}–{LAST_YEAR}).")
    return day


def unreadable_kinds(request):
    """The kinds whose rules refuse the signed-in account `read` (a kind no plugin declares
    follows the default rules, which let every operator read)."""
    kinds = {**request.registry.get("smogpanel.rules", {}), **resources(request)}
    return sorted(kind for kind, rules in kinds.items() if not may(request, rules, "read"))


def _midnight(day):
    return datetime.combine(day, time(), WARSAW)


def list_view(request):
    """The history, newest first by default: every entry, or a record's (`kind` and
    `record_id`), filtered by `user_id`, `action`, and `from`/`to` (days in Warsaw time, both
    included); paged (`page` from 1, `per_page` up to 200) with the `total` of the filter. Only
    the entries of kinds the reader may `read` (the kind's rules), in the list and its total."""
    unreadable = unreadable_kinds(request)
    conditions = [HistoryEntry.kind.not_in(unreadable)] if unreadable else []
    kind = request.params.get("kind")
    if kind:
        conditions.append(HistoryEntry.kind == kind)
    record_id = _int_param(request, "record_id", minimum=0, maximum=MAX_ID)
    if record_id is not None:
        conditions.append(HistoryEntry.record_id == record_id)
    user_id = _int_param(request, "user_id", minimum=0, maximum=MAX_ID)
    if user_id is not None:
        conditions.append(HistoryEntry.user_id == user_id)
    action = request.params.get("action")
    if action:
        if action not in history.ACTIONS:
            raise ApiError.invalid("action", f"Nieznana czynność. Wybierz jedną z: {', '.join(history.ACTIONS)}.")
        conditions.append(HistoryEntry.action == action)
    start, end = _day(request, "from"), _day(request, "to")
    if start and end and start > end:
        raise ApiError.invalid("from", FROM_AFTER_TO)
    q = request.params.get("q") or ""
    if len(q) > MAX_QUERY or any(ord(ch) < 32 for ch in q):
        raise ApiError.invalid("q", f"Szukana nazwa może mieć najwyżej {MAX_QUERY} znaków, bez znaków sterujących.")
    for word in dict.fromkeys(fold(q).split()):
        conditions.append(folded(HistoryEntry.record_name).contains(word, autoescape=True))
    if start:
        conditions.append(HistoryEntry.at >= _midnight(start))
    if end:
        conditions.append(HistoryEntry.at < _midnight(end + timedelta(days=1)))
    order, asc = SORTING.parse(request.params)
    page = _int_param(request, "page", maximum=MAX_PAGE, default=1)
    per_page = _int_param(request, "per_page", maximum=MAX_PER_PAGE, default=PER_PAGE)
    where = sa.and_(sa.true(), *conditions)
    total = request.db.scalar(sa.select(sa.func.count()).select_from(HistoryEntry).where(where))
    entries = request.db.scalars(
        sa.select(HistoryEntry)
        .where(where)
        .order_by(*SORTING.order_by(order, asc))
        .limit(per_page)
        .offset((page - 1) * per_page)
    ).all()
    shown = readable_entries(request, entries)
    kinds = sorted(
        ({"kind": kind, "label": label} for kind, label in kind_labels(request).items() if kind not in unreadable),
        key=lambda item: (item["label"], item["kind"]),
    )
    return {
        "order": order,
        "asc": asc,
        "page": page,
        "per_page": per_page,
        "total": total,
        "list": [entry_dict(request, entry, shown) for entry in entries],
        # How each kind on the page describes its fields (the words `rows` are written in).
        "fields": {
            kind: {name: field.described() for name, field in fields_of(resources(request)[kind]).items()}
            for kind in sorted({entry.kind for entry in entries})
            if kind in resources(request)
        },
        "kinds": kinds,
    }


# -- reverting ----------------------------------------------------------------------------------
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
    resource = resources(request).get(kind)
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
    if attribution.is_attribution_change(changes):  # kept beside the record, not in its form
        return attribution.revert(request, entry, resource, obj, changes)
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
    target_rules = resources(request).get(entry.kind)
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


# A day of the years the list accepts (FIRST_YEAR to LAST_YEAR), as the description states it.
# The view reads the day itself (a date that exists: 2026-02-30 is refused): the description
# says so with `format: date` beside the pattern.
DAY = described(format="date")(colander.Regex(r"^2[0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"))


class _Query(colander.MappingSchema):
    """The list's query string, for the OpenAPI document only: `list_view` reads and checks it
    itself (Polish errors, the envelope)."""

    kind = colander.SchemaNode(colander.String(), missing=colander.drop, description="rodzaj, np. timer")
    q = colander.SchemaNode(
        colander.String(),
        missing=colander.drop,
        validator=colander.All(colander.Length(max=MAX_QUERY), colander.Regex(NO_CONTROL_CHARACTERS)),
        description="słowa nazwy elementu (bez polskich znaków i wielkości liter)",
    )
    record_id = colander.SchemaNode(
        colander.Integer(), missing=colander.drop, validator=colander.Range(0, MAX_ID), description="id elementu"
    )
    user_id = colander.SchemaNode(
        colander.Integer(), missing=colander.drop, validator=colander.Range(0, MAX_ID), description="id operatora"
    )
    action = colander.SchemaNode(
        colander.String(), missing=colander.drop, validator=colander.OneOf(history.ACTIONS), description="czynność"
    )
    # "from" is a Python keyword: the node is named in the constructor
    to = colander.SchemaNode(
        colander.String(), missing=colander.drop, validator=DAY, description="do dnia RRRR-MM-DD (czas polski)"
    )
    page = colander.SchemaNode(
        colander.Integer(), missing=colander.drop, validator=colander.Range(1, MAX_PAGE), description="strona, od 1"
    )
    per_page = colander.SchemaNode(
        colander.Integer(),
        missing=colander.drop,
        validator=colander.Range(1, MAX_PER_PAGE),
        description="wpisów na stronę, do 200",
    )
    order = colander.SchemaNode(colander.String(), missing=colander.drop, validator=colander.OneOf(("id", "at")))
    # What SORTING.parse takes (1/true/yes, 0/false/no, any case), as the resources' lists.
    asc = colander.SchemaNode(colander.String(), missing=colander.drop, validator=colander.Regex(ASC_PATTERN))


def _list_schema():
    query = _Query()
    query.add(
        colander.SchemaNode(
            colander.String(),
            name="from",
            missing=colander.drop,
            validator=DAY,
            description="od dnia RRRR-MM-DD (czas polski)",
        )
    )
    schema = colander.MappingSchema()
    query.name = "querystring"
    schema.add(query)
    return schema


def includeme(config):
    listing = Service(
        name="history-collection",
        path="/api/history/",
        description="history: the entries of every record, or of one (kind, record_id)",
    )
    listing.add_view("GET", list_view, renderer="envelope", schema=_list_schema())
    revert = Service(
        name="history-revert",
        path="/api/history/{id:\\d+}/revert",
        description="history: put a record back as it was before an entry",
    )
    revert.add_view("POST", revert_view, renderer="envelope")
    config.add_cornice_service(listing)
    config.add_cornice_service(revert)
