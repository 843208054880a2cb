"""What the benchmarks share: a database with the register's shape (16 voivodeships × 24
districts, 2,477 gminy), an app in process with a signed-in super administrator, and the
file helpers (timing and printing: timing.py). Each benchmark measures against a baseline in the
same run."""

import base64
import io
import sys
from pathlib import Path

from timing import timed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
GMINY = 2477
DISTRICTS_PER_VOIVODESHIP = 24  # the register's shape: 380 districts, ~6.5 gminy each


def build(url, plugins, gminy=GMINY):
    """(webtest app, auth headers, [(gmina, district, voivodeship) as a file names them]).
    The gminy are written straight to the database: the register's shape, not its names (none,
    and no districts, with `gminy=0`)."""
    import webtest

    from smogpanel import main
    from smogpanel.db import make_engine, make_session_factory
    from smogpanel.migrate import upgrade
    from smogpanel.passwords import hash_password
    from smogpanel.plugin_manager import build_plugin_manager
    from smogpanel.plugins.hierarchy.models import Borough, District, Voivodeship
    from smogpanel.security import Tokens
    from smogpanel.users.models import User
    from smogpanel.users.sessions import open_session

    manager = build_plugin_manager(enabled=plugins)
    upgrade(url, manager)
    engine = make_engine(url)
    places = []  # (gmina, district, voivodeship) as a file names them
    with make_session_factory(engine)() as db, db.begin():
        manager.hook.smogpanel_seed(db=db)
        voivodeships = db.query(Voivodeship).order_by(Voivodeship.id).all() if gminy else []
        districts = []
        for voivodeship in voivodeships:
            for number in range(DISTRICTS_PER_VOIVODESHIP):
                district = District(name=f"powiat {voivodeship.code}{number:02d}", voivodeship_id=voivodeship.id)
                districts.append((district, voivodeship))
        db.add_all(district for district, _ in districts)
        db.flush()
        boroughs = []
        for index in range(gminy):
            district, voivodeship = districts[index % len(districts)]
            boroughs.append(Borough(name=f"Gmina Źródłowa {index:04d}", district_id=district.id))
            places.append((f"Gmina Źródłowa {index:04d}", district.name, voivodeship.name))
        db.add_all(boroughs)
        user = User(email="bench@example.pl", password_hash=hash_password("bench-password"), super=1)
        db.add(user)
        db.flush()
        session_id = open_session(db, user.id)  # tokens name their sign-in session
        db.refresh(user)
        db.expunge(user)
    engine.dispose()
    secret = "bench-secret-" + "x" * 40
    app = webtest.TestApp(
        main(
            {},
            **{
                "sqlalchemy.url": url,
                "smogpanel.secret": secret,
                "smogpanel.plugins": ",".join(plugins),
                "smogpanel.smtp_url": "",
            },
        )
    )
    return app, {"Authorization": f"Bearer {Tokens(secret, 3600).issue(user, session_id)}"}, places


def openpyxl_load(data):
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    rows = list(workbook.worksheets[0].iter_rows(values_only=True))
    workbook.close()
    return rows


def import_rounds(app, headers, files, rounds, path, new_target, body_of):
    """Interleaved rounds of (the baseline: openpyxl loading `files[0]`; the app importing
    `files[0]` into a new target, every gmina created; then `files[1]` over it, every gmina
    updated): the three lists of seconds. `new_target(name)` makes the target (a rank group, a
    search), `body_of(target, data)` the import's body posted to `path`."""
    openpyxl_load(files[0])
    base, first, again = [], [], []
    for round_ in range(rounds):
        target = new_target(f"bench-import-{round_}")
        base.append(timed(lambda: openpyxl_load(files[0])))
        for data, times, expected in ((files[0], first, "created"), (files[1], again, "updated")):
            body = body_of(target, data)

            def request():
                answer = app.post_json(path, body, headers=headers).json["message"]
                assert answer[expected] == GMINY, answer

            times.append(timed(request))
    return base, first, again


def upload(data):
    return {"name": "wpisy.xlsx", "data": f"data:{XLSX};base64,{base64.b64encode(data).decode()}"}
