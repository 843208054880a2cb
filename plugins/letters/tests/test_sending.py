"""Sending a letter from its public page: the confirmation link, one message per recipient
through the outbox to a real SMTP server (aiosmtpd), Reply-To the resident, counters of
delivered letters, once per address, rate limits, the honeypot, and forgetting a sender."""

import pytest
import sqlalchemy as sa
import webtest

from smogpanel.mail import deliver_outbox
from smogpanel.models import OutboxMail
from smogpanel.plugins.letters.models import LetterMessage, LetterSender
from smogpanel.plugins.letters.sending import forget_sender, purge_unconfirmed
from smogpanel.testing.app import Api, signed_in

from .conftest import PUBLIC_URL, confirm_path
from .helpers import group, letter, recipient

COUNCIL = [
    ("Jan Kowalski", "jan@example.org"),
    ("Maria Wiśniewska", "maria@example.org"),
    ("Piotr Zieliński", "piotr@example.org"),
]
RESIDENT = {"name": "Ewa Mieszkanka", "email": "ewa@example.net", "gdpr_agreement": True}


def arrange(
    api, content='<p>Prosimy o <strong>czyste</strong> powietrze. <a href="https://example.org">Raport</a></p>'
):
    one = group(api)
    people = [recipient(api, one["id"], name, address) for name, address in COUNCIL]
    record = letter(api, one["id"], content=content)
    return record, people


def ask(public, body=None, status=200, name="apel", **kw):
    return public.post(f"/api/public/letter/{name}/send", dict(RESIDENT, **(body or {})), status=status, **kw)


def confirm(app, path, status=200):
    return app.post(path, status=status)


def test_the_whole_flow_sends_one_message_per_recipient_and_counts_delivered_letters(
    mail_api, mail_app, public, smtp_server
):
    record, people = arrange(mail_api)
    answer = ask(public)
    assert answer["success"] is True and "Wysłaliśmy wiadomość" in answer["message"]
    # Only the confirmation mail so far: nothing went to the recipients.
    assert [m.envelope_to for m in smtp_server.messages] == [["ewa@example.net"]]
    assert "Potwierdź wysłanie listu" in smtp_server.messages[0]["Subject"]
    path = confirm_path(smtp_server, "ewa@example.net")
    page = mail_app.get(path)
    assert "Potwierdzam i wysyłam list" in page.text and "Jan Kowalski" in page.text
    assert public.get("/api/public/letter/apel")["message"]["sent"] == 0
    done = confirm(mail_app, path)
    assert "wyruszył do 3 adresatów" in done.text
    letters = [m for m in smtp_server.messages if m.envelope_to != ["ewa@example.net"]]
    assert sorted(m.envelope_to[0] for m in letters) == sorted(address for _, address in COUNCIL)
    for message in letters:
        assert message["Reply-To"] == "Ewa Mieszkanka <ewa@example.net>"
        assert message["Subject"] == "Apel mieszkańców"
        assert message.get_content_type() == "multipart/alternative"
        text = message.get_body(("plain",)).get_content()
        markup = message.get_body(("html",)).get_content()
        assert "Prosimy o czyste powietrze. Raport (https://example.org)" in text and "Ewa Mieszkanka" in text
        assert "<strong>czyste</strong>" in markup and "Ewa Mieszkanka" in markup
    # Counters: delivered letters, on the letter, each recipient and the public view.
    assert mail_api.get(f"/api/letter/{record['id']}")["message"]["sent"] == 1
    assert mail_api.get("/api/letter/")["message"]["list"][0]["sent"] == 1
    for person in people:
        assert mail_api.get(f"/api/recipient/{person['id']}")["message"]["sent"] == 1
    listed = mail_api.get(f"/api/recipient/recipient_group/{record['recipient_group_id']}")["message"]["list"]
    assert [row["sent"] for row in listed] == [1, 1, 1]
    assert public.get("/api/public/letter/apel")["message"]["sent"] == 1
    # The operator sees the sender and the delivery state.
    senders = mail_api.get(f"/api/letter/{record['id']}/sender")["message"]["list"]
    assert senders[0]["name"] == "Ewa Mieszkanka" and senders[0]["state"] == "delivered"
    assert senders[0]["messages"] == 3 and senders[0]["delivered"] == 3


def test_one_address_sends_a_letter_once(mail_api, mail_app, public, smtp_server):
    arrange(mail_api)
    ask(public)
    path = confirm_path(smtp_server, "ewa@example.net")
    confirm(mail_app, path)
    count = len(smtp_server.messages)
    again = confirm(mail_app, path)
    assert "został już wysłany" in again.text
    assert "został już wysłany" in mail_app.get(path).text
    # The form again with the same address (any case): a note to that address, no letters.
    ask(public, {"email": "EWA@example.net", "name": "Ktoś Inny"})
    assert len(smtp_server.messages) == count + 1
    assert "został już wysłany" in smtp_server.messages[-1]["Subject"]
    assert public.get("/api/public/letter/apel")["message"]["sent"] == 1


def test_an_unconfirmed_request_sends_nothing_and_asking_again_gives_a_new_link(
    mail_api, mail_app, public, smtp_server, db
):
    arrange(mail_api)
    ask(public)
    ask(public, {"name": "Ewa M."})
    assert len(smtp_server.to("ewa@example.net")) == 2
    assert db.scalar(sa.select(sa.func.count()).select_from(LetterSender)) == 1
    confirm(mail_app, confirm_path(smtp_server, "ewa@example.net"))
    assert smtp_server.to("jan@example.org")[0]["Reply-To"] == '"Ewa M." <ewa@example.net>'


def test_a_forged_or_expired_link_is_refused(mail_api, mail_app, public, smtp_server):
    arrange(mail_api)
    ask(public)
    path = confirm_path(smtp_server, "ewa@example.net")
    forged = path.replace("signature=", "signature=0")
    assert mail_app.get(forged, status=403)
    assert confirm(mail_app, forged, status=403)
    other = path.replace("/confirm/", "/confirm/9").split("?")[0] + "?" + path.split("?")[1]
    assert confirm(mail_app, other, status=403)
    expired = path.split("expires=")[0] + "expires=1&" + path.split("&", 1)[1]
    assert confirm(mail_app, expired, status=403)
    assert len(smtp_server.messages) == 1


def test_the_form_needs_a_name_an_email_and_consent(mail_api, public, smtp_server):
    arrange(mail_api)
    body = ask(public, {"gdpr_agreement": False}, status=400)
    assert body["errors"][0]["name"] == "gdpr_agreement" and "zgodę" in body["errors"][0]["description"]
    # No agreement sent at all is none given either (colander checks no rule of an absent field).
    absent = public.post(
        "/api/public/letter/apel/send", {"name": "Ewa Mieszkanka", "email": "ewa@example.net"}, status=400
    )
    assert absent["errors"][0]["name"] == "gdpr_agreement" and "zgodę" in absent["errors"][0]["description"]
    body = ask(public, {"email": "nie-adres", "name": ""}, status=400)
    assert {e["name"] for e in body["errors"]} == {"email", "name"}
    assert ask(public, name="nie-ma-takiego", status=404)["message"] == "NOT_FOUND"
    assert smtp_server.messages == []


def test_a_letter_without_recipients_is_not_offered_for_sending(mail_api, mail_app, public, smtp_server, db):
    record, people = arrange(mail_api)
    ask(public)  # asked while the group had recipients: the link is in the mail
    path = confirm_path(smtp_server, "ewa@example.net")
    for person in people:
        mail_api.delete(f"/api/recipient/{person['id']}")
    assert public.get("/api/public/letter/apel")["message"]["recipients"] == []
    # No confirmation mail promising a sending to nobody.
    refused = ask(public, {"email": "adam@example.net"}, status=409)
    assert refused["errors"][0]["description"].startswith("Ten list nie ma teraz żadnych adresatów")
    assert smtp_server.to("adam@example.net") == []
    # The confirmation page says so, with no button to press (not 'do: .').
    page = mail_app.get(path, status=409)
    assert "Brak adresatów" in page.text and "nie ma teraz żadnych adresatów" in page.text
    assert "<button" not in page.text and "do: ." not in page.text
    assert "Brak adresatów" in confirm(mail_app, path, status=409).text
    assert db.scalar(sa.select(sa.func.count()).select_from(LetterMessage)) == 0
    assert len(smtp_server.messages) == 1


def test_the_honeypot_answers_the_same_and_does_nothing(mail_api, public, smtp_server, db):
    arrange(mail_api)
    answer = ask(public, {"website": "https://spam.example"})
    assert answer["success"] is True
    assert "Wysłaliśmy wiadomość" in answer["message"]
    assert smtp_server.messages == [] and db.scalar(sa.select(sa.func.count()).select_from(LetterSender)) == 0


def test_rate_limits_per_email_and_per_client_address(make_app, admin, smtp_server):
    app = webtest.TestApp(
        make_app(
            **{
                "smogpanel.smtp_url": smtp_server.url,
                "smogpanel.public_url": PUBLIC_URL,
                "smogpanel.letter_requests_per_email": "2",
                "smogpanel.letter_requests_per_address": "4",
            }
        )
    )
    arrange(signed_in(app, admin))
    public = Api(app)
    here = {"REMOTE_ADDR": "203.0.113.5"}
    ask(public, extra_environ=here)
    ask(public, extra_environ=here)
    body = ask(public, status=429, extra_environ={"REMOTE_ADDR": "203.0.113.99"})
    assert body["message"] == "TOO_MANY_ATTEMPTS" and "Spróbuj ponownie" in body["errors"][0]["description"]
    ask(public, {"email": "inna@example.net"}, extra_environ=here)
    ask(public, {"email": "trzecia@example.net"}, extra_environ=here)
    body = ask(public, {"email": "czwarta@example.net"}, status=429, extra_environ=here)
    assert body["message"] == "TOO_MANY_ATTEMPTS"
    ask(public, {"email": "czwarta@example.net"}, extra_environ={"REMOTE_ADDR": "198.51.100.7"})


def test_a_failed_delivery_is_not_counted_until_send_mail_delivers_it(
    make_app, admin, dead_smtp_url, smtp_server, connection
):
    down = webtest.TestApp(make_app(**{"smogpanel.smtp_url": dead_smtp_url, "smogpanel.public_url": PUBLIC_URL}))
    api = signed_in(down, admin)
    record, people = arrange(api)
    ask(Api(down))
    sender_id = connection.execute(sa.select(LetterSender.id)).scalar_one()
    # The confirmation mail did not leave: deliver it from the outbox to the working server.
    up = make_app(**{"smogpanel.smtp_url": smtp_server.url, "smogpanel.public_url": PUBLIC_URL})
    factory = up.registry["db.session_factory"]
    assert deliver_outbox(factory, up.registry.settings) == (1, 0)
    path = confirm_path(smtp_server, "ewa@example.net")
    assert "wyruszył do 3" in down.post(path).text  # queued and committed; delivery fails
    assert api.get(f"/api/letter/{record['id']}")["message"]["sent"] == 0
    state = api.get(f"/api/letter/{record['id']}/sender")["message"]["list"][0]
    assert state["id"] == sender_id and state["state"] == "failing" and state["delivered"] == 0
    assert deliver_outbox(factory, up.registry.settings) == (3, 0)  # `smogpanel send-mail`
    assert api.get(f"/api/letter/{record['id']}")["message"]["sent"] == 1
    assert api.get(f"/api/recipient/{people[0]['id']}")["message"]["sent"] == 1
    assert len(smtp_server.to("maria@example.org")) == 1


def test_forgetting_a_sender_erases_them_and_keeps_the_counts(mail_api, mail_app, public, smtp_server, db):
    record, _ = arrange(mail_api)
    ask(public)
    confirm(mail_app, confirm_path(smtp_server, "ewa@example.net"))
    ask(public, {"email": "jeszcze@example.net", "name": "Niepotwierdzona"})
    assert forget_sender(db, " EWA@example.net ") == 1
    assert forget_sender(db, "jeszcze@example.net") == 1
    db.flush()
    rows = db.execute(sa.select(LetterSender.name, LetterSender.email, LetterSender.address, LetterSender.erased)).all()
    assert all(row.name is None and row.email is None and row.address is None and row.erased for row in rows)
    kept = db.scalars(sa.select(OutboxMail)).all()
    assert not any("ewa@example.net" in (m.body + (m.html or "") + (m.reply_to or "") + m.recipient) for m in kept)
    assert not any("Niepotwierdzona" in m.body for m in kept)
    assert db.scalar(sa.select(sa.func.count()).select_from(LetterMessage)) == 3
    assert mail_api.get(f"/api/letter/{record['id']}")["message"]["sent"] == 1
    senders = mail_api.get(f"/api/letter/{record['id']}/sender")["message"]["list"]
    assert [s["state"] for s in senders] == ["erased", "erased"]
    assert forget_sender(db, "nikt@example.net") == 0


def test_requests_never_confirmed_are_erased_once_their_link_expired(mail_api, mail_app, public, smtp_server, db):
    from datetime import timedelta

    from smogpanel.db import utcnow

    arrange(mail_api)
    ask(public, {"email": "stary@example.net", "name": "Dawno Temu"})
    ask(public)
    old, new = db.scalars(sa.select(LetterSender).order_by(LetterSender.id)).all()
    assert purge_unconfirmed(db) == 0  # both links still valid
    old.created = utcnow() - timedelta(days=3, minutes=1)
    db.flush()
    assert purge_unconfirmed(db) == 1
    db.refresh(old)
    db.refresh(new)
    assert old.erased and old.name is None and old.email is None and new.erased is None
    assert not any("stary@example.net" in m.recipient for m in db.scalars(sa.select(OutboxMail)))
    # The public form purges on its own: an old request of another letter's sender goes too.
    new.created = utcnow() - timedelta(days=4)
    db.flush()
    ask(public, {"email": "nowy@example.net"})
    db.refresh(new)
    assert new.erased is not None


@pytest.mark.slow
def test_a_forwarded_address_neither_resets_the_limit_nor_is_stored_unless_a_trusted_proxy_sent_it(
    make_app, admin, smtp_server, connection
):
    app = webtest.TestApp(
        make_app(
            **{
                "smogpanel.smtp_url": smtp_server.url,
                "smogpanel.public_url": PUBLIC_URL,
                "smogpanel.letter_requests_per_address": "2",
                "smogpanel.trusted_proxies": "10.0.0.0/8",
            }
        )
    )
    arrange(signed_in(app, admin))
    public = Api(app)
    direct = {"REMOTE_ADDR": "203.0.113.5"}
    ask(public, {"email": "a@example.net"}, extra_environ=direct, headers={"X-Forwarded-For": "192.0.2.1"})
    ask(public, {"email": "b@example.net"}, extra_environ=direct, headers={"X-Forwarded-For": "192.0.2.2"})
    body = ask(
        public, {"email": "c@example.net"}, status=429, extra_environ=direct, headers={"X-Forwarded-For": "192.0.2.3"}
    )
    assert body["message"] == "TOO_MANY_ATTEMPTS"
    ask(
        public,
        {"email": "d@example.net"},
        extra_environ={"REMOTE_ADDR": "10.0.0.2"},
        headers={"X-Forwarded-For": "192.0.2.9, 198.51.100.7"},
    )
    stored = dict(connection.execute(sa.select(LetterSender.email, LetterSender.address)).all())
    assert stored == {"a@example.net": "203.0.113.5", "b@example.net": "203.0.113.5", "d@example.net": "198.51.100.7"}


def test_a_forged_confirmation_link_is_refused_whatever_it_carries(mail_api, mail_app):
    """Found by schemathesis (`st run --checks all`): both ended in a 500."""
    arrange(mail_api)  # the letter exists: the link itself is what is checked
    forged = "/view/letter/apel/confirm/1?expires=99999999999&signature=%C3%83%26"
    assert "nieprawidłowy" in mail_app.post(forged, status=403).text
    # A malformed body (multipart without a boundary) is refused before the view, as on every route.
    malformed = mail_app.post(forged, headers={"Content-Type": "multipart/form-data"}, status=400)
    assert malformed.json["errors"][0]["name"] == "body"
