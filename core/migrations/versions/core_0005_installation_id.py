"""installation id: a random id of this database, so processes share cached public answers
through Redis only with processes of the same database (smogpanel.public)

Revision ID: core_0005
Revises: core_0004
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "core_0005"
down_revision = "core_0004"
branch_labels = None
depends_on = None

setting = sa.table("installation_setting", sa.column("key", sa.String), sa.column("value", sa.Text))


def upgrade():
    op.execute(setting.insert().values(key="installation_id", value=secrets.token_hex(8)))


def downgrade():
    op.execute(setting.delete().where(setting.c.key == "installation_id"))
