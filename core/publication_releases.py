"""Releases (smogpanel.publishing.releases): several records published or withdrawn together,
in one transaction, all or none. A release is prepared (its items' drafts frozen by their
payloads' digests), then published now or at a scheduled second."""

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from .db import Base, UTCDateTime

ITEM_ACTIONS = ("publish", "unpublish")


class Release(Base):
    """A named set of publishes and withdrawals. Open while `published` is None; once published
    its items are `Publication` rows taking effect at `at` (now, or a scheduled second)."""

    __tablename__ = "publication_release"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(200), nullable=False)
    # When its items take effect: wished for while open (None: at publishing), then the moment.
    at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    created_by: Mapped[str | None] = mapped_column(sa.String(254))
    prepared: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)  # the drafts frozen
    published: Mapped[datetime | None] = mapped_column(UTCDateTime)
    published_by: Mapped[str | None] = mapped_column(sa.String(254))


class ReleaseItem(Base):
    """One record of a release, with its draft as it was prepared (`digest` of its payload)."""

    __tablename__ = "publication_release_item"

    id: Mapped[int] = mapped_column(primary_key=True)
    release_id: Mapped[int] = mapped_column(
        sa.ForeignKey("publication_release.id", ondelete="CASCADE"), nullable=False, index=True
    )
    position: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    kind: Mapped[str] = mapped_column(sa.String(50), nullable=False)
    record_id: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    action: Mapped[str] = mapped_column(sa.String(10), nullable=False)  # ITEM_ACTIONS
    name: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")  # as prepared
    # The draft's payload digest when prepared (publish items; smogpanel.public.live.digest_of).
    digest: Mapped[str | None] = mapped_column(sa.String(32))
    seq: Mapped[int | None] = mapped_column(sa.Integer)  # the version it became (published)
    # "<kind>:<record id>" while the release is open, else None: a record is in one open
    # release at most, which the unique constraint keeps under concurrent requests too.
    open_key: Mapped[str | None] = mapped_column(sa.String(80))

    __table_args__ = (sa.UniqueConstraint("open_key", name="uq_publication_release_item_open_key"),)
