"""Residents' personal data: fields a kind declares personal are shown only to accounts that may
`personal` on the kind (smogpanel.authority: the 'dane nadawców' permission; super
administrators always). To everyone else they read MASK in list answers, record answers, list
exports and history entries, and a list's `q` does not search them (a match would tell the value).

A kind declares them on its Resource (or on the Rules of a kind that is no Resource):

    class ContactResource(Resource):
        personal = ("name", "email")

or on its schema's node: `Text("Imię i nazwisko", personal=True)`.

An edit that sends MASK back for a personal field keeps the stored value: the form of an account
that sees MASK saves the record without wiping what it could not see.
"""

from .authority import may

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["MASK", "personal_fields", "hidden_fields", "masked"]

MASK = "[ukryte]"
HIDDEN = "smogpanel.personal_hidden"  # request.environ: {kind: the personal fields hidden from it}
# The fields a history entry's record name is taken from (smogpanel.history.record_name).
NAME_FIELDS = ("name", "title", "email")


def personal_fields(rules):
    """The kind's personal fields: `personal` and the schema's nodes marked `personal=True`."""
    found = getattr(rules, "_personal_fields", None)
    if found is None:
        declared = set(getattr(rules, "personal", ()) or ())
        schema = getattr(rules, "schema", None)
        if schema is not None:
            declared |= {node.name for node in schema().children if getattr(node, "personal", False)}
        found = frozenset(declared)
        rules._personal_fields = found
    return found


def hidden_fields(request, rules, export=False):
    """The kind's personal fields this request's account may not see (empty: it sees them all,
    or the kind has none); `export`: in a file it takes away, which a read-only account never
    gets them in ('podgląd' exports no personal data, whatever its permission). Asked
    once per kind and request."""
    fields = personal_fields(rules)
    if not fields:
        return frozenset()
    cache = request.environ.setdefault(HIDDEN, {})
    if rules.kind not in cache:
        cache[rules.kind] = frozenset() if may(request, rules, "personal") else fields
    if export and _read_only(request):
        return fields
    return cache[rules.kind]


def _read_only(request):
    identity = request.identity
    return identity is not None and not identity.super and identity.role == "viewer"


def mask(value):
    """MASK for a value; nothing (None, "") stays nothing: that a field is empty tells nobody anything."""
    return value if value is None or value == "" else MASK


def masked(row, hidden):
    """`row` (a dict) with the `hidden` fields masked; the same dict when none is hidden."""
    if not hidden or not hidden & row.keys():
        return row
    return {key: mask(value) if key in hidden else value for key, value in row.items()}


def mask_rows(rows, hidden):
    """Masks the `hidden` fields of freshly built rows in place (a long list: no copy per row)."""
    if not hidden or not rows:
        return rows
    fields = [field for field in hidden if field in rows[0]]
    for row in rows:
        for field in fields:
            value = row[field]
            if value is not None and value != "":
                row[field] = MASK
    return rows


def masked_changes(changes, hidden, name_hidden):
    """A history entry's `changes` with the hidden fields' values masked (an edit's [old, new],
    a bulk delete's batch names when the record name is hidden)."""
    out = {}
    for field, change in changes.items():
        if field == "batch" and name_hidden and isinstance(change, list):
            out[field] = [
                dict(item, name=mask(item.get("name"))) if isinstance(item, dict) else item for item in change
            ]
        elif field in hidden and isinstance(change, list):
            out[field] = [mask(value) for value in change]
        else:
            out[field] = change
    return out


def name_is_personal(rules):
    """True when a record's history name may be a personal value: any field it is taken from
    (name, title, e-mail) is personal (the first one the record has filled names it)."""
    return bool(personal_fields(rules) & set(NAME_FIELDS))
