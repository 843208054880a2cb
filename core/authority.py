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
- bulk actions and a plugin's own writes, before writing.

`history.record`, which every write calls (docs/plugins.md), checks that the entry's kind and
action were asked about in this request, and asks itself when they were not: a path that forgot
to ask is refused and its request rolled back, instead of writing around the rule.

The CLI acts as the system administrator (SPEC 6: the one who grants super) and is not asked.
"""

from collections.abc import Mapping

import sqlalchemy as sa
from pyramid.authorization import ALL_PERMISSIONS, DENY_ALL, ACLHelper, Allow, Authenticated, Deny, Everyone
from sqlalchemy.orm import Session

from .envelope import ApiError

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["ACTIONS", "SUPER_ROLE", "Rules", "authorize", "principals", "Allow", "Deny", "Authenticated", "Everyone"]

ACTIONS = ("read", "create", "update", "delete", "restore", "import")
SUPER_ROLE = "role:super"
NOBODY = "nobody"  # a principal no account has: the action is the super administrators' alone
REFUSED = "Nie masz uprawnień do tej operacji."
ONLY_SUPER_RESTORES = "Usunięty element może przywrócić tylko superadministrator."
ASKED = "smogpanel.authorized"  # request.environ: the (kind, action, record id) asked about


def principals(identity):
    """The principals of the signed-in account (`request.identity`), or of nobody signed in."""
    if identity is None:
        return [Everyone]
    found = [Everyone, Authenticated, f"user:{identity.id}"]
    if identity.super:
        found.append(SUPER_ROLE)
    return found


class Rules:
    """A kind's rules. The Resource is one (it subclasses Rules); other kinds use these defaults:
    any signed-in operator may read, create, change, delete and import; restoring a deleted
    record is the super administrators' (SPEC 6 leaves it to the system administrator)."""

    kind: str = ""
    # {action: the principal allowed to do it}; an action missing here is the super
    # administrators' alone.
    allowed: Mapping[str, str] = {
        "read": Authenticated,
        "create": Authenticated,
        "update": Authenticated,
        "delete": Authenticated,
        "import": Authenticated,
    }
    # {action: the Polish reason a refusal gives}; REFUSED when none is given.
    refusals: Mapping[str, str] = {"restore": ONLY_SUPER_RESTORES}

    def record_acl(self, obj):
        """ACEs that depend on the record, checked before the kind's (e.g. `(Deny, "user:7",
        "delete")`: account 7 may not delete itself)."""
        return ()

    def refusal(self, action, ace):
        """The Polish reason of a refusal by `ace` (the ACE that denied, or None)."""
        return self.refusals.get(action, REFUSED)

    def acl(self, obj=None):
        kind_acl = [(Allow, principal, action) for action, principal in self.allowed.items()]
        return [
            *(self.record_acl(obj) if obj is not None else ()),
            (Allow, SUPER_ROLE, ALL_PERMISSIONS),
            *kind_acl,
            DENY_ALL,
        ]


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
    return registry.get("smogpanel.resources", {}).get(kind) or DEFAULT_RULES


def authorize(request, kind, action, obj=None):
    """Raises FORBIDDEN (403, with the Polish reason) unless the signed-in account may `action`
    records of `kind` (and `obj`, when the rules depend on the record). `kind` is a kind's name
    or its Resource. Outside a web request (a Session: the CLI) everything is allowed."""
    if isinstance(request, Session):
        return
    if action not in ACTIONS:
        raise ValueError(f"action must be one of {ACTIONS}, not {action!r}")
    rules = rules_of(request.registry, kind) if isinstance(kind, str) else kind
    kind = kind if isinstance(kind, str) else kind.kind
    result = request.has_permission(action, Context(rules, obj))
    if not result:
        if request.identity is None:
            raise ApiError("UNAUTHORISED")
        raise ApiError("FORBIDDEN", [{"name": "", "description": rules.refusal(action, getattr(result, "ace", None))}])
    request.environ.setdefault(ASKED, set()).add((kind, action, getattr(obj, "id", None)))


def check_asked(request, kind, action, record_id):
    """For `history.record`: asks `authorize` now unless this request already asked about the
    entry's kind, action and record (a create is asked before its record has an id)."""
    if isinstance(request, Session):
        return
    asked = request.environ.get(ASKED, ())
    if (kind, action, record_id) in asked or (kind, action, None) in asked:
        return
    rules = rules_of(request.registry, kind)
    obj = None
    model = getattr(rules, "model", None)
    if record_id is not None and model is not None:
        obj = request.db.scalar(sa.select(model).where(model.id == record_id).execution_options(include_deleted=True))
    authorize(request, rules if rules is not DEFAULT_RULES else kind, action, obj)


def permits(identity, context, permission):
    """The security policy's answer for a context that carries rules (an ACL)."""
    return ACLHelper().permits(context, principals(identity), permission)
