"""`smogpanel letters export EMAIL`: everything held about a sender's e-mail address, for a
resident's access request (RODO Art. 15): the requests they made and their state, the mails
sent to them and on their behalf, the throttle's counters under their address and client
addresses, and the history entries that hold the address (docs/letters.md)."""

import json
from datetime import timedelta

import sqlalchemy as sa

from smogpanel import history
from smogpanel.db import utcnow
from smogpanel.mail import OutboxMail
from smogpanel.throttle import counted

from .models import Letter, LetterMessage, LetterSender
from .sending import LINK_VALIDITY


def _state(sender):
    if sender.erased is not None:
        return "usunięte"
    return "potwierdzone" if sender.confirmed is not None else "niepotwierdzone"


def _erased_after(sender, keep_days):
    """When the data goes on its own: retention for a confirmed request, the purge for an
    unconfirmed one (its link's 48 hours and a day)."""
    if sender.erased is not None:
        return None
    if sender.confirmed is not None:
        return sender.confirmed + timedelta(days=keep_days)
    return sender.created + timedelta(seconds=LINK_VALIDITY) + timedelta(days=1)


def _mail(mail, direction):
    return {
        "id": mail.id,
        "direction": direction,
        "to": mail.recipient,
        "subject": mail.subject,
        "reply_to": mail.reply_to,
        "body": mail.body,
        "html": mail.html,
        "created": mail.created,
        "sent": mail.sent,
        "attempts": mail.attempts,
    }


def export_sender(db, email, keep_days):
    """The JSON-ready dict of what is held about `email` (normalised as the form stores it)."""
    email = (email or "").strip().lower()
    rows = db.execute(
        sa.select(LetterSender, Letter)
        .join(Letter, Letter.id == LetterSender.letter_id)
        .where(LetterSender.email == email)
        .order_by(LetterSender.id)
        .execution_options(include_deleted=True)
    ).all()
    senders = [sender for sender, _ in rows]
    sender_ids = [sender.id for sender in senders]
    on_behalf = set(
        db.scalars(
            sa.select(LetterMessage.mail_id).where(
                LetterMessage.sender_id.in_(sender_ids), LetterMessage.mail_id.is_not(None)
            )
        )
    )
    mails = db.scalars(
        sa.select(OutboxMail)
        .where(sa.or_(OutboxMail.recipient == email, OutboxMail.id.in_(on_behalf)))
        .order_by(OutboxMail.id)
    ).all()
    addresses = sorted({sender.address for sender in senders if sender.address})
    keys = [f"letter-email:{email}", *(f"letter-addr:{address}" for address in addresses)]
    throttle = counted(db, keys)
    return {
        "email": email,
        "exported_at": utcnow(),
        "retention_days": keep_days,
        "senders": [
            {
                "id": sender.id,
                "letter": {
                    "id": letter.id,
                    "name": letter.name,
                    "title": letter.title,
                    "internal_name": letter.internal_name,
                },
                "name": sender.name,
                "email": sender.email,
                "address": sender.address,
                "consent_text": sender.consent_text,
                "consent_at": sender.consent_at,
                "created": sender.created,
                "confirmed": sender.confirmed,
                "state": _state(sender),
                "erased_after": _erased_after(sender, keep_days),
                "messages": len(
                    db.scalars(sa.select(LetterMessage.id).where(LetterMessage.sender_id == sender.id)).all()
                ),
            }
            for sender, letter in rows
        ],
        "mails": [_mail(mail, "do nadawcy" if mail.id not in on_behalf else "w imieniu nadawcy") for mail in mails],
        "throttle": [{"key": key, "at": at} for key, at in throttle],
        "history": [
            {
                "id": entry.id,
                "at": entry.at,
                "action": entry.action,
                "kind": entry.kind,
                "record_id": entry.record_id,
                "record_name": entry.record_name,
                "changes": json.loads(entry.changes),
            }
            for entry in history.entries_holding(db, email)
        ],
    }
