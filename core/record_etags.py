"""No lost updates: an edit may name the version of the record its form was loaded from.

A record's *version* is a short hash of what history compares of it (`Resource.history_snapshot`:
the fields of its schema, as plain JSON; no ids, timestamps or secrets). It changes exactly when a
field an operator edits changes, whoever changed it (a form, an import, a revert, a refresh); it
does not change when only a derived part of the answer does (a gmina's name, a map's summary), and
it needs no `updated` column and no timestamp resolution.

`GET /api/<kind>/<id>` answers carry it in the `ETag` header, as `"<version>-<answer digest>"`: the
digest keeps `If-None-Match` exact for the whole answer (a renamed gmina is a new body), the
version part is what `If-Match` is compared by. An edit (`POST /api/<kind>/<id>`) with `If-Match`
naming another version answers `412 CHANGED_MEANWHILE` naming who changed the record (by the
account's name when it has one, else its e-mail) and which fields (read back from history), and
writes nothing; without `If-Match` it is unconditional, as the spec's call shapes are. The edit's
answer carries the new version the same way.
"""

import hashlib
import json
from decimal import Decimal

import sqlalchemy as sa

from .accounts import User
from .envelope import RECORD_VERSION, ApiError, dumps
from .history.fields import labels_of
from .models import HistoryEntry

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["carry_version", "version_of"]

ANY = "*"
WALKED_ENTRIES = 50  # history entries read back to find the version a form was loaded from


def version_of(snapshot):
    """The version of a record whose history snapshot is `snapshot` (20 hex digits)."""
    return hashlib.blake2b(dumps(snapshot, sort_keys=True), digest_size=10).hexdigest()


def carry_version(request, snapshot):
    """The answer of this request carries the version of `snapshot` in its ETag (a view that
    writes a record outside `Resource.edit`, e.g. an item's 'Odśwież', so the open form keeps
    saving against what it now shows)."""
    request.environ[RECORD_VERSION] = version_of(snapshot)


def wanted_versions(header):
    """The versions an `If-Match` header names: its entity tags' version parts (a weak `W/` mark
    and the quotes ignored, as is the digest after the dash); `*` stands for any."""
    wanted = set()
    for tag in header.split(","):
        tag = tag.strip().removeprefix("W/").strip('"').strip()
        if tag:
            wanted.add(tag if tag == ANY else tag.split("-", 1)[0])
    return wanted


def check_if_match(request, resource, obj, current):
    """Raises 412 CHANGED_MEANWHILE when the request's `If-Match` names a version other than that
    of `current` (the record's snapshot now); nothing to check without the header."""
    header = request.headers.get("If-Match")
    if header is None:
        return
    wanted = wanted_versions(header)
    if ANY in wanted or version_of(current) in wanted:
        return
    raise ApiError(
        "CHANGED_MEANWHILE", [{"name": "", "description": changed_message(request, resource, obj, current, wanted)}]
    )


def changed_message(request, resource, obj, current, wanted):
    """Who changed the record since the version the form had, and which fields: the record's
    history read back, newest first, undoing each edit until the form's version appears."""
    entries = request.db.execute(
        sa.select(
            HistoryEntry.user_id, HistoryEntry.user_email, HistoryEntry.via, HistoryEntry.action, HistoryEntry.changes
        )
        .where(HistoryEntry.kind == resource.kind, HistoryEntry.record_id == obj.id)
        .order_by(HistoryEntry.id.desc())
        .limit(WALKED_ENTRIES)
    ).all()
    labels = labels_of(request, resource.kind)
    snapshot = dict(current)
    walked, found = [], False
    for entry in entries:
        if entry.action != "update":
            break  # before a create or a restore the form could not have been loaded as it was
        walked.append(entry)
        changes = json.loads(entry.changes or "{}", parse_float=Decimal)
        for field, change in changes.items():
            if isinstance(change, list) and len(change) == 2:
                snapshot[field] = change[0]
        if version_of(snapshot) in wanted:
            found = True
            break
    closing = " Nic nie zapisano. Wczytaj aktualną wersję albo zapisz mimo to."
    names = _names(request, entries)
    if found:
        who, fields = _who(walked[::-1], names), _fields(walked, labels)
        return f"Ktoś zmienił ten element po wczytaniu formularza: {who} ({fields}).{closing}"
    newest = [entries[0]] if entries and entries[0].action == "update" else []
    if newest:
        return (
            "Ten element zmienił się po wczytaniu formularza (także import zmienia elementy). Ostatnia zmiana "
            f"w historii: {_who(newest, names)} ({_fields(newest, labels)}).{closing}"
        )
    return f"Ten element zmienił się po wczytaniu formularza (także import zmienia elementy).{closing}"


def _names(request, entries):
    """The first and last names of the accounts that made `entries`, by account id (an account
    without a name, or one gone, is left out: its e-mail stands for it)."""
    ids = {entry.user_id for entry in entries if entry.user_id is not None}
    if not ids:
        return {}
    rows = request.db.execute(sa.select(User.id, User.firstname, User.lastname).where(User.id.in_(ids))).all()
    named = {row.id: " ".join(part for part in (row.firstname, row.lastname) if part) for row in rows}
    return {user_id: name for user_id, name in named.items() if name}


def _who(entries, names):
    """Who made `entries` (oldest first), each named once: the account's name, else its e-mail."""
    shown = []
    for entry in entries:
        name = names.get(entry.user_id) or entry.user_email
        name = name or ("wiersz poleceń serwera" if entry.via == "cli" else "zadanie serwera")
        if name not in shown:
            shown.append(name)
    return ", ".join(shown)


def _fields(entries, labels):
    changed = set()
    for entry in entries:
        changed.update(json.loads(entry.changes or "{}"))
    # In the form's order (the schema's), then any other field by name
    ordered = [f for f in labels if f in changed] + sorted(changed - labels.keys())
    if not ordered:
        return "bez zmian w polach formularza"
    return ("pole " if len(ordered) == 1 else "pola ") + ", ".join(f"„{labels.get(f, f)}”" for f in ordered)
