"""Core tables outside the accounts: the mail outbox, stored files (and table versions, see data_versions.py)."""

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from .accounts import LoginFailure, PasswordReset, User  # noqa: F401 (one metadata for alembic)
from .data_versions import TableVersion  # noqa: F401
from .db import Base, UTCDateTime
from .publication_releases import Release, ReleaseItem  # noqa: F401
from .publication_requests import PublicationRequest  # noqa: F401
from .publications import PreviewGeneration, Publication, PublicationParts  # noqa: F401


class OutboxMail(Base):
    """A mail written in the request's transaction and delivered only once it commits."""

    __tablename__ = "mail_outbox"

    id: Mapped[int] = mapped_column(primary_key=True)
    recipient: Mapped[str] = mapped_column(sa.String(254), nullable=False)
    subject: Mapped[str] = mapped_column(sa.String(300), nullable=False)
    body: Mapped[str] = mapped_column(sa.Text, nullable=False)
    # An HTML version sent next to the plain `body` (multipart/alternative), if any.
    html: Mapped[str | None] = mapped_column(sa.Text)
    # Where replies go when not to the sender (a letter sent on a resident's behalf).
    reply_to: Mapped[str | None] = mapped_column(sa.String(254))
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    sent: Mapped[datetime | None] = mapped_column(UTCDateTime, index=True)
    attempts: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=0)
    last_error: Mapped[str | None] = mapped_column(sa.Text)


class StoredFile(Base):
    """An uploaded file's bytes, in the database so app processes stay stateless."""

    __tablename__ = "stored_file"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(100), nullable=False, unique=True)
    original_name: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    content_type: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    size: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    data: Mapped[bytes] = mapped_column(sa.LargeBinary, nullable=False)
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)


# The key of this database's random id (written by migration core_0005; see smogpanel.public).
INSTALLATION_ID = "installation_id"


class Setting(Base):
    """Small facts about the installation itself, e.g. that demo data was written."""

    __tablename__ = "installation_setting"

    key: Mapped[str] = mapped_column(sa.String(100), primary_key=True)
    value: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")


class JobState(Base):
    """A scheduled job's last run (smogpanel.ops.jobs): the tick it claimed, who runs it, and how its
    last run ended. One row per job code, written by whichever process ran the tick."""

    __tablename__ = "scheduled_job"

    code: Mapped[str] = mapped_column(sa.String(100), primary_key=True)
    last_tick: Mapped[int | None] = mapped_column(sa.BigInteger)  # unix time the last claimed tick began
    running: Mapped[bool] = mapped_column(sa.Boolean, nullable=False, default=False)
    owner: Mapped[str | None] = mapped_column(sa.String(300))  # "host:pid" of the process running it
    started: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished: Mapped[datetime | None] = mapped_column(UTCDateTime)
    duration_ms: Mapped[int | None] = mapped_column(sa.Integer)
    outcome: Mapped[str | None] = mapped_column(sa.String(20))  # "ok" | "error"
    error: Mapped[str | None] = mapped_column(sa.Text)
    summary: Mapped[str | None] = mapped_column(sa.Text)
    runs: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=0)
    failures: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=0)


class HistoryEntry(Base):
    """One recorded change of a record (smogpanel.history): written in the transaction of the
    change itself, so a change and its entry commit or vanish together. Two indexes only (a
    record's entries; days, for the log's range and purging): each costs every write."""

    __tablename__ = "history_entry"
    __table_args__ = (sa.Index("ix_history_entry_kind_record_id", "kind", "record_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False, index=True)
    user_id: Mapped[int | None] = mapped_column(sa.Integer)  # no foreign key: entries outlive accounts
    user_email: Mapped[str | None] = mapped_column(sa.String(254))
    via: Mapped[str] = mapped_column(sa.String(10), nullable=False, default="api")  # "api", "cli", "link", "scheduler"
    action: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    kind: Mapped[str] = mapped_column(sa.String(50), nullable=False)
    record_id: Mapped[int | None] = mapped_column(sa.Integer)
    record_name: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    # JSON text, exact decimals kept as written: {field: [old, new]} ("changed" for files and
    # long values, which are not copied); an import's {file, type, type_label, created, ...}.
    changes: Mapped[str] = mapped_column(sa.Text, nullable=False, default="{}")
    reverts: Mapped[int | None] = mapped_column(sa.Integer, index=True)  # the entry this one put back


class PublicAttribution(Base):
    """The source and licence line the operator sets for one public record's data downloads
    (smogpanel.public.data), kept by the core for every public kind so plugins need no
    column of their own. Keyed by the public kind and the record's id (its internal name may be
    reused once the record is deleted). An empty licence means the default setting."""

    __tablename__ = "public_attribution"

    kind: Mapped[str] = mapped_column(sa.String(50), primary_key=True)
    record_id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    source: Mapped[str] = mapped_column(sa.String(500), nullable=False, default="")
    licence: Mapped[str] = mapped_column(sa.String(200), nullable=False, default="")
