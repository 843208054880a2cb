"""The reach counts are kept `smogpanel.reach.keep_days` days (400 unless set): the server's daily
job `core.reach_purge` deletes the older days, on each database, and keeps the recent ones."""

from datetime import timedelta

import pytest
import sqlalchemy as sa

from smogpanel import main
from smogpanel.db import own_transaction
from smogpanel.ops.jobs import JobRunner, job_rows
from smogpanel.reach.counter import today
from smogpanel.reach.models import ReachCount
from smogpanel.testing.app import TEST_SECRET
from smogpanel.testing.serve import fresh_database

AGES = (0, 1, 30, 31, 399, 400, 401, 1000)  # days before today


@pytest.fixture
def server(tmp_path_factory, tmp_path, request):
    database = fresh_database(tmp_path_factory, "reach_" + request.node.name[:40].lower().replace("[", "_").strip("]"))
    apps = []

    def start(**settings):
        app = main(
            {},
            **{
                "sqlalchemy.url": database,
                "smogpanel.secret": TEST_SECRET,
                "smogpanel.environment": "testing",
                "smogpanel.mail_dir": str(tmp_path / "mail"),
                **settings,
            },
        )
        apps.append(app)
        with own_transaction(app.registry) as db:
            db.execute(sa.delete(ReachCount))
            for age in AGES:
                for site in ("", "https://gmina.example.pl"):
                    db.add(
                        ReachCount(
                            day=today() - timedelta(days=age),
                            kind="timer",
                            record_id=1,
                            site=site,
                            event="view",
                            count=age + 1,
                        )
                    )
        return app

    yield start
    for app in apps:
        app.registry["db.engine"].dispose()


def ages_kept(app):
    with app.registry["db.session_factory"]() as db:
        days = db.scalars(sa.select(ReachCount.day)).all()
    return sorted({(today() - day).days for day in days})


def run_job(app):
    runner = JobRunner(app.registry)
    try:
        return runner.run_due("core.reach_purge")
    finally:
        runner.dispose()


def test_the_daily_job_keeps_four_hundred_days_unless_told(server):
    app = server()
    assert run_job(app) == "ok"
    assert ages_kept(app) == [0, 1, 30, 31, 399]
    summary = {row["code"]: row for row in job_rows(app.registry)}["core.reach_purge"]
    assert summary["summary"] == "Usunięto liczniki zasięgu starsze niż 400 dni: 6."
    assert summary["interval"] == 24 * 3600
    assert run_job(app) is None  # once a day: the tick is done


def test_a_shorter_setting_deletes_more_and_the_rest_stays_untouched(server):
    app = server(**{"smogpanel.reach.keep_days": "31"})
    assert run_job(app) == "ok"
    assert ages_kept(app) == [0, 1, 30]
    with app.registry["db.session_factory"]() as db:
        counts = db.execute(sa.select(ReachCount.site, ReachCount.count).where(ReachCount.day == today())).all()
    assert sorted(counts) == [("", 1), ("https://gmina.example.pl", 1)]
