"""Refreshing items' integrations: 500 air-quality items (examples/smogpanel-airquality, five
GIOŚ requests each: index, sensors, PM10, the manual PM2.5 position refused, the automatic
one) against a local server answering the recorded shapes with a simulated network latency,
as `smogpanel integrations refresh` does it (`refresh_all`): with the default 8 sources at a
time, against one at a time measured in the same run.

    .venv/bin/python bench/items_refresh.py [--items 500] [--latency 0.02]

Target: 500 items under 10 s with bounded concurrency.
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "examples" / "smogpanel-airquality" / "tests" / "fixtures"
SECRET = "bench-items-secret-" + "x" * 40


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=500)
    parser.add_argument("--latency", type=float, default=0.02, help="seconds each answer of the source waits")
    args = parser.parse_args()

    import sqlalchemy as sa

    from smogpanel import main as make_app
    from smogpanel.db import own_transaction
    from smogpanel.item_types import BOROUGH, TEXT
    from smogpanel.migrate import upgrade
    from smogpanel.plugin_manager import build_plugin_manager
    from smogpanel.testing.http import LocalSource

    try:
        from smogpanel.plugins.items.models import Item
        from smogpanel.plugins.items.refresh import refresh_all
    except ImportError:
        sys.exit("The items plugin is not installed.")
    manager = build_plugin_manager()
    if not manager.has_plugin("airquality"):
        sys.exit("Install the example plugin first: .venv/bin/pip install -e examples/smogpanel-airquality")

    folder = Path(tempfile.mkdtemp(prefix="bench-items-"))
    url = f"sqlite:///{folder / 'items.sqlite'}"
    upgrade(url, manager)
    with LocalSource() as gios:
        for path, name in (
            ("/aqindex/getIndex/400", "getIndex_400.json"),
            ("/station/sensors/400", "sensors_400.json"),
            ("/data/getData/2747", "getData_2747.json"),
            ("/data/getData/2750", "getData_2750.json"),
        ):
            gios.answer(path, (FIXTURES / name).read_bytes())
        # The station lists a manual PM2.5 position first: its getData is refused, then 2750 is read.
        gios.fail("/data/getData/2749", status=400, body=(FIXTURES / "getData_2749_manual.json").read_bytes())
        gios.delay = args.latency
        timings = {}
        for workers in (1, 8):
            app = make_app(
                {},
                **{
                    "sqlalchemy.url": url,
                    "smogpanel.secret": SECRET,
                    "smogpanel.environment": "testing",
                    "smogpanel.airquality.api_url": gios.url,
                    "smogpanel.integrations.workers": str(workers),
                },
            )
            registry = app.registry
            with own_transaction(registry) as db:
                db.execute(sa.delete(Item))
                values = {
                    "gmina": {"type": BOROUGH, "display_name": "Gmina", "value": 1},
                    "station_id": {"type": TEXT, "display_name": "Stacja", "value": "400"},
                }
                db.add_all(
                    Item(
                        name=f"Powietrze {n}",
                        internal_name=f"powietrze-{n}",
                        item_type_id="airquality",
                        item_type_name="Jakość powietrza",
                        hook_values=values,
                        integration_state={},
                    )
                    for n in range(args.items)
                )
            gios.hits.clear()
            gios.requests.clear()
            started = time.perf_counter()
            summary = refresh_all(registry)
            timings[workers] = time.perf_counter() - started
            assert summary.good == args.items and summary.failed == 0, summary.as_dict()
            with own_transaction(registry) as db:
                sample = db.scalars(sa.select(Item).limit(1)).one()
                assert sample.hook_values["pm10"]["value"] == 54.8 and sample.hook_values["pm25"]["value"] == 38.1
            print(
                f"{args.items} items, {sum(gios.hits.values())} requests, {workers} at a time: {timings[workers]:.2f} s"
            )
    print(
        f"8 at a time vs 1: {timings[1] / timings[8]:.1f}x faster; "
        f"target < 10 s: {'ok' if timings[8] < 10 else 'MISSED'} ({timings[8]:.2f} s)"
    )


if __name__ == "__main__":
    main()
