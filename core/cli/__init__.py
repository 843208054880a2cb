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

from ..startup import pause_collector
from .accounts import cmd_init, cmd_user_add, cmd_user_reset_2fa, cmd_user_role, cmd_user_super
from .app import DEMO_ADMIN, build_app, load_settings, session_factory
from .operations import (
    cmd_backup,
    cmd_jobs,
    cmd_jobs_run,
    cmd_restore_backup,
    cmd_routes,
    cmd_serve,
    cmd_worker,
)
from .records import cmd_history_purge, cmd_restore, cmd_send_mail, cmd_trash

# Named here for the plugins' tests and the testing kit (the app a command builds, the demo account).
__all__ = ["main", "parser", "build_app", "load_settings", "session_factory", "DEMO_ADMIN"]


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
    role.add_argument("--publish", choices=("on", "off"), help="publikowanie (tryb reviewed); bez: prosi o publikację")
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

    from ..publishing.cli import add_commands as publishing_commands

    publishing_commands(commands, build_app)  # publish, unpublish (smogpanel.publishing)
    routes = commands.add_parser("routes", help="trasy: metoda, wzorzec, wtyczka i kod, który odpowiada")
    routes.set_defaults(run=cmd_routes)

    from ..plugin_manager import build_plugin_manager

    build_plugin_manager().hook.smogpanel_cli_commands(commands=commands)
    return top


def main(argv=None):
    args = parser().parse_args(argv)
    settings = load_settings(args.config)
    return args.run(settings, args) or 0


def run():
    """The `smogpanel` console script: `main` in a process of its own, the garbage collector
    paused until its app is built (smogpanel.startup). A command that builds no app (backup,
    restore-backup) runs to its end without it: short, and reference counting still frees what
    it drops."""
    pause_collector()
    sys.exit(main())


if __name__ == "__main__":
    run()
