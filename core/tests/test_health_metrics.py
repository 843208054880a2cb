"""GET /healthz (open to anyone: 200 at head, 503 with the reason when the database does not
answer or a branch is behind) and GET /metrics (Prometheus's format, only for the configured
addresses or the token)."""

import pytest
import webtest
from alembic import command
from prometheus_client.parser import text_string_to_metric_families

from smogpanel import main
from smogpanel.migrate import alembic_config
from smogpanel.plugin_manager import build_plugin_manager
from smogpanel.testing.app import TEST_SECRET, signed_in
from smogpanel.testing.serve import free_port, fresh_database

LOCAL = {"REMOTE_ADDR": "127.0.0.1"}
OUTSIDE = {"REMOTE_ADDR": "203.0.113.7"}


def app_on(url, **settings):
    return webtest.TestApp(
        main(
            {},
            **{"sqlalchemy.url": url, "smogpanel.secret": TEST_SECRET, "smogpanel.environment": "testing", **settings},
        )
    )


def samples(text):
    """{(name, sorted labels): value} of a /metrics answer, parsed as Prometheus would."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


# -- /healthz --------------------------------------------------------------------------------
def test_healthz_answers_ok_to_anyone_at_head(testapp):
    response = testapp.get("/healthz", extra_environ=OUTSIDE)
    assert response.status_int == 200 and response.json == {"status": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def test_healthz_names_the_branch_behind_head(tmp_path_factory):
    url = fresh_database(tmp_path_factory, "health_behind")
    command.downgrade(alembic_config(url, build_plugin_manager()), "items@-1")  # an upgrade not yet run
    response = app_on(url).get("/healthz", status=503)
    assert response.json == {
        "status": "unavailable",
        "reason": "MIGRATIONS_PENDING",
        "message": "Baza danych nie ma najnowszych migracji: uruchom smogpanel init.",
        "branches": ["items"],
    }


def test_healthz_says_the_database_is_down_without_saying_where_it_is():
    url = f"postgresql+psycopg://tajny_uzytkownik:tajne-haslo@127.0.0.1:{free_port()}/baza_produkcyjna"
    response = app_on(url).get("/healthz", status=503)
    assert response.json == {
        "status": "unavailable",
        "reason": "DATABASE_UNAVAILABLE",
        "message": "Baza danych nie odpowiada.",
    }
    for secret in ("tajne", "tajny_uzytkownik", "baza_produkcyjna", "127.0.0.1"):
        assert secret not in response.text


# -- /metrics --------------------------------------------------------------------------------
def test_metrics_count_requests_cache_and_outbox(make_app, admin, dead_smtp_url):
    testapp = webtest.TestApp(
        make_app(**{"smogpanel.smtp_url": dead_smtp_url, "smogpanel.public_url": "https://panel.example.pl"})
    )
    before = samples(testapp.get("/metrics", extra_environ=LOCAL).text)
    api = signed_in(testapp, admin)
    timer = api.post(
        "/api/timer/",
        {
            "name": "Do końca sezonu",
            "internal_name": "sezon",
            "timer_style_name": "SEA",
            "text_above": "Zostało",
            "deadline": "2030-05-01",
            "countdown": True,
            "text_below": "Ogrzewaj czysto.",
            "logo_path": None,
            "hidden_brand": 0,
        },
    )["message"]
    for _ in range(3):
        testapp.get(f"/api/public/timer/{timer['internal_name']}")
    testapp.get("/api/nie-ma-takiej-trasy", status=404)
    testapp.get(f"/api/auth/restore/{admin.email}")  # SMTP is down: the mail stays queued
    after = testapp.get("/metrics", extra_environ=LOCAL)
    assert after.content_type == "text/plain" and "version=0.0.4" in after.headers["Content-Type"]
    now = samples(after.text)

    def grew(name, **labels):
        key = (name, tuple(sorted(labels.items())))
        return now.get(key, 0) - before.get(key, 0)

    public = "/api/public/{kind}/{internal_name}"
    assert grew("smogpanel_http_requests_total", route=public, method="GET", status="200") == 3
    assert grew("smogpanel_http_requests_total", route="/api/timer/", method="POST", status="200") == 1
    assert grew("smogpanel_http_requests_total", route="(none)", method="GET", status="404") == 1
    assert grew("smogpanel_http_request_duration_seconds_count", route=public) == 3
    assert grew("smogpanel_public_cache_lookups_total", cache="payload", result="miss") == 1
    assert grew("smogpanel_public_cache_lookups_total", cache="payload", result="hit") == 2
    assert now[("smogpanel_outbox_backlog", ())] == 1
    assert grew("smogpanel_mail_deliveries_total", outcome="failed") == 1
    assert now[("smogpanel_job_runs_total", (("job", "core.outbox"),))] == 0
    assert now[("smogpanel_job_failures_total", (("job", "items.refresh"),))] == 0


def test_metrics_labels_come_from_a_closed_set(testapp):
    """Made-up methods count as one value and paths as their route patterns: requests nobody
    signs cannot grow the scrape (200 made-up methods added 18 KB to every scrape)."""
    before = samples(testapp.get("/metrics", extra_environ=LOCAL).text)
    for n in range(50):
        testapp.request("/healthz", method=f"ZMYSLONA{n}", expect_errors=True)
        testapp.get(f"/api/nie-ma-{n}", status=404)
        testapp.get(f"/static/shell/nie-ma-{n}.js", status=404)
    now = samples(testapp.get("/metrics", extra_environ=LOCAL).text)
    new = [labels for (name, labels), _ in now.items() if name == "smogpanel_http_requests_total"]
    methods = {dict(labels)["method"] for labels in new}
    routes = {dict(labels)["route"] for labels in new}
    assert methods <= {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "(other)"}
    assert not any("nie-ma" in route for route in routes)
    counted = now[("smogpanel_http_requests_total", (("method", "(other)"), ("route", "/healthz"), ("status", "405")))]
    assert (
        counted
        - before.get(
            ("smogpanel_http_requests_total", (("method", "(other)"), ("route", "/healthz"), ("status", "405"))), 0
        )
        == 50
    )


@pytest.mark.parametrize(
    "settings, environ, headers, status",
    [
        ({}, LOCAL, {}, 200),
        ({}, OUTSIDE, {}, 403),
        ({}, {**OUTSIDE, "HTTP_X_FORWARDED_FOR": "127.0.0.1"}, {}, 403),  # a client's own header proves nothing
        ({"smogpanel.metrics.allow": "203.0.113.0/24"}, OUTSIDE, {}, 200),
        ({"smogpanel.metrics.allow": "203.0.113.0/24"}, LOCAL, {}, 403),
        (
            {"smogpanel.metrics.allow": "203.0.113.7", "smogpanel.trusted_proxies": "10.0.0.1"},
            {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "203.0.113.7"},
            {},
            200,
        ),  # behind a trusted proxy
        (
            {"smogpanel.metrics.allow": "", "smogpanel.metrics.token": "s3kret-metryk"},
            OUTSIDE,
            {"Authorization": "Bearer s3kret-metryk"},
            200,
        ),
        (
            {"smogpanel.metrics.allow": "", "smogpanel.metrics.token": "s3kret-metryk"},
            OUTSIDE,
            {"Authorization": "Bearer zgadywane"},
            403,
        ),
        ({"smogpanel.metrics.allow": "", "smogpanel.metrics.token": "s3kret-metryk"}, LOCAL, {}, 403),
        ({"smogpanel.metrics.allow": ""}, OUTSIDE, {"Authorization": "Bearer "}, 403),  # no token set: none works
    ],
)
def test_metrics_only_for_the_configured_addresses_or_the_token(make_app, settings, environ, headers, status):
    testapp = webtest.TestApp(make_app(**settings))
    response = testapp.get("/metrics", extra_environ=environ, headers=headers, status=status)
    if status == 200:
        assert "smogpanel_outbox_backlog" in response.text
    else:
        assert "smogpanel_" not in response.text and "Brak dostępu do metryk" in response.text


def test_a_bad_address_list_stops_the_start(make_app):
    from pyramid.exceptions import ConfigurationError

    with pytest.raises(ConfigurationError, match="smogpanel.metrics.allow"):
        make_app(**{"smogpanel.metrics.allow": "localhost"})
