"""accounts: sign-in sessions (every token names one), second factors (TOTP, passkeys,
recovery codes) and WebAuthn challenges (smogpanel.users.sessions, .factors, .passkeys)

Revision ID: core_0012
Revises: core_0011
"""

import sqlalchemy as sa
from alembic import op

from smogpanel.db import UTCDateTime

revision = "core_0012"
down_revision = "core_0011"
branch_labels = None
depends_on = None


def _user_fk(table):
    return sa.ForeignKeyConstraint(["user_id"], ["user_account.id"], name=op.f(f"fk_{table}_user_id_user_account"))


def upgrade():
    op.create_table(
        "user_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created", UTCDateTime(), nullable=False),
        sa.Column("last_seen", UTCDateTime(), nullable=False),
        sa.Column("ended", UTCDateTime(), nullable=True),
        sa.Column("address", sa.String(length=100), nullable=False),
        sa.Column("browser", sa.String(length=100), nullable=False),
        sa.Column("method", sa.String(length=20), nullable=False),
        _user_fk("user_session"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_session")),
    )
    op.create_index(op.f("ix_user_session_user_id"), "user_session", ["user_id"])
    op.create_table(
        "user_totp",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("created", UTCDateTime(), nullable=False),
        sa.Column("confirmed", UTCDateTime(), nullable=True),
        sa.Column("last_step", sa.BigInteger(), nullable=True),
        _user_fk("user_totp"),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_user_totp")),
    )
    op.create_table(
        "user_recovery_code",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("created", UTCDateTime(), nullable=False),
        sa.Column("used", UTCDateTime(), nullable=True),
        _user_fk("user_recovery_code"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_recovery_code")),
        sa.UniqueConstraint("code_hash", name=op.f("uq_user_recovery_code_code_hash")),
    )
    op.create_index(op.f("ix_user_recovery_code_user_id"), "user_recovery_code", ["user_id"])
    op.create_table(
        "user_passkey",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("credential_id", sa.String(length=400), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("created", UTCDateTime(), nullable=False),
        sa.Column("last_used", UTCDateTime(), nullable=True),
        _user_fk("user_passkey"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_passkey")),
        sa.UniqueConstraint("credential_id", name=op.f("uq_user_passkey_credential_id")),
    )
    op.create_index(op.f("ix_user_passkey_user_id"), "user_passkey", ["user_id"])
    op.create_table(
        "auth_challenge",
        sa.Column("challenge", sa.String(length=100), nullable=False),
        sa.Column("purpose", sa.String(length=20), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("expires", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("challenge", name=op.f("pk_auth_challenge")),
    )
    op.create_index(op.f("ix_auth_challenge_expires"), "auth_challenge", ["expires"])


def downgrade():
    op.drop_index(op.f("ix_auth_challenge_expires"), table_name="auth_challenge")
    op.drop_table("auth_challenge")
    op.drop_index(op.f("ix_user_passkey_user_id"), table_name="user_passkey")
    op.drop_table("user_passkey")
    op.drop_index(op.f("ix_user_recovery_code_user_id"), table_name="user_recovery_code")
    op.drop_table("user_recovery_code")
    op.drop_table("user_totp")
    op.drop_index(op.f("ix_user_session_user_id"), table_name="user_session")
    op.drop_table("user_session")
