"""`smogpanel init --demo` adds the demo search with its four keys and an entry per demo gmina,
and the public tool answers for it."""

import webtest

from smogpanel import main as make_app


def test_the_demo_search_has_four_keys_and_every_demo_gmina(initialised, tmp_path):
    url = f"sqlite:///{tmp_path / 'demo.sqlite'}"
    ini = tmp_path / "demo.ini"
    ini.write_text(
        f"[app:main]\nuse = egg:smogpanel\nsqlalchemy.url = {url}\nsmogpanel.mail_dir = {tmp_path}\n", encoding="utf-8"
    )
    initialised(ini, demo=True)  # as `smogpanel init --demo` leaves it
    app = webtest.TestApp(make_app({}, **{"sqlalchemy.url": url}))
    payload = app.get("/api/public/search/dotacje-do-wymiany-pieca").json["message"]
    assert payload["name"] == "Dotacje do wymiany pieca"
    names = [row[1] for row in payload["boroughs"]]
    assert {"Liszki", "Zabierzów", "Kraków", "Katowice"} <= set(names)
    card = app.get(f"/api/public/search/dotacje-do-wymiany-pieca/{payload['boroughs'][0][0]}").json["message"]
    assert [value["place"] for value in card["values"]] == ["TOP", "LEFT", "RIGHT", "BOTTOM"]
    assert all(value["value"].startswith("Przykład") for value in card["values"])
