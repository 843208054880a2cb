"""accounts: a role beside `super` (editor or viewer), the editor's scopes (plugins and
voivodeships) and the permission to see residents' personal data (smogpanel.authority)

Revision ID: core_0009
Revises: core_0008
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0009"
down_revision = "core_0008"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        # Every existing account keeps what it could do: an editor of everything.
        batch_op.add_column(sa.Column("role", sa.String(length=10), nullable=False, server_default="editor"))
        batch_op.add_column(sa.Column("scope_kinds", sa.Text(), nullable=False, server_default=""))
        batch_op.add_column(sa.Column("scope_voivodeships", sa.Text(), nullable=False, server_default=""))
        batch_op.add_column(sa.Column("personal_data", sa.SmallInteger(), nullable=False, server_default="0"))
    # Accounts of today saw the senders: they keep seeing them; new ones are granted it.
    op.execute("UPDATE user_account SET personal_data = 1")


def downgrade():
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.drop_column("personal_data")
        batch_op.drop_column("scope_voivodeships")
        batch_op.drop_column("scope_kinds")
        batch_op.drop_column("role")
