"""Passwords, hashed with argon2: what an account's sign-in checks and a new password stores."""

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()


def hash_password(password):
    return _hasher.hash(password)


def verify_password(stored_hash, password):
    if not stored_hash:
        return False
    try:
        return _hasher.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def use_hasher(hasher):
    """Hashes new passwords with `hasher` from now on and gives the one it replaces (tests use a
    cheaper one; verifying reads the parameters from each hash, so every sign-in checks in full)."""
    global _hasher
    replaced, _hasher = _hasher, hasher
    return replaced
