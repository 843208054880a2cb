"""releases: several records published or withdrawn together, all or none
(smogpanel.publishing.releases)

Revision ID: core_0014
Revises: core_0013
"""

import sqlalchemy as sa
from alembic import op

from smogpanel.db import UTCDateTime

revision = "core_0014"
down_revision = "core_0013"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "publication_release",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=True),
        sa.Column("created", UTCDateTime(), nullable=False),
        sa.Column("created_by", sa.String(length=254), nullable=True),
        sa.Column("prepared", UTCDateTime(), nullable=False),
        sa.Column("published", UTCDateTime(), nullable=True),
        sa.Column("published_by", sa.String(length=254), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_publication_release")),
    )
    op.create_table(
        "publication_release_item",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("release_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=50), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=10), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("digest", sa.String(length=32), nullable=True),
        sa.Column("seq", sa.Integer(), nullable=True),
        sa.Column("open_key", sa.String(length=80), nullable=True),
        sa.ForeignKeyConstraint(
            ["release_id"],
            ["publication_release.id"],
            name=op.f("fk_publication_release_item_release_id_publication_release"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_publication_release_item")),
        sa.UniqueConstraint("open_key", name="uq_publication_release_item_open_key"),
    )
    op.create_index(
        op.f("ix_publication_release_item_release_id"), "publication_release_item", ["release_id"], unique=False
    )


def downgrade():
    op.drop_index(op.f("ix_publication_release_item_release_id"), table_name="publication_release_item")
    op.drop_table("publication_release_item")
    op.drop_table("publication_release")
