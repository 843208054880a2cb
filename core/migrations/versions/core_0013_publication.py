"""publishing: published versions of public records and their scheduled changes
(smogpanel.publishing)

Revision ID: core_0013
Revises: core_0012
"""

import sqlalchemy as sa
from alembic import op

from smogpanel.db import UTCDateTime

revision = "core_0013"
down_revision = "core_0012"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "publication",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=50), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=10), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=True),
        sa.Column("at", UTCDateTime(), nullable=False),
        sa.Column("created", UTCDateTime(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("user_email", sa.String(length=254), nullable=True),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("note_kind", sa.String(length=12), nullable=True),
        sa.Column("payload", sa.Text(), nullable=True),
        sa.Column("digest", sa.String(length=32), nullable=True),
        sa.Column("draft_changed", sa.Boolean(), nullable=False),
        sa.Column("recorded", UTCDateTime(), nullable=True),
        sa.Column("cancelled", UTCDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_publication")),
        sa.UniqueConstraint("kind", "record_id", "seq", name="uq_publication_kind_record_seq"),
    )
    op.create_index("ix_publication_kind_record_at", "publication", ["kind", "record_id", "at"])
    op.create_index("ix_publication_unrecorded", "publication", ["recorded"])


def downgrade():
    op.drop_index("ix_publication_unrecorded", table_name="publication")
    op.drop_index("ix_publication_kind_record_at", table_name="publication")
    op.drop_table("publication")
