"""scheduled jobs: each periodic job's claimed tick and last run (smogpanel.jobs)

Revision ID: core_0007
Revises: core_0006
"""

import sqlalchemy as sa
from alembic import op

from smogpanel.db import UTCDateTime

revision = "core_0007"
down_revision = "core_0006"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "scheduled_job",
        sa.Column("code", sa.String(length=100), nullable=False),
        sa.Column("last_tick", sa.BigInteger(), nullable=True),
        sa.Column("running", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("owner", sa.String(length=300), nullable=True),
        sa.Column("started", UTCDateTime(), nullable=True),
        sa.Column("finished", UTCDateTime(), nullable=True),
        sa.Column("duration_ms", sa.Integer(), nullable=True),
        sa.Column("outcome", sa.String(length=20), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("summary", sa.Text(), nullable=True),
        sa.Column("runs", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("failures", sa.Integer(), nullable=False, server_default="0"),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_scheduled_job")),
    )


def downgrade():
    op.drop_table("scheduled_job")
