"""The public side of a letter: what /view/letter/<internal_name> and its embed show. The
content is sanitised again here: the public side shows only sanitised HTML, whatever reached
the database."""

import sqlalchemy as sa

from smogpanel.files import file_url
from smogpanel.mail import OutboxMail
from smogpanel.public import PublicKind

from .models import Letter, LetterMessage, LetterSender, Recipient, letter_sent
from .sanitise import sanitise
from .schemas import DEFAULT_GDPR_AGREEMENT
from .sending import letter_by_name


def letter_payload(request, internal_name):
    letter = letter_by_name(request.db, internal_name)
    if letter is None:
        return None
    names = request.db.scalars(
        sa.select(Recipient.name)
        .where(Recipient.recipient_group_id == letter.recipient_group_id, Recipient.deleted.is_(None))
        .order_by(Recipient.name, Recipient.id)
    ).all()
    return {
        "internal_name": letter.internal_name,
        "title": letter.title,
        "cover": file_url(request, letter.cover_path) if letter.cover_path else None,
        "content": sanitise(letter.content),
        "recipients": list(names),
        "gdpr_agreement": letter.gdpr_agreement or DEFAULT_GDPR_AGREEMENT,
        "gdpr_info": letter.gdpr_info,
        "sent": request.db.scalar(sa.select(letter_sent(sa.literal(letter.id)))),
        "send_url": request.route_path("letter-send", internal_name=letter.internal_name),
    }


LETTER = PublicKind(
    kind="letter",
    load=letter_payload,
    plugin="letters",
    title="List",
    shows=(Letter, Recipient, LetterSender, LetterMessage, OutboxMail),
    # Reach: the widget's view is the form shown; sending.py counts the two steps after it.
    funnel=(("view", "Formularz wyświetlony"), ("sent", "Prośba wysłana"), ("confirmed", "Adres potwierdzony")),
)
