"""Graphs: public charts (SPEC 2.9, 3 Graph, Graph key, Graph key group, Graph group, Graph
entry). A graph has either keys (CIRCLE: the slices, MULTILINE: the points on the x axis) or
key groups each with its own keys (BAR and LINE: a group is a coloured series, its keys the
bars or points). Graph groups are what the public chooses between (a year); each group holds
entries (one chart each, e.g. a voivodeship, with an optional goal), and an entry holds one
value per key. Values are exact decimals (kept as text: SQLite has no exact decimal type).

Keys and key groups removed from a graph are soft-deleted: their values stay in the database.
"""

from decimal import Decimal

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from smogpanel.db import Base, DecimalText, Record, unique_while_alive

TYPES = ("BAR", "CIRCLE", "LINE", "MULTILINE")  # SPEC 3 "Chart types"
STYLES = ("CLASSIC", "MODERN")  # SPEC 3 "Chart themes"
GROUPED = ("BAR", "LINE")  # types whose keys live in key groups
KEYED = ("CIRCLE", "MULTILINE")  # types with plain keys


class Graph(Record, Base):
    __tablename__ = "graph"
    __table_args__ = (unique_while_alive("graph", "internal_name"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    internal_name: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    title: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    subtitle: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    subname: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    unit: Mapped[str] = mapped_column(sa.String(100), nullable=False, default="")
    source: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    legend: Mapped[str] = mapped_column(sa.Text, nullable=False, default="")
    graph_type_name: Mapped[str] = mapped_column(sa.String(16), nullable=False)
    graph_style_name: Mapped[str] = mapped_column(sa.String(16), nullable=False)
    position_title: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    value_title: Mapped[str] = mapped_column(sa.String(255), nullable=False)


class GraphKeyGroup(Record, Base):
    __tablename__ = "graph_key_group"

    graph_id: Mapped[int] = mapped_column(sa.ForeignKey("graph.id"), nullable=False, index=True)
    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    color: Mapped[str] = mapped_column(sa.String(64), nullable=False)
    position: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=0)


class GraphKey(Record, Base):
    __tablename__ = "graph_key"

    graph_id: Mapped[int] = mapped_column(sa.ForeignKey("graph.id"), nullable=False, index=True)
    # BAR and LINE: the key group the key belongs to; CIRCLE and MULTILINE: None.
    key_group_id: Mapped[int | None] = mapped_column(sa.ForeignKey("graph_key_group.id"), nullable=True, index=True)
    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    short_name: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    value_type_name: Mapped[str] = mapped_column(sa.String(20), nullable=False, default="NUMBER")
    position: Mapped[int] = mapped_column(sa.Integer, nullable=False, default=0)


class GraphGroup(Record, Base):
    __tablename__ = "graph_group"

    graph_id: Mapped[int] = mapped_column(sa.ForeignKey("graph.id"), nullable=False, index=True)
    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)


class GraphEntry(Record, Base):
    __tablename__ = "graph_entry"

    graph_group_id: Mapped[int] = mapped_column(sa.ForeignKey("graph_group.id"), nullable=False, index=True)
    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    color: Mapped[str] = mapped_column(sa.String(64), nullable=False, default="")
    with_goal: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)
    goal: Mapped[Decimal | None] = mapped_column(DecimalText, nullable=True)
    goal_progress_info: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    goal_value_info: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")
    goal_value_subinfo: Mapped[str] = mapped_column(sa.String(255), nullable=False, default="")


class GraphValue(Base):
    """The value of one key in one entry."""

    __table__ = sa.Table(
        "graph_value",
        Base.metadata,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("entry_id", sa.ForeignKey("graph_entry.id"), nullable=False),
        sa.Column("key_id", sa.ForeignKey("graph_key.id"), nullable=False, index=True),
        sa.Column("value", DecimalText, nullable=False),
        sa.UniqueConstraint("entry_id", "key_id"),
    )
