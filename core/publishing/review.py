"""Review (smogpanel.publishing, `reviewed` mode): an editor without the `publish` permission
asks for publication ('Poproś o publikację'); someone who may publish the record approves the
request (which publishes the draft, now or at `at`) or sends it back with a comment. Nobody
decides their own request, and an approval publishes only the draft the request saw: a draft
changed since is refused (412), and a new request is needed.

Who may decide is the kind's `publish` rule (smogpanel.authority), record by record: a request
for a record in a voivodeship reaches those who may publish it there. Requests, approvals and
rejections are in the record's history (actions `request`, `approve`, `reject`).
"""

import sqlalchemy as sa

from .. import history
from ..authority import authorize, may
from ..db import utcnow
from ..envelope import ApiError
from ..public.live import IMMEDIATE, mode, publishable
from ..publication_requests import APPROVED, OPEN, REJECTED, REPLACED, PublicationRequest, open_request
from .actions import TABLE, live_seq, publish
from .drafts import draft_payload
from .notify import tell_requester, tell_reviewers

NOT_NEEDED = "Zapis publikuje tu od razu (tryb natychmiastowy): prośba o publikację nie jest potrzebna."
NOTHING_TO_ASK = "Ten element nie ma danych do pokazania: nie ma czego publikować."
SAME_AS_LIVE = "Szkic nie różni się od opublikowanej wersji: nie ma czego publikować."
NO_REQUEST = "Nikt nie prosi o publikację tego elementu (prośba została już rozpatrzona albo jej nie było)."
OWN_APPROVAL = "Nie możesz zatwierdzić własnej prośby o publikację: zatwierdza ją ktoś inny, kto może publikować."
OWN_REJECTION = "Nie możesz odesłać własnej prośby o publikację: rozpatruje ją ktoś inny, kto może publikować."
STALE = (
    "Szkic zmienił się po prośbie o publikację: zatwierdzić można tylko wersję, o którą proszono. "
    "Poproś o publikację ponownie."
)
DECIDED_MEANWHILE = "Ktoś właśnie rozpatrzył tę prośbę. Odśwież i sprawdź stan elementu."


def _conflict(reason, code="CONFLICT"):
    return ApiError(code, [{"name": "", "description": reason}])


def ask(request, resource, obj, note=""):
    """POST …/publish-request: the draft as it is now awaits someone who may publish it."""
    if mode(request.registry.settings) == IMMEDIATE:
        raise _conflict(NOT_NEEDED)
    authorize(request, resource, "update", obj)  # who may change the record may ask to publish it
    payload = draft_payload(request, resource, obj)
    if payload is None:
        raise _conflict(NOTHING_TO_ASK)
    digest = payload.digest
    live = live_seq(request.db, resource.kind, obj.id)
    if live is not None and digest == _digest_of_version(request.db, resource.kind, obj.id, live):
        raise _conflict(SAME_AS_LIVE)
    identity, now = request.identity, utcnow()
    replaced = open_request(request.db, resource.kind, obj.id)
    if replaced is not None:
        replaced.state, replaced.decided = REPLACED, now
    row = PublicationRequest(
        kind=resource.kind,
        record_id=obj.id,
        state=OPEN,
        digest=digest,
        note=note,
        user_id=identity.id,
        user_email=identity.email,
        created=now,
        comment="",
    )
    request.db.add(row)
    request.db.flush()
    changes = {"request": [None, row.id]}
    if note:
        changes["note"] = [None, note]
    history.record(request, "request", resource.kind, obj.id, resource.history_name(request, obj), changes)
    tell_reviewers(request, resource, obj, row)
    return row


def _digest_of_version(db, kind, record_id, seq):
    return db.scalar(
        sa.select(TABLE.c.digest).where(TABLE.c.kind == kind, TABLE.c.record_id == record_id, TABLE.c.seq == seq)
    )


def _deciding(request, resource, obj, own_reason):
    """The record's open request, once the account may decide it (may publish the record, and
    did not ask itself)."""
    authorize(request, resource, "publish", obj)
    row = open_request(request.db, resource.kind, obj.id)
    if row is None:
        raise _conflict(NO_REQUEST)
    if row.user_id == request.identity.id:
        raise ApiError("FORBIDDEN", [{"name": "", "description": own_reason}])
    return row


def _claim(request, row, state, comment=""):
    """Marks the request decided, exactly once however many decide it at the same moment."""
    identity = request.identity
    table = PublicationRequest.__table__
    done = request.db.execute(
        sa.update(table)
        .where(table.c.id == row.id, table.c.state == OPEN)
        .values(state=state, decided=utcnow(), decided_by=identity.id, decided_email=identity.email, comment=comment)
    )
    if done.rowcount != 1:
        raise _conflict(DECIDED_MEANWHILE)
    request.db.expire(row)


def approve(request, resource, obj, at=None, note="", note_kind=None):
    """POST …/publish-request/approve: publishes the draft the request saw (now or at `at`)."""
    row = _deciding(request, resource, obj, OWN_APPROVAL)
    payload = draft_payload(request, resource, obj)
    if payload is None or payload.digest != row.digest:
        raise _conflict(STALE, "CHANGED_MEANWHILE")
    _claim(request, row, APPROVED)
    done = publish(request, resource, obj, at, note, note_kind)
    row.seq = done["seq"]
    changes = {"request": [None, row.id], "requested_by": [None, row.user_email], "version": [None, done["seq"]]}
    history.record(request, "approve", resource.kind, obj.id, resource.history_name(request, obj), changes)
    tell_requester(request, resource, obj, row, approved=True)
    return done


def reject(request, resource, obj, comment):
    """POST …/publish-request/reject: sends the request back with `comment`."""
    row = _deciding(request, resource, obj, OWN_REJECTION)
    _claim(request, row, REJECTED, comment)
    changes = {"request": [None, row.id], "requested_by": [None, row.user_email], "comment": [None, comment]}
    history.record(request, "reject", resource.kind, obj.id, resource.history_name(request, obj), changes)
    tell_requester(request, resource, obj, row, approved=False)
    return row


def may_decide(request, resource, obj, row):
    """True when the signed-in account may approve or send back `row`."""
    identity = request.identity
    return identity is not None and row.user_id != identity.id and may(request, resource, "publish", obj)


def requests_list(request):
    """GET /api/publish-requests/: the open requests the signed-in account may decide, oldest
    first, each with its record's name and whether its draft is still the one asked about."""
    rows = request.db.scalars(
        sa.select(PublicationRequest).where(PublicationRequest.state == OPEN).order_by(PublicationRequest.id)
    ).all()
    found = []
    for row in rows:
        resource = publishable(request.registry, row.kind)
        obj = request.db.get(resource.model, row.record_id) if resource is not None else None
        if obj is None or obj.deleted is not None or not may_decide(request, resource, obj, row):
            continue
        payload = draft_payload(request, resource, obj)
        found.append(
            dict(
                request_answer(row),
                kind=row.kind,
                kind_label=resource.label or row.kind,
                record_id=row.record_id,
                name=resource.history_name(request, obj),
                path=resource.screen_path(obj, {row.kind: obj.id}),
                current=payload is not None and payload.digest == row.digest,
            )
        )
    return {"list": found, "count": len(found)}


def request_answer(row):
    return {"id": row.id, "requested_by": row.user_email, "requested_at": row.created, "note": row.note}
