"""Importing a full-size TERC file: the first import into an empty hierarchy, then the same
file again (nothing to change), then a file with the gminy of one district renamed.

    .venv/bin/python bench/teryt.py [--database-url URL] [--rounds 3]

The file is generated in the register's shape (TERC-shaped, made-up names and codes): the 16
voivodeships, 380 districts (~24 per voivodeship, 66 of them cities with district rights), 2,477
gminy (RODZ 1, 2, 3) plus the parts of urban-rural gminy (RODZ 4, 5) and the districts of cities
(RODZ 9) that the import skips, ~4,300 rows in all, as CSV with BOM. Each round runs on a fresh
database (SQLite in a temporary folder unless --database-url names an empty PostgreSQL one);
times are the import alone (reading the file, the whole-register checks, the upsert, the commit),
the median of the rounds; the checks alone are also timed, as a share of the first import.
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GMINY = 2477
DISTRICTS = 380
CITIES = 66


def terc_file():
    """A TERC-shaped CSV (bytes) with exactly GMINY gminy in DISTRICTS districts."""
    from smogpanel.plugins.hierarchy.testing import register_shaped_terc

    return register_shaped_terc()


def fresh_database(url):
    from smogpanel.db import make_engine, make_session_factory
    from smogpanel.migrate import upgrade
    from smogpanel.plugin_manager import build_plugin_manager

    manager = build_plugin_manager()
    if url.startswith("postgresql"):
        from smogpanel.testing.app import reset_database

        reset_database(make_engine(url))
    upgrade(url, manager)
    engine = make_engine(url)
    factory = make_session_factory(engine)
    with factory() as db, db.begin():
        manager.hook.smogpanel_seed(db=db)
    return engine, factory


def timed_import(factory, data):
    from smogpanel.db import writer
    from smogpanel.plugins.hierarchy.terc import read_terc
    from smogpanel.plugins.hierarchy.teryt_import import import_terc

    started = time.perf_counter()
    with factory(bind=writer(factory.kw["bind"])) as db, db.begin():
        report = import_terc(db, read_terc(data))
    return time.perf_counter() - started, report


def timed_checks(data):
    from smogpanel.plugins.hierarchy.terc import read_terc
    from smogpanel.plugins.hierarchy.terc_checks import check_register

    units = read_terc(data)
    started = time.perf_counter()
    check_register(units)
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    data = terc_file()
    renamed = data.replace(b";Gmina 1206", b";Gmina (nowa nazwa) 1206")
    times = {"first": [], "second": [], "renamed": [], "checks": []}
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory() as folder:
            url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
            engine, factory = fresh_database(url)
            first, report = timed_import(factory, data)
            assert len(report.added) == DISTRICTS + GMINY, report.summary()
            second, report = timed_import(factory, data)
            assert not report.added and not report.renamed, report.summary()
            third, report = timed_import(factory, renamed)
            times["first"].append(first)
            times["second"].append(second)
            times["renamed"].append(third)
            times["checks"].append(timed_checks(data))
            changed = len(report.renamed)
            engine.dispose()
    rows = data.count(b"\n") - 1
    print(
        f"TERC file: {len(data):,} bytes, {rows:,} rows; {DISTRICTS} districts, {GMINY:,} gminy "
        f"({engine.dialect.name}, median of {args.rounds})"
    )
    print(f"first import   {statistics.median(times['first']):.2f} s")
    print(f"second import  {statistics.median(times['second']):.2f} s (nothing changed)")
    print(f"{changed} renamed   {statistics.median(times['renamed']):.2f} s")
    checks, first = statistics.median(times["checks"]), statistics.median(times["first"])
    print(f"whole-register checks  {checks:.3f} s ({checks / first:.0%} of the first import)")


if __name__ == "__main__":
    main()
