"""A local HTTP server standing in for an integration's outside source in tests (there is no
network): it answers fixed paths with recorded documents, and can be told to fail the ways a
real source fails (an error status, a body that is no JSON, an answer that never comes).

    with LocalSource() as source:
        source.answer("/aqindex/getIndex/552", {"AqIndex": {...}})
        source.fail("/data/getData/3764", status=500)        # every time
        source.fail("/data/getData/3765", status=500, times=1)  # once, then the document
        source.fail("/data/getData/3766", status=400, body=b'{"error_code": "X"}')  # that body
        source.answer("/station/sensors/552?page=1&size=100", {...})  # that query only
        source.hang("/station/sensors/552", seconds=3)
        held = source.hold("/meter/m-1")  # no answer until held.release()
        held.arrived.wait(5)                                  # the request is now waiting
        http.get_json(source.url + "/aqindex/getIndex/552")
        source.hits["/aqindex/getIndex/552"]                  # how many requests it had
        source.requests                                       # every path asked, with its query
        source.delay = 0.05                                   # every answer 50 ms late
"""

import json
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import NamedTuple
from urllib.parse import urlsplit


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's name)
        source = self.server.source
        path = urlsplit(self.path).path
        with source.lock:
            source.hits[path] += 1
            source.requests.append(self.path)
            failure = source.failures.get(path)
            if failure and failure["times"] is not None:
                failure["times"] -= 1
                if failure["times"] < 0:
                    failure = None
        if source.delay:
            time.sleep(source.delay)
        if failure and failure.get("hang"):
            time.sleep(failure["hang"])
        if failure and failure.get("held"):
            failure["held"].arrived.set()
            failure["held"].released.wait(failure["held"].at_most)
        if failure:
            body = failure.get("body")
            if failure.get("status"):
                return self._send(failure["status"], b'{"error": "failure"}' if body is None else body)
            if body is not None:
                return self._send(200, body)
        # An answer recorded for this exact query wins over the one for the path.
        document = source.documents.get(self.path, source.documents.get(path))
        if document is None:
            return self._send(404, b'{"error": "not found"}')
        self._send(200, document)

    def _send(self, status, body):
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (its timeout): nothing to answer

    def log_message(self, *args):
        pass


class Held(NamedTuple):
    arrived: threading.Event  # set when a request for the path came
    released: threading.Event
    at_most: float

    def release(self):
        self.released.set()


class LocalSource:
    def __init__(self):
        self.documents = {}
        self.failures = {}
        self.hits = Counter()  # by path, whatever the query
        self.requests = []  # every request's path with its query, in order
        self.delay = 0.0  # seconds every answer waits (a distant source's latency, for benchmarks)
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.server.daemon_threads = True
        self.server.source = self
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = None

    def answer(self, path, document):
        """Serve `document` (JSON-able, or bytes as they are) at `path` (with a query: only to
        requests with exactly that query; without one: whatever the query)."""
        self.documents[path] = document if isinstance(document, bytes) else json.dumps(document).encode()

    def fail(self, path, status=None, body=None, times=None):
        """Answer `path` with `status` (and `body` if given), or with `body` (bytes) and 200,
        `times` times (None: always)."""
        self.failures[path] = {"status": status, "body": body, "times": times}

    def hang(self, path, seconds, times=None):
        self.failures[path] = {"hang": seconds, "times": times}

    def hold(self, path, at_most=60):
        """Requests for `path` wait, without an answer, until `release()` (or `at_most`
        seconds): a test orders its steps by events instead of guessing a duration."""
        held = Held(threading.Event(), threading.Event(), at_most)
        self.failures[path] = {"held": held, "times": None}
        return held

    def heal(self, path=None):
        if path is None:
            self.failures.clear()
        else:
            self.failures.pop(path, None)

    def start(self):
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self):
        if self.server.socket.fileno() != -1:
            self.server.shutdown()
            self.server.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
