"""What masking residents' personal data costs (smogpanel.personal), against the same answers
without personal fields, in one run.

    .venv/bin/python bench/personal.py [--rows 2000] [--rounds 15] [--database-url URL]

One table (the letters' recipients, `rows` of them) read through three kinds of a test plugin:
`plain` (no personal fields: what every kind was before), `contact` (name and e-mail personal),
both lists not kept (each request builds its answer). Each figure is the median of `rounds`
interleaved requests:

1. the whole list (`GET /api/<kind>/`): plain as a super administrator (the baseline); contact
   as a super administrator (unmasked: the check alone); contact as an editor without 'dane
   nadawców' (every row masked);
2. 200 history entries of each kind (`GET /api/history/?kind=…&per_page=200`), the same three.

Prints times and ratios; asserts nothing.
"""

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import line, timed  # noqa: E402

SECRET = "bench-secret-" + "x" * 40


def plugin():
    from smogpanel.hookspecs import hookimpl
    from smogpanel.plugins.letters.models import Recipient
    from smogpanel.plugins.letters.schemas import RecipientSchema
    from smogpanel.resources import Resource

    class Plain(Resource):
        kind, model, schema, label = "plain", Recipient, RecipientSchema, "kontakt"

    class Contact(Plain):
        kind = "contact"
        personal = ("name", "email")

    class Kinds:
        @hookimpl
        def smogpanel_includeme(self, config):
            config.add_resource(Plain())
            config.add_resource(Contact())

    return Kinds()


def build(url, rows):
    import webtest

    from smogpanel import main
    from smogpanel.db import make_engine, make_session_factory
    from smogpanel.migrate import upgrade
    from smogpanel.passwords import hash_password
    from smogpanel.plugin_manager import build_plugin_manager
    from smogpanel.plugins.letters.models import Recipient, RecipientGroup
    from smogpanel.security import Tokens
    from smogpanel.users.models import User
    from smogpanel.users.sessions import open_session

    manager = build_plugin_manager(enabled=["letters"])
    upgrade(url, manager)
    engine = make_engine(url)
    with make_session_factory(engine)() as db, db.begin():
        group = RecipientGroup(name="Radni")
        db.add(group)
        db.flush()
        db.add_all(
            Recipient(name=f"Mieszkaniec {i:05d}", email=f"osoba{i:05d}@example.net", recipient_group_id=group.id)
            for i in range(rows)
        )
        password = hash_password("bench-password")
        boss = User(email="boss@example.pl", password_hash=password, super=1)
        editor = User(email="editor@example.pl", password_hash=password, super=0)
        db.add_all([boss, editor])
        db.flush()
        sessions = {user.id: open_session(db, user.id) for user in (boss, editor)}
        for user in (boss, editor):
            db.refresh(user)
            db.expunge(user)
        group_id = group.id
    engine.dispose()
    app = webtest.TestApp(
        main(
            {},
            **{
                "sqlalchemy.url": url,
                "smogpanel.secret": SECRET,
                "smogpanel.plugins": "letters",
                "smogpanel.smtp_url": "",
                "smogpanel.plugin_objects": [("bench_personal", plugin())],
            },
        )
    )
    tokens = Tokens(SECRET, 3600)
    headers = [{"Authorization": f"Bearer {tokens.issue(user, sessions[user.id])}"} for user in (boss, editor)]
    # 100 records created through each kind: 200 history entries a kind (create and edit).
    for kind in ("plain", "contact"):
        for i in range(100):
            body = {"name": f"Nowa {i}", "email": f"{kind}{i}@example.net", "recipient_group_id": group_id}
            record = app.post_json(f"/api/{kind}/", body, headers=headers[0]).json["message"]
            app.post_json(f"/api/{kind}/{record['id']}", dict(body, name=f"Nowa {i}b"), headers=headers[0])
    return app, headers


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    url = args.database_url or f"sqlite:///{tempfile.mkdtemp(prefix='bench-personal-')}/bench.sqlite"
    app, (boss, editor) = build(url, args.rows)
    cases = {
        "list": [
            ("plain, super administrator (baseline)", "/api/plain/", boss),
            ("personal, super administrator (unmasked)", "/api/contact/", boss),
            ("personal, editor without the permission (masked)", "/api/contact/", editor),
        ],
        "history": [
            ("plain, super administrator (baseline)", "/api/history/?kind=plain&per_page=200", boss),
            ("personal, super administrator (unmasked)", "/api/history/?kind=contact&per_page=200", boss),
            ("personal, editor without the permission (masked)", "/api/history/?kind=contact&per_page=200", editor),
        ],
    }
    for path, headers in ((case[1], case[2]) for group in cases.values() for case in group):
        app.get(path, headers=headers)  # warm
    times = {(name, label): [] for name, group in cases.items() for label, _, _ in group}
    for _ in range(args.rounds):
        for name, group in cases.items():
            for label, path, headers in group:
                times[name, label].append(timed(lambda p=path, h=headers: app.get(p, headers=h)))
    print(f"{args.rows + 200} rows a list, 200 history entries a kind, {args.rounds} rounds, {url.split(':')[0]}")
    for name, group in cases.items():
        print(f"{name}:")
        baseline = statistics.median(times[name, group[0][0]])
        for label, _, _ in group:
            line(label, statistics.median(times[name, label]), baseline)


if __name__ == "__main__":
    main()
