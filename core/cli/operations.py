"""`smogpanel serve`, `worker`, `jobs`, `backup`, `restore-backup` and `routes`: running the
panel and its periodic jobs, its backups, and the table of its routes."""

import os
import sys
from pathlib import Path

import sqlalchemy as sa

from .app import build_app, safe_url


def cmd_serve(settings, args):
    from ..serve import serve

    host = args.host or os.environ.get("SMOGPANEL_HOST", "127.0.0.1")
    port = int(args.port or os.environ.get("SMOGPANEL_PORT", "6543"))
    return serve(build_app, settings, host, port, args.workers, args.threads, init_command(args))


def init_command(args):
    """The command that brings the database to the code's migrations, as this one was called."""
    return f"smogpanel -c {args.config} init" if args.config else "smogpanel init"


def cmd_worker(settings, args):
    """The periodic jobs alone, in the foreground, whatever `smogpanel.scheduler` says (it is
    for the web processes): for deployments that keep them apart from the web servers."""
    import signal

    from ..ops.scheduler import build_scheduler
    from ..serve import checked_app

    app, refused = checked_app(build_app, settings, init_command(args))
    if refused:  # nothing scheduled on a database the jobs cannot use
        print(refused, file=sys.stderr, flush=True)
        return 1
    scheduler, runner = build_scheduler(app.registry, blocking=True)
    signal.signal(signal.SIGTERM, lambda *_: scheduler.shutdown(wait=False))
    listed = ", ".join(f"{code} co {runner.interval(code)} s" for code in runner.jobs)
    print(f"Zadania okresowe działają: {listed}", flush=True)
    try:
        scheduler.start()
    except KeyboardInterrupt:
        pass
    finally:
        runner.dispose()
    return 0


OUTCOMES = {"ok": "udane", "error": "błąd"}


def _when(moment):
    return f"{moment:%Y-%m-%d %H:%M:%S} UTC" if moment else "-"


def cmd_jobs(settings, args):
    from ..ops.jobs import job_rows

    app = build_app(settings)
    for row in job_rows(app.registry):
        outcome = "w toku" if row["running"] else OUTCOMES.get(row["outcome"], "jeszcze nie uruchomione")
        duration = f"{row['duration_ms'] / 1000:.1f} s".replace(".", ",") if row["duration_ms"] is not None else "-"
        print(
            f"{row['code']}\tco {row['interval']} s\tostatnio {_when(row['started'])}\t{duration}\t{outcome}"
            f"\tnastępnie {_when(row['next_run'])}"
            f"\turuchomienia {row['runs']}, błędy {row['failures']}\t{row['error'] or row['summary'] or ''}"
        )
    return 0


def cmd_jobs_run(settings, args):
    from ..ops.jobs import JobRunner

    app = build_app(settings)
    runner = JobRunner(app.registry)
    if args.code not in runner.jobs:
        print(f"Nieznane zadanie: {args.code}. Dostępne: {', '.join(runner.jobs)}", file=sys.stderr)
        return 2
    try:
        outcome = runner.run_due(args.code, force=True)
    finally:
        runner.dispose()
    if outcome is None:
        print(f"Zadanie {args.code} właśnie działa w innym procesie.", file=sys.stderr)
        return 1
    print(f"Zadanie {args.code}: {'udane' if outcome == 'ok' else 'błąd (szczegóły: smogpanel jobs)'}.")
    return 0 if outcome == "ok" else 1


def cmd_backup(settings, args):
    from pyramid.exceptions import ConfigurationError

    from ..ops.backup import BackupError, backup, megabytes, signing_key

    try:
        manifest = backup(settings["sqlalchemy.url"], args.file, signing_key(settings))
    except (BackupError, ConfigurationError, sa.exc.OperationalError, OSError) as error:
        return _backup_failed(settings, error)
    print(
        f"Kopia zapisana: {args.file} (baza {manifest['database']}, {megabytes(Path(args.file).stat().st_size)}, "
        f"rewizje schematu: {', '.join(manifest['revisions'])})."
    )
    return 0


def _backup_failed(settings, error):
    """One Polish line on stderr, never a traceback: the backup's own refusal, a database that
    does not answer, or a file that cannot be read or written."""
    if isinstance(error, sa.exc.OperationalError):
        print(
            f"Nie można połączyć się z bazą {safe_url(settings['sqlalchemy.url'])}: "
            f"{str(getattr(error, 'orig', error)).strip()}",
            file=sys.stderr,
        )
    elif isinstance(error, OSError):
        print(f"Błąd pliku: {error}", file=sys.stderr)
    else:
        print(error, file=sys.stderr)
    return 1


def cmd_restore_backup(settings, args):
    from pyramid.exceptions import ConfigurationError

    from ..migrate import script_directory
    from ..ops.backup import BackupError, signing_key
    from ..ops.restore import opened, restore
    from ..plugin_manager import build_plugin_manager, parse_enabled

    url = settings["sqlalchemy.url"]
    try:
        key = signing_key(settings)
        script = script_directory(url, build_plugin_manager(parse_enabled(settings.get("smogpanel.plugins"))))
        if not args.yes:
            with opened(args.file, key, args.accept_unsigned) as (manifest, _, _):
                print(
                    f"Kopia z {manifest['created']} (baza {manifest['database']}) zastąpi całą zawartość bazy "
                    f"{safe_url(url)}. Aby potwierdzić, dodaj --yes.",
                    file=sys.stderr,
                )
            return 2
        manifest, behind, signed = restore(url, args.file, script, key, args.accept_unsigned)
    except (BackupError, ConfigurationError, sa.exc.OperationalError, OSError) as error:
        return _backup_failed(settings, error)
    if not signed:
        print(
            "Uwaga: kopia nie miała poprawnego podpisu; przywrócono ją, bo podano --accept-unsigned.", file=sys.stderr
        )
    print(f"Przywrócono kopię z {manifest['created']} do bazy {safe_url(url)}.")
    if behind:
        print(
            "Schemat przywróconej bazy jest starszy niż ta wersja Smogpanelu: uruchom `smogpanel init`, "
            "aby zastosować migracje."
        )
    return 0


def cmd_routes(settings, args):
    from .routes import format_rows, route_rows

    print(format_rows(route_rows(build_app(settings))))
    return 0
