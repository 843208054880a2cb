"""accounts: the `publish` permission (reviewed publishing: who publishes, who asks for
publication) and the requests for publication (smogpanel.publishing.review)

Revision ID: core_0015
Revises: core_0014
"""

import sqlalchemy as sa
from alembic import op

from smogpanel.db import UTCDateTime

revision = "core_0015"
down_revision = "core_0014"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.add_column(sa.Column("publish", sa.SmallInteger(), nullable=False, server_default="0"))
    # Accounts of today could publish what they change: they keep it. A new account is granted it
    # by a super administrator (the panel, `smogpanel user role … --publish on`).
    op.execute("UPDATE user_account SET publish = 1")
    op.create_table(
        "publication_request",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=50), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("digest", sa.String(length=32), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("user_email", sa.String(length=254), nullable=True),
        sa.Column("created", UTCDateTime(), nullable=False),
        sa.Column("decided", UTCDateTime(), nullable=True),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.Column("decided_email", sa.String(length=254), nullable=True),
        sa.Column("comment", sa.Text(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_publication_request")),
    )
    op.create_index("ix_publication_request_record", "publication_request", ["kind", "record_id", "state"])
    op.create_index("ix_publication_request_state", "publication_request", ["state"])


def downgrade():
    op.drop_index("ix_publication_request_state", table_name="publication_request")
    op.drop_index("ix_publication_request_record", table_name="publication_request")
    op.drop_table("publication_request")
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.drop_column("publish")
