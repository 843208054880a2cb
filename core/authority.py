"""Who may do what: declared once per kind and action, asked by every path that reads or writes.

A kind's rules are a Pyramid ACL, read by Pyramid's own `ACLHelper` through the security
policy (`request.has_permission(action, context)`): the Resource declares `allowed`
({action: principal}) and, for rules that depend on the record, `record_acl(obj)` (an account
may not delete itself). Super administrators may do everything the record's own rules do not
deny. Kinds that are no Resource (a calculator definition, an import with no target) follow
`DEFAULT_RULES`.

    authorize(request, "user", "delete", user)  # raises FORBIDDEN with the Polish reason

Who asks:
- the Resource's views: read, create, update (`Resource.edit`), delete (`Resource.remove`);
- reverts: the action the revert performs (an edit's undo is an update, a create's a delete,
  a delete's a restore);
- imports (`run_import`): `import` on the record imported into, `create` on the kind it creates;
  an import writing rows of gminy or voivodeships asks `authorize_rows` before it writes;
- bulk actions and a plugin's own writes, before writing.

`history.record`, which records every write (its event, smogpanel.events, or a direct call;
docs/plugins.md), checks that the entry's kind and action were asked about in this request, and
asks itself when they were not: a path that forgot to ask is refused and its request rolled
back, instead of writing around the rule.

The CLI acts as the system administrator (SPEC 6: the one who grants super) and is not asked.
"""

from collections.abc import Mapping

import sqlalchemy as sa
from pyramid.authorization import ALL_PERMISSIONS, DENY_ALL, ACLHelper, Allow, Authenticated, Deny, Everyone
from pyramid.security import Denied
from sqlalchemy.orm import Session

from .envelope import ApiError
from .region_scope import outside_scope, region_refusal, rows_refusals, scope_note

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = [
    "ACTIONS",
    "EDITORS",
    "PUBLISHERS",
    "PERSONAL",
    "SUPER_ROLE",
    "Rules",
    "authorize",
    "authorize_rows",
    "may",
    "permissions_of",
    "principals",
    "Allow",
    "Deny",
    "Authenticated",
    "Everyone",
]

# `manage`: an account's role and scopes (the super administrators' unless a kind says otherwise).
# `publish`: a public record's versions (smogpanel.publishing: publish, unpublish, schedule).
ACTIONS = ("read", "create", "update", "delete", "restore", "import", "personal", "manage", "publish")
WRITES = frozenset({"create", "update", "delete", "restore", "import", "publish"})
ROLES = ("super", "editor", "viewer")  # super: `super` = 1; the others: the account's `role`
SUPER_ROLE = "role:super"
EDITOR_ROLE = "role:editor"
VIEWER_ROLE = "role:viewer"
# In `allowed`: the editors of the kind's plugin (an editor unscoped, or scoped to that plugin).
EDITORS = "editors"
# In `allowed`: those editors who may publish too (the account's `publish`: smogpanel.publishing).
PUBLISHERS = "publishers"
PERSONAL = "perm:personal"  # 'dane nadawców': residents' personal data
REFUSED = "Nie masz uprawnień do tej operacji."
READ_ONLY = "Twoje konto ma tylko podgląd: nie może niczego zmieniać."
OUT_OF_DOMAIN = "Twoje konto nie może zmieniać tego rodzaju danych."
# A voivodeship-scoped editor before a kind that lies in no voivodeship (a timer, a map).
OUT_OF_REGION_KIND = "Twoje konto zmienia tylko dane gmin i województw ze swojego zakresu; te są tylko do odczytu."
ONLY_SUPER_RESTORES = "Usunięty element może przywrócić tylko superadministrator."
NO_PUBLISH = "Twoje konto nie może publikować. Poproś o publikację: opublikuje ją ktoś z tym uprawnieniem."
# History's actions asked as another: withdrawing a version and deciding a request for publication
# are publishing's; asking for publication is changing the record's.
HISTORY_ASKS = {"unpublish": "publish", "request": "update", "approve": "publish", "reject": "publish"}
ASKED = "smogpanel.authorized"  # request.environ: the (kind, action, record id) asked about
MAY = "smogpanel.may"  # request.environ: {(kind, action): allowed} of the kinds no record decides
ROWS_UNASKED = "smogpanel.rows_unasked"  # request.environ: an import's regional rows not yet asked about


def principals(identity):
    """The principals of the signed-in account (`request.identity`), or of nobody signed in: its
    role, and for an editor `editor:<plugin>` per plugin in scope (`editor:*` unscoped)."""
    if identity is None:
        return [Everyone]
    found = [Everyone, Authenticated, f"user:{identity.id}"]
    if identity.super:
        return [*found, SUPER_ROLE, PERSONAL]
    if identity.role == "viewer":
        found.append(VIEWER_ROLE)
    else:
        kinds = identity.kinds
        found += (
            [EDITOR_ROLE, *(f"editor:{plugin}" for plugin in sorted(kinds))] if kinds else [EDITOR_ROLE, "editor:*"]
        )
        if identity.publish:
            found += [name.replace("editor:", "publisher:") for name in found if name.startswith("editor:")]
    if identity.personal_data:
        found.append(PERSONAL)
    return found


class Rules:
    """A kind's rules. The Resource is one (it subclasses Rules); other kinds use these defaults:
    any signed-in operator may read, create, change, delete and import; restoring a deleted
    record is the super administrators' (SPEC 6 leaves it to the system administrator)."""

    kind: str = ""
    plugin: str = ""  # the plugin that declares the kind (an editor's domain scope names it)
    # {action: the principal allowed to do it}; an action missing here is the super
    # administrators' alone. EDITORS: the editors whose scope holds the kind's plugin.
    allowed: Mapping[str, str] = {
        "read": Authenticated,
        "create": EDITORS,
        "update": EDITORS,
        "delete": EDITORS,
        "import": EDITORS,
        "personal": PERSONAL,
        "publish": PUBLISHERS,
    }
    # True: records lie in a voivodeship (`regions_of`), and an editor scoped to voivodeships may
    # change those inside them; other kinds are read-only to such an editor.
    regional: bool = False
    # The writes such an editor may ask of a regional kind (a measurement, which lies in every
    # voivodeship: only `update`, of its own voivodeships' cells, `regions_changed`).
    regional_writes: frozenset = WRITES
    # The regional kind of the rows an import into this kind's records writes (a search's
    # imports write `search_entry` rows): such an editor may import into it, the import asking
    # `authorize_rows` for the rows before it writes.
    import_rows: str = ""
    # Fields holding residents' personal data: masked to accounts that may not `personal`
    # (smogpanel.personal). A Resource may also mark a schema node `personal=True`.
    personal: tuple = ()
    # Polish, what history calls the kind's records (a Resource's `label`); empty: its name.
    label: str = ""

    def __init__(self, kind="", plugin=""):
        if kind:
            self.kind = kind
        if plugin:
            self.plugin = plugin

    def regions_of(self, request, obj):
        """The ids of the voivodeships a record lies in (empty: none); only for `regional` kinds."""
        return frozenset()

    def regions_of_records(self, request, records):
        """{record id: `regions_of` it} of many records at once (a list's rows)."""
        return {record.id: self.regions_of(request, record) for record in records}

    # For a record that holds values of several voivodeships (a measurement's cells): a method
    # `regions_changed(request, obj, data)` giving the ids of those whose values writing `data`
    # (validated) into `obj` changes (unchanged ones sent back as they were change none); it
    # decides an edit, before the write. None: the record's `regions_of` decide, before and after.
    regions_changed = None

    # {action: the Polish reason a refusal gives}; REFUSED when none is given. An action in
    # neither `allowed` nor here is undeclared (the rules' test refuses such a kind): one left to
    # the super administrators names its reason here.
    refusals: Mapping[str, str] = {"restore": ONLY_SUPER_RESTORES, "manage": REFUSED}

    def record_acl(self, obj):
        """ACEs that depend on the record, checked before the kind's (e.g. `(Deny, "user:7",
        "delete")`: account 7 may not delete itself)."""
        return ()

    def refusal(self, action, ace, principals=()):
        """The Polish reason of a refusal by `ace` (the ACE that denied, or None)."""
        if action in self.refusals:
            return self.refusals[action]
        if action in WRITES and VIEWER_ROLE in principals:
            return READ_ONLY
        if action == "publish" and {"editor:*", f"editor:{self.plugin or self.kind}"} & set(principals):
            return NO_PUBLISH
        if action in WRITES and EDITOR_ROLE in principals:
            return OUT_OF_DOMAIN
        return REFUSED

    def acl(self, obj=None):
        kind_acl = []
        for action, principal in self.allowed.items():
            if principal in (EDITORS, PUBLISHERS):
                role = "editor" if principal == EDITORS else "publisher"
                kind_acl += [(Allow, f"{role}:*", action), (Allow, f"{role}:{self.plugin or self.kind}", action)]
            else:
                kind_acl.append((Allow, principal, action))
        record_acl = self.record_acl(obj) if obj is not None else ()
        return [*record_acl, (Allow, SUPER_ROLE, ALL_PERMISSIONS), *kind_acl, DENY_ALL]


DEFAULT_RULES = Rules()


class Context:
    """What `request.has_permission` is asked about: a kind, or one record of it."""

    def __init__(self, rules, obj=None):
        self.rules, self.obj = rules, obj

    def __acl__(self):
        return self.rules.acl(self.obj)


def kind_of(registry, obj):
    """The kind of a record (its Resource's), else its table's name."""
    for resource in registry.get("smogpanel.resources", {}).values():
        if isinstance(obj, resource.model):
            return resource.kind
    return obj.__tablename__


def rules_of(registry, kind):
    """The kind's rules: its Resource's, those a plugin declared for it (`config.add_rules`), or
    the defaults."""
    resources, declared = registry.get("smogpanel.resources", {}), registry.get("smogpanel.rules", {})
    return resources.get(kind) or declared.get(kind) or DEFAULT_RULES


def authorize(request, kind, action, obj=None, data=None):
    """Raises FORBIDDEN (403, with the Polish reason) unless the signed-in account may `action`
    records of `kind` (and `obj`, when the rules depend on the record; `data`, the validated
    write, when they depend on what it changes). `kind` is a kind's name or its Resource.
    Outside a web request (a Session: the CLI) everything is allowed."""
    if isinstance(request, Session):
        return
    if action not in ACTIONS:
        raise ValueError(f"action must be one of {ACTIONS}, not {action!r}")
    rules = rules_of(request.registry, kind) if isinstance(kind, str) else kind
    kind = kind if isinstance(kind, str) else kind.kind
    result = request.has_permission(action, Context(rules, obj))
    identity = request.identity
    if not result:
        if identity is None:
            raise ApiError("UNAUTHORISED")
        reason = getattr(result, "reason", None) or rules.refusal(
            action, getattr(result, "ace", None), principals(identity)
        )
        raise ApiError("FORBIDDEN", [{"name": "", "description": reason}])
    if action in WRITES and _region_scoped(identity) and obj is not None and not granted_to_self(result, identity):
        _check_regions(request, identity, rules, action, obj, data)
    request.environ.setdefault(ASKED, set()).add((kind, action, getattr(obj, "id", None)))


def _check_regions(request, identity, rules, action, obj, data):
    if action == "import" and rules.import_rows and not rules.regional:
        # The rows are asked about (`authorize_rows`); the import's answer checks they were.
        request.environ[ROWS_UNASKED] = rules.import_rows
        return
    changed = rules.regions_changed(request, obj, data) if data is not None and rules.regions_changed else None
    if changed is None:
        reason = region_refusal(request, identity.voivodeships, rules.regions_of(request, obj))
    else:
        reason = region_refusal(request, identity.voivodeships, changed, lies_in=False)
    if reason:
        raise ApiError("FORBIDDEN", [{"name": "", "description": reason}])


def authorize_rows(request, kind, rows):
    """An import's rows, before it writes any: refused whole (403 FORBIDDEN, its errors naming
    each row as the import's other errors do, "Wiersz 5: gmina … leży poza zakresem…") unless
    the account may import `kind` (its domain) and every row lies in its voivodeships. `rows`:
    `(line, gmina id or None, voivodeship id or None)` per row the import writes.

        authorize_rows(request, "search_entry", [(5, borough_id, None), ...])
    """
    if isinstance(request, Session):
        return
    authorize(request, kind, "import")
    request.environ.pop(ROWS_UNASKED, None)
    identity = request.identity
    if _region_scoped(identity):
        errors = rows_refusals(request, identity.voivodeships, rows)
        if errors:
            raise ApiError("FORBIDDEN", errors)


def check_rows_asked(request):
    """For an import's answer: refuses an import by a voivodeship-scoped account into a kind
    whose rows are regional (`import_rows`) that never asked `authorize_rows` (rolled back)."""
    kind = request.environ.pop(ROWS_UNASKED, None)
    if kind is not None:
        raise ApiError("FORBIDDEN", [{"name": "", "description": OUT_OF_REGION_KIND}])


def may(request, kind, action, obj=None):
    """True when `authorize` would let the signed-in account `action` (for a screen that shows or
    hides, or a payload that masks, rather than refuses)."""
    if obj is None or isinstance(request, Session):
        return _may(request, kind, action, obj)
    # Asked once per kind and action in a request when no record can be answered differently
    # (`depends_on_record`): a history page asks it of each of its 50 entries.
    rules = rules_of(request.registry, kind) if isinstance(kind, str) else kind
    if depends_on_record(request, rules):
        return _may(request, rules, action, obj)
    known = request.environ.setdefault(MAY, {})
    key = (rules.kind, action)
    if key not in known:
        known[key] = _may(request, rules, action, obj)
    elif known[key]:
        request.environ.setdefault(ASKED, set()).add((rules.kind, action, getattr(obj, "id", None)))
    return known[key]


def _may(request, kind, action, obj):
    try:
        authorize(request, kind, action, obj)
    except ApiError:
        return False
    return True


# What a list row and a record's answer say the account may do with it (`may`).
RECORD_ACTIONS = ("update", "delete")


def permissions_of(request, rules, records, actions=RECORD_ACTIONS, reasons=False):
    """{record id: {action: None when allowed, else False or (`reasons`) the Polish refusal}}
    of `records` (objects with the attributes the rules read: `id`, and a regional kind's
    place), by the rules `authorize` asks: the ACL (the record's own ACEs too), then an
    editor's voivodeships. An edit of a record holding several voivodeships' values (a
    measurement: `regions_changed`) is allowed here and decided by what it changes."""
    identity = request.identity
    if identity is None:
        return {record.id: dict.fromkeys(actions, False) for record in records}
    own_aces = type(rules).record_acl is not Rules.record_acl
    kind_level = None if own_aces else {action: request.has_permission(action, Context(rules)) for action in actions}
    scoped = _region_scoped(identity) and rules.regional
    regions = rules.regions_of_records(request, records) if scoped and records else {}
    found = {}
    for record in records:
        answer = {}
        for action in actions:
            result = (
                kind_level[action] if kind_level is not None else request.has_permission(action, Context(rules, record))
            )
            if not result:
                answer[action] = reasons and (
                    getattr(result, "reason", None)
                    or rules.refusal(action, getattr(result, "ace", None), principals(identity))
                )
                continue
            partial = action == "update" and rules.regions_changed is not None
            place = regions.get(record.id, frozenset())
            if scoped and action in WRITES and not partial and outside_scope(identity.voivodeships, place):
                scope = identity.voivodeships
                answer[action] = reasons and f"{region_refusal(request, scope, place)} {scope_note(request, scope)}"
                continue
            answer[action] = None
        found[record.id] = answer
    return found


def depends_on_record(request, rules):
    """Whether `permissions_of` may answer differently for two records of the kind (its rules
    name records' owners, or the account's voivodeships place them); if not, one answer is all's."""
    identity = request.identity
    scoped = identity is not None and _region_scoped(identity) and rules.regional
    return scoped or type(rules).record_acl is not Rules.record_acl


def permission_key(request, rules):
    """What `permissions_of` depends on besides the records, for a kept list's key: the
    account's principals (its own id only where the kind's rules name records' owners) and
    voivodeships."""
    identity = request.identity
    if identity is None:
        return ()
    own_aces = type(rules).record_acl is not Rules.record_acl
    shared = [p for p in principals(identity) if own_aces or not p.startswith("user:")]
    return (*shared, *sorted(identity.voivodeships))


def check_asked(request, kind, action, record_id):
    """For `history.record`: asks `authorize` now unless this request already asked about the
    entry's kind, action and record (a create is asked before its record has an id)."""
    if isinstance(request, Session):
        return
    asked = request.environ.get(ASKED, frozenset())
    action = HISTORY_ASKS.get(action, action)
    # Managing an account's access is recorded as its update.
    if {(kind, action, record_id), (kind, action, None), (kind, "manage", record_id)} & asked:
        return
    rules = rules_of(request.registry, kind)
    obj = None
    model = getattr(rules, "model", None)
    if record_id is not None and model is not None:
        obj = request.db.scalar(sa.select(model).where(model.id == record_id).execution_options(include_deleted=True))
    authorize(request, rules if rules is not DEFAULT_RULES else kind, action, obj)


class Refused(Denied):
    """A refusal that is no ACE's: `reason` is its Polish text (the forbidden view shows it)."""

    def __new__(cls, reason):
        refused = super().__new__(cls, reason)  # pyramid's results are built in __new__
        refused.reason = reason
        return refused


def permits(identity, context, permission):
    """The security policy's answer for a context that carries rules: the ACL, then the kind-level
    half of a voivodeship scope (an editor limited to voivodeships writes regional kinds only)."""
    result = ACLHelper().permits(context, principals(identity), permission)
    if (
        result
        and permission in WRITES
        and _region_scoped(identity)
        and permission not in _region_writes(context.rules)
        and not granted_to_self(result, identity)
    ):
        return Refused(OUT_OF_REGION_KIND)
    return result


def granted_to_self(result, identity):
    """True when what allowed is the record's own rule for the account itself (`(Allow,
    "user:7", "update")`: account 7's own profile): an account's own record lies in no
    voivodeship, so a voivodeship scope never puts it out of reach."""
    ace = getattr(result, "ace", None)
    return bool(result) and ace is not None and ace[0] == Allow and ace[1] == f"user:{identity.id}"


def _region_writes(rules):
    """The writes a voivodeship-scoped editor may ask of the kind, each then checked against its
    voivodeships (the record's, what the write changes, or the import's rows)."""
    if rules.regional:
        return rules.regional_writes
    return ("import",) if rules.import_rows else ()


def _region_scoped(identity):
    return identity is not None and not identity.super and bool(identity.voivodeships)
