"""What is held about a letter's sender and who sees it (docs/letters.md): the senders screen's
API masks residents' names and addresses to an account without 'dane nadawców'; every
confirmation mail carries a signed link whose page erases the sender's data only when its button
is pressed; `export_sender` (smogpanel letters export) gathers everything held about an address;
confirmed senders are erased once `smogpanel.letters.keep_confirmed_days` have passed."""

import json
from datetime import timedelta

import pytest
import sqlalchemy as sa
from pyramid.exceptions import ConfigurationError

from smogpanel.db import utcnow
from smogpanel.models import HistoryEntry, OutboxMail
from smogpanel.plugins.letters.access_request import export_sender
from smogpanel.plugins.letters.erasure import erase_expired, retention_job
from smogpanel.plugins.letters.models import LetterMessage, LetterSender
from smogpanel.testing.app import create_user, signed_in
from smogpanel.testing.mail import link_in

from .conftest import confirm_path
from .test_sending import arrange, ask, confirm

ERASE = r"(/view/letter/erase/\d+\?\S+)"
MASK = "[ukryte]"


def erase_path(inbox, address):
    """The erase link's path and query from the last mail to `address`."""
    return link_in(inbox.to(address)[-1], ERASE)


def sent_letter(mail_api, mail_app, public, smtp_server, **resident):
    """A letter to three recipients, sent by Ewa (confirmed, delivered)."""
    record, _ = arrange(mail_api)
    ask(public, resident or None)
    confirm(mail_app, confirm_path(smtp_server, resident.get("email", "ewa@example.net")))
    return record


def account(app, db, email, personal_data):
    user = create_user(db, email=email)
    user.personal_data = personal_data
    db.commit()
    return signed_in(app, user)


def test_the_senders_are_masked_to_an_account_without_the_permission(mail_api, mail_app, public, smtp_server, db):
    record = sent_letter(mail_api, mail_app, public, smtp_server)
    path = f"/api/letter/{record['id']}/sender"
    without = account(mail_app, db, "bez@example.pl", 0)
    allowed = account(mail_app, db, "z@example.pl", 1)
    for api in (mail_api, allowed):
        seen = api.get(path)["message"]
        assert seen["personal"] is True
        assert (seen["list"][0]["name"], seen["list"][0]["email"]) == ("Ewa Mieszkanka", "ewa@example.net")
    hidden = without.get(path)["message"]
    assert hidden["personal"] is False
    row = hidden["list"][0]
    assert (row["name"], row["email"]) == (MASK, MASK)
    assert (row["state"], row["delivered"], row["messages"]) == ("delivered", 3, 3)  # the rest is shown
    assert "ewa@example.net" not in json.dumps(hidden) and "Mieszkanka" not in json.dumps(hidden)


def test_the_erase_link_shows_a_button_and_only_pressing_it_erases(mail_api, mail_app, public, smtp_server, db):
    record = sent_letter(mail_api, mail_app, public, smtp_server)
    confirmation = smtp_server.to("ewa@example.net")[0]
    assert "usunęli Twoje dane" in confirmation.get_body(("plain",)).get_content()
    path = erase_path(smtp_server, "ewa@example.net")

    # Following the link (a mail client's prefetch, a scanner) erases nothing.
    page = mail_app.get(path)
    assert "Usuń moje dane" in page.text and "ewa@example.net" in page.text
    assert page.headers["Cache-Control"] == "no-store"
    assert '<form method="post"' in page.text and "<script" not in page.text
    assert db.scalar(sa.select(LetterSender.email)) == "ewa@example.net"

    done = mail_app.post(path)
    assert "Twoje dane zostały usunięte" in done.text
    db.expire_all()
    sender = db.scalars(sa.select(LetterSender)).one()
    assert (sender.name, sender.email, sender.address) == (None, None, None) and sender.erased
    kept = db.scalars(sa.select(OutboxMail)).all()
    assert not any("ewa@example.net" in m.recipient + m.body + (m.html or "") + (m.reply_to or "") for m in kept)
    assert not any("Mieszkanka" in m.body for m in kept)
    # The counts stay.
    assert db.scalar(sa.select(sa.func.count()).select_from(LetterMessage)) == 3
    assert public.get("/api/public/letter/apel")["message"]["sent"] == 1
    assert mail_api.get(f"/api/letter/{record['id']}/sender")["message"]["list"][0]["state"] == "erased"
    # Recorded in history, without the address: who (the resident's link) and which request.
    entries = mail_api.get("/api/history/?kind=letter_sender")["message"]["list"]
    assert [(e["action"], e["record_id"], e["via"], e["record_name"]) for e in entries] == [
        ("delete", sender.id, "link", "")
    ]
    assert entries[0]["user_email"] == "nadawca (odnośnik z e-maila)" and entries[0]["kind_label"] == "nadawca listu"
    assert entries[0]["revertable"] is False
    assert "ewa@example.net" not in json.dumps(mail_api.get("/api/history/")["message"])

    # The link again: nothing left to erase, said plainly.
    assert "zostały już usunięte" in mail_app.get(path).text
    assert "zostały już usunięte" in mail_app.post(path).text
    assert len(mail_api.get("/api/history/?kind=letter_sender")["message"]["list"]) == 1


def test_a_forged_or_expired_erase_link_is_refused_and_erases_nothing(mail_api, mail_app, public, smtp_server, db):
    arrange(mail_api)
    ask(public)
    path = erase_path(smtp_server, "ewa@example.net")
    forged = path.replace("signature=", "signature=0")
    assert "nieprawidłowy" in mail_app.get(forged, status=403).text
    mail_app.post(forged, status=403)
    # A body the page never sends (multipart with no boundary) changes nothing either: no 500, a
    # 400 from the malformed-body check every route has, before the link is even read.
    mail_app.post(forged, headers={"Content-Type": "multipart/form-data"}, status=400)
    other = path.replace("/erase/", "/erase/9").split("?")[0] + "?" + path.split("?")[1]
    mail_app.post(other, status=403)
    expired = path.split("expires=")[0] + "expires=1&" + path.split("&", 1)[1]
    mail_app.post(expired, status=403)
    assert db.scalar(sa.select(LetterSender.email)) == "ewa@example.net"


def test_erasing_an_unconfirmed_request_leaves_its_confirmation_link_dead(mail_api, mail_app, public, smtp_server, db):
    arrange(mail_api)
    ask(public)
    mail_app.post(erase_path(smtp_server, "ewa@example.net"))
    assert "Tego zgłoszenia już nie ma" in confirm(mail_app, confirm_path(smtp_server, "ewa@example.net"), 404).text
    assert db.scalar(sa.select(sa.func.count()).select_from(LetterMessage)) == 0


def test_the_export_holds_everything_about_the_address(mail_api, mail_app, public, smtp_server, db):
    record = sent_letter(mail_api, mail_app, public, smtp_server)
    ask(public)  # again: the note 'already sent' goes to the address, with an erase link
    # An operator typed the address into a recipient once: history holds it.
    group_id = record["recipient_group_id"]
    mail_api.post("/api/recipient/", {"name": "Ewa", "email": "ewa@example.net", "recipient_group_id": group_id})
    data = export_sender(db, " EWA@example.net ", 365)
    assert data["email"] == "ewa@example.net" and data["retention_days"] == 365
    (sender,) = data["senders"]
    assert (sender["name"], sender["email"], sender["state"]) == ("Ewa Mieszkanka", "ewa@example.net", "potwierdzone")
    assert sender["letter"]["internal_name"] == "apel" and sender["address"]
    assert sender["consent_text"].startswith("Wyrażam zgodę") and sender["messages"] == 3
    assert sender["erased_after"] == sender["confirmed"] + timedelta(days=365)
    directions = sorted(mail["direction"] for mail in data["mails"])
    assert directions == ["do nadawcy"] * 2 + ["w imieniu nadawcy"] * 3
    on_behalf = [mail for mail in data["mails"] if mail["direction"] == "w imieniu nadawcy"]
    assert all(mail["reply_to"] == "Ewa Mieszkanka <ewa@example.net>" and mail["sent"] for mail in on_behalf)
    assert sorted(item["key"] for item in data["throttle"]) == sorted(
        ["letter-email:ewa@example.net"] * 2 + [f"letter-addr:{sender['address']}"] * 2
    )
    assert [(entry["kind"], entry["action"]) for entry in data["history"]] == [("recipient", "create")]
    assert data["history"][0]["changes"]["email"] == [None, "ewa@example.net"]
    # Nothing held: empty lists, not an error.
    nothing = export_sender(db, "nikt@example.net", 365)
    assert (nothing["senders"], nothing["mails"], nothing["throttle"], nothing["history"]) == ([], [], [], [])


def test_confirmed_senders_are_erased_once_the_retention_has_passed(mail_api, mail_app, public, smtp_server, db):
    sent_letter(mail_api, mail_app, public, smtp_server)
    sent_letter_again = ask(public, {"email": "adam@example.net", "name": "Adam Nowy"})
    assert sent_letter_again["success"]
    confirm(mail_app, confirm_path(smtp_server, "adam@example.net"))
    registry = mail_app.app.registry
    assert retention_job(registry) == "Usunięto dane nadawców potwierdzonych ponad 365 dni temu: 0."
    # Ewa confirmed a year and a day ago; Adam today.
    ewa = db.scalars(sa.select(LetterSender).where(LetterSender.email == "ewa@example.net")).one()
    ewa.confirmed = utcnow() - timedelta(days=366)
    db.commit()
    assert retention_job(registry) == "Usunięto dane nadawców potwierdzonych ponad 365 dni temu: 1."
    db.expire_all()
    rows = {row.id: row for row in db.scalars(sa.select(LetterSender))}
    assert rows[ewa.id].email is None and rows[ewa.id].name is None and rows[ewa.id].erased
    assert [row.email for row in rows.values() if row.erased is None] == ["adam@example.net"]
    assert db.scalar(sa.select(sa.func.count()).select_from(LetterMessage)) == 6  # counts stay
    assert public.get("/api/public/letter/apel")["message"]["sent"] == 2
    entries = db.scalars(sa.select(HistoryEntry).where(HistoryEntry.kind == "letter_sender")).all()
    assert [(e.action, e.record_id, e.via, e.record_name) for e in entries] == [("delete", ewa.id, "scheduler", "")]
    assert erase_expired(db, 365) == 0  # nothing more to do


def test_a_shorter_retention_erases_sooner(mail_api, mail_app, public, smtp_server, db):
    sent_letter(mail_api, mail_app, public, smtp_server)
    ewa = db.scalars(sa.select(LetterSender)).one()
    ewa.confirmed = utcnow() - timedelta(days=31)
    db.commit()
    assert erase_expired(db, 60) == 0
    assert erase_expired(db, 30) == 1


@pytest.mark.parametrize("value", ["rok", "0", "-5", "12.5", "40000"])
def test_a_wrong_retention_setting_stops_the_app_with_the_reason(make_app, value):
    with pytest.raises(ConfigurationError, match="smogpanel.letters.keep_confirmed_days .* musi być liczbą dni"):
        make_app(**{"smogpanel.letters.keep_confirmed_days": value})


def test_the_retention_setting_comes_from_the_environment(make_app, monkeypatch):
    monkeypatch.setenv("SMOGPANEL_LETTERS_KEEP_CONFIRMED_DAYS", "nigdy")
    with pytest.raises(ConfigurationError, match="„nigdy”"):
        make_app()
    monkeypatch.setenv("SMOGPANEL_LETTERS_KEEP_CONFIRMED_DAYS", "90")
    assert make_app().registry.settings["smogpanel.letters.keep_confirmed_days"] == "90"
