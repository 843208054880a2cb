"""A database with rows in every table, for the backup and upgrade tests: every plugin's demo
data (`smogpanel init --demo`), then through the API what only use writes (a failed sign-in,
a password restore with its mail, an uploaded logo, a letter sent and confirmed by a resident),
and the helpers that read and compare whole databases."""

import base64
import email
import re
from pathlib import Path

import sqlalchemy as sa
import webtest

from smogpanel.cli import DEMO_ADMIN

from .files import png
from .serve import live_app

DEMO_LETTER = "apel-o-czyste-powietrze"  # the letters plugin's demo letter
RESIDENT = {"name": "Ewa Mieszkanka", "email": "ewa@example.net", "gdpr_agreement": True}
LOGO = png(3, 2)


def sign_in(testapp, email_address=DEMO_ADMIN[0], password=DEMO_ADMIN[1]):
    token = testapp.post_json("/api/auth/login", {"email": email_address, "password": password}).json["message"]
    return {"Authorization": f"Bearer {token}"}


def write_demo_data(url):
    """`smogpanel init --demo` on a migrated database: every plugin's demo data and the demo
    administrator."""
    from smogpanel.cli.accounts import add_user
    from smogpanel.db import make_engine, make_session_factory
    from smogpanel.gazetteer import find_gazetteer
    from smogpanel.models import Setting
    from smogpanel.plugin_manager import build_plugin_manager

    manager = build_plugin_manager()
    engine = make_engine(url)
    try:
        with make_session_factory(engine)() as db, db.begin():
            manager.hook.smogpanel_seed(db=db)
            manager.hook.smogpanel_demo_data(db=db, gazetteer=find_gazetteer(manager))
            db.add(Setting(key="demo_data", value="written"))
            add_user(db, DEMO_ADMIN[0], DEMO_ADMIN[1], True, "Demo", "Administrator")
    finally:
        engine.dispose()


def write_what_use_writes(url, mail_dir):
    """Through the API: the rows the demo data leaves out. Returns the app it used."""
    app = live_app(url, mail_dir)
    client = webtest.TestApp(app)
    client.post_json("/api/auth/login", {"email": DEMO_ADMIN[0], "password": "zle-haslo-123"}, status=401)
    client.get(f"/api/auth/restore/{DEMO_ADMIN[0]}")
    headers = sign_in(client)
    client.post_json(
        "/api/timer/",
        {
            "name": "Z logo partnera",
            "internal_name": "z-logo",
            "timer_style_name": "SEA",
            "text_above": "Do końca sezonu grzewczego zostało",
            "deadline": "2027-05-01",
            "countdown": True,
            "text_below": "Ogrzewaj czysto.",
            "hidden_brand": 0,
            "logo_path": {"name": "logo.png", "data": "data:image/png;base64," + base64.b64encode(LOGO).decode()},
        },
        headers=headers,
    )
    client.post_json(f"/api/public/letter/{DEMO_LETTER}/send", RESIDENT)
    client.post(confirmation_path(mail_dir, RESIDENT["email"]))
    timer_id = client.get("/api/timer/?order=id&asc=0", headers=headers).json["message"]["list"][0]["id"]
    client.post_json(
        f"/api/public_attribution/timer/{timer_id}", {"source": "Urząd gminy", "licence": "CC BY 4.0"}, headers=headers
    )
    count_a_view(app, client)
    write_second_factors(url, client)
    write_publishing(url, client, headers, timer_id)
    run_a_job(app)
    return app


def write_publishing(url, client, headers, timer_id):
    """A release prepared (and its item), a record's preview links revoked once (its generation),
    a search published (its gmina cards frozen with the version), and a request for publication,
    asked as an editor of a `reviewed` installation would (in the default `immediate` mode the API
    refuses requests, so it is written as the request writes it)."""
    import sqlalchemy as sa

    from smogpanel.db import make_engine, utcnow
    from smogpanel.publication_requests import PublicationRequest

    client.post_json(
        "/api/release/",
        {"name": "Na konferencję", "items": [{"kind": "timer", "id": timer_id, "action": "publish"}]},
        headers=headers,
    )
    client.delete(f"/api/timer/{timer_id}/preview", headers=headers)
    search_id = client.get("/api/search/?order=id", headers=headers).json["message"]["list"][0]["id"]
    client.post_json(f"/api/search/{search_id}/publish", {}, headers=headers)
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(
            sa.insert(PublicationRequest.__table__).values(
                kind="timer",
                record_id=timer_id,
                state="OPEN",
                digest="0" * 32,
                note="Proszę o publikację.",
                user_email="redaktor@example.pl",
                created=utcnow(),
            )
        )
    engine.dispose()


def count_a_view(app, client):
    """A partner page's widget counted, and the counts written as the server writes them."""
    from smogpanel.reach.counter import flush_all

    client.post_json("/api/reach/hit", {"k": "timer", "n": "z-logo", "s": "https://partner.example.org"})
    flush_all()


SECOND_FACTOR_ACCOUNT = ("dwa-skladniki@example.pl", "Haslo-dwa-skladniki-1")


def write_second_factors(url, client):
    """An account (not the demo administrator, who keeps signing in with a password alone) with
    a confirmed TOTP app, its recovery codes, a passkey and a passkey challenge outstanding."""
    import pyotp
    import sqlalchemy as sa

    from smogpanel.db import make_engine, utcnow
    from smogpanel.testing.app import hash_of
    from smogpanel.users.models import User
    from smogpanel.users.passkeys import Passkey

    email_address, password = SECOND_FACTOR_ACCOUNT
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(
            sa.insert(User.__table__).values(email=email_address, password_hash=hash_of(password), super=0)
        )
    headers = sign_in(client, email_address, password)
    secret = client.post_json("/api/user/2fa/totp", {}, headers=headers).json["message"]["secret"]
    client.post_json("/api/user/2fa/totp/confirm", {"code": pyotp.TOTP(secret).now()}, headers=headers)
    client.post_json("/api/user/2fa/passkeys/options", {}, headers=headers)
    with engine.begin() as connection:
        user_id = connection.execute(sa.select(User.id).where(User.email == email_address)).scalar_one()
        connection.execute(
            sa.insert(Passkey.__table__).values(
                user_id=user_id,
                credential_id="ZGVtby1rbHVjeg",
                public_key=b"\xa5\x01\x02",
                name="Klucz",
                created=utcnow(),
            )
        )
    engine.dispose()


def run_a_job(app):
    """One run of the outbox job, as the server's scheduler makes it: the jobs' table has a row."""
    from smogpanel.ops.jobs import JobRunner

    runner = JobRunner(app.registry)
    try:
        runner.run_due("core.outbox", force=True)
    finally:
        runner.dispose()


def confirmation_path(mail_dir, address):
    """The letter confirmation link's path from the newest .eml mail to `address`."""
    for path in sorted(Path(mail_dir).glob("*.eml"), key=lambda p: p.stat().st_mtime, reverse=True):
        message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        if address in str(message["To"]):
            found = re.search(
                r"https?://[^/\s]+(/view/letter/[a-z0-9_-]+/confirm/\d+\?\S+)",
                message.get_body(("plain",)).get_content(),
            )
            if found:
                return found.group(1)
    raise AssertionError(f"no confirmation mail to {address} in {mail_dir}")


def populate(url, mail_dir):
    """Migrates `url` to head and writes rows into every table."""
    from smogpanel.migrate import upgrade
    from smogpanel.plugin_manager import build_plugin_manager

    upgrade(url, build_plugin_manager())
    write_demo_data(url)
    app = write_what_use_writes(url, mail_dir)
    app.registry["db.engine"].dispose()


# -- reading whole databases ----------------------------------------------------------------
def raw_rows(connection, table):
    """(column names, rows as tuples) of a table as stored: no type conversion, so a copy
    written back is the same bytes and two databases compare by what they hold."""
    result = connection.exec_driver_sql(f'SELECT * FROM "{table}"')
    return list(result.keys()), [tuple(row) for row in result]


def table_rows(connection, tables=None):
    """{table: sorted rows as tuples} of every table (or of `tables`)."""
    names = tables if tables is not None else sa.inspect(connection).get_table_names()
    return {name: sorted(raw_rows(connection, name)[1], key=repr) for name in names}


def contents(url, tables=None):
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as connection:
            return table_rows(connection, tables)
    finally:
        engine.dispose()


def empty_tables(rows):
    return sorted(name for name, found in rows.items() if not found)
