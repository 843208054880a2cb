"""Second factors of an account: a TOTP app (RFC 6238), passkeys (WebAuthn, smogpanel.users.
passkeys) and ten single-use recovery codes; the setting that requires them; the short-lived
ticket between the password and the second step; and the record of every change (history,
kind "user", and a mail to the account).

The setting `smogpanel.two_factor` (SMOGPANEL_TWO_FACTOR): `off` (the default: development.ini's
demo and the tests stay password-only), `super` (or `on`: super administrators must enrol one;
production.ini sets it), `everyone`. An account the setting covers that has no factor yet signs in with its
password and gets a token good only for enrolling one (the claim `enrol`, see `ENROL_ROUTES`).

Sign-in is two steps only for an account that has a factor; see smogpanel.users.auth.
"""

import hashlib
import hmac
import secrets
import time
from datetime import datetime

import jwt
import pyotp
import segno
import sqlalchemy as sa
from pyramid.exceptions import ConfigurationError
from sqlalchemy.orm import Mapped, mapped_column

from .. import history
from ..authority import ASKED
from ..db import Base, UTCDateTime, utcnow
from ..mail import send_mail
from ..models import HistoryEntry, OutboxMail
from .passkeys import Passkey

SETTING = "smogpanel.two_factor"
POLICIES = ("off", "super", "everyone")
ALIASES = {"on": "super", "": "off"}
TOTP_ISSUER = "Smogpanel"
TOTP_STEP = 30
RECOVERY_CODES = 10
# 16 characters of a 31-letter alphabet: about 79 bits each, so a plain SHA-256 is enough to keep
# them (no slow hash needed: guessing one from its hash is out of reach), and a code is found
# by its hash in one indexed read.
RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/i/l to misread
TICKET_TTL = 300  # seconds between the password and the second step
TICKET_PURPOSE = "second-factor"
MAIL_SUBJECT = "Smogpanel: zmiana zabezpieczeń konta"


class TotpFactor(Base):
    """The account's TOTP app: the shared secret (RFC 6238 needs it in the clear on both
    sides), when it was confirmed with a first code, and the last time step accepted, so a
    code is good once."""

    __tablename__ = "user_totp"

    user_id: Mapped[int] = mapped_column(sa.ForeignKey("user_account.id"), primary_key=True)
    secret: Mapped[str] = mapped_column(sa.String(64), nullable=False)
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    confirmed: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_step: Mapped[int | None] = mapped_column(sa.BigInteger)


class RecoveryCode(Base):
    __tablename__ = "user_recovery_code"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("user_account.id"), nullable=False, index=True)
    code_hash: Mapped[str] = mapped_column(sa.String(64), nullable=False, unique=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    used: Mapped[datetime | None] = mapped_column(UTCDateTime)


# -- the setting ----------------------------------------------------------------------------------
def policy(settings):
    value = str(settings.get(SETTING) or "").strip().lower()
    value = ALIASES.get(value, value)
    if value not in POLICIES:
        raise ConfigurationError(
            f"{SETTING} (SMOGPANEL_TWO_FACTOR) must be one of off, super (or on), everyone, not {value!r}."
        )
    return value


def required_for(settings, user):
    """True when the setting makes this account enrol a second factor."""
    rule = policy(settings)
    return rule == "everyone" or (rule == "super" and bool(user.super))


# -- what an account has -----------------------------------------------------------------------------
def methods_of(db, user_id):
    """The second steps the account can take: ["totp", "recovery", "passkey"] as it has them."""
    totp = db.scalar(sa.select(sa.func.count()).where(TotpFactor.user_id == user_id, TotpFactor.confirmed.is_not(None)))
    passkeys = db.scalar(sa.select(sa.func.count()).where(Passkey.user_id == user_id))
    methods = (["totp"] if totp else []) + (["passkey"] if passkeys else [])
    if methods and recovery_codes_left(db, user_id):
        methods.insert(1 if totp else 0, "recovery")
    return methods


def has_factor(db, user_id):
    return bool(methods_of(db, user_id))


def must_enrol(request, user):
    """True when the setting covers the account and it has no factor yet (a token for it
    carries `enrol`)."""
    return required_for(request.registry.settings, user) and not has_factor(request.db, user.id)


def recovery_codes_left(db, user_id):
    return db.scalar(sa.select(sa.func.count()).where(RecoveryCode.user_id == user_id, RecoveryCode.used.is_(None)))


# -- TOTP ---------------------------------------------------------------------------------------------
def new_totp_secret():
    return pyotp.random_base32(32)  # 160 bits, as RFC 4226 recommends


def totp_uri(secret, email):
    return pyotp.TOTP(secret, interval=TOTP_STEP).provisioning_uri(name=email, issuer_name=TOTP_ISSUER)


def qr_data_uri(text):
    """The QR code as an SVG data: URI, for an <img> under the panel's CSP (img-src data:)."""
    return segno.make(text, error="m").svg_data_uri(scale=5, border=2)


def accepted_step(factor, code, now=None):
    """The time step a code is good for (the current one or one either side, for clocks a
    little off), newer than the last one used; else None. `code`: digits, spaces ignored."""
    code = "".join(str(code or "").split())
    if len(code) != 6 or not code.isdigit():
        return None
    totp = pyotp.TOTP(factor.secret, interval=TOTP_STEP)
    current = int((time.time() if now is None else now) // TOTP_STEP)
    for step in (current, current - 1, current + 1):
        if factor.last_step is not None and step <= factor.last_step:
            continue
        if hmac.compare_digest(totp.at(step * TOTP_STEP), code):
            return step
    return None


def check_totp(db, user_id, code):
    """True, and the step spent, when `code` is the account's current TOTP code."""
    factor = db.get(TotpFactor, user_id)
    if factor is None or factor.confirmed is None:
        return False
    step = accepted_step(factor, code)
    if step is None:
        return False
    factor.last_step = step
    return True


# -- recovery codes ---------------------------------------------------------------------------------
def _normal_code(code):
    return "".join(ch for ch in str(code or "").lower() if ch.isalnum())


def code_hash(code):
    return hashlib.sha256(_normal_code(code).encode()).hexdigest()


def looks_like_recovery_code(code):
    return len(_normal_code(code)) == 16


def new_recovery_codes(db, user_id):
    """Ten new codes (the old ones stop working); only their hashes are kept, the codes are
    answered once."""
    db.execute(sa.delete(RecoveryCode).where(RecoveryCode.user_id == user_id))
    codes, now = [], utcnow()
    for _ in range(RECOVERY_CODES):
        raw = "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(16))
        codes.append("-".join(raw[i : i + 4] for i in range(0, 16, 4)))
    db.add_all(RecoveryCode(user_id=user_id, code_hash=code_hash(code), created=now) for code in codes)
    db.flush()
    return codes


def use_recovery_code(db, user_id, code):
    """True when `code` is one of the account's unused codes; it is spent."""
    if not looks_like_recovery_code(code):
        return False
    spent = db.execute(
        sa.update(RecoveryCode)
        .where(RecoveryCode.user_id == user_id, RecoveryCode.code_hash == code_hash(code), RecoveryCode.used.is_(None))
        .values(used=utcnow())
        .execution_options(synchronize_session=False)
    )
    return spent.rowcount == 1


def forget_factors(db, user_id):
    """Removes every factor and recovery code of the account (`smogpanel user reset-2fa`)."""
    removed = []
    if db.get(TotpFactor, user_id) is not None:
        removed.append("totp")
    db.execute(sa.delete(TotpFactor).where(TotpFactor.user_id == user_id))
    if db.execute(sa.delete(Passkey).where(Passkey.user_id == user_id)).rowcount:
        removed.append("passkeys")
    db.execute(sa.delete(RecoveryCode).where(RecoveryCode.user_id == user_id))
    return removed


# -- the ticket between the password and the second step ----------------------------------------
def issue_ticket(request, user, email):
    """Signed, short-lived, naming the account and its token version (a password changed
    meanwhile voids it); alone it signs nobody in. Each one unique (`jti`): a ticket is spent by
    its own value, and two sign-ins in one second must not share one."""
    now = int(time.time())
    claims = {
        "typ": TICKET_PURPOSE,
        "jti": secrets.token_urlsafe(12),
        "sub": str(user.id),
        "ver": user.token_version,
        "email": email,
        "iat": now,
        "exp": now + TICKET_TTL,
    }
    return jwt.encode(claims, request.registry["smogpanel.tokens"].secret, algorithm="HS256")


def read_ticket(request, ticket):
    """The claims of a valid ticket, or None."""
    try:
        claims = jwt.decode(
            str(ticket or ""),
            request.registry["smogpanel.tokens"].secret,
            algorithms=["HS256"],
            options={"require": ["typ", "sub", "ver", "email", "exp"]},
        )
    except jwt.PyJWTError:
        return None
    return claims if claims["typ"] == TICKET_PURPOSE else None


# -- the record of every change: history and a mail -------------------------------------------------
EVENTS = {
    "totp_added": ("Dodano aplikację uwierzytelniającą (TOTP) jako drugi składnik logowania.", ["", "włączona"]),
    "totp_removed": ("Usunięto aplikację uwierzytelniającą (TOTP).", ["włączona", ""]),
    "passkey_added": ("Dodano klucz dostępu „{name}”.", None),
    "passkey_removed": ("Usunięto klucz dostępu „{name}”.", None),
    "recovery_codes": ("Wygenerowano nowe kody odzyskiwania; poprzednie przestały działać.", None),
    "recovery_used": ("Zalogowano się kodem odzyskiwania. Pozostało kodów: {left}.", None),
    "reset": ("Administrator systemu usunął drugie składniki logowania konta (smogpanel user reset-2fa).", None),
}
FIELDS = {
    "totp_added": "totp",
    "totp_removed": "totp",
    "passkey_added": "passkeys",
    "passkey_removed": "passkeys",
    "recovery_codes": "recovery_codes",
    "recovery_used": "recovery_codes",
    "reset": "two_factor",
}


def record_event(request, user, event, **details):
    """History (kind "user", the account) and a mail to the account for a change of its
    factors. `request` is the web request or, from the CLI, a database Session."""
    text = EVENTS[event][0].format(**details)
    change = EVENTS[event][1] or ["", text]
    web = not isinstance(request, sa.orm.Session)
    if web:
        # The account's own change (or its own sign-in): nothing a kind's rules decide.
        request.environ.setdefault(ASKED, set()).add(("user", "update", user.id))
    entry = history.record(request, "update", "user", user.id, user.email, {FIELDS[event]: change})
    db = request.db if web else request
    if web and request.identity is None:  # the second step of a sign-in: the account did it
        table = HistoryEntry.__table__
        db.execute(sa.update(table).where(table.c.id == entry).values(user_id=user.id, user_email=user.email))
    body = (
        "Dzień dobry,\n\n"
        f"na Twoim koncie w Smogpanelu ({user.email}) nastąpiła zmiana zabezpieczeń:\n\n"
        f"{text}\n\n"
        "Jeśli to nie Ty, natychmiast zmień hasło i skontaktuj się z administratorem panelu.\n\n"
        "Smogpanel\n"
    )
    if web:
        send_mail(request, user.email, MAIL_SUBJECT, body)
    else:  # queued; the CLI delivers it after its commit (or the scheduler's retry does)
        db.add(OutboxMail(recipient=user.email, subject=MAIL_SUBJECT, body=body, created=utcnow(), attempts=0))
    return entry


def includeme(config):
    policy(config.registry.settings)  # a wrong value stops the start with the reason
