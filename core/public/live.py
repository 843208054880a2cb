"""What the public sees of a record: its live version, chosen by time.

A record's publications (`Publication` rows: publish with a frozen payload, or unpublish, each
taking effect at `at`) are read once per data version and kept (`Pointer`): the publication
table is among every public kind's tables (smogpanel.public), so a publish gives the kind a new
version, and a scheduled change needs no write at its second: the pointer knows the next `at`
and is read again once it has come. A public answer adds no query while nothing changes.

- `immediate` (the default): what the public sees is the record as it is (`PublicKind.load`),
  as before; every save also freezes a version (for pinning), and an unpublish withdraws it.
- `reviewed`: the public sees the frozen payload of the live version only; a record never
  published is not public.
"""

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime

import sqlalchemy as sa
from pyramid.exceptions import ConfigurationError

from ..answer_cache import Built, LocalCache
from ..app_state import hold
from ..data_versions import request_version
from ..publications import Publication
from .notes import CORRECTION

IMMEDIATE, REVIEWED = "immediate", "reviewed"
MODES = (IMMEDIATE, REVIEWED)
SETTING = "smogpanel.publishing"
TABLE = Publication.__table__.name
POINTERS = "smogpanel.publishing.pointers"
NEXT_CHANGE = "smogpanel.publishing.next_change"  # request.environ: when what it answered changes
WITHDRAWN = "smogpanel.publishing.withdrawn"  # request.environ: the record exists but is not public
# request.environ: (kind, name, record id, seq) of the frozen version this request answered (its
# parts are answered from it: smogpanel.public.parts)
SERVED = "smogpanel.publishing.served"
POINTER_CACHE_SIZE = 2048


def mode(settings):
    return (settings.get(SETTING) or IMMEDIATE).strip()


def check_mode(settings):
    value = mode(settings)
    if value not in MODES:
        raise ConfigurationError(
            f"smogpanel.publishing (SMOGPANEL_PUBLISHING) must be one of {', '.join(MODES)}, not {value!r}."
        )


def now():
    """The time the live version is chosen by (UTC, to the microsecond: a version scheduled for a
    second is live from its first microsecond)."""
    return datetime.now(UTC)


def publishable(registry, kind):
    """The Resource of public kind `kind` when its records have internal names (a
    PublicResource), else None: such a kind is served as before, unversioned."""
    resource = registry.get("smogpanel.resources", {}).get(kind)
    if resource is None or "internal_name" not in resource.model.__table__.c:
        return None
    if kind not in registry.get("smogpanel.public_kinds", {}):
        return None
    return resource


def digest_of(text):
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


@dataclass(frozen=True)
class Change:
    action: str  # "publish" | "unpublish"
    seq: int | None
    at: datetime
    correction: str | None = None  # a correction's note (shown under the widget: public.notes)


@dataclass
class Pointer:
    """A record's publications as read at one data version. `record_id` None: no live record of
    that name."""

    record_id: int | None
    changes: tuple = ()  # every change not called off, by `at`
    seqs: dict = field(default_factory=dict)  # seq -> when it was (or will be) published
    corrections: dict = field(default_factory=dict)  # seq -> (at, note) of a correction

    def effective(self, when):
        """The latest change whose time has come, or None."""
        found = None
        for change in self.changes:
            if change.at <= when:
                found = change
            else:
                break
        return found

    def next_at(self, when):
        """When the next scheduled change comes (None: none is scheduled)."""
        return next((change.at for change in self.changes if change.at > when), None)


def read_pointer(db, resource, name):
    model = resource.model
    record_id = db.scalar(
        sa.select(model.id).where(model.internal_name == name, model.deleted.is_(None)).order_by(model.id).limit(1)
    )
    if record_id is None:
        return Pointer(None)
    return pointer_of_record(db, resource.kind, record_id)


def pointer_of_record(db, kind, record_id):
    table = Publication.__table__
    rows = db.execute(
        sa.select(table.c.action, table.c.seq, table.c.at, table.c.note_kind, table.c.note)
        .where(table.c.kind == kind, table.c.record_id == record_id, table.c.cancelled.is_(None))
        .order_by(table.c.at, table.c.id)
    ).all()
    changes = tuple(
        Change(action, seq, at, note if note_kind == "correction" and note else None)
        for action, seq, at, note_kind, note in rows
    )
    corrections = {c.seq: (c.at, c.correction) for c in changes if c.correction}
    return Pointer(record_id, changes, {c.seq: c.at for c in changes if c.action == "publish"}, corrections)


class PointerCache:
    """Pointers by (kind, data version, name), each with when it was read: one whose next
    scheduled change has come since is read again."""

    def __init__(self):
        self.entries = LocalCache(POINTER_CACHE_SIZE)

    def forget(self):
        self.entries.forget()

    def get(self, request, resource, name, version, when):
        key = (resource.kind, version, name)
        entry = self.entries.get(key) if version is not None else None
        if entry is not None:
            pointer, read_at = entry
            upcoming = pointer.next_at(read_at)
            if upcoming is None or upcoming > when:
                return pointer
        pointer = read_pointer(request.db, resource, name)
        if version is not None:
            self.entries.put(key, (pointer, when))
        return pointer


def pointers(registry):
    found = registry.get(POINTERS)
    if found is None:
        found = registry[POINTERS] = hold(registry, PointerCache())
    return found


def live_built(request, kind, name, version, build):
    """(version or None, `Built` of what the public sees of `name` now, or None): what
    `smogpanel.public.payloads.built_payload` answers. The version is None (the answer is not
    replayed) while a change is scheduled."""
    registry = request.registry
    cache = registry["smogpanel.public_cache"]
    resource = publishable(registry, kind.kind)
    if resource is None:
        return version, _draft(cache, kind, version, name, build)
    when, data_version = now(), version
    pointer = pointers(registry).get(request, resource, name, version, when)
    upcoming = pointer.next_at(when)
    if upcoming is not None:
        request.environ[NEXT_CHANGE] = upcoming
        version = None
    effective = pointer.effective(when)
    if pointer.record_id is None:
        return version, None
    if effective is not None and effective.action == "unpublish":
        request.environ[WITHDRAWN] = True
        return version, None
    if effective is not None and effective.correction:
        request.environ[CORRECTION] = (effective.at, effective.correction)
    if mode(registry.settings) == IMMEDIATE:
        if effective is None and upcoming is not None:
            # An embargo on a record never published: nothing of it before its second.
            request.environ[WITHDRAWN] = True
            return version, None
        return version, _draft(cache, kind, data_version, name, build)
    if effective is None:
        request.environ[WITHDRAWN] = True
        return version, None
    return version, frozen_built(request, kind.kind, name, pointer.record_id, effective.seq)


def _draft(cache, kind, version, name, build):
    """The record as it is: kept by data version (a kind that declares no tables: built anew)."""
    if version is None:
        return build()
    return cache.get_or_build(("payload", kind.kind, version, name), build)


def frozen_built(request, kind, name, record_id, seq):
    """The envelope of version `seq` of the record, kept by (kind, name, record, seq): a
    published version never changes."""
    request.environ[SERVED] = (kind, name, record_id, seq)

    def build():
        table = Publication.__table__
        payload = request.db.scalar(
            sa.select(table.c.payload).where(table.c.kind == kind, table.c.record_id == record_id, table.c.seq == seq)
        )
        if payload is None:
            return None
        return Built.of(b'{"success":true,"message":' + payload.encode() + b"}")

    return request.registry["smogpanel.public_cache"].get_or_build(("published", kind, name, record_id, seq), build)


def pinned_built(request, kind, name, seq):
    """The envelope of version `seq` when it has been published (its time has come), else None."""
    resource = publishable(request.registry, kind.kind)
    if resource is None:
        return None
    tables = request.registry["smogpanel.public_tables"][kind.kind]
    pointer = pointers(request.registry).get(request, resource, name, request_version(request, tables), now())
    published_at = pointer.seqs.get(seq)
    if pointer.record_id is None or published_at is None or published_at > now():
        return None
    if seq in pointer.corrections:
        request.environ[CORRECTION] = pointer.corrections[seq]
    return frozen_built(request, kind.kind, name, pointer.record_id, seq)


def capped_cache_control(request, cache_control):
    """`cache_control` with every max-age no longer than the time left before the next scheduled
    change of what this request answered, and no stale copies served past it."""
    upcoming = request.environ.get(NEXT_CHANGE)
    if upcoming is None:
        return cache_control
    left = max(0, int((upcoming - now()).total_seconds()))
    parts = []
    for part in cache_control.split(","):
        part = part.strip()
        name, _, value = part.partition("=")
        if name in ("max-age", "s-maxage") and value.isdigit():
            part = f"{name}={min(int(value), left)}"
        elif name in ("stale-while-revalidate", "stale-if-error"):
            continue
        parts.append(part)
    return ", ".join(parts)
