"""The scheduler of `smogpanel serve` and `smogpanel worker`: APScheduler fires each job at
the wall-clock multiples of its interval (every process at the same moments) and
`smogpanel.ops.jobs.JobRunner` lets one process run each tick.

`smogpanel serve` starts it in every process that serves requests (waitress: the one process;
gunicorn: each worker, after the fork, so no thread or connection crosses it); the database
lock makes each tick run once however many workers or servers there are. `smogpanel.scheduler
= off` (SMOGPANEL_SCHEDULER=off) keeps it out of the web processes, for deployments that run
`smogpanel worker` or cron (`smogpanel jobs run CODE`) instead.
"""

import logging
from datetime import UTC, datetime

from .jobs import JobRunner

log = logging.getLogger(__name__)

SETTING = "smogpanel.scheduler"
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)  # ticks are multiples of the interval since it
OFF = {"off", "0", "false", "no"}


def scheduler_enabled(settings):
    return str(settings.get(SETTING) or "on").strip().lower() not in OFF


def build_scheduler(registry, blocking=False):
    """(scheduler, runner) with one APScheduler job per declared job, not started."""
    # APScheduler loads only in the process that runs the jobs (serve's or `smogpanel worker`)
    from apscheduler.schedulers.background import BackgroundScheduler
    from apscheduler.schedulers.blocking import BlockingScheduler
    from apscheduler.triggers.interval import IntervalTrigger

    runner = JobRunner(registry)
    kind = BlockingScheduler if blocking else BackgroundScheduler
    # coalesce: a process that fell behind runs the job once, not once per missed tick; a late
    # wake-up within the interval still runs (the tick's owner is decided by the database).
    scheduler = kind(timezone=UTC, job_defaults={"coalesce": True, "max_instances": 1})
    started = datetime.now(UTC)
    for code, job in runner.jobs.items():
        interval = runner.interval(code)
        # First at once: the current tick runs now if nobody has run it (a server started at 10:30
        # refreshes the hourly job then, not at 11:00; a daily one missed while the server was
        # down runs when it is back), then on every boundary.
        scheduler.add_job(
            runner.run_due,
            IntervalTrigger(seconds=interval, start_date=EPOCH, timezone=UTC),
            args=[code],
            id=code,
            name=job.title,
            misfire_grace_time=interval,
            next_run_time=started,
        )
    return scheduler, runner


def start_scheduler(registry):
    """Starts the jobs in the background of this process; returns a function that stops them."""
    scheduler, runner = build_scheduler(registry)
    scheduler.start()
    log.info("scheduler started: %s", ", ".join(f"{code} every {runner.interval(code)} s" for code in runner.jobs))

    def stop():
        scheduler.shutdown(wait=False)
        runner.dispose()

    return stop
