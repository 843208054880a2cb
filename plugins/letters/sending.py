"""Sending a letter from its public page, like a petition done right:

1. `POST /api/public/letter/<internal_name>/send` {name, email, gdpr_agreement, website}: the
   resident's name, e-mail and consent (the consent text and time, and the client address,
   are kept: see docs/letters.md). Throttled per client address and per e-mail (the core's
   sign-in throttle); `website` is a honeypot (filled: the same answer, nothing done). The
   answer is always the same; a confirmation link goes to the address.
2. The link (`/view/letter/<internal_name>/confirm/<sender id>?expires&signature`, signed,
   valid 48 hours) opens a page with one button (a mail scanner that follows links confirms
   nothing); pressing it queues one message per recipient in one transaction, through the
   core outbox (delivered after the commit, retried by `smogpanel send-mail`), with the
   resident as Reply-To, as HTML and plain text. An address sends a given letter once.
3. Every confirmation mail carries a second signed link that erases what is held about the
   sender (smogpanel.plugins.letters.erasure): a page with a button, as for confirming.
"""

import html
from datetime import timedelta
from email.utils import formataddr

import sqlalchemy as sa
from cornice import Service
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from smogpanel import history
from smogpanel.db import own_transaction, utcnow
from smogpanel.envelope import error_response
from smogpanel.mail import OutboxMail, public_url, send_mail, send_mails
from smogpanel.openapi import ENVELOPE, PATH_ID, describe_route
from smogpanel.reach import count_event
from smogpanel.signed_links import is_valid, signed_query
from smogpanel.throttle import Throttle, client_address, forget_keys, setting
from smogpanel.validation import body_validator

from .models import Letter, LetterMessage, LetterSender, Recipient
from .sanitise import sanitise, to_text
from .schemas import DEFAULT_GDPR_AGREEMENT, SendSchema
from .settings import keep_confirmed_days

SENDER_KIND = "letter_sender"  # the kind history records erasures under (views.SenderRules)
PURPOSE = "letter-confirm-signed"
LINK_VALIDITY = 48 * 3600
ERASE_PURPOSE = "letter-erase-signed"
# The erase link outlives the data it erases: kept `keep_confirmed_days` after the confirmation.
ERASE_LINK_MARGIN_DAYS = 30
THROTTLE_DEFAULTS = {
    "smogpanel.letter_requests_per_email": 3,
    "smogpanel.letter_requests_per_address": 20,
    "smogpanel.letter_window_seconds": 60 * 60,
}
ANSWER = (
    "Dziękujemy! Wysłaliśmy wiadomość na podany adres e-mail. Kliknij w niej odnośnik, aby potwierdzić i wysłać list."
)
TOO_MANY = "Zbyt wiele prób wysłania listu. Spróbuj ponownie za godzinę."
NOBODY = "Ten list nie ma teraz żadnych adresatów, więc nie można go wysłać. Spróbuj później."
CONFIRM_SUBJECT = "Potwierdź wysłanie listu"
ERASED_BODY = "(Treść usunięta na żądanie nadawcy.)"


def letter_by_name(db, internal_name):
    return db.scalars(
        sa.select(Letter).where(Letter.internal_name == internal_name, Letter.deleted.is_(None)).limit(1)
    ).first()


def live_recipients(db, letter):
    return db.scalars(
        sa.select(Recipient)
        .where(Recipient.recipient_group_id == letter.recipient_group_id, Recipient.deleted.is_(None))
        .order_by(Recipient.name, Recipient.id)
    ).all()


def has_recipients(db, letter):
    return (
        db.scalar(
            sa.select(Recipient.id)
            .where(Recipient.recipient_group_id == letter.recipient_group_id, Recipient.deleted.is_(None))
            .limit(1)
        )
        is not None
    )


def nobody_page():
    return page("Brak adresatów", f"<p>{html.escape(NOBODY)}</p>", 409)


def letter_throttle(request, email):
    settings = request.registry.settings
    throttle = Throttle(request.db, setting(settings, "smogpanel.letter_window_seconds", THROTTLE_DEFAULTS))
    limits = {
        f"letter-email:{email}": setting(settings, "smogpanel.letter_requests_per_email", THROTTLE_DEFAULTS),
        f"letter-addr:{client_address(request)}": setting(
            settings, "smogpanel.letter_requests_per_address", THROTTLE_DEFAULTS
        ),
    }
    return throttle, limits


def confirm_link(request, letter, sender):
    query = signed_query(request.registry, PURPOSE, str(sender.id), ttl=LINK_VALIDITY)
    return f"{public_url(request.registry.settings)}/view/letter/{letter.internal_name}/confirm/{sender.id}?{query}"


def erase_link(request, sender):
    """The signed link that erases what is held about `sender`'s address (erasure.py)."""
    days = keep_confirmed_days(request.registry.settings) + ERASE_LINK_MARGIN_DAYS
    query = signed_query(request.registry, ERASE_PURPOSE, str(sender.id), ttl=days * 24 * 3600)
    return f"{public_url(request.registry.settings)}/view/letter/erase/{sender.id}?{query}"


def erase_paragraph(request, sender):
    return (
        "Jeśli chcesz, abyśmy usunęli Twoje dane (imię i nazwisko, adres e-mail, adres IP i zgody) "
        f"ze wszystkich listów, otwórz ten odnośnik i potwierdź:\n\n{erase_link(request, sender)}\n"
    )


# -- 1. the public form --------------------------------------------------------------------
def send_view(request):
    data = request.validated
    letter = letter_by_name(request.db, request.matchdict["internal_name"])
    if letter is None:
        return error_response("NOT_FOUND")
    if not has_recipients(request.db, letter):
        # Nobody to send to (the group emptied): no confirmation mail promising a sending.
        return error_response("CONFLICT", [{"name": "", "description": NOBODY}])
    if data["website"]:
        return ANSWER  # a bot filled the honeypot: the same answer, nothing done
    throttle, limits = letter_throttle(request, data["email"])
    if throttle.reserve(limits) is None:
        return error_response("TOO_MANY_ATTEMPTS", [{"name": "", "description": TOO_MANY}])
    purge_unconfirmed(request.db)
    sender = request.db.scalars(
        sa.select(LetterSender).where(LetterSender.letter_id == letter.id, LetterSender.email == data["email"]).limit(1)
    ).first()
    if sender is not None and sender.confirmed is not None:
        send_mail(
            request,
            data["email"],
            f"List „{letter.title}” został już wysłany",
            f"Dzień dobry,\n\nlist „{letter.title}” został już wcześniej wysłany z tego adresu e-mail "
            "do wszystkich adresatów. Każdy adres może wysłać dany list tylko raz.\n\n"
            f"{erase_paragraph(request, sender)}\nDziękujemy!\n",
        )
        return ANSWER
    if sender is None:
        sender = LetterSender(letter_id=letter.id, email=data["email"])
        request.db.add(sender)
    sender.name = data["name"]
    sender.consent_text = letter.gdpr_agreement or DEFAULT_GDPR_AGREEMENT
    sender.consent_at = utcnow()
    sender.address = client_address(request)[:100]
    request.db.flush()
    link = confirm_link(request, letter, sender)
    mail = send_mail(
        request,
        data["email"],
        f"{CONFIRM_SUBJECT} „{letter.title}”",
        f"Dzień dobry {data['name']},\n\n"
        f"aby wysłać list „{letter.title}” pod swoim imieniem i nazwiskiem do wszystkich jego "
        f"adresatów, otwórz ten odnośnik i potwierdź:\n\n{link}\n\n"
        "Odnośnik jest ważny przez 48 godzin. Jeśli to nie Ty wypełniłeś(-aś) formularz, "
        "zignoruj tę wiadomość: bez potwierdzenia nic nie zostanie wysłane.\n\n"
        f"{erase_paragraph(request, sender)}",
    )
    sender.confirmation_mail_id = mail.id
    count_event(request, "letter", "sent", record_id=letter.id)  # reach: the funnel's second step
    return ANSWER


# -- 2. the confirmation page --------------------------------------------------------------
PAGE = """<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}}
button{{font-size:1.1rem;padding:.6rem 1.2rem;cursor:pointer}}</style></head>
<body><h1>{title}</h1>{body}</body></html>"""


def page(title, body, status=200):
    text = PAGE.format(title=html.escape(title), body=body)
    response = Response(text, status=status, content_type="text/html", charset="utf-8")
    response.cache_control = "no-store"
    return response


def _checked(request):
    """(letter, sender) of a valid link, or the error page to answer."""
    letter = letter_by_name(request.db, request.matchdict["internal_name"])
    sender_id = request.matchdict["sender_id"]
    # The link's query only (request.GET): the confirming POST's body is never read, so a
    # malformed one (multipart without a boundary) cannot fail the page.
    if letter is None or not is_valid(request.registry, PURPOSE, sender_id, request.GET):
        return None, page(
            "Odnośnik jest nieprawidłowy",
            "<p>Odnośnik jest nieprawidłowy albo wygasł. Wypełnij formularz listu jeszcze raz, a wyślemy nowy.</p>",
            403,
        )
    sender = request.db.get(LetterSender, int(sender_id))
    if sender is None or sender.letter_id != letter.id or sender.erased is not None:
        return None, page("Odnośnik jest nieprawidłowy", "<p>Tego zgłoszenia już nie ma.</p>", 404)
    if sender.confirmed is not None:
        return None, page(
            "List został już wysłany",
            f"<p>List „{html.escape(letter.title)}” został już wysłany z Twojego adresu. "
            "Każdy adres może wysłać dany list tylko raz. Dziękujemy!</p>",
        )
    return (letter, sender), None


def confirm_page(request):
    found, error = _checked(request)
    if error is not None:
        return error
    letter, sender = found
    recipients = live_recipients(request.db, letter)
    if not recipients:
        return nobody_page()  # no button that could only answer 'Brak adresatów'
    names = ", ".join(html.escape(r.name) for r in recipients)
    query = html.escape(request.query_string)
    return page(
        f"Potwierdź wysłanie listu „{letter.title}”",
        f"<p>Wyślesz list „{html.escape(letter.title)}” jako <strong>{html.escape(sender.name)}</strong> "
        f"({html.escape(sender.email)}) do: {names}.</p>"
        f'<form method="post" action="?{query}"><button type="submit">Potwierdzam i wysyłam list'
        "</button></form>",
    )


def letter_mails(request, letter, sender, recipients):
    """The letter from `sender` to each recipient: the same subject, text, HTML and Reply-To
    (made once), each to its own address."""
    content = sanitise(letter.content)
    link = f"{public_url(request.registry.settings)}/view/letter/{letter.internal_name}"
    footer = (
        f"Ten list wysłał(a) {sender.name} ({sender.email}) przez formularz {link}. "
        "Odpowiedź na tę wiadomość trafi bezpośrednio do nadawcy."
    )
    body = f"{to_text(content)}\n\n-- \n{sender.name}\n{sender.email}\n\n{footer}\n"
    markup = (
        f'<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>{html.escape(letter.title)}'
        f"</title></head><body>{content}<p>{html.escape(sender.name)}<br>{html.escape(sender.email)}</p>"
        f'<hr><p style="color:#666;font-size:small">{html.escape(footer)}</p></body></html>'
    )
    reply_to = formataddr((sender.name, sender.email))
    return [
        {"to": r.email, "subject": letter.title, "body": body, "html": markup, "reply_to": reply_to} for r in recipients
    ]


def send_letters(request, letter, sender):
    """Marks the sender confirmed and queues their letter to every recipient, in the request's
    transaction. Returns the number of messages, or None when someone else confirmed first."""
    claimed = request.db.execute(
        sa.update(LetterSender)
        .where(LetterSender.id == sender.id, LetterSender.confirmed.is_(None))
        .values(confirmed=utcnow())
        .execution_options(synchronize_session=False)
    ).rowcount
    if claimed != 1:
        return None
    recipients = live_recipients(request.db, letter)
    ids = send_mails(request, letter_mails(request, letter, sender, recipients))
    if ids:
        request.db.execute(
            sa.insert(LetterMessage),
            [{"sender_id": sender.id, "recipient_id": r.id, "mail_id": mail_id} for r, mail_id in zip(recipients, ids)],
        )
    return len(ids)


def confirm_post(request):
    found, error = _checked(request)
    if error is not None:
        return error
    letter, sender = found
    if not has_recipients(request.db, letter):
        return nobody_page()
    count = send_letters(request, letter, sender)
    if count is None:
        return page("List został już wysłany", "<p>List został już wysłany z Twojego adresu. Dziękujemy!</p>")
    count_event(request, "letter", "confirmed", record_id=letter.id)  # reach: the funnel's last step
    return page(
        "Dziękujemy! List został wysłany",
        f"<p>List „{html.escape(letter.title)}” wyruszył do {count} "
        f"{'adresata' if count == 1 else 'adresatów'}. Odpowiedzi trafią na Twój adres e-mail.</p>",
    )


# -- 3. forgetting a sender (GDPR) ------------------------------------------------------------
def forget_sender(db, email, via="cli"):
    """Erases what is kept about the senders with this e-mail: their name, e-mail and address;
    their unsent mails are dropped, sent ones keep no trace of them (the counts stay). Returns
    the number of senders erased. History (smogpanel.history.forget_text) erases the address
    in place from every entry holding it (a recipient added with it, say): the entries stay,
    with the address replaced; each erasure is recorded without it, made `via` the CLI, the
    sender's own link ("link") or the retention job ("scheduler")."""
    email = (email or "").strip().lower()
    senders = db.scalars(
        sa.select(LetterSender).where(LetterSender.email == email, LetterSender.erased.is_(None))
    ).all()
    erased = erase(db, senders)
    history.forget_text(db, email)
    record_erasures(db, senders, via)
    return erased


def record_erasures(db, senders, via):
    """One history entry per erased sender: who erased it and when, never whose data it was."""
    for sender in senders:
        history.record(db, "delete", SENDER_KIND, sender.id, "", via=via)


def purge_unconfirmed(db):
    """Erases the requests never confirmed whose link has expired (with a day to spare): they
    can send nothing any more, so nothing about them is kept. Returns how many."""
    before = utcnow() - timedelta(seconds=LINK_VALIDITY) - timedelta(days=1)
    return erase(
        db,
        db.scalars(
            sa.select(LetterSender).where(
                LetterSender.confirmed.is_(None), LetterSender.erased.is_(None), LetterSender.created < before
            )
        ).all(),
    )


def purge_job(registry):
    """The scheduler's daily `letters.purge` (the public form also purges when used)."""
    with own_transaction(registry) as db:
        count = purge_unconfirmed(db)
    return f"Usunięto niepotwierdzone zgłoszenia: {count}."


def erase(db, senders, addresses=None):
    """Erases `senders` (their mails, as the module says); the mails and throttle counters found
    by address are those of `addresses` (default: every erased sender's; the retention job leaves
    out an address another, newer request of the same resident still holds)."""
    emails = {s.email for s in senders if s.email} if addresses is None else set(addresses)
    if not senders:
        return 0
    sender_ids = [s.id for s in senders]
    mail_ids = set(
        db.scalars(
            sa.select(LetterMessage.mail_id).where(
                LetterMessage.sender_id.in_(sender_ids), LetterMessage.mail_id.is_not(None)
            )
        )
    )
    mail_ids.update(s.confirmation_mail_id for s in senders if s.confirmation_mail_id)
    mail_ids.update(
        db.scalars(
            sa.select(OutboxMail.id).where(
                OutboxMail.recipient.in_(emails),
                sa.or_(OutboxMail.subject.like(f"{CONFIRM_SUBJECT}%"), OutboxMail.subject.like("List „%")),
            )
        )
    )
    unsent = set(db.scalars(sa.select(OutboxMail.id).where(OutboxMail.id.in_(mail_ids), OutboxMail.sent.is_(None))))
    now = utcnow()
    for sender in senders:
        sender.name = sender.email = sender.address = None
        sender.confirmation_mail_id = None
        sender.erased = now
    db.flush()
    if unsent:
        db.execute(
            sa.update(LetterMessage)
            .where(LetterMessage.mail_id.in_(unsent))
            .values(mail_id=None)
            .execution_options(synchronize_session=False)
        )
        db.execute(sa.delete(OutboxMail).where(OutboxMail.id.in_(unsent)).execution_options(synchronize_session=False))
    sent = mail_ids - unsent
    if sent:
        db.execute(
            sa.update(OutboxMail)
            .where(OutboxMail.id.in_(sent))
            .values(body=ERASED_BODY, html=None, reply_to=None, subject="(usunięto)")
            .execution_options(synchronize_session=False)
        )
        db.execute(
            sa.update(OutboxMail)
            .where(OutboxMail.id.in_(sent), OutboxMail.recipient.in_(emails))
            .values(recipient="(usunięto)")
            .execution_options(synchronize_session=False)
        )
    forget_keys(db, [f"letter-email:{e}" for e in emails])
    return len(senders)


def includeme(config):
    service = Service(
        name="letter-send",
        path="/api/public/letter/{internal_name}/send",
        description="letter: a resident asks to send it (a confirmation link is e-mailed)",
    )
    service.add_view(
        "POST",
        send_view,
        renderer="envelope",
        schema=SendSchema(),
        validators=(body_validator,),
        permission=NO_PERMISSION_REQUIRED,
        require_csrf=False,
    )
    config.add_cornice_service(service)
    config.add_route("letter-confirm-signed", "/view/letter/{internal_name}/confirm/{sender_id:\\d+}")
    config.add_view(
        confirm_page, route_name="letter-confirm-signed", request_method="GET", permission=NO_PERMISSION_REQUIRED
    )
    config.add_view(
        confirm_post,
        route_name="letter-confirm-signed",
        request_method="POST",
        permission=NO_PERMISSION_REQUIRED,
        require_csrf=False,
    )
    parameters = [
        {"name": "internal_name", "in": "path", "required": True, "schema": {"type": "string"}},
        {"name": "sender_id", "in": "path", "required": True, "schema": PATH_ID},
        {"name": "expires", "in": "query", "required": True, "schema": {"type": "integer"}},
        {"name": "signature", "in": "query", "required": True, "schema": {"type": "string"}},
    ]
    page = {"text/html": {"schema": {"type": "string"}}}
    responses = {
        "200": {"description": "Strona potwierdzenia", "content": page},
        "400": {"description": "Identyfikator spoza zakresu", "content": {"application/json": {"schema": ENVELOPE}}},
        "403": {"description": "Zły albo wygasły odnośnik", "content": page},
        "404": {"description": "Nie ma zgłoszenia", "content": page},
        "409": {"description": "Brak adresatów", "content": page},
    }
    for method, summary in (
        ("GET", "Strona potwierdzenia wysłania listu (z odnośnika w e-mailu)."),
        ("POST", "Potwierdza i wysyła list do wszystkich adresatów."),
    ):
        describe_route(
            config,
            "/view/letter/{internal_name}/confirm/{sender_id}",
            method,
            {
                "summary": summary,
                "security": [],
                "parameters": parameters,
                "responses": responses,
            },
        )
