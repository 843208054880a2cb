"""Voivodeship > district > borough, each with its TERYT code (GUS's TERC register) when it
came from the register or is one of the seeded sixteen; None for records added by hand."""

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from smogpanel.db import Base, Record, unique_while_alive


class Voivodeship(Record, Base):
    __tablename__ = "voivodeship"
    __table_args__ = (unique_while_alive("voivodeship", "teryt"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    # One of the sixteen two-letter codes for the seeded voivodeships; None for others.
    code: Mapped[str | None] = mapped_column(sa.String(2))
    teryt: Mapped[str | None] = mapped_column(sa.String(2))  # WOJ, e.g. "12"


class District(Record, Base):
    __tablename__ = "district"
    __table_args__ = (unique_while_alive("district", "teryt"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    voivodeship_id: Mapped[int] = mapped_column(sa.ForeignKey("voivodeship.id"), nullable=False, index=True)
    teryt: Mapped[str | None] = mapped_column(sa.String(4))  # WOJ+POW, e.g. "1206"


class Borough(Record, Base):
    __tablename__ = "borough"
    __table_args__ = (unique_while_alive("borough", "teryt"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False, index=True)
    district_id: Mapped[int] = mapped_column(sa.ForeignKey("district.id"), nullable=False, index=True)
    teryt: Mapped[str | None] = mapped_column(sa.String(7))  # WOJ+POW+GMI+RODZ, e.g. "1206052"
    # RODZ ("1" miejska, "2" wiejska, "3" miejsko-wiejska) of a gmina without a code (the demo's):
    # a coded gmina's kind is its code's last digit. Tells apart namesakes in one district.
    kind: Mapped[str | None] = mapped_column(sa.String(1))
