"""/api/auth: sign in, extend the session, restore a forgotten password, set it from the link.

A failed sign-in is recorded for throttling, so the login view *returns* its error response
(raising would roll the request's transaction back, and the record with it).
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
from ..schemas import normalise_email
from ..security import hash_password, verify_password
from ..settings import public_url
from ..throttle import Throttle, login_throttle, restore_throttle
from ..validation import body_validator, validate
from .devices import known_device, remember_device
from .models import PasswordReset, User
from .schemas import LoginSchema, ResetSchema, RestoreSchema

RESTORE_VALIDITY = timedelta(hours=1)
RESTORE_SLOW_LANE = timedelta(minutes=15)  # past the e-mail's quota, one more link this often
INVITATION_VALIDITY = timedelta(hours=72)

WRONG_LOGIN = "Niepoprawny e-mail lub hasło."
TOO_MANY = "Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za kilkanaście minut."
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
    remember_device(request, email)
    return request.registry["smogpanel.tokens"].issue(user)


class _Hash:
    """A user's stored hash, read in the throttle's transaction, for `check_password`."""

    def __init__(self, password_hash):
        self.password_hash = password_hash


def extend(request):
    return request.registry["smogpanel.tokens"].issue(request.identity)


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
    for service in (login_service, extend_service, restore_service, reset_service):
        config.add_cornice_service(service)
    add_writing_route(config, restore_service.name)  # a GET that writes (SPEC)
