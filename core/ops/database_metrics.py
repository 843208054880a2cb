"""What GET /metrics reads from the database at each scrape (smogpanel.ops.metrics), so every
process and `smogpanel worker` agree: the outbox's backlog and the mails given up, and each
scheduled job's runs, failures, last duration and last success. A module of its own because
mail and the jobs count through smogpanel.ops.metrics: it imports them, they never import it."""

import sqlalchemy as sa

from ..mail import RETRY_ATTEMPTS
from ..models import JobState, OutboxMail
from .jobs import declared_jobs
from .metrics import COLLECTORS


class DatabaseCollector:
    """The outbox and the jobs, read from the database at each scrape."""

    def __init__(self, registry):
        self.registry = registry

    def collect(self):
        # prometheus_client only when first used, in the worker (smogpanel.ops.metrics says why)
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

        with self.registry["db.session_factory"]() as db:
            unsent = db.execute(
                sa.select(OutboxMail.attempts, sa.func.count())
                .where(OutboxMail.sent.is_(None))
                .group_by(OutboxMail.attempts)
            ).all()
            states = {row.code: row for row in db.scalars(sa.select(JobState))}
        backlog = GaugeMetricFamily("smogpanel_outbox_backlog", "Unsent mails still to be tried")
        backlog.add_metric([], sum(count for attempts, count in unsent if attempts < RETRY_ATTEMPTS))
        given_up = GaugeMetricFamily("smogpanel_outbox_given_up", "Unsent mails whose retries are used up")
        given_up.add_metric([], sum(count for attempts, count in unsent if attempts >= RETRY_ATTEMPTS))
        runs = CounterMetricFamily("smogpanel_job_runs", "Scheduled job runs", labels=["job"])
        failures = CounterMetricFamily("smogpanel_job_failures", "Scheduled job runs that failed", labels=["job"])
        duration = GaugeMetricFamily("smogpanel_job_last_duration_seconds", "The last run's duration", labels=["job"])
        success = GaugeMetricFamily(
            "smogpanel_job_last_success_timestamp_seconds",
            "When the last successful run ended (0: none yet)",
            labels=["job"],
        )
        for code in declared_jobs(self.registry):
            state = states.get(code)
            runs.add_metric([code], state.runs if state else 0)
            failures.add_metric([code], state.failures if state else 0)
            duration.add_metric([code], (state.duration_ms or 0) / 1000 if state else 0)
            ok = state is not None and state.outcome == "ok" and state.finished is not None
            success.add_metric([code], state.finished.timestamp() if ok else 0)
        yield from (backlog, given_up, runs, failures, duration, success)


def includeme(config):
    config.registry.setdefault(COLLECTORS, []).append(DatabaseCollector)
