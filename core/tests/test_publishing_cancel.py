"""Calling off a scheduled change (issue 44): the embargoed version never goes live, the change
is in the record's history, and a change already live stays."""

import json

from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import create_user, signed_in

LATER = "2099-01-12T10:00"


def test_calling_off_a_scheduled_publish_keeps_the_live_version_and_says_so_in_history(reviewed):
    api, app = reviewed
    timer = add_timer(api)
    api.post(f"/api/timer/{timer['id']}/publish")
    api.post(f"/api/timer/{timer['id']}", timer_edit(timer, text_above="Na styczeń"))
    planned = api.post(f"/api/timer/{timer['id']}/publish", {"at": LATER})["message"]
    assert (planned["state"], [s["seq"] for s in planned["scheduled"]]) == ("scheduled", [2])
    api.post(f"/api/timer/{timer['id']}/unpublish", {"at": "2099-02-01T10:00"})

    answer = api.delete(f"/api/timer/{timer['id']}/scheduled")["message"]
    assert (answer["scheduled"], answer["live"], answer["state"]) == ([], 1, "changed")
    assert app.get("/api/public/timer/koniec-sezonu").json["message"]["text_above"] != "Na styczeń"
    app.get("/api/public/timer/koniec-sezonu/v/2", status=404)
    assert api.get(f"/api/timer/{timer['id']}")["message"]["publication"]["label"] == (
        "Opublikowany (zmiany nieopublikowane)"
    )
    entries = api.get(f"/api/history/?kind=timer&record_id={timer['id']}")["message"]["list"]
    cancelled = [e for e in entries if '"cancelled"' in json.dumps(e)]
    assert sorted(e["action"] for e in cancelled) == ["publish", "unpublish"]
    # Nothing left to call off: said in Polish, nothing written.
    refused = api.delete(f"/api/timer/{timer['id']}/scheduled", status=409)
    assert refused["errors"][0]["description"] == "Ten element nie ma zaplanowanych zmian do odwołania."
    # The next publish takes a new number: 2 was the one called off.
    assert api.post(f"/api/timer/{timer['id']}/publish")["message"]["published"] == 3


def test_calling_off_asks_the_publish_permission(api, testapp, db):
    timer = add_timer(api)
    api.post(f"/api/timer/{timer['id']}/unpublish", {"at": LATER})
    viewer = create_user(db, email="podglad@example.pl")
    viewer.role = "viewer"
    db.commit()
    signed_in(testapp, viewer).delete(f"/api/timer/{timer['id']}/scheduled", status=403)
    testapp.delete(f"/api/timer/{timer['id']}/scheduled", status=401)
    assert api.get(f"/api/timer/{timer['id']}/versions")["message"]["state"] == "scheduled"
    api.delete("/api/timer/999999/scheduled", status=404)
    assert api.delete(f"/api/timer/{timer['id']}/scheduled")["message"]["state"] == "published"
    assert "delete" in testapp.get("/api/openapi.json").json["paths"]["/api/{kind}/{id}/scheduled"]
