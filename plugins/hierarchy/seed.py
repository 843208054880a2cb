"""The sixteen voivodeships every installation has, and a little demo content."""
from pathlib import Path

import sqlalchemy as sa

from smogpanel.regions import TERYT_OF, VOIVODESHIPS

from .models import Voivodeship
from .terc import read_terc
from .teryt_import import import_terc

# TERC-shaped test data (fixtures/README.md): real names, made-up district and gmina codes.
DEMO_TERC = Path(__file__).parent / "fixtures" / "terc_sample.csv"


def seed_voivodeships(db):
    """Adds any of the sixteen missing by code; never renames or duplicates."""
    present = set(db.scalars(sa.select(Voivodeship.code).where(Voivodeship.code.is_not(None))
                             .execution_options(include_deleted=True)))
    taken = set(db.scalars(sa.select(Voivodeship.teryt).where(Voivodeship.teryt.is_not(None))))
    db.add_all(Voivodeship(name=name, code=code, teryt=None if TERYT_OF[code] in taken else TERYT_OF[code])
               for code, name in VOIVODESHIPS if code not in present)
    db.flush()


def add_demo_data(db):
    """Gminy for the demo: the TERC-shaped sample, through the same import an operator runs."""
    import_terc(db, read_terc(DEMO_TERC.read_bytes()))
