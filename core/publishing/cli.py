"""`smogpanel publish KIND ID [--at …] [--note …]`, `smogpanel unpublish KIND ID [--at …]` and
`smogpanel cancel-scheduled KIND ID`: publishing from the command line, as the system
administrator (recorded as the CLI in history)."""

import sys

from pyramid.scripting import prepare

from ..envelope import ApiError
from ..public.live import publishable
from .actions import publish, unpublish
from .cancel import cancel_scheduled
from .release_cli import add_commands as release_commands
from .times import BadTime, parse_at, warsaw_text


def _target(app, kind, record_id):
    resource = publishable(app.registry, kind)
    if resource is None:
        kinds = sorted(k for k in app.registry["smogpanel.public_kinds"] if publishable(app.registry, k))
        print(f"Tego rodzaju elementów się nie publikuje: {kind}. Dostępne: {', '.join(kinds)}", file=sys.stderr)
    return resource


def _problem(error):
    return "; ".join(item["description"] for item in error.errors) or error.code


def run(settings, args, action, build_app):
    try:
        at = parse_at(args.at) if getattr(args, "at", None) else None
    except BadTime as error:
        print(str(error), file=sys.stderr)
        return 2
    app = build_app(settings)
    resource = _target(app, args.kind, args.id)
    if resource is None:
        return 2
    env = prepare(registry=app.registry)  # a request for the kind's payload (`PublicKind.load`)
    try:
        with app.registry["db.session_factory"](bind=app.registry["db.writer"]) as db, db.begin():
            request = env["request"]
            request.db = db
            obj = db.get(resource.model, args.id)
            if obj is None or obj.deleted is not None:
                print(f"Nie ma elementu {args.kind} o id {args.id}.", file=sys.stderr)
                return 1
            if action == "cancel-scheduled":
                for done_action, seq, when in cancel_scheduled(db, resource, obj):
                    what = f"publikację wersji {seq}" if done_action == "publish" else "wycofanie"
                    print(f"Odwołano {what} {args.kind} {args.id} (planowano na {warsaw_text(when)}).")
            elif action == "publish":
                done = publish(db, resource, obj, at, args.note or "", None, None, loader=request)
                print(f"Opublikowano {args.kind} {args.id} jako wersję {done['seq']} ({warsaw_text(done['at'])}).")
            else:
                done = unpublish(db, resource, obj, at)
                print(f"Wycofano {args.kind} {args.id} ({warsaw_text(done['at'])}).")
    except ApiError as error:
        print(_problem(error), file=sys.stderr)
        return 1
    finally:
        env["closer"]()
    return 0


def add_commands(commands, build_app):
    """The commands, on the `smogpanel` parser's subcommands (`build_app(settings)`: the app, as
    the command line builds it)."""
    for name, help_text in (
        ("publish", "opublikuj element (nową wersję), teraz albo o podanej godzinie"),
        ("unpublish", "wycofaj element z publicznych widoków, teraz albo o podanej godzinie"),
        ("cancel-scheduled", "odwołaj zaplanowane (jeszcze nie wykonane) publikacje i wycofania elementu"),
    ):
        command = commands.add_parser(name, help=help_text)
        command.add_argument("kind", help="rodzaj, np. rank, map, timer")
        command.add_argument("id", type=int)
        if name != "cancel-scheduled":
            command.add_argument("--at", help="kiedy: 2027-01-12T10:00 (czas polski) albo z przesunięciem")
        if name == "publish":
            command.add_argument("--note", help="notatka wersji")
        command.set_defaults(run=lambda settings, args, action=name: run(settings, args, action, build_app))
    release_commands(commands, build_app)
