"""Sign-in sessions: every successful sign-in is a row here, and every token carries its id
(the JWT claim `sid`). The security policy reads the session with the account in one indexed
query (smogpanel.security) and refuses a token whose session has ended, so ending a session
signs its browser out at its next request, whatever the token's expiry.

    GET    /api/user/sessions                 one's own sessions, newest first
    DELETE /api/user/sessions/{id}            ends one of one's own sessions
    POST   /api/user/sessions/end-others      ends all of one's sessions but this one
    POST   /api/user/{id}/sessions/end        super administrators: ends all of an account's

`end_sessions(db, user_id, except_session=None)` is THE call for whatever else must sign an
account out: deleting it, changing its password, changing its role.
"""

import re
from datetime import datetime, timedelta

import sqlalchemy as sa
from cornice import Service
from sqlalchemy.orm import Mapped, mapped_column

from ..client_address import client_address
from ..db import Base, UTCDateTime, own_transaction, utcnow, writes
from ..envelope import ApiError
from .factors import must_enrol
from .models import User

SEEN_EVERY = timedelta(minutes=1)  # last_seen is written at most this often per session
SESSION_ENVIRON = "smogpanel.session_id"  # the current request's session id (set by the policy)
ENROLMENT_ENVIRON = "smogpanel.must_enrol"  # the token may only enrol a second factor
SUPER = "super"  # smogpanel.security.SUPER (which imports this module)
NOT_FOUND = "Nie ma takiej sesji albo nie należy do Ciebie."
METHODS = {
    "password": "hasło",
    "totp": "hasło i kod",
    "recovery": "hasło i kod odzyskiwania",
    "passkey": "klucz dostępu",
}


class UserSession(Base):
    __tablename__ = "user_session"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("user_account.id"), nullable=False, index=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    last_seen: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    ended: Mapped[datetime | None] = mapped_column(UTCDateTime)
    address: Mapped[str] = mapped_column(sa.String(100), nullable=False, default="")
    browser: Mapped[str] = mapped_column(sa.String(100), nullable=False, default="")
    method: Mapped[str] = mapped_column(sa.String(20), nullable=False, default="password")


# -- the user agent, summarised ----------------------------------------------------------------
# Only "which browser on which system", for the owner to recognise a session: a dozen tokens
# decide it, and the full string (a fingerprint) is not kept. Order matters: Edge and Opera
# also say "Chrome", Chrome also says "Safari".
_BROWSERS = (
    (r"Edg(?:e|A|iOS)?/", "Edge"),
    (r"OPR/|Opera", "Opera"),
    (r"SamsungBrowser/", "Samsung Internet"),
    (r"Firefox/|FxiOS/", "Firefox"),
    (r"Chromium/", "Chromium"),
    (r"Chrome/|CriOS/|HeadlessChrome/", "Chrome"),
    (r"Safari/", "Safari"),
    (r"curl/", "curl"),
    (r"python-|Python/", "Python"),
)
_SYSTEMS = (
    (r"Windows", "Windows"),
    (r"iPhone|iPad|iPod", "iOS"),
    (r"Mac OS X|Macintosh", "macOS"),
    (r"Android", "Android"),
    (r"CrOS", "ChromeOS"),
    (r"Linux|X11", "Linux"),
)


def summarise_user_agent(user_agent):
    """'Firefox, Windows', 'Chrome, Android', ... or 'nieznana przeglądarka'."""
    text = (user_agent or "")[:500]
    browser = next((name for pattern, name in _BROWSERS if re.search(pattern, text)), "")
    system = next((name for pattern, name in _SYSTEMS if re.search(pattern, text)), "")
    return ", ".join(part for part in (browser, system) if part) or "nieznana przeglądarka"


# -- starting, touching, ending -----------------------------------------------------------------
def start_session(request, user_id, method="password"):
    """A new session for a sign-in of this request's client; returns its id (for the token)."""
    return open_session(request.db, user_id, client_address(request), summarise_user_agent(request.user_agent), method)


def open_session(db, user_id, address="", browser="", method="password"):
    """A new session row (a Session, or a Connection outside the ORM: tests, benchmarks)."""
    now = utcnow()
    values = dict(
        user_id=user_id, created=now, last_seen=now, address=address[:100], browser=browser[:100], method=method
    )
    table = UserSession.__table__
    return db.execute(sa.insert(table).values(**values)).inserted_primary_key[0]


def issue_token(request, user, method="password", session_id=None):
    """A token for `user` in a new session (or in `session_id`, when extending one); limited
    to enrolling a second factor while the setting requires one the account lacks."""
    if session_id is None:
        session_id = start_session(request, user.id, method)
    extra = {"enrol": 1} if must_enrol(request, user) else {}
    return request.registry["smogpanel.tokens"].issue(user, session_id, **extra)


def current_session_id(request):
    """The session of the request's token (None when not signed in)."""
    return request.identity is not None and request.environ.get(SESSION_ENVIRON) or None


def end_sessions(db, user_id, except_session=None):
    """Ends every open session of the account but `except_session`; returns how many. Their
    tokens are refused from the next request on."""
    statement = sa.update(UserSession).where(UserSession.user_id == user_id, UserSession.ended.is_(None))
    if except_session is not None:
        statement = statement.where(UserSession.id != except_session)
    return db.execute(statement.values(ended=utcnow()).execution_options(synchronize_session=False)).rowcount


def touch(request, session_id, last_seen):
    """Moves the session's last_seen to now when it is older than SEEN_EVERY: at most one
    small write a minute per session. A writing request does it in its own transaction (on
    SQLite it holds the write lock already); a reading one once its transaction is over, in
    a short one of its own, so it stays a reader; a busy database skips it (the next request
    tries again)."""
    now = utcnow()
    if last_seen is not None and now - last_seen < SEEN_EVERY:
        return
    statement = (
        sa.update(UserSession)
        .where(UserSession.id == session_id, UserSession.last_seen < now - SEEN_EVERY)
        .values(last_seen=now)
        .execution_options(synchronize_session=False)
    )
    if writes(request):
        request.db.execute(statement)
    else:
        request.add_finished_callback(lambda finished: _write_apart(finished.registry, statement))


def _write_apart(registry, statement):
    try:
        with own_transaction(registry) as db:
            db.execute(statement)
    except sa.exc.OperationalError:
        pass


# -- views --------------------------------------------------------------------------------------
def serialise(session, current):
    return {
        "id": session.id,
        "created": session.created,
        "last_seen": session.last_seen,
        "address": session.address,
        "browser": session.browser,
        "method": session.method,
        "method_label": METHODS.get(session.method, session.method),
        "current": session.id == current,
    }


def list_sessions(request):
    """One's own open sessions, the current one first, then by last activity."""
    current = current_session_id(request)
    rows = request.db.scalars(
        sa.select(UserSession)
        .where(UserSession.user_id == request.identity.id, UserSession.ended.is_(None))
        .order_by(UserSession.last_seen.desc(), UserSession.id.desc())
    ).all()
    answer = [serialise(row, current) for row in rows]
    return sorted(answer, key=lambda row: not row["current"])


def _session_id(request):
    try:
        return int(request.matchdict["session_id"])
    except (KeyError, ValueError):
        raise ApiError("NOT_FOUND", [{"name": "id", "description": NOT_FOUND}]) from None


def end_one(request):
    session = request.db.get(UserSession, _session_id(request))
    if session is None or session.user_id != request.identity.id or session.ended is not None:
        raise ApiError("NOT_FOUND", [{"name": "id", "description": NOT_FOUND}])
    session.ended = utcnow()
    if session.id == current_session_id(request):
        return "Wylogowano z tego urządzenia."
    return "Sesja została zakończona."


def end_others(request):
    count = end_sessions(request.db, request.identity.id, except_session=current_session_id(request))
    return {"ended": count}


def end_of_account(request):
    """A super administrator signs an account out everywhere (a stolen laptop, a leaver)."""
    user = request.db.get(User, int(request.matchdict["id"]))
    if user is None or user.deleted is not None:
        raise ApiError("NOT_FOUND", [{"name": "id", "description": "Nie ma takiego konta."}])
    except_session = current_session_id(request) if user.id == request.identity.id else None
    return {"ended": end_sessions(request.db, user.id, except_session=except_session)}


def includeme(config):
    own = Service(name="user-sessions", path="/api/user/sessions", description="One's own sign-in sessions")
    own.add_view("GET", list_sessions, renderer="envelope")
    one = Service(
        name="user-session", path="/api/user/sessions/{session_id:\\d+}", description="Ends one of one's own sessions"
    )
    one.add_view("DELETE", end_one, renderer="envelope")
    others = Service(
        name="user-sessions-end-others",
        path="/api/user/sessions/end-others",
        description="Ends all of one's sessions but the current one",
    )
    others.add_view("POST", end_others, renderer="envelope")
    account = Service(
        name="user-account-sessions-end",
        path="/api/user/{id:\\d+}/sessions/end",
        description="Super administrators: ends all of an account's sessions",
    )
    account.add_view("POST", end_of_account, renderer="envelope", permission=SUPER)
    for service in (own, others, one, account):
        config.add_cornice_service(service)
