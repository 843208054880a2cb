"""Calling off a record's scheduled changes (smogpanel.publishing):

DELETE /api/<kind>/<id>/scheduled  -> the versions (as GET …/versions), with nothing scheduled

Every publish or unpublish of the record not yet due is called off (`cancelled`), and each is in
the record's history (`cancelled`, with the time it was planned for). A change whose second has
come is live already and stays: publish or unpublish again instead. A called-off publish's
number is not used again (version numbers never go down)."""

import sqlalchemy as sa
from sqlalchemy.orm import Session

from .. import history
from ..authority import authorize
from ..db import utcnow
from ..envelope import ApiError
from ..openapi import PATH_ID, describe_route, envelope_responses
from ..publications import Publication
from .actions import versions
from .views import resource_and_record

TABLE = Publication.__table__
NOTHING_SCHEDULED = "Ten element nie ma zaplanowanych zmian do odwołania."


def cancel_scheduled(request, resource, obj):
    """Calls off the record's changes not yet due; [(action, seq, at)] of those called off.
    `request` is the web request (asks `publish`) or, from the command line, a database Session
    (recorded as the CLI in history, as `publish` is)."""
    cli = isinstance(request, Session)
    if not cli:
        authorize(request, resource, "publish", obj)
    db = request if cli else request.db
    stamp = utcnow()
    pending = (
        TABLE.c.kind == resource.kind,
        TABLE.c.record_id == obj.id,
        TABLE.c.cancelled.is_(None),
        TABLE.c.recorded.is_(None),
        TABLE.c.at > stamp,
    )
    rows = db.execute(
        sa.select(TABLE.c.id, TABLE.c.action, TABLE.c.seq, TABLE.c.at).where(*pending).order_by(TABLE.c.at, TABLE.c.id)
    ).all()
    if not rows:
        raise ApiError("CONFLICT", [{"name": "", "description": NOTHING_SCHEDULED}])
    # Only what is still pending: a change that came due meanwhile is live and stays.
    db.execute(sa.update(TABLE).where(TABLE.c.id.in_([r.id for r in rows]), *pending).values(cancelled=stamp))
    name = history.record_name(obj) if cli else resource.history_name(request, obj)
    for row in rows:
        changes = {"scheduled_at": [row.at.isoformat(), None], "cancelled": [None, True]}
        if row.seq is not None:
            changes["version"] = [row.seq, None]
        history.record(request, row.action, resource.kind, obj.id, name, changes)
    return [(row.action, row.seq, row.at) for row in rows]


def cancel_view(request):
    resource, obj = resource_and_record(request)
    cancel_scheduled(request, resource, obj)
    return versions(request, resource, obj)


def describe(config, kinds):
    kind = {"name": "kind", "in": "path", "required": True, "schema": {"type": "string", "enum": kinds or ["none"]}}
    record = {"name": "id", "in": "path", "required": True, "schema": PATH_ID}
    describe_route(
        config,
        "/api/{kind}/{id}/scheduled",
        "DELETE",
        {
            "summary": "Odwołuje zaplanowane (jeszcze nie wykonane) publikacje i wycofania rekordu; "
            "każde odwołanie trafia do historii. 409, gdy nic nie jest zaplanowane.",
            "parameters": [kind, record],
            "responses": envelope_responses("Wersje rekordu po odwołaniu (jak GET …/versions)"),
        },
    )


def includeme(config):
    config.add_route("api-scheduled", "/api/{kind}/{id:\\d+}/scheduled")
    config.add_view(cancel_view, route_name="api-scheduled", request_method="DELETE", renderer="envelope")
    describe(config, sorted(config.registry.get("smogpanel.public_kinds", {})))
