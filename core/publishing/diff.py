"""What publishing the draft would change, in the form's words (GET /api/<kind>/<id>/versions/diff):
the publish dialog shows it before the operator publishes.

The live version is a frozen payload, not the form's values, so the difference is read from the
record's history: every create and edit after the entry of the publish that first froze the live
version's payload (the earliest version with the same digest: publishing an earlier version
again goes back to it; history's ids, not its times, which are to the second, give the order),
folded field by field (the first value before, the last after; unchanged fields dropped) and
written as history writes its entries (smogpanel.history.readable). Personal fields are masked
as in history. Edits of records under it (a ranking's values) are their own kinds' entries: they
are not listed, `draft_changed` still says the public would see something else."""

import json

import sqlalchemy as sa

from ..history import entries as history_entries
from ..history import readable
from ..history.fields import fields_of
from ..history.views import visible_changes
from ..models import HistoryEntry
from ..public.live import now
from ..publications import Publication
from .actions import draft_changed, live_seq

TABLE = Publication.__table__
MAX_ENTRIES = 2000  # the edits folded (the newest); older ones are a history screen's matter
FOLDED = ("create", "update", "restore")


def base_version(db, kind, record_id, when):
    """(seq, first seq) of the version the draft is compared with: the live one, else (withdrawn)
    the latest published, and the first version frozen with the same payload; (None, None) when
    none was ever published."""
    seq = live_seq(db, kind, record_id, when)
    if seq is None:
        seq = db.scalar(
            sa.select(sa.func.max(TABLE.c.seq)).where(
                TABLE.c.kind == kind,
                TABLE.c.record_id == record_id,
                TABLE.c.action == "publish",
                TABLE.c.at <= when,
                TABLE.c.cancelled.is_(None),
            )
        )
    if seq is None:
        return None, None
    digest = db.scalar(
        sa.select(TABLE.c.digest).where(TABLE.c.kind == kind, TABLE.c.record_id == record_id, TABLE.c.seq == seq)
    )
    first = db.scalar(
        sa.select(sa.func.min(TABLE.c.seq)).where(
            TABLE.c.kind == kind, TABLE.c.record_id == record_id, TABLE.c.digest == digest, TABLE.c.cancelled.is_(None)
        )
    )
    return seq, first


def frozen_after(db, kind, record_id, seq):
    """The id of the history entry after which the record's edits are not in version `seq`: its
    publish's entry (history's times are to the second, its ids are in order). A version frozen by
    a save (immediate mode) has none: the record's latest entry (the draft is what is live)."""
    entries = db.execute(
        sa.select(HistoryEntry.id, HistoryEntry.changes)
        .where(HistoryEntry.kind == kind, HistoryEntry.record_id == record_id, HistoryEntry.action == "publish")
        .order_by(HistoryEntry.id)
    ).all()
    for entry_id, text in entries:
        try:
            version = json.loads(text).get("version")
        except (ValueError, AttributeError):
            continue
        if isinstance(version, list) and len(version) == 2 and version[1] == seq:
            return entry_id
    return db.scalar(
        sa.select(sa.func.max(HistoryEntry.id)).where(HistoryEntry.kind == kind, HistoryEntry.record_id == record_id)
    )


def folded_changes(request, kind, record_id, after):
    """{field: [before, after]} of the record's creates and edits after entry `after`, only the
    fields whose value differs in the end ("changed" where history kept no copy)."""
    entries = request.db.scalars(
        sa.select(HistoryEntry)
        .where(
            HistoryEntry.kind == kind,
            HistoryEntry.record_id == record_id,
            HistoryEntry.action.in_(FOLDED),
            HistoryEntry.id > (after or 0),
        )
        .order_by(HistoryEntry.id.desc())
        .limit(MAX_ENTRIES)
    ).all()
    folded = {}
    for entry in reversed(entries):
        changes = visible_changes(request, entry, history_entries.parsed_changes(entry))
        for name, change in changes.items():
            if not isinstance(change, list) or len(change) != 2:
                folded[name] = change  # not kept: shown as changed
                continue
            before = folded.get(name)
            folded[name] = [before[0] if isinstance(before, list) else change[0], change[1]]
    return {
        name: change for name, change in folded.items() if not (isinstance(change, list) and change[0] == change[1])
    }


def draft_diff(request, resource, obj):
    """{live, base, draft_changed, rows}: the rows as history's ({field, label, before, after[, diff]})."""
    when = now()
    db = request.db
    live = live_seq(db, resource.kind, obj.id, when)
    base, first = base_version(db, resource.kind, obj.id, when)
    rows = []
    if base is not None:
        changes = folded_changes(request, resource.kind, obj.id, frozen_after(db, resource.kind, obj.id, first))
        fields = fields_of(resource, request)
        wanted = readable.references(fields, changes)
        names = readable.reference_names(request, wanted) if wanted else {}
        rows = readable.rows_of(fields, changes, names)
    publications = db.execute(
        sa.select(TABLE)
        .where(TABLE.c.kind == resource.kind, TABLE.c.record_id == obj.id, TABLE.c.cancelled.is_(None))
        .order_by(TABLE.c.at, TABLE.c.id)
    ).all()
    changed = draft_changed(request, resource, obj, publications, live)
    return {"live": live, "base": base, "draft_changed": changed, "rows": rows}


DIFF_SCHEMA = {
    "type": "object",
    "properties": {
        "live": {"type": ["integer", "null"], "description": "Numer wersji widocznej publicznie teraz"},
        "base": {
            "type": ["integer", "null"],
            "description": "Wersja, z którą porównano szkic (widoczna albo, po wycofaniu, ostatnia opublikowana)",
        },
        "draft_changed": {"type": "boolean"},
        "rows": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "field": {"type": "string"},
                    "label": {"type": "string"},
                    "before": {"type": "string"},
                    "after": {"type": "string"},
                    "diff": {"type": "array"},
                },
            },
        },
    },
}
