"""Demo timers for `smogpanel init --demo`: one counting down, one counting up."""

from datetime import UTC, date, datetime, time

from .models import Timer
from .schemas import WARSAW


def end_of_next_heating_season(today=None):
    """Midnight (Warsaw) starting the next 1 May: the usual end of the heating season."""
    today = today or datetime.now(WARSAW).date()
    end = date(today.year, 5, 1)
    if end <= today:
        end = date(today.year + 1, 5, 1)
    return datetime.combine(end, time(), WARSAW).astimezone(UTC)


def add_demo_data(db):
    db.add_all(
        [
            Timer(
                name="Do końca sezonu grzewczego",
                internal_name="koniec-sezonu-grzewczego",
                timer_style_name="SEA",
                text_above="Do końca sezonu grzewczego zostało",
                deadline=end_of_next_heating_season(),
                countdown=True,
                text_below="Sprawdź, jak ogrzewać dom czyściej.",
                hidden_brand=0,
            ),
            Timer(
                name="Krakowski zakaz palenia węglem",
                internal_name="krakow-bez-wegla",
                timer_style_name="GRAPHITE",
                text_above="Kraków nie pali węglem ani drewnem już od",
                deadline=datetime.combine(date(2019, 9, 1), time(), WARSAW).astimezone(UTC),
                countdown=False,
                text_below="Uchwała antysmogowa obowiązuje od 1 września 2019 r.",
                hidden_brand=0,
            ),
        ]
    )
    db.flush()
