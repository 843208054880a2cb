"""The searches plugin's figures, each against a baseline measured in the same run.

    .venv/bin/python bench/searches.py [--rounds 5] [--requests 300] [--database-url URL]

1. WPG_XLS import of 2,477 gminy × 6 keys: the whole `POST /api/search_entry/import` through
   the app (JWT, JSON body, base64, content check, reading, matching every gmina by name,
   district and voivodeship, 2,477 entries and 14,862 texts written and committed), first as
   new entries, then again as a re-import that changes one text per gmina. Baseline: openpyxl
   loading the same file read-only and iterating its rows. The target is under 2 s.
2. Public card: `GET /api/public/search/<name>/<boroughId>` (a random gmina each request)
   against the public timer payload `GET /api/public/timer/<name>`, requests interleaved,
   in process (webtest). The target is a p50 within 2× of the timer's. Also the list of
   gminy `GET /api/public/search/<name>` with its size.

Prints times and ratios; asserts nothing.
"""

import argparse
import io
import random
import statistics
import tempfile
from datetime import UTC, datetime

from common import GMINY, build, import_rounds, upload
from timing import line, timed

KEYS = ("Dotacja", "Warunki", "Termin", "Jak złożyć wniosek", "Kontakt", "Uwagi")


def entries_file(places, version):
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Gmina", "Powiat", "Województwo", *KEYS])
    for index, place in enumerate(places):
        sheet.append(
            [*place, *(f"{key}: tekst {index} wersja {version if k == 0 else 1}" for k, key in enumerate(KEYS))]
        )
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def add_search(app, headers, internal_name):
    keys = [{"name": name, "search_key_place_name": "TOP"} for name in KEYS]
    body = {"name": "Bench", "internal_name": internal_name, "source": "bench", "search_keys": keys}
    return app.post_json("/api/search/", body, headers=headers).json["message"]


def bench_import(app, headers, places, rounds):
    files = [entries_file(places, version) for version in (1, 2)]
    base, first, again = import_rounds(
        app,
        headers,
        files,
        rounds,
        "/api/search_entry/import",
        lambda name: add_search(app, headers, name),
        lambda search, data: {"search_id": search["id"], "type": "WPG_XLS", "file": upload(data)},
    )
    baseline = statistics.median(base)
    print(f"WPG_XLS import, {len(files[0]):,} bytes, {GMINY:,} gminy × {len(KEYS)} keys, median of {rounds} rounds:")
    line("openpyxl read-only load + iterate rows (baseline)", baseline)
    line("app: POST /api/search_entry/import, all new (committed)", statistics.median(first), baseline)
    line("app: the same again, one text changed per gmina (re-import)", statistics.median(again), baseline)
    print(f"  budget 2 s: {max(statistics.median(first), statistics.median(again)):.2f} s")


def bench_public(app, headers, places, requests):
    search = add_search(app, headers, "bench-public")
    body = {"search_id": search["id"], "type": "WPG_XLS", "file": upload(entries_file(places, 1))}
    app.post_json("/api/search_entry/import", body, headers=headers)
    timer = {
        "name": "Bench",
        "internal_name": "bench-timer",
        "timer_style_name": "SEA",
        "text_above": "Zostało",
        "deadline": datetime(2030, 1, 1, tzinfo=UTC).date().isoformat(),
        "countdown": True,
        "text_below": "Pod",
        "hidden_brand": 0,
    }
    app.post_json("/api/timer/", timer, headers=headers)
    listing = app.get("/api/public/search/bench-public").json["message"]["boroughs"]
    ids = [row[0] for row in listing]
    rng = random.Random(13)
    card_times, timer_times, list_times = [], [], []
    for _ in range(20):  # warm-up
        app.get("/api/public/timer/bench-timer"), app.get(f"/api/public/search/bench-public/{rng.choice(ids)}")
    for _ in range(requests):
        timer_times.append(timed(lambda: app.get("/api/public/timer/bench-timer")))
        card_times.append(timed(lambda: app.get(f"/api/public/search/bench-public/{rng.choice(ids)}")))
    for _ in range(max(10, requests // 20)):
        list_times.append(timed(lambda: app.get("/api/public/search/bench-public")))
    size = len(app.get("/api/public/search/bench-public").body)
    baseline = statistics.median(timer_times)
    print(f"Public payloads in process, {requests} interleaved requests each (p50):")
    line("GET /api/public/timer/<name> (baseline)", baseline)
    line("GET /api/public/search/<name>/<boroughId> (one gmina's card)", statistics.median(card_times), baseline)
    line(
        f"GET /api/public/search/<name> ({len(ids):,} gminy, {size / 1000:.0f} KB)",
        statistics.median(list_times),
        baseline,
    )
    print(f"  target: card p50 within 2× of the timer's: {statistics.median(card_times) / baseline:.2f}×")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
        app, headers, places = build(url, ["hierarchy", "searches", "timers"])
        bench_import(app, headers, places, args.rounds)
        bench_public(app, headers, places, args.requests)


if __name__ == "__main__":
    main()
