"""`smogpanel trash`, `restore`, `history purge` and `send-mail`: deleted records, their
restore, the history's age limit and the mail outbox, from the command line."""

import sys

import sqlalchemy as sa

from .app import build_app, session_factory


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
        from ..history import record, record_name

        record(db, "restore", args.kind, obj.id, record_name(obj))
    print(f"Przywrócono {args.kind} {args.id}.")
    return 0


def cmd_history_purge(settings, args):
    """Deletes history entries older than --older-than DAYS, or than the setting
        smogpanel.history.keep_days (empty, the default: entries are kept for ever). The server's daily
    job core.history_purge does the same on its own; this is for a purge now."""
    from ..history import keep_days, purge

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
    from ..mail import deliver_outbox

    app = build_app(settings)
    sent, failed = deliver_outbox(session_factory(app), app.registry.settings)
    print(f"Wysłano: {sent}, nieudane: {failed}.")
    return 0 if not failed else 1
