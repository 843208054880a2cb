"""Requests for publication (smogpanel.publishing.review): an editor who may not publish asks,
one who may publishes the draft the request saw, or sends it back with a comment. In the
models' layer beside the publications, so a record's versions name its open request."""

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from .db import Base, UTCDateTime

OPEN, APPROVED, REJECTED, REPLACED = "open", "approved", "rejected", "replaced"


class PublicationRequest(Base):
    """A request to publish record `record_id` of `kind` as its draft was (`digest`, of the
    draft's payload) when it was made. At most one is open per record: a new one replaces it."""

    __tablename__ = "publication_request"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(sa.String(50), nullable=False)
    record_id: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    state: Mapped[str] = mapped_column(sa.String(10), nullable=False)  # OPEN, APPROVED, REJECTED, REPLACED
    digest: Mapped[str] = mapped_column(sa.String(32), nullable=False)
    note: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")
    user_id: Mapped[int | None] = mapped_column(sa.Integer)  # who asked
    user_email: Mapped[str | None] = mapped_column(sa.String(254))
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    decided: Mapped[datetime | None] = mapped_column(UTCDateTime)
    decided_by: Mapped[int | None] = mapped_column(sa.Integer)
    decided_email: Mapped[str | None] = mapped_column(sa.String(254))
    comment: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")  # why it was sent back
    seq: Mapped[int | None] = mapped_column(sa.Integer)  # the version its approval published

    __table_args__ = (
        sa.Index("ix_publication_request_record", "kind", "record_id", "state"),
        sa.Index("ix_publication_request_state", "state"),
    )


def open_request(db, kind, record_id):
    """The record's open request, or None."""
    return db.scalar(
        sa.select(PublicationRequest)
        .where(
            PublicationRequest.kind == kind,
            PublicationRequest.record_id == record_id,
            PublicationRequest.state == OPEN,
        )
        .order_by(PublicationRequest.id.desc())
        .limit(1)
    )
