"""A kind's form described from its schema (GET /api/form/<kind>, smogpanel.forms), and the
descriptions the plugins' screen tests read (`plugins/<name>/web/forms.json`) kept equal to it.

`SMOGPANEL_WRITE_FORMS=1` rewrites the files that exist; `SMOGPANEL_WRITE_FORMS=timers,ranks`
also writes those plugins' first one."""

import json
import os
from pathlib import Path

from smogpanel.testing.app import create_user, registry_of, signed_in

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"


def test_a_timer_form_says_each_field_as_the_screen_shows_it(api):
    form = api.get("/api/form/timer")["message"]
    assert (form["x-kind"], form["x-label"], form["x-may"]) == ("timer", "licznik", {"create": True, "update": True})
    fields = form["properties"]
    assert list(fields) == [
        "name",
        "internal_name",
        "timer_style_name",
        "text_above",
        "deadline",
        "countdown",
        "text_below",
        "logo_path",
        "hidden_brand",
    ]
    assert set(form["required"]) == {
        "name",
        "internal_name",
        "timer_style_name",
        "text_above",
        "deadline",
        "text_below",
    }
    assert fields["timer_style_name"]["x-widget"] == "select"
    assert [option["label"] for option in fields["timer_style_name"]["x-options"]][:2] == ["Jasny", "Morski"]
    assert fields["internal_name"]["x-create-only"] is True
    assert fields["internal_name"]["x-help"].startswith("Część publicznego adresu licznika: małe litery")
    assert (fields["deadline"]["x-widget"], fields["deadline"]["x-help"]) == (
        "datetime",
        "Data i godzina czasu polskiego.",
    )
    countdown = fields["countdown"]
    assert (countdown["title"], countdown["x-label"]) == (
        "Odliczanie",
        "Odwrotne liczenie (czas liczony od daty zamiast do niej)",
    )
    assert (countdown["x-widget"], countdown["x-checked"], countdown["default"]) == ("checkbox", False, True)
    assert fields["text_above"]["maxLength"] == 500
    assert fields["logo_path"]["x-accept"] == "image/png,image/jpeg,image/gif,image/webp"
    assert fields["hidden_brand"]["x-widget"] == "checkbox" and "x-checked" not in fields["hidden_brand"]


def test_the_form_says_what_a_read_only_account_may_do(testapp, db):
    viewer = create_user(db, email="podglad@example.pl")
    viewer.role = "viewer"
    db.commit()
    assert signed_in(testapp, viewer).get("/api/form/timer")["message"]["x-may"] == {"create": False, "update": False}


def test_an_unknown_kind_is_not_found_and_a_stranger_is_refused(api, anonymous):
    assert api.get("/api/form/nothing", status=404)["message"] == "NOT_FOUND"
    assert anonymous.get("/api/form/timer", status=401)["message"] == "UNAUTHORISED"


def test_a_form_added_by_name_is_described_from_its_schema_and_read_as_its_kind(api, testapp, db):
    """The calculators' definition is no resource's create body: config.add_form describes it."""
    form = api.get("/api/form/calculator_definition")["message"]
    assert (form["x-kind"], form["x-label"], form["x-may"]) == (
        "calculator_definition",
        "kalkulator",
        {"create": True, "update": True},
    )
    types = form["properties"]["types"]
    assert (types["x-widget"], types["items"]["title"]) == ("definition_types", "Typ")
    definitions = types["items"]["properties"]["definitions"]
    assert (definitions["title"], definitions["items"]["properties"]["name"]["x-help"]) == (
        "Definicje",
        "np. cena_za_tone",
    )
    viewer = create_user(db, email="podglad-definicji@example.pl")
    viewer.role = "viewer"
    db.commit()
    seen = signed_in(testapp, viewer).get("/api/form/calculator_definition")["message"]
    assert seen["x-may"] == {"create": False, "update": False}


def test_the_api_document_describes_the_form_endpoint(api):
    operation = api.app.get("/api/openapi.json").json["paths"]["/api/form/{kind}"]["get"]
    assert "x-widget" in operation["description"]


def test_the_screen_tests_read_the_forms_the_server_describes(api, testapp):
    """Each plugin's `web/forms.json` (its screens' unit tests answer GET /form/<kind> from it)
    is what the server describes to a super administrator now."""
    resources = registry_of(testapp)["smogpanel.resources"].values()
    by_kind = {resource.kind: resource for resource in resources}
    named = registry_of(testapp).get("smogpanel.forms", {})  # config.add_form's
    wanted = os.environ.get("SMOGPANEL_WRITE_FORMS", "")
    stale = []
    for plugin in sorted(path.name for path in PLUGINS.iterdir() if (path / "web").is_dir()):
        target = PLUGINS / plugin / "web" / "forms.json"
        if not target.exists() and plugin not in wanted.split(","):
            continue
        kinds = sorted(resource.kind for resource in resources if resource.plugin == plugin)
        kinds += sorted(name for name, (_, kind) in named.items() if by_kind[kind].plugin == plugin)
        described = {kind: api.get(f"/api/form/{kind}")["message"] for kind in kinds}
        text = json.dumps(described, ensure_ascii=False, indent=1) + "\n"
        if wanted:
            target.write_text(text, encoding="utf-8")
        elif target.read_text(encoding="utf-8") != text:
            stale.append(str(target))
    assert not stale, f"rewrite with SMOGPANEL_WRITE_FORMS=1 .venv/bin/pytest {__file__}: {stale}"
