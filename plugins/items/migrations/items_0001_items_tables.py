"""items tables

Revision ID: items_0001
Revises:
Create Date: 2026-11-24 11:00:00
"""

import sqlalchemy as sa
from alembic import op

import smogpanel.db

revision = "items_0001"
down_revision = None
branch_labels = ("items",)
depends_on = None


def upgrade():
    op.create_table(
        "item",
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("internal_name", sa.String(length=100), nullable=False),
        sa.Column("item_type_id", sa.String(length=100), nullable=False),
        sa.Column("item_type_name", sa.String(length=255), nullable=False),
        sa.Column("hook_values", sa.JSON(), nullable=False),
        sa.Column("integration_state", sa.JSON(), nullable=False),
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("updated", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("deleted", smogpanel.db.UTCDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_item")),
    )
    with op.batch_alter_table("item", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_item_deleted"), ["deleted"], unique=False)
        batch_op.create_index(batch_op.f("ix_item_item_type_id"), ["item_type_id"], unique=False)
        batch_op.create_index(
            "uq_item_internal_name_alive",
            ["internal_name"],
            unique=True,
            sqlite_where=sa.text("deleted IS NULL"),
            postgresql_where=sa.text("deleted IS NULL"),
        )


def downgrade():
    with op.batch_alter_table("item", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_item_internal_name_alive",
            sqlite_where=sa.text("deleted IS NULL"),
            postgresql_where=sa.text("deleted IS NULL"),
        )
        batch_op.drop_index(batch_op.f("ix_item_item_type_id"))
        batch_op.drop_index(batch_op.f("ix_item_deleted"))

    op.drop_table("item")
