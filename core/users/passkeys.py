"""Passkeys (WebAuthn, with the `webauthn` library): a second factor after the password, and a
sign-in without one for an account that registered a passkey (a discoverable credential
with user verification).

The relying party is the panel's public address (`smogpanel.public_url`, settings.public_url):
its host name is the RP ID and its scheme, host and port the only origin accepted, never the
request's Host header. Browsers accept `localhost` and HTTPS addresses only (not a bare IP).

Every ceremony's challenge is a row of `auth_challenge`, spent by the answer that uses it
(single use) and good for CHALLENGE_TTL.
"""

import json
from datetime import datetime, timedelta
from urllib.parse import urlsplit

import sqlalchemy as sa
import webauthn
from sqlalchemy.orm import Mapped, mapped_column
from webauthn.helpers import bytes_to_base64url, options_to_json
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ..db import Base, UTCDateTime, own_transaction, utcnow
from ..envelope import ApiError
from ..settings import public_url

CHALLENGE_TTL = timedelta(minutes=5)
RP_NAME = "Smogpanel"
MAX_PASSKEYS = 20
FAILED = "Klucz dostępu nie został potwierdzony. Spróbuj ponownie."
EXPIRED = "Minął czas na użycie klucza dostępu. Spróbuj ponownie."
UNKNOWN = "Ten klucz dostępu nie jest zarejestrowany w panelu."
# What a malformed or forged answer raises (the library's own errors, bad base64 or CBOR, missing
# fields): the client's mistake, a 400, never a 500.
BROKEN = (WebAuthnException, ValueError, KeyError, TypeError, AttributeError, IndexError)


class Passkey(Base):
    __tablename__ = "user_passkey"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("user_account.id"), nullable=False, index=True)
    credential_id: Mapped[str] = mapped_column(sa.String(400), nullable=False, unique=True)  # base64url
    public_key: Mapped[bytes] = mapped_column(sa.LargeBinary, nullable=False)
    sign_count: Mapped[int] = mapped_column(sa.BigInteger, nullable=False, default=0)
    name: Mapped[str] = mapped_column(sa.String(100), nullable=False, default="")
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    last_used: Mapped[datetime | None] = mapped_column(UTCDateTime)


class AuthChallenge(Base):
    """A WebAuthn challenge handed out and not yet answered."""

    __tablename__ = "auth_challenge"

    challenge: Mapped[str] = mapped_column(sa.String(100), primary_key=True)  # base64url
    purpose: Mapped[str] = mapped_column(sa.String(20), nullable=False)  # register | sign-in
    user_id: Mapped[int | None] = mapped_column(sa.Integer)
    expires: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False, index=True)


def relying_party(settings):
    """(RP ID, origin) from the public address."""
    parts = urlsplit(public_url(settings))
    origin = f"{parts.scheme}://{parts.netloc}"
    return parts.hostname, origin


def serialise(passkey):
    return {"id": passkey.id, "name": passkey.name, "created": passkey.created, "last_used": passkey.last_used}


def passkeys_of(db, user_id):
    return db.scalars(sa.select(Passkey).where(Passkey.user_id == user_id).order_by(Passkey.id)).all()


def _keep_challenge(db, options, purpose, user_id):
    now = utcnow()
    db.execute(sa.delete(AuthChallenge).where(AuthChallenge.expires < now))  # the unanswered ones
    db.add(
        AuthChallenge(
            challenge=bytes_to_base64url(options.challenge),
            purpose=purpose,
            user_id=user_id,
            expires=now + CHALLENGE_TTL,
        )
    )
    db.flush()


def _spend(db, challenge, purpose, user_id):
    """The challenge's bytes when it was handed out for this purpose (and account) and is
    still good; it cannot be used again either way."""
    challenge = str(challenge or "")[:100]
    row = db.get(AuthChallenge, challenge) if challenge else None
    if row is None:
        return None
    db.delete(row)
    db.flush()
    if row.purpose != purpose or row.expires <= utcnow() or row.user_id != user_id:
        return None
    return webauthn.base64url_to_bytes(challenge)


def spend_challenge(registry, challenge, purpose, user_id):
    """`_spend` in a transaction of its own, committed even when the answer then fails."""
    with own_transaction(registry) as db:
        expected = _spend(db, challenge, purpose, user_id)
    if expected is None:
        raise ApiError.invalid("credential", EXPIRED)
    return expected


def _descriptor(passkey):
    return PublicKeyCredentialDescriptor(id=webauthn.base64url_to_bytes(passkey.credential_id))


# -- registering ----------------------------------------------------------------------------------
def registration_options(request, user):
    rp_id, _ = relying_party(request.registry.settings)
    options = webauthn.generate_registration_options(
        rp_id=rp_id,
        rp_name=RP_NAME,
        user_name=user.email,
        user_id=str(user.id).encode(),
        user_display_name=" ".join(p for p in (user.firstname, user.lastname) if p) or user.email,
        # Discoverable and verified, so the same passkey also signs in without a password.
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.REQUIRED,
        ),
        exclude_credentials=[_descriptor(p) for p in passkeys_of(request.db, user.id)],
    )
    _keep_challenge(request.db, options, "register", user.id)
    return json.loads(options_to_json(options))  # the browser's JSON form (base64url bytes)


def register(request, user, credential, challenge, name):
    if len(passkeys_of(request.db, user.id)) >= MAX_PASSKEYS:
        raise ApiError.invalid("name", f"Konto może mieć najwyżej {MAX_PASSKEYS} kluczy dostępu.")
    expected = _spend(request.db, challenge, "register", user.id)  # (signed in: the request's transaction)
    if expected is None:
        raise ApiError.invalid("credential", EXPIRED)
    rp_id, origin = relying_party(request.registry.settings)
    try:
        verified = webauthn.verify_registration_response(
            credential=credential,
            expected_challenge=expected,
            expected_rp_id=rp_id,
            expected_origin=origin,
            require_user_verification=True,
        )
    except BROKEN:
        raise ApiError.invalid("credential", FAILED) from None
    credential_id = bytes_to_base64url(verified.credential_id)
    if request.db.scalar(sa.select(Passkey.id).where(Passkey.credential_id == credential_id)) is not None:
        raise ApiError.invalid("credential", "Ten klucz dostępu jest już zarejestrowany.")
    passkey = Passkey(
        user_id=user.id,
        credential_id=credential_id,
        public_key=verified.credential_public_key,
        sign_count=verified.sign_count,
        name=name,
        created=utcnow(),
    )
    request.db.add(passkey)
    request.db.flush()
    return passkey


# -- signing in -----------------------------------------------------------------------------------
def authentication_options(request, user_id=None):
    """For the second step (`user_id`: its passkeys are offered) or, without, a sign-in with no
    password (the browser offers whichever passkey of this site it holds)."""
    rp_id, _ = relying_party(request.registry.settings)
    allowed = [_descriptor(p) for p in passkeys_of(request.db, user_id)] if user_id is not None else []
    options = webauthn.generate_authentication_options(
        rp_id=rp_id,
        allow_credentials=allowed,
        user_verification=(
            UserVerificationRequirement.PREFERRED if user_id is not None else UserVerificationRequirement.REQUIRED
        ),
    )
    _keep_challenge(request.db, options, "sign-in", user_id)
    return json.loads(options_to_json(options))


def authenticate(request, credential, expected, user_id=None):
    """The passkey that answered the challenge (`expected`, spent by `spend_challenge`), of
    `user_id` when given; ApiError else."""
    credential_id = str((credential or {}).get("id", "") if isinstance(credential, dict) else "")[:400]
    passkey = request.db.scalar(sa.select(Passkey).where(Passkey.credential_id == credential_id))
    if passkey is None or (user_id is not None and passkey.user_id != user_id):
        raise ApiError.invalid("credential", UNKNOWN)
    rp_id, origin = relying_party(request.registry.settings)
    try:
        verified = webauthn.verify_authentication_response(
            credential=credential,
            expected_challenge=expected,
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=passkey.public_key,
            credential_current_sign_count=passkey.sign_count,
            require_user_verification=user_id is None,
        )
    except BROKEN:
        raise ApiError.invalid("credential", FAILED) from None
    passkey.sign_count = verified.new_sign_count
    passkey.last_used = utcnow()
    return passkey
