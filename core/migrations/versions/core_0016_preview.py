"""publishing: preview links' generations, so revoking a record's links refuses them at once
(smogpanel.publishing.preview)

Revision ID: core_0016
Revises: core_0013
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0016"
down_revision = "core_0013"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "preview_generation",
        sa.Column("kind", sa.String(length=50), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "record_id", name=op.f("pk_preview_generation")),
    )


def downgrade():
    op.drop_table("preview_generation")
