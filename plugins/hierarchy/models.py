"""Voivodeship > district > borough."""
import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from smogpanel.db import Base, Record


class Voivodeship(Record, Base):
    __tablename__ = "voivodeship"

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    # One of the sixteen two-letter codes for the seeded voivodeships; None for others.
    code: Mapped[str | None] = mapped_column(sa.String(2))


class District(Record, Base):
    __tablename__ = "district"

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    voivodeship_id: Mapped[int] = mapped_column(sa.ForeignKey("voivodeship.id"), nullable=False, index=True)


class Borough(Record, Base):
    __tablename__ = "borough"

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False, index=True)
    district_id: Mapped[int] = mapped_column(sa.ForeignKey("district.id"), nullable=False, index=True)
