"""Publishing's figures (smogpanel.publishing), each against a baseline measured in the same run.

    .venv/bin/python bench/publishing.py [--requests 400] [--rounds 5] [--database-url URL]

1. Public answers with publishing against today's path, in one process, requests interleaved:
   `GET /api/public/rank/<name>` (a 2,477-gmina ranking) and `GET /api/public/timer/<name>`,
   each (a) repeated at one URL (the replay layer answers) and (b) at a new URL each time
   (`?n=<i>`: through Pyramid, `built_payload`, the kept payload). "today" is the same app with
   the live-version lookup switched off (`publishable` answering None: the payload kept by data
   version, as before publishing); "immediate" and "reviewed" are the two modes. Also the SQL
   statements a kept answer runs through SQLAlchemy (the pointer's reads would be there).
2. Publishing that ranking (`POST /api/rank/<id>/publish`, reviewed mode: the payload built,
   frozen and written, the history entry, the versions answered) against building its public
   payload once (the first `GET /api/public/rank/<name>` after the caches are emptied). The
   target is under a second.

Prints medians and ratios; asserts nothing. Figures go to docs/performance.md.
"""

import argparse
import os
import statistics
import tempfile

import sqlalchemy as sa
from common import build, upload
from ranks import add_group, values_file
from timing import line, timed


def fresh_app(url, mode):
    import webtest

    from smogpanel import main

    os.environ["SMOGPANEL_PUBLISHING"] = mode
    try:
        return webtest.TestApp(
            main(
                {},
                **{
                    "sqlalchemy.url": url,
                    "smogpanel.secret": "bench-secret-" + "x" * 40,
                    "smogpanel.plugins": "hierarchy,ranks,timers",
                    "smogpanel.smtp_url": "",
                },
            )
        )
    finally:
        del os.environ["SMOGPANEL_PUBLISHING"]


class Statements:
    """SQL statements run through SQLAlchemy on `engine` while counting."""

    def __init__(self, engine):
        self.count = 0
        sa.event.listen(engine, "before_cursor_execute", self.seen)

    def seen(self, *args):
        self.count += 1


def bench_answers(apps, names, requests):
    import smogpanel.publishing.live as live

    real = live.publishable
    today = {"publishable": lambda registry, kind: None}
    scenarios = {}
    for label, (app, patch) in {
        "today": (apps["immediate"], today),
        "immediate": (apps["immediate"], None),
        "reviewed": (apps["reviewed"], None),
    }.items():
        for kind, name in names.items():
            for fresh in (False, True):
                scenarios[(label, kind, fresh)] = (app, patch, f"/api/public/{kind}/{name}")
    times = {key: [] for key in scenarios}
    statements = {key: 0 for key in scenarios}
    counters = {id(app.app.registry["db.engine"]): Statements(app.app.registry["db.engine"]) for app in apps.values()}
    for index in range(requests + 20):
        for key, (app, patch, path) in scenarios.items():
            url = f"{path}?n={index}&by={key[0]}" if key[2] else path
            live.publishable = patch["publishable"] if patch else real
            counter = counters[id(app.app.registry["db.engine"])]
            before = counter.count
            seconds = timed(lambda: app.get(url, status=200))
            if index >= 20:  # the first ones warm the caches
                times[key].append(seconds)
                statements[key] += counter.count - before
    live.publishable = real
    print(f"Public answers in process, {requests} interleaved requests each (p50; ratio to today):")
    for kind in names:
        for fresh in (False, True):
            baseline = statistics.median(times[("today", kind, fresh)])
            for label in ("today", "immediate", "reviewed"):
                key = (label, kind, fresh)
                where = "new URL, Pyramid" if fresh else "one URL, replayed"
                line(
                    f"{kind:<5} {where:<18} {label:<9} ({statements[key] / requests:.1f} SQLAlchemy stmts/req)",
                    statistics.median(times[key]),
                    None if label == "today" else baseline,
                    decimals=3,
                )


def bench_publish(app, headers, rank_id, name, rounds):
    registry = app.app.registry
    publish, build_once = [], []
    for _ in range(rounds):
        for holder in ("smogpanel.public_cache",):
            registry[holder].forget()
        build_once.append(timed(lambda: app.get(f"/api/public/rank/{name}?fresh={len(build_once)}")))
        publish.append(timed(lambda: app.post_json(f"/api/rank/{rank_id}/publish", {}, headers=headers)))
    baseline = statistics.median(build_once)
    payload = app.get(f"/api/public/rank/{name}")
    rows = sum(len(group["rows"]) for group in payload.json["message"]["groups"])
    size = len(payload.body) / 1000
    print(f"Publishing the ranking ({rows:,} values, payload {size:.0f} KB), median of {rounds} rounds:")
    line("the public payload built once (baseline)", baseline)
    line("POST /api/rank/<id>/publish (reviewed)", statistics.median(publish), baseline)
    print(f"  budget 1 s: {statistics.median(publish):.2f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
        app, headers, places = build(url, ["hierarchy", "ranks", "timers"])
        group = add_group(app, headers, "bench-publish")
        body = {"rank_group_id": group["id"], "type": "RB_XLS", "file": upload(values_file(places, 1))}
        app.post_json("/api/rank_value/import", body, headers=headers)
        timer = {
            "name": "Bench",
            "internal_name": "bench-timer",
            "timer_style_name": "SEA",
            "text_above": "Zostało",
            "deadline": "2027-05-01",
            "countdown": True,
            "text_below": "Ogrzewaj czysto.",
            "logo_path": None,
            "hidden_brand": 0,
        }
        app.post_json("/api/timer/", timer, headers=headers)
        reviewed = fresh_app(url, "reviewed")
        rank_id = group["rank_id"]
        for kind, record_id in (("rank", rank_id), ("timer", 1)):
            reviewed.post_json(f"/api/{kind}/{record_id}/publish", {}, headers=headers)
        bench_answers(
            {"immediate": app, "reviewed": reviewed}, {"rank": "bench-publish", "timer": "bench-timer"}, args.requests
        )
        bench_publish(reviewed, headers, rank_id, "bench-publish", args.rounds)


if __name__ == "__main__":
    main()
