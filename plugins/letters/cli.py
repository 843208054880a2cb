"""`smogpanel letters forget EMAIL`: erases a sender (GDPR), see sending.forget_sender.
`smogpanel letters export EMAIL`: what is held about a sender, as JSON (access_request)."""

import json
import sys
from datetime import datetime

from smogpanel.db import own_transaction
from smogpanel.plugin_commands import plugin_app

from .access_request import export_sender
from .sending import forget_sender
from .settings import keep_confirmed_days


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


def cmd_export(settings, args):
    app = plugin_app(settings, "letters")
    if app is None:
        return 1
    with own_transaction(app.registry) as db:
        data = export_sender(db, args.email, keep_confirmed_days(app.registry.settings))
    # Times in UTC, ISO 8601; indented for the person who reads it.
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=_iso) + "\n")
    if not data["senders"] and not data["mails"] and not data["history"] and not data["throttle"]:
        # On stderr: stdout stays the JSON an answer to the resident is made of.
        print(f"Nie przechowujemy danych o adresie {data['email']}.", file=sys.stderr)
    return 0


def _iso(value):
    if isinstance(value, datetime):
        return value.replace(microsecond=0).isoformat()
    raise TypeError(f"cannot encode {type(value).__name__}")


def add_commands(commands):
    letters = commands.add_parser("letters", help="listy i ich nadawcy")
    sub = letters.add_subparsers(dest="letters_command", required=True)
    forget = sub.add_parser("forget", help="usuń dane nadawcy listów (RODO): imię, nazwisko, e-mail, adres")
    forget.add_argument("email", help="adres e-mail nadawcy")
    forget.set_defaults(run=cmd_forget)
    export = sub.add_parser(
        "export", help="wszystko, co przechowujemy o nadawcy listów, jako JSON (RODO, art. 15: prawo dostępu)"
    )
    export.add_argument("email", help="adres e-mail nadawcy")
    export.set_defaults(run=cmd_export)
