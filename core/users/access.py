"""What an account may do (smogpanel.authority), as a super administrator sets it and the shell
reads it:

    POST /api/user/<id>/access  {role, scope_kinds, scope_voivodeships, personal_data, publish?}
    GET  /api/user/me           ... plus role, scopes and `may`: {kind: [actions]}

Roles: "editor" (the spec's user: changes everything in scope) or "viewer" (reads only). Super
administrators are made and unmade by the system administrator alone (SPEC 6:
`smogpanel user role EMAIL super`), so the panel sets only the others' roles. A change of access
is recorded in the account's history and ends the account's sessions (its tokens stop working).
`publish` (true or false; left out: unchanged) lets the account publish in `reviewed` mode
(smogpanel.publishing); without it the account asks for publication. Super administrators have it.
"""

import colander
from cornice import Service

from ..authority import ACTIONS, Context, authorize, may, rules_of
from ..envelope import ApiError
from ..events import RecordUpdated
from ..gazetteer import gazetteer
from ..regions import voivodeship_code
from ..schemas import Boolean
from ..validation import body_validator
from .models import User
from .sessions import end_sessions

PANEL_ROLES = ("editor", "viewer")
ROLE_LABELS = {"super": "superadministrator", "editor": "redaktor", "viewer": "podgląd"}
SUPER_BY_SYSTEM = (
    "Uprawnienia superadministratora nadaje i odbiera administrator systemu "
    "(smogpanel user role EMAIL super|editor|viewer)."
)
# Polish titles of the access fields, for history and messages.
LABELS = {
    "role": "Rola",
    "scope_kinds": "Moduły",
    "scope_voivodeships": "Województwa",
    "personal_data": "Dane nadawców",
    "publish": "Publikowanie",
}


class AccessSchema(colander.MappingSchema):
    role = colander.SchemaNode(
        colander.String(),
        title=LABELS["role"],
        validator=colander.OneOf(PANEL_ROLES, msg_err="Wybierz rolę: redaktor albo podgląd."),
    )
    scope_kinds = colander.SchemaNode(
        colander.List(), title=LABELS["scope_kinds"], missing=(), description="nazwy wtyczek; pusto: wszystkie"
    )
    scope_voivodeships = colander.SchemaNode(
        colander.List(), title=LABELS["scope_voivodeships"], missing=(), description="id województw; pusto: wszystkie"
    )
    personal_data = colander.SchemaNode(
        colander.Integer(), title=LABELS["personal_data"], missing=0, validator=colander.OneOf((0, 1))
    )
    publish = colander.SchemaNode(
        Boolean(), title=LABELS["publish"], missing=None, description="może publikować; pominięte: bez zmian"
    )


def plugin_names(registry):
    return [name for name, _ in registry.plugin_manager.list_name_plugin()]


def checked_kinds(registry, kinds):
    known = plugin_names(registry)
    if not all(isinstance(kind, str) for kind in kinds) or any(kind not in known for kind in kinds):
        raise ApiError.invalid("scope_kinds", f"Nieznany moduł. Wybierz spośród: {', '.join(sorted(known))}.")
    return sorted(set(kinds))


def checked_voivodeships(request, ids, db=None):
    known = gazetteer(request).voivodeships(db or request.db)
    if not all(isinstance(i, int) and not isinstance(i, bool) and i in known for i in ids):
        raise ApiError.invalid("scope_voivodeships", "Wybierz województwa spośród istniejących.")
    return sorted(set(ids))


def voivodeship_ids(known, texts):
    """Ids of voivodeships given by name, two-letter or TERYT code (the CLI's words); a
    ValueError names what matched none."""
    by_code = {item["code"]: voivodeship_id for voivodeship_id, item in known.items() if item.get("code")}
    found = []
    for text in texts:
        voivodeship_id = by_code.get(voivodeship_code(text) or "")
        if voivodeship_id is None:
            raise ValueError(f"Nie ma województwa „{text}”.")
        found.append(voivodeship_id)
    return sorted(set(found))


def access_of(user):
    return {
        "role": "super" if user.super else user.role,
        "scope_kinds": [kind for kind in user.scope_kinds.split(",") if kind],
        "scope_voivodeships": [int(i) for i in user.scope_voivodeships.split(",") if i],
        "personal_data": 1 if user.super else user.personal_data,
        "publish": bool(user.super or user.publish),
    }


def set_access(user, role, kinds=(), voivodeships=(), personal_data=0, publish=None):
    """Sets the access fields and ends the account's sessions; returns `{field: [old, new]}`.
    `publish` None leaves the permission as it is."""
    before = access_of(user)
    user.super = 1 if role == "super" else 0
    user.role = "editor" if role == "super" else role
    user.scope_kinds = ",".join(kinds)
    user.scope_voivodeships = ",".join(str(i) for i in voivodeships)
    user.personal_data = 1 if personal_data else 0
    if publish is not None:
        user.publish = 1 if publish else 0
    after = access_of(user)
    changes = {field: [before[field], after[field]] for field in after if before[field] != after[field]}
    if changes:
        user.token_version += 1  # its sessions end: it signs in again with what it may now do
    return changes


def access_view(request):
    resource = rules_of(request.registry, "user")
    user = resource.load(request, int(request.matchdict["id"]))
    authorize(request, resource, "manage", user)
    if user.super:
        raise ApiError("FORBIDDEN", [{"name": "role", "description": SUPER_BY_SYSTEM}])
    data = request.validated
    changes = set_access(
        user,
        data["role"],
        checked_kinds(request.registry, data["scope_kinds"]),
        checked_voivodeships(request, data["scope_voivodeships"]),
        data["personal_data"],
        data["publish"],
    )
    request.db.flush()
    if changes:
        end_sessions(request.db, user.id)  # it signs in again with what it may now do
        request.registry.notify(RecordUpdated(request, "user", user.id, user.email, changes))
    return resource.serialize(request, user)


def may_map(request):
    """{kind: [the actions the signed-in account may take on the kind]} for the shell."""
    kinds = list(request.registry.get("smogpanel.resources", {}))
    return {kind: [action for action in ACTIONS if may(request, kind, action)] for kind in kinds}


def me_access(request):
    identity = request.identity
    user = request.db.get(User, identity.id)
    return dict(access_of(user), may=may_map(request))


def includeme(config):
    access = Service(
        name="user-access",
        path="/api/user/{id:\\d+}/access",
        description="user: role, scopes and personal data (super administrators only)",
        factory=lambda request: Context(rules_of(request.registry, "user")),
    )
    access.add_view(
        "POST",
        access_view,
        renderer="envelope",
        schema=AccessSchema(),
        validators=(body_validator,),
        permission="manage",
    )
    config.add_cornice_service(access)
