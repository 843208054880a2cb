"""The sixteen voivodeships every installation has, and a little demo content."""
import sqlalchemy as sa

from smogpanel.regions import TERYT_OF, VOIVODESHIPS

from .models import Borough, District, Voivodeship

DEMO = {
    "mp": {"krakowski": ["Liszki", "Zabierzów", "Skawina"], "Kraków": ["Kraków"]},
    "sl": {"bielski": ["Jaworze", "Kozy"], "Katowice": ["Katowice"]},
}


def seed_voivodeships(db):
    """Adds any of the sixteen missing by code; never renames or duplicates."""
    present = set(db.scalars(sa.select(Voivodeship.code).where(Voivodeship.code.is_not(None))
                             .execution_options(include_deleted=True)))
    taken = set(db.scalars(sa.select(Voivodeship.teryt).where(Voivodeship.teryt.is_not(None))))
    db.add_all(Voivodeship(name=name, code=code, teryt=None if TERYT_OF[code] in taken else TERYT_OF[code])
               for code, name in VOIVODESHIPS if code not in present)
    db.flush()


def add_demo_data(db):
    by_code = {v.code: v for v in db.scalars(sa.select(Voivodeship).where(Voivodeship.code.is_not(None)))}
    for code, districts in DEMO.items():
        for district_name, boroughs in districts.items():
            district = District(name=district_name, voivodeship_id=by_code[code].id)
            db.add(district)
            db.flush()
            db.add_all(Borough(name=name, district_id=district.id) for name in boroughs)
    db.flush()
