"""The `smogpanel` command on a database of its own (a fresh SQLite file per test)."""

import os
import stat
from pathlib import Path

import pytest
import sqlalchemy as sa
import webtest

from smogpanel import main as make_app
from smogpanel.cli import DEMO_ADMIN
from smogpanel.cli import main as cli

pytestmark = pytest.mark.own_database  # SQLite files of its own (`ini`)


@pytest.fixture
def ini(tmp_path):
    path = tmp_path / "cli.ini"
    path.write_text(
        "[app:main]\nuse = egg:smogpanel\n"
        f"sqlalchemy.url = sqlite:///{tmp_path / 'var' / 'cli.sqlite'}\n"
        f"smogpanel.mail_dir = {tmp_path / 'mail'}\n",
        encoding="utf-8",
    )
    return str(path)


def run(ini, *args):
    return cli(["-c", ini, *args])


def database_url(ini):
    return Path(ini).read_text(encoding="utf-8").split("sqlalchemy.url = ")[1].split("\n")[0]


def query(ini, sql):
    with sa.create_engine(database_url(ini)).connect() as connection:
        return connection.exec_driver_sql(sql).all()


def login(ini, email, password):
    app = webtest.TestApp(make_app({}, **{"sqlalchemy.url": database_url(ini)}))
    return app.post_json("/api/auth/login", {"email": email, "password": password}, expect_errors=True)


def test_init_creates_the_sixteen_voivodeships_once_and_says_which_migrations_it_applied(ini, capsys):
    assert run(ini, "init") == 0
    first = capsys.readouterr().out
    assert "Zastosowane migracje" in first and "core_0001  core tables" in first and "hierarchy_0002" in first
    assert run(ini, "init") == 0
    second = capsys.readouterr().out
    assert "nie było migracji do zastosowania" in second and "core_0001" not in second
    assert query(ini, "SELECT count(*) FROM voivodeship") == [(16,)]
    assert "Baza danych gotowa" in second


def test_init_creates_the_sqlite_database_readable_by_its_owner_only(ini):
    """The database holds password hashes: 0600, and so its -wal and -shm (SQLite gives them the
    database's mode), in a folder made 0700, whatever the umask."""
    database = Path(database_url(ini)[len("sqlite:///") :])
    previous = os.umask(0o022)
    try:
        assert run(ini, "init") == 0
    finally:
        os.umask(previous)
    engine = sa.create_engine(database_url(ini))
    with engine.connect() as connection:  # a server's connection: WAL, one write
        connection.exec_driver_sql("PRAGMA journal_mode=WAL")
        connection.exec_driver_sql("UPDATE voivodeship SET name = name")
        connection.commit()
        modes = {path.name: stat.S_IMODE(path.stat().st_mode) for path in database.parent.iterdir()}
    engine.dispose()
    assert modes == {"cli.sqlite": 0o600, "cli.sqlite-wal": 0o600, "cli.sqlite-shm": 0o600}
    assert stat.S_IMODE(database.parent.stat().st_mode) == 0o700


def test_init_demo_prints_a_login_that_works_and_adds_content_once(ini, capsys):
    assert run(ini, "init", "--demo") == 0
    out = capsys.readouterr().out
    assert DEMO_ADMIN[0] in out and DEMO_ADMIN[1] in out
    districts = query(ini, "SELECT count(*) FROM district")[0][0]
    assert districts > 0
    run(ini, "init", "--demo")
    assert query(ini, "SELECT count(*) FROM district")[0][0] == districts
    answer = login(ini, *DEMO_ADMIN)
    assert answer.status_int == 200 and answer.json["success"] is True


@pytest.mark.slow
def test_user_add_creates_an_account_that_can_sign_in(ini, initialised, capsys):
    initialised(ini)
    assert run(ini, "user", "add", "Ewa@Example.pl", "--password", "dobre-haslo", "--super", "--firstname", "Ewa") == 0
    assert query(ini, "SELECT email, super, firstname FROM user_account") == [("ewa@example.pl", 1, "Ewa")]
    assert run(ini, "user", "add", "ewa@example.pl", "--password", "inne-haslo") == 1
    assert run(ini, "user", "add", "x@example.pl", "--password", "krotkie") == 2
    assert "co najmniej 8" in capsys.readouterr().err
    assert login(ini, "ewa@example.pl", "dobre-haslo").status_int == 200


def test_user_super_grants_and_takes_back_super_administrator_rights(ini, initialised, capsys):
    initialised(ini)
    run(ini, "user", "add", "ewa@example.pl", "--password", "dobre-haslo")
    assert run(ini, "user", "super", "Ewa@example.pl", "on") == 0
    assert query(ini, "SELECT super FROM user_account") == [(1,)]
    assert "superadministratora" in capsys.readouterr().out
    assert run(ini, "user", "super", "ewa@example.pl", "off") == 0
    assert query(ini, "SELECT super FROM user_account") == [(0,)]
    assert run(ini, "user", "super", "nikt@example.pl", "on") == 1
    assert "Nie ma konta nikt@example.pl" in capsys.readouterr().err


@pytest.mark.slow
def test_user_role_sets_the_role_and_an_editors_scopes(ini, initialised, capsys):
    initialised(ini)
    run(ini, "user", "add", "ewa@example.pl", "--password", "dobre-haslo")
    args = ("user", "role", "ewa@example.pl", "editor", "--kinds", "timers,letters", "--voivodeships", "12,mazowieckie")
    assert run(ini, *args) == 0
    assert "redaktor" in capsys.readouterr().out
    [(kinds, voivodeships, super_)] = query(ini, "SELECT scope_kinds, scope_voivodeships, super FROM user_account")
    assert kinds == "letters,timers" and len(voivodeships.split(",")) == 2 and super_ == 0
    assert run(ini, "user", "role", "ewa@example.pl", "viewer", "--voivodeships", "Atlantyda") == 2
    assert "Nie ma województwa „Atlantyda”." in capsys.readouterr().err
    assert run(ini, "user", "role", "ewa@example.pl", "viewer", "--kinds", "nieznany") == 2
    assert run(ini, "user", "role", "ewa@example.pl", "super") == 0
    assert query(ini, "SELECT super, scope_kinds FROM user_account") == [(1, "")]
    assert run(ini, "user", "role", "ewa@example.pl", "viewer") == 0
    assert query(ini, "SELECT super, role FROM user_account") == [(0, "viewer")]


@pytest.mark.slow
def test_user_reset_2fa_removes_the_factors_records_it_and_mails_the_account(ini, initialised, capsys, tmp_path):
    initialised(ini)
    run(ini, "user", "add", "ewa@example.pl", "--password", "dobre-haslo")
    assert run(ini, "user", "reset-2fa", "ewa@example.pl") == 0
    assert "nie ma drugiego składnika" in capsys.readouterr().out
    with sa.create_engine(database_url(ini)).begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO user_totp (user_id, secret, created, confirmed) "
            "VALUES (1, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', '2026-11-26T10:00:00+00:00', '2026-11-26T10:00:00+00:00')"
        )
        connection.exec_driver_sql(
            "INSERT INTO user_recovery_code (user_id, code_hash, created) "
            "VALUES (1, 'abc', '2026-11-26T10:00:00+00:00')"
        )
    assert login(ini, "ewa@example.pl", "dobre-haslo").json["message"]["two_factor"] == "required"
    with sa.create_engine(database_url(ini)).begin() as connection:  # the lost phone's session
        connection.exec_driver_sql(
            "INSERT INTO user_session (user_id, created, last_seen, address, browser, method) "
            "VALUES (1, '2026-11-26T10:00:00+00:00', '2026-11-26T10:00:00+00:00', '', 'Chrome, Android', 'totp')"
        )
    assert run(ini, "user", "reset-2fa", "Ewa@example.pl") == 0
    out = capsys.readouterr().out
    assert "loguje się teraz samym hasłem" in out and "Zakończone sesje: 1." in out
    assert query(ini, "SELECT count(*) FROM user_session WHERE ended IS NULL") == [(0,)]
    assert query(ini, "SELECT count(*) FROM user_totp") == [(0,)]
    assert query(ini, "SELECT count(*) FROM user_recovery_code") == [(0,)]
    assert isinstance(login(ini, "ewa@example.pl", "dobre-haslo").json["message"], str)
    assert query(ini, "SELECT via, kind, record_id, action FROM history_entry WHERE kind = 'user'") == [
        ("cli", "user", 1, "update")
    ]
    mails = [path.read_text(encoding="utf-8") for path in (tmp_path / "mail").glob("*")]
    assert any("reset-2fa" in mail and "ewa@example.pl" in mail for mail in mails)
    assert run(ini, "user", "reset-2fa", "nikt@example.pl") == 1


def test_trash_and_restore_bring_back_a_deleted_district_with_its_boroughs(ini, initialised, capsys):
    initialised(ini)
    engine = sa.create_engine(database_url(ini))
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO district (name, voivodeship_id, created, updated, deleted) "
            "VALUES ('krakowski', 6, '2026-01-01T10:00:00+00:00', '2026-01-01T10:00:00+00:00', "
            "'2026-02-01T10:00:00+00:00')"
        )
        connection.exec_driver_sql(
            "INSERT INTO borough (name, district_id, created, updated, deleted) "
            "VALUES ('Liszki', 1, '2026-01-01T10:00:00+00:00', '2026-01-01T10:00:00+00:00', "
            "'2026-02-01T10:00:00+00:00')"
        )
        connection.exec_driver_sql(
            "INSERT INTO borough (name, district_id, created, updated, deleted) "
            "VALUES ('Skawina', 1, '2026-01-01T10:00:00+00:00', '2026-01-01T10:00:00+00:00', "
            "'2026-01-15T10:00:00+00:00')"
        )
    capsys.readouterr()
    assert run(ini, "trash") == 0
    listing = capsys.readouterr().out
    assert "district\t1\t2026-02-01 10:00\tkrakowski" in listing and "Liszki" in listing

    assert run(ini, "restore", "district", "1") == 0
    assert query(ini, "SELECT name FROM borough WHERE deleted IS NULL") == [("Liszki",)]  # deleted with it
    assert query(ini, "SELECT deleted FROM district") == [(None,)]
    assert run(ini, "restore", "district", "1") == 1  # not deleted any more
    assert run(ini, "restore", "nothing", "1") == 2
    assert query(ini, "SELECT action, kind, record_id, record_name, user_id, via FROM history_entry") == [
        ("restore", "district", 1, "krakowski", None, "cli")
    ]  # once: the refused ones wrote nothing


def add_an_old_and_a_new_history_entry(ini):
    with sa.create_engine(database_url(ini)).begin() as connection:
        for at in ("2020-01-01T10:00:00+00:00", "2099-01-01T10:00:00+00:00"):
            connection.exec_driver_sql(
                "INSERT INTO history_entry (at, via, action, kind, record_name, changes) "
                f"VALUES ('{at}', 'cli', 'restore', 'district', 'krakowski', '{{}}')"
            )


def test_history_purge_deletes_entries_older_than_asked_or_than_the_setting(ini, initialised, capsys, monkeypatch):
    initialised(ini)
    add_an_old_and_a_new_history_entry(ini)
    capsys.readouterr()
    assert run(ini, "history", "purge") == 2  # kept for ever unless told
    assert "bezterminowo" in capsys.readouterr().err
    monkeypatch.setenv("SMOGPANEL_HISTORY_KEEP_DAYS", "365")
    assert run(ini, "history", "purge") == 0
    assert "starsze niż 365 dni: 1" in capsys.readouterr().out
    assert query(ini, "SELECT at FROM history_entry") == [("2099-01-01T10:00:00+00:00",)]
    assert run(ini, "history", "purge", "--older-than", "0") == 2


def test_the_servers_daily_job_purges_history_by_the_setting(ini, initialised, capsys, monkeypatch):
    initialised(ini)
    add_an_old_and_a_new_history_entry(ini)
    assert run(ini, "jobs", "run", "core.history_purge") == 0  # unset: kept for ever
    assert len(query(ini, "SELECT at FROM history_entry")) == 2
    monkeypatch.setenv("SMOGPANEL_HISTORY_KEEP_DAYS", "365")
    assert run(ini, "jobs", "run", "core.history_purge") == 0
    assert query(ini, "SELECT at FROM history_entry") == [("2099-01-01T10:00:00+00:00",)]


def test_restore_refuses_when_the_unique_value_was_taken_meanwhile(ini, initialised, capsys):
    initialised(ini)
    run(ini, "user", "add", "jan@example.pl", "--password", "pierwsze-haslo")
    with sa.create_engine(database_url(ini)).begin() as connection:
        connection.exec_driver_sql("UPDATE user_account SET deleted = '2026-02-01T10:00:00+00:00'")
    run(ini, "user", "add", "jan@example.pl", "--password", "drugie-haslo")
    capsys.readouterr()
    assert run(ini, "restore", "user", "1") == 1
    assert "jest już zajęta" in capsys.readouterr().err
    assert query(ini, "SELECT count(*) FROM user_account WHERE deleted IS NULL") == [(1,)]


def test_public_answers_of_a_served_database_follow_an_edit_at_once(ini, initialised):
    """As `smogpanel serve` runs it (its own engine, the version read on a raw connection)."""
    initialised(ini, demo=True)
    app = webtest.TestApp(make_app({}, **{"sqlalchemy.url": database_url(ini)}))
    token = app.post_json("/api/auth/login", {"email": DEMO_ADMIN[0], "password": DEMO_ADMIN[1]}).json["message"]
    headers = {"Authorization": f"Bearer {token}"}
    timer = app.get("/api/timer/", headers=headers).json["message"]["list"][0]
    record = app.get(f"/api/timer/{timer['id']}", headers=headers).json["message"]
    path = f"/api/public/timer/{record['internal_name']}"
    first = app.get(path)
    app.get(path, headers={"If-None-Match": first.headers["ETag"]}, status=304)
    body = {
        key: record[key]
        for key in (
            "name",
            "timer_style_name",
            "text_above",
            "deadline",
            "countdown",
            "text_below",
            "logo_path",
            "hidden_brand",
        )
    }
    app.post_json(f"/api/timer/{timer['id']}", dict(body, text_above="Zmiana widoczna od razu"), headers=headers)
    changed = app.get(path, headers={"If-None-Match": first.headers["ETag"]}, status=200)
    assert changed.json["message"]["text_above"] == "Zmiana widoczna od razu"
    page = app.get(f"/view/timer/{record['internal_name']}/embed/abc")
    assert "Zmiana widoczna od razu" in page.text


def test_serve_uses_a_worker_process_per_core_and_waitress_for_one(monkeypatch):
    from smogpanel import serve

    monkeypatch.setattr(serve.os, "cpu_count", lambda: 6)
    assert serve.choose(environ={}) == ("gunicorn", 6, 2)
    assert serve.choose(environ={"SMOGPANEL_WORKERS": "3", "SMOGPANEL_THREADS": "4"}) == ("gunicorn", 3, 4)
    assert serve.choose(workers=1, environ={}) == ("waitress", 1, 8)
    assert serve.choose(workers=4, threads=1, environ={"SMOGPANEL_WORKERS": "2"}) == ("gunicorn", 4, 1)
    monkeypatch.setattr(serve.sys, "platform", "win32")  # gunicorn does not run on Windows
    assert serve.choose(environ={}) == ("waitress", 1, 8)
