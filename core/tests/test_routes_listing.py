"""`smogpanel routes`: a URL leads to the plugin and the code that answers it."""

from smogpanel.cli import main as cli


def routes_output(tmp_path, capsys):
    ini = tmp_path / "routes.ini"
    ini.write_text(
        f"[app:main]\nuse = egg:smogpanel\nsqlalchemy.url = sqlite:///{tmp_path / 'routes.sqlite'}\n",
        encoding="utf-8",
    )
    assert cli(["-c", str(ini), "routes"]) == 0
    return [line.split(None, 3) for line in capsys.readouterr().out.splitlines()]


def test_a_declared_resource_names_the_plugin_class_before_the_inherited_method(tmp_path, capsys):
    rows = routes_output(tmp_path, capsys)
    assert [
        "POST",
        "/api/timer/",
        "timers",
        "plugins/timers/views.py:TimerResource.view_create (core/resources/__init__.py:Resource.view_create)",
    ] in rows


def test_overridden_and_plain_views_name_their_own_code(tmp_path, capsys):
    rows = routes_output(tmp_path, capsys)
    assert ["POST", "/api/item/{id:\\d+}/refresh", "items", "plugins/items/views.py:ItemResource.view_refresh"] in rows
    assert ["POST", "/api/auth/login", "core", "core/users/auth.py:login"] in rows
    assert [
        "GET",
        "/view/letter/{internal_name}/confirm/{sender_id:\\d+}",
        "letters",
        "plugins/letters/sending.py:confirm_page",
    ] in rows


def test_each_get_is_listed_once_without_its_head_twin(tmp_path, capsys):
    rows = routes_output(tmp_path, capsys)
    assert not [row for row in rows if row[0] == "HEAD"]
    assert len([row for row in rows if row[:2] == ["GET", "/api/timer/"]]) == 1
