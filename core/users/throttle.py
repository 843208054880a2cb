"""Throttling of sign-ins and password restores, counted in the database (`LoginFailure`
rows), so the limits hold across processes and restarts.

A key names what is counted: `email:<address>` and `addr:<client address>` for failed
sign-ins, `restore-email:...` and `restore-addr:...` for restore requests.
"""
from datetime import timedelta

import sqlalchemy as sa

from ..db import utcnow
from .models import LoginFailure

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
    value = settings.get(name)
    return defaults[name] if value in (None, "") else int(value)


def normalise_email(email):
    return (email or "").strip().lower()


def client_address(request):
    return request.client_addr or "unknown"


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
        self.db.execute(
            sa.delete(LoginFailure).where(LoginFailure.key.in_(keys), LoginFailure.at < now - self.window)
        )
        self.db.add_all(LoginFailure(key=key, at=now) for key in keys)

    def clear(self, key):
        self.db.execute(sa.delete(LoginFailure).where(LoginFailure.key == key))


def login_throttle(request, email):
    """(throttle, {key: limit}) for a sign-in with this (normalised) e-mail."""
    settings = request.registry.settings
    throttle = Throttle(request.db, setting(settings, "smogpanel.login_window_seconds", LOGIN_DEFAULTS))
    limits = {
        f"email:{email}": setting(settings, "smogpanel.login_attempts_per_email", LOGIN_DEFAULTS),
        f"addr:{client_address(request)}": setting(settings, "smogpanel.login_attempts_per_address", LOGIN_DEFAULTS),
    }
    return throttle, limits


def restore_throttle(request, email):
    settings = request.registry.settings
    throttle = Throttle(request.db, setting(settings, "smogpanel.restore_window_seconds", RESTORE_DEFAULTS))
    limits = {
        f"restore-email:{email}": setting(settings, "smogpanel.restore_requests_per_email", RESTORE_DEFAULTS),
        f"restore-addr:{client_address(request)}": setting(
            settings, "smogpanel.restore_requests_per_address", RESTORE_DEFAULTS
        ),
    }
    return throttle, limits
