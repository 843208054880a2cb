"""What counting widget views costs, against what it sits beside, measured in one run.

    .venv/bin/python bench/reach.py [--rounds 5] [--views 20000] [--keys 10000] [--database-url URL]

1. In the process, through the WSGI app: a replayed public payload (`GET /api/public/timer/…`,
   the panel's hottest answer, the baseline) and the view beacon (`POST /api/reach/hit`), each
   `--views` times, interleaved. The beacon is a request of its own after the widget is drawn,
   so it never adds to the payload's or the page's time; this says what it costs the server.
2. `ReachCounter.add` alone against a bare dict increment under a lock (what it must do).
3. Writing `--keys` distinct counts (days × widgets × sites) with the batched upsert, and
   writing them again (every row an update): the cost of one flush of a busy process.

Prints medians and ratios; asserts nothing. SQLite in a temporary folder unless a URL is given.
"""

import argparse
import statistics
import tempfile
import threading
from datetime import date, timedelta

from common import build
from timing import line, timed

PLUGINS = ["hierarchy", "timers"]


def add_timer(app, headers):
    made = app.post_json(
        "/api/timer/",
        {
            "name": "Licznik",
            "internal_name": "licznik-bench",
            "timer_style_name": "SEA",
            "text_above": "Do końca sezonu",
            "text_below": "Ogrzewaj czysto.",
            "deadline": "2030-01-01T00:00:00+00:00",
            "countdown": 1,
            "hidden_brand": 0,
        },
        headers=headers,
    )
    return made.json["message"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--views", type=int, default=20000)
    parser.add_argument("--keys", type=int, default=10000)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/reach.sqlite"
        app, headers, _ = build(url, PLUGINS, gminy=0)
        timer = add_timer(app, headers)
        registry = app.app.registry
        payload = f"/api/public/timer/{timer['internal_name']}"
        beacon = {"k": "timer", "n": timer["internal_name"], "s": "https://gmina.example.pl"}
        app.get(payload)  # Pyramid answers once; the replay layer repeats it from then on

        def payloads():
            for _ in range(args.views):
                app.get(payload)

        def beacons():
            for _ in range(args.views):
                app.post_json("/api/reach/hit", beacon, status=204)

        served, counted = [], []
        for _ in range(args.rounds):
            served.append(timed(payloads))
            counted.append(timed(beacons))
        base = statistics.median(served)
        print(f"{args.views} requests in the process, median of {args.rounds} interleaved rounds:")
        line("replayed public payload (baseline)", base)
        line("view beacon (POST /api/reach/hit)", statistics.median(counted), base)
        print(
            f"  per request: payload {base / args.views * 1e6:.1f} µs, "
            f"beacon {statistics.median(counted) / args.views * 1e6:.1f} µs"
        )

        from smogpanel.reach.counter import ReachCounter, write_counts

        counter = ReachCounter(registry, interval=0, max_keys=10**9)
        plain, lock = {}, threading.Lock()

        def bare():
            for _ in range(args.views):
                with lock:
                    plain["k"] = plain.get("k", 0) + 1

        def adds():
            for _ in range(args.views):
                counter.add("timer", "https://gmina.example.pl", name=timer["internal_name"])

        bare_times = [timed(bare) for _ in range(args.rounds)]
        add_times = [timed(adds) for _ in range(args.rounds)]
        print(f"\n{args.views} counts in memory:")
        line("a dict increment under a lock (baseline)", statistics.median(bare_times), decimals=2)
        line("ReachCounter.add", statistics.median(add_times), statistics.median(bare_times), decimals=2)
        counter.take()

        first = date(2026, 1, 1)
        sites = max(1, args.keys // 100)
        counts = {
            (
                first + timedelta(days=n % 100),
                "timer",
                None,
                timer["id"],
                f"https://site{n // 100}.example.pl",
                "view",
            ): 3
            for n in range(100 * sites)
        }
        print(f"\nwriting {len(counts)} distinct counts (100 days x {sites} sites), batches of 500:")
        line("first write (inserts)", timed(lambda: write_counts(registry, counts)))
        line("second write (every row an update)", timed(lambda: write_counts(registry, counts)))


if __name__ == "__main__":
    main()
