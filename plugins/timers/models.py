"""Timers: countdown (or count-up) widgets with a style, texts, a deadline and a partner logo."""

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from smogpanel.db import Base, Record, UTCDateTime, unique_while_alive


class Timer(Record, Base):
    __tablename__ = "timer"
    __table_args__ = (unique_while_alive("timer", "internal_name"),)

    name: Mapped[str] = mapped_column(sa.String(255), nullable=False)
    # The public link's slug (/view/timer/<internal_name>): set at creation, never edited.
    internal_name: Mapped[str] = mapped_column(sa.String(100), nullable=False)
    timer_style_name: Mapped[str] = mapped_column(sa.String(16), nullable=False)
    text_above: Mapped[str] = mapped_column(sa.String(500), nullable=False)
    # A moment in UTC; a deadline given as a date alone is that day's midnight in Warsaw.
    deadline: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    # True: counts down to the deadline; False: counts up from it ('reverse count').
    countdown: Mapped[bool] = mapped_column(sa.Boolean, nullable=False, default=True)
    text_below: Mapped[str] = mapped_column(sa.String(500), nullable=False)
    # The stored name of the partner's logo (served at /files/<name>), if any.
    logo_path: Mapped[str | None] = mapped_column(sa.String(64))
    hidden_brand: Mapped[int] = mapped_column(sa.SmallInteger, nullable=False, default=0)
