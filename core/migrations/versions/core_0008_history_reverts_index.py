"""history: an index on the entry a revert puts back, so a revert finds at once whether its
entry was reverted already (smogpanel.history.views)

Revision ID: core_0008
Revises: core_0007
"""

from alembic import op

revision = "core_0008"
down_revision = "core_0007"
branch_labels = None
depends_on = None


def upgrade():
    op.create_index("ix_history_entry_reverts", "history_entry", ["reverts"])


def downgrade():
    op.drop_index("ix_history_entry_reverts", table_name="history_entry")
