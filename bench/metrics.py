"""What counting a request for /metrics costs: a trivial WSGI app called directly, bare and
behind `smogpanel.ops.metrics.RequestMetrics` (a counter by route, method and status and a latency
histogram), in one process, and in prometheus_client's multi-process mode (gunicorn's: values
in memory-mapped files), each in a fresh interpreter.

    .venv/bin/python bench/metrics.py [--calls 100000]

Prints microseconds per call and what the layer adds, next to the hottest answer it wraps (a
replayed public payload: docs/performance.md, "Serving public widgets").
"""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from smogpanel.ops.metrics import ROUTE, RequestMetrics

def app(environ, start_response):
    environ[ROUTE] = "/api/public/{{kind}}/{{internal_name}}"
    start_response("200 OK", [("Content-Type", "application/json")])
    return [b"{{}}"]

def timed(wsgi, calls):
    environ = {{"REQUEST_METHOD": "GET", "PATH_INFO": "/api/public/timer/x"}}
    start = lambda status, headers, exc_info=None: None
    for _ in range(1000):
        wsgi(dict(environ), start)
    began = time.perf_counter()
    for _ in range(calls):
        wsgi(dict(environ), start)
    return (time.perf_counter() - began) / calls * 1e6

calls = {calls}
bare = min(timed(app, calls) for _ in range(3))
counted = min(timed(RequestMetrics(app), calls) for _ in range(3))
print(f"{{bare:.2f}} {{counted:.2f}}")
"""


def run(calls, multiprocess):
    env = dict(os.environ)
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    with tempfile.TemporaryDirectory() as folder:
        if multiprocess:
            env["PROMETHEUS_MULTIPROC_DIR"] = folder
        output = subprocess.run(
            [sys.executable, "-c", CHILD.format(root=str(ROOT), calls=calls)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    return [float(value) for value in output.split()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=100_000)
    args = parser.parse_args()
    print(f"{'mode':<28}{'bare µs':>10}{'counted µs':>12}{'added µs':>10}")
    for label, multiprocess in (("one process (waitress)", False), ("multi-process (gunicorn)", True)):
        bare, counted = run(args.calls, multiprocess)
        print(f"{label:<28}{bare:>10.2f}{counted:>12.2f}{counted - bare:>10.2f}")


if __name__ == "__main__":
    main()
