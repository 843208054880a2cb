"""mail outbox: an HTML alternative and a Reply-To per mail (letters sent for a resident)

Revision ID: core_0004
Revises: core_0003
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0004"
down_revision = "core_0003"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("mail_outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("html", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("reply_to", sa.String(length=254), nullable=True))


def downgrade():
    with op.batch_alter_table("mail_outbox", schema=None) as batch_op:
        batch_op.drop_column("reply_to")
        batch_op.drop_column("html")
