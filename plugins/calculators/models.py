"""Calculators and the one shared definition they read (SPEC 3 "Calculator" and "Calculator
definition"). The definition is kept in versions: replacing it (the form, an import, a
restore) writes a new version in one transaction and the earlier ones stay, so a wrong
import never loses the figures it replaced. The current definition is the newest version."""

from decimal import Decimal

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from smogpanel.db import Base, DecimalText, Record, unique_while_alive


class Calculator(Record, Base):
    __tablename__ = "calculator"
    __table_args__ = (unique_while_alive("calculator", "internal_name"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    # The public link's slug (/view/calculator/<internal_name>): set at creation, never edited.
    internal_name: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    calculator_type_name: Mapped[str] = mapped_column(sa.String(32), nullable=False)
    show_refund: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)
    refund_checkbox: Mapped[str] = mapped_column(sa.String(500), nullable=False, default="")
    legend: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")
    footer: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")


class DefinitionVersion(Record, Base):
    """One state of the shared definition; `created` is when it became current."""

    __tablename__ = "calculator_definition_version"

    # Polish: where it came from ("Formularz", "Import: POBE 2025 (plik.xlsx)", "Przywrócenie wersji 3").
    source: Mapped[str] = mapped_column(sa.String(500), nullable=False)


class DefinitionType(Record, Base):
    """A type of a version (a heat source, or the building standards)."""

    __tablename__ = "calculator_type"

    version_id: Mapped[int] = mapped_column(
        sa.ForeignKey("calculator_definition_version.id"), nullable=False, index=True
    )
    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    position: Mapped[int] = mapped_column(sa.Integer, nullable=False)


class Definition(Record, Base):
    """A named exact number of a type (`snake_case` name, e.g. `sprawnosc`)."""

    __tablename__ = "calculator_definition"

    type_id: Mapped[int] = mapped_column(sa.ForeignKey("calculator_type.id"), nullable=False, index=True)
    name: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    value: Mapped[Decimal] = mapped_column(DecimalText, nullable=False)
    position: Mapped[int] = mapped_column(sa.Integer, nullable=False)
