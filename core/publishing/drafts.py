"""What a publish freezes: the record's payload and, for a kind that declares
`PublicKind.parts`, its own parts beside it (a search's gmina cards: smogpanel.public.parts),
with one digest of both, so "the draft differs from a version" (reviewed mode's changes, a
request's or a release's frozen draft) sees an edit of a part too."""

from dataclasses import dataclass

import sqlalchemy as sa

from ..envelope import dumps
from ..public.live import digest_of
from ..public.parts import pack, parts_text, stored
from ..publications import Publication

TABLE = Publication.__table__


@dataclass(frozen=True)
class Draft:
    payload: str  # the payload's JSON text
    digest: str  # of the payload and the parts: a version's digest when the public sees the same
    parts: str | None = None  # the parts' JSON text (parts_text), or None: the kind freezes none
    count: int = 0  # how many parts
    packed: bytes | None = None  # the parts already compressed (a stored version published again)

    def content(self):
        """The parts compressed as stored, or None."""
        if self.packed is not None:
            return self.packed
        return None if self.parts is None else pack(self.parts)


def public_kind(registry, kind):
    return registry["smogpanel.public_kinds"][kind]


def draft_payload(request, resource, obj):
    """The record's draft as it is now (a `Draft`), or None when its kind builds no payload."""
    kind = public_kind(request.registry, resource.kind)
    payload = kind.load(request, obj.internal_name)
    if payload is None:
        return None
    text = dumps(payload).decode()
    if kind.parts is None:
        return Draft(text, digest_of(text))  # the payload's digest, as before parts were frozen
    parts = kind.parts(request, obj.internal_name) or {}
    frozen = parts_text(parts)
    return Draft(text, digest_of(text + "\n" + frozen), frozen, len(parts))


def stored_version(db, kind, record_id, seq, until):
    """Version `seq` of the record as published (a `Draft`, its parts as frozen), if it was
    published and its second has come (`until`, UTC), else None."""
    row = db.execute(
        sa.select(TABLE.c.id, TABLE.c.payload, TABLE.c.digest).where(
            TABLE.c.kind == kind,
            TABLE.c.record_id == record_id,
            TABLE.c.seq == seq,
            TABLE.c.at <= until,
            TABLE.c.cancelled.is_(None),
        )
    ).first()
    if row is None or row.payload is None:
        return None
    parts = stored(db, row.id)
    if parts is None:
        return Draft(row.payload, row.digest)
    return Draft(row.payload, row.digest, count=parts[1], packed=parts[0])
