"""The app as a whole: who may call what, the envelope on every path, plugins on and off."""

import importlib
import inspect
import json
import pkgutil
import re
from pathlib import Path

import colander
import pytest
import webtest
from cornice import Service
from pyramid.interfaces import IRoutesMapper

from smogpanel.hookspecs import HookSpecs, Remote, hookimpl
from smogpanel.public import PublicKind
from smogpanel.schemas import FlagNode
from smogpanel.testing.app import signed_in
from smogpanel.validation import body_validator
from smogpanel.web import EMBED_POLICY

# /healthz is for anyone; /metrics is for the addresses and token of its own settings (test_health_metrics).
PUBLIC_ROUTES = {
    "api-public",
    "view-public",
    "view-embed",
    "api-openapi",
    "api-docs",
    "smogpanel-file",
    "import-template",
    "healthz",
    "metrics",
    "oembed",  # public by the oEmbed spec
    "view-statement",  # the widgets' accessibility statement
    "api-reach-hit",  # the widgets' view beacon
}
PUBLIC_PATH_PREFIXES = (
    "/api/auth/login",  # and its second step, /api/auth/login/second-factor
    "/api/auth/passkey",  # a sign-in with a passkey
    "/api/auth/restore",
    "/api/auth/reset",
    "/api/public/",
)


class Odd(colander.SchemaType):
    """A plugin's own colander type, unknown to the OpenAPI generator."""

    def deserialize(self, node, cstruct):
        return cstruct


class ProbeSchema(colander.MappingSchema):
    shown = FlagNode("Widoczny")
    odd = colander.SchemaNode(Odd(), title="Dziwne")


class ProbePlugin:
    """A plugin made for these tests: a public kind, a view that fails unexpectedly and a
    service whose schema uses a flag and a type of its own."""

    @hookimpl
    def smogpanel_includeme(self, config):
        config.add_route("probe-boom", "/api/probe/boom")
        config.add_view(self.boom, route_name="probe-boom", renderer="envelope")
        service = Service(name="probe-odd", path="/api/probe/odd")
        service.add_view(
            "POST",
            lambda request: request.validated,
            renderer="envelope",
            schema=ProbeSchema(),
            validators=(body_validator,),
        )
        config.add_cornice_service(service)

    @staticmethod
    def boom(request):
        raise RuntimeError("secret internals: password=hunter2")

    @hookimpl
    def smogpanel_public_kinds(self):
        def load(request, internal_name):
            return {"name": internal_name} if internal_name == "jest" else None

        return [PublicKind(kind="probe", load=load, plugin="probe", title="Sonda")]

    @hookimpl
    def smogpanel_remote(self):
        return Remote(name="probe", label="Sonda", path="/probe", order=5)


PROBE_PLUGIN = (("probe", ProbePlugin()),)  # one object: one app for the module's tests


@pytest.fixture
def probe_app(make_app):
    return webtest.TestApp(make_app(**{"smogpanel.plugin_objects": PROBE_PLUGIN}))


def concrete_path(pattern):
    path = re.sub(r"\{[^}:]+:\\d\+\}", "1", pattern)
    return re.sub(r"\{[^}]+\}", "x", path).replace("*subpath", "x")


def test_every_non_public_route_answers_401_without_a_token(testapp):
    mapper = testapp.app.registry.getUtility(IRoutesMapper)
    checked = 0
    for route in mapper.get_routes():
        if route.name in PUBLIC_ROUTES or route.name.startswith("__") or route.pattern.startswith(PUBLIC_PATH_PREFIXES):
            continue
        if route.name.endswith("-signed"):  # public only through a signed link (smogpanel.signed_links)
            response = testapp.get(concrete_path(route.pattern), status="*", expect_errors=True)
            assert response.status_int == 403, f"{route.pattern} without a signature answered {response.status}"
            continue
        path = concrete_path(route.pattern)
        for method in ("GET", "POST", "DELETE"):
            response = testapp.request(path, method=method, status="*", expect_errors=True)
            if response.status_int in (404, 405):
                continue  # the route has no view for this method
            assert response.status_int == 401, f"{method} {path} answered {response.status}"
            assert response.json == {"success": False, "message": "UNAUTHORISED"}
            checked += 1
    assert checked >= 15  # the hierarchy alone has 15 method/route pairs


def test_a_garbage_or_foreign_token_is_401(testapp):
    import jwt

    for token in (
        "garbage",
        jwt.encode({"sub": "1", "ver": 1, "iat": 0, "exp": 9999999999}, "another-installations-secret-" + "y" * 20),
    ):
        response = testapp.get("/api/voivodeship/", headers={"Authorization": f"Bearer {token}"}, status=401)
        assert response.json["message"] == "UNAUTHORISED"


def test_unknown_api_paths_answer_the_404_envelope(api):
    assert api.get("/api/nothing-here/", status=404) == {"success": False, "message": "NOT_FOUND"}
    assert api.app.post("/api/nothing/1", status=404).json["message"] == "NOT_FOUND"


def test_a_wrong_method_answers_an_envelope(api):
    response = api.app.put("/api/voivodeship/1", headers=api.headers(), status=405)
    assert response.json["success"] is False


def test_an_unexpected_error_is_500_without_internals(probe_app, admin):
    api = signed_in(probe_app, admin)
    response = probe_app.get("/api/probe/boom", headers=api.headers(), status=500)
    assert response.json == {"success": False, "message": "INTERNAL_ERROR"}
    assert b"hunter2" not in response.body and b"Traceback" not in response.body


def test_admin_pages_and_the_api_refuse_framing(api):
    for response in (api.app.get("/voivodeship"), api.app.get("/api/voivodeship/", headers=api.headers())):
        assert response.headers["X-Frame-Options"] == "DENY"
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    policy = dict(
        part.strip().split(" ", 1) for part in api.app.get("/voivodeship").headers["Content-Security-Policy"].split(";")
    )
    assert policy["script-src"] == "'self'" and policy["default-src"] == "'self'"
    assert policy["object-src"] == "'none'" and policy["base-uri"] == "'none'"


def test_the_shell_carries_its_settings_as_data_not_as_a_script(make_app):
    page = webtest.TestApp(make_app(**{"smogpanel.support_url": "https://pomoc.example.pl/</script>"})).get("/")
    scripts = re.findall(r"<script([^>]*)>", page.text)
    assert all("src=" in attributes or 'type="application/json"' in attributes for attributes in scripts)
    config = re.search(r'<script type="application/json" id="smogpanel-config">(.*?)</script>', page.text).group(1)
    assert json.loads(config)["supportUrl"] == "https://pomoc.example.pl/</script>"


def test_any_other_get_serves_the_shell_page_for_the_client_router(testapp):
    response = testapp.get("/voivodeship/3/district")
    assert response.content_type == "text/html"
    assert "XSRF-TOKEN" in response.headers.get("Set-Cookie", "")


def test_csrf_is_checked_when_the_browser_holds_the_cookie(api):
    token_page = api.app.get("/")
    cookie = api.app.cookies["XSRF-TOKEN"]
    assert token_page.status_int == 200 and cookie
    refused = api.app.post_json("/api/voivodeship/", {"name": "Bez tokenu"}, headers=api.headers(), status=403)
    assert refused.json["message"] == "FORBIDDEN"
    accepted = api.app.post_json(
        "/api/voivodeship/", {"name": "Z tokenem"}, headers=api.headers({"X-XSRF-TOKEN": cookie})
    )
    assert accepted.json["success"] is True


def test_plugins_lists_the_enabled_remotes_in_navigation_order(probe_app, admin):
    api = signed_in(probe_app, admin)
    remotes = api.get("/api/plugins")["message"]
    assert [r["name"] for r in remotes][:2] == ["probe", "hierarchy"]
    hierarchy = remotes[1]
    assert hierarchy == {
        "name": "hierarchy",
        "label": "Województwa",
        "path": "/voivodeship",
        "order": 10,
        "entry": "/plugins/hierarchy/remote/remoteEntry.js",
        "scope": "smogpanel_hierarchy",
        "module": "./routes",
    }


def test_public_views_of_an_enabled_plugin(probe_app):
    response = probe_app.get("/api/public/probe/jest")
    assert response.json == {"success": True, "message": {"name": "jest"}}
    # partner pages and a CDN may cache it
    assert response.headers["Cache-Control"] == "public, max-age=60, s-maxage=300, stale-while-revalidate=600"
    assert response.etag
    assert probe_app.get("/api/public/probe/nie-ma", status=404).json["message"] == "NOT_FOUND"
    page = probe_app.get("/view/probe/jest")
    assert page.headers["X-Frame-Options"] == "DENY"
    embed = probe_app.get("/view/probe/jest/embed/123e4567-e89b-12d3-a456-426614174000")
    assert "X-Frame-Options" not in embed.headers
    assert embed.headers["Content-Security-Policy"] == EMBED_POLICY
    assert "/plugins/probe/embed/embed.js" in embed.text


def test_a_disabled_plugin_has_no_routes_no_nav_entry_and_no_public_view(make_app, admin):
    app = webtest.TestApp(
        make_app(**{"smogpanel.plugins": "none", "smogpanel.plugin_objects": [("probe", ProbePlugin())]})
    )
    api = signed_in(app, admin)
    assert api.get("/api/voivodeship/", status=404)["message"] == "NOT_FOUND"
    assert [r["name"] for r in api.get("/api/plugins")["message"]] == ["probe"]
    app.get("/plugins/hierarchy/remote/remoteEntry.js", status=404)


def test_a_disabled_plugins_tables_are_never_created(tmp_path):
    import sqlalchemy as sa

    from smogpanel.migrate import upgrade
    from smogpanel.plugin_manager import build_plugin_manager

    url = f"sqlite:///{tmp_path / 'core-only.sqlite'}"
    upgrade(url, build_plugin_manager(enabled=[]))
    tables = set(sa.inspect(sa.create_engine(url)).get_table_names())
    assert "user_account" in tables and "voivodeship" not in tables


def test_an_unknown_plugin_name_stops_the_app_with_a_clear_message(make_app):
    with pytest.raises(ValueError, match="Unknown plugin"):
        make_app(**{"smogpanel.plugins": "hierarchy,nosuchplugin"})


def test_production_refuses_the_development_secret(make_app):
    from pyramid.exceptions import ConfigurationError

    with pytest.raises(ConfigurationError, match="SMOGPANEL_SECRET"):
        make_app(**{"smogpanel.environment": "production", "smogpanel.secret": ""})
    make_app(
        **{
            "smogpanel.environment": "production",
            "smogpanel.secret": "s" * 40,
            "smogpanel.public_url": "https://panel.example.pl",
        }
    )


def test_production_refuses_to_start_without_a_public_address(make_app):
    from pyramid.exceptions import ConfigurationError

    with pytest.raises(ConfigurationError, match="SMOGPANEL_PUBLIC_URL"):
        make_app(**{"smogpanel.environment": "production", "smogpanel.secret": "s" * 40})
    with pytest.raises(ConfigurationError, match="SMOGPANEL_PUBLIC_URL"):
        make_app(**{"smogpanel.public_url": "javascript:alert(1)"})


def test_openapi_describes_the_services_and_their_schemas(anonymous):
    document = anonymous.app.get("/api/openapi.json").json
    assert "/api/voivodeship/" in document["paths"]
    assert document["openapi"] == "3.1.0"
    post = document["paths"]["/api/district/"]["post"]
    body = post["requestBody"]["content"]["application/json"]["schema"]
    assert set(body["required"]) == {"name", "voivodeship_id"}


def test_openapi_names_the_fields_each_list_sorts_by(anonymous, api):
    """`?order=&asc=` described per list (a field outside them is a 400), the per-parent lists too."""
    document = anonymous.app.get("/api/openapi.json").json
    for path in ("/api/timer/", "/api/district/voivodeship/{parent_id}"):
        parameters = {p["name"]: p for p in document["paths"][path]["get"]["parameters"]}
        assert re.fullmatch(parameters["asc"]["schema"]["pattern"], "")
        for field in parameters["order"]["schema"]["enum"]:
            assert api.get(path.replace("{parent_id}", "1") + f"?order={field}&asc=0")["success"] is True
    timers = {p["name"]: p for p in document["paths"]["/api/timer/"]["get"]["parameters"]}
    assert timers["order"]["schema"]["enum"] == ["id", "internal_name", "name", "updated", ""]


def test_openapi_copes_with_flags_and_a_plugins_own_types(probe_app):
    document = probe_app.get("/api/openapi.json").json
    body = document["paths"]["/api/probe/odd"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    properties = body["properties"]
    assert {"type": "integer", "enum": [0, 1]} in properties["shown"]["anyOf"]  # a flag: 0/1, or a JSON boolean
    assert properties["odd"]["type"] in ("string", ["string", "null"])


def test_every_hook_is_documented_in_docs_plugins_md():
    docs = (Path(__file__).parents[2] / "docs" / "plugins.md").read_text(encoding="utf-8")
    hooks = [name for name in vars(HookSpecs) if name.startswith("smogpanel_")]
    assert len(hooks) >= 7
    missing = [name for name in hooks if f"### `{name}" not in docs]
    assert not missing, f"hooks missing from docs/plugins.md: {missing}"


def test_each_hooks_docs_give_its_signature_and_start_with_its_docstring():
    """One source for what a hook does: its docstring in hookspecs.py, repeated word for word (up
    to its example) at the top of its section in docs/plugins.md, under its exact signature."""
    docs = (Path(__file__).parents[2] / "docs" / "plugins.md").read_text(encoding="utf-8")
    sections = {
        match[1]: (match[2], match[3])
        for match in re.finditer(r"^### `(smogpanel_\w+)\(([^)]*)\)`\n(.*?)(?=^##)", docs, re.MULTILINE | re.DOTALL)
    }
    for name, spec in vars(HookSpecs).items():
        if not name.startswith("smogpanel_"):
            continue
        arguments, body = sections[name]
        assert f"{name}({arguments})" == name + str(inspect.signature(spec)).replace("(self, ", "(").replace(
            "(self)", "()"
        )
        contract = " ".join(inspect.getdoc(spec).split("Example::")[0].split())
        assert " ".join(body.split()).startswith(contract), (
            f"docs/plugins.md, {name}: not the docstring of hookspecs.py"
        )


def test_every_hook_parameter_is_described_in_its_docstring():
    """As Datasette's plugin_hooks.rst: each parameter a hook passes is listed, with its type and
    what it holds, under "Parameters:" (repeated in docs/plugins.md by the test above)."""
    for name, spec in vars(HookSpecs).items():
        if not name.startswith("smogpanel_"):
            continue
        parameters = [p for p in inspect.signature(spec).parameters if p != "self"]
        doc = inspect.getdoc(spec).split("Example::")[0]
        listed = re.findall(r"^- `(\w+)` \(", doc.partition("Parameters:")[2], re.MULTILINE)
        assert listed == parameters, f"{name}: parameters {parameters}, described {listed}"


def test_the_migrations_match_the_models(engine):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    import smogpanel
    from smogpanel.db import Base

    # Every core table, wherever its layer keeps it (accounts' sessions and factors, reach,
    # publishing), not only those an earlier test happened to import.
    for module in pkgutil.walk_packages(smogpanel.__path__, "smogpanel."):
        if ".tests" not in module.name and ".plugins" not in module.name:
            importlib.import_module(module.name)

    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, Base.metadata)
    assert differences == []


def test_the_shell_learns_the_gmina_pickers_list_from_the_gazetteer(make_app):
    def config(**settings):
        page = webtest.TestApp(make_app(**settings)).get("/")
        return json.loads(re.search(r'id="smogpanel-config">(.*?)</script>', page.text).group(1))

    assert config()["gminyPath"] == "/borough/"  # the hierarchy keeps the gminy and names its list
    assert "gminyPath" not in config(**{"smogpanel.plugins": "timers"})  # no keeper: nothing to pick from
