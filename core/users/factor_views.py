"""/api/user/2fa: one's own second factors (smogpanel.users.factors, .passkeys).

    GET    /api/user/2fa                     what the account has and whether it must enrol
    POST   /api/user/2fa/totp                starts adding a TOTP app: secret, otpauth URI, QR
    POST   /api/user/2fa/totp/confirm        {code}: the app's first code confirms it
    DELETE /api/user/2fa/totp                removes the app
    POST   /api/user/2fa/recovery-codes      ten new recovery codes (the old ones stop working)
    POST   /api/user/2fa/passkeys/options    starts registering a passkey
    POST   /api/user/2fa/passkeys            {name, challenge, credential}: registers it
    DELETE /api/user/2fa/passkeys/{id}       removes one

Recovery codes are answered once: when the first factor is added and when asked for anew.
An answer that completes the enrolment of a token limited to enrolling carries a fresh,
unlimited `token` of the same session.
"""

import sqlalchemy as sa
from cornice import Service
from pyramid.events import ContextFound

from ..db import utcnow
from ..envelope import ApiError, error_response
from ..validation import body_validator
from . import factors
from .factors import RecoveryCode, TotpFactor, record_event
from .models import User
from .passkeys import Passkey, passkeys_of, register, registration_options
from .passkeys import serialise as serialise_passkey
from .schemas import CodeSchema, PasskeyRegisterSchema
from .sessions import ENROLMENT_ENVIRON, current_session_id, issue_token

WRONG_CODE = "Niepoprawny kod. Sprawdź czas w telefonie i wpisz kod, który aplikacja pokazuje teraz."
STILL_REQUIRED = (
    "Na tym koncie drugi składnik logowania jest wymagany: dodaj inny (aplikację albo klucz dostępu), "
    "zanim usuniesz ostatni."
)


def _user(request):
    return request.db.get(User, request.identity.id)


def status(request):
    user_id = request.identity.id
    totp = request.db.get(TotpFactor, user_id)
    return {
        "policy": factors.policy(request.registry.settings),
        "required": factors.required_for(request.registry.settings, request.identity),
        "must_enrol": bool(request.environ.get(ENROLMENT_ENVIRON)),
        "totp": totp is not None and totp.confirmed is not None,
        "passkeys": [serialise_passkey(p) for p in passkeys_of(request.db, user_id)],
        "recovery_codes_left": factors.recovery_codes_left(request.db, user_id),
        "methods": factors.methods_of(request.db, user_id),
    }


def _after_enrolment(request, user, first):
    """The answer's extras once a factor is added: recovery codes when it is the first, and a
    fresh token when this one was limited to enrolling."""
    answer = {}
    if first:
        answer["recovery_codes"] = factors.new_recovery_codes(request.db, user.id)
    if request.environ.get(ENROLMENT_ENVIRON):
        answer["token"] = issue_token(request, user, session_id=current_session_id(request))
    return answer


def start_totp(request):
    user = _user(request)
    factor = request.db.get(TotpFactor, user.id)
    if factor is not None and factor.confirmed is not None:
        raise ApiError(
            "CONFLICT",
            [{"name": "", "description": "Aplikacja uwierzytelniająca jest już dodana. Usuń ją, aby dodać nową."}],
        )
    if factor is None:
        factor = TotpFactor(user_id=user.id, secret="", created=utcnow())
        request.db.add(factor)
    factor.secret, factor.created, factor.last_step = factors.new_totp_secret(), utcnow(), None
    uri = factors.totp_uri(factor.secret, user.email)
    return {"secret": factor.secret, "uri": uri, "qr": factors.qr_data_uri(uri)}


def confirm_totp(request):
    user = _user(request)
    factor = request.db.get(TotpFactor, user.id)
    if factor is None or factor.confirmed is not None:
        raise ApiError.invalid("code", "Najpierw rozpocznij dodawanie aplikacji.")
    step = factors.accepted_step(factor, request.validated["code"])
    if step is None:
        raise ApiError.invalid("code", WRONG_CODE)
    first = not factors.has_factor(request.db, user.id)
    factor.confirmed, factor.last_step = utcnow(), step
    request.db.flush()
    record_event(request, user, "totp_added")
    return _after_enrolment(request, user, first)


def _forget_codes_when_none_left(request, user):
    if not factors.has_factor(request.db, user.id):
        request.db.execute(sa.delete(RecoveryCode).where(RecoveryCode.user_id == user.id))


def remove_totp(request):
    user = _user(request)
    factor = request.db.get(TotpFactor, user.id)
    if factor is None:
        raise ApiError("NOT_FOUND", [{"name": "", "description": "Na tym koncie nie ma aplikacji."}])
    if factor.confirmed is not None:
        only_totp = factors.methods_of(request.db, user.id) in (["totp"], ["totp", "recovery"])
        if only_totp and factors.required_for(request.registry.settings, user):
            raise ApiError("FORBIDDEN", [{"name": "", "description": STILL_REQUIRED}])
    confirmed = factor.confirmed is not None
    request.db.delete(factor)
    request.db.flush()
    if confirmed:
        _forget_codes_when_none_left(request, user)
        record_event(request, user, "totp_removed")
    return "Aplikacja uwierzytelniająca została usunięta."


def new_codes(request):
    user = _user(request)
    if not factors.has_factor(request.db, user.id):
        raise ApiError.invalid("", "Kody odzyskiwania działają razem z drugim składnikiem: najpierw dodaj aplikację.")
    codes = factors.new_recovery_codes(request.db, user.id)
    record_event(request, user, "recovery_codes")
    return {"recovery_codes": codes}


def passkey_options(request):
    return {"options": registration_options(request, _user(request))}


def add_passkey(request):
    """A refused answer is returned, not raised, so the transaction still commits the spent
    challenge: it cannot be tried again."""
    user, data = _user(request), request.validated
    first = not factors.has_factor(request.db, user.id)
    try:
        passkey = register(request, user, data["credential"], data["challenge"], data["name"])
    except ApiError as refused:
        return error_response(refused.code, refused.errors)
    record_event(request, user, "passkey_added", name=passkey.name)
    return dict(serialise_passkey(passkey), **_after_enrolment(request, user, first))


def remove_passkey(request):
    user = _user(request)
    try:
        passkey = request.db.get(Passkey, int(request.matchdict["passkey_id"]))
    except ValueError:
        passkey = None
    if passkey is None or passkey.user_id != user.id:
        raise ApiError("NOT_FOUND", [{"name": "", "description": "Nie ma takiego klucza dostępu."}])
    methods = factors.methods_of(request.db, user.id)
    last_passkey = len(passkeys_of(request.db, user.id)) == 1
    if last_passkey and "totp" not in methods and factors.required_for(request.registry.settings, user):
        raise ApiError("FORBIDDEN", [{"name": "", "description": STILL_REQUIRED}])
    name = passkey.name
    request.db.delete(passkey)
    request.db.flush()
    _forget_codes_when_none_left(request, user)
    record_event(request, user, "passkey_removed", name=name)
    return "Klucz dostępu został usunięty."


# The routes a token limited to enrolling may use (smogpanel.users.factors, `enrol`).
ENROL_ROUTES = frozenset(
    {
        "user-me",
        "auth-extend",
        "api-plugins",
        "user-2fa",
        "user-2fa-totp",
        "user-2fa-totp-confirm",
        "user-2fa-recovery-codes",
        "user-2fa-passkey-options",
        "user-2fa-passkeys",
        "user-2fa-passkey",
        "user-sessions",
        "user-session",
        "user-sessions-end-others",
    }
)
MUST_ENROL = (
    "Na tym koncie wymagany jest drugi składnik logowania. Dodaj go w swoim profilu (Mój profil), "
    "aby korzystać z panelu."
)


def only_enrolment_until_enrolled(event):
    """A token limited to enrolling reaches the enrolment and little else (403 with the reason)."""
    request = event.request
    path = request.path
    if "Authorization" not in request.headers or not path.startswith("/api/") or path.startswith("/api/public/"):
        return  # public payloads stay as they are
    route = request.matched_route
    if route is None or route.name in ENROL_ROUTES or route.name.startswith("auth-"):
        return
    if request.identity is not None and request.environ.get(ENROLMENT_ENVIRON):
        raise ApiError("FORBIDDEN", [{"name": "two_factor", "description": MUST_ENROL}])


def includeme(config):
    signed_in = {"renderer": "envelope"}
    services = []

    def service(name, path, description, *views):
        made = Service(name=name, path=path, description=description)
        for method, view, extra in views:
            made.add_view(method, view, **signed_in, **extra)
        services.append(made)

    code = {"schema": CodeSchema(), "validators": (body_validator,)}
    service("user-2fa", "/api/user/2fa", "One's own second factors", ("GET", status, {}))
    service(
        "user-2fa-totp",
        "/api/user/2fa/totp",
        "Adds (starts) or removes a TOTP app",
        ("POST", start_totp, {}),
        ("DELETE", remove_totp, {}),
    )
    service(
        "user-2fa-totp-confirm", "/api/user/2fa/totp/confirm", "Confirms the TOTP app", ("POST", confirm_totp, code)
    )
    service("user-2fa-recovery-codes", "/api/user/2fa/recovery-codes", "New recovery codes", ("POST", new_codes, {}))
    service(
        "user-2fa-passkey-options",
        "/api/user/2fa/passkeys/options",
        "Starts registering a passkey",
        ("POST", passkey_options, {}),
    )
    service(
        "user-2fa-passkeys",
        "/api/user/2fa/passkeys",
        "Registers a passkey",
        ("POST", add_passkey, {"schema": PasskeyRegisterSchema(), "validators": (body_validator,)}),
    )
    service(
        "user-2fa-passkey",
        "/api/user/2fa/passkeys/{passkey_id:\\d+}",
        "Removes a passkey",
        ("DELETE", remove_passkey, {}),
    )
    for made in services:
        config.add_cornice_service(made)
    if factors.policy(config.registry.settings) != "off":  # no cost at all while the setting is off
        config.add_subscriber(only_enrolment_until_enrolled, ContextFound)
