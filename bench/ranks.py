"""The rankings plugin's figures, each against a baseline measured in the same run.

    .venv/bin/python bench/ranks.py [--rounds 5] [--requests 40] [--database-url URL]

1. RB_XLS import of 2,477 gminy: the whole `POST /api/rank_value/import` through the app (JWT,
   JSON body, base64, reading, matching every gmina by name, district and voivodeship, 2,477
   values written, places recomputed from the points, committed), first as new values, then
   again with every gmina's points changed (updates + a full place refresh). Baseline:
   openpyxl loading the same file read-only. The target is under a second.
2. The value list of that 2,477-row group, `GET /api/rank_value/rank_group/<id>` (names of
   gmina, district and voivodeship on each row), against the borough list `GET /api/borough/`
   of the same 2,477 gminy, requests interleaved: the target: per row, at least as fast.
3. The public table `GET /api/public/rank/<name>` of that group against the same borough list.

Prints times and ratios; asserts nothing.
"""

import argparse
import io
import statistics
import tempfile

from common import GMINY, build, import_rounds, upload
from timing import line, timed


def values_file(places, version):
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Gmina", "Powiat", "Województwo", "Wartość", "Punkty"])
    for index, place in enumerate(places):
        sheet.append([*place, index * 1.5, (index * 37 + version * 11) % 997])  # many ties: shared places
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def add_group(app, headers, internal_name):
    rank = {
        "name": "Bench",
        "internal_name": internal_name,
        "rank_type_name": "gminy",
        "search_value_title": "wartość",
        "table_value_title": "wartość",
        "show_summary": 1,
    }
    rank = app.post_json("/api/rank/", rank, headers=headers).json["message"]
    return app.post_json("/api/rank_group/", {"name": "2025", "rank_id": rank["id"]}, headers=headers).json["message"]


def bench_import(app, headers, places, rounds):
    files = [values_file(places, version) for version in (1, 2)]
    base, first, again = import_rounds(
        app,
        headers,
        files,
        rounds,
        "/api/rank_value/import",
        lambda name: add_group(app, headers, name),
        lambda group, data: {"rank_group_id": group["id"], "type": "RB_XLS", "file": upload(data)},
    )
    baseline = statistics.median(base)
    print(f"RB_XLS import, {len(files[0]):,} bytes, {GMINY:,} gminy, median of {rounds} rounds:")
    line("openpyxl read-only load + iterate rows (baseline)", baseline)
    line("app: POST /api/rank_value/import, all new + places (committed)", statistics.median(first), baseline)
    line("app: the same again, every gmina's points changed", statistics.median(again), baseline)
    print(f"  budget 1 s: {max(statistics.median(first), statistics.median(again)):.2f} s")


def bench_lists(app, headers, places, requests):
    group = add_group(app, headers, "bench-lists")
    body = {"rank_group_id": group["id"], "type": "RB_XLS", "file": upload(values_file(places, 1))}
    app.post_json("/api/rank_value/import", body, headers=headers)
    paths = {
        "boroughs": "/api/borough/",
        "values": f"/api/rank_value/rank_group/{group['id']}",
        "public": "/api/public/rank/bench-lists",
    }
    rows = {
        "boroughs": len(app.get(paths["boroughs"], headers=headers).json["message"]["list"]),
        "values": len(app.get(paths["values"], headers=headers).json["message"]["list"]),
        "public": len(app.get(paths["public"]).json["message"]["groups"][0]["rows"]),
    }
    times = {name: [] for name in paths}
    for _ in range(3):  # warm-up
        for path in paths.values():
            app.get(path, headers=headers)
    for _ in range(requests):  # interleaved: the machine's noise hits all three alike
        for name, path in paths.items():
            times[name].append(timed(lambda: app.get(path, headers=headers if name != "public" else {})))
    baseline = statistics.median(times["boroughs"]) / rows["boroughs"]
    print(f"Lists in process, {requests} interleaved requests each (p50 per request, ratio per row):")
    for name, label in (
        ("boroughs", "GET /api/borough/ (baseline)"),
        ("values", "GET /api/rank_value/rank_group/<id>"),
        ("public", "GET /api/public/rank/<name>"),
    ):
        p50 = statistics.median(times[name])
        size = len(app.get(paths[name], headers=headers if name != "public" else {}).body)
        print(
            f"  {label:<40} {rows[name]:5,} rows {size / 1000:6.0f} KB {p50 * 1000:8.1f} ms "
            f"{p50 / rows[name] / baseline:5.2f}× per row"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
        app, headers, places = build(url, ["hierarchy", "ranks"])
        bench_import(app, headers, places, args.rounds)
        bench_lists(app, headers, places, args.requests)


if __name__ == "__main__":
    main()
