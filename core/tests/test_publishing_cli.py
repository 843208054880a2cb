"""`smogpanel publish` and `smogpanel unpublish` on a database made by `smogpanel init --demo`
(a fresh SQLite file): the command line publishes, schedules and withdraws as the API does,
recorded as the CLI in history, and refuses a time that cannot be read, naming it."""

import pytest
import sqlalchemy as sa
import webtest

from smogpanel import main as make_app
from smogpanel.cli import main as cli


@pytest.fixture
def ini(tmp_path):
    path = tmp_path / "cli.ini"
    path.write_text(
        "[app:main]\nuse = egg:smogpanel\n"
        f"sqlalchemy.url = sqlite:///{tmp_path / 'var' / 'cli.sqlite'}\n"
        f"smogpanel.mail_dir = {tmp_path / 'mail'}\n"
        "smogpanel.publishing = reviewed\n",
        encoding="utf-8",
    )
    return str(path), f"sqlite:///{tmp_path / 'var' / 'cli.sqlite'}"


def rows(url, sql):
    with sa.create_engine(url).connect() as connection:
        return connection.exec_driver_sql(sql).all()


def test_publishing_and_withdrawing_from_the_command_line(initialised, ini, capsys):
    path, url = ini
    initialised(path, demo=True)
    timer_id, name = rows(url, "SELECT id, internal_name FROM timer ORDER BY id LIMIT 1")[0]
    public = webtest.TestApp(
        make_app({}, **{"sqlalchemy.url": url, "smogpanel.publishing": "reviewed", "smogpanel.secret": "x" * 40})
    )
    public.get(f"/api/public/timer/{name}", status=404)  # reviewed: the demo's drafts are not public

    capsys.readouterr()
    assert cli(["-c", path, "publish", "timer", str(timer_id), "--note", "Z konsoli"]) == 0
    assert f"Opublikowano timer {timer_id} jako wersję 1" in capsys.readouterr().out
    public.get(f"/api/public/timer/{name}", status=200)
    assert rows(url, f"SELECT action, via FROM history_entry WHERE kind = 'timer' AND record_id = {timer_id}")[-1] == (
        "publish",
        "cli",
    )

    assert cli(["-c", path, "unpublish", "timer", str(timer_id), "--at", "2027-03-28T02:30"]) == 2
    assert "nie istnieje w czasie polskim" in capsys.readouterr().err
    assert cli(["-c", path, "unpublish", "timer", str(timer_id), "--at", "2099-01-12T10:00"]) == 0
    assert f"Wycofano timer {timer_id} (12.01.2099 10:00)." in capsys.readouterr().out
    assert (
        rows(url, f"SELECT action, at FROM publication WHERE record_id = {timer_id} ORDER BY id")[-1][0] == "unpublish"
    )
    public.get(f"/api/public/timer/{name}", status=200)  # withdrawn only in 2099

    assert cli(["-c", path, "publish", "user", "1"]) == 2
    assert "Tego rodzaju elementów się nie publikuje: user" in capsys.readouterr().err
    assert cli(["-c", path, "publish", "timer", "999999"]) == 1
    assert "Nie ma elementu timer o id 999999." in capsys.readouterr().err


@pytest.mark.slow  # `init --demo`
def test_calling_off_scheduled_changes_from_the_command_line(initialised, ini, capsys):
    path, url = ini
    initialised(path, demo=True)
    timer_id, name = rows(url, "SELECT id, internal_name FROM timer ORDER BY id LIMIT 1")[0]
    public = webtest.TestApp(
        make_app({}, **{"sqlalchemy.url": url, "smogpanel.publishing": "reviewed", "smogpanel.secret": "x" * 40})
    )
    capsys.readouterr()
    assert cli(["-c", path, "cancel-scheduled", "timer", str(timer_id)]) == 1
    assert "nie ma zaplanowanych zmian do odwołania" in capsys.readouterr().err
    assert cli(["-c", path, "publish", "timer", str(timer_id), "--at", "2099-01-12T10:00"]) == 0
    capsys.readouterr()

    assert cli(["-c", path, "cancel-scheduled", "timer", str(timer_id)]) == 0
    assert f"Odwołano publikację wersji 1 timer {timer_id} (planowano na 12.01.2099 10:00)." in capsys.readouterr().out
    assert rows(url, f"SELECT cancelled IS NOT NULL FROM publication WHERE record_id = {timer_id}") == [(1,)]
    entry = rows(url, f"SELECT action, via, changes FROM history_entry WHERE record_id = {timer_id} ORDER BY id")[-1]
    assert entry[:2] == ("publish", "cli") and '"cancelled"' in entry[2]
    public.get(f"/api/public/timer/{name}/v/1", status=404)
    assert cli(["-c", path, "cancel-scheduled", "timer", str(timer_id)]) == 1  # nothing left to call off
    assert cli(["-c", path, "cancel-scheduled", "user", "1"]) == 2
