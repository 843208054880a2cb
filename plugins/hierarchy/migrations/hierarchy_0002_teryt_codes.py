"""TERYT codes on voivodeships, districts and boroughs, unique among live records; the
sixteen seeded voivodeships get theirs.

Revision ID: hierarchy_0002
Revises: hierarchy_0001
Create Date: 2026-11-22 17:20:00
"""

import sqlalchemy as sa
from alembic import op

from smogpanel.regions import TERYT_OF

revision = "hierarchy_0002"
down_revision = "hierarchy_0001"
branch_labels = None
depends_on = None

ALIVE = dict(sqlite_where=sa.text("deleted IS NULL"), postgresql_where=sa.text("deleted IS NULL"))
TABLES = (("voivodeship", 2), ("district", 4), ("borough", 7))


def upgrade():
    for table, length in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("teryt", sa.String(length=length), nullable=True))
            batch_op.create_index(f"uq_{table}_teryt_alive", ["teryt"], unique=True, **ALIVE)
    # Only the live seeded one of each code (unique among live records).
    seeded = sa.text(
        "UPDATE voivodeship SET teryt = :teryt WHERE id = (SELECT min(id) FROM voivodeship"
        " WHERE code = :code AND deleted IS NULL)"
    )
    for code, teryt in TERYT_OF.items():
        op.execute(seeded.bindparams(code=code, teryt=teryt))


def downgrade():
    for table, _ in reversed(TABLES):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(f"uq_{table}_teryt_alive", **ALIVE)
            batch_op.drop_column("teryt")
