"""What saving against a version costs, each against a baseline in the same run.

    .venv/bin/python bench/record_versions.py [--requests 200] [--database-url URL]

On the demo data (`smogpanel init --demo`), for each kind's newest record, in process (webtest,
signed in): `GET /api/<kind>/<id>` as it is now (its ETag carries the record's version: a hash of
its history snapshot) against the same GET with the version left out; and `POST /api/<kind>/<id>`
saving the record as loaded with `If-Match` against the same save without it. Requests are
interleaved, medians printed with their ratio. Prints; asserts nothing.
"""

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

KINDS = ("timer", "map", "checkpoint", "rank_value", "search_entry", "graph", "letter", "item")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--database-url")
    args = parser.parse_args()

    import sqlalchemy as sa
    import webtest
    from timing import timed

    import smogpanel.resources as resources
    from smogpanel.db import make_engine
    from smogpanel.migrate import upgrade
    from smogpanel.plugin_manager import build_plugin_manager
    from smogpanel.testing.data import sign_in, write_demo_data
    from smogpanel.testing.serve import live_app

    folder = tempfile.mkdtemp()
    url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
    upgrade(url, build_plugin_manager())
    write_demo_data(url)
    app = webtest.TestApp(live_app(url, folder))
    headers = sign_in(app)
    registry = app.app.registry
    engine = make_engine(url)
    with_version = resources.carry_version

    def without_version(request, snapshot):
        pass

    print(f"{args.requests} requests each, medians (ms), versions against none:")
    for kind in KINDS:
        resource = registry["smogpanel.resources"].get(kind)
        if resource is None:
            continue
        with engine.connect() as connection:
            record_id = connection.scalar(
                sa.select(sa.func.max(resource.model.id)).where(resource.model.deleted.is_(None))
            )
        path = f"/api/{kind}/{record_id}"
        record = app.get(path, headers=headers).json["message"]
        body = {node.name: record[node.name] for node in resource.edit_schema().children if node.name in record}
        times = {"get": [], "get0": [], "post": [], "post0": []}
        for _ in range(args.requests):
            resources.carry_version = with_version
            times["get"].append(timed(lambda: app.get(path, headers=headers)))
            etag = app.get(path, headers=headers).headers["ETag"]
            times["post"].append(timed(lambda: app.post_json(path, body, headers={**headers, "If-Match": etag})))
            resources.carry_version = without_version
            times["get0"].append(timed(lambda: app.get(path, headers=headers)))
            times["post0"].append(timed(lambda: app.post_json(path, body, headers=headers)))
        resources.carry_version = with_version
        medians = {key: statistics.median(values) * 1000 for key, values in times.items()}
        print(
            f"  {kind:<13} GET {medians['get']:6.2f} vs {medians['get0']:6.2f}  "
            f"{medians['get'] / medians['get0']:4.2f}×   "
            f"edit with If-Match {medians['post']:6.2f} vs without {medians['post0']:6.2f}  "
            f"{medians['post'] / medians['post0']:4.2f}×"
        )
    engine.dispose()


if __name__ == "__main__":
    main()
