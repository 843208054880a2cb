"""letters tables: recipient groups, recipients, letters, senders and their messages

Revision ID: letters_0001
Revises:
Create Date: 2026-11-24 11:20:00
"""

import sqlalchemy as sa
from alembic import op

import smogpanel.db

revision = "letters_0001"
down_revision = None
branch_labels = ("letters",)
depends_on = "core_0004"

ALIVE = sa.text("deleted IS NULL")


def _record_columns():
    return [
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("updated", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("deleted", smogpanel.db.UTCDateTime(), nullable=True),
    ]


def upgrade():
    op.create_table(
        "recipient_group",
        sa.Column("name", sa.String(length=255), nullable=False),
        *_record_columns(),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_recipient_group")),
    )
    with op.batch_alter_table("recipient_group", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_recipient_group_deleted"), ["deleted"], unique=False)

    op.create_table(
        "recipient",
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("recipient_group_id", sa.Integer(), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(
            ["recipient_group_id"], ["recipient_group.id"], name=op.f("fk_recipient_recipient_group_id_recipient_group")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_recipient")),
    )
    with op.batch_alter_table("recipient", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_recipient_deleted"), ["deleted"], unique=False)
        batch_op.create_index(batch_op.f("ix_recipient_recipient_group_id"), ["recipient_group_id"], unique=False)
        batch_op.create_index(
            "uq_recipient_recipient_group_id_email_alive",
            ["recipient_group_id", "email"],
            unique=True,
            sqlite_where=ALIVE,
            postgresql_where=ALIVE,
        )

    op.create_table(
        "letter",
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("internal_name", sa.String(length=100), nullable=False),
        sa.Column("recipient_group_id", sa.Integer(), nullable=False),
        sa.Column("cover_path", sa.String(length=64), nullable=True),
        sa.Column("title", sa.String(length=255), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("gdpr_agreement", sa.Text(), nullable=False),
        sa.Column("gdpr_info", sa.Text(), nullable=False),
        *_record_columns(),
        sa.ForeignKeyConstraint(
            ["recipient_group_id"], ["recipient_group.id"], name=op.f("fk_letter_recipient_group_id_recipient_group")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_letter")),
    )
    with op.batch_alter_table("letter", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_letter_deleted"), ["deleted"], unique=False)
        batch_op.create_index(batch_op.f("ix_letter_recipient_group_id"), ["recipient_group_id"], unique=False)
        batch_op.create_index(
            "uq_letter_internal_name_alive", ["internal_name"], unique=True, sqlite_where=ALIVE, postgresql_where=ALIVE
        )

    op.create_table(
        "letter_sender",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("letter_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=True),
        sa.Column("email", sa.String(length=254), nullable=True),
        sa.Column("consent_text", sa.Text(), nullable=False),
        sa.Column("consent_at", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("address", sa.String(length=100), nullable=True),
        sa.Column("created", smogpanel.db.UTCDateTime(), nullable=False),
        sa.Column("confirmed", smogpanel.db.UTCDateTime(), nullable=True),
        sa.Column("erased", smogpanel.db.UTCDateTime(), nullable=True),
        sa.Column("confirmation_mail_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["letter_id"], ["letter.id"], name=op.f("fk_letter_sender_letter_id_letter")),
        sa.ForeignKeyConstraint(
            ["confirmation_mail_id"],
            ["mail_outbox.id"],
            name=op.f("fk_letter_sender_confirmation_mail_id_mail_outbox"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_letter_sender")),
    )
    with op.batch_alter_table("letter_sender", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_letter_sender_letter_id"), ["letter_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_letter_sender_email"), ["email"], unique=False)
        batch_op.create_index(
            "uq_letter_sender_letter_id_email",
            ["letter_id", "email"],
            unique=True,
            sqlite_where=sa.text("email IS NOT NULL"),
            postgresql_where=sa.text("email IS NOT NULL"),
        )

    op.create_table(
        "letter_message",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sender_id", sa.Integer(), nullable=False),
        sa.Column("recipient_id", sa.Integer(), nullable=False),
        sa.Column("mail_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["sender_id"], ["letter_sender.id"], name=op.f("fk_letter_message_sender_id_letter_sender")
        ),
        sa.ForeignKeyConstraint(
            ["recipient_id"], ["recipient.id"], name=op.f("fk_letter_message_recipient_id_recipient")
        ),
        sa.ForeignKeyConstraint(
            ["mail_id"], ["mail_outbox.id"], name=op.f("fk_letter_message_mail_id_mail_outbox"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_letter_message")),
    )
    with op.batch_alter_table("letter_message", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_letter_message_sender_id"), ["sender_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_letter_message_recipient_id"), ["recipient_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_letter_message_mail_id"), ["mail_id"], unique=False)


def downgrade():
    op.drop_table("letter_message")
    op.drop_table("letter_sender")
    op.drop_table("letter")
    op.drop_table("recipient")
    op.drop_table("recipient_group")
