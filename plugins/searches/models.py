"""Searches: a public "find your gmina's programme" tool. A search has keys (what each gmina's
card shows and where), and entries, one per live gmina, holding one text per key.

`borough_id` is a plain integer, not a foreign key: gminy belong to the hierarchy plugin, which
a plugin never imports (nor its tables). Entries are checked against the gazetteer hook when
written (smogpanel.gazetteer), and a gmina deleted later simply stops showing (its entry is kept, never lost).
Values: one row per (entry, key); a key removed from the search is soft-deleted and its values
stay in the database.
"""

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from smogpanel.db import Base, Record, unique_while_alive

PLACES = ("TOP", "LEFT", "RIGHT", "BOTTOM")  # SPEC 3 "Positions"; where a value shows on the card
VALUE_TYPES = ("TEXT",)  # SPEC 3 constants; docs/plugins.md (searches) says how to add LINK or NUMBER


class Search(Record, Base):
    __tablename__ = "search"
    __table_args__ = (unique_while_alive("search", "internal_name"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    internal_name: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    source: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")


class SearchKey(Record, Base):
    __tablename__ = "search_key"

    search_id: Mapped[int] = mapped_column(sa.ForeignKey("search.id"), nullable=False, index=True)
    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    hide_name: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)
    search_key_place_name: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    value_type_name: Mapped[str] = mapped_column(sa.String(20), nullable=False, default="TEXT")
    position: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=0)


class SearchEntry(Record, Base):
    """One gmina's card in one search (one live entry per gmina per search)."""

    __tablename__ = "search_entry"
    __table_args__ = (unique_while_alive("search_entry", "search_id", "borough_id"),)

    search_id: Mapped[int] = mapped_column(sa.ForeignKey("search.id"), nullable=False, index=True)
    borough_id: Mapped[int] = mapped_column(sa.Integer, nullable=False)


class SearchValue(Base):
    """The text of one key in one entry."""

    __table__ = sa.Table(
        "search_value",
        Base.metadata,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("entry_id", sa.ForeignKey("search_entry.id"), nullable=False),
        sa.Column("key_id", sa.ForeignKey("search_key.id"), nullable=False, index=True),
        sa.Column("value", sa.Text, nullable=False),
        sa.UniqueConstraint("entry_id", "key_id"),
    )
