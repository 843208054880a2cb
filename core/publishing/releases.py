"""Releases: several records published or withdrawn together, in one transaction, all or none
(smogpanel.publishing; the tables are smogpanel.publication_releases).

Preparing a release freezes each item's draft (its payload's digest). Publishing it (now or at
`at`, as a single record's publish) asks `publish` of every item and builds every draft again:
if one changed since it was prepared the answer is 412 naming it, if one cannot be published
(refused, deleted, nothing to show) 409 naming it, and nothing is written. Otherwise every item
is published with the single publish's own writes (`publish_payload`, `withdraw`), its history
entry naming the release. A record is in one open release at most.
"""

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .. import history
from ..authority import authorize
from ..db import utcnow
from ..envelope import ApiError
from ..public.live import now, publishable
from ..publication_releases import ITEM_ACTIONS, Release, ReleaseItem
from .actions import checked_time, publish_payload, withdraw
from .drafts import draft_payload
from .times import warsaw_text

STATES = {"open": "Otwarta", "scheduled": "Zaplanowana", "published": "Opublikowana"}
ACTION_LABELS = {"publish": "publikacja", "unpublish": "wycofanie"}
MAX_ITEMS = 200
MAX_NAME = 200
NOT_OPEN = "Publikacja „{name}” jest już opublikowana: nie można jej zmienić ani opublikować ponownie."
NOT_FOUND = "Nie ma takiej publikacji."


def state_of(release, when=None):
    """(state, Polish label) of a release."""
    if release.published is None:
        state = "open"
    elif release.at is not None and release.at > (when or now()):
        state = "scheduled"
    else:
        state = "published"
    return state, STATES[state]


def _who(request):
    if isinstance(request, Session):
        return None
    identity = request.identity
    return identity.email if identity is not None else None


def _db(request):
    return request if isinstance(request, Session) else request.db


def load(request, release_id):
    release = _db(request).get(Release, release_id)
    if release is None:
        raise ApiError("NOT_FOUND", [{"name": "id", "description": NOT_FOUND}])
    return release


def claim(request, release):
    """Locks the open release's row for this transaction (another request publishing, changing or
    removing it waits, then finds it no longer open), or raises 409 when it is not open."""
    claimed = (
        _db(request)
        .execute(
            sa.update(Release)
            .where(Release.id == release.id, Release.published.is_(None))
            .values(prepared=Release.prepared)
            .execution_options(synchronize_session=False)
        )
        .rowcount
    )
    if claimed != 1:
        raise ApiError("CONFLICT", [{"name": "", "description": NOT_OPEN.format(name=release.name)}])


def items_of(db, release):
    return db.scalars(
        sa.select(ReleaseItem).where(ReleaseItem.release_id == release.id).order_by(ReleaseItem.position)
    ).all()


def described(registry, kind, record_id, name):
    """How messages name an item: „Nazwa” (licznik 5)."""
    resource = registry.get("smogpanel.resources", {}).get(kind)
    label = resource.label if resource is not None else kind
    return f"„{name}” ({label} {record_id})" if name else f"{label} {record_id}"


# -- preparing ------------------------------------------------------------------------------------
def read_items(request, items):
    """[(kind, record id, action)] of a body's `items`, refusing a malformed one with 400."""
    if not isinstance(items, list) or not items:
        raise ApiError.invalid("items", "Wybierz co najmniej jeden element publikacji.")
    if len(items) > MAX_ITEMS:
        raise ApiError.invalid("items", f"Publikacja może mieć najwyżej {MAX_ITEMS} elementów.")
    found, seen = [], set()
    for index, item in enumerate(items):
        where = f"items.{index}"
        if not isinstance(item, dict) or set(item) - {"kind", "id", "action"}:
            raise ApiError.invalid(where, "Element publikacji to {kind, id, action}.")
        kind, record_id, action = item.get("kind"), item.get("id"), item.get("action", "publish")
        if not isinstance(kind, str) or publishable(request.registry, kind) is None:
            raise ApiError.invalid(f"{where}.kind", f"Tego rodzaju elementów się nie publikuje: {str(kind)[:50]}.")
        if not isinstance(record_id, int) or isinstance(record_id, bool) or not 0 < record_id < 2**31:
            raise ApiError.invalid(f"{where}.id", "Identyfikator elementu to liczba całkowita od 1.")
        if action not in ITEM_ACTIONS:
            raise ApiError.invalid(
                f"{where}.action", "Działanie to „publish” (publikacja) albo „unpublish” (wycofanie)."
            )
        if (kind, record_id) in seen:
            raise ApiError.invalid(
                f"{where}.id", "Ten element jest już w publikacji: każdy element może w niej być raz."
            )
        seen.add((kind, record_id))
        found.append((kind, record_id, action))
    return found


def read_name(name):
    if not isinstance(name, str) or not name.strip():
        raise ApiError.invalid("name", "Podaj nazwę publikacji.")
    if len(name.strip()) > MAX_NAME:
        raise ApiError.invalid("name", f"Nazwa publikacji może mieć najwyżej {MAX_NAME} znaków.")
    return name.strip()


def _frozen(request, index, kind, record_id, action, loader):
    """The item's row values, its draft frozen; asks `update` of the record (an editor of it
    prepares a release; publishing it asks `publish`)."""
    resource = publishable(request.registry, kind)
    obj = _db(request).get(resource.model, record_id)
    if obj is None or obj.deleted is not None:
        raise ApiError.invalid(f"items.{index}.id", f"Nie ma elementu {resource.label} o id {record_id}.")
    authorize(request, resource, "update", obj)
    name = history.record_name(obj)
    digest = None
    if action == "publish":
        payload = draft_payload(loader, resource, obj)
        if payload is None:
            raise ApiError.invalid(
                f"items.{index}",
                f"{described(request.registry, kind, record_id, name)}: nie da się opublikować, widżet nie ma danych.",
            )
        digest = payload.digest
    return {
        "position": index,
        "kind": kind,
        "record_id": record_id,
        "action": action,
        "name": name,
        "digest": digest,
        "open_key": f"{kind}:{record_id}",
    }


def _check_not_elsewhere(request, release_id, rows):
    db = _db(request)
    keys = [row["open_key"] for row in rows]
    clash = db.execute(
        sa.select(ReleaseItem.kind, ReleaseItem.record_id, ReleaseItem.name, Release.name)
        .join(Release, Release.id == ReleaseItem.release_id)
        .where(ReleaseItem.open_key.in_(keys), ReleaseItem.release_id != (release_id or 0))
        .order_by(ReleaseItem.id)
    ).first()
    if clash is not None:
        kind, record_id, name, other = clash
        raise ApiError(
            "CONFLICT",
            [
                {
                    "name": "items",
                    "description": f"{described(request.registry, kind, record_id, name)} jest już w otwartej "
                    f"publikacji „{other}”. Element może być w jednej otwartej publikacji naraz.",
                }
            ],
        )


def prepare(request, name, items, at=None, release=None, loader=None):
    """Creates a release (or, `release`, prepares an open one again with these items): each
    item's draft frozen as it is now. Returns the release."""
    loader = loader or request
    db = _db(request)
    if release is not None:
        claim(request, release)
    if at is not None:
        checked_time(at)
    rows = [_frozen(request, index, *item, loader) for index, item in enumerate(items)]
    _check_not_elsewhere(request, release.id if release is not None else None, rows)
    stamp = utcnow()
    try:
        with db.begin_nested():
            if release is None:
                release = Release(name=name, at=at, created=stamp, created_by=_who(request), prepared=stamp)
                db.add(release)
            else:
                release.name, release.at, release.prepared = name, at, stamp
                db.execute(sa.delete(ReleaseItem).where(ReleaseItem.release_id == release.id))
            db.flush()
            db.execute(sa.insert(ReleaseItem), [dict(row, release_id=release.id) for row in rows])
    except IntegrityError:  # another request put one of the records in its release a moment ago
        raise ApiError(
            "CONFLICT",
            [{"name": "items", "description": "Ktoś właśnie dodał jeden z elementów do innej publikacji. Odśwież."}],
        ) from None
    return release


def remove(request, release):
    """Deletes an open release (its items go back to being in none)."""
    claim(request, release)
    db = _db(request)
    for item in items_of(db, release) if not isinstance(request, Session) else ():
        resource = publishable(request.registry, item.kind)
        obj = db.get(resource.model, item.record_id) if resource is not None else None
        if obj is not None:
            authorize(request, resource, "update", obj)
    db.execute(sa.delete(ReleaseItem).where(ReleaseItem.release_id == release.id))
    db.delete(release)


# -- publishing ----------------------------------------------------------------------------------
def check(loader, request, item, asks=True):
    """(resource, record, payload or None, problem or None, changed) of one item as it is now."""
    db = _db(request)
    resource = publishable(loader.registry, item.kind)
    if resource is None:
        return None, None, None, "tego rodzaju elementów się już nie publikuje.", False
    obj = db.get(resource.model, item.record_id)
    if obj is None or obj.deleted is not None:
        return resource, None, None, "element został usunięty.", False
    if asks:
        try:
            authorize(request, resource, "publish", obj)
        except ApiError as error:
            return resource, obj, None, "; ".join(e["description"] for e in error.errors) or error.code, False
    if item.action != "publish":
        return resource, obj, None, None, False
    payload = draft_payload(loader, resource, obj)
    if payload is None:
        return resource, obj, None, "nie da się opublikować, widżet nie ma danych.", False
    return resource, obj, payload, None, payload.digest != item.digest


def publish(request, release, at=None, loader=None):
    """Publishes (or schedules, `at` or the release's own `at`) every item of the open release in
    the request's transaction, or raises 412/409 naming the items and writes nothing."""
    loader = loader or request
    db = _db(request)
    claim(request, release)
    when = checked_time(at if at is not None else release.at)
    items = items_of(db, release)
    checked, changed, failed = [], [], []
    for index, item in enumerate(items):
        resource, obj, payload, problem, stale = check(loader, request, item)
        shown = described(loader.registry, item.kind, item.record_id, history.record_name(obj) if obj else item.name)
        if problem is not None:
            failed.append({"name": f"items.{index}", "description": f"{shown}: {problem}"})
        elif stale:
            changed.append(
                {
                    "name": f"items.{index}",
                    "description": f"{shown}: szkic zmienił się od przygotowania publikacji. "
                    "Sprawdź zmiany i przygotuj publikację ponownie.",
                }
            )
        checked.append((item, resource, obj, payload))
    if failed:
        raise ApiError("CONFLICT", failed + changed)
    if changed:
        raise ApiError("CHANGED_MEANWHILE", changed)
    extra = {"release": [None, release.name]}
    for item, resource, obj, payload in checked:
        if item.action == "publish":
            item.seq = publish_payload(request, resource, obj, payload, when, extra=extra)["seq"]
        else:
            withdraw(request, resource, obj, when, extra=extra)
        item.open_key = None
    release.published, release.published_by, release.at = utcnow(), _who(request), when
    db.flush()
    return release


# -- answers -------------------------------------------------------------------------------------
def summary(release, count, when=None):
    state, label = state_of(release, when)
    return {
        "id": release.id,
        "name": release.name,
        "state": state,
        "state_label": label,
        "at": release.at,
        "created": release.created,
        "created_by": release.created_by,
        "prepared": release.prepared,
        "published": release.published,
        "published_by": release.published_by,
        "items_count": count,
    }


def listing(request):
    """Every release, newest first, with its items' count."""
    db = request.db
    counts = dict(db.execute(sa.select(ReleaseItem.release_id, sa.func.count()).group_by(ReleaseItem.release_id)).all())
    when = now()
    releases = db.scalars(sa.select(Release).order_by(Release.id.desc())).all()
    return [summary(release, counts.get(release.id, 0), when) for release in releases]


def answer(request, release, loader=None):
    """A release with its items; an open release's say whether each draft changed since it was
    prepared (or why it could not be published now)."""
    loader = loader or request
    items = items_of(_db(request), release)
    found = summary(release, len(items))
    rows = []
    for item in items:
        resource = publishable(loader.registry, item.kind)
        row = {
            "kind": item.kind,
            "kind_label": resource.label if resource is not None else item.kind,
            "id": item.record_id,
            "name": item.name,
            "action": item.action,
            "action_label": ACTION_LABELS[item.action],
            "seq": item.seq,
            "changed": False,
            "problem": None,
        }
        if release.published is None:
            _resource, obj, _payload, problem, stale = check(loader, request, item, asks=False)
            row["changed"], row["problem"] = stale, problem
            if obj is not None:
                row["name"] = history.record_name(obj)
        rows.append(row)
    found["items"] = rows
    return found


def when_text(release):
    return warsaw_text(release.at) if release.at is not None else "—"
