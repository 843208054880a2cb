"""Calling off a scheduled release (smogpanel.publishing.releases):

DELETE /api/release/<id>/scheduled  -> the release, open again

Every item's publish or withdrawal planned for the release's second is called off (`cancelled`),
each in its record's history (`cancelled`, with the time planned and the release's name), and the
release is open again, with no time: prepared as it was (its drafts' digests kept), to publish or schedule anew,
change or remove. Only while its second has not come (409 otherwise: it is live and stays); asks
`publish` of every item, as publishing it does. A called-off version's number is not used again."""

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .. import history
from ..authority import authorize
from ..db import utcnow
from ..envelope import ApiError
from ..openapi import PATH_ID, describe_route, envelope_responses
from ..public.live import publishable
from ..publication_releases import Release
from ..publications import Publication
from . import releases

TABLE = Publication.__table__
NOT_SCHEDULED = "Publikacja „{name}” nie jest zaplanowana: nie ma czego odwołać."


def cancel_release(request, release):
    """Calls off the scheduled release's items and opens it again, in the caller's transaction.
    `request` is the web request or, from the command line, a database Session (the CLI)."""
    cli = isinstance(request, Session)
    db = request if cli else request.db
    stamp = utcnow()
    if releases.state_of(release, stamp)[0] != "scheduled":
        raise ApiError("CONFLICT", [{"name": "", "description": NOT_SCHEDULED.format(name=release.name)}])
    # Lock the release's row while its second has not come (another request calling it off waits).
    locked = db.execute(
        sa.update(Release)
        .where(Release.id == release.id, Release.published.is_not(None), Release.at > stamp)
        .values(prepared=Release.prepared)
        .execution_options(synchronize_session=False)
    ).rowcount
    if locked != 1:
        raise ApiError("CONFLICT", [{"name": "", "description": NOT_SCHEDULED.format(name=release.name)}])
    items = releases.items_of(db, release)
    for item in items if not cli else ():  # the command line is the system administrator
        resource = publishable(request.registry, item.kind)
        obj = db.get(resource.model, item.record_id) if resource is not None else None
        if obj is not None:
            authorize(request, resource, "publish", obj)
    for item in items:
        pending = [
            TABLE.c.kind == item.kind,
            TABLE.c.record_id == item.record_id,
            TABLE.c.action == item.action,
            TABLE.c.at == release.at,
            TABLE.c.cancelled.is_(None),
            TABLE.c.recorded.is_(None),
        ]
        if item.seq is not None:
            pending.append(TABLE.c.seq == item.seq)
        seq = item.seq
        if not db.execute(sa.update(TABLE).where(*pending).values(cancelled=stamp)).rowcount:
            continue  # called off already, by the record's own DELETE …/scheduled: in history then
        changes = {"scheduled_at": [release.at.isoformat(), None], "cancelled": [None, True]}
        changes["release"] = [release.name, None]
        if seq is not None:
            changes["version"] = [seq, None]
        history.record(request, item.action, item.kind, item.record_id, item.name, changes)
    for item in items:  # open again: each record back in this release (flushed below, in a savepoint)
        item.seq, item.open_key = None, f"{item.kind}:{item.record_id}"
    release.published, release.published_by, release.at = None, None, None  # no time wished any more
    try:
        with db.begin_nested():
            db.flush()
    except IntegrityError:  # one of its records is in another open release now
        raise ApiError(
            "CONFLICT",
            [
                {
                    "name": "items",
                    "description": "Jeden z elementów jest już w innej otwartej publikacji. "
                    "Usuń go stamtąd i spróbuj ponownie.",
                }
            ],
        ) from None
    return release


def cancel_view(request):
    release = releases.load(request, int(request.matchdict["id"]))
    cancel_release(request, release)
    return releases.answer(request, release)


def describe(config):
    record = {"name": "id", "in": "path", "required": True, "schema": PATH_ID}
    describe_route(
        config,
        "/api/release/{id}/scheduled",
        "DELETE",
        {
            "summary": "Odwołuje zaplanowaną publikację: żaden jej element nie zostanie opublikowany ani wycofany, "
            "każde odwołanie trafia do historii elementu, a publikacja znów jest otwarta. 409, gdy nie jest "
            "zaplanowana (otwarta albo już opublikowana).",
            "parameters": [record],
            "responses": envelope_responses("Publikacja, znów otwarta"),
        },
    )


def includeme(config):
    # Before the single records' `/api/{kind}/{id}/scheduled`, which this path would match.
    config.add_route("api-release-scheduled", "/api/release/{id:\\d+}/scheduled")
    config.add_view(cancel_view, route_name="api-release-scheduled", request_method="DELETE", renderer="envelope")
    describe(config)
