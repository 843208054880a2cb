"""What the session check costs a signed-in request, against the same request without it in the
same run.

    .venv/bin/python bench/sessions.py [--requests 400] [--sessions 20000] [--database-url URL]

Every signed-in request reads its account and its sign-in session (smogpanel.users.sessions)
in one query, by both primary keys, and refuses an ended session. "Without" swaps in the read
of the account alone, as it was before sessions (the same app, process and database); requests
alternate between the two, either first as often; medians compared, in process (webtest), so
the figure is the policy's own cost, not the network's. The database holds `--sessions`
sessions of 200 accounts, most of them ended, so the read goes through a real index. It also
counts the SQL statements of one request: the session check adds none. Asserts nothing.
"""

import argparse
import statistics
import tempfile
from datetime import timedelta

import sqlalchemy as sa
from common import build
from timing import line, timed


def registry_of(app):
    """The Pyramid registry under the WSGI wrappers (metrics, static files, replay cache)."""
    inner = app.app
    while not hasattr(inner, "registry"):
        inner = getattr(inner, "app", None) or inner.application
    return inner.registry


def add_sessions(engine, count):
    from smogpanel.db import utcnow
    from smogpanel.passwords import hash_password
    from smogpanel.users.models import User
    from smogpanel.users.sessions import UserSession

    now = utcnow()
    with engine.begin() as connection:
        password = hash_password("bench-password")
        users = [
            {"email": f"konto{n}@example.pl", "password_hash": password, "created": now, "updated": now}
            for n in range(200)
        ]
        connection.execute(sa.insert(User.__table__), users)
        ids = connection.execute(sa.select(User.id)).scalars().all()
        rows = [
            {
                "user_id": ids[n % len(ids)],
                "created": now - timedelta(days=n % 90),
                "last_seen": now - timedelta(days=n % 90),
                "ended": None if n % 10 == 0 else now,
                "address": "198.51.100.7",
                "browser": "Firefox, Windows",
                "method": "password",
            }
            for n in range(count)
        ]
        connection.execute(sa.insert(UserSession.__table__), rows)


def old_load_user(prebuilt=False):
    """The security policy's read before sessions: the account alone, its WHERE built per
    request as it was (or, `prebuilt`, once with a bound parameter as the new read is)."""
    from smogpanel.db import utcnow
    from smogpanel.security import Identity
    from smogpanel.users.models import User

    table = User.__table__
    query = sa.select(*(table.c[name] for name in Identity._fields), table.c.deleted)
    bound = query.where(table.c.id == sa.bindparam("user_id"))

    def load_user(request, user_id, session_id):
        if prebuilt:
            row = request.db.connection().execute(bound, {"user_id": user_id}).first()
        else:
            row = request.db.connection().execute(query.where(table.c.id == user_id)).first()
        if row is None or row.deleted is not None:
            return None
        return Identity(*row[:-1]), utcnow()  # "seen just now": no last_seen write either

    return load_user


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--sessions", type=int, default=20_000)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    url = args.database_url or f"sqlite:///{tempfile.mkdtemp(prefix='smogpanel-bench-')}/bench.sqlite"
    app, headers, _ = build(url, ["hierarchy"], gminy=0)
    registry = registry_of(app)
    engine = registry["db.engine"]
    add_sessions(engine, args.sessions)
    from pyramid.interfaces import ISecurityPolicy

    policy = registry.queryUtility(ISecurityPolicy)
    with_sessions, without, prebuilt = policy.load_user, old_load_user(), old_load_user(prebuilt=True)

    statements = []

    def count(*arguments):
        statements.append(arguments[2])

    sa.event.listen(engine, "before_cursor_execute", count)
    app.get("/api/user/me", headers=headers)
    count_with = len(statements)
    statements.clear()
    policy.load_user = without
    app.get("/api/user/me", headers=headers)
    policy.load_user = with_sessions
    count_without = len(statements)
    sa.event.remove(engine, "before_cursor_execute", count)
    print(f"{engine.dialect.name}, {args.sessions:,} sessions of 200 accounts (90% ended)")
    print(f"SQL statements of one GET /api/user/me: {count_with} with the session check, {count_without} without")

    variants = {
        "account read alone, as before sessions (baseline)": without,
        "account read alone, statement built once": prebuilt,
        "account and open session in one read (now)": with_sessions,
    }
    for path in ("/api/user/me", "/api/voivodeship/"):
        times = {label: [] for label in variants}
        for _ in range(20):  # warm-up
            app.get(path, headers=headers)
        labels = list(variants)
        for index in range(args.requests):
            for label in labels[index % 3 :] + labels[: index % 3]:  # each first as often
                policy.load_user = variants[label]
                times[label].append(timed(lambda: app.get(path, headers=headers)))
        policy.load_user = with_sessions
        baseline = statistics.median(times[labels[0]])
        print(f"GET {path}, {args.requests} interleaved requests each (medians):")
        for label in labels:
            line(label, statistics.median(times[label]), baseline, decimals=3)


if __name__ == "__main__":
    main()
