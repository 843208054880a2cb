"""The reach counts: one row per day, widget, embedding site and event (smogpanel.reach).

Nothing in a row tells one visitor from another: no address, no cookie, no identifier, only how
many times a widget of `kind` (record `record_id`) was seen that day on `site` (an origin:
scheme, host and port; '' for the panel's own page) or, for `event` other than "view", how
many times a step of its funnel happened (a letter's request sent, an address confirmed).
"""

from datetime import date

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..db import Base

MAX_SITE = 300  # an origin: "https://" + a host name (253) + ":" + a port, with room to spare


class ReachCount(Base):
    __tablename__ = "reach_count"

    day: Mapped[date] = mapped_column(sa.Date, primary_key=True)  # in Warsaw time
    kind: Mapped[str] = mapped_column(sa.String(50), primary_key=True)
    record_id: Mapped[int] = mapped_column(sa.Integer, primary_key=True)
    site: Mapped[str] = mapped_column(sa.String(MAX_SITE), primary_key=True)
    event: Mapped[str] = mapped_column(sa.String(20), primary_key=True)
    count: Mapped[int] = mapped_column(sa.BigInteger, nullable=False, default=0)

    # The screens and the API read by kind and record over a range of days.
    __table_args__ = (sa.Index("ix_reach_count_kind_record_day", "kind", "record_id", "day"),)
