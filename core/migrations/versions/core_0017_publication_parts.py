"""publishing: a version's own parts (a search's gmina cards) frozen with it at publish time
(smogpanel.public.parts)

Revision ID: core_0017
Revises: core_0016
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0017"
down_revision = "core_0016"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "publication_parts",
        sa.Column("publication_id", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["publication_id"], ["publication.id"], name=op.f("fk_publication_parts_publication_id_publication")
        ),
        sa.PrimaryKeyConstraint("publication_id", name=op.f("pk_publication_parts")),
    )


def downgrade():
    op.drop_table("publication_parts")
