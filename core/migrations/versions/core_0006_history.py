"""history: one entry per create, update, delete, restore and import of a record
(smogpanel.history)

Revision ID: core_0006
Revises: core_0005
"""

import sqlalchemy as sa
from alembic import op

import smogpanel.db

revision = "core_0006"
down_revision = "core_0005"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "history_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("user_email", sa.String(length=254), nullable=True),
        sa.Column("via", sa.String(length=10), nullable=False),
        sa.Column("action", sa.String(length=10), nullable=False),
        sa.Column("kind", sa.String(length=50), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=True),
        sa.Column("record_name", sa.String(length=255), nullable=False),
        sa.Column("changes", sa.Text(), nullable=False),
        sa.Column("reverts", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_history_entry")),
    )
    op.create_index("ix_history_entry_at", "history_entry", ["at"])
    op.create_index("ix_history_entry_kind_record_id", "history_entry", ["kind", "record_id"])


def downgrade():
    op.drop_table("history_entry")
