"""`smogpanel letters forget EMAIL`: erases a sender (GDPR), see sending.forget_sender."""

from smogpanel.commands import plugin_app
from smogpanel.db import own_transaction

from .sending import forget_sender


def cmd_forget(settings, args):
    app = plugin_app(settings, "letters")
    if app is None:
        return 1
    with own_transaction(app.registry) as db:
        count = forget_sender(db, args.email)
    if count:
        print(f"Usunięto dane nadawcy {args.email.strip().lower()} ({count} zgłoszeń).")
    else:
        print(f"Nie ma nadawcy o adresie {args.email.strip().lower()}.")
    return 0


def add_commands(commands):
    letters = commands.add_parser("letters", help="listy i ich nadawcy")
    sub = letters.add_subparsers(dest="letters_command", required=True)
    forget = sub.add_parser("forget", help="usuń dane nadawcy listów (RODO): imię, nazwisko, e-mail, adres")
    forget.add_argument("email", help="adres e-mail nadawcy")
    forget.set_defaults(run=cmd_forget)
