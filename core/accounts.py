"""Accounts and what authentication keeps about them."""

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from .db import Base, Record, UTCDateTime, unique_while_alive


class User(Record, Base):
    __tablename__ = "user_account"
    __table_args__ = (unique_while_alive("user_account", "email"),)

    email: Mapped[str] = mapped_column(sa.String(254), nullable=False)
    firstname: Mapped[str] = mapped_column(sa.String(100), nullable=False, default="")
    lastname: Mapped[str] = mapped_column(sa.String(100), nullable=False, default="")
    super: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)
    # Beside `super` (SPEC: 1 = administrator): what a non-super account may do
    # (smogpanel.authority): "editor" (the spec's user, the default) or "viewer" (reads only).
    role: Mapped[str] = mapped_column(sa.String(10), nullable=False, default="editor", server_default="editor")
    # An editor's scopes, comma-separated; empty: all. Plugin names ("timers,letters") and
    # voivodeships' two-digit TERYT codes ("12,14").
    scope_kinds: Mapped[str] = mapped_column(sa.Text, nullable=False, default="", server_default="")
    scope_voivodeships: Mapped[str] = mapped_column(sa.Text, nullable=False, default="", server_default="")
    # 'dane nadawców': may see residents' personal data (letters' senders); granted by a super
    # administrator (accounts older than the permission kept it); super administrators have it.
    personal_data: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0, server_default="0")
    # May publish public records in `reviewed` mode (smogpanel.publishing); without it an editor
    # asks for publication. Granted by a super administrator; super administrators have it.
    publish: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0, server_default="0")
    password_hash: Mapped[str | None] = mapped_column(sa.String(255))
    # Bumped on every password change: tokens carry it, so older tokens stop working.
    token_version: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=1)


class PasswordReset(Base):
    """A single-use, expiring link to set a password; only the token's hash is kept."""

    __tablename__ = "password_reset"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(sa.ForeignKey("user_account.id"), nullable=False, index=True)
    token_hash: Mapped[str] = mapped_column(sa.String(64), nullable=False, unique=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    expires: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    used: Mapped[datetime | None] = mapped_column(UTCDateTime)


class LoginFailure(Base):
    """One failed sign-in, keyed by e-mail or by address, for throttling across processes."""

    __tablename__ = "login_failure"
    __table_args__ = (sa.Index("ix_login_failure_key_at", "key", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(sa.String(300), nullable=False)
    at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
