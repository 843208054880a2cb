"""A public kind's own parts frozen with its versions: the endpoints a plugin serves beside the
payload (`/api/public/<kind>/<name>/<part>`, a search's gmina cards) of a kind that declares
`PublicKind.parts` are stored with each version at publish time (`PublicationParts`, one row
per publish: every part's payload in one zlib-compressed JSON object), so

- a pinned version (`/api/public/<kind>/<name>/v/<seq>/<part>`) answers its parts as they were
  published, forever, as its payload;
- in `reviewed` mode the live parts are the live version's: an edit shows only once published;
- in `immediate` mode (the public sees the record as it is) and on a preview link (the draft)
  the plugin builds the part as it is now, as before.

A version published before its kind froze parts has none stored: its parts are answered as
they are now, as they were before (`frozen_part` answers None)."""

import zlib

import orjson
import sqlalchemy as sa

from ..answer_cache import LocalCache
from ..app_state import hold
from ..envelope import dumps
from ..publications import Publication, PublicationParts
from .live import SERVED
from .payloads import PREVIEWING, built_payload, public_kinds

PARTS = PublicationParts.__table__
CACHE = "smogpanel.public.frozen_parts"
CACHE_SIZE = 4  # versions' parts kept decompressed per process (a search's: a few MB each)
# zlib: a 2,477-card search's 1.6 MB of cards in 96 KB (docs/performance.md); on cards like the
# benchmark's, level 6 gave 75 KB in 15 ms of CPU against level 3's 88 KB in 7 ms
LEVEL = 3
MISSING = object()  # the version froze its parts, and this one is not among them


def parts_text(parts):
    """The JSON text of `parts` ({part: payload}) as stored: keys sorted, so the same parts give
    the same text (and digest: smogpanel.publishing.drafts)."""
    return dumps({str(key): value for key, value in parts.items()}, sort_keys=True).decode()


def pack(text):
    return zlib.compress(text.encode(), LEVEL)


def unpack(content):
    return orjson.loads(zlib.decompress(content))


def stored(db, publication_id):
    """(compressed content, count) of a publication's frozen parts, or None."""
    row = db.execute(sa.select(PARTS.c.content, PARTS.c.count).where(PARTS.c.publication_id == publication_id)).first()
    return None if row is None else (row.content, row.count)


class FrozenParts:
    """Each version's parts as read once ({part: payload}, or None: none stored), by (kind,
    record id, seq): a version's parts never change, so no data version is needed."""

    def __init__(self):
        self.entries = LocalCache(CACHE_SIZE)

    def forget(self):
        self.entries.forget()

    def get(self, db, kind, record_id, seq):
        key = (kind, record_id, seq)
        found = self.entries.get(key)
        if found is None:
            table = Publication.__table__
            content = db.scalar(
                sa.select(PARTS.c.content)
                .join(table, table.c.id == PARTS.c.publication_id)
                .where(table.c.kind == kind, table.c.record_id == record_id, table.c.seq == seq)
            )
            found = (unpack(content),) if content is not None else (None,)
            self.entries.put(key, found)
        return found[0]


def frozen_parts(registry):
    found = registry.get(CACHE)
    if found is None:
        found = registry[CACHE] = hold(registry, FrozenParts())
    return found


def frozen_part(request, kind, name, part):
    """The payload of `part` as frozen with the version this request answered of record `name`
    (its pinned version, or in reviewed mode its live one: smogpanel.public.live.SERVED);
    MISSING when that version froze parts but not this one; None when there is nothing frozen
    to answer from (no such version answered, a kind without `parts`, a version published
    before parts were frozen): the part is answered as it is now."""
    served = request.environ.get(SERVED)
    if served is None or served[:2] != (kind, name):
        return None
    found = public_kinds(request.registry).get(kind)
    if found is None or found.parts is None:
        return None
    texts = frozen_parts(request.registry).get(request.db, kind, served[2], served[3])
    if texts is None:
        return None
    return texts.get(part, MISSING)


def live_part(request, kind, internal_name, part, build):
    """What the public sees of `part` of record `internal_name` now, for a plugin's own public
    endpoint beside the payload: None when the record is not public now (as `is_public`) or its
    live version froze parts without this one; the live version's frozen part in `reviewed`
    mode; else `build()`, the part as it is now (immediate mode, a preview link's draft, a
    version published before its parts were frozen). `part` is the path after the name, as a
    string (a search's card: the gmina's id). A frozen part is shared by the requests: answer it,
    never change it."""
    if request.environ.get(PREVIEWING) == (kind, internal_name):
        return build()
    found = public_kinds(request.registry).get(kind)
    if found is None or built_payload(request, found, internal_name)[1] is None:
        return None
    frozen = frozen_part(request, kind, internal_name, part)
    if frozen is MISSING:
        return None
    return build() if frozen is None else frozen
