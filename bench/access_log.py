"""What the access log costs a request: a trivial WSGI app called directly, bare and behind
`smogpanel.ops.access_log.AccessLog` writing its line to a file (as `smogpanel serve` writes
stderr to a journal or a file), and with the logger at WARNING (the line silenced), in one
process, best of 3.

    .venv/bin/python bench/access_log.py [--calls 50000]

Prints microseconds per call and what the layer adds, to set next to the hottest answer it
wraps (a replayed public payload, some 440 µs of a core: docs/performance.md).
"""

import argparse
import logging
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from smogpanel.ops.access_log import AccessLog, log  # noqa: E402
from smogpanel.ops.metrics import ROUTE  # noqa: E402


def app(environ, start_response):
    environ[ROUTE] = "/api/public/{kind}/{internal_name}"
    start_response("200 OK", [("Content-Type", "application/json")])
    return [b"{}"]


def timed(wsgi, calls):
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/api/public/timer/x"}

    def start(status, headers, exc_info=None):
        return None

    for _ in range(1000):
        wsgi(dict(environ), start)
    began = time.perf_counter()
    for _ in range(calls):
        wsgi(dict(environ), start)
    return (time.perf_counter() - began) / calls * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=50_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        handler = logging.FileHandler(Path(folder) / "access.log")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-5.5s [%(name)s] %(message)s"))
        log.addHandler(handler)
        log.propagate = False
        bare = min(timed(app, args.calls) for _ in range(3))
        log.setLevel(logging.INFO)
        logged = min(timed(AccessLog(app), args.calls) for _ in range(3))
        log.setLevel(logging.WARNING)
        silenced = min(timed(AccessLog(app), args.calls) for _ in range(3))
        handler.close()
    print(f"{'mode':<22}{'µs per call':>12}{'added µs':>10}")
    for label, value in (("bare", bare), ("access log (INFO)", logged), ("silenced (WARNING)", silenced)):
        print(f"{label:<22}{value:>12.2f}{value - bare:>10.2f}")


if __name__ == "__main__":
    main()
