"""Erasing a sender's data without an operator: the resident's own signed link, and the retention
of confirmed senders (docs/letters.md, "What is held about a sender").

- `GET /view/letter/erase/<sender id>?expires&signature` (the link in every confirmation mail)
  shows a page with one button, so a mail client or scanner that follows links erases nothing;
  the button POSTs to the same address, which erases everything held under that sender's
  e-mail address, as `smogpanel letters forget` does, and records it in history without it.
- The daily job `letters.retention` erases the senders confirmed more than
  `smogpanel.letters.keep_confirmed_days` days ago (365 unless set).
"""

import html
from datetime import timedelta

import sqlalchemy as sa
from pyramid.security import NO_PERMISSION_REQUIRED

from smogpanel import history
from smogpanel.db import own_transaction, utcnow
from smogpanel.openapi import ENVELOPE, PATH_ID, describe_route
from smogpanel.signed_links import is_valid

from .models import LetterSender
from .sending import ERASE_PURPOSE, erase, forget_sender, page, record_erasures
from .settings import keep_confirmed_days

ROUTE = "letter-erase-signed"
INVALID = "Odnośnik jest nieprawidłowy albo wygasł. Aby usunąć swoje dane, napisz do administratora serwisu."


# -- the resident's link -------------------------------------------------------------------------
def _checked(request):
    """The sender of a valid link, or the page to answer instead."""
    sender_id = request.matchdict["sender_id"]
    # The signature is in the query string only: request.params would parse a posted body too
    # (a multipart one without a boundary raised, answering 500).
    if not is_valid(request.registry, ERASE_PURPOSE, sender_id, request.GET):
        return None, page("Odnośnik jest nieprawidłowy", f"<p>{html.escape(INVALID)}</p>", 403)
    sender = request.db.get(LetterSender, int(sender_id))  # signed by us: a real id
    if sender is None:
        return None, page("Odnośnik jest nieprawidłowy", "<p>Tego zgłoszenia już nie ma.</p>", 404)
    if sender.erased is not None:
        return None, already_erased()
    return sender, None


def already_erased():
    return page("Dane zostały usunięte", "<p>Twoje dane zostały już usunięte. Nie przechowujemy ich.</p>")


def erase_page(request):
    sender, answer = _checked(request)
    if answer is not None:
        return answer
    query = html.escape(request.query_string)
    return page(
        "Usunięcie Twoich danych",
        f"<p>Usuniemy Twoje imię i nazwisko, adres e-mail <strong>{html.escape(sender.email)}</strong>, "
        "adres IP i treść zgód ze wszystkich listów, które wysłałeś(-aś) albo chciałeś(-aś) wysłać z tego "
        "adresu, a także kopie wiadomości wysłanych w Twoim imieniu. Listy już doręczone są w skrzynkach "
        "adresatów, poza zasięgiem serwisu; liczba wysłanych listów się nie zmieni. "
        "Tego nie da się cofnąć.</p>"
        f'<form method="post" action="?{query}"><button type="submit">Usuń moje dane</button></form>',
    )


def erase_post(request):
    sender, answer = _checked(request)
    if answer is not None:
        return answer
    count = forget_sender(request.db, sender.email, via="link")
    return page(
        "Twoje dane zostały usunięte",
        f"<p>Usunęliśmy Twoje dane ze wszystkich zgłoszeń ({count}). Dziękujemy, że byłeś(-aś) z nami.</p>",
    )


# -- retention ------------------------------------------------------------------------------------
def erase_expired(db, days):
    """Erases the senders confirmed more than `days` days ago; returns how many. An address that
    a newer request of the same resident still holds keeps its throttle counters and that
    request's mails; history forgets an address only once no request holds it."""
    cutoff = utcnow() - timedelta(days=days)
    senders = db.scalars(
        sa.select(LetterSender).where(LetterSender.confirmed < cutoff, LetterSender.erased.is_(None))
    ).all()
    if not senders:
        return 0
    emails = {s.email for s in senders if s.email}
    held = set(
        db.scalars(
            sa.select(LetterSender.email).where(
                LetterSender.email.in_(emails), LetterSender.id.not_in([s.id for s in senders])
            )
        )
    )
    count = erase(db, senders, addresses=emails - held)
    for email in sorted(emails - held):
        history.forget_text(db, email)
    record_erasures(db, senders, "scheduler")
    return count


def retention_job(registry):
    """The scheduler's daily `letters.retention`."""
    days = keep_confirmed_days(registry.settings)
    with own_transaction(registry) as db:
        count = erase_expired(db, days)
    return f"Usunięto dane nadawców potwierdzonych ponad {days} dni temu: {count}."


def includeme(config):
    keep_confirmed_days(config.registry.settings)  # a typo stops the app here, with the reason
    config.add_route(ROUTE, "/view/letter/erase/{sender_id:\\d+}")
    config.add_view(erase_page, route_name=ROUTE, request_method="GET", permission=NO_PERMISSION_REQUIRED)
    config.add_view(
        erase_post, route_name=ROUTE, request_method="POST", permission=NO_PERMISSION_REQUIRED, require_csrf=False
    )
    parameters = [
        {"name": "sender_id", "in": "path", "required": True, "schema": PATH_ID},
        {"name": "expires", "in": "query", "required": True, "schema": {"type": "integer"}},
        {"name": "signature", "in": "query", "required": True, "schema": {"type": "string"}},
    ]
    page = {"text/html": {"schema": {"type": "string"}}}
    responses = {
        "200": {"description": "Strona z przyciskiem (GET) albo potwierdzenie usunięcia (POST)", "content": page},
        "400": {"description": "Identyfikator spoza zakresu", "content": {"application/json": {"schema": ENVELOPE}}},
        "403": {"description": "Zły albo wygasły odnośnik", "content": page},
        "404": {"description": "Nie ma zgłoszenia", "content": page},
    }
    for method, summary in (
        ("GET", "Strona usunięcia danych nadawcy (z odnośnika w e-mailu potwierdzającym)."),
        ("POST", "Usuwa dane nadawcy: imię i nazwisko, e-mail, adres IP, jego wiadomości."),
    ):
        describe_route(
            config,
            "/view/letter/erase/{sender_id}",
            method,
            {
                "summary": summary,
                "security": [],
                "parameters": parameters,
                "responses": responses,
            },
        )
