"""History of letters (smogpanel.history): the recipient import, read by hand rather than by
run_import, is one entry of the group; forgetting a sender's address erases it from history
and keeps the entries."""

import sqlalchemy as sa

from smogpanel.history import REDACTED
from smogpanel.models import HistoryEntry
from smogpanel.plugins.letters.sending import forget_sender
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import history_of
from smogpanel.testing.files import upload, xlsx

from .helpers import group, letter, recipient


def test_a_recipient_import_is_one_entry_of_the_group(api):
    team = group(api)
    body = {
        "recipient_group_id": team["id"],
        "name_column": "A",
        "email_column": "B",
        "file": upload(xlsx([["Anna", "anna@example.org"], ["Piotr", "piotr@example.org"]]), "radni.xlsx"),
    }
    api.post("/api/recipient/import", body)
    entry = history_of(api, "recipient_group", team["id"])[0]
    assert entry["action"] == "import"
    assert (entry["changes"]["file"], entry["changes"]["created"]) == ("radni.xlsx", 2)


def test_forgetting_an_address_erases_it_from_history_and_keeps_the_entries(api, db):
    team = group(api)
    kept = recipient(api, team["id"], name="Jan", email="jan@example.org")
    gone = recipient(api, team["id"], name="Ewa", email="ewa@example.org")
    api.post(f"/api/recipient/{gone['id']}", {"name": "Ewa Nowak", "email": "ewa.nowak@example.org"})
    api.post(f"/api/recipient/{gone['id']}", {"name": "Ewa Nowak", "email": "EWA@example.org"})
    timer = add_timer(api, text_below="Pytania: ewa@example.org.")
    api.post(f"/api/timer/{timer['id']}", timer_edit(timer, name="Do wiosny"))

    forget_sender(db, "EWA@example.org")

    entries = history_of(api, "recipient", gone["id"])
    assert [entry["action"] for entry in entries] == ["update", "update", "create"]
    assert entries[0]["changes"]["email"] == ["ewa.nowak@example.org", REDACTED]  # a longer address stays
    assert entries[2]["changes"]["email"] == [None, REDACTED]
    assert entries[2]["changes"]["name"] == [None, "Ewa"]  # every other field remains
    timer_entries = history_of(api, "timer", timer["id"])
    assert [entry["action"] for entry in timer_entries] == ["update", "create"]  # the operator's edit kept
    assert timer_entries[0]["changes"]["name"] == ["Do końca sezonu", "Do wiosny"]
    assert timer_entries[1]["changes"]["text_below"] == [None, f"Pytania: {REDACTED}."]
    assert history_of(api, "recipient", kept["id"])[0]["changes"]["email"] == [None, "jan@example.org"]
    for changes in db.scalars(sa.select(HistoryEntry.changes)):
        assert "ewa@example.org" not in changes.lower().replace("ewa.nowak@example.org", "")


def test_a_letter_whose_group_was_deleted_since_is_not_restored(api):
    """Reverting a letter's delete after its recipient group went would give a live letter
    sending to nobody (its public form answered 409): refused like other reverts to a state no
    form could save, and nothing changes until the group is back."""
    team = group(api)
    apel = letter(api, team["id"], name="Apel do radnych")
    api.delete(f"/api/letter/{apel['id']}")
    api.delete(f"/api/recipient_group/{team['id']}")
    deleted = history_of(api, "letter", apel["id"])[0]
    refused = api.post(f"/api/history/{deleted['id']}/revert", {}, status=409)["errors"][0]["description"]
    assert refused == (
        "Nie można przywrócić: pole „Grupa adresatów” wskazuje usunięty element "
        "(grupa adresatów „Radni Krakowa”, id " + str(team["id"]) + "). Przywróć najpierw jego."
    )
    api.get(f"/api/letter/{apel['id']}", status=404)
    api.get("/api/public/letter/apel", status=404)
    group_deleted = history_of(api, "recipient_group", team["id"])[0]
    api.post(f"/api/history/{group_deleted['id']}/revert", {})
    api.post(f"/api/history/{deleted['id']}/revert", {})
    assert api.get("/api/public/letter/apel")["message"]["recipients"] == []
