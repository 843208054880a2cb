"""/api/user: the current user, one's own profile and the account list.

    GET    /api/user/me             the signed-in user
    POST   /api/user/update         own profile (the password changes only when non-empty; a new
                                    e-mail or password needs `current_password`, or a
                                    second factor's `code`)
    GET    /api/user/?order&asc     every live account, default updated descending
    POST   /api/user/               create an account (never a super administrator: `super` is
                                    ignored; `smogpanel user super EMAIL on` grants it); the new
                                    user gets a link to set a password
    GET    /api/user/{id}           one account
    DELETE /api/user/{id}           super administrators only, never oneself

There is no edit of other accounts. Answers never carry password hashes or token versions.
"""

import sqlalchemy as sa
from cornice import Service

from .. import history
from ..authority import ONLY_SUPER_RESTORES, PERSONAL, REFUSED, Allow, Authenticated, Deny, Everyone, authorize
from ..envelope import ApiError, error_response
from ..events import RecordUpdated
from ..history.fields import BOOLEAN, CHOICE, REFERENCE, YES_NO, Field
from ..plugin_manager import list_plugins
from ..resources import Resource
from ..schemas import normalise_email
from ..throttle import login_throttle
from ..validation import body_validator
from . import access, auth, factor_views, factors, sessions
from .access import LABELS as ACCESS_LABELS
from .access import ROLE_LABELS, me_access
from .auth import send_invitation_mail, set_password
from .devices import known_device
from .models import User
from .schemas import ProfileSchema, UserCreateSchema
from .sessions import ENROLMENT_ENVIRON, current_session_id, end_sessions, issue_token

HIDDEN = {"deleted", "password_hash", "token_version"}
SELF_DELETE = "Nie możesz usunąć siebie samego :) To nie ma zupełnie sensu!"
EVERY = "wszystkie"  # an editor's scope left empty: every module, every voivodeship
CONFIRM_WITH_PASSWORD = (
    "Podaj obecne hasło, aby zmienić adres e-mail lub hasło "
    "(albo kod z aplikacji uwierzytelniającej lub kod odzyskiwania, jeśli masz drugi składnik logowania)."
)
WRONG_CURRENT_PASSWORD = "Obecne hasło jest niepoprawne."


class UserResource(Resource):
    kind = "user"
    model = User
    schema = UserCreateSchema
    label = "konto"
    screen = None  # accounts are edited in their list's dialogs
    unique = ("email",)
    sortable = ("id", "email", "firstname", "lastname", "super", "created", "updated")
    default_order = ("updated", False)
    # An account's details are its owner's to change (the profile): history shows, never reverts them.
    revert_edits = False
    # SPEC 4: every operator may add an account (an unlimited editor: see `allowed`); only a super
    # administrator deletes one (never their own), and the profile is its owner's alone (record_acl).
    # An editor limited to some plugins or voivodeships adds none: the new account would be
    # unlimited.
    allowed = {"read": Authenticated, "create": "editor:*", "personal": PERSONAL}
    refusals = {
        "delete": "Konto może usunąć tylko superadministrator.",
        "update": "Dane konta zmienia tylko jego właściciel (w swoim profilu).",
        "restore": ONLY_SUPER_RESTORES,
        "manage": REFUSED,  # an account's role and scopes (smogpanel.users.access)
        "import": REFUSED,  # accounts are added one by one, never imported
        "publish": REFUSED,  # accounts are no public records (smogpanel.publishing)
    }

    def history_extra_fields(self, request):
        """How history shows the access fields (smogpanel.users.access), which the account's form
        does not hold: the role's and modules' names, the voivodeships by name."""
        modules = {plugin["name"]: plugin["label"] for plugin in list_plugins(request)}
        return {
            "role": Field("role", ACCESS_LABELS["role"], CHOICE, options=ROLE_LABELS),
            "scope_kinds": Field("scope_kinds", ACCESS_LABELS["scope_kinds"], CHOICE, options=modules, empty=EVERY),
            "scope_voivodeships": Field(
                "scope_voivodeships",
                ACCESS_LABELS["scope_voivodeships"],
                REFERENCE,
                refers_to="voivodeship",
                empty=EVERY,
            ),
            "personal_data": Field("personal_data", ACCESS_LABELS["personal_data"], BOOLEAN, options=YES_NO),
            "publish": Field("publish", ACCESS_LABELS["publish"], BOOLEAN, options=YES_NO),
        }

    def record_acl(self, obj):
        own = f"user:{obj.id}"
        return [(Deny, own, "delete"), (Allow, own, "update"), (Deny, Everyone, "update")]

    def delete(self, request, obj):
        super().delete(request, obj)
        obj.token_version += 1  # its tokens die with it, and stay dead if it is restored
        end_sessions(request.db, obj.id)

    def refusal(self, action, ace, principals=()):
        if action == "delete" and ace is not None and ace[1].startswith("user:"):
            return SELF_DELETE
        return super().refusal(action, ace, principals)

    def columns(self):
        return [c for c in User.__table__.columns if c.name not in HIDDEN]

    def check_unique(self, request, data, obj=None):
        clash = sa.select(User.id).where(sa.func.lower(User.email) == data["email"].lower(), User.deleted.is_(None))
        if obj is not None:
            clash = clash.where(User.id != obj.id)
        if request.db.execute(clash.limit(1)).first() is not None:
            raise ApiError("CONFLICT", [{"name": "email", "description": self.conflict_message("email")}])

    def conflict_message(self, field):
        return "Konto z tym adresem e-mail już istnieje."

    def create(self, request, data):
        # Always a plain user: the schema has no `super` (the system administrator grants it).
        user = super().create(request, data)
        self.flush(request)
        send_invitation_mail(request, user, request.identity)
        return user

    def services(self):
        collection = self.service("user-collection", "/api/user/", "user: list, create")
        record = self.service("user-record", "/api/user/{id:\\d+}", "user: one account")
        self.add_list(collection, self.view_list)
        collection.add_view(
            "POST",
            self.view_create,
            renderer="envelope",
            schema=self.schema(),
            validators=(body_validator,),
            permission="create",
        )
        record.add_view("GET", self.view_get, renderer="envelope", permission="read")
        record.add_view("DELETE", self.view_delete, renderer="envelope", permission="delete")
        return [collection, record]


def me(user):
    return {
        "id": user.id,
        "email": user.email,
        "firstname": user.firstname,
        "lastname": user.lastname,
        "super": user.super,
    }


def view_me(request):
    """The spec's fields, with what the account may do (smogpanel.users.access)."""
    answer = dict(me(request.identity), **me_access(request))
    if request.environ.get(ENROLMENT_ENVIRON):
        # The setting requires a second factor this account has not added yet
        # (smogpanel.users.factors): the shell opens the profile. Absent otherwise (SPEC shape).
        answer["must_enrol"] = True
    return answer


def confirm_it_is_the_owner(request, user, data):
    """A new e-mail or password takes the current password (or, for an account with a second
    factor, one of its codes), so a token taken from a browser cannot take the account over.
    Wrong passwords count as failed sign-ins of the account (`login_throttle`): guessing here is
    no way around the sign-in's limit. Counted in the request's transaction (a signed-in
    request's holds SQLite's write lock already), so the error response is returned, not
    raised: the request commits, and the count with it. None when confirmed."""
    email = normalise_email(user.email)
    throttle, limits = login_throttle(request, email, request.db, known_device(request, email))
    attempt = throttle.reserve(limits)
    if attempt is None:
        return error_response("TOO_MANY_ATTEMPTS", [{"name": "current_password", "description": auth.TOO_MANY}])
    if data["current_password"]:
        confirmed = auth.check_password(user, data["current_password"])
        field, wrong = "current_password", WRONG_CURRENT_PASSWORD
    elif data["code"] and factors.has_factor(request.db, user.id):
        code = data["code"]
        if factors.looks_like_recovery_code(code):
            confirmed = factors.use_recovery_code(request.db, user.id, code)
        else:
            confirmed = factors.check_totp(request.db, user.id, code)
        field, wrong = "code", auth.WRONG_CODE
    else:
        field, wrong, confirmed = "current_password", CONFIRM_WITH_PASSWORD, False
    if not confirmed:
        return error_response("VALIDATION_FAILED", [{"name": field, "description": wrong}])
    throttle.release(attempt)
    return None


def update_profile(request):
    """Own profile. A new password bumps the token version, so the answer carries a fresh
    token (`message.token`) that keeps this client signed in while older tokens die. A new
    e-mail or password needs the current password first (`confirm_it_is_the_owner`)."""
    user, data = request.db.get(User, request.identity.id), request.validated
    resource = request.registry["smogpanel.resources"]["user"]
    authorize(request, resource, "update", user)
    resource.check_unique(request, data, user)
    if data["password"] or data["email"].lower() != user.email.lower():
        refused = confirm_it_is_the_owner(request, user, data)
        if refused is not None:
            return refused
    before = resource.history_snapshot(request, user)
    user.email = data["email"]
    for field in ("firstname", "lastname"):
        if field in data:
            setattr(user, field, data[field])
    if data["password"]:
        set_password(user, data["password"])
        # Every other browser is signed out; this one goes on with the fresh token answered.
        end_sessions(request.db, user.id, except_session=current_session_id(request))
    resource.flush(request)
    changes = history.changes_between(before, resource.history_snapshot(request, user))
    if data["password"]:
        changes["password"] = history.CHANGED  # that it changed, never what to
    if changes:
        request.registry.notify(RecordUpdated(request, "user", user.id, user.email, changes))
    return dict(me(user), token=issue_token(request, user, session_id=current_session_id(request)))


def includeme(config):
    config.include(factors)
    config.include(auth)
    config.include(access)
    config.include(sessions)
    config.include(factor_views)
    config.add_resource(UserResource())
    me_service = Service(name="user-me", path="/api/user/me", description="The signed-in user")
    me_service.add_view("GET", view_me, renderer="envelope")
    update = Service(name="user-update", path="/api/user/update", description="Own profile")
    update.add_view(
        "POST",
        update_profile,
        renderer="envelope",
        schema=ProfileSchema(),
        validators=(body_validator,),
    )
    config.add_cornice_service(me_service)
    config.add_cornice_service(update)
