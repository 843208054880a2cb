"""What the publish dialog reads (issue 44): the draft's difference from the live version in the
form's words (the late publishes 'Zadania' offers again: test_publishing_schedule)."""

import pytest
import webtest

from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import signed_in

REVIEWED = {"smogpanel.publishing": "reviewed"}


@pytest.fixture
def reviewed(make_app, admin):
    return signed_in(webtest.TestApp(make_app(**REVIEWED)), admin)


def diff(api, record_id):
    return api.get(f"/api/timer/{record_id}/versions/diff")["message"]


def test_the_diff_names_the_fields_changed_since_the_live_version_as_the_form_words_them(reviewed):
    api = reviewed
    timer = add_timer(api)
    first = diff(api, timer["id"])
    assert (first["live"], first["base"], first["draft_changed"], first["rows"]) == (None, None, True, [])

    api.post(f"/api/timer/{timer['id']}/publish")
    assert diff(api, timer["id"]) == {"live": 1, "base": 1, "draft_changed": False, "rows": []}

    edited = api.post(f"/api/timer/{timer['id']}", timer_edit(timer, text_above="Pierwsza zmiana"))["message"]
    api.post(f"/api/timer/{timer['id']}", timer_edit(edited, text_above="Druga zmiana"))
    found = diff(api, timer["id"])
    assert (found["live"], found["draft_changed"]) == (1, True)
    ((row,),) = [[r for r in found["rows"] if r["field"] == "text_above"]]
    # Folded: what the public sees now, then what it will see; the step between is not shown.
    assert (row["before"], row["after"]) == (timer["text_above"], "Druga zmiana")
    assert row["label"] and row["label"] != "text_above"

    # Publishing leaves nothing to show; going back to version 1 compares with version 1's draft.
    api.post(f"/api/timer/{timer['id']}/publish")
    assert diff(api, timer["id"])["rows"] == []
    api.post(f"/api/timer/{timer['id']}/publish", {"seq": 1})
    back = diff(api, timer["id"])
    assert (back["live"], back["base"]) == (3, 3)
    assert [(r["before"], r["after"]) for r in back["rows"] if r["field"] == "text_above"] == [
        (timer["text_above"], "Druga zmiana")
    ]

    # Withdrawn: compared with the last version published.
    api.post(f"/api/timer/{timer['id']}/unpublish")
    assert diff(api, timer["id"])["base"] == 3


def test_the_diff_is_described_and_refuses_unknown_kinds(api, testapp):
    assert "get" in testapp.get("/api/openapi.json").json["paths"]["/api/{kind}/{id}/versions/diff"]
    answer = api.get("/api/nothing/1/versions/diff", status=404)
    assert answer["success"] is False
