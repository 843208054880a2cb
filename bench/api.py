"""API throughput against a bare WSGI baseline, measured side by side in one run.

    .venv/bin/python bench/api.py [--seconds 3] [--rounds 3] [--clients 4] [--database-url URL]

Both servers are waitress with the same thread count, on loopback, over the same database
(2,477 boroughs). The baseline runs the same SQL with a raw DB-API cursor and encodes with the
standard library's json: no auth, no envelope machinery, no ORM. The app adds JWT auth, the
envelope, the sort whitelist, soft-delete filtering and ETags. Clients are separate processes
using keep-alive connections. Prints requests/s and p50/p99 latency, and app/baseline ratios.
"""

import argparse
import http.client
import json
import logging
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import sqlalchemy as sa
from waitress.server import create_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

BOROUGHS = 2477
THREADS = 4


def build_database(url):
    from smogpanel.db import make_engine, make_session_factory
    from smogpanel.migrate import upgrade
    from smogpanel.passwords import hash_password
    from smogpanel.plugin_manager import build_plugin_manager
    from smogpanel.plugins.hierarchy.models import Borough, District, Voivodeship
    from smogpanel.users.models import User

    manager = build_plugin_manager()
    upgrade(url, manager)
    engine = make_engine(url)
    with make_session_factory(engine)() as db, db.begin():
        manager.hook.smogpanel_seed(db=db)
        voivodeships = db.scalars(sa.select(Voivodeship)).all()
        districts = []
        for number in range(380):
            district = District(name=f"powiat {number:03d}", voivodeship_id=voivodeships[number % 16].id)
            db.add(district)
            districts.append(district)
        db.flush()
        db.add_all(
            Borough(name=f"Gmina {number:04d}", district_id=districts[number % 380].id) for number in range(BOROUGHS)
        )
        user = User(email="bench@example.pl", password_hash=hash_password("bench-password"), super=1)
        db.add(user)
        db.flush()
        user_id = user.id
    return engine, user_id


def baseline_app(engine, statements):
    """The same SQL, a raw cursor, stdlib json: what the app is measured against."""

    def app(environ, start_response):
        sql = statements.get(environ["PATH_INFO"])
        if sql is None:
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not found"]
        connection = engine.raw_connection()
        try:
            cursor = connection.cursor()
            cursor.execute(sql)
            names = [column[0] for column in cursor.description]
            rows = [dict(zip(names, row)) for row in cursor.fetchall()]
            cursor.close()
        finally:
            connection.close()
        body = json.dumps({"success": True, "message": {"list": rows}}, default=str).encode()
        start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
        return [body]

    return app


def list_sql(app, kind, order):
    resource = app.registry["smogpanel.resources"][kind]
    sorting = resource.sorting(order)
    statement = resource.list_statement().order_by(*sorting.order_by(*order))
    return str(statement.compile(app.registry["db.session_factory"].kw["bind"], compile_kwargs={"literal_binds": True}))


def serve(app):
    server = create_server(app, host="127.0.0.1", port=0, threads=THREADS)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    return server, server.effective_port


def client(args):
    port, path, headers, seconds, expect = args
    connection = http.client.HTTPConnection("127.0.0.1", port)
    latencies = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        if response.status != expect:
            raise RuntimeError(f"{path} answered {response.status}, expected {expect}")
        latencies.append(time.perf_counter() - started)
    connection.close()
    return latencies


def measure(pool, port, path, headers, seconds, clients, expect=200):
    pool.map(client, [(port, path, headers, 0.5, expect)] * clients)  # warm up
    results = pool.map(client, [(port, path, headers, seconds, expect)] * clients)
    latencies = sorted(latency for result in results for latency in result)
    return {
        "rps": len(latencies) / seconds,
        "p50": statistics.median(latencies) * 1000,
        "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--database-url", default=os.environ.get("SMOGPANEL_BENCH_DATABASE_URL"))
    options = parser.parse_args()
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)

    from smogpanel import main as make_app
    from smogpanel.security import Tokens

    folder = tempfile.mkdtemp(prefix="smogpanel-bench-")
    url = options.database_url or f"sqlite:///{folder}/bench.sqlite"
    engine, user_id = build_database(url)
    secret = "bench-secret-" + "x" * 32
    app = make_app({}, **{"sqlalchemy.url": url, "smogpanel.secret": secret})
    from smogpanel.users.models import User
    from smogpanel.users.sessions import open_session

    with app.registry["db.session_factory"]() as db, db.begin():
        token = Tokens(secret, 3600).issue(db.get(User, user_id), open_session(db, user_id))
    statements = {
        "/api/borough/": list_sql(app, "borough", ("name", True)),
        "/api/voivodeship/": list_sql(app, "voivodeship", ("id", False)),
    }
    app_server, app_port = serve(app)
    base_server, base_port = serve(baseline_app(engine, statements))
    auth = {"Authorization": f"Bearer {token}"}

    connection = http.client.HTTPConnection("127.0.0.1", app_port)
    connection.request("GET", "/api/borough/", headers=auth)
    response = connection.getresponse()
    body = response.read()
    etag = response.getheader("ETag")
    assert len(json.loads(body)["message"]["list"]) == BOROUGHS

    print(
        f"database: {engine.dialect.name}; {BOROUGHS} boroughs; {options.clients} clients; "
        f"{options.seconds:.0f} s per case, {options.rounds} interleaved rounds (medians); "
        f"waitress {THREADS} threads each"
    )
    print(f"{'case':<44}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'ratio':>8}")
    with multiprocessing.get_context("spawn").Pool(options.clients) as pool:
        for path in ("/api/borough/", "/api/voivodeship/"):
            cases = {"baseline": (base_port, {}, 200), "app": (app_port, auth, 200)}
            if path == "/api/borough/":
                cases["app If-None-Match (304)"] = (app_port, dict(auth, **{"If-None-Match": etag}), 304)
            rounds = {name: [] for name in cases}
            for _ in range(options.rounds):  # interleaved, so drift on a shared machine hits all alike
                for name, (port, headers, expect) in cases.items():
                    rounds[name].append(measure(pool, port, path, headers, options.seconds, options.clients, expect))
            base_rps = statistics.median(r["rps"] for r in rounds["baseline"])
            for name, results in rounds.items():
                rps = statistics.median(r["rps"] for r in results)
                p50 = statistics.median(r["p50"] for r in results)
                p99 = statistics.median(r["p99"] for r in results)
                print(f"{name + ' GET ' + path:<44}{rps:>9.1f}{p50:>9.2f}{p99:>9.2f}{rps / base_rps:>8.2f}")
    print(f"response body: {len(body) / 1024:.0f} KiB for the borough list")
    app_server.close()
    base_server.close()


if __name__ == "__main__":
    main()
