"""The scheduler's side of scheduled publishing: the job `core.publications` records each
publish or unpublish whose second has come in the record's history, exactly once however many
processes run it (the row is claimed by an UPDATE that only one transaction can make).

The version itself went live at its second without it (smogpanel.public.live chooses by
time); the job only writes what happened, naming the release of a release's item. One found
long after its second (the server was down) is recorded as late: in history and in the run's summary in 'Zadania'."""

import json
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from .. import history
from ..db import own_transaction, utcnow
from ..models import HistoryEntry
from ..publication_releases import Release, ReleaseItem
from ..publications import Publication
from .times import warsaw_text

JOB = "core.publications"
DEFAULT_INTERVAL = 60
TABLE = Publication.__table__
LABELS = {"publish": "publikacja", "unpublish": "wycofanie"}


def late_after(interval):
    """How long past its second a change may be recorded and still be on time: two ticks."""
    return timedelta(seconds=2 * interval)


def release_of(db, row):
    """The name of the release a due change belongs to (its item, published for that second), or None."""
    found = (
        sa.select(Release.name)
        .join(ReleaseItem, ReleaseItem.release_id == Release.id)
        .where(
            ReleaseItem.kind == row.kind,
            ReleaseItem.record_id == row.record_id,
            ReleaseItem.action == row.action,
            Release.published.is_not(None),
            Release.at == row.at,
        )
        .order_by(Release.id.desc())
        .limit(1)
    )
    return db.scalar(found)


def record_due(registry):
    """Records the changes due and not yet recorded; the run's Polish summary."""
    # As smogpanel.ops.jobs.interval_of reads it (that module runs this one).
    interval = max(1, int(float(registry.settings.get(f"smogpanel.jobs.{JOB}.interval") or DEFAULT_INTERVAL)))
    resources = registry.get("smogpanel.resources", {})
    recorded, late = 0, []
    with own_transaction(registry) as db:
        stamp = utcnow()
        due = db.execute(
            sa.select(TABLE.c.id, TABLE.c.kind, TABLE.c.record_id, TABLE.c.action, TABLE.c.seq, TABLE.c.at)
            .where(TABLE.c.recorded.is_(None), TABLE.c.cancelled.is_(None), TABLE.c.at <= stamp)
            .order_by(TABLE.c.at, TABLE.c.id)
        ).all()
        for row in due:
            claimed = db.execute(
                sa.update(TABLE).where(TABLE.c.id == row.id, TABLE.c.recorded.is_(None)).values(recorded=stamp)
            ).rowcount
            if claimed != 1:  # another process recorded it a moment ago
                continue
            is_late = datetime.now(UTC) - row.at > late_after(interval)
            resource = resources.get(row.kind)
            obj = db.get(resource.model, row.record_id) if resource is not None else None
            changes = {"version": [None, row.seq], "scheduled_at": [None, row.at.isoformat()]}
            if is_late:
                changes["late"] = [None, True]
                late.append(f"{LABELS[row.action]} {row.kind} {row.record_id} (plan: {warsaw_text(row.at)})")
            release = release_of(db, row)
            if release is not None:  # as the release's own entries (publishing now) name it
                changes["release"] = [None, release]
            name = history.record_name(obj) if obj is not None else ""
            history.record(db, row.action, row.kind, row.record_id, name, changes, via="scheduler")
            recorded += 1
    summary = f"Zapisano zaplanowane zmiany publikacji: {recorded}."
    if late:
        summary += " Z opóźnieniem (serwer nie działał w zaplanowanej chwili): " + "; ".join(late) + "."
    return summary


def late_changes(registry, started, finished):
    """{late: [{kind, record_id, action, seq, at, name}]}: the changes the run from `started` to
    `finished` recorded late ('Zadania' offers 'Opublikuj teraz' beside each publish)."""
    with registry["db.session_factory"]() as db:
        entries = db.execute(
            sa.select(
                HistoryEntry.kind,
                HistoryEntry.record_id,
                HistoryEntry.action,
                HistoryEntry.record_name,
                HistoryEntry.changes,
            )
            .where(
                HistoryEntry.via == "scheduler",
                HistoryEntry.action.in_(tuple(LABELS)),
                HistoryEntry.at >= started,
                HistoryEntry.at <= finished,
            )
            .order_by(HistoryEntry.id)
        ).all()
    late = []
    for kind, record_id, action, name, text in entries:
        try:
            changes = json.loads(text)
        except ValueError:
            continue
        if not isinstance(changes, dict) or changes.get("late") != [None, True]:
            continue
        late.append(
            {
                "kind": kind,
                "record_id": record_id,
                "action": action,
                "seq": (changes.get("version") or [None, None])[1],
                "at": (changes.get("scheduled_at") or [None, None])[1],
                "name": name,
            }
        )
    return {"late": late}
