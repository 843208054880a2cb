"""`smogpanel init --demo` adds one chart of each type, the bar chart with a goal."""

import webtest

from smogpanel import main as make_app


def test_the_demo_has_a_chart_of_each_type_and_a_goal(initialised, tmp_path):
    url = f"sqlite:///{tmp_path / 'demo.sqlite'}"
    ini = tmp_path / "demo.ini"
    ini.write_text(
        f"[app:main]\nuse = egg:smogpanel\nsqlalchemy.url = {url}\nsmogpanel.mail_dir = {tmp_path}\n", encoding="utf-8"
    )
    initialised(ini, demo=True)  # as `smogpanel init --demo` leaves it
    app = webtest.TestApp(make_app({}, **{"sqlalchemy.url": url}))
    types = {}
    for name in ("demo-wnioski", "demo-umowy", "demo-zrodla", "demo-kwartaly"):
        payload = app.get(f"/api/public/graph/{name}").json["message"]
        types[payload["type"]] = payload
    assert set(types) == {"BAR", "LINE", "CIRCLE", "MULTILINE"}
    bar = types["BAR"]
    assert bar["name"] == "Wnioski 2024–2025"
    assert bar["groups"][1]["entries"][0]["goal"]["goal"] == 2000
    assert bar["groups"][0]["entries"][0]["series"][0] == [120, 150, 170.5, 210]
    assert len(types["MULTILINE"]["groups"][0]["entries"]) == 3
