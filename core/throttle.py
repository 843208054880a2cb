"""Throttling counted in the database (`LoginFailure` rows), so the limits hold across
processes and restarts: sign-ins and password restores here, and any plugin's own requests
(the letters' senders) through the same `Throttle`.

A key names what is counted: `email:<address>` and `addr:<client address>` for failed
sign-ins, `restore-email:...` and `restore-addr:...` for restore requests; a plugin prefixes
its own (`letter-email:...`).

Counting holds under concurrency: `reserve` locks the keys, counts and records the attempt in
one short transaction of its own (SQLite: BEGIN IMMEDIATE, one writer at a time; PostgreSQL: a
transaction-scoped advisory lock per key, taken in a fixed order), so N simultaneous guesses
check at most the limit. A sign-in that then succeeds takes its own attempt back (`release`).
"""

import hashlib
from datetime import timedelta

import sqlalchemy as sa

from .accounts import LoginFailure
from .client_address import client_address
from .db import utcnow

# What a plugin may import from here (docs/plugins.md, "What a plugin may import"); the client's
# address is what a key per address counts
__all__ = ["Throttle", "setting", "forget_keys", "counted", "client_address"]

LOGIN_DEFAULTS = {
    "smogpanel.login_attempts_per_email": 5,
    "smogpanel.login_attempts_per_address": 20,
    "smogpanel.login_window_seconds": 15 * 60,
}
RESTORE_DEFAULTS = {
    "smogpanel.restore_requests_per_email": 3,
    "smogpanel.restore_requests_per_address": 10,
    "smogpanel.restore_window_seconds": 60 * 60,
}


def setting(settings, name, defaults):
    """A whole-number limit or window from the settings, else from `defaults`."""
    value = settings.get(name)
    return defaults[name] if value in (None, "") else int(value)


class Throttle:
    """Counts the events recorded under a key during the last `window_seconds`."""

    def __init__(self, db, window_seconds):
        self.db = db
        self.window = timedelta(seconds=window_seconds)

    def count(self, key):
        since = utcnow() - self.window
        statement = sa.select(sa.func.count()).where(LoginFailure.key == key, LoginFailure.at >= since)
        return self.db.execute(statement).scalar_one()

    def over(self, limits):
        """True when any key of `{key: limit}` has reached its limit."""
        return any(self.count(key) >= limit for key, limit in limits.items())

    def record(self, *keys):
        now = utcnow()
        # Rows older than the window count for nothing: forget them as we go.
        self.db.execute(sa.delete(LoginFailure).where(LoginFailure.key.in_(keys), LoginFailure.at < now - self.window))
        rows = [LoginFailure(key=key, at=now) for key in keys]
        self.db.add_all(rows)
        return rows

    def clear(self, key):
        self.db.execute(sa.delete(LoginFailure).where(LoginFailure.key == key))

    def lock(self, keys):
        """Serialises the attempts on these keys until the transaction ends (PostgreSQL; on
        SQLite the transaction already holds the database's write lock)."""
        if self.db.get_bind().dialect.name != "postgresql":
            return
        for key in sorted(set(keys)):
            number = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big", signed=True)
            self.db.execute(sa.select(sa.func.pg_advisory_xact_lock(number)))

    def reserve(self, limits):
        """In the caller's (short, own) transaction: None when any key of `{key: limit}` has
        reached its limit, else records one attempt under every key and returns the new rows'
        ids (for `release`)."""
        self.lock(limits)
        if self.over(limits):
            return None
        rows = self.record(*limits)
        self.db.flush()
        return [row.id for row in rows]

    def release(self, ids):
        if ids:
            self.db.execute(sa.delete(LoginFailure).where(LoginFailure.id.in_(ids)))


def forget_keys(db, keys):
    """Forgets every event counted under these keys (erasing a person keeps no trace of them)."""
    db.execute(sa.delete(LoginFailure).where(LoginFailure.key.in_(keys)))


def counted(db, keys):
    """[(key, when)] of every event counted under these keys, oldest first (what is held about a
    person, for an access request)."""
    return db.execute(
        sa.select(LoginFailure.key, LoginFailure.at).where(LoginFailure.key.in_(keys)).order_by(LoginFailure.at)
    ).all()


def login_throttle(request, email, db=None, device=None):
    """(throttle, {key: limit}) for a sign-in with this (normalised) e-mail, counting in `db`
    (default: the request's session). From a browser that signed in to the account before
    (`device`: its device cookie's nonce, smogpanel.users.devices) the attempts count under that
    device alone, so failures from unknown clients never lock the owner's browser out."""
    settings = request.registry.settings
    throttle = Throttle(
        request.db if db is None else db, setting(settings, "smogpanel.login_window_seconds", LOGIN_DEFAULTS)
    )
    per_email = setting(settings, "smogpanel.login_attempts_per_email", LOGIN_DEFAULTS)
    if device is not None:
        return throttle, {f"device:{device}": per_email}
    limits = {
        f"email:{email}": per_email,
        f"addr:{client_address(request)}": setting(settings, "smogpanel.login_attempts_per_address", LOGIN_DEFAULTS),
    }
    return throttle, limits


def restore_throttle(request, email, db=None, device=None):
    """As `login_throttle`, for restore requests: a known browser has its own quota."""
    settings = request.registry.settings
    throttle = Throttle(
        request.db if db is None else db, setting(settings, "smogpanel.restore_window_seconds", RESTORE_DEFAULTS)
    )
    if device is not None:
        return throttle, {
            f"restore-device:{device}": setting(settings, "smogpanel.restore_requests_per_email", RESTORE_DEFAULTS)
        }
    limits = {
        f"restore-email:{email}": setting(settings, "smogpanel.restore_requests_per_email", RESTORE_DEFAULTS),
        f"restore-addr:{client_address(request)}": setting(
            settings, "smogpanel.restore_requests_per_address", RESTORE_DEFAULTS
        ),
    }
    return throttle, limits
