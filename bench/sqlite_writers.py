"""SQLite under several writer processes: P `smogpanel serve` processes (8 threads each) on one
SQLite file, C client threads doing account creations, profile edits and lists (and a sign-in every
tenth round) for D seconds. Prints answers per second, 5xx / 503 counts and lost acknowledged writes.

    .venv/bin/python bench/sqlite_writers.py [--processes 1 2 4] [--clients 40] [--seconds 20] [--wait-ms 5000 30000]

`--wait-ms`: smogpanel.database_wait_ms, the longest a writer waits for the lock before it
answers 503 (each value a run of its own, side by side).

Ports 6610-6619 (the reliability helper's). Figures go to docs/deployment.md."""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
PASSWORD = "Haslo-bench-123"


def call(url, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, None
    except OSError:
        return 599, None


def add_accounts(url, count):
    from smogpanel.db import make_engine, make_session_factory
    from smogpanel.passwords import hash_password
    from smogpanel.users.models import User

    engine = make_engine(url)
    password_hash = hash_password(PASSWORD)
    with make_session_factory(engine)() as db, db.begin():
        for number in range(count):
            db.add(
                User(
                    email=f"bench{number}@example.pl", super=1, firstname="B", lastname="B", password_hash=password_hash
                )
            )
    engine.dispose()


def run(processes, clients, seconds, wait_ms):
    folder = Path(tempfile.mkdtemp(prefix="sqlite-writers-"))
    env = dict(
        os.environ,
        SMOGPANEL_DATABASE_URL=f"sqlite:///{folder / 'bench.sqlite'}",
        SMOGPANEL_SECRET="bench-secret-" + "x" * 40,
        SMOGPANEL_THREADS="8",
        SMOGPANEL_ENVIRONMENT="development",
        SMOGPANEL_PUBLIC_URL="http://127.0.0.1:6610",
    )
    env.pop("SMOGPANEL_TEST_DATABASE_URL", None)
    config = ["-c", str(folder / "none.ini")]
    (folder / "none.ini").write_text(
        f"[app:main]\nuse = egg:smogpanel\nsmogpanel.mail_dir = {folder}/mail\nsmogpanel.database_wait_ms = {wait_ms}\n"
    )
    subprocess.run([BIN / "smogpanel", *config, "init"], env=env, check=True, capture_output=True)
    add_accounts(env["SMOGPANEL_DATABASE_URL"], clients)
    servers = [
        subprocess.Popen(
            [BIN / "smogpanel", *config, "serve", "--port", str(6610 + n)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for n in range(processes)
    ]
    for n in range(processes):  # wait until each one answers
        for _ in range(300):
            if call(f"http://127.0.0.1:{6610 + n}", "GET", "/api/import/")[0] != 599:
                break
            time.sleep(0.1)
    statuses, created, stop = Counter(), [], time.time() + seconds
    lock = threading.Lock()

    def client(number):
        url = f"http://127.0.0.1:{6610 + number % processes}"
        email = f"bench{number}@example.pl"
        round_, token = 0, None
        while time.time() < stop:
            round_ += 1
            answers = []
            if token is None or round_ % 10 == 0:  # a sign-in every tenth round: argon2 is CPU-bound
                status, body = call(url, "POST", "/api/auth/login", {"email": email, "password": PASSWORD})
                answers.append(status)
                token = body["message"] if status == 200 else None
            if token is not None:
                new = f"n{number}-{round_}@example.pl"
                status, body = call(url, "POST", "/api/user/", {"email": new, "firstname": "B", "lastname": "B"}, token)
                answers.append(status)
                if status == 200:
                    with lock:
                        created.append(new)
                answers.append(
                    call(
                        url,
                        "POST",
                        "/api/user/update",
                        {"email": email, "firstname": f"R{round_}", "lastname": "B", "password": ""},
                        token,
                    )[0]
                )
                answers.append(call(url, "GET", "/api/user/", token=token)[0])
            with lock:
                statuses.update(answers)

    started = time.time()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.time() - started
    for server in servers:
        server.terminate()
        server.wait()
    import sqlite3

    with sqlite3.connect(folder / "bench.sqlite") as db:
        stored = {row[0] for row in db.execute("SELECT email FROM user_account")}
    lost = [email for email in created if email not in stored]
    total = sum(statuses.values())
    errors = sum(count for status, count in statuses.items() if 500 <= status < 599)
    print(
        f"| {processes} | {wait_ms} | {clients} | {total} | {total / elapsed:.0f} | {errors} | "
        f"{statuses.get(503, 0)} | {len(lost)} | {statuses.get(599, 0)} |",
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--wait-ms", type=int, nargs="+", default=[5000])
    args = parser.parse_args()
    print("| processes | wait ms | clients | answers | per second | 5xx | of them 503 | lost writes | no connection |")
    print("|---|---|---|---|---|---|---|---|---|")
    for processes in args.processes:
        for wait_ms in args.wait_ms:
            run(processes, args.clients, args.seconds, wait_ms)


if __name__ == "__main__":
    sys.exit(main())
