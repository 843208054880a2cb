"""Publishing a record: freezing its payload as a numbered version, withdrawing it, scheduling
either, and what the record's state is (smogpanel.publishing)."""

from datetime import timedelta

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .. import history
from ..authority import authorize
from ..db import utcnow
from ..envelope import ApiError
from ..public.live import IMMEDIATE, Change, Pointer, mode, now, pointer_of_record, publishable
from ..public.parts import PARTS
from ..publication_requests import open_request
from ..publications import NOTE_KINDS, Publication
from ..record_etags import check_if_match
from .drafts import draft_payload, stored_version
from .times import warsaw_text

TABLE = Publication.__table__
STATES = {
    "draft": "Szkic",
    "published": "Opublikowany",
    "changed": "Opublikowany (zmiany nieopublikowane)",
    "scheduled": "Zaplanowany",
    "withdrawn": "Wycofany",
}
# A time a little in the past is "now" (a form sent a moment ago); older, a mistake.
PAST_TOLERANCE = timedelta(minutes=1)
NOTHING_TO_PUBLISH = "Tego elementu nie da się opublikować: jego widżet nie ma danych."


def _who(request):
    if isinstance(request, Session):
        return None, None
    identity = request.identity
    return (identity.id, identity.email) if identity is not None else (None, None)


def _db(request):
    return request if isinstance(request, Session) else request.db


def latest_seq(db, kind, record_id):
    return (
        db.scalar(sa.select(sa.func.max(TABLE.c.seq)).where(TABLE.c.kind == kind, TABLE.c.record_id == record_id)) or 0
    )


def _insert(request, kind, record_id, action, at, seq=None, draft=None, note="", note_kind=None, changed=False):
    """Writes the publication (`draft`: what a publish freezes, `drafts.Draft`) and its parts."""
    user_id, email = _who(request)
    stamp = utcnow()
    row = {
        "kind": kind,
        "record_id": record_id,
        "action": action,
        "seq": seq,
        "at": at,
        "created": stamp,
        "user_id": user_id,
        "user_email": email,
        "note": note or "",
        "note_kind": note_kind,
        "payload": draft.payload if draft is not None else None,
        "digest": draft.digest if draft is not None else None,
        "draft_changed": changed,
        "recorded": stamp if at <= stamp else None,
    }
    db = _db(request)
    try:
        with db.begin_nested():
            publication_id = db.execute(sa.insert(TABLE).values(**row)).inserted_primary_key[0]
    except IntegrityError:  # another request took this number a moment ago
        raise ApiError(
            "CONFLICT",
            [{"name": "", "description": "Ktoś właśnie opublikował ten element. Odśwież i spróbuj ponownie."}],
        ) from None
    content = draft.content() if draft is not None else None
    if content is not None:  # the kind's own parts, frozen with the version (smogpanel.public.parts)
        db.execute(sa.insert(PARTS).values(publication_id=publication_id, count=draft.count, content=content))
    return row


def freeze_saved(request, resource, record_id):
    """Immediate mode: a save publishes its payload as a new version, unless it equals the
    latest one (nothing the public sees changed). Not in history: the save is."""
    obj = request.db.get(resource.model, record_id)
    if obj is None or obj.deleted is not None:
        return
    draft = draft_payload(request, resource, obj)
    if draft is None:
        return
    latest = request.db.execute(
        sa.select(TABLE.c.seq, TABLE.c.digest)
        .where(TABLE.c.kind == resource.kind, TABLE.c.record_id == record_id, TABLE.c.seq.is_not(None))
        .order_by(TABLE.c.seq.desc())
        .limit(1)
    ).first()
    if latest is not None and latest.digest == draft.digest:
        return
    _insert(request, resource.kind, record_id, "publish", utcnow(), (latest.seq if latest else 0) + 1, draft)


def checked_time(at):
    """`at` (aware UTC or None) as the row's time: None or a moment just past is now."""
    stamp = utcnow()
    if at is None:
        return stamp
    if at < stamp - PAST_TOLERANCE:
        raise ApiError.invalid("at", f"Termin {warsaw_text(at)} już minął. Podaj przyszły albo zostaw puste (teraz).")
    return max(at, stamp) if at <= stamp else at


def publish(request, resource, obj, at=None, note="", note_kind=None, from_seq=None, loader=None):
    """Publishes the record's draft (or, `from_seq`, an earlier version again) as a new version,
    now or at `at`. Asks `publish` and honours If-Match as an edit does. `request` is the web
    request or, for the command line, a Session, with `loader` the request that builds payloads."""
    loader = loader or request
    authorize(request, resource, "publish", obj)
    if not isinstance(request, Session):
        check_if_match(request, resource, obj, resource.history_snapshot(request, obj))
    if note_kind is not None and note_kind not in NOTE_KINDS:
        raise ApiError.invalid("note_kind", "Rodzaj notatki to „update” (aktualizacja) albo „correction” (korekta).")
    when = checked_time(at)
    db = _db(request)
    if from_seq is not None:  # its payload and parts as they were published
        payload = stored_version(db, resource.kind, obj.id, from_seq, utcnow())
        if payload is None:
            raise ApiError.invalid("seq", f"Nie ma opublikowanej wersji {from_seq} tego elementu.")
    else:
        payload = draft_payload(loader, resource, obj)
        if payload is None:
            raise ApiError("CONFLICT", [{"name": "", "description": NOTHING_TO_PUBLISH}])
    changed = False
    extra = {}
    draft = payload
    if from_seq is not None:  # an earlier version again: the draft differs unless it is the same
        draft = draft_payload(loader, resource, obj)
        changed = draft is None or draft.digest != payload.digest
        extra["from_version"] = [None, from_seq]
    done = publish_payload(request, resource, obj, payload, when, note, note_kind, changed, extra)
    # The draft's digest as built here: the versions answered next need not build it again.
    return dict(done, draft_digest=draft.digest if draft is not None else None)


def publish_payload(request, resource, obj, payload, when, note="", note_kind=None, changed=False, extra=None):
    """Writes the publish of `payload` (a `drafts.Draft`: the payload and its parts) of the
    record as its next version at `when` and its history entry (`extra`: more of the entry's changes,
    e.g. the release's name).
    The caller asked `publish` of the record and checked `when` (`checked_time`): `publish`, or a
    release publishing several records (smogpanel.publishing.releases)."""
    db = _db(request)
    before = live_seq(db, resource.kind, obj.id)
    seq = latest_seq(db, resource.kind, obj.id) + 1
    row = _insert(request, resource.kind, obj.id, "publish", when, seq, payload, note, note_kind, changed)
    changes = {"version": [before, seq]}
    if note:
        changes["note"] = [None, note]
    changes.update(extra or {})
    if row["recorded"] is None:
        changes["scheduled_at"] = [None, when.isoformat()]
    history.record(request, "publish", resource.kind, obj.id, _name(request, resource, obj), changes)
    return {"seq": seq, "at": when}


def _name(request, resource, obj):
    return history.record_name(obj) if isinstance(request, Session) else resource.history_name(request, obj)


def unpublish(request, resource, obj, at=None):
    """Withdraws the record from the public, now or at `at`."""
    authorize(request, resource, "publish", obj)
    return withdraw(request, resource, obj, checked_time(at))


def withdraw(request, resource, obj, when, extra=None):
    """Writes the withdrawal of the record at `when` and its history entry (asked and checked
    by the caller, as for `publish_payload`)."""
    db = _db(request)
    before = live_seq(db, resource.kind, obj.id)
    row = _insert(request, resource.kind, obj.id, "unpublish", when)
    changes = {"version": [before, None], **(extra or {})}
    if row["recorded"] is None:
        changes["scheduled_at"] = [None, when.isoformat()]
    history.record(request, "unpublish", resource.kind, obj.id, _name(request, resource, obj), changes)
    return {"at": when}


def live_seq(db, kind, record_id, when=None):
    effective = pointer_of_record(db, kind, record_id).effective(when or now())
    return effective.seq if effective is not None and effective.action == "publish" else None


def state_of(settings, pointer, when, draft_changed=False):
    """(state, Polish label) of a record whose publications are `pointer`."""
    if pointer.next_at(when) is not None:
        state = "scheduled"
    else:
        effective = pointer.effective(when)
        if effective is None:
            state = "published" if mode(settings) == IMMEDIATE else "draft"
        elif effective.action == "unpublish":
            state = "withdrawn"
        else:
            state = "changed" if draft_changed else "published"
    return state, STATES[state]


def versions(request, resource, obj, draft_digest=None):
    """GET /api/<kind>/<id>/versions: {live, draft_changed, state, state_label, scheduled, list,
    request?} (`request`, only while there is one: the open request for publication,
    smogpanel.publishing.review). `draft_digest`: the draft's, when the caller has just built it."""
    when = now()
    rows = request.db.execute(
        sa.select(TABLE)
        .where(TABLE.c.kind == resource.kind, TABLE.c.record_id == obj.id, TABLE.c.cancelled.is_(None))
        .order_by(TABLE.c.at, TABLE.c.id)
    ).all()
    pointer = pointer_of_record(request.db, resource.kind, obj.id)
    effective = pointer.effective(when)
    live = effective.seq if effective is not None and effective.action == "publish" else None
    changed = draft_changed(request, resource, obj, rows, live, draft_digest)
    state, label = state_of(request.registry.settings, pointer, when, changed)
    answer = {
        "live": live,
        "draft_changed": changed,
        "state": state,
        "state_label": label,
        "scheduled": [{"action": r.action, "at": r.at, "seq": r.seq} for r in rows if r.at > when],
        "list": [
            {
                "seq": r.seq,
                "published_at": r.at,
                "published_by": r.user_email,
                "note": r.note,
                "note_kind": r.note_kind,
            }
            for r in reversed(rows)
            if r.action == "publish" and r.at <= when
        ],
    }
    pending = pending_request(request, resource, obj)
    if pending is not None:  # only while one is open (the answer is otherwise as it was)
        answer["request"] = pending
    return answer


def pending_request(request, resource, obj):
    """The record's open request for publication: who asked, when, the note, and whether the
    draft is still the one asked about (`current`: else an approval is refused)."""
    row = open_request(request.db, resource.kind, obj.id)
    if row is None:
        return None
    payload = draft_payload(request, resource, obj)
    current = payload is not None and payload.digest == row.digest
    return {
        "id": row.id,
        "requested_by": row.user_email,
        "requested_at": row.created,
        "note": row.note,
        "current": current,
    }


def draft_changed(request, resource, obj, rows, live, draft_digest=None):
    """True when the public would see something else if the draft were published now
    (`draft_digest`: the draft's digest if known, else the draft is built)."""
    if mode(request.registry.settings) == IMMEDIATE:
        return False
    if live is None:
        return True
    digest = next(r.digest for r in rows if r.seq == live)
    if draft_digest is not None:
        return draft_digest != digest
    payload = draft_payload(request, resource, obj)
    return payload is None or payload.digest != digest


def record_state(request, resource, obj):
    """{state, label, live}: the record's answer's `publication`."""
    when = now()
    pointer = pointer_of_record(request.db, resource.kind, obj.id)
    effective = pointer.effective(when)
    live = effective.seq if effective is not None and effective.action == "publish" else None
    changed = False
    if live is not None and mode(request.registry.settings) != IMMEDIATE:
        changed = request.db.scalar(
            sa.select(TABLE.c.draft_changed).where(
                TABLE.c.kind == resource.kind, TABLE.c.record_id == obj.id, TABLE.c.seq == live
            )
        )
    state, label = state_of(request.registry.settings, pointer, when, changed)
    return {"state": state, "label": label, "live": live}


def row_states(request, resource, rows):
    """Each list row's `publication_state` and `publication_label`: one query for the page."""
    ids = [row["id"] for row in rows]
    found, changed = {}, set()
    for record_id, action, seq, at, draft_changed in request.db.execute(
        sa.select(TABLE.c.record_id, TABLE.c.action, TABLE.c.seq, TABLE.c.at, TABLE.c.draft_changed)
        .where(TABLE.c.kind == resource.kind, TABLE.c.record_id.in_(ids), TABLE.c.cancelled.is_(None))
        .order_by(TABLE.c.at, TABLE.c.id)
    ):
        found.setdefault(record_id, []).append(Change(action, seq, at))
        if draft_changed:
            changed.add((record_id, seq))
    when = now()
    settings = request.registry.settings
    reviewed = mode(settings) != IMMEDIATE
    for row in rows:
        pointer = Pointer(row["id"], tuple(found.get(row["id"], ())))
        effective = pointer.effective(when)
        stale = reviewed and effective is not None and (row["id"], effective.seq) in changed
        row["publication_state"], row["publication_label"] = state_of(settings, pointer, when, stale)


def draft_saved(request, resource, record_id):
    """Reviewed mode: the record's (or its ancestor's) versions differ from its draft now."""
    request.db.execute(
        sa.update(TABLE)
        .where(
            TABLE.c.kind == resource.kind,
            TABLE.c.record_id == record_id,
            TABLE.c.action == "publish",
            TABLE.c.draft_changed.is_(False),
        )
        .values(draft_changed=True)
    )


def published_ancestor(request, resource, record_id, depth=4):
    """(Resource, id) of the public record `record_id` of `resource` belongs to (itself, or a
    parent's parent: a ranking's value), or None."""
    registry = request.registry
    while resource is not None and record_id is not None and depth > 0:
        if publishable(registry, resource.kind) is not None:
            return resource, record_id
        if resource.parent is None:
            return None
        obj = request.db.get(resource.model, record_id)
        if obj is None:
            return None
        record_id = getattr(obj, resource.parent.field, None)
        resource = registry["smogpanel.resources"].get(resource.parent.kind)
        depth -= 1
    return None
