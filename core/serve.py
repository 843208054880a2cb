"""`smogpanel serve`: gunicorn with a worker process per core on Linux and macOS (Python serving
is CPU-bound: processes use the cores, threads of one process share one), waitress for
`--workers 1` and on Windows, where gunicorn does not run.

Workers and threads: `--workers` / SMOGPANEL_WORKERS (default: the number of cores),
`--threads` / SMOGPANEL_THREADS (default: 2 per gunicorn worker, 8 for waitress). Chosen by
measurement (docs/performance.md, "Serving"): on 2 cores, 2 sync workers serve public payloads
and the borough list fastest, and a second thread per worker costs little while keeping a worker
responsive when one request is a long import.
"""
import os
import sys

DEFAULT_THREADS_PER_WORKER = 2
DEFAULT_WAITRESS_THREADS = 8
REQUEST_TIMEOUT_SECONDS = 120  # an import of the whole register takes seconds, not minutes
MAX_BODY_BYTES = 64 * 1024 * 1024


def gunicorn_runs_here():
    if sys.platform.startswith("win"):
        return False
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        return False
    return True


def choose(workers=None, threads=None, environ=os.environ):
    """(server, workers, threads) for the arguments, the environment and the machine."""
    workers = int(workers or environ.get("SMOGPANEL_WORKERS") or 0) or (os.cpu_count() or 1)
    if workers > 1 and not gunicorn_runs_here():
        workers = 1
    server = "gunicorn" if workers > 1 else "waitress"
    default = DEFAULT_THREADS_PER_WORKER if server == "gunicorn" else DEFAULT_WAITRESS_THREADS
    threads = int(threads or environ.get("SMOGPANEL_THREADS") or 0) or default
    return server, workers, threads


def run_waitress(build_app, settings, host, port, threads):
    from waitress import serve

    serve(build_app(settings), host=host, port=port, threads=threads, max_request_body_size=MAX_BODY_BYTES,
          ident="smogpanel")


def run_gunicorn(build_app, settings, host, port, workers, threads):
    from gunicorn.app.base import BaseApplication

    class Panel(BaseApplication):
        """Each worker builds the app itself (no database connection crosses a fork)."""

        def load_config(self):
            for key, value in {"bind": f"{host}:{port}", "workers": workers, "threads": threads,
                               "timeout": REQUEST_TIMEOUT_SECONDS, "graceful_timeout": 10,
                               "proc_name": "smogpanel", "accesslog": None}.items():
                self.cfg.set(key, value)
            if "control_socket_disable" in self.cfg.settings:  # one fixed path per user: several panels would collide
                self.cfg.set("control_socket_disable", True)

        def load(self):
            return build_app(settings)

    Panel().run()


def serve(build_app, settings, host, port, workers=None, threads=None):
    server, workers, threads = choose(workers, threads)
    settings.setdefault("smogpanel.listen", f"{host}:{port}")  # links in mails without a public URL
    described = f"{workers} procesy robocze × {threads} wątki" if server == "gunicorn" else f"{threads} wątków"
    print(f"Smogpanel działa pod adresem http://{host}:{port}/ ({server}, {described})", flush=True)
    if server == "gunicorn":
        run_gunicorn(build_app, settings, host, port, workers, threads)
    else:
        run_waitress(build_app, settings, host, port, threads)
