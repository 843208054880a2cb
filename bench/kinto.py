"""The 2,477-row list against Kinto serving the same records, side by side in one run.

    python3 -m venv /tmp/kinto-venv && /tmp/kinto-venv/bin/pip install kinto   # once, outside the project
    .venv/bin/python bench/kinto.py [--kinto /tmp/kinto-venv/bin/kinto] [--seconds 5] [--rounds 3]

Kinto (the reference service for list throughput; not a dependency of the project, so it lives in a venv of
its own) runs as its docs start it (`kinto start`, memory backend, Basic auth) with the same
2,477 records as the register-shaped gminy (id, name, district and voivodeship names and ids,
TERYT code, timestamps): `GET /v1/buckets/b/collections/gminy/records`. Smogpanel runs as a user
starts it (`smogpanel serve`: gunicorn, a worker per core) on the database of bench/serve.py:
`GET /api/borough/` signed in. Both with 4 connections (wrk), rounds interleaved; also each
one's repeat visit with its ETag (If-None-Match), which both support.
"""

import argparse
import base64
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from public import free_port, get, wait_for, wrk  # noqa: E402
from serve import prepare, start  # noqa: E402

BASIC = "Basic " + base64.b64encode(b"bench:bench-password").decode()
KINTO_SETTINGS = """
[app:main]
use = egg:kinto
kinto.storage_backend = kinto.core.storage.memory
kinto.storage_url =
kinto.cache_backend = kinto.core.cache.memory
kinto.cache_url =
kinto.permission_backend = kinto.core.permission.memory
kinto.permission_url =
kinto.userid_hmac_secret = bench-secret
multiauth.policies = basicauth
kinto.bucket_create_principals = system.Authenticated

[server:main]
use = egg:waitress#main
host = 127.0.0.1
port = {port}

[loggers]
keys = root
[handlers]
keys = console
[formatters]
keys = generic
[logger_root]
level = WARNING
handlers = console
[handler_console]
class = StreamHandler
args = (sys.stderr,)
formatter = generic
[formatter_generic]
format = %(message)s
"""


def kinto_request(base, method, path, body=None):
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode() if body is not None else None,
        method=method,
        headers={"Authorization": BASIC, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def load_kinto(base, rows):
    kinto_request(base, "PUT", "/v1/buckets/b", {"data": {}})
    kinto_request(base, "PUT", "/v1/buckets/b/collections/gminy", {"data": {}})
    for start_at in range(0, len(rows), 25):  # Kinto's batch limit
        kinto_request(
            base,
            "POST",
            "/v1/batch",
            {
                "defaults": {"method": "POST", "path": "/buckets/b/collections/gminy/records"},
                "requests": [{"body": {"data": row}} for row in rows[start_at : start_at + 25]],
            },
        )


def borough_rows(url):
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    with engine.connect() as connection:
        rows = connection.exec_driver_sql(
            "SELECT b.id, b.name, b.teryt, b.district_id, d.name, d.voivodeship_id, v.name, b.created, b.updated "
            "FROM borough b JOIN district d ON d.id = b.district_id JOIN voivodeship v ON v.id = d.voivodeship_id "
            "WHERE b.deleted IS NULL"
        ).all()
    engine.dispose()
    keys = (
        "borough_id",
        "name",
        "teryt",
        "district_id",
        "district_name",
        "voivodeship_id",
        "voivodeship_name",
        "created",
        "updated",
    )
    return [dict(zip(keys, row)) for row in rows]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kinto", default="/tmp/kinto-venv/bin/kinto")
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not Path(args.kinto).exists() or not shutil.which("wrk"):
        sys.exit(f"needs Kinto at {args.kinto} (see the docstring) and wrk")
    folder = Path(tempfile.mkdtemp(prefix="smogpanel-bench-kinto-"))
    url, _timer, token = prepare(folder)
    port = free_port()
    (folder / "kinto.ini").write_text(KINTO_SETTINGS.format(port=port))
    kinto = subprocess.Popen(
        [args.kinto, "start", "--ini", str(folder / "kinto.ini")],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    panel, panel_base = start(url, os.cpu_count() or 1, 2)
    try:
        kinto_base = f"http://127.0.0.1:{port}"
        wait_for(kinto_base + "/v1/")
        wait_for(panel_base + "/api/plugins")
        rows = borough_rows(url)
        load_kinto(kinto_base, rows)
        kinto_path = "/v1/buckets/b/collections/gminy/records"
        _s, kinto_headers, kinto_body = get(kinto_base + kinto_path, {"Authorization": BASIC})
        _s, panel_headers, panel_body = get(panel_base + "/api/borough/", {"Authorization": f"Bearer {token}"})
        print(
            f"Kinto lists {len(json.loads(kinto_body)['data'])} records ({len(kinto_body) / 1000:.0f} KB), "
            f"Smogpanel {len(json.loads(panel_body)['message']['list'])} ({len(panel_body) / 1000:.0f} KB)",
            file=sys.stderr,
        )
        plan = [
            ("Kinto: records of the collection", kinto_base + kinto_path, (f"Authorization: {BASIC}",)),
            (
                "Kinto: the same, If-None-Match",
                kinto_base + kinto_path,
                (f"Authorization: {BASIC}", f"If-None-Match: {kinto_headers.get('ETag')}"),
            ),
            ("Smogpanel: GET /api/borough/", panel_base + "/api/borough/", (f"Authorization: Bearer {token}",)),
            (
                "Smogpanel: the same, If-None-Match",
                panel_base + "/api/borough/",
                (f"Authorization: Bearer {token}", f"If-None-Match: {panel_headers.get('ETag')}"),
            ),
        ]
        results = {label: [] for label, *_ in plan}
        for round_number in range(args.rounds):
            for label, target, headers in plan:
                results[label].append(wrk(target, args.seconds, 4, headers))
            print(f"round {round_number + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    finally:
        for process in (kinto, panel):
            process.terminate()
            process.wait(10)
    base = statistics.median(r["rate"] for r in results[plan[0][0]])
    print(
        f"\n4 connections, {args.seconds} s x {args.rounds} interleaved rounds, {os.cpu_count()} cores, "
        f"{len(rows)} records; both answer with Accept-Encoding: gzip, br\n"
    )
    print(f"{'what':<40}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'x Kinto':>9}")
    for label, *_ in plan:
        runs = results[label]
        rate = statistics.median(r["rate"] for r in runs)
        print(
            f"{label:<40}{rate:>9,.0f}{statistics.median(r['p50'] for r in runs):>9.1f}"
            f"{statistics.median(r['p99'] for r in runs):>9.1f}{rate / base:>9.2f}"
        )


if __name__ == "__main__":
    main()
