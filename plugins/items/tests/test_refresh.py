"""Integrations fill INTEGRATION hooks: 'Odśwież' in the panel and `smogpanel integrations
refresh`, against a local source that answers, fails, hangs and talks nonsense."""

import time

import pytest
import sqlalchemy as sa

from smogpanel.cli import main as cli
from smogpanel.testing.http import LocalSource

from .helpers import add_gmina, hook, meter_api, meter_payload


@pytest.fixture
def source():
    with LocalSource() as source:
        source.answer("/meter/m-1", {"level": 31.5, "at": "2026-11-24T10:00:00+01:00"})
        yield source


def test_refresh_stores_values_with_the_reading_time(make_app, admin, source):
    api = meter_api(make_app, admin, source.url)
    item = api.post("/api/item/", meter_payload(add_gmina(api)["id"]))["message"]
    refreshed = api.post(f"/api/item/{item['id']}/refresh")["message"]
    level = hook(refreshed, "level")
    assert level["value"] == 31.5
    assert level["read_at"] == "2026-11-24T09:00:00+00:00"
    assert level["source"] == "Czujniki testowe" and level["error"] is None
    assert refreshed["refresh"] == {"items": 1, "refreshed": 1, "failed": 0, "errors": [], "value_errors": []}
    public = api.get("/api/public/item/czujnik")["message"]
    assert {"name": "level", "label": "Poziom", "text": "31,5 µg/m³"} in public["fields"]
    assert public["read_at"] == "2026-11-24T09:00:00+00:00" and public["source"] == "Czujniki testowe"


@pytest.mark.parametrize(
    "failure, message",
    [
        (dict(status=500), "błędem serwera 500"),
        (dict(body=b'{"level": '), "nie jest poprawnym JSON"),
        (dict(body=b'{"other": 1}'), "Nieoczekiwany błąd integracji (KeyError"),
    ],
)
def test_a_failing_source_keeps_the_last_values_and_records_the_error(make_app, admin, source, failure, message):
    api = meter_api(make_app, admin, source.url)
    item = api.post("/api/item/", meter_payload(add_gmina(api)["id"]))["message"]
    api.post(f"/api/item/{item['id']}/refresh")
    source.fail("/meter/m-1", **failure)
    failed = api.post(f"/api/item/{item['id']}/refresh")["message"]
    level = hook(failed, "level")
    assert level["value"] == 31.5 and level["read_at"] == "2026-11-24T09:00:00+00:00"
    assert message in level["error"] and level["error_at"]
    assert failed["refresh"]["failed"] == 1
    public = api.get("/api/public/item/czujnik")["message"]
    assert {"name": "level", "label": "Poziom", "text": "31,5 µg/m³"} in public["fields"]
    source.heal()
    healed = hook(api.post(f"/api/item/{item['id']}/refresh")["message"], "level")
    assert healed["error"] is None and healed["value"] == 31.5


def test_a_value_the_source_could_not_give_keeps_its_last_reading_and_shows_its_own_error(make_app, admin, source):
    api = meter_api(make_app, admin, source.url)
    payload = meter_payload(add_gmina(api)["id"])
    item = api.post("/api/item/", payload)["message"]
    source.answer("/meter/m-1", {"level": 31.5, "at": "2026-11-24T10:00:00+01:00", "note": "czujnik A"})
    level = hook(api.post(f"/api/item/{item['id']}/refresh")["message"], "level")
    assert level["note"] == "czujnik A" and level["value_error"] is None

    source.answer("/meter/m-1", {"level_error": "Czujnik A w przeglądzie", "at": "2026-11-24T11:00:00+01:00"})
    failed = api.post(f"/api/item/{item['id']}/refresh")["message"]
    level = hook(failed, "level")
    assert level["value"] == 31.5 and level["read_at"] == "2026-11-24T09:00:00+00:00" and level["note"] == "czujnik A"
    assert level["value_error"] == "Czujnik A w przeglądzie" and level["value_error_at"]
    assert level["error"] is None  # the reading itself was good
    assert failed["refresh"]["refreshed"] == 1 and failed["refresh"]["value_errors"] == [
        {"item_id": item["id"], "integration": "meter", "hook": "level", "error": "Czujnik A w przeglądzie"}
    ]
    public = api.get("/api/public/item/czujnik")["message"]
    assert {"name": "level", "label": "Poziom", "text": "31,5 µg/m³"} in public["fields"]

    # Saving the item keeps the value with its note and its error; the next good reading clears it.
    saved = api.post(f"/api/item/{item['id']}", {"name": "Czujnik po zmianie", "hooks": payload["hooks"]})
    level = hook(saved["message"], "level")
    assert (level["value"], level["note"], level["value_error"]) == (31.5, "czujnik A", "Czujnik A w przeglądzie")
    source.answer("/meter/m-1", {"level": 12.0, "at": "2026-11-24T12:00:00+01:00", "note": "czujnik B"})
    healed = hook(api.post(f"/api/item/{item['id']}/refresh")["message"], "level")
    assert (healed["value"], healed["note"], healed["value_error"]) == (12.0, "czujnik B", None)
    source.answer("/meter/m-1", {"level": None, "at": "2026-11-24T13:00:00+01:00", "note": "czujnik B bez wyniku"})
    empty = hook(api.post(f"/api/item/{item['id']}/refresh")["message"], "level")
    assert (empty["value"], empty["read_at"], empty["note"]) == (None, None, "czujnik B bez wyniku")


def test_a_hanging_source_costs_a_bounded_time(make_app, admin, source):
    import time

    api = meter_api(make_app, admin, source.url)  # timeout 0.5 s, one retry
    item = api.post("/api/item/", meter_payload(add_gmina(api)["id"]))["message"]
    source.hang("/meter/m-1", seconds=5)
    started = time.monotonic()
    level = hook(api.post(f"/api/item/{item['id']}/refresh")["message"], "level")
    assert time.monotonic() - started < 3
    assert "nie odpowiedziało w ciągu 0,5 s (próby: 2)" in level["error"]
    assert level["value"] is None


def test_the_refresh_budget_ends_one_items_reading_whatever_the_retries(make_app, admin, source):
    api = meter_api(
        make_app, admin, source.url, **{"smogpanel.integrations.retries": "5", "smogpanel.integrations.budget": "1.5"}
    )
    item = api.post("/api/item/", meter_payload(add_gmina(api)["id"]))["message"]
    api.post(f"/api/item/{item['id']}/refresh")
    source.hang("/meter/m-1", seconds=5)
    refreshed = api.post(f"/api/item/{item['id']}/refresh")["message"]
    level = hook(refreshed, "level")
    assert level["error"] == "Źródło nie odpowiedziało w czasie przeznaczonym na odświeżenie (1,5 s)."
    assert level["value"] == 31.5  # the last good reading stays
    assert (
        source.hits["/meter/m-1"] == 3
    )  # the first refresh, then 0.5 s, a 0.2 s wait, 0.5 s, and the 0.3 s left go to a wait


def test_a_source_stopped_entirely_is_an_error_too(make_app, admin):
    with LocalSource() as stopped:
        url = stopped.url
    api = meter_api(make_app, admin, url)
    item = api.post("/api/item/", meter_payload(add_gmina(api)["id"]))["message"]
    level = hook(api.post(f"/api/item/{item['id']}/refresh")["message"], "level")
    assert "Nie można połączyć się ze źródłem" in level["error"]


def test_an_unreachable_source_is_named_and_a_failed_refresh_leaves_the_item_unchanged(make_app, admin):
    api = meter_api(make_app, admin, "http://czujniki.invalid")
    item = api.post("/api/item/", meter_payload(add_gmina(api)["id"]))["message"]
    time.sleep(1.1)  # `updated` is shown to the second: a stamp now would differ from `created`
    refreshed = api.post(f"/api/item/{item['id']}/refresh")["message"]
    level = hook(refreshed, "level")
    assert level["error"].startswith("Nie można połączyć się ze źródłem: nie znaleziono serwera „czujniki.invalid”")
    assert "Errno" not in level["error"] and level["value"] is None and level["read_at"] is None
    # Only an error was recorded: the item is not shown as changed after creation.
    assert refreshed["updated"] == item["updated"] == item["created"]
    row = api.get("/api/item/")["message"]["list"][0]
    assert row["updated"] == row["created"]


def test_the_list_says_which_items_have_something_to_refresh_and_types_name_their_integration(make_app, admin):
    from .helpers import note_payload

    api = meter_api(make_app, admin, "http://czujniki.invalid")
    gmina = add_gmina(api)["id"]
    api.post("/api/item/", meter_payload(gmina))
    api.post("/api/item/", note_payload(gmina))
    rows = api.get("/api/item/?order=id&asc=1")["message"]["list"]
    assert [(row["internal_name"], row["refreshable"]) for row in rows] == [("czujnik", True), ("zabierzow", False)]
    meter = next(t for t in api.get("/api/item_type/")["message"]["list"] if t["id"] == "meter")
    level = next(h for h in meter["hooks"] if h["name"] == "level")
    assert (level["integration"], level["integration_name"]) == ("meter", "Czujniki testowe")


def test_an_item_without_integrations_refreshes_to_nothing(api):
    from .helpers import note_payload

    item = api.post("/api/item/", note_payload(add_gmina(api)["id"]))["message"]
    answer = api.post(f"/api/item/{item['id']}/refresh")["message"]
    assert answer["refresh"] == {"items": 0, "refreshed": 0, "failed": 0, "errors": [], "value_errors": []}


# -- the command line ---------------------------------------------------------------------
@pytest.mark.own_database  # an SQLite file of its own
def test_cli_refreshes_every_item_and_reports_failures(tmp_path, source, capsys, monkeypatch):
    """`smogpanel integrations refresh` on an initialised database with the meter plugin."""
    import smogpanel.plugin_manager as manager_module

    from .helpers import meter_plugin

    database = tmp_path / "cli.sqlite"
    ini = tmp_path / "cli.ini"
    ini.write_text(
        "[app:main]\nuse = egg:smogpanel\n"
        f"sqlalchemy.url = sqlite:///{database}\nsmogpanel.secret = {'s' * 40}\n"
        "smogpanel.integrations.timeout = 0.5\nsmogpanel.integrations.retries = 0\n"
    )
    plugin = meter_plugin(source.url)

    real_build = manager_module.build_plugin_manager
    monkeypatch.setattr(
        manager_module,
        "build_plugin_manager",
        lambda enabled=None, extra=(): real_build(enabled, list(extra) + [("meter", plugin)]),
    )
    if True:
        assert cli(["-c", str(ini), "init"]) == 0
        engine = sa.create_engine(f"sqlite:///{database}")
        gmina = _first_gmina(engine)
        _add_meter_item(engine, gmina, "m-1", "pierwszy")
        _add_meter_item(engine, gmina, "m-2", "drugi")  # the source has no m-2: a 404
        capsys.readouterr()
        assert cli(["-c", str(ini), "integrations", "refresh"]) == 1
        out, err = capsys.readouterr()
        assert "Odświeżono elementy: 2; udane odczyty: 1, nieudane: 1." in out
        assert "integracja meter: Źródło odpowiedziało błędem 404" in err
        with engine.connect() as connection:
            rows = dict(connection.execute(sa.text("SELECT internal_name, hook_values FROM item")).all())
        import json

        first = json.loads(rows["pierwszy"]) if isinstance(rows["pierwszy"], str) else rows["pierwszy"]
        assert first["level"]["value"] == 31.5
        assert cli(["-c", str(ini), "integrations", "refresh", "--item", "1"]) == 0
        source.answer("/meter/m-1", {"level_error": "Czujnik w przeglądzie", "at": "2026-11-24T11:00:00+01:00"})
        capsys.readouterr()
        assert cli(["-c", str(ini), "integrations", "refresh", "--item", "1"]) == 1  # one value failed
        out, err = capsys.readouterr()
        assert "udane odczyty: 1, nieudane: 0. Nieodczytane wartości: 1." in out
        assert "Element 1, integracja meter, wartość level: Czujnik w przeglądzie" in err


def _first_gmina(engine):
    with engine.begin() as connection:
        voivodeship = connection.execute(sa.text("SELECT id FROM voivodeship ORDER BY id LIMIT 1")).scalar()
        connection.execute(
            sa.text(
                "INSERT INTO district (name, voivodeship_id, created, updated) VALUES "
                "('krakowski', :v, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')"
            ),
            {"v": voivodeship},
        )
        district = connection.execute(sa.text("SELECT max(id) FROM district")).scalar()
        connection.execute(
            sa.text(
                "INSERT INTO borough (name, district_id, created, updated) VALUES "
                "('Zabierzów', :d, '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')"
            ),
            {"d": district},
        )
        return connection.execute(sa.text("SELECT max(id) FROM borough")).scalar()


def _add_meter_item(engine, gmina, meter, internal_name):
    import json

    values = {
        "gmina": {"type": "BOROUGH", "display_name": "Gmina", "value": gmina},
        "meter": {"type": "TEXT", "display_name": "Czujnik", "value": meter},
    }
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO item (name, internal_name, item_type_id, item_type_name, hook_values, integration_state, "
                "created, updated) VALUES (:n, :i, 'meter', 'Czujnik testowy', :h, '{}', "
                "'2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')"
            ),
            {"n": internal_name, "i": internal_name, "h": json.dumps(values)},
        )


@pytest.mark.own_database  # SQLite's write lock, on a file of its own
def test_a_slow_source_never_holds_sqlites_write_lock(tmp_path, source):
    """On a real SQLite file, while 'Odśwież' waits for a source that does not answer, another
    operator's save goes through (the refresh holds no transaction while it waits: if it held
    SQLite's write lock, the save would give up after the 300 ms busy timeout with 503)."""
    import threading

    import webtest

    from smogpanel import main
    from smogpanel.db import make_engine, make_session_factory
    from smogpanel.migrate import upgrade
    from smogpanel.plugin_manager import build_plugin_manager
    from smogpanel.testing.app import TEST_SECRET, create_user, signed_in

    from .helpers import FAST, meter_plugin, note_payload

    url = f"sqlite:///{tmp_path / 'lock.sqlite'}"
    plugin = ("meter", meter_plugin(source.url))
    manager = build_plugin_manager(extra=[plugin])
    upgrade(url, manager)
    engine = make_engine(url)
    with make_session_factory(engine)() as db, db.begin():
        manager.hook.smogpanel_seed(db=db)
    with make_session_factory(engine, expire_on_commit=False)() as db:
        user = create_user(db, email="lock@example.pl")
    engine.dispose()
    app = main(
        {},
        **{
            "sqlalchemy.url": url,
            "smogpanel.secret": TEST_SECRET,
            "smogpanel.environment": "testing",
            "smogpanel.smtp_url": "",
            "smogpanel.mail_dir": str(tmp_path / "mail"),
            "smogpanel.sqlite_busy_timeout_ms": "300",
            "smogpanel.plugin_objects": [plugin],
            **dict(FAST, **{"smogpanel.integrations.timeout": "60", "smogpanel.integrations.retries": "0"}),
        },
    )
    first, second = signed_in(webtest.TestApp(app), user), signed_in(webtest.TestApp(app), user)
    gmina = add_gmina(first)
    item = first.post("/api/item/", meter_payload(gmina["id"]))["message"]
    held = source.hold("/meter/m-1")

    answers = {}
    refreshing = threading.Thread(target=lambda: answers.update(refresh=first.post(f"/api/item/{item['id']}/refresh")))
    refreshing.start()
    assert held.arrived.wait(30)  # the refresh is now waiting for the source
    saved = second.post("/api/item/", note_payload(gmina["id"], internal_name="w-trakcie"))["message"]
    assert saved["internal_name"] == "w-trakcie" and refreshing.is_alive() and "refresh" not in answers
    held.release()
    refreshing.join()
    assert hook(answers["refresh"]["message"], "level")["value"] == 31.5


def test_a_refresh_answers_the_items_new_version_so_the_open_form_saves_against_it(make_app, admin, source):
    """'Odśwież' on the edit form changes the item: its answer's ETag is the version a GET then
    gives, and a save loaded before it is refused (docs/api.md, "Saving against the version…")."""
    api = meter_api(make_app, admin, source.url)
    item = api.post("/api/item/", meter_payload(add_gmina(api)["id"]))["message"]
    path = f"/api/item/{item['id']}"
    before = api.app.get(path, headers=api.headers()).headers["ETag"]
    refreshed = api.app.post_json(f"{path}/refresh", {}, headers=api.headers())
    after = api.app.get(path, headers=api.headers()).headers["ETag"]

    def version(etag):
        return etag.removeprefix("W/").strip('"').split("-")[0]

    assert version(refreshed.headers["ETag"]) == version(after) != version(before)
    body = {key: refreshed.json["message"][key] for key in ("name", "item_type_id", "hooks") if key in item}
    api.app.post_json(path, body, headers=api.headers({"If-Match": before}), status=412)
