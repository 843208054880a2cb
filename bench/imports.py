"""Measurement import and map export against openpyxl's own work, measured side by side.

    .venv/bin/python bench/imports.py [--rounds 30] [--measurements 100] [--database-url URL]

1. CP_XLS import: the whole request `POST /api/checkpoint/import` through the app (JWT, JSON
   body, base64, content check, openpyxl read-only load, cell conversion, one measurement and
   eleven value rows written and committed) against openpyxl loading the same file read-only
   and iterating every row. Also the app's parsing alone (read_table + the CP_XLS parser).
   Rounds interleave the two; medians are compared. The target is ≤ 1.5×.
2. Export of a map with 100 measurements: `GET /api/map/<id>/export` (queries, workbook,
   signed link followed) against openpyxl writing an equivalent write-only workbook (same
   sheets, rows and values) in memory, plain and through smogpanel.spreadsheets.exports' formula-safe
   cells. The target is under a second.

Prints times and ratios; asserts nothing.
"""

import argparse
import base64
import io
import statistics
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import XLSX, build, openpyxl_load  # noqa: E402
from timing import line, timed  # noqa: E402


def report_file():
    from openpyxl import Workbook

    from smogpanel.plugins.maps.imports import PROPERTY_NAMES
    from smogpanel.regions import VOIVODESHIPS

    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Województwo", *PROPERTY_NAMES])
    for r, (_, name) in enumerate(VOIVODESHIPS):
        sheet.append([name, *((r + 1) * 1000 + c * 7.5 for c in range(len(PROPERTY_NAMES)))])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def app_parse(data, keys):
    from smogpanel.plugins.maps.imports import CP_XLS
    from smogpanel.spreadsheets.tables import read_table

    return CP_XLS.parse(read_table(data, "raport.xlsx"), {"keys": keys})


def bench_import(app, headers, map_id, keys, rounds):
    data = report_file()
    body = {
        "name": "Bench",
        "source": "",
        "map_id": map_id,
        "type": "CP_XLS",
        "file": {"name": "raport.xlsx", "data": f"data:{XLSX};base64,{base64.b64encode(data).decode()}"},
    }

    def request():
        assert app.post_json("/api/checkpoint/import", body, headers=headers).json["message"]["properties"] == 11

    from smogpanel.numbers import json_number

    # The parser gives exact Decimals; a form sends JSON numbers.
    properties = [
        {"key": {"id": key.id}, "value": {code: json_number(number) for code, number in value.items()}}
        for key, value in zip(keys, (p["value"] for p in app_parse(data, keys)["properties"]))
    ]
    by_hand = {"name": "Bench", "source": "", "map_id": map_id, "hidden": 0, "properties": properties}

    def create():
        app.post_json("/api/checkpoint/", by_hand, headers=headers)

    for _ in range(3):  # warm-up: imports, caches, first connection
        request(), openpyxl_load(data), app_parse(data, keys), create()
    base, whole, parse, json_create = [], [], [], []
    for _ in range(rounds):
        base.append(timed(lambda: openpyxl_load(data)))
        whole.append(timed(request))
        parse.append(timed(lambda: app_parse(data, keys)))
        json_create.append(timed(create))
    baseline = statistics.median(base)
    print(f"CP_XLS import, {len(data):,} bytes, 16 voivodeships × 11 properties, median of {rounds} rounds:")
    line("openpyxl read-only load + iterate rows (baseline)", baseline, decimals=2)
    line("app: read_table + CP_XLS parser", statistics.median(parse), baseline, decimals=2)
    line("app: whole POST /api/checkpoint/import (committed)", statistics.median(whole), baseline, decimals=2)
    line(
        "reference: the same values by hand, POST /api/checkpoint/",
        statistics.median(json_create),
        baseline,
        decimals=2,
    )


def bench_export(app, headers, url, map_id, count, rounds):
    from openpyxl import Workbook

    from smogpanel.db import make_engine, make_session_factory
    from smogpanel.plugins.maps.models import (
        Checkpoint,
        CheckpointValue,
        MapPropertyKey,
    )
    from smogpanel.regions import CODES, VOIVODESHIPS

    engine = make_engine(url)
    with make_session_factory(engine)() as db, db.begin():
        keys = db.query(MapPropertyKey).filter_by(map_id=map_id).all()
        for number in range(count):
            checkpoint = Checkpoint(
                map_id=map_id,
                name=f"Pomiar {number:03d}",
                source="",
                hidden=number % 7 == 0,
                captured=date(2020, 1, 1) + timedelta(days=number),
            )
            db.add(checkpoint)
            db.flush()
            db.add_all(
                CheckpointValue(
                    checkpoint_id=checkpoint.id,
                    key_id=key.id,
                    **{code: number * 100 + index + 0.25 for index, code in enumerate(CODES)},
                )
                for key in keys
            )
    engine.dispose()

    from smogpanel.spreadsheets.exports import header_row, row

    def workbook_of(header_cells, row_cells):
        workbook = Workbook(write_only=True)
        for number in range(count + 1):
            sheet = workbook.create_sheet(f"Pomiar {number:03d}")
            sheet.append(header_cells(sheet, ["Województwo", *(f"Właściwość {i}" for i in range(11))]))
            for index, (_, name) in enumerate(VOIVODESHIPS):
                sheet.append(row_cells(sheet, [name, *(number * 100 + index + 0.25 for _ in range(11))]))
        workbook.save(io.BytesIO())

    def baseline():
        workbook_of(lambda sheet, values: values, lambda sheet, values: values)

    def formula_safe():
        workbook_of(header_row, row)

    def export():
        link = app.get(f"/api/map/{map_id}/export", headers=headers).json["message"]
        assert app.get(link).body.startswith(b"PK")  # the signed link, as the browser follows it

    export(), baseline(), formula_safe()
    base, safe, app_times = [], [], []
    for _ in range(rounds):
        base.append(timed(baseline))
        safe.append(timed(formula_safe))
        app_times.append(timed(export))
    reference = statistics.median(base)
    print(f"Export of a map with {count} measurements × 11 properties, median of {rounds} rounds:")
    line("openpyxl write-only workbook, same cells (baseline)", reference, decimals=2)
    line(
        "the same through smogpanel.spreadsheets.exports (formula-safe cells)",
        statistics.median(safe),
        reference,
        decimals=2,
    )
    line("app: GET /api/map/<id>/export", statistics.median(app_times), reference, decimals=2)
    print(f"  budget 1 s: {statistics.median(app_times):.3f} s")


def map_payload(internal_name):
    from smogpanel.plugins.maps.imports import PROPERTY_NAMES

    keys = [{"name": name, "property_type_name": "STATISTIC"} for name in PROPERTY_NAMES]
    return {"name": "Bench", "internal_name": internal_name, "source": "bench", "property_keys": keys}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--measurements", type=int, default=100)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
        app, headers, _places = build(url, ["hierarchy", "maps"], gminy=0)
        a_map = app.post_json("/api/map/", map_payload("bench"), headers=headers).json["message"]

        class Key:  # what the parser needs of a map key
            def __init__(self, data):
                self.id, self.name = data["id"], data["name"]

        bench_import(app, headers, a_map["id"], [Key(k) for k in a_map["property_keys"]], args.rounds)
        export_map = app.post_json("/api/map/", map_payload("bench-export"), headers=headers).json["message"]
        bench_export(app, headers, url, export_map["id"], args.measurements, max(3, args.rounds // 5))


if __name__ == "__main__":
    main()
