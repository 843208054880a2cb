"""Published versions and their scheduled changes (smogpanel.publishing): one row per publish or
unpublish of a public record, kept forever (a pinned version is served from its row)."""

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from .db import Base, UTCDateTime

NOTE_KINDS = ("update", "correction")


class Publication(Base):
    """A publish (`seq`, the frozen payload) or an unpublish of record `record_id` of `kind`,
    taking effect at `at` (now, or a scheduled second). What the public sees at a time is the
    latest row of the record whose `at` has come (smogpanel.public.live)."""

    __tablename__ = "publication"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(sa.String(50), nullable=False)
    record_id: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    action: Mapped[str] = mapped_column(sa.String(10), nullable=False)  # "publish" | "unpublish"
    # The version's number, per record, 1, 2, 3, ... (publish rows only; never reused).
    seq: Mapped[int | None] = mapped_column(sa.Integer)
    at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)  # when it takes effect (UTC)
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    user_id: Mapped[int | None] = mapped_column(sa.Integer)
    user_email: Mapped[str | None] = mapped_column(sa.String(254))
    note: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")
    note_kind: Mapped[str | None] = mapped_column(sa.String(12))  # NOTE_KINDS
    # The payload as the public kind's `load` built it at publish time (JSON), and its digest:
    # the draft differs from the live version when its payload's digest does.
    payload: Mapped[str | None] = mapped_column(sa.Text)
    digest: Mapped[str | None] = mapped_column(sa.String(32))
    # A publish row: the record (or a record under it) was saved since (reviewed mode's
    # "zmiany nieopublikowane", read by lists without building a payload per row).
    draft_changed: Mapped[bool] = mapped_column(sa.Boolean, nullable=False, default=False)
    # Set once the change is in the record's history: at once for a change due now, by the
    # scheduler's job (exactly once across processes) for a scheduled one.
    recorded: Mapped[datetime | None] = mapped_column(UTCDateTime)
    cancelled: Mapped[datetime | None] = mapped_column(UTCDateTime)  # a scheduled change called off

    __table_args__ = (
        sa.UniqueConstraint("kind", "record_id", "seq", name="uq_publication_kind_record_seq"),
        sa.Index("ix_publication_kind_record_at", "kind", "record_id", "at"),
        # The scheduler's job reads the changes not yet recorded.
        sa.Index("ix_publication_unrecorded", "recorded"),
    )


class PreviewGeneration(Base):
    """A record's preview links' generation (smogpanel.publishing.preview): every link carries
    the number it was signed with; revoking the record's links adds one, so each older link is
    refused at once. No row: generation 0."""

    __tablename__ = "preview_generation"

    kind: Mapped[str] = mapped_column(sa.String(50), primary_key=True)
    record_id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    generation: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=0)


class PublicationParts(Base):
    """A published version's own parts beside its payload (a search's gmina cards), frozen with it
    at publish time for a kind that declares `PublicKind.parts` (smogpanel.public.parts): one row
    per publish, the parts as one zlib-compressed JSON object {part: the part's JSON text}, so a
    pinned version's parts never change after it was published."""

    __tablename__ = "publication_parts"

    publication_id: Mapped[int] = mapped_column(sa.ForeignKey("publication.id"), primary_key=True)
    count: Mapped[int] = mapped_column(sa.Integer, nullable=False)  # how many parts
    content: Mapped[bytes] = mapped_column(sa.LargeBinary, nullable=False)
