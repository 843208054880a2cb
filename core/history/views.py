"""The history endpoints (smogpanel.history records the entries):

GET  /api/history/?kind&record_id&user_id&action&q&from&to&page&per_page&order&asc
POST /api/history/<id>/revert      (smogpanel.history.reverts)
"""

import json
from datetime import timedelta
from decimal import Decimal

import colander
import orjson
import sqlalchemy as sa
from cornice import Service

from .. import history
from ..authority import may, rules_of
from ..db import MAX_ID
from ..envelope import ApiError
from ..listing import NO_CONTROL_CHARACTERS, fold, folded
from ..models import HistoryEntry
from ..personal import MASK, hidden_fields, masked_changes, name_is_personal
from ..query_params import DAY, day_param, warsaw_midnight, whole_number
from ..sorting import ASC_PATTERN, Sorting
from . import entries as entries_module
from . import readable
from .fields import labels_of, page_fields_of
from .reverts import revert_view

FROM_AFTER_TO = "Data „od” nie może być późniejsza niż data „do”."
MAX_QUERY = 100
PER_PAGE, MAX_PER_PAGE = 50, 200
MAX_PAGE = 1_000_000
SORTING = Sorting(
    fields={"id": HistoryEntry.id, "at": HistoryEntry.at}, default=("id", False), tie_breaker=HistoryEntry.id
)


def resources(request):
    return request.registry["smogpanel.resources"]


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
    moments = entries_module.moments_of(request, linked)
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


def unreadable_kinds(request):
    """The kinds whose rules refuse the signed-in account `read` (a kind no plugin declares
    follows the default rules, which let every operator read)."""
    kinds = {**request.registry.get("smogpanel.rules", {}), **resources(request)}
    return sorted(kind for kind, rules in kinds.items() if not may(request, rules, "read"))


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
    record_id = whole_number(request, "record_id", minimum=0, maximum=MAX_ID)
    if record_id is not None:
        conditions.append(HistoryEntry.record_id == record_id)
    user_id = whole_number(request, "user_id", minimum=0, maximum=MAX_ID)
    if user_id is not None:
        conditions.append(HistoryEntry.user_id == user_id)
    action = request.params.get("action")
    if action:
        if action not in history.ACTIONS:
            raise ApiError.invalid("action", f"Nieznana czynność. Wybierz jedną z: {', '.join(history.ACTIONS)}.")
        conditions.append(HistoryEntry.action == action)
    start, end = day_param(request, "from"), day_param(request, "to")
    if start and end and start > end:
        raise ApiError.invalid("from", FROM_AFTER_TO)
    q = request.params.get("q") or ""
    if len(q) > MAX_QUERY or any(ord(ch) < 32 for ch in q):
        raise ApiError.invalid("q", f"Szukana nazwa może mieć najwyżej {MAX_QUERY} znaków, bez znaków sterujących.")
    for word in dict.fromkeys(fold(q).split()):
        conditions.append(folded(HistoryEntry.record_name).contains(word, autoescape=True))
    if start:
        conditions.append(HistoryEntry.at >= warsaw_midnight(start))
    if end:
        conditions.append(HistoryEntry.at < warsaw_midnight(end + timedelta(days=1)))
    order, asc = SORTING.parse(request.params)
    page = whole_number(request, "page", maximum=MAX_PAGE, default=1)
    per_page = whole_number(request, "per_page", maximum=MAX_PER_PAGE, default=PER_PAGE)
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
            kind: {name: field.described() for name, field in page_fields_of(resources(request)[kind], request).items()}
            for kind in sorted({entry.kind for entry in entries})
            if kind in resources(request)
        },
        "kinds": kinds,
    }


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
