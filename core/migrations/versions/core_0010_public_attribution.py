"""public_attribution: the source and licence line of each public record's data downloads,
one core table keyed by (kind, record id) so no plugin needs a column (smogpanel.public.data)

Revision ID: core_0010
Revises: core_0009
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0010"
down_revision = "core_0009"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "public_attribution",
        sa.Column("kind", sa.String(50), primary_key=True),
        sa.Column("record_id", sa.Integer, primary_key=True),
        sa.Column("source", sa.String(500), nullable=False, server_default=""),
        sa.Column("licence", sa.String(200), nullable=False, server_default=""),
    )


def downgrade():
    op.drop_table("public_attribution")
