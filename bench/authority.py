"""What asking the rules (smogpanel.authority) costs a list and a write, against the same
requests with every rule answering yes, in the same run.

    .venv/bin/python bench/authority.py [--requests 80] [--database-url URL]

1. `GET /api/rank_value/rank_group/<id>?page=1&per_page=50` (a page of a 2,477-value group) and
   `GET /api/timer/`: the view's permission (Pyramid's ACL over the kind's rules) and `read`.
2. `POST /api/timer/<id>` (an edit: the view's permission, `update` on the record, history's
   check that it was asked), `POST /api/rank_value/<id>` as an editor scoped to one
   voivodeship (the record's voivodeship looked up too) and `POST /api/checkpoint/<id>` as that
   editor, changing its voivodeship's cell of an eleven-property measurement (the cells the
   save changes compared with the stored ones, before and after the write).

"Without" swaps the security policy's ACL answer and `authorize` for ones that allow
everything, interleaved with the real ones (the machine's noise hits both alike); medians
compared. Target ≤ 1.05×. Prints times and ratios; asserts nothing.
"""

import argparse
import contextlib
import statistics
import tempfile

import sqlalchemy as sa
from common import build, upload
from ranks import add_group, values_file
from timing import line, timed

from smogpanel.regions import CODES


@contextlib.contextmanager
def every_rule_allows():
    """The security policy's ACL answer and every module's `authorize` / `check_asked` allow."""
    import importlib

    from pyramid.security import Allowed

    allow = lambda *args, **kwargs: None  # noqa: E731
    swaps = [("smogpanel.authority", "permits", lambda identity, context, permission: Allowed("bench"))]
    for module in (
        "smogpanel.resources",
        "smogpanel.resources.lists",
        "smogpanel.history.reverts",
        "smogpanel.spreadsheets.imports",
    ):
        swaps.append((module, "authorize", allow))
    swaps.append(("smogpanel.history", "check_asked", allow))
    saved = []
    for module_name, name, replacement in swaps:
        module = importlib.import_module(module_name)
        saved.append((module, name, getattr(module, name)))
        setattr(module, name, replacement)
    try:
        yield
    finally:
        for module, name, original in saved:
            setattr(module, name, original)


def both(function, with_times, without_times, first_with):
    def measured_with():
        with_times.append(timed(function))

    def measured_without():
        with every_rule_allows():
            without_times.append(timed(function))

    for measure in (measured_with, measured_without) if first_with else (measured_without, measured_with):
        measure()


def scoped_editor_headers(app, url):
    """An editor limited to the voivodeship of the group's first gmina."""
    from smogpanel.security import Tokens
    from smogpanel.users.models import User
    from smogpanel.users.sessions import open_session

    engine = sa.create_engine(url)
    with engine.begin() as connection:
        voivodeship, code = connection.execute(sa.text("SELECT id, code FROM voivodeship ORDER BY id LIMIT 1")).one()
        user_id = connection.execute(
            sa.insert(User.__table__).values(
                email="bench-editor@example.pl", super=0, role="editor", scope_voivodeships=str(voivodeship)
            )
        ).inserted_primary_key[0]
        session_id = open_session(connection, user_id)
    engine.dispose()
    user = type("U", (), {"id": user_id, "token_version": 1})
    token = Tokens(app.app.registry["smogpanel.tokens"].secret, 600).issue(user, session_id)
    return {"Authorization": f"Bearer {token}"}, voivodeship, code


def add_measurement(app, headers):
    """A map of eleven properties and one measurement with every cell filled."""
    keys = [
        {"uuid": f"u{n}", "name": f"Właściwość {n}", "display_name": "", "property_type_name": "STATISTIC"}
        for n in range(11)
    ]
    body = {"name": "Mapa", "internal_name": "bench-map", "source": "GUS", "details": "", "property_keys": keys}
    a_map = app.post_json("/api/map/", body, headers=headers).json["message"]
    properties = [{"key": {"id": key["id"]}, "value": dict.fromkeys(CODES, 100)} for key in a_map["property_keys"]]
    body = {"name": "Pomiar", "source": "", "hidden": 0, "map_id": a_map["id"], "properties": properties}
    return app.post_json("/api/checkpoint/", body, headers=headers).json["message"], properties


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=80)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
        app, headers, places = build(url, ["hierarchy", "ranks", "timers", "maps"])
        group = add_group(app, headers, "bench-authority")
        app.post_json(
            "/api/rank_value/import",
            {"rank_group_id": group["id"], "type": "RB_XLS", "file": upload(values_file(places, 1))},
            headers=headers,
        )
        timer = {
            "name": "Do końca sezonu",
            "timer_style_name": "SEA",
            "text_above": "Zostało",
            "deadline": "2031-01-01",
            "countdown": True,
            "text_below": "Ogrzewaj czysto.",
            "logo_path": None,
            "hidden_brand": 0,
        }
        timer_id = app.post_json("/api/timer/", dict(timer, internal_name="bench"), headers=headers).json["message"][
            "id"
        ]
        editor, voivodeship, code = scoped_editor_headers(app, url)
        checkpoint, properties = add_measurement(app, headers)

        def edit_cell():
            number = next(counter)
            cells = [dict(item, value=dict(item["value"], **{code: number})) for item in properties]
            body = {"name": "Pomiar", "source": "", "hidden": 0, "properties": cells}
            app.post_json(f"/api/checkpoint/{checkpoint['id']}", body, headers=editor)

        listed = app.get(f"/api/rank_value/rank_group/{group['id']}?voivodeship_id={voivodeship}", headers=headers)
        value = listed.json["message"]["list"][0]
        counter = iter(range(10**6))

        cases = (
            (
                "GET /api/rank_value/rank_group/<id>, a page of 50",
                lambda: app.get(
                    f"/api/rank_value/rank_group/{group['id']}?page=1&per_page=50&q={next(counter)}", headers=headers
                ),
            ),
            ("GET /api/timer/", lambda: app.get(f"/api/timer/?order=name&asc={next(counter) % 2}", headers=headers)),
            (
                "POST /api/timer/<id>",
                lambda: app.post_json(
                    f"/api/timer/{timer_id}", dict(timer, text_below=f"Ogrzewaj {next(counter)}."), headers=headers
                ),
            ),
            (
                "POST /api/rank_value/<id>, editor of one voivodeship",
                lambda: app.post_json(
                    f"/api/rank_value/{value['id']}",
                    {"value": next(counter), "points": next(counter) % 997, "place": None},
                    headers=editor,
                ),
            ),
            ("POST /api/checkpoint/<id>, editor of one voivodeship, its cells", edit_cell),
        )
        print(f"{args.requests} interleaved requests each (medians):")
        for label, function in cases:
            for _ in range(3):
                both(function, [], [], True)  # warm-up
            with_times, without_times = [], []
            for index in range(args.requests):
                both(function, with_times, without_times, first_with=index % 2 == 0)
            baseline = statistics.median(without_times)
            line(f"{label}, every rule allows (baseline)", baseline)
            line(f"{label}, the rules asked", statistics.median(with_times), baseline)


if __name__ == "__main__":
    main()
