"""Letters: advocacy letters a resident sends, under their own name, to every recipient of the
letter's recipient group; the senders and the messages sent for them.

`sent` is never stored: it is counted from the mail outbox, so it always means *delivered*
letters (a recipient's: the messages delivered to it; a letter's: the senders whose letter was
delivered to at least one recipient), including deliveries retried by `smogpanel send-mail`.
"""

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from smogpanel.db import Base, Record, UTCDateTime, unique_while_alive, utcnow
from smogpanel.mail import OutboxMail


class RecipientGroup(Record, Base):
    __tablename__ = "recipient_group"

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)


class Recipient(Record, Base):
    __tablename__ = "recipient"
    __table_args__ = (unique_while_alive("recipient", "recipient_group_id", "email"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    # Lower-cased: addresses are compared that way (unique within a group).
    email: Mapped[str] = mapped_column(sa.String(254), nullable=False)
    recipient_group_id: Mapped[int] = mapped_column(sa.ForeignKey("recipient_group.id"), nullable=False, index=True)


class Letter(Record, Base):
    __tablename__ = "letter"
    __table_args__ = (unique_while_alive("letter", "internal_name"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    # The public link's slug (/view/letter/<internal_name>): set at creation, never edited.
    internal_name: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    recipient_group_id: Mapped[int] = mapped_column(sa.ForeignKey("recipient_group.id"), nullable=False, index=True)
    # The stored name of the cover image (served at /files/<name>), if any.
    cover_path: Mapped[str | None] = mapped_column(sa.String(64))
    title: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    # Rich text, sanitised with nh3 before it is stored (smogpanel.plugins.letters.sanitise).
    content: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")
    # The consent checkbox's text; empty: the default text (DEFAULT_GDPR_AGREEMENT).
    gdpr_agreement: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")
    gdpr_info: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")


class LetterSender(Base):
    """A resident who asked to send a letter. Kept: name, e-mail, the consent text they agreed
    to and when, the client address they asked from, when they confirmed. `smogpanel letters
    forget EMAIL` erases the name, e-mail and address (`erased` is set; the count stays)."""

    __tablename__ = "letter_sender"
    __table_args__ = (
        sa.Index(
            "uq_letter_sender_letter_id_email",
            "letter_id",
            "email",
            unique=True,
            sqlite_where=sa.text("email IS NOT NULL"),
            postgresql_where=sa.text("email IS NOT NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    letter_id: Mapped[int] = mapped_column(sa.ForeignKey("letter.id"), nullable=False, index=True)
    name: Mapped[str | None] = mapped_column(sa.String(255))
    email: Mapped[str | None] = mapped_column(sa.String(254), index=True)
    consent_text: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")
    consent_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False, default=utcnow)
    address: Mapped[str | None] = mapped_column(sa.String(100))
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False, default=utcnow)
    confirmed: Mapped[datetime | None] = mapped_column(UTCDateTime)
    erased: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The outbox row of the confirmation mail (erased with the sender).
    confirmation_mail_id: Mapped[int | None] = mapped_column(sa.ForeignKey("mail_outbox.id", ondelete="SET NULL"))


class LetterMessage(Base):
    """One letter from one sender to one recipient: its outbox mail tells whether it left."""

    __tablename__ = "letter_message"

    id: Mapped[int] = mapped_column(primary_key=True)
    sender_id: Mapped[int] = mapped_column(sa.ForeignKey("letter_sender.id"), nullable=False, index=True)
    recipient_id: Mapped[int] = mapped_column(sa.ForeignKey("recipient.id"), nullable=False, index=True)
    mail_id: Mapped[int | None] = mapped_column(sa.ForeignKey("mail_outbox.id", ondelete="SET NULL"), index=True)


# -- the counters ---------------------------------------------------------------------------
def recipient_sent(recipient_id_column):
    """Messages delivered to a recipient (a correlated scalar subquery)."""
    return (
        sa.select(sa.func.count(LetterMessage.id))
        .join(OutboxMail, OutboxMail.id == LetterMessage.mail_id)
        .where(LetterMessage.recipient_id == recipient_id_column, OutboxMail.sent.is_not(None))
        .scalar_subquery()
    )


def letter_sent(letter_id_column):
    """Senders whose letter reached at least one recipient (a correlated scalar subquery)."""
    return (
        sa.select(sa.func.count(sa.distinct(LetterMessage.sender_id)))
        .join(LetterSender, LetterSender.id == LetterMessage.sender_id)
        .join(OutboxMail, OutboxMail.id == LetterMessage.mail_id)
        .where(LetterSender.letter_id == letter_id_column, OutboxMail.sent.is_not(None))
        .scalar_subquery()
    )
