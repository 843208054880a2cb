"""The `smogpanel` command: init, user add, user super, user reset-2fa, serve, worker, jobs, trash,
restore, history purge, send-mail, backup, restore-backup, routes, and the plugins' commands
(`smogpanel_cli_commands`, e.g. `smogpanel hierarchy import-teryt FILE`).

Settings come from the ini file (`-c`, default `$SMOGPANEL_CONFIG` or ./development.ini when
present) with `SMOGPANEL_*` environment overrides, exactly as the web app reads them.

Each command imports the modules it uses inside its function, so `smogpanel --help`, a typo or
`smogpanel history purge` does not load the whole app first. None of them breaks an import
circle (core/tests/test_import_graph.py counts them).
"""

import argparse
import os
import sys
from pathlib import Path

import sqlalchemy as sa

DEMO_ADMIN = ("admin@smogpanel.local", "smogpanel-demo")


def load_settings(config_path):
    from .settings import resolve

    if config_path:
        from pyramid.paster import get_appsettings, setup_logging

        setup_logging(config_path)
        return resolve(dict(get_appsettings(config_path, name="main")))
    return resolve({})


def build_app(settings):
    from . import main

    return main({}, **settings)


def session_factory(app):
    return app.registry["db.session_factory"]


def cmd_init(settings, args):
    from .gazetteer import find_gazetteer
    from .migrate import upgrade
    from .models import Setting
    from .users.models import User

    app = build_app(settings)
    manager = app.registry.plugin_manager
    applied = upgrade(settings["sqlalchemy.url"], manager)
    with session_factory(app)() as db, db.begin():
        manager.hook.smogpanel_seed(db=db)
        if args.demo and db.get(Setting, "demo_data") is None:
            manager.hook.smogpanel_demo_data(db=db, gazetteer=find_gazetteer(manager))
            db.add(Setting(key="demo_data", value="written"))
        if args.demo and not db.scalar(sa.select(User.id).where(User.email == DEMO_ADMIN[0])):
            _add_user(db, DEMO_ADMIN[0], DEMO_ADMIN[1], True, "Demo", "Administrator")
    if applied:
        print(f"Zastosowane migracje ({len(applied)}):")
        for revision, title in applied:
            print(f"  {revision}  {(title or '').splitlines()[0] if title else ''}".rstrip())
    else:
        print("Schemat bazy był aktualny: nie było migracji do zastosowania.")
    print(f"Baza danych gotowa: {_safe_url(settings['sqlalchemy.url'])}")
    if args.demo:
        print(f"Konto demonstracyjne: e-mail {DEMO_ADMIN[0]}  hasło {DEMO_ADMIN[1]}")
    return 0


def _safe_url(url):
    return sa.engine.make_url(url).render_as_string(hide_password=True)


def _add_user(db, email, password, is_super, firstname, lastname):
    from .security import hash_password
    from .users.models import User

    user = User(
        email=email,
        password_hash=hash_password(password),
        super=int(is_super),
        firstname=firstname or "",
        lastname=lastname or "",
    )
    db.add(user)
    db.flush()
    return user


def cmd_user_add(settings, args):
    from .users.models import User

    if len(args.password) < 8:
        print("Hasło musi mieć co najmniej 8 znaków.", file=sys.stderr)
        return 2
    app = build_app(settings)
    with session_factory(app)() as db, db.begin():
        email = args.email.strip().lower()
        if db.scalar(sa.select(User.id).where(User.email == email)):
            print(f"Konto {email} już istnieje.", file=sys.stderr)
            return 1
        user = _add_user(db, email, args.password, args.super, args.firstname, args.lastname)
        print(f"Dodano konto {email} (id {user.id}{', superadministrator' if args.super else ''}).")
    return 0


def cmd_user_super(settings, args):
    """Grants or takes back super administrator rights: the system administrator's job alone
    (SPEC 6), so neither the panel nor the API offers it."""
    from .users.auth import find_user

    app = build_app(settings)
    with session_factory(app)() as db, db.begin():
        email = args.email.strip().lower()
        user = find_user(db, email)  # the sign-in's own lookup of a live account
        if user is None:
            print(f"Nie ma konta {email}.", file=sys.stderr)
            return 1
        user.super = 1 if args.state == "on" else 0
        print(f"Konto {email} jest teraz kontem {'superadministratora' if user.super else 'użytkownika'}.")
    return 0


def cmd_user_role(settings, args):
    """The account's role (super, editor, viewer) and an editor's scopes: the system
    administrator's command, the only way to make or unmake a super administrator (SPEC 6)."""
    from .envelope import ApiError
    from .gazetteer import find_gazetteer
    from .users.access import ROLE_LABELS, checked_kinds, set_access, voivodeship_ids
    from .users.auth import find_user

    app = build_app(settings)
    split = lambda text: [part.strip() for part in (text or "").split(",") if part.strip()]  # noqa: E731
    with session_factory(app)() as db, db.begin():
        email = args.email.strip().lower()
        user = find_user(db, email)  # the sign-in's own lookup of a live account
        if user is None:
            print(f"Nie ma konta {email}.", file=sys.stderr)
            return 1
        try:
            kinds = checked_kinds(app.registry, split(args.kinds))
            voivodeships = voivodeship_ids(
                find_gazetteer(app.registry.plugin_manager).voivodeships(db), split(args.voivodeships)
            )
        except ValueError as error:
            print(error, file=sys.stderr)
            return 2
        except ApiError as error:
            print(error.errors[0]["description"], file=sys.stderr)
            return 2
        if args.role == "super" and (kinds or voivodeships):
            print("Superadministrator nie ma zakresu: pomiń --kinds i --voivodeships.", file=sys.stderr)
            return 2
        personal = {"on": 1, "off": 0}.get(args.personal_data, user.personal_data)
        changes = set_access(user, args.role, kinds, voivodeships, personal)
        if changes:
            from .history import record

            db.flush()
            record(db, "update", "user", user.id, user.email, changes)
        scope = ", ".join(filter(None, [", ".join(kinds), args.voivodeships or ""])) or "bez ograniczeń"
        print(f"Konto {email}: {ROLE_LABELS[args.role]} ({scope}).")
    return 0


def cmd_user_reset_2fa(settings, args):
    """The lost-phone case: removes the account's TOTP app, passkeys and recovery codes, so it
    signs in with its password again (and, where the setting requires one, enrols anew), and
    ends its sessions (the lost phone's among them). Recorded in history and mailed to the
    account."""
    from .mail import deliver_outbox
    from .users.auth import find_user
    from .users.factors import forget_factors, record_event
    from .users.sessions import end_sessions

    app = build_app(settings)
    with session_factory(app)() as db, db.begin():
        email = args.email.strip().lower()
        user = find_user(db, email)  # the sign-in's own lookup of a live account
        if user is None:
            print(f"Nie ma konta {email}.", file=sys.stderr)
            return 1
        if not forget_factors(db, user.id):
            print(f"Konto {email} nie ma drugiego składnika logowania: nie było czego usuwać.")
            return 0
        record_event(db, user, "reset")
        ended = end_sessions(db, user.id)
    deliver_outbox(session_factory(app), app.registry.settings)  # the mail to the account
    print(
        f"Usunięto drugie składniki logowania konta {email}: loguje się teraz samym hasłem. Zakończone sesje: {ended}."
    )
    return 0


def cmd_serve(settings, args):
    from .serve import serve

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

    from .ops.scheduler import build_scheduler
    from .serve import checked_app

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
    from .ops.jobs import job_rows

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
    from .ops.jobs import JobRunner

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


def _record_label(obj):
    for field in ("name", "email", "title"):
        if getattr(obj, field, None):
            return getattr(obj, field)
    return ""


def cmd_trash(settings, args):
    app = build_app(settings)
    resources = app.registry["smogpanel.resources"]
    kinds = [args.kind] if args.kind else sorted(resources)
    found = 0
    with session_factory(app)() as db:
        for kind in kinds:
            if kind not in resources:
                print(f"Nieznany rodzaj: {kind}. Dostępne: {', '.join(sorted(resources))}", file=sys.stderr)
                return 2
            model = resources[kind].model
            rows = db.scalars(
                sa.select(model)
                .where(model.deleted.is_not(None))
                .order_by(model.deleted.desc())
                .execution_options(include_deleted=True)
            )
            for obj in rows:
                found += 1
                print(f"{kind}\t{obj.id}\t{obj.deleted:%Y-%m-%d %H:%M}\t{_record_label(obj)}")
    if not found:
        print("Kosz jest pusty.")
    return 0


def cmd_restore(settings, args):
    app = build_app(settings)
    resources = app.registry["smogpanel.resources"]
    resource = resources.get(args.kind)
    if resource is None:
        print(f"Nieznany rodzaj: {args.kind}. Dostępne: {', '.join(sorted(resources))}", file=sys.stderr)
        return 2
    with session_factory(app)() as db, db.begin():
        obj = db.scalar(
            sa.select(resource.model).where(resource.model.id == args.id).execution_options(include_deleted=True)
        )
        if obj is None:
            print(f"Nie ma elementu {args.kind} o id {args.id}.", file=sys.stderr)
            return 1
        reason = resource.restore(db, obj)
        if reason:
            print(reason, file=sys.stderr)
            return 1
        from .history import record, record_name

        record(db, "restore", args.kind, obj.id, record_name(obj))
    print(f"Przywrócono {args.kind} {args.id}.")
    return 0


def cmd_history_purge(settings, args):
    """Deletes history entries older than --older-than DAYS, or than the setting
        smogpanel.history.keep_days (empty, the default: entries are kept for ever). The server's daily
    job core.history_purge does the same on its own; this is for a purge now."""
    from .history import keep_days, purge

    days = args.older_than
    if days is None:
        try:
            days = keep_days(settings)
        except ValueError as error:
            print(error, file=sys.stderr)
            return 2
        if days is None:
            print(
                "Historia jest przechowywana bezterminowo (smogpanel.history.keep_days nie jest ustawione). "
                "Podaj --older-than DNI, aby usunąć starsze wpisy.",
                file=sys.stderr,
            )
            return 2
    if days < 1:
        print("Liczba dni musi być większa od zera.", file=sys.stderr)
        return 2
    app = build_app(settings)
    with session_factory(app)() as db, db.begin():
        count = purge(db, days)
    print(f"Usunięto wpisy historii starsze niż {days} dni: {count}.")
    return 0


def cmd_send_mail(settings, args):
    from .mail import deliver_outbox

    app = build_app(settings)
    sent, failed = deliver_outbox(session_factory(app), app.registry.settings)
    print(f"Wysłano: {sent}, nieudane: {failed}.")
    return 0 if not failed else 1


def cmd_backup(settings, args):
    from pyramid.exceptions import ConfigurationError

    from .ops.backup import BackupError, backup, megabytes, signing_key

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
            f"Nie można połączyć się z bazą {_safe_url(settings['sqlalchemy.url'])}: "
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

    from .migrate import script_directory
    from .ops.backup import BackupError, opened, restore, signing_key
    from .plugin_manager import build_plugin_manager, parse_enabled

    url = settings["sqlalchemy.url"]
    try:
        key = signing_key(settings)
        script = script_directory(url, build_plugin_manager(parse_enabled(settings.get("smogpanel.plugins"))))
        if not args.yes:
            with opened(args.file, key, args.accept_unsigned) as (manifest, _, _):
                print(
                    f"Kopia z {manifest['created']} (baza {manifest['database']}) zastąpi całą zawartość bazy "
                    f"{_safe_url(url)}. Aby potwierdzić, dodaj --yes.",
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
    print(f"Przywrócono kopię z {manifest['created']} do bazy {_safe_url(url)}.")
    if behind:
        print(
            "Schemat przywróconej bazy jest starszy niż ta wersja Smogpanelu: uruchom `smogpanel init`, "
            "aby zastosować migracje."
        )
    return 0


def cmd_routes(settings, args):
    from .routes_listing import format_rows, route_rows

    print(format_rows(route_rows(build_app(settings))))
    return 0


def parser():
    default_config = os.environ.get("SMOGPANEL_CONFIG") or (
        "development.ini" if Path("development.ini").exists() else None
    )
    top = argparse.ArgumentParser(prog="smogpanel", description="Smogpanel: panel administracyjny")
    top.add_argument("-c", "--config", default=default_config, help="plik ini (domyślnie development.ini)")
    commands = top.add_subparsers(dest="command", required=True)

    init = commands.add_parser("init", help="migracje bazy, województwa, opcjonalnie dane demonstracyjne")
    init.add_argument("--demo", action="store_true", help="dodaj przykładowe dane i konto demonstracyjne")
    init.set_defaults(run=cmd_init)

    user = commands.add_parser("user", help="konta użytkowników").add_subparsers(dest="user_command", required=True)
    add = user.add_parser("add", help="dodaj konto")
    add.add_argument("email")
    add.add_argument("--password", required=True)
    add.add_argument("--super", action="store_true", help="superadministrator")
    add.add_argument("--firstname", default="")
    add.add_argument("--lastname", default="")
    add.set_defaults(run=cmd_user_add)
    grant = user.add_parser("super", help="nadaj (on) albo odbierz (off) uprawnienia superadministratora")
    grant.add_argument("email")
    grant.add_argument("state", choices=("on", "off"))
    grant.set_defaults(run=cmd_user_super)
    role = user.add_parser("role", help="rola konta (super, editor, viewer) i zakres redaktora")
    role.add_argument("email")
    role.add_argument("role", choices=("super", "editor", "viewer"))
    role.add_argument("--kinds", help="moduły (nazwy wtyczek, np. timers,letters); domyślnie wszystkie")
    role.add_argument("--voivodeships", help="województwa (nazwy albo kody TERYT, np. 12,mazowieckie)")
    role.add_argument("--personal-data", choices=("on", "off"), help="dane nadawców listów")
    role.set_defaults(run=cmd_user_role)
    reset_2fa = user.add_parser("reset-2fa", help="usuń drugie składniki logowania konta (utracony telefon lub klucz)")
    reset_2fa.add_argument("email")
    reset_2fa.set_defaults(run=cmd_user_reset_2fa)

    serve = commands.add_parser("serve", help="uruchom panel")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.add_argument("--workers", type=int, help="procesy robocze (domyślnie: liczba rdzeni; 1: waitress)")
    serve.add_argument("--threads", type=int, help="wątki na proces (domyślnie 2; waitress: 8)")
    serve.set_defaults(run=cmd_serve)

    worker = commands.add_parser("worker", help="tylko zadania okresowe (bez serwera WWW)")
    worker.set_defaults(run=cmd_worker)

    jobs = commands.add_parser("jobs", help="zadania okresowe: ostatnie uruchomienie, czas, wynik")
    jobs.set_defaults(run=cmd_jobs)
    jobs_commands = jobs.add_subparsers(dest="jobs_command")
    run_job = jobs_commands.add_parser("run", help="uruchom zadanie teraz (np. z crona)")
    run_job.add_argument("code")
    run_job.set_defaults(run=cmd_jobs_run)

    trash = commands.add_parser("trash", help="lista usuniętych elementów")
    trash.add_argument("kind", nargs="?")
    trash.set_defaults(run=cmd_trash)

    restore = commands.add_parser("restore", help="przywróć usunięty element")
    restore.add_argument("kind")
    restore.add_argument("id", type=int)
    restore.set_defaults(run=cmd_restore)

    history = commands.add_parser("history", help="historia zmian").add_subparsers(
        dest="history_command", required=True
    )
    purge = history.add_parser("purge", help="usuń wpisy historii starsze niż podana liczba dni")
    purge.add_argument(
        "--older-than", type=int, metavar="DNI", help="domyślnie: ustawienie smogpanel.history.keep_days"
    )
    purge.set_defaults(run=cmd_history_purge)

    send = commands.add_parser("send-mail", help="wyślij zaległe wiadomości z kolejki")
    send.set_defaults(run=cmd_send_mail)

    saved = commands.add_parser("backup", help="zapisz kopię zapasową bazy (także przy działającym serwerze)")
    saved.add_argument("file")
    saved.set_defaults(run=cmd_backup)

    back = commands.add_parser("restore-backup", help="przywróć kopię zapasową, zastępując zawartość bazy")
    back.add_argument("file")
    back.add_argument("--yes", action="store_true", help="potwierdź zastąpienie zawartości bazy")
    back.add_argument(
        "--accept-unsigned",
        action="store_true",
        help="przyjmij kopię bez podpisu albo podpisaną innym kluczem (gdy wiesz, skąd pochodzi)",
    )
    back.set_defaults(run=cmd_restore_backup)

    from .publishing.cli import add_commands as publishing_commands

    publishing_commands(commands, build_app)  # publish, unpublish (smogpanel.publishing)
    routes = commands.add_parser("routes", help="trasy: metoda, wzorzec, wtyczka i kod, który odpowiada")
    routes.set_defaults(run=cmd_routes)

    from .plugin_manager import build_plugin_manager

    build_plugin_manager().hook.smogpanel_cli_commands(commands=commands)
    return top


def main(argv=None):
    args = parser().parse_args(argv)
    settings = load_settings(args.config)
    return args.run(settings, args) or 0


if __name__ == "__main__":
    sys.exit(main())
