"""/api/auth: sign in, extend the session, restore a forgotten password, set it from the link.

A failed sign-in is recorded for throttling, so the login view *returns* its error response
(raising would roll the request's transaction back, and the record with it).

An account with a second factor (smogpanel.users.factors) signs in in two steps: the password
answers `{two_factor: "required", ticket, methods}` instead of a token, and
`POST /api/auth/login/second-factor {ticket, code}` (a TOTP or recovery code) or
`POST /api/auth/passkey {ticket, challenge, credential}` answers the token. A passkey alone
signs in too (`POST /api/auth/passkey` without a ticket). Every sign-in starts a session
(smogpanel.users.sessions) whose id the token carries.
"""

import hashlib
import secrets
from datetime import timedelta

import sqlalchemy as sa
from cornice import Service
from pyramid.security import NO_PERMISSION_REQUIRED

from ..db import add_writing_route, own_transaction, utcnow
from ..envelope import ApiError, error_response
from ..mail import send_mail
from ..passwords import hash_password, verify_password
from ..schemas import normalise_email
from ..settings import public_url
from ..throttle import LOGIN_DEFAULTS, Throttle, client_address, login_throttle, restore_throttle, setting
from ..validation import body_validator, validate
from . import factors
from .devices import known_device, remember_device
from .models import PasswordReset, User
from .passkeys import authenticate, authentication_options, spend_challenge
from .schemas import (
    LoginSchema,
    PasskeyOptionsSchema,
    PasskeySignInSchema,
    ResetSchema,
    RestoreSchema,
    SecondFactorSchema,
)
from .sessions import current_session_id, end_sessions, issue_token

RESTORE_VALIDITY = timedelta(hours=1)
RESTORE_SLOW_LANE = timedelta(minutes=15)  # past the e-mail's quota, one more link this often
INVITATION_VALIDITY = timedelta(hours=72)

WRONG_LOGIN = "Niepoprawny e-mail lub hasło."
TOO_MANY = "Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za kilkanaście minut."
WRONG_CODE = "Niepoprawny kod."
TOO_MANY_CODES = "Zbyt wiele błędnych kodów. Spróbuj ponownie za kilkanaście minut."
TICKET_GONE = "Minął czas na drugi krok logowania. Zaloguj się ponownie."
TICKET_SPENT = "Ten drugi krok logowania został już wykonany. Zaloguj się ponownie."
TOO_MANY_CHALLENGES = "Zbyt wiele prób logowania kluczem dostępu. Spróbuj ponownie za kilkanaście minut."
SECOND_STEP_ATTEMPTS = 5  # wrong codes per ticket's account (or known device) in the login window
RESTORE_ANSWER = (
    "Jeśli konto o tym adresie istnieje, wysłaliśmy na nie wiadomość z odnośnikiem do ustawienia nowego hasła."
)
BAD_LINK = "Odnośnik do ustawienia hasła jest nieprawidłowy, został już użyty albo wygasł. Poproś o nowy."

_dummy_hash = None


def find_user(db, email):
    """The live account with this (normalised) e-mail, or None."""
    statement = sa.select(User).where(sa.func.lower(User.email) == email, User.deleted.is_(None))
    return db.execute(statement.limit(1)).scalar_one_or_none()


def check_password(user, password):
    """Verifies against a real hash even for an unknown account, so the answer takes as long
    whether or not the e-mail exists."""
    global _dummy_hash
    if user is None or not user.password_hash:
        _dummy_hash = _dummy_hash or hash_password(secrets.token_hex(16))
        verify_password(_dummy_hash, password)
        return False
    return verify_password(user.password_hash, password)


def set_password(user, password):
    user.password_hash = hash_password(password)
    user.token_version += 1  # older tokens stop working


def display_name(user):
    return " ".join(part for part in (user.firstname, user.lastname) if part) or user.email


# -- password links ------------------------------------------------------------------
def token_hash(token):
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def password_link(request, user, validity):
    """A new single-use link to set the user's password; only its hash is stored."""
    token = secrets.token_urlsafe(32)
    now = utcnow()
    request.db.add(PasswordReset(user_id=user.id, token_hash=token_hash(token), created=now, expires=now + validity))
    # Never from the request (its Host header is the client's to forge): see settings.public_url.
    return f"{public_url(request.registry.settings)}/reset-password/{token}"


def send_restore_mail(request, user):
    link = password_link(request, user, RESTORE_VALIDITY)
    body = (
        f"Dzień dobry {display_name(user)},\n\n"
        "ktoś (prawdopodobnie Ty) poprosił o ustawienie nowego hasła do Smogpanelu.\n"
        "Aby ustawić nowe hasło, otwórz odnośnik:\n\n"
        f"{link}\n\n"
        "Odnośnik działa jednorazowo przez godzinę. Jeśli to nie Ty prosiłeś o zmianę hasła, "
        "zignoruj tę wiadomość: dotychczasowe hasło pozostaje bez zmian.\n\n"
        "Smogpanel\n"
    )
    send_mail(request, user.email, "Smogpanel: ustawienie nowego hasła", body)


def send_invitation_mail(request, user, inviter):
    link = password_link(request, user, INVITATION_VALIDITY)
    body = (
        f"Dzień dobry {display_name(user)},\n\n"
        f"{display_name(inviter)} założył(a) dla Ciebie konto w Smogpanelu ({user.email}).\n"
        "Aby ustawić hasło i zalogować się, otwórz odnośnik:\n\n"
        f"{link}\n\n"
        "Odnośnik działa jednorazowo przez 72 godziny. Po tym czasie otwórz stronę logowania "
        "i wybierz „Przywracanie hasła” (tak nazywa się ten odnośnik na stronie).\n\n"
        "Smogpanel\n"
    )
    send_mail(request, user.email, "Smogpanel: zaproszenie do panelu", body)


# -- views -----------------------------------------------------------------------------
def login(request):
    """The attempt is counted first, in a short transaction of its own (`Throttle.reserve`:
    atomic, so concurrent guesses check at most the limit, and no write lock is held while the
    password hash is verified); a successful sign-in takes it back and clears the e-mail's
    failures."""
    email, password = request.validated["email"], request.validated["password"]
    device = known_device(request, email)
    with own_transaction(request.registry) as db:
        throttle, limits = login_throttle(request, email, db, device)
        attempt = throttle.reserve(limits)
        user = find_user(db, email) if attempt is not None else None
        stored_hash = user.password_hash if user is not None else None
        user_id = user.id if user is not None else None
    if attempt is None:
        return error_response("TOO_MANY_ATTEMPTS", [{"name": "", "description": TOO_MANY}])
    if not check_password(user and _Hash(stored_hash), password):
        return error_response("UNAUTHORISED", [{"name": "", "description": WRONG_LOGIN}])
    user = request.db.get(User, user_id)
    if user is None or user.deleted is not None:  # deleted meanwhile
        return error_response("UNAUTHORISED", [{"name": "", "description": WRONG_LOGIN}])
    throttle = Throttle(request.db, 0)
    throttle.release(attempt)
    throttle.clear(f"email:{email}")
    if device is not None:
        throttle.clear(f"device:{device}")
    methods = factors.methods_of(request.db, user.id)
    if methods:  # the second step: the device is remembered once it is passed
        return {"two_factor": "required", "ticket": factors.issue_ticket(request, user, email), "methods": methods}
    remember_device(request, email)
    return issue_token(request, user, "password")


def second_step_throttle(request, user_id, email, db):
    """As `login_throttle`, for the codes of the second step: a known browser of the account
    counts alone, so whoever knows the password and guesses codes locks out the step for
    unknown clients only."""
    throttle = Throttle(db, setting(request.registry.settings, "smogpanel.login_window_seconds", LOGIN_DEFAULTS))
    device = known_device(request, email)
    key = f"2fa-device:{device}" if device is not None else f"2fa-user:{user_id}"
    return throttle, {key: SECOND_STEP_ATTEMPTS}


def _ticket_claims(request, ticket):
    claims = factors.read_ticket(request, ticket)
    if claims is None:
        raise ApiError.invalid("ticket", TICKET_GONE)
    return int(claims["sub"]), claims


def ticket_key(ticket):
    """The throttle key that marks a ticket spent (its hash: the ticket itself is a credential)."""
    return f"2fa-ticket:{hashlib.sha256(str(ticket).encode()).hexdigest()}"


def check_ticket_unspent(request, ticket):
    """Refuses a ticket a second step already signed in with. Locks its key until the request's
    transaction ends (PostgreSQL; SQLite's writing transaction holds the write lock), so two
    answers of one ticket at once cannot both pass."""
    spent = Throttle(request.db, factors.TICKET_TTL)
    spent.lock([ticket_key(ticket)])
    if spent.count(ticket_key(ticket)):
        raise ApiError.invalid("ticket", TICKET_SPENT)


def spend_ticket(request, ticket):
    """A ticket signs in once: kept (as long as it could be used) once its second step passed."""
    Throttle(request.db, factors.TICKET_TTL).record(ticket_key(ticket))


def _ticket_user(request, claims):
    """The account the ticket names, unless deleted or its password changed since."""
    user = request.db.get(User, int(claims["sub"]))
    if user is None or user.deleted is not None or user.token_version != claims["ver"]:
        raise ApiError.invalid("ticket", TICKET_GONE)
    return user


def second_factor(request):
    """The second step with a TOTP or recovery code. Wrong codes are counted (and kept: the
    error is returned, not raised) like wrong passwords. The attempt is counted in a
    transaction of its own before the request's reads (on SQLite this request's would
    otherwise hold the write lock the count waits for)."""
    data = request.validated
    user_id, claims = _ticket_claims(request, data["ticket"])
    email = claims["email"]
    with own_transaction(request.registry) as db:
        throttle, limits = second_step_throttle(request, user_id, email, db)
        attempt = throttle.reserve(limits)
    if attempt is None:
        return error_response("TOO_MANY_ATTEMPTS", [{"name": "code", "description": TOO_MANY_CODES}])
    user = _ticket_user(request, claims)
    check_ticket_unspent(request, data["ticket"])
    code = data["code"]
    method = "recovery" if factors.looks_like_recovery_code(code) else "totp"
    if method == "totp":
        accepted = factors.check_totp(request.db, user.id, code)
    else:
        accepted = factors.use_recovery_code(request.db, user.id, code)
    if not accepted:
        return error_response("VALIDATION_FAILED", [{"name": "code", "description": WRONG_CODE}])
    throttle = Throttle(request.db, 0)
    throttle.release(attempt)
    for key in limits:
        throttle.clear(key)
    spend_ticket(request, data["ticket"])
    if method == "recovery":
        factors.record_event(request, user, "recovery_used", left=factors.recovery_codes_left(request.db, user.id))
    remember_device(request, email)
    return issue_token(request, user, method)


def passkey_options_throttle(request, db):
    """(throttle, {key: limit}): the challenges one client address asks for, counted like its
    sign-ins (`smogpanel.login_attempts_per_address` in `smogpanel.login_window_seconds`): each
    is a row, and anyone may ask."""
    settings = request.registry.settings
    throttle = Throttle(db, setting(settings, "smogpanel.login_window_seconds", LOGIN_DEFAULTS))
    limit = setting(settings, "smogpanel.login_attempts_per_address", LOGIN_DEFAULTS)
    return throttle, {f"passkey-addr:{client_address(request)}": limit}


def passkey_options(request):
    """A challenge for a passkey: for the second step (`ticket`: the account's passkeys) or
    for a sign-in without a password. Throttled per client address (`passkey_options_throttle`);
    a passkey sign-in from the address clears its count."""
    # Counted first, in a transaction of its own: the request's own, once it has read anything,
    # holds SQLite's write lock (the ticket's account is read below).
    with own_transaction(request.registry) as db:
        throttle, limits = passkey_options_throttle(request, db)
        attempt = throttle.reserve(limits)
    if attempt is None:
        return error_response("TOO_MANY_ATTEMPTS", [{"name": "", "description": TOO_MANY_CHALLENGES}])
    ticket = request.validated.get("ticket")
    user_id = None
    if ticket:
        user_id, claims = _ticket_claims(request, ticket)
        _ticket_user(request, claims)
    return {"options": authentication_options(request, user_id)}


def passkey_sign_in(request):
    """The challenge is spent first, in a transaction of its own, so a failed answer cannot
    try it again."""
    data = request.validated
    user_id = claims = None
    if data.get("ticket"):
        user_id, claims = _ticket_claims(request, data["ticket"])
    expected = spend_challenge(request.registry, data["challenge"], "sign-in", user_id)
    if claims is not None:
        _ticket_user(request, claims)
        check_ticket_unspent(request, data["ticket"])
    passkey = authenticate(request, data["credential"], expected, user_id)
    user = request.db.get(User, passkey.user_id)
    if user is None or user.deleted is not None:
        raise ApiError.invalid("credential", WRONG_LOGIN)
    if claims is not None:
        spend_ticket(request, data["ticket"])
    throttle, limits = passkey_options_throttle(request, request.db)
    for key in limits:  # signed in: the address asks for challenges afresh
        throttle.clear(key)
    remember_device(request, claims["email"] if claims else normalise_email(user.email))
    return issue_token(request, user, "passkey")


class _Hash:
    """A user's stored hash, read in the throttle's transaction, for `check_password`."""

    def __init__(self, password_hash):
        self.password_hash = password_hash


def extend(request):
    """A fresh token of the same session."""
    return issue_token(request, request.identity, session_id=current_session_id(request))


def restore(request):
    """Always the same answer, so it never tells whether an account exists. A GET (SPEC) that
    writes the attempt, and for an account its link and mail: a writing route (see includeme)."""
    email = validate(request, RestoreSchema(), {"email": request.matchdict["email"]})["email"]
    throttle, limits = restore_throttle(request, email, device=known_device(request, email))
    user = None
    if throttle.reserve(limits) is not None:
        user = find_user(request.db, email)
    elif _only_the_email_quota_spent(throttle, limits):
        # Whoever spent the e-mail's quota, its owner gets one more link a quarter hour: a flood
        # of requests from elsewhere cannot keep them without a working link.
        candidate = find_user(request.db, email)
        if candidate is not None and _no_link_since(request.db, candidate, utcnow() - RESTORE_SLOW_LANE):
            throttle.record(*(key for key in limits if not key.startswith("restore-email:")))
            user = candidate
    if user is not None:
        send_restore_mail(request, user)
    return RESTORE_ANSWER


def _only_the_email_quota_spent(throttle, limits):
    spent = [key for key, limit in limits.items() if throttle.count(key) >= limit]
    return bool(spent) and all(key.startswith("restore-email:") for key in spent)


def _no_link_since(db, user, since):
    newest = db.scalar(sa.select(sa.func.max(PasswordReset.created)).where(PasswordReset.user_id == user.id))
    return newest is None or newest <= since


def reset(request):
    data = request.validated
    now = utcnow()
    link = request.db.execute(
        sa.select(PasswordReset).where(PasswordReset.token_hash == token_hash(data["token"]))
    ).scalar_one_or_none()
    user = request.db.get(User, link.user_id) if link is not None else None
    if link is None or link.used is not None or link.expires <= now or user is None or user.deleted is not None:
        raise ApiError.invalid("token", BAD_LINK)
    set_password(user, data["password"])
    end_sessions(request.db, user.id)  # whoever knew the old password is signed out everywhere
    # This link and any other outstanding one of the account are spent.
    request.db.execute(
        sa.update(PasswordReset)
        .where(PasswordReset.user_id == user.id, PasswordReset.used.is_(None))
        .values(used=now)
        .execution_options(synchronize_session="fetch")
    )
    Throttle(request.db, 0).clear(f"email:{normalise_email(user.email)}")  # let them sign in now
    return "Hasło zostało ustawione. Możesz się zalogować."


def includeme(config):
    public = {"renderer": "envelope", "permission": NO_PERMISSION_REQUIRED}
    login_service = Service(name="auth-login", path="/api/auth/login", description="Sign in: a JWT in message")
    login_service.add_view("POST", login, schema=LoginSchema(), validators=(body_validator,), **public)
    extend_service = Service(name="auth-extend", path="/api/auth/extend", description="A fresh token")
    extend_service.add_view("GET", extend, renderer="envelope")
    restore_service = Service(
        name="auth-restore", path="/api/auth/restore/{email}", description="E-mails a link to set a new password"
    )
    restore_service.add_view("GET", restore, **public)
    reset_service = Service(name="auth-reset", path="/api/auth/reset", description="Sets the password from a link")
    reset_service.add_view("POST", reset, schema=ResetSchema(), validators=(body_validator,), **public)
    second = Service(
        name="auth-second-factor",
        path="/api/auth/login/second-factor",
        description="The second step of a sign-in: a TOTP or recovery code, a JWT in message",
    )
    second.add_view("POST", second_factor, schema=SecondFactorSchema(), validators=(body_validator,), **public)
    passkey_challenge = Service(
        name="auth-passkey-options", path="/api/auth/passkey/options", description="A challenge for a passkey"
    )
    passkey_challenge.add_view(
        "POST", passkey_options, schema=PasskeyOptionsSchema(), validators=(body_validator,), **public
    )
    passkey = Service(name="auth-passkey", path="/api/auth/passkey", description="Sign in with a passkey: a JWT")
    passkey.add_view("POST", passkey_sign_in, schema=PasskeySignInSchema(), validators=(body_validator,), **public)
    services = (login_service, extend_service, restore_service, reset_service, second, passkey_challenge, passkey)
    for service in services:
        config.add_cornice_service(service)
    add_writing_route(config, restore_service.name)  # a GET that writes (SPEC)
