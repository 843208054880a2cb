"""`smogpanel releases` (the releases, newest first), `smogpanel releases publish ID [--at …]`
(every item of an open release, all or none, as the API does) and `smogpanel releases cancel ID`
(a scheduled release called off, open again); recorded as the CLI in history."""

import sys

import sqlalchemy as sa
from pyramid.scripting import prepare

from ..envelope import ApiError
from ..publication_releases import Release, ReleaseItem
from . import releases
from .release_cancel import cancel_release
from .times import BadTime, parse_at, warsaw_text


def _problems(error):
    return "\n".join(item["description"] for item in error.errors) or error.code


def list_releases(app):
    with app.registry["db.session_factory"]() as db:
        counts = dict(
            db.execute(sa.select(ReleaseItem.release_id, sa.func.count()).group_by(ReleaseItem.release_id)).all()
        )
        found = db.scalars(sa.select(Release).order_by(Release.id.desc())).all()
        if not found:
            print("Nie ma jeszcze żadnej publikacji.")
        for release in found:
            _state, label = releases.state_of(release)
            when = f", termin {warsaw_text(release.at)}" if release.at is not None else ""
            print(f"{release.id}\t{label}\t{release.name} (elementów: {counts.get(release.id, 0)}{when})")
    return 0


def publish_release(app, release_id, at):
    env = prepare(registry=app.registry)  # a request for the kinds' payloads (`PublicKind.load`)
    try:
        with app.registry["db.session_factory"](bind=app.registry["db.writer"]) as db, db.begin():
            request = env["request"]
            request.db = db
            release = db.get(Release, release_id)
            if release is None:
                print(f"Nie ma publikacji o id {release_id}.", file=sys.stderr)
                return 1
            releases.publish(db, release, at, loader=request)
            _state, label = releases.state_of(release)
            print(f"{label}: {release.name} ({warsaw_text(release.at)}).")
    except ApiError as error:
        print(f"Nie opublikowano niczego.\n{_problems(error)}", file=sys.stderr)
        return 1
    finally:
        env["closer"]()
    return 0


def cancel(app, release_id):
    try:
        with app.registry["db.session_factory"](bind=app.registry["db.writer"]) as db, db.begin():
            release = db.get(Release, release_id)
            if release is None:
                print(f"Nie ma publikacji o id {release_id}.", file=sys.stderr)
                return 1
            planned = release.at
            cancel_release(db, release)
            print(f"Odwołano publikację „{release.name}” (planowaną na {warsaw_text(planned)}): jest znów otwarta.")
    except ApiError as error:
        print(_problems(error), file=sys.stderr)
        return 1
    return 0


def run(settings, args, build_app):
    at = None
    if getattr(args, "at", None):
        try:
            at = parse_at(args.at)
        except BadTime as error:
            print(str(error), file=sys.stderr)
            return 2
    app = build_app(settings)
    if args.releases_command == "cancel":
        return cancel(app, args.id)
    if args.releases_command == "publish":
        return publish_release(app, args.id, at)
    return list_releases(app)


def add_commands(commands, build_app):
    """`releases` on the `smogpanel` parser's subcommands."""
    command = commands.add_parser(
        "releases", help="publikacje kilku elementów naraz: lista, publikowanie i odwoływanie"
    )
    actions = command.add_subparsers(dest="releases_command")
    actions.add_parser("list", help="publikacje, najnowsze pierwsze (domyślnie)")
    publish = actions.add_parser("publish", help="opublikuj wszystkie elementy otwartej publikacji (albo żaden)")
    publish.add_argument("id", type=int)
    publish.add_argument("--at", help="kiedy: 2027-01-12T10:00 (czas polski) albo z przesunięciem")
    called_off = actions.add_parser("cancel", help="odwołaj zaplanowaną publikację (znów będzie otwarta)")
    called_off.add_argument("id", type=int)
    command.set_defaults(run=lambda settings, args: run(settings, args, build_app))
