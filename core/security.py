"""Who is asking and what they may do.

- Tokens: JWT (HS256) with a short expiry, carrying the user id, the user's token version
  and the sign-in session (`sid`, smogpanel.users.sessions); changing the password bumps the
  version, so older tokens stop working, and a token of an ended session is refused.
- Passwords: argon2 (smogpanel.passwords).
- Permissions: every view needs a signed-in user unless it says otherwise
  (`NO_PERMISSION_REQUIRED` for login, restore, public views and assets); `super` views need
  a super administrator.
- CSRF: Pyramid's cookie policy with the names axios sends by default. It is checked when the
  browser holds the cookie; Bearer-only clients (scripts, the CLI, tests) need none.
"""

import time
from typing import NamedTuple

import jwt
import sqlalchemy as sa
from pyramid.csrf import CookieCSRFStoragePolicy
from pyramid.exceptions import BadCSRFToken, ConfigurationError
from pyramid.security import Allowed, Denied

from . import authority
from .accounts import User
from .envelope import error_response
from .public.live import IMMEDIATE, mode
from .users.sessions import ENROLMENT_ENVIRON, SESSION_ENVIRON, UserSession, touch

DEVELOPMENT_SECRET = "development-secret-change-me-before-any-production-use"
CSRF_COOKIE = "XSRF-TOKEN"
CSRF_HEADER = "X-XSRF-TOKEN"
AUTHENTICATED = "authenticated"
SUPER = "super"


class Identity(NamedTuple):
    """The signed-in user as `request.identity` (read-only; load `User` to change it)."""

    id: int
    email: str
    firstname: str
    lastname: str
    super: int
    token_version: int
    role: str = "editor"  # beside super: "editor" or "viewer" (smogpanel.authority)
    scope_kinds: str = ""  # an editor's plugins, comma-separated; empty: all
    scope_voivodeships: str = ""  # an editor's voivodeships (their ids), comma-separated; empty: all
    personal_data: int = 0  # may see residents' personal data
    # May publish (smogpanel.publishing). In `immediate` mode a save publishes, so every account
    # may: `load_user` answers 1 there whatever the account's permission says.
    publish: int = 0

    @property
    def kinds(self):
        return frozenset(filter(None, self.scope_kinds.split(",")))

    @property
    def voivodeships(self):
        return frozenset(int(part) for part in self.scope_voivodeships.split(",") if part.strip().isdigit())


class Tokens:
    def __init__(self, secret, ttl_seconds):
        self.secret = secret
        self.ttl = ttl_seconds

    def issue(self, user, session_id, **extra):
        """A token of `user` in the sign-in session `session_id`; `extra` claims (e.g.
        `enrol=1`: the account must enrol a second factor first) ride along."""
        now = int(time.time())
        claims = {"sub": str(user.id), "ver": user.token_version, "sid": session_id, "iat": now, "exp": now + self.ttl}
        claims.update(extra)
        return jwt.encode(claims, self.secret, algorithm="HS256")

    def read(self, token):
        """The claims of a valid token, or None (tampered, expired, other algorithm)."""
        try:
            return jwt.decode(
                token, self.secret, algorithms=["HS256"], options={"require": ["sub", "exp", "iat", "ver", "sid"]}
            )
        except jwt.PyJWTError:
            return None


def bearer_token(request):
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


class SecurityPolicy:
    def __init__(self, tokens, load_user):
        self.tokens = tokens
        self.load_user = load_user  # (request, user_id, session_id) -> (user, last_seen) or None

    def identity(self, request):
        cache = request.environ
        if "smogpanel.identity" not in cache:
            cache["smogpanel.identity"] = self._identify(request)
        return cache["smogpanel.identity"]

    def _identify(self, request):
        token = bearer_token(request)
        claims = self.tokens.read(token) if token else None
        if claims is None:
            return None
        try:
            user_id, session_id = int(claims["sub"]), int(claims["sid"])
        except (TypeError, ValueError):
            return None
        found = self.load_user(request, user_id, session_id)  # None: no such account or open session
        if found is None or found[0].token_version != claims["ver"]:
            return None
        user, last_seen = found
        request.environ[SESSION_ENVIRON] = session_id
        if claims.get("enrol"):
            request.environ[ENROLMENT_ENVIRON] = True
        touch(request, session_id, last_seen)
        return user

    def authenticated_userid(self, request):
        user = self.identity(request)
        return None if user is None else user.id

    def permits(self, request, context, permission):
        user = self.identity(request)
        if user is None:
            return Denied("not signed in")
        if hasattr(context, "__acl__"):  # a kind's or a record's rules (smogpanel.authority)
            return authority.permits(user, context, permission)
        if permission == SUPER and not user.super:
            return Denied("super administrators only")
        return Allowed("signed in")

    def remember(self, request, userid, **kw):
        return []

    def forget(self, request, **kw):
        return []


def _check_csrf_when_cookie_present(request):
    return CSRF_COOKIE in request.cookies


def settings_secret(settings):
    secret = settings.get("smogpanel.secret") or DEVELOPMENT_SECRET
    if settings.get("smogpanel.environment") == "production" and secret == DEVELOPMENT_SECRET:
        raise ConfigurationError("Refusing to start in production with the development secret: set SMOGPANEL_SECRET.")
    if settings.get("smogpanel.environment") == "production" and len(secret) < 32:
        raise ConfigurationError("SMOGPANEL_SECRET must be at least 32 characters long in production.")
    return secret


def includeme(config):
    settings = config.registry.settings
    tokens = Tokens(settings_secret(settings), int(settings.get("smogpanel.token_ttl", 600)))
    config.registry["smogpanel.tokens"] = tokens

    table, sessions = User.__table__, UserSession.__table__
    every_one_publishes = mode(settings) == IMMEDIATE  # the `publish` permission counts in `reviewed` mode
    # Built once with bound parameters: building the clauses per request cost more than the join.
    identity_query = (
        sa.select(*(table.c[name] for name in Identity._fields), table.c.deleted, sessions.c.last_seen)
        .select_from(table.join(sessions, sessions.c.user_id == table.c.id))
        .where(
            table.c.id == sa.bindparam("user_id"),
            sessions.c.id == sa.bindparam("session_id"),
            sessions.c.ended.is_(None),
        )
    )

    def load_user(request, user_id, session_id):
        # One Core read per request, no ORM object: this runs on every signed-in call. The
        # account and its open session by their primary keys, in one query. Views that
        # change the account load the ORM User themselves.
        parameters = {"user_id": user_id, "session_id": session_id}
        row = request.db.connection().execute(identity_query, parameters).first()
        if row is None or row.deleted is not None:
            return None
        identity = Identity(*row[:-2])
        return (identity._replace(publish=1) if every_one_publishes else identity), row.last_seen

    config.set_security_policy(SecurityPolicy(tokens, load_user))
    config.set_default_permission(AUTHENTICATED)
    config.set_csrf_storage_policy(CookieCSRFStoragePolicy(cookie_name=CSRF_COOKIE, samesite="Strict", httponly=False))
    config.set_default_csrf_options(
        require_csrf=True, header=CSRF_HEADER, token=None, callback=_check_csrf_when_cookie_present
    )
    config.add_forbidden_view(forbidden_view)
    config.add_exception_view(csrf_failed_view, context=BadCSRFToken)


def forbidden_view(request):
    """Pyramid denied a permission: 401 for someone not signed in, else 403."""
    if request.identity is None:
        return error_response("UNAUTHORISED")
    rules = getattr(request.context, "rules", None)  # a kind's view (smogpanel.authority.Context)
    denied = getattr(request.exception, "result", None)
    permission = getattr(denied, "permission", None)
    if getattr(denied, "reason", None):
        reason = denied.reason
    elif rules is not None and permission in authority.ACTIONS:
        reason = rules.refusal(permission, getattr(denied, "ace", None), authority.principals(request.identity))
    else:
        reason = authority.REFUSED
    return error_response("FORBIDDEN", [{"name": "", "description": reason}])


def csrf_failed_view(exc, request):
    return error_response(
        "FORBIDDEN",
        [{"name": "csrf", "description": "Brak albo niepoprawny token CSRF. Odśwież stronę i spróbuj ponownie."}],
    )
