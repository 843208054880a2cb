"""Maps, their property keys, measurements (checkpoints) and the measured values.

Values: one row per (measurement, property key) holding the sixteen voivodeship numbers in
sixteen nullable columns named by the codes of SPEC section 3. That row *is* the API's
`value` object (`{id, ds, kp, ...}`), so a measurement with eleven properties is eleven rows
written by one INSERT each (not 176), read back by one indexed query, and the summary is one
`SUM(ds), SUM(kp), ... GROUP BY key_id`. The unique (checkpoint_id, key_id) pair means a
property is stored once per measurement; every write of a request is one transaction.
"""

from datetime import date

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from smogpanel.db import Base, Record, unique_while_alive
from smogpanel.regions import CODES

PROPERTY_TYPES = ("INFORMATIVE", "STATISTIC", "PRECISE")
# Exact in PostgreSQL (numeric), read as float (whole numbers are given back as ints).
NUMBER = sa.Numeric(20, 4, asdecimal=False)


class Map(Record, Base):
    __tablename__ = "map"
    __table_args__ = (unique_while_alive("map", "internal_name"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    internal_name: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    source: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    details: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")
    show_summary: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)
    summary_title: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")


class MapPropertyKey(Record, Base):
    """A property of a map. Removing it from the map soft-deletes it: its values stay in the
    database (never lost), but vanish from every answer."""

    __tablename__ = "map_property_key"

    map_id: Mapped[int] = mapped_column(sa.ForeignKey("map.id"), nullable=False, index=True)
    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    display_name: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    property_type_name: Mapped[str] = mapped_column(sa.String(20), nullable=False)
    position: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=0)


class Checkpoint(Record, Base):
    """A measurement of a map, dated `captured` (fixed after creation)."""

    __tablename__ = "checkpoint"

    map_id: Mapped[int] = mapped_column(sa.ForeignKey("map.id"), nullable=False, index=True)
    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    source: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    captured: Mapped[date] = mapped_column(sa.Date, nullable=False, index=True)
    hidden: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)


class CheckpointValue(Base):
    """The sixteen numbers of one property in one measurement (None: no value)."""

    __table__ = sa.Table(
        "checkpoint_value",
        Base.metadata,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("checkpoint_id", sa.ForeignKey("checkpoint.id"), nullable=False),
        sa.Column("key_id", sa.ForeignKey("map_property_key.id"), nullable=False, index=True),
        *(sa.Column(code, NUMBER, nullable=True) for code in CODES),
        sa.UniqueConstraint("checkpoint_id", "key_id"),
    )
