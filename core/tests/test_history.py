"""History (smogpanel.history): an operator edits a timer and a rank value, deletes a graph and
imports a ranking; another operator sees each in the record's history and in the whole log with
the right e-mail, fields and values, and puts each back; the putting back is recorded too."""

from urllib.parse import quote

import pytest
import sqlalchemy as sa
import webtest

from smogpanel.authority import PERSONAL, Rules
from smogpanel.db import utcnow
from smogpanel.hookspecs import hookimpl
from smogpanel.models import HistoryEntry
from smogpanel.plugins.graphs.tests.helpers import add_graph
from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value, import_file
from smogpanel.plugins.ranks.tests.test_imports import rv_rows
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import create_user, signed_in
from smogpanel.testing.files import png, upload


@pytest.fixture
def operator(testapp, db):
    """The one who changes things: a plain user."""
    return signed_in(testapp, create_user(db, email="ewa@example.pl", firstname="Ewa", lastname="Kowal"))


@pytest.fixture
def other(testapp, db):
    """Another operator, who reads history and puts things back (a super administrator: the only
    one who may bring back a deleted record)."""
    return signed_in(testapp, create_user(db, email="jan@example.pl", super=1, firstname="Jan"))


def operator_id(api, email="ewa@example.pl"):
    users = api.get("/api/user/")["message"]["list"]
    return next(user["id"] for user in users if user["email"] == email)


def record_history(api, kind, record_id):
    return api.get(f"/api/history/?kind={kind}&record_id={record_id}")["message"]["list"]


def test_a_timer_edit_is_seen_by_another_operator_and_reverted(operator, other):
    timer = add_timer(operator)
    operator.post(f"/api/timer/{timer['id']}", timer_edit(timer, name="Do wiosny", text_below="Wietrz krótko."))
    entries = record_history(other, "timer", timer["id"])
    assert [e["action"] for e in entries] == ["update", "create"]  # newest first
    edit = entries[0]
    assert (edit["user_email"], edit["user_id"], edit["record_name"]) == (
        "ewa@example.pl",
        operator_id(other),
        "Do wiosny",
    )
    assert edit["changes"] == {
        "name": ["Do końca sezonu", "Do wiosny"],
        "text_below": ["Ogrzewaj czysto.", "Wietrz krótko."],
    }
    assert edit["labels"]["name"] == "Nazwa"
    whole = other.get("/api/history/?action=update")["message"]
    assert whole["total"] == 1 and whole["list"][0]["id"] == edit["id"]

    answer = other.post(f"/api/history/{edit['id']}/revert", {})["message"]
    assert answer["record"]["name"] == "Do końca sezonu"
    assert other.get(f"/api/timer/{timer['id']}")["message"]["text_below"] == "Ogrzewaj czysto."
    latest = record_history(other, "timer", timer["id"])[0]
    assert (latest["user_email"], latest["reverts"]) == ("jan@example.pl", edit["id"])
    assert latest["changes"] == {
        "name": ["Do wiosny", "Do końca sezonu"],
        "text_below": ["Wietrz krótko.", "Ogrzewaj czysto."],
    }


def test_a_revert_is_refused_when_the_same_fields_changed_since(operator, other):
    timer = add_timer(operator)
    operator.post(f"/api/timer/{timer['id']}", timer_edit(timer, name="Do wiosny"))
    first = record_history(other, "timer", timer["id"])[0]
    timer = operator.get(f"/api/timer/{timer['id']}")["message"]
    operator.post(f"/api/timer/{timer['id']}", timer_edit(timer, name="Do lata"))
    errors = other.post(f"/api/history/{first['id']}/revert", {}, status=409)["errors"]
    assert errors[0]["name"] == "name" and "„Nazwa” zmieniono później" in errors[0]["description"]
    assert other.get(f"/api/timer/{timer['id']}")["message"]["name"] == "Do lata"


def test_an_uploaded_logo_is_recorded_as_changed_not_copied(operator, other):
    timer = add_timer(operator)
    operator.post(f"/api/timer/{timer['id']}", timer_edit(timer, logo_path=upload(png(), "logo.png")))
    assert record_history(other, "timer", timer["id"])[0]["changes"] == {"logo_path": "changed"}


def test_a_rank_value_edit_keeps_exact_decimals_and_is_reverted(operator, other):
    group = add_group(operator, add_rank(operator))
    value = add_value(operator, group, add_gmina(operator, "Skawina"), "12,5", 3)["message"]
    operator.post(f"/api/rank_value/{value['id']}", {"value": "13,75", "points": 4, "place": None})
    edit = record_history(other, "rank_value", value["id"])[0]
    assert edit["user_email"] == "ewa@example.pl"
    assert edit["changes"] == {"value": [12.5, 13.75], "points": [3, 4]}
    other.post(f"/api/history/{edit['id']}/revert", {})
    again = other.get(f"/api/rank_value/{value['id']}")["message"]
    assert (again["value"], again["points"]) == (12.5, 3)
    assert record_history(other, "rank_value", value["id"])[0]["reverts"] == edit["id"]


def test_a_deleted_graph_is_restored_by_reverting_the_delete(operator, other):
    graph = add_graph(operator)
    operator.delete(f"/api/graph/{graph['id']}")
    delete = record_history(other, "graph", graph["id"])[0]
    assert (delete["action"], delete["user_email"], delete["record_name"]) == (
        "delete",
        "ewa@example.pl",
        graph["name"],
    )
    # A plain operator may not bring a deleted record back (SPEC 6).
    errors = operator.post(f"/api/history/{delete['id']}/revert", {}, status=403)["errors"]
    assert "superadministrator" in errors[0]["description"]
    assert other.post(f"/api/history/{delete['id']}/revert", {})["message"]["action"] == "restore"
    assert other.get(f"/api/graph/{graph['id']}")["message"]["name"] == graph["name"]
    restore = record_history(other, "graph", graph["id"])[0]
    assert (restore["action"], restore["user_email"], restore["reverts"]) == ("restore", "jan@example.pl", delete["id"])


def test_a_restore_is_refused_when_the_internal_name_is_taken(operator, other):
    graph = add_graph(operator)
    operator.delete(f"/api/graph/{graph['id']}")
    delete = record_history(other, "graph", graph["id"])[0]
    add_graph(operator)  # the same internal name, live
    errors = other.post(f"/api/history/{delete['id']}/revert", {}, status=409)["errors"]
    assert "jest już zajęta" in errors[0]["description"]
    assert "pola „Nazwa wewnętrzna”" in errors[0]["description"]  # the field as the form names it


def test_a_restore_is_refused_while_the_parent_is_deleted_naming_it(operator, other):
    rank = add_rank(operator, name="Ranking smogowy")
    group = add_group(operator, rank)
    operator.delete(f"/api/rank_group/{group['id']}")
    operator.delete(f"/api/rank/{rank['id']}")
    delete = record_history(other, "rank_group", group["id"])[0]
    errors = other.post(f"/api/history/{delete['id']}/revert", {}, status=409)["errors"]
    assert errors[0]["description"] == (
        f"Nie można przywrócić: element nadrzędny (ranking „Ranking smogowy”, "
        f"id {rank['id']}) jest usunięty. Przywróć najpierw jego."
    )
    assert other.get(f"/api/rank_group/{group['id']}", status=404)


def test_a_ranking_import_is_one_entry_and_reverting_it_removes_what_it_created(operator, other):
    rank = add_rank(operator, "voivodeships")
    answer = operator.post("/api/rank/import", import_file(rv_rows(), name="2024", rank_id=rank["id"], type="RV_XLS"))[
        "message"
    ]
    entries = record_history(other, "rank", rank["id"])
    assert [e["action"] for e in entries] == ["import", "create"]
    details = entries[0]["changes"]
    assert details == {
        "file": "raport.xlsx",
        "type": "RV_XLS",
        "type_label": details["type_label"],
        "created": 80,
        "updated": 0,
        "skipped": 0,
        "created_kind": "rank_group",
        "created_id": answer["id"],
    }
    assert entries[0]["user_email"] == "ewa@example.pl"
    assert other.get("/api/history/?action=import")["message"]["total"] == 1
    other.post(f"/api/history/{entries[0]['id']}/revert", {})
    assert other.get(f"/api/rank_group/rank/{rank['id']}")["message"]["list"] == []
    removal = record_history(other, "rank_group", answer["id"])[0]
    assert (removal["action"], removal["reverts"]) == ("delete", entries[0]["id"])


def test_a_failed_write_leaves_no_entry(operator, db):
    timer = add_timer(operator)
    operator.post(f"/api/timer/{timer['id']}", timer_edit(timer, name=""), status=400)
    assert db.scalar(sa.select(sa.func.count()).select_from(HistoryEntry).where(HistoryEntry.action == "update")) == 0


def test_the_log_filters_pages_and_refuses_bad_filters(operator, other):
    for n in range(3):
        add_timer(operator, internal_name=f"t{n}", name=f"Minutnik {n}")
    page = other.get("/api/history/?kind=timer&per_page=2&page=2")["message"]
    assert (page["total"], len(page["list"]), page["list"][0]["record_name"]) == (3, 1, "Minutnik 0")
    assert other.get("/api/history/?user_id=999999")["message"]["total"] == 0
    assert other.get("/api/history/?from=2000-01-01&to=2000-01-02")["message"]["total"] == 0
    assert other.get("/api/history/?action=rename", status=400)["errors"][0]["name"] == "action"
    assert other.get("/api/history/?from=wczoraj", status=400)["errors"][0]["name"] == "from"
    assert other.get("/api/history/?to=9999-12-31", status=400)["errors"][0]["name"] == "to"
    for day in ("20261126", "2026-W48-1", "2026-330", "2026-11-26T00:00", "２０２６-11-26"):  # only RRRR-MM-DD
        assert other.get(f"/api/history/?from={quote(day)}", status=400)["errors"][0]["name"] == "from"
        assert other.get(f"/api/history/?to={quote(day)}", status=400)["errors"][0]["name"] == "to"
    assert other.get("/api/history/?page=99999999999", status=400)["errors"][0]["name"] == "page"
    assert other.get("/api/history/?record_id=99999999999", status=400)["errors"][0]["name"] == "record_id"
    assert other.get("/api/history/?order=user_email", status=400)["errors"][0]["name"] == "order"


def test_history_needs_a_signed_in_user(anonymous):
    anonymous.get("/api/history/", status=401)
    anonymous.post("/api/history/1/revert", {}, status=401)


def test_the_openapi_document_describes_history(anonymous):
    paths = anonymous.get("/api/openapi.json")["paths"]
    assert {p["name"] for p in paths["/api/history/"]["get"]["parameters"]} == {
        "kind",
        "record_id",
        "user_id",
        "action",
        "q",
        "from",
        "to",
        "page",
        "per_page",
        "order",
        "asc",
    }
    assert "Puts the record back" in paths["/api/history/{id}/revert"]["post"]["summary"]


def test_bytes_and_secrets_are_never_copied():
    from smogpanel.history import binary_mark, changes_between

    before = {"name": "a", "data": binary_mark(b"\x89PNG 1"), "api_token": "x"}
    after = {"name": "b", "data": binary_mark(b"\x89PNG 2"), "api_token": "y"}
    assert changes_between(before, after) == {"name": ["a", "b"], "data": "changed"}
    assert changes_between({"text": "a" * 30_000}, {"text": "b"}) == {"text": "changed"}


def test_an_account_profile_change_is_recorded_without_the_password_and_not_reverted(operator, other):
    operator.post(
        "/api/user/update",
        {
            "email": "ewa.kowal@example.pl",
            "password": "Nowe-haslo-123",
            "current_password": "Haslo-123!",
            "firstname": "Ewa",
            "lastname": "Kowal",
        },
    )
    me = {"id": operator_id(other, "ewa.kowal@example.pl")}  # her older tokens died with the password
    edit = record_history(other, "user", me["id"])[0]
    assert edit["changes"] == {"email": ["ewa@example.pl", "ewa.kowal@example.pl"], "password": "changed"}
    assert "Nowe-haslo" not in str(edit) and "Haslo-123" not in str(edit)
    # An account's details are its owner's alone to change, a super administrator's revert too.
    errors = other.post(f"/api/history/{edit['id']}/revert", {}, status=403)["errors"]
    assert errors[0]["description"] == "Dane konta zmienia tylko jego właściciel (w swoim profilu)."
    other.delete(f"/api/user/{me['id']}")
    assert record_history(other, "user", me["id"])[0]["action"] == "delete"


def test_a_create_records_what_the_record_was_created_with(operator, other):
    timer = add_timer(operator)
    create = record_history(other, "timer", timer["id"])[0]
    assert create["action"] == "create" and create["user_email"] == "ewa@example.pl"
    assert create["changes"]["name"] == [None, "Do końca sezonu"]
    assert create["changes"]["deadline"] == [None, timer["deadline"]]
    assert "logo_path" not in create["changes"]  # nothing given, nothing recorded


def test_the_log_names_every_kind_once_in_polish(other):
    kinds = {k["kind"]: k["label"] for k in other.get("/api/history/")["message"]["kinds"]}
    assert kinds["timer"] == "licznik"
    assert (kinds["graph_group"], kinds["rank_group"]) == ("grupa (wykres)", "grupa (ranking)")
    assert len(set(kinds.values())) == len(kinds)


class SecretRules:
    """A plugin made for this test declaring a kind only super administrators and accounts with
    'dane nadawców' may read: narrower than every shipped kind's "signed in"."""

    @hookimpl
    def smogpanel_includeme(self, config):
        rules = Rules(kind="probe_secret", plugin="probe")
        rules.allowed = {**Rules.allowed, "read": PERSONAL}
        rules.label = "tajny wpis"
        config.add_rules(rules)


def test_history_shows_only_the_entries_of_kinds_the_reader_may_read(make_app, db):
    app = webtest.TestApp(make_app(**{"smogpanel.plugin_objects": [("probe", SecretRules())]}))
    chief = signed_in(app, create_user(db, email="szef@example.pl", super=1))
    ewa = signed_in(app, create_user(db, email="ewa@example.pl"))
    trusted = create_user(db, email="ola@example.pl")
    trusted.personal_data = 1
    db.commit()
    ola = signed_in(app, trusted)
    timer = add_timer(chief)
    db.execute(
        sa.insert(HistoryEntry).values(
            at=utcnow(), action="create", kind="probe_secret", record_id=7, record_name="Tajemnica", changes="{}"
        )
    )
    db.commit()

    def seen(client, query=""):
        answer = client.get(f"/api/history/?{query}")["message"]
        return [(e["kind"], e["record_name"]) for e in answer["list"]], answer["total"], answer["kinds"]

    for reader in (chief, ola):
        entries, total, kinds = seen(reader)
        assert ("probe_secret", "Tajemnica") in entries and ("timer", timer["name"]) in entries
        assert total == len(entries) == 2
        assert {"kind": "probe_secret", "label": "tajny wpis"} in kinds
    entries, total, kinds = seen(ewa)
    assert entries == [("timer", timer["name"])] and total == 1
    assert "probe_secret" not in {k["kind"] for k in kinds}
    # Asking for the kind, the record or its name by hand finds nothing either.
    assert seen(ewa, "kind=probe_secret")[:2] == ([], 0)
    assert seen(ewa, "kind=probe_secret&record_id=7")[:2] == ([], 0)
    assert seen(ewa, "q=tajemnica")[:2] == ([], 0)
    assert seen(ola, "q=tajemnica")[:2] == ([("probe_secret", "Tajemnica")], 1)
