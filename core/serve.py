"""`smogpanel serve`: gunicorn with a worker process per core on Linux and macOS (Python serving
is CPU-bound: processes use the cores, threads of one process share one), waitress for
`--workers 1` and on Windows, where gunicorn does not run.

Workers and threads: `--workers` / SMOGPANEL_WORKERS (default: the number of cores),
`--threads` / SMOGPANEL_THREADS (default: 2 per gunicorn worker, 8 for waitress). Chosen by
measurement (docs/performance.md, "Serving"): on 2 cores, 2 sync workers serve public payloads
and the borough list fastest, and a second thread per worker costs little while keeping a worker
responsive when one request is a long import.

Periodic jobs (smogpanel.ops.scheduler) run in every process that serves, unless
`smogpanel.scheduler = off`: waitress's one process, or each gunicorn worker once it has forked
(the database lock runs each tick once; docs/deployment.md, "Scheduled jobs"). Under gunicorn,
/metrics adds up the workers' counters through prometheus_client's multi-process mode: serve
gives them a fresh PROMETHEUS_MULTIPROC_DIR (or empties the one the environment names).
"""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

from .client_address import SETTING as TRUSTED_PROXIES
from .client_address import parse_trusted_proxies
from .ops.access_log import configure_access_log
from .ops.readiness import refusal
from .ops.scheduler import scheduler_enabled, start_scheduler

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


def app_with_jobs(build_app, settings, app=None):
    """The app (built here unless given), with the scheduler started in this process when the
    settings want it."""
    app = app or build_app(settings)
    if scheduler_enabled(settings):
        start_scheduler(app.registry)
    return app


def checked_app(build_app, settings, init_command="smogpanel init"):
    """(app, None) when the database answers and is at the code's migrations, else (None, the
    Polish reason with the fixing command): checked before anything listens or schedules."""
    app = build_app(settings)
    refused = refusal(app.registry, init_command)
    if refused:
        dispose(app)
        return None, refused
    return app, None


def dispose(app):
    engine = app.registry.get("db.engine")
    if engine is not None:
        engine.dispose()


def prepare_metrics_folder(environ=os.environ):
    """PROMETHEUS_MULTIPROC_DIR for gunicorn's workers, set before they fork (prometheus_client
    picks its multi-process mode when first imported, in the worker): the environment's, emptied
    of an earlier run's files, or a temporary folder removed when the server stops."""
    folder = environ.get("PROMETHEUS_MULTIPROC_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        for stale in Path(folder).glob("*.db"):
            stale.unlink()
        return folder
    folder = tempfile.mkdtemp(prefix="smogpanel-metrics-")
    environ["PROMETHEUS_MULTIPROC_DIR"] = folder
    atexit.register(shutil.rmtree, folder, True)
    return folder


def _worker_exited(server, worker):
    # prometheus_client picks its mode when imported: only once PROMETHEUS_MULTIPROC_DIR is set
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def run_waitress(build_app, settings, host, port, threads, app=None):
    # the one server of the two this process runs is the one imported
    from waitress import serve

    serve(
        app_with_jobs(build_app, settings, app),
        host=host,
        port=port,
        threads=threads,
        max_request_body_size=MAX_BODY_BYTES,
        ident="smogpanel",
        **waitress_proxy_options(settings),
    )


def waitress_proxy_options(settings):
    """waitress 3 drops X-Forwarded-For (and the other proxy headers) from every peer but its
    own `trusted_proxy`, one address counted in hops: so behind proxies named in
    `smogpanel.trusted_proxies` every client would be the proxy. With proxies named, waitress
    passes the headers on and the app judges them by its own rule (smogpanel.client_address:
    X-Forwarded-For only from the named proxies), as under gunicorn; with none named, waitress
    keeps dropping them."""
    if not parse_trusted_proxies(settings.get(TRUSTED_PROXIES)):
        return {}
    return {"clear_untrusted_proxy_headers": False}


def gunicorn_forwarded_ips(settings):
    """gunicorn's `forwarded_allow_ips` (whose X-Forwarded-Proto sets the scheme): the same
    proxies as the app trusts, not gunicorn's own default of 127.0.0.1."""
    return ",".join(str(network) for network in parse_trusted_proxies(settings.get(TRUSTED_PROXIES)))


def run_gunicorn(build_app, settings, host, port, workers, threads):
    # the one server of the two this process runs is the one imported
    from gunicorn.app.base import BaseApplication

    class Panel(BaseApplication):
        """Each worker builds the app itself (no database connection crosses a fork)."""

        def load_config(self):
            for key, value in {
                "bind": f"{host}:{port}",
                "workers": workers,
                "threads": threads,
                "timeout": REQUEST_TIMEOUT_SECONDS,
                "graceful_timeout": 10,
                "proc_name": "smogpanel",
                "accesslog": None,  # the app's own (smogpanel.ops.access_log) names the route, not the URL
                "forwarded_allow_ips": gunicorn_forwarded_ips(settings),
                "child_exit": _worker_exited,
            }.items():
                self.cfg.set(key, value)
            if "control_socket_disable" in self.cfg.settings:  # one fixed path per user: several panels would collide
                self.cfg.set("control_socket_disable", True)

        def load(self):  # in the worker, after the fork
            return app_with_jobs(build_app, settings)

    prepare_metrics_folder()
    Panel().run()


def serve(build_app, settings, host, port, workers=None, threads=None, init_command="smogpanel init"):
    """Serves until stopped (0), or refuses to start on a database it cannot use (1, the
    reason on stderr)."""
    server, workers, threads = choose(workers, threads)
    settings.setdefault("smogpanel.listen", f"{host}:{port}")  # links in mails without a public URL

    configure_access_log()
    app, refused = checked_app(build_app, settings, init_command)
    if refused:
        print(refused, file=sys.stderr, flush=True)
        return 1
    described = f"{workers} procesy robocze × {threads} wątki" if server == "gunicorn" else f"{threads} wątków"
    jobs = "zadania okresowe w tym serwerze" if scheduler_enabled(settings) else "zadania okresowe wyłączone"
    print(f"Smogpanel działa pod adresem http://{host}:{port}/ ({server}, {described}; {jobs})", flush=True)
    if server == "gunicorn":
        dispose(app)  # each worker builds its own after the fork: no connection crosses it
        run_gunicorn(build_app, settings, host, port, workers, threads)
    else:
        run_waitress(build_app, settings, host, port, threads, app)
    return 0
