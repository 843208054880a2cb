"""The time of `smogpanel backup` and `smogpanel restore-backup` on a database with the whole
TERC hierarchy (the register's shape: 16 voivodeships, 380 districts, 2,477 gminy) and every
plugin's demo records, against the bare copy in the same run: SQLite's backup API into a file
(no manifest, checksum or archive), or `pg_dump --format=custom` / `pg_restore` into the schema.

    .venv/bin/python bench/backup.py [--database-url postgresql://…/empty_db] [--rounds 5]

SQLite runs in a temporary folder; a PostgreSQL database is emptied first (its public schema).
Times are the medians of the rounds, in process (no command start-up).
"""

import argparse
import sqlite3
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import timed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def populated(url, folder):
    from smogpanel.db import make_engine, make_session_factory, writer
    from smogpanel.migrate import upgrade
    from smogpanel.plugin_manager import build_plugin_manager
    from smogpanel.plugins.hierarchy.terc import read_terc
    from smogpanel.plugins.hierarchy.teryt_import import import_terc
    from smogpanel.plugins.hierarchy.testing import register_shaped_terc
    from smogpanel.testing.data import write_demo_data, write_what_use_writes

    if url.startswith("postgresql"):
        from smogpanel.testing.app import reset_database

        reset_database(make_engine(url))
    upgrade(url, build_plugin_manager())
    write_demo_data(url)
    write_what_use_writes(url, Path(folder) / "mail").registry["db.engine"].dispose()
    engine = make_engine(url)
    with make_session_factory(engine)(bind=writer(engine)) as db, db.begin():
        import_terc(db, read_terc(register_shaped_terc()))
    engine.dispose()


def bare_sqlite_copy(url, target):
    source = sqlite3.connect(url[len("sqlite:///") :])
    copy = sqlite3.connect(target)
    source.backup(copy)
    copy.close()
    source.close()


KEY = "bench-backup-signing-key"


def main():
    from smogpanel.migrate import script_directory
    from smogpanel.ops.backup import backup, database_kind, libpq
    from smogpanel.ops.restore import restore
    from smogpanel.plugin_manager import build_plugin_manager
    from smogpanel.settings import normalise_database_url
    from smogpanel.testing.data import contents

    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = normalise_database_url(args.database_url or f"sqlite:///{folder}/bench.sqlite")
        populated(url, folder)
        rows = contents(url)
        script = script_directory(url, build_plugin_manager())
        file = Path(folder) / "bench.backup"
        bare = Path(folder) / "bare.copy"
        uri, env = libpq(url)
        times = {"backup": [], "bare backup": [], "restore": [], "bare restore": []}
        for _ in range(args.rounds):
            if url.startswith("sqlite"):
                times["bare backup"].append(timed(lambda: bare_sqlite_copy(url, bare)))
                times["bare restore"].append(
                    timed(lambda: sqlite3.connect(bare).backup(sqlite3.connect(url[len("sqlite:///") :])))
                )
            else:
                times["bare backup"].append(
                    timed(
                        lambda: subprocess.run(
                            ["pg_dump", "--format=custom", "--no-owner", "--schema=public", f"--file={bare}", uri],
                            env=env,
                            check=True,
                        )
                    )
                )
                times["bare restore"].append(
                    timed(
                        lambda: subprocess.run(
                            [
                                "pg_restore",
                                "--no-owner",
                                "--clean",
                                "--single-transaction",
                                f"--dbname={uri}",
                                str(bare),
                            ],
                            env=env,
                            check=True,
                            capture_output=True,
                        )
                    )
                )
            times["backup"].append(timed(lambda: backup(url, file, KEY)))
            times["restore"].append(timed(lambda: restore(url, file, script, KEY)))
        assert contents(url) == rows
        counted = sum(len(found) for found in rows.values())
        print(
            f"{database_kind(url)}: {counted:,} rows in {len(rows)} tables "
            f"({len(rows['borough']):,} gminy, {len(rows['district'])} districts); "
            f"backup file {file.stat().st_size / 1024:,.0f} KiB, bare copy {bare.stat().st_size / 1024:,.0f} KiB; "
            f"median of {args.rounds}"
        )
        for what in ("backup", "restore"):
            ours, baseline = statistics.median(times[what]), statistics.median(times[f"bare {what}"])
            print(f"{what:8} {ours:.2f} s   bare {baseline:.2f} s   ratio {ours / baseline:.2f}")


if __name__ == "__main__":
    main()
