"""Workers and threads for `smogpanel serve`, chosen by measurement: the same database served by
several configurations at once (each its own `smogpanel serve --workers W --threads T`), hit in
interleaved rounds with wrk.

    .venv/bin/python bench/serve.py [--seconds 4] [--rounds 3]

The database: `smogpanel init --demo` plus gminy up to the register's 2,477. Targets: the demo
timer's public payload and its 304 (8 connections), and `GET /api/borough/` signed in (the
2,477-row list, 4 connections, as bench/kinto.py compares it). Prints req/s and p99 per
configuration, and each one's ratio to the old default (waitress, 8 threads).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from public import BIN, ROOT, free_port, get, wait_for, wrk  # noqa: E402

SECRET = "bench-serve-secret-" + "x" * 40
CONFIGS = [(1, 8), (2, 1), (2, 2), (2, 4), (4, 1)]  # (workers, threads); workers 1 = waitress
GMINY = 2477


def prepare(folder):
    import sqlalchemy as sa

    from smogpanel.passwords import hash_password
    from smogpanel.security import Tokens

    url = f"sqlite:///{folder / 'serve.sqlite'}"
    env = {**os.environ, "SMOGPANEL_DATABASE_URL": url}
    subprocess.run(
        [str(BIN / "smogpanel"), "-c", str(ROOT / "development.ini"), "init", "--demo"],
        env=env,
        check=True,
        capture_output=True,
    )
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        district = connection.exec_driver_sql("SELECT min(id) FROM district WHERE deleted IS NULL").scalar()
        have = connection.exec_driver_sql("SELECT count(*) FROM borough").scalar()
        connection.execute(
            sa.text(
                "INSERT INTO borough (name, district_id, created, updated) "
                "VALUES (:name, :district, '2026-11-24T00:00:00+00:00', '2026-11-24T00:00:00+00:00')"
            ),
            [{"name": f"Gmina {n:04d}", "district": district} for n in range(GMINY - have)],
        )
        connection.execute(
            sa.text(
                "INSERT INTO user_account (email, firstname, lastname, super, password_hash, "
                "token_version, created, updated) VALUES ('serve@example.pl', 'B', 'B', 1, :hash, 0, "
                "'2026-11-24T00:00:00+00:00', '2026-11-24T00:00:00+00:00')"
            ),
            {"hash": hash_password("bench-password")},
        )
        timer = connection.exec_driver_sql("SELECT internal_name FROM timer WHERE deleted IS NULL LIMIT 1").scalar()

    class User:  # what Tokens.issue reads
        pass

    with engine.connect() as connection:
        row = connection.exec_driver_sql(
            "SELECT id, token_version FROM user_account WHERE email = 'serve@example.pl'"
        ).one()
    user = User()
    user.id, user.token_version = row
    from smogpanel.users.sessions import open_session

    with engine.begin() as connection:
        session_id = open_session(connection, user.id)  # tokens name their sign-in session
    engine.dispose()
    return url, timer, Tokens(SECRET, 3600).issue(user, session_id)


def start(url, workers, threads):
    port = free_port()
    env = {**os.environ, "SMOGPANEL_DATABASE_URL": url, "SMOGPANEL_SECRET": SECRET, "SMOGPANEL_ENVIRONMENT": "testing"}
    process = subprocess.Popen(
        [
            str(BIN / "smogpanel"),
            "-c",
            str(ROOT / "development.ini"),
            "serve",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--threads",
            str(threads),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return process, f"http://127.0.0.1:{port}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="smogpanel-bench-serve-"))
    url, timer, token = prepare(folder)
    servers = {config: start(url, *config) for config in CONFIGS}
    try:
        for _process, base in servers.values():
            wait_for(base + "/api/plugins")
        _status, headers, _body = get(f"{next(iter(servers.values()))[1]}/api/public/timer/{timer}")
        etag = headers.get("ETag")
        targets = [
            ("timer payload", f"/api/public/timer/{timer}", (), 8),
            ("timer payload, 304", f"/api/public/timer/{timer}", (f"If-None-Match: {etag}",), 8),
            ("GET /api/borough/ (2,477 rows)", "/api/borough/", (f"Authorization: Bearer {token}",), 4),
        ]
        results = {(config, label): [] for config in CONFIGS for label, *_ in targets}
        for round_number in range(args.rounds):
            for label, path, headers_, connections in targets:
                for config, (_process, base) in servers.items():
                    results[(config, label)].append(wrk(base + path, args.seconds, connections, headers_))
            print(f"round {round_number + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    finally:
        for process, _base in servers.values():
            process.terminate()
            process.wait(10)
    print(f"\n{os.cpu_count()} cores, {args.seconds} s x {args.rounds} interleaved rounds, median req/s (p99 ms)\n")
    print(f"{'configuration':<28}" + "".join(f"{label:>34}" for label, *_ in targets))
    base_rates = {label: statistics.median(r["rate"] for r in results[(CONFIGS[0], label)]) for label, *_ in targets}
    for config in CONFIGS:
        name = "waitress, 8 threads" if config[0] == 1 else f"gunicorn {config[0]} workers x {config[1]}"
        cells = []
        for label, *_ in targets:
            runs = results[(config, label)]
            rate = statistics.median(r["rate"] for r in runs)
            p99 = statistics.median(r["p99"] for r in runs)
            cells.append(f"{rate:>9,.0f} ({p99:>5.1f}) {rate / base_rates[label]:>5.2f}x")
        print(f"{name:<28}" + "".join(f"{cell:>34}" for cell in cells))


if __name__ == "__main__":
    main()
