"""The scheduler's cost on the request path: the same database served at once by `smogpanel serve`
(gunicorn, 2 workers x 2 threads, as `make run` on 2 cores) with the scheduler off (the baseline),
on with the default intervals, and on with every job ticking each second (the outbox retry, the
items' refresh and the letters' purge, every worker asking for every tick), hit in interleaved
rounds with wrk.

    .venv/bin/python bench/scheduler.py [--seconds 4] [--rounds 3] [--postgresql URL]

The database: `smogpanel init --demo` plus gminy up to the register's 2,477 (bench/serve.py's).
Targets: the demo timer's public payload (8 connections) and `GET /api/borough/` signed in
(4 connections). Prints req/s and p99 per configuration, and each one's ratio to the baseline;
then what a tick costs a process whose turn it is not (the lock attempt or claim that finds the
tick taken: what every other worker pays per job and tick), on SQLite, and on PostgreSQL too
when `--postgresql` names a database (a schema `bench_scheduler` is made in it and dropped).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from public import BIN, free_port, wait_for, wrk  # noqa: E402
from serve import SECRET, prepare  # noqa: E402

EVERY_SECOND = {f"smogpanel.jobs.{code}.interval": "1" for code in ("core.outbox", "items.refresh", "letters.purge")}
CONFIGS = [
    ("scheduler off", {"smogpanel.scheduler": "off"}),
    ("scheduler on, default intervals", {}),
    ("scheduler on, every job each second", EVERY_SECOND),
]


def start(folder, url, settings):
    port = free_port()
    config = folder / f"scheduler-{port}.ini"
    # No outside source answers here: the air-quality example's items fail at once, as offline.
    settings = {"smogpanel.airquality.api_url": f"http://127.0.0.1:{free_port()}", **settings}
    config.write_text("[app:main]\nuse = egg:smogpanel\n" + "".join(f"{k} = {v}\n" for k, v in settings.items()))
    env = {**os.environ, "SMOGPANEL_DATABASE_URL": url, "SMOGPANEL_SECRET": SECRET, "SMOGPANEL_ENVIRONMENT": "testing"}
    log = open(folder / f"scheduler-{port}.log", "w")
    process = subprocess.Popen(
        [str(BIN / "smogpanel"), "-c", str(config), "serve", "--port", str(port), "--workers", "2", "--threads", "2"],
        env=env,
        stdout=log,
        stderr=log,
    )
    return process, f"http://127.0.0.1:{port}"


def job_runs(url):
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    with engine.connect() as connection:
        rows = dict(connection.exec_driver_sql("SELECT code, runs FROM scheduled_job").all())
    engine.dispose()
    return rows


def skip_cost(url, count=200):
    """Milliseconds per `run_due` that finds its tick already run (median of `count`)."""
    from smogpanel import main as make_app
    from smogpanel.ops.jobs import JobRunner

    app = make_app({}, **{"sqlalchemy.url": url, "smogpanel.secret": SECRET})
    runner = JobRunner(app.registry)
    now = time.time()
    runner.run_due("letters.purge", now)  # this day's tick: run once, then only skipped
    timings = []
    for _ in range(count):
        started = time.perf_counter()
        assert runner.run_due("letters.purge", now) is None
        timings.append((time.perf_counter() - started) * 1000)
    runner.dispose()
    app.registry["db.engine"].dispose()
    return statistics.median(timings)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--postgresql", help="also time a skipped tick on this PostgreSQL database")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="smogpanel-bench-scheduler-"))
    url, timer, token = prepare(folder)
    servers = {label: start(folder, url, settings) for label, settings in CONFIGS}
    try:
        for _process, base in servers.values():
            wait_for(base + "/healthz", 180)
        targets = [
            ("timer payload", f"/api/public/timer/{timer}", (), 8),
            ("GET /api/borough/ (2,477 rows)", "/api/borough/", (f"Authorization: Bearer {token}",), 4),
        ]
        results = {(config, label): [] for config, _ in CONFIGS for label, *_ in targets}
        before = job_runs(url)
        for round_number in range(args.rounds):
            for label, path, headers, connections in targets:
                for config, (_process, base) in servers.items():
                    results[(config, label)].append(wrk(base + path, args.seconds, connections, headers))
            print(f"round {round_number + 1}/{args.rounds} done", file=sys.stderr, flush=True)
        after = job_runs(url)
    finally:
        for process, _base in servers.values():
            process.terminate()
            process.wait(30)
    print(f"\n{os.cpu_count()} cores, {args.seconds} s x {args.rounds} interleaved rounds, median req/s (p99 ms)\n")
    print(f"{'configuration':<38}" + "".join(f"{label:>34}" for label, *_ in targets))
    baseline = {label: statistics.median(r["rate"] for r in results[(CONFIGS[0][0], label)]) for label, *_ in targets}
    for config, _settings in CONFIGS:
        cells = []
        for label, *_ in targets:
            runs = results[(config, label)]
            rate = statistics.median(r["rate"] for r in runs)
            p99 = statistics.median(r["p99"] for r in runs)
            cells.append(f"{rate:>9,.0f} ({p99:>5.1f}) {rate / baseline[label]:>5.2f}x")
        print(f"{config:<38}" + "".join(f"{cell:>34}" for cell in cells))
    ran = {code: after.get(code, 0) - before.get(code, 0) for code in after}
    print(f"\njob runs during the measurement (all servers together, one per tick): {ran}")
    print(f"a tick that is not this process's turn costs it {skip_cost(url):.2f} ms on SQLite (median of 200)")
    if args.postgresql:
        print(f"... and {postgresql_skip_cost(args.postgresql):.2f} ms on PostgreSQL")


def postgresql_skip_cost(url):
    import sqlalchemy as sa

    from smogpanel.settings import normalise_database_url
    from smogpanel.testing.serve import fresh_database

    os.environ["SMOGPANEL_TEST_DATABASE_URL"] = url
    try:
        return skip_cost(fresh_database(None, "bench_scheduler"))
    finally:
        with sa.create_engine(normalise_database_url(url), isolation_level="AUTOCOMMIT").connect() as connection:
            connection.exec_driver_sql("DROP SCHEMA IF EXISTS bench_scheduler CASCADE")


if __name__ == "__main__":
    main()
