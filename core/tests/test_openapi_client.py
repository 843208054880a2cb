"""A client generated from /api/openapi.json by a generator nobody here wrote
(openapi-python-client) works against the app: it signs in, lists, creates, edits and reads a
record and its public payload, with the models and functions the description gave it.

An edit sends the ETag its GET answered as If-Match; a stale one answers 412."""

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

PASSWORD = "Haslo-123!"  # smogpanel.testing.app.create_user's


@pytest.fixture
def client_package(anonymous, tmp_path, monkeypatch):
    """The generated client package, importable: its name."""
    description = tmp_path / "openapi.json"
    description.write_text(json.dumps(anonymous.app.get("/api/openapi.json").json), encoding="utf-8")
    bin_dir = Path(sys.executable).parent  # the generator formats its output with ruff, from this venv
    generated = subprocess.run(
        [
            str(bin_dir / "openapi-python-client"),
            "generate",
            "--path",
            str(description),
            "--meta",
            "none",
            "--output-path",
            str(tmp_path / "smogpanel_client"),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"},
        timeout=300,
    )
    assert generated.returncode == 0, generated.stdout + generated.stderr
    # Only the .xlsx template's answer is left out (the generator reads JSON answers only).
    skipped = [line for line in generated.stdout.splitlines() if "will not be generated" in line]
    assert skipped == [], generated.stdout
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "smogpanel_client"
    for name in [module for module in sys.modules if module.split(".")[0] == "smogpanel_client"]:
        del sys.modules[name]


def test_a_generated_client_signs_in_creates_edits_and_reads_a_public_payload(client_package, testapp, admin):
    def module(name):
        return importlib.import_module(f"{client_package}.{name}")

    transport = httpx.WSGITransport(app=testapp.app)
    anonymous = module("client").Client(base_url="http://localhost", httpx_args={"transport": transport})

    login = module("api.auth.post_auth_login").sync_detailed(
        client=anonymous, body=module("models").PostAuthLoginBody(email=admin.email, password=PASSWORD)
    )
    assert login.status_code == 200 and login.parsed.success is True
    token = login.parsed.message
    client = module("client").AuthenticatedClient(
        base_url="http://localhost", token=token, httpx_args={"transport": transport}
    )

    listed = module("api.timer.list_timer").sync(client=client, order=module("models").ListTimerOrder.NAME)
    assert listed.success is True and isinstance(listed.message["list"], list)

    models = module("models")
    fields = {
        "name": "Koniec dopłat",
        "internal_name": "koniec-doplat",
        "timer_style_name": "LIGHT",
        "text_above": "Do końca naboru zostało",
        "deadline": "2030-12-31",
        "text_below": "Złóż wniosek",
    }
    body = models.CreateTimerBody.from_dict(fields)  # the style is the model's enum, checked here
    created = module("api.timer.create_timer").sync(client=client, body=body)
    assert created.success is True, created.to_dict()
    timer_id = created.message["id"]

    edit = models.EditTimerBody.from_dict({**fields, "name": "Koniec dopłat 2030", "text_above": "Do końca 2030"})
    assert "internal_name" in edit.additional_properties  # fixed: an edit's body does not describe it
    edit.additional_properties.pop("internal_name")
    loaded = module("api.timer.get_timer").sync_detailed(client=client, id=timer_id)
    version = loaded.headers["etag"]  # the version the form loaded (described in the document)
    edited = module("api.timer.edit_timer").sync(client=client, id=timer_id, body=edit, if_match=version)
    assert edited.success is True, edited.to_dict()
    assert module("api.timer.get_timer").sync(client=client, id=timer_id).message["name"] == "Koniec dopłat 2030"
    # The same version again: someone (this client) changed the record since, so nothing is written.
    stale = module("api.timer.edit_timer").sync_detailed(
        client=client,
        id=timer_id,
        body=models.EditTimerBody.from_dict({**edit.to_dict(), "name": "Nie"}),
        if_match=version,
    )
    assert stale.status_code == 412 and stale.parsed.message == "CHANGED_MEANWHILE"
    assert module("api.timer.get_timer").sync(client=client, id=timer_id).message["name"] == "Koniec dopłat 2030"

    # The public payload, without signing in.
    public = module("api.public.get_api_public_kind_internal_name").sync(
        client=anonymous, kind=models.GetApiPublicKindInternalNameKind.TIMER, internal_name="koniec-doplat"
    )
    assert public.success is True and public.message["text_above"] == "Do końca 2030"

    # A refusal arrives as the envelope, its Polish errors named by field.
    refused = module("api.timer.create_timer").sync_detailed(client=client, body=body)
    assert refused.status_code == 409 and refused.parsed.success is False
