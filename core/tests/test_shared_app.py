"""The testing kit lends one app per configuration to test after test (`make_app`): each test
gets it on its own rolled-back transaction, with its settings as built and nothing it held from
the test before. Two "tests" are played here in turn on one shared app; both write the same
number of rows, so they reach the same data versions with other data, the case where a cache
keyed by version would answer the second with the first's."""

import sqlalchemy as sa
import webtest

from smogpanel.db import make_session_factory
from smogpanel.reach.counter import flush_all
from smogpanel.reach.models import ReachCount
from smogpanel.testing.app import Api, AppMaker, create_user, registry_of, signed_in

TIMER = {
    "name": "Do końca sezonu",
    "internal_name": "wspolny-licznik",
    "timer_style_name": "SEA",
    "deadline": "2027-05-01",
    "countdown": True,
    "text_below": "Ogrzewaj czysto.",
    "logo_path": None,
    "hidden_brand": 0,
}


def in_turn(engine, tmp_path, *tests):
    """Runs each `test(app, db)` as the suite would run consecutive tests: a connection and an
    outer transaction of its own, rolled back after it, the app lent by one shared `AppMaker`."""
    shared, results = {}, []
    for test in tests:
        connection = engine.connect()
        outer = connection.begin()
        try:
            db = make_session_factory(connection, join_transaction_mode="create_savepoint")()
            maker = AppMaker(shared, connection, str(tmp_path / "mail"))
            results.append(test(maker(), db))
            maker.give_back()
            db.close()
        finally:
            outer.rollback()
            connection.close()
    assert len(shared) == 1  # one app served every turn
    return results


def public_timer(text_above):
    def test(app, db):
        api = signed_in(app, create_user(db, email="redaktor@example.pl", super=1))
        api.post("/api/timer/", dict(TIMER, text_above=text_above))
        anonymous = Api(api.app)
        payload = anonymous.get("/api/public/timer/wspolny-licznik")["message"]["text_above"]
        page = anonymous.app.get("/view/timer/wspolny-licznik").text
        rows = api.get("/api/timer/")["message"]["list"]
        listed = [row["text_above"] for row in rows if row["internal_name"] == TIMER["internal_name"]]
        return payload, text_above in page, listed

    return test


def test_a_public_payload_page_and_list_cached_by_one_test_are_not_served_to_the_next(engine, tmp_path):
    first, second = in_turn(engine, tmp_path, public_timer("Pierwszy test"), public_timer("Drugi test"))
    assert first == ("Pierwszy test", True, ["Pierwszy test"])
    assert second == ("Drugi test", True, ["Drugi test"])


def test_view_counts_held_by_one_test_are_not_written_in_the_next(engine, tmp_path):
    def counts_a_view(app, db):
        public_timer("Liczony")(app, db)
        beacon = {"k": "timer", "n": "wspolny-licznik", "s": "https://gmina.example.pl"}
        Api(webtest.TestApp(app)).app.post_json("/api/reach/hit", beacon, status=204)

    def writes_the_counts(app, db):
        public_timer("Ten sam licznik, nieoglądany")(app, db)
        flush_all()
        return db.scalar(sa.select(sa.func.count()).select_from(ReachCount))

    assert in_turn(engine, tmp_path, counts_a_view, writes_the_counts) == [None, 0]


def test_settings_a_test_changed_are_back_as_built_for_the_next(engine, tmp_path):
    def changes_a_setting(app, db):
        settings = registry_of(app).settings
        built = settings["smogpanel.environment"]
        settings["smogpanel.environment"] = "production"
        settings["smogpanel.support_url"] = "https://pomoc.example.pl"
        return built, registry_of(app).settings.get("smogpanel.support_url")

    def reads_them(app, db):
        settings = registry_of(app).settings
        return settings["smogpanel.environment"], settings.get("smogpanel.support_url")

    assert in_turn(engine, tmp_path, changes_a_setting, reads_them) == [
        ("testing", "https://pomoc.example.pl"),
        ("testing", ""),
    ]
