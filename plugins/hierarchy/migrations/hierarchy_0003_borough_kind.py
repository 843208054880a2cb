"""The kind of a gmina without a TERYT code (RODZ: 1 miejska, 2 wiejska, 3 miejsko-wiejska),
so two gminy of one name in one district are told apart before the register codes them.

Revision ID: hierarchy_0003
Revises: hierarchy_0002
Create Date: 2026-11-25 03:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "hierarchy_0003"
down_revision = "hierarchy_0002"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("borough", schema=None) as batch_op:
        batch_op.add_column(sa.Column("kind", sa.String(length=1), nullable=True))


def downgrade():
    with op.batch_alter_table("borough", schema=None) as batch_op:
        batch_op.drop_column("kind")
