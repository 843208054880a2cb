"""reach: daily counts of widget views per embedding site and of a letter's funnel steps
(smogpanel.reach); no visitor is told from another

Revision ID: core_0011
Revises: core_0010
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0011"
# core_0010 is another branch's: the chain is set right when both are merged.
down_revision = "core_0010"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "reach_count",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("kind", sa.String(length=50), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=False),
        sa.Column("site", sa.String(length=300), nullable=False),
        sa.Column("event", sa.String(length=20), nullable=False),
        sa.Column("count", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("day", "kind", "record_id", "site", "event", name=op.f("pk_reach_count")),
    )
    op.create_index("ix_reach_count_kind_record_day", "reach_count", ["kind", "record_id", "day"])


def downgrade():
    op.drop_index("ix_reach_count_kind_record_day", table_name="reach_count")
    op.drop_table("reach_count")
