"""History of every record: who created, changed, deleted, restored or imported what, and when.

Entries are written in the transaction of the change they describe, so the two commit or vanish
together. History follows the core's write events (smogpanel.events), as Kinto's history plugin
follows Kinto's resource events: `record_event` subscribes to every `RecordChanged`, emitted by

- the Resource machinery (smogpanel.resources): every create, edit and delete through
  `/api/<kind>/`, for every plugin with no code of its own. An edit's changes are the
  difference between the record's answer (`Resource.serialize`, what `GET /api/<kind>/<id>`
  shows) before and after it, so whatever a plugin writes by hand inside its `create`/`update`
  (keyed values, hooks, places) is in the entry too;
- reverting a delete (`RecordRestored`);
- `run_import` (smogpanel.spreadsheets.imports): one entry per import naming the file, its type
  and the counts of the answer (`import_result`, read by `count_import` when it is rendered);
- a plugin's own writes (a refresh from an integration, an import not read through
  `run_import`), which emit the same events.

`record` writes an entry directly: for writes outside a web request (`smogpanel restore` and the
other commands, a scheduled job, a resident's signed link), which have no registry to notify,
and for the core's paths that need the entry's id (bulk deletes, second factors, reverts).

Not SQLAlchemy session events: most writes here are bulk Core statements (values of maps,
searches, graphs, imports) that those events never see, and a row-level log would name tables
and columns where the operator knows records and fields. The record's own answer is what the
operator saw and what reverting sends back through the same validated edit.

Never recorded: passwords and tokens (fields whose name says so), and the contents of uploaded
files or of values longer than `MAX_COPIED` characters (recorded as "changed").
"""

import functools
import hashlib
import json
import re
from datetime import timedelta
from decimal import Decimal

import sqlalchemy as sa
from pyramid.events import BeforeRender
from sqlalchemy.orm import Session

from ..authority import check_asked, check_rows_asked
from ..db import own_transaction, utcnow
from ..envelope import dumps
from ..events import RecordChanged
from ..models import HistoryEntry

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = [
    "record",
    "record_name",
    "snapshot",
    "forget_text",
    "entries_holding",
    "REDACTED",
]

# `request`, `approve`, `reject`: a request for publication and its decision (smogpanel.publishing.review).
ACTIONS = ("create", "update", "delete", "restore", "import", "publish", "unpublish", "request", "approve", "reject")
# A version is put back by publishing it again; a request is decided, not undone.
NOT_REVERTED = frozenset({"publish", "unpublish", "request", "approve", "reject"})
CHANGED = "changed"  # a field's value not copied into history (a file, a long text)
MAX_COPIED = 20_000  # characters of a value's JSON kept; longer ones are recorded as CHANGED
# Never kept, whatever the plugin: every field whose name holds one of these.
SECRET_WORDS = ("password", "token", "secret")
SKIPPED = frozenset({"id", "created", "updated", "deleted"})
REDACTED = "[dane usunięte]"  # what an erased address reads as in history
BINARY = "\x00binary:"  # marks a digest standing for bytes in a snapshot (never stored)


def plain(value):
    """`value` as the JSON it is answered as, exact decimals kept (Decimal), dates as text."""
    return json.loads(dumps(value), parse_float=Decimal)


@functools.lru_cache(maxsize=4096)
def is_secret(field):
    name = field.lower()
    return any(word in name for word in SECRET_WORDS)


def snapshot(resource, request, obj, answer=None):
    """What history compares of a record: its answer (`answer`, or `resource.serialize`) as
    plain JSON, less ids, timestamps, secrets and the URLs derived from uploads."""
    data = answer if answer is not None else resource.serialize(request, obj)
    derived = {field.removesuffix("_path") + "_url" for field in resource.uploads}
    return plain(
        {
            key: binary_mark(value)
            for key, value in data.items()
            if key not in SKIPPED and key not in derived and not is_secret(key)
        }
    )


def binary_mark(value):
    """Bytes are never copied: a digest tells a change, and `changes_between` says "changed"."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return BINARY + hashlib.sha256(bytes(value)).hexdigest()
    return value


def changes_between(before, after, opaque=()):
    """`{field: [old, new]}` of what differs between two snapshots; fields in `opaque` (file
    fields) and values too long to copy are `"changed"`."""
    changes = {}
    for field in after.keys() | before.keys():
        old, new = before.get(field), after.get(field)
        if old == new or is_secret(field):
            continue
        binary = any(isinstance(value, str) and value.startswith(BINARY) for value in (old, new))
        if binary or field in opaque or len(dumps(old)) > MAX_COPIED or len(dumps(new)) > MAX_COPIED:
            changes[field] = CHANGED
        else:
            changes[field] = [old, new]
    return changes


def record_name(obj):
    for field in ("name", "title", "email"):
        value = getattr(obj, field, None)
        if value:
            return str(value)[:255]
    return ""


def record(request, action, kind, record_id, name="", changes=None, reverts=None, via=None):
    """Records one entry in the current transaction and returns its id. A plugin writing in a web
    request emits a `smogpanel.events.RecordChanged` instead (history records it through this);
    `record` is for writes outside one.

    `request` is the web request (the signed-in user is recorded) or, outside one, a database
    Session (recorded as the CLI, or as `via`: "scheduler" for a server's job, "link" for a
    resident's signed link, who is no account). `action` is one of ACTIONS; `changes` is
    `{field: [old, new]}` (see `changes_between`) or, for an import, what it did.

        history.record(db, "delete", "sender", sender.id, "", via="scheduler")
    """
    if action not in ACTIONS:
        raise ValueError(f"history action must be one of {ACTIONS}, not {action!r}")
    check_asked(request, kind, action, record_id)  # a write nobody authorised is refused here
    if isinstance(request, Session):
        db, user_id, email, via = request, None, None, via or "cli"
    else:
        identity = request.identity
        db, via = request.db, "api"
        user_id, email = (identity.id, identity.email) if identity is not None else (None, None)
    # One Core INSERT on the session's connection, its statement built once: an ORM object's
    # unit-of-work flush cost writes ~10 %, and building the statement per call most of the rest.
    result = db.connection().execute(
        _insert_entry(),
        {
            "at": utcnow(),
            "user_id": user_id,
            "user_email": email,
            "via": via,
            "action": action,
            "kind": kind,
            "record_id": record_id,
            "record_name": (name or "")[:255],
            "changes": dumps(changes or {}).decode(),
            "reverts": reverts,
        },
    )
    return result.inserted_primary_key[0]


@functools.cache
def _insert_entry():
    return sa.insert(HistoryEntry.__table__)


# -- the events it follows ---------------------------------------------------------------------
PENDING_IMPORT = "smogpanel.history.import"  # request.environ: an import's entry awaiting its counts


def record_event(event):
    """Subscriber to every `RecordChanged` (smogpanel.events): the write's entry. An import whose
    counts come with the answer leaves its entry to `count_import`."""
    if event.action == "import" and not event.counts_from_answer:
        check_rows_asked(event.request)  # an import of gminy's rows that skipped their scope is refused
    entry_id = record(
        event.request, event.action, event.kind, event.record_id, event.name, event.changes, event.reverts
    )
    if event.counts_from_answer:
        event.request.environ[PENDING_IMPORT] = (entry_id, event.changes, event.creates)


def count_import(event):
    """Subscriber to Pyramid's `BeforeRender`: the counts of an import's answer (`import_result`)
    into its entry, when the endpoint's answer is rendered (still in the request's transaction)."""
    request, value = event.get("request"), event.rendering_val
    pending = request.environ.pop(PENDING_IMPORT, None) if request is not None else None
    if pending is None or not isinstance(value, dict):
        return
    check_rows_asked(request)  # as in `record_event`, once the rows are written
    entry_id, details, creates = pending
    details = dict(
        details,
        created=value.get("created", 0),
        updated=value.get("updated", 0),
        skipped=len(value.get("skipped") or ()),
    )
    if creates and isinstance(value.get("id"), int):
        details.update(created_kind=creates, created_id=value["id"])
    table = HistoryEntry.__table__
    request.db.execute(sa.update(table).where(table.c.id == entry_id).values(changes=dumps(details).decode()))


def includeme(config):
    config.add_subscriber(record_event, RecordChanged)
    config.add_subscriber(count_import, BeforeRender)


# -- reading, retention, erasure ---------------------------------------------------------------
def keep_days(settings):
    """`smogpanel.history.keep_days` as whole days, or None (unset: entries are kept for ever);
    ValueError with the Polish reason when it is no positive whole number."""
    configured = str(settings.get("smogpanel.history.keep_days") or "").strip()
    if not configured:
        return None
    if not configured.isdigit() or int(configured) < 1:
        raise ValueError(f"smogpanel.history.keep_days musi być dodatnią liczbą dni, nie „{configured}”.")
    return int(configured)


KEPT_FOR_EVER = "Historia jest przechowywana bezterminowo: w ustawieniach serwera nie podano, po ilu dniach ją usuwać."


def purge_by_setting(registry):
    """The daily job `core.history_purge`: entries older than the setting, when it is set."""
    days = keep_days(registry.settings)
    if days is None:
        # Shown in 'Zadania' to an operator, who sets no server settings: no setting's key here.
        return KEPT_FOR_EVER
    with own_transaction(registry) as db:
        count = purge(db, days)
    return f"Usunięto wpisy historii starsze niż {days} dni: {count}."


def purge(db, older_than_days):
    """Deletes entries older than `older_than_days` days; returns how many."""
    cutoff = utcnow() - timedelta(days=older_than_days)
    result = db.execute(sa.delete(HistoryEntry).where(HistoryEntry.at < cutoff))
    return result.rowcount


def forget_text(db, text):
    """Erases `text` (an e-mail address being erased) from every entry that holds it, in place:
    in record names and in recorded values, whole or inside a longer text, it becomes REDACTED.
    The entries themselves and every other field stay, so the history of a record that merely
    mentioned the address (an operator typed it into a timer's text) keeps its other edits.
    Case-insensitive, and an address inside a longer one ("nowa.ewa@example.org") is not
    matched. Returns how many entries changed."""
    text = text.strip()
    if not text:
        return 0
    pattern = _pattern(text)
    candidates = db.execute(
        sa.select(HistoryEntry.id, HistoryEntry.record_name, HistoryEntry.changes).where(_mentions(text))
    ).all()
    table, changed = HistoryEntry.__table__, 0
    for entry_id, name, changes in candidates:
        values = _redacted(json.loads(changes, parse_float=Decimal), pattern)
        new_name, new_changes = pattern.sub(REDACTED, name), dumps(values).decode()
        if (new_name, new_changes) != (name, changes):
            db.execute(sa.update(table).where(table.c.id == entry_id).values(record_name=new_name, changes=new_changes))
            changed += 1
    return changed


def entries_holding(db, text):
    """The entries that hold `text` (an e-mail address) in their record name or recorded values,
    matched as `forget_text` erases it, oldest first: for a resident's access request."""
    text = (text or "").strip()
    if not text:
        return []
    pattern = _pattern(text)
    candidates = db.scalars(sa.select(HistoryEntry).where(_mentions(text)).order_by(HistoryEntry.id)).all()
    return [entry for entry in candidates if pattern.search(entry.record_name) or pattern.search(entry.changes)]


def _pattern(text):
    return re.compile(rf"(?<![\w.+-]){re.escape(text)}(?![\w-]|\.\w)", re.IGNORECASE)


def _mentions(text):
    """The SQL condition of entries that may hold `text` (the pattern then decides)."""
    like = "%" + text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    return sa.or_(
        sa.func.lower(HistoryEntry.record_name).like(like, escape="\\"),
        sa.func.lower(HistoryEntry.changes).like(like, escape="\\"),
    )


def _redacted(value, pattern):
    if isinstance(value, str):
        return pattern.sub(REDACTED, value)
    if isinstance(value, list):
        return [_redacted(item, pattern) for item in value]
    if isinstance(value, dict):
        return {key: _redacted(item, pattern) for key, item in value.items()}
    return value
