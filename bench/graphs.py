"""The graphs plugin's import figures (target: each type under 200 ms), against a baseline
measured in the same run.

    .venv/bin/python bench/graphs.py [--rounds 7] [--database-url URL]

For each of the six types: the whole `POST /api/graph/import` through the app (JWT, JSON body,
base64, content check, reading in the capped child process, matching, writing, commit) of a
file with every item the type requires, into a graph defining them all; every round re-imports
under the same name (values replaced). Baseline: openpyxl loading the same file read-only.
Prints medians; asserts nothing.
"""

import argparse
import io
import statistics
import tempfile

from common import build, openpyxl_load, upload
from timing import line, timed


def workbook(rows):
    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    from smogpanel.plugins.graphs.imports import APPLICATION_GROUPS, CIRCLE_ITEMS, LINE_ITEMS, MULTILINE_ITEMS

    folder = tempfile.mkdtemp()
    url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
    app, headers, _ = build(url, ["hierarchy", "graphs"])
    groups = [classic for _, classic, _ in APPLICATION_GROUPS]
    # Short names must differ within a graph ('Pompy ci' twice would be refused).
    keys = lambda items: [{"name": name, "short_name": f"{name[:8]} {i}"} for i, name in enumerate(items)]  # noqa: E731
    cases = {
        "LINE": (
            ["CP_LINE_XLS", "CP_LINE_XLS_2025"],
            {"graph_key_groups": [{"name": g, "color": "red", "graph_keys": keys(LINE_ITEMS)} for g in groups]},
            [["Pozycja", *groups], *[[item, *range(1, 6)] for item in LINE_ITEMS]],
        ),
        "MULTILINE": (
            ["CP_MULTILINE_XLS", "CP_MULTILINE_XLS_2025"],
            {"graph_keys": keys(MULTILINE_ITEMS)},
            [["Pozycja", "Wartość"], *[[item, 5] for item in MULTILINE_ITEMS]],
        ),
        "CIRCLE": (
            ["CP_CIRCLE_XLS", "CP_CIRCLE_XLS_2025"],
            {"graph_keys": keys(CIRCLE_ITEMS)},
            [["Pozycja", "Wartość"], *[[item, 5] for item in CIRCLE_ITEMS]],
        ),
    }
    print(f"Graph imports, median of {args.rounds} ({url.split(':')[0]}):")
    for graph_type, (codes, structure, rows) in cases.items():
        body = {
            "name": f"Bench {graph_type}",
            "internal_name": f"bench-{graph_type.lower()}",
            "graph_type_name": graph_type,
            "graph_style_name": "CLASSIC",
            "position_title": "P",
            "value_title": "V",
            **structure,
        }
        graph = app.post_json("/api/graph/", body, headers=headers).json["message"]
        data = workbook(rows)
        baseline = statistics.median(timed(lambda: openpyxl_load(data)) for _ in range(args.rounds))
        for code in codes:
            payload = {"name": "Raport 2025", "graph_id": graph["id"], "type": code, "file": upload(data)}
            seconds = statistics.median(
                timed(lambda: app.post_json("/api/graph/import", payload, headers=headers)) for _ in range(args.rounds)
            )
            line(f"{code} ({len(rows) - 1} items) vs openpyxl read-only", seconds, baseline)


if __name__ == "__main__":
    main()
