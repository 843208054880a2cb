"""Rankings: a ranking (of gminy or of voivodeships) has groups; a voivodeships ranking's
group has entries; values rank a gmina within a group, or a voivodeship within an entry.

`borough_id` and `voivodeship_id` are plain integers, not foreign keys: gminy and voivodeships
belong to the hierarchy plugin, whose tables a plugin never imports. They are checked against
the gazetteer hook (`smogpanel.gazetteer`) whenever a value is written.

`value` and `points` are exact decimals (numeric(20, 4), read as Decimal): no binary floating
point between the form, the database and the answer. `place` is zero-based (shown plus 1).
"""

from decimal import Decimal

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from smogpanel.db import Base, Record, unique_while_alive

RANK_TYPES = ("gminy", "voivodeships")
DECIMAL = sa.Numeric(20, 4, asdecimal=True)


class Rank(Record, Base):
    __tablename__ = "rank"
    __table_args__ = (unique_while_alive("rank", "internal_name"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    internal_name: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    rank_type_name: Mapped[str] = mapped_column(sa.String(16), nullable=False)
    subname: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    choose_group_title: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    show_empty: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)
    search_value_title: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    table_value_title: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    logo_path: Mapped[str | None] = mapped_column(sa.String(64))
    legend: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")
    show_summary: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)
    summary_title: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    # 1: places are what the operator enters; 0: computed from points after every write.
    lock_place_refresh: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)


class RankGroup(Record, Base):
    __tablename__ = "rank_group"

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    rank_id: Mapped[int] = mapped_column(sa.ForeignKey("rank.id"), nullable=False, index=True)


class RankEntry(Record, Base):
    """A column of a voivodeships ranking's group (e.g. 'Liczba złożonych wniosków')."""

    __tablename__ = "rank_entry"

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    hidden: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)
    rank_group_id: Mapped[int] = mapped_column(sa.ForeignKey("rank_group.id"), nullable=False, index=True)


class RankValue(Record, Base):
    __tablename__ = "rank_value"
    __table_args__ = (
        unique_while_alive("rank_value", "rank_group_id", "borough_id"),
        unique_while_alive("rank_value", "rank_entry_id", "voivodeship_id"),
    )

    value: Mapped[Decimal] = mapped_column(DECIMAL, nullable=False)
    points: Mapped[Decimal] = mapped_column(DECIMAL, nullable=False)
    place: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=0)
    rank_group_id: Mapped[int] = mapped_column(sa.ForeignKey("rank_group.id"), nullable=False, index=True)
    rank_entry_id: Mapped[int | None] = mapped_column(sa.ForeignKey("rank_entry.id"), index=True)
    borough_id: Mapped[int | None] = mapped_column(sa.Integer)
    voivodeship_id: Mapped[int | None] = mapped_column(sa.Integer)
