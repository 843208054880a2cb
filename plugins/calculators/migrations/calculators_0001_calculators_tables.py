"""calculators tables: calculators and the versioned shared definition

Revision ID: calculators_0001
Revises:
Create Date: 2026-11-22 14:30:00
"""

import sqlalchemy as sa
from alembic import op

import smogpanel.db

revision = "calculators_0001"
down_revision = None
branch_labels = ("calculators",)
depends_on = None


def _record_columns():
    return [
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("updated", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("deleted", smogpanel.db.UTCDateTime(), nullable=True),
    ]


def upgrade():
    op.create_table(
        "calculator",
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("internal_name", sa.String(length=100), nullable=False),
        sa.Column("calculator_type_name", sa.String(length=32), nullable=False),
        sa.Column("show_refund", sa.SmallInteger(), nullable=False),
        sa.Column("refund_checkbox", sa.String(length=500), nullable=False),
        sa.Column("legend", sa.Text(), nullable=False),
        sa.Column("footer", sa.Text(), nullable=False),
        *_record_columns(),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_calculator")),
    )
    with op.batch_alter_table("calculator", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_calculator_deleted"), ["deleted"], unique=False)
        batch_op.create_index(
            "uq_calculator_internal_name_alive",
            ["internal_name"],
            unique=True,
            sqlite_where=sa.text("deleted IS NULL"),
            postgresql_where=sa.text("deleted IS NULL"),
        )

    op.create_table(
        "calculator_definition_version",
        sa.Column("source", sa.String(length=500), nullable=False),
        *_record_columns(),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_calculator_definition_version")),
    )
    with op.batch_alter_table("calculator_definition_version", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_calculator_definition_version_deleted"), ["deleted"], unique=False)

    op.create_table(
        "calculator_type",
        sa.Column("version_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(
            ["version_id"],
            ["calculator_definition_version.id"],
            name=op.f("fk_calculator_type_version_id_calculator_definition_version"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_calculator_type")),
    )
    with op.batch_alter_table("calculator_type", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_calculator_type_deleted"), ["deleted"], unique=False)
        batch_op.create_index(batch_op.f("ix_calculator_type_version_id"), ["version_id"], unique=False)

    op.create_table(
        "calculator_definition",
        sa.Column("type_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("value", sa.String(48), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(
            ["type_id"], ["calculator_type.id"], name=op.f("fk_calculator_definition_type_id_calculator_type")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_calculator_definition")),
    )
    with op.batch_alter_table("calculator_definition", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_calculator_definition_deleted"), ["deleted"], unique=False)
        batch_op.create_index(batch_op.f("ix_calculator_definition_type_id"), ["type_id"], unique=False)


def downgrade():
    op.drop_table("calculator_definition")
    op.drop_table("calculator_type")
    op.drop_table("calculator_definition_version")
    op.drop_table("calculator")
