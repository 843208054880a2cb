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
   payload once (the first `GET /api/public/rank/<name>` of the immediate-mode app after its
   caches are emptied: built from the tables). The target is under a second.
3. Publishing a search of 2,477 gminy × 6 keys (`POST /api/search/<id>/publish`, reviewed mode:
   its payload and its 2,477 gmina cards built, the cards frozen with the version, compressed,
   in one `publication_parts` row; the versions answered, which builds the draft again to say
   whether it changed), and an immediate-mode save of it (which freezes a version the same way),
   each against the same call with the search's parts switched off (as before cards were frozen),
   in the same rounds; building its public payload once (as for the ranking); the stored size
   against the cards' JSON; and one card of a pinned version (the first after the caches are
   emptied: the row read and decompressed; then kept) against the live card built from the tables.

`--database-url` runs on that database instead of a SQLite file: it must be empty (made for the
run: `psql -c 'DROP DATABASE IF EXISTS x' -c 'CREATE DATABASE x'`), as the benchmark writes its
2,477 gminy into it.

Prints medians and ratios; asserts nothing. Figures go to docs/performance.md.
"""

import argparse
import os
import random
import statistics
import tempfile

import sqlalchemy as sa
from common import build, upload
from ranks import add_group, values_file
from searches import add_search, entries_file
from timing import line, timed

PLUGINS = ["hierarchy", "ranks", "searches", "timers"]


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
                    "smogpanel.plugins": ",".join(PLUGINS),
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
    import smogpanel.public.live as live

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


def bench_publish(apps, headers, rank_id, name, rounds):
    app, immediate = apps["reviewed"], apps["immediate"]
    publish, build_once = [], []
    for _ in range(rounds):
        # Built from the tables: the immediate app's answer (the reviewed one reads the frozen payload).
        immediate.app.registry["smogpanel.public_cache"].forget()
        build_once.append(timed(lambda: immediate.get(f"/api/public/rank/{name}?fresh={len(build_once)}")))
        publish.append(timed(lambda: app.post_json(f"/api/rank/{rank_id}/publish", {}, headers=headers)))
    baseline = statistics.median(build_once)
    payload = app.get(f"/api/public/rank/{name}")
    rows = sum(len(group["rows"]) for group in payload.json["message"]["groups"])
    size = len(payload.body) / 1000
    print(f"Publishing the ranking ({rows:,} values, payload {size:.0f} KB), median of {rounds} rounds:")
    line("the public payload built once (baseline)", baseline)
    line("POST /api/rank/<id>/publish (reviewed)", statistics.median(publish), baseline)
    print(f"  budget 1 s: {statistics.median(publish):.2f} s")


def bench_search(apps, headers, places, rounds):
    from dataclasses import replace

    from smogpanel.public.parts import frozen_parts

    reviewed, immediate = apps["reviewed"], apps["immediate"]
    search = add_search(immediate, headers, "bench-search")
    body = {"search_id": search["id"], "type": "WPG_XLS", "file": upload(entries_file(places, 1))}
    immediate.post_json("/api/search_entry/import", body, headers=headers)
    registry = reviewed.app.registry
    kind = registry["smogpanel.public_kinds"]["search"]
    edit = {"name": "Bench", "source": "bench", "search_keys": search["search_keys"]}
    times = {key: [] for key in ("build", "publish", "publish-plain", "save", "save-plain", "first", "pinned", "live")}
    rng = random.Random(7)
    seq = None
    for round_ in range(rounds):
        for app in (reviewed, immediate):
            app.app.registry["smogpanel.public_cache"].forget()
        times["build"].append(timed(lambda: immediate.get(f"/api/public/search/bench-search?fresh={round_}")))
        for frozen in (False, True):  # "plain": the same with the search's parts switched off, as before
            for app in (reviewed, immediate):
                app.app.registry["smogpanel.public_kinds"]["search"] = kind if frozen else replace(kind, parts=None)
            suffix = "" if frozen else "-plain"
            answer = []
            path = f"/api/search/{search['id']}"
            times["publish" + suffix].append(
                timed(lambda: answer.append(reviewed.post_json(f"{path}/publish", {}, headers=headers)))
            )
            edit["name"] = f"Bench {round_}{suffix}"  # a change the widget shows: the save makes a version
            times["save" + suffix].append(timed(lambda: immediate.post_json(path, edit, headers=headers)))
            if frozen:
                seq = answer[0].json["message"]["published"]
        ids = [row[0] for row in reviewed.get(f"/api/public/search/bench-search/v/{seq}").json["message"]["boroughs"]]
        frozen_parts(registry).forget()
        times["first"].append(timed(lambda: reviewed.get(f"/api/public/search/bench-search/v/{seq}/{ids[0]}")))
        for _ in range(50):
            borough = rng.choice(ids)
            times["pinned"].append(
                timed(lambda: reviewed.get(f"/api/public/search/bench-search/v/{seq}/{borough}?r={rng.random()}"))
            )
            times["live"].append(
                timed(lambda: immediate.get(f"/api/public/search/bench-search/{borough}?r={rng.random()}"))
            )
    engine = registry["db.engine"]
    with engine.connect() as connection:
        stored, count = connection.execute(
            sa.text("SELECT length(content), count FROM publication_parts ORDER BY publication_id DESC LIMIT 1")
        ).one()
    cards = sum(len(immediate.get(f"/api/public/search/bench-search/{i}").body) - 28 for i in ids[:200]) / 200
    median = {key: statistics.median(found) for key, found in times.items()}
    print(f"Publishing the search ({count:,} gmina cards × 6 keys), median of {rounds} rounds:")
    line("the public payload (list of gminy) built once", median["build"], median["publish-plain"])
    line("POST /api/search/<id>/publish, cards not frozen (baseline)", median["publish-plain"])
    line("POST /api/search/<id>/publish (reviewed, cards frozen)", median["publish"], median["publish-plain"])
    line("POST /api/search/<id>, cards not frozen (baseline)", median["save-plain"])
    line("POST /api/search/<id> (immediate, its version's cards frozen)", median["save"], median["save-plain"])
    print(f"  budget 1 s: {median['publish']:.2f} s")
    print(
        f"  stored: {stored / 1000:.0f} KB in one row (the cards' JSON about {cards * count / 1e6:.1f} MB:"
        f" {stored / (cards * count):.2f} of it)"
    )
    print(f"One gmina's card, {len(times['live'])} requests each at a new URL (p50):")
    line("GET /api/public/search/<name>/<id> (immediate, built; baseline)", median["live"], decimals=3)
    line("GET …/v/<seq>/<id> (frozen, kept decompressed)", median["pinned"], median["live"], decimals=3)
    line("GET …/v/<seq>/<id>, first after emptying (read + decompress)", median["first"], median["live"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
        app, headers, places = build(url, PLUGINS)
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
        bench_publish({"immediate": app, "reviewed": reviewed}, headers, rank_id, "bench-publish", args.rounds)
        bench_search({"immediate": app, "reviewed": reviewed}, headers, places, args.rounds)


if __name__ == "__main__":
    main()
