"""The server's own scheduler, in real processes: a password-restore mail queued while the SMTP
server is down is delivered once it is back, with no command run, by `smogpanel serve` on
waitress and on two gunicorn workers (once, not once per worker), and by `smogpanel worker`
when the web processes have the scheduler turned off. The outbox job's tick is a second here
(`smogpanel.jobs.core.outbox.interval`), a minute by default."""

import time

import pytest
from aiosmtpd.controller import Controller
from prometheus_client.parser import text_string_to_metric_families

from smogpanel.testing.mail import PUBLIC_URL, Inbox
from smogpanel.testing.serve import Served, add_account, free_port, fresh_database, query, wait_for

pytestmark = pytest.mark.live  # `smogpanel serve` and `smogpanel worker` as processes

EMAIL = "zapomnialam@example.pl"


def outbox(url):
    return query(url, "SELECT id, attempts, sent, last_error FROM mail_outbox ORDER BY id")


def job(url, code="core.outbox"):
    rows = query(url, "SELECT runs, owner, outcome FROM scheduled_job WHERE code = :code", code=code)
    return rows[0] if rows else None


def samples(text, name):
    return {
        tuple(sorted(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == name
    }


def settings_for(smtp_port, **extra):
    return {
        "smogpanel.smtp_url": f"smtp://127.0.0.1:{smtp_port}",
        "smogpanel.public_url": PUBLIC_URL,
        "smogpanel.smtp_timeout": "3",
        "smogpanel.jobs.core.outbox.interval": "1",
        **extra,
    }


def request_restore_while_smtp_is_down(panel, url):
    status, body = panel.get_json(f"/api/auth/restore/{EMAIL}")
    assert status == 200 and body["success"] is True
    ((mail_id, attempts, sent, error),) = outbox(url)
    assert sent is None and attempts >= 1 and "Connection refused" in error  # queued, not lost


def smtp_comes_back(port):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    return inbox, controller


def delivered_once(url, inbox):
    assert wait_for(lambda: inbox.to(EMAIL)), outbox(url)
    assert wait_for(lambda: outbox(url)[0].sent is not None)  # recorded just after the hand-over
    assert outbox(url)[0].last_error is None
    runs = job(url).runs
    assert wait_for(lambda: job(url).runs >= runs + 3)  # three more ticks: nothing is sent again
    assert len(inbox.to(EMAIL)) == 1
    assert inbox.link_token(inbox.to(EMAIL)[0])  # the mail is the restore link, whole


@pytest.mark.parametrize("workers", [1, 2], ids=["waitress", "gunicorn-2-workers"])
def test_a_mail_queued_while_smtp_is_down_is_delivered_once_when_it_is_back(tmp_path, tmp_path_factory, workers):
    url = fresh_database(tmp_path_factory, f"jobs_mail_{workers}")
    add_account(url, EMAIL, is_super=False)
    smtp_port = free_port()
    with Served(tmp_path, url, settings_for(smtp_port), workers=workers) as panel:
        request_restore_while_smtp_is_down(panel, url)
        inbox, controller = smtp_comes_back(smtp_port)
        try:
            delivered_once(url, inbox)
        finally:
            controller.stop()
        # Every worker's counts add up in /metrics (gunicorn: the multi-process mode).
        status, _headers, body = panel.request("/metrics")
        assert status == 200
        deliveries = samples(body.decode(), "smogpanel_mail_deliveries_total")
        assert deliveries[(("outcome", "sent"),)] == 1
        assert deliveries[(("outcome", "failed"),)] >= 1
        assert samples(body.decode(), "smogpanel_outbox_backlog") == {(): 0}


def test_with_the_scheduler_off_the_worker_alone_runs_the_jobs(tmp_path, tmp_path_factory):
    url = fresh_database(tmp_path_factory, "jobs_worker")
    add_account(url, EMAIL, is_super=False)
    smtp_port = free_port()
    settings = settings_for(smtp_port, **{"smogpanel.scheduler": "off"})
    with Served(tmp_path, url, settings) as panel:
        request_restore_while_smtp_is_down(panel, url)
        inbox, controller = smtp_comes_back(smtp_port)
        try:
            with Served(tmp_path, url, settings, command="worker") as worker:
                delivered_once(url, inbox)
                assert job(url).owner.endswith(f":{worker.process.pid}")  # the worker ran it, not the web process
        finally:
            controller.stop()


def test_a_started_server_runs_the_ticks_nobody_has_run_at_once(tmp_path, tmp_path_factory):
    """With the default intervals: the daily purge and the hourly refresh of this day and hour
    run when the server starts, not at the next midnight or hour, and only once."""
    url = fresh_database(tmp_path_factory, "jobs_start")
    began = time.time()
    with Served(tmp_path, url, {"smogpanel.public_url": PUBLIC_URL}, workers=2):
        for code in ("letters.purge", "items.refresh", "core.outbox"):
            assert wait_for(lambda: job(url, code) and job(url, code).runs >= 1), code
    ended = time.time()

    def ticks(seconds):  # 1, or 2 when the test crossed a boundary
        return int(ended // seconds) - int(began // seconds) + 1

    # Both workers asked at their start; one ran each.
    assert job(url, "letters.purge").runs <= ticks(86400) and job(url, "items.refresh").runs <= ticks(3600)
