"""Test fixtures shared by the core's and every plugin's tests (the pytest plugin loads them).

The schema is migrated once per run, with alembic, on SQLite or on the PostgreSQL database
named by `SMOGPANEL_TEST_DATABASE_URL`. Each test runs inside one outer transaction that is
rolled back afterwards; each request inside it commits or rolls back a savepoint of its own,
so "one request, one transaction" is tested for real and tests stay independent.
"""

import functools
import os
import re

import pytest
import sqlalchemy as sa
import transaction
from sqlalchemy import event
from sqlalchemy.sql.util import find_tables

from smogpanel import main
from smogpanel.db import make_engine, make_session_factory
from smogpanel.migrate import upgrade
from smogpanel.passwords import hash_password, use_hasher
from smogpanel.plugin_manager import build_plugin_manager

TEST_SECRET = "test-secret-" + "x" * 40


def test_database_url(tmp_path_factory):
    url = os.environ.get("SMOGPANEL_TEST_DATABASE_URL")
    if url:
        from smogpanel.settings import normalise_database_url

        return normalise_database_url(url)
    return f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.sqlite'}"


def reset_database(engine):
    """Empties the test database so every run migrates from nothing."""
    if engine.dialect.name == "postgresql":
        with engine.begin() as connection:
            connection.exec_driver_sql("DROP SCHEMA public CASCADE")
            connection.exec_driver_sql("CREATE SCHEMA public")


def seed(engine, plugin_manager):
    factory = make_session_factory(engine)
    with factory() as db, db.begin():
        plugin_manager.hook.smogpanel_seed(db=db)


@pytest.fixture(autouse=True)
def forget_cornice_services():
    """Cornice keeps every Service it builds in a module-level list (`cornice.service.SERVICES`)
    that the app never reads (its OpenAPI document uses the registry's own services), so each
    test's app, with its registry and configuration, would stay alive to the end of the run,
    and full garbage collections over about a thousand apps slowed the suite down
    (docs/performance.md, "The test suite"). Forgotten after each test."""
    import cornice.service

    yield
    cornice.service.clear_services()


@pytest.fixture(scope="session")
def database_url(tmp_path_factory):
    return test_database_url(tmp_path_factory)


@pytest.fixture(scope="session")
def engine(database_url):
    engine = make_engine(database_url)
    reset_database(engine)
    manager = build_plugin_manager()
    upgrade(database_url, manager)
    seed(engine, manager)
    yield engine
    engine.dispose()


@pytest.fixture
def connection(engine):
    connection = engine.connect()
    outer = connection.begin()
    yield connection
    outer.rollback()
    connection.close()


@pytest.fixture
def db(connection):
    """A session for arranging and checking data directly, inside the test's transaction."""
    session = make_session_factory(connection, join_transaction_mode="create_savepoint")()
    yield session
    session.close()


BASE_SETTINGS = {
    "smogpanel.secret": TEST_SECRET,
    "smogpanel.environment": "testing",
    "smogpanel.smtp_url": "",
}


SHAREABLE = (str, int, float, bool, type(None))
# Apps kept for lending at once: a configuration used once (an SMTP server's port of one test)
# falls out; the common ones stay.
SHARED_APPS = 8


class AppMaker:
    """`make_app(**overrides)`: the app on the test's connection, settings overridden.

    Building an app configures some 470 views (0.2-0.5 s), and most tests need the same one: an
    app is built once per test session and configuration (overrides of plain values and the
    `SMOGPANEL_*` environment, which settings read), then lent to one test at a time, bound to
    that test's connection, its settings as they were built, and everything it holds between
    requests forgotten (`smogpanel.app_state`) when it is lent and when the test ends. Overrides
    holding objects build a new app, but for plugin objects in a tuple (`shareable`);
    `make_app.fresh(**overrides)` always does, for a test that changes an app's registry or must
    see it start."""

    def __init__(self, shared, connection, mail_dir):
        self.shared = shared
        self.connection = connection
        self.mail_dir = mail_dir
        self.lent = []

    def settings(self, overrides):
        settings = dict(BASE_SETTINGS, **{"db.bind": self.connection, "smogpanel.mail_dir": self.mail_dir})
        settings.update(overrides)
        return settings

    def fresh(self, **overrides):
        app = main({}, **self.settings(overrides))
        self.lent.append(app)  # given back too: its view counts must not outlive the test
        return app

    def __call__(self, **overrides):
        if not all(map(shareable, overrides.values())):
            return self.fresh(**overrides)
        environment = {(name, value) for name, value in os.environ.items() if name.startswith("SMOGPANEL_")}
        key = (frozenset(overrides.items()), frozenset(environment))
        lent = self.shared.pop(key, None)
        if lent is None:
            app = main({}, **self.settings(overrides))
            lent = (app, dict(registry_of(app).settings))
        self.shared[key] = lent  # the most recently used last
        while len(self.shared) > SHARED_APPS:
            del self.shared[next(iter(self.shared))]
        app, built = lent
        lend(app, built, self.connection, overrides.get("smogpanel.mail_dir", self.mail_dir))
        self.lent.append(app)
        return app

    def give_back(self):
        """The test is over: what the apps it was lent hold goes (a view count left unwritten
        would otherwise be written, on a closed connection, by the next test's `flush_reach`)."""
        from smogpanel.app_state import forget_held

        for app in self.lent:
            forget_held(registry_of(app))
        self.lent.clear()


def shareable(value):
    """A setting an app can be shared by: a plain value, or a tuple of (name, plugin) pairs
    (`smogpanel.plugin_objects`), told apart by the plugin objects' identity, so a test module
    that keeps its plugin objects in a module-level tuple gets one app for all its tests (so they
    must hold no state between tests). A list of them gives a fresh app."""
    if isinstance(value, SHAREABLE):
        return True
    if not isinstance(value, tuple) or not all(isinstance(pair, tuple) and len(pair) == 2 for pair in value):
        return False
    try:
        hash(value)
    except TypeError:
        return False
    return True


def lend(app, built_settings, connection, mail_dir):
    """Readies a shared app for the next test: its settings back as built, its database the
    test's connection, and nothing held from the test before."""
    from smogpanel.app_state import forget_held

    registry = registry_of(app)
    registry.settings.clear()
    registry.settings.update(built_settings, **{"db.bind": connection, "smogpanel.mail_dir": mail_dir})
    registry["db.session_factory"].configure(bind=connection)
    registry["db.writer"] = connection
    forget_held(registry)


@pytest.fixture(scope="session")
def shared_apps():
    """The apps `make_app` lends, by configuration, for the test session (insertion-ordered:
    the least recently used first)."""
    return {}


@pytest.fixture
def make_app(shared_apps, connection, tmp_path):
    """Builds (or lends) the WSGI app on the test's connection; keyword arguments override
    settings. `make_app.fresh(**overrides)` builds a new one."""
    maker = AppMaker(shared_apps, connection, str(tmp_path / "mail"))
    yield maker
    maker.give_back()


class Api:
    """A webtest client speaking the envelope: `api.get(path)` returns the parsed JSON and
    checks the status when `status=` is given."""

    def __init__(self, testapp, token=None):
        self.app = testapp
        self.token = token

    def headers(self, extra=None):
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        headers.update(extra or {})
        return headers

    def get(self, path, status=200, **kw):
        return self.app.get(path, headers=self.headers(kw.pop("headers", None)), status=status, **kw).json

    def post(self, path, body=None, status=200, **kw):
        return self.app.post_json(
            path, {} if body is None else body, headers=self.headers(kw.pop("headers", None)), status=status, **kw
        ).json

    def delete(self, path, status=200, **kw):
        return self.app.delete(path, headers=self.headers(kw.pop("headers", None)), status=status, **kw).json

    def as_user(self, token):
        return Api(self.app, token)


# argon2id with the least work argon2-cffi allows (its `profiles.CHEAPEST`, "for testing"), a
# full-length salt and hash: the app's parameters take about 0.1 s per hash and per sign-in on
# purpose, which tests that sign in paid again and again (0.4 s each on a loaded machine).
TEST_PASSWORD_HASHING = dict(salt_len=16, hash_len=32, time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture(scope="session", autouse=True)
def cheap_password_hashes():
    """Passwords hashed in the test process (accounts made by tests, passwords set through the
    API) use `TEST_PASSWORD_HASHING`; verifying reads the parameters from the hash itself, so
    every sign-in still runs argon2 in full, on any server, only cheaper. The app's own
    parameters are checked in core/tests/test_password_hashes.py. Gives the app's hasher."""
    from argon2 import PasswordHasher

    production = use_hasher(PasswordHasher(**TEST_PASSWORD_HASHING))
    yield production
    use_hasher(production)


@functools.cache
def hash_of(password):
    """`hash_password`, once per password and test run: most tests make accounts with the same
    password. Sign-in still verifies it in full."""
    return hash_password(password)


def create_user(db, email="operator@example.pl", password="Haslo-123!", super=0, firstname="Anna", lastname="Nowak"):
    from smogpanel.users.models import User

    user = User(email=email, firstname=firstname, lastname=lastname, super=super, password_hash=hash_of(password))
    db.add(user)
    db.flush()
    db.commit()
    return user


@pytest.fixture
def testapp(make_app):
    import webtest

    return webtest.TestApp(make_app())


@pytest.fixture
def admin(db):
    return create_user(db, email="admin@example.pl", super=1, firstname="Adam", lastname="Admin")


def token_for(user, db=None, app=None):
    """A token of `user` in a new sign-in session, as the API would give after a sign-in. The
    session is written in `db`, else in the session `user` was loaded in, else through `app`'s
    own database (a user loaded elsewhere and detached)."""
    from sqlalchemy.orm import object_session

    from smogpanel.security import Tokens
    from smogpanel.users.sessions import open_session

    db = db if db is not None else object_session(user)
    if db is not None:
        session_id = open_session(db, user.id, "127.0.0.1", "test")
        db.commit()
    elif app is not None:
        from smogpanel.db import own_transaction

        with own_transaction(registry_of(app)) as own:
            session_id = open_session(own, user.id, "127.0.0.1", "test")
    else:
        raise ValueError("token_for: pass the test's `db` or the app (the user is not attached to a session)")
    return Tokens(TEST_SECRET, 600).issue(user, session_id)


def registry_of(app):
    """The Pyramid registry of a WSGI app built by `main` (under its wrappers) or a TestApp."""
    inner = app
    while not hasattr(inner, "registry"):
        inner = getattr(inner, "app", None) or getattr(inner, "application", None)
        if inner is None:
            raise ValueError("registry_of: not an app built by smogpanel.main")
    return inner.registry


def signed_in(app, user, db=None):
    """An `Api` client signed in as `user` on `app` (a WSGI app or a webtest.TestApp), e.g.
    an app built by `make_app` with a test plugin. The session is opened in the test's `db`
    (by default the one `user` was loaded in, else the app's own database)."""
    import webtest

    testapp = app if isinstance(app, webtest.TestApp) else webtest.TestApp(app)
    return Api(testapp, token_for(user, db, testapp.app))


@pytest.fixture
def api(testapp, admin):
    """A client signed in as a super administrator."""
    return signed_in(testapp, admin)


@pytest.fixture
def anonymous(testapp):
    return Api(testapp)


@pytest.fixture(autouse=True)
def _no_leftover_transaction():
    yield
    transaction.manager.abort()


def embed_bundle_of(app, page, plugin):
    """The content-hashed embed bundle `page` loads, checked to be served as immutable JS: its URL."""
    source = re.search(r'<script src="([^"]+)" defer>', page.text).group(1)
    assert re.fullmatch(rf"/plugins/{plugin}/embed/embed\.[0-9a-f]{{8}}\.js", source), source
    bundle = app.get(source)
    assert bundle.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert bundle.content_type in ("application/javascript", "text/javascript") and b"function" in bundle.body
    return source


class TablesRead:
    """The tables every SELECT on the engine reads while active (to check what a cached answer
    declares it shows: `PublicKind.shows`, `Resource.list_reads`)."""

    def __init__(self, engine):
        self.engine = engine
        self.names = set()

    def record(self, connection, statement, *args):
        if isinstance(statement, sa.sql.Select) or getattr(statement, "is_select", False):
            self.names.update(
                table.name
                for table in find_tables(statement, include_joins=True, include_aliases=True)
                if isinstance(table, sa.Table)
            )

    def __enter__(self):
        event.listen(self.engine, "before_execute", self.record)
        return self

    def __exit__(self, *exc):
        event.remove(self.engine, "before_execute", self.record)


def history_of(api, kind, record_id):
    """A record's history entries (smogpanel.history), newest first, as the panel reads them."""
    return api.get(f"/api/history/?kind={kind}&record_id={record_id}")["message"]["list"]


def voivodeship_id(api, name):
    """The id of the voivodeship `name` (e.g. 'małopolskie'), as the panel lists them."""
    rows = api.get("/api/voivodeship/?order=name&asc=1")["message"]["list"]
    return next(row["id"] for row in rows if row["name"] == name)


def scoped_editor(api, db, voivodeship="małopolskie", email="krakow@example.pl"):
    """An `Api` client of a new editor whose scope is the one voivodeship `voivodeship` (on
    `api`'s app, which looks the voivodeship up)."""
    user = create_user(db, email=email)
    user.scope_voivodeships = str(voivodeship_id(api, voivodeship))
    db.commit()
    return signed_in(api.app, user)
