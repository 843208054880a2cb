"""table versions: a counter per table public payloads are read from (smogpanel.versions)

Revision ID: core_0003
Revises: core_0002
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0003"
down_revision = "core_0002"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "table_version",
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_table_version")),
    )


def downgrade():
    op.drop_table("table_version")
