"""The sixteen voivodeships every installation has, and a little demo content."""

from pathlib import Path

import sqlalchemy as sa

from smogpanel.regions import TERYT_OF, VOIVODESHIPS

from .models import Borough, District, Voivodeship
from .terc import read_terc

# TERC-shaped test data (fixtures/README.md): real names, made-up district and gmina codes.
DEMO_TERC = Path(__file__).parent / "fixtures" / "terc_sample.csv"


def seed_voivodeships(db):
    """Adds any of the sixteen missing by code; never renames or duplicates."""
    present = set(
        db.scalars(
            sa.select(Voivodeship.code).where(Voivodeship.code.is_not(None)).execution_options(include_deleted=True)
        )
    )
    taken = set(db.scalars(sa.select(Voivodeship.teryt).where(Voivodeship.teryt.is_not(None))))
    db.add_all(
        Voivodeship(name=name, code=code, teryt=None if TERYT_OF[code] in taken else TERYT_OF[code])
        for code, name in VOIVODESHIPS
        if code not in present
    )
    db.flush()


def add_demo_data(db):
    """Districts and gminy for the demo: the names of the TERC-shaped sample **without codes**.
    The sample's district and gmina codes are made up and would collide with the register's:
    importing GUS's file over them renamed demo gminy in place (1206032 'Zabierzów' became
    'Igołomia-Wawrzeńczyce', its ranking values with it). Uncoded, they are what the register
    import codes by name under the same parent ("nadano kod", docs/hierarchy.md). Each gmina keeps
    its kind (RODZ), which tells apart the namesakes of one district (Bolesławiec miejska and
    wiejska). The voivodeships are the seeded sixteen with their real codes."""
    units = read_terc(DEMO_TERC.read_bytes())
    voivodeships = dict(
        db.execute(sa.select(Voivodeship.teryt, Voivodeship.id).where(Voivodeship.teryt.is_not(None))).all()
    )
    districts = {}
    for unit in units:
        if unit.level == "district" and unit.woj in voivodeships:
            district = District(name=unit.name, voivodeship_id=voivodeships[unit.woj])
            db.add(district)
            districts[unit.woj + unit.pow] = district
    db.flush()
    db.add_all(
        Borough(name=unit.name, district_id=districts[unit.parent_teryt].id, kind=unit.rodz)
        for unit in units
        if unit.level == "borough" and unit.parent_teryt in districts
    )
    db.flush()
