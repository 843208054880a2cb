"""History of letters (smogpanel.history): the recipient import, read by hand rather than by
run_import, is one entry of the group; forgetting a sender's address forgets it in history."""

import sqlalchemy as sa

from smogpanel.models import HistoryEntry
from smogpanel.plugins.letters.sending import forget_sender
from smogpanel.testing.app import history_of
from smogpanel.testing.files import upload, xlsx

from .helpers import group, recipient


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


def test_forgetting_an_address_erases_what_history_holds_about_it(api, db):
    team = group(api)
    kept = recipient(api, team["id"], name="Jan", email="jan@example.org")
    gone = recipient(api, team["id"], name="Ewa", email="ewa@example.org")
    api.post(f"/api/recipient/{gone['id']}", {"name": "Ewa Nowak", "email": "ewa.nowak@example.org"})
    assert len(history_of(api, "recipient", gone["id"])) == 2
    forget_sender(db, "EWA@example.org")
    assert history_of(api, "recipient", gone["id"]) == []
    assert history_of(api, "recipient", kept["id"])
    assert not db.scalar(
        sa.select(sa.func.count())
        .select_from(HistoryEntry)
        .where(sa.func.lower(HistoryEntry.changes).like("%ewa@example.org%"))
    )
