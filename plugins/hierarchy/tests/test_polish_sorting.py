"""Names sort as a Polish reader expects on both databases (SQLite's own order is by code
point: 'Łódź' would come after 'Zabrze')."""

import random

import sqlalchemy as sa

from smogpanel.plugins.hierarchy.models import Borough, District, Voivodeship
from smogpanel.regions import polish_order

# Spaces and hyphens before letters, as PostgreSQL's ICU collation has them: 'Biała Podlaska'
# before 'Białaczów' (real gminy), so SQLite and PostgreSQL list them alike.
POLISH = [
    "Biała",
    "Biała Podlaska",
    "Białaczów",
    "Bielsk",
    "Bielsk Podlaski",
    "Bielsko-Biała",
    "Czersk",
    "Ćmielów",
    "Elbląg",
    "Ełk",
    "Lubin",
    "Lublin",
    "Łask",
    "Łódź",
    "Oświęcim",
    "Ożarów",
    "Sopot",
    "Ścinawa",
    "Tczew",
    "Zabrze",
    "Żywiec",
]


def district_with_boroughs(db, names):
    mp = db.scalar(sa.select(Voivodeship).where(Voivodeship.teryt == "12"))
    district = District(name="testowy", voivodeship_id=mp.id)
    db.add(district)
    db.flush()
    db.add_all(Borough(name=name, district_id=district.id) for name in names)
    db.commit()
    return district


def listed(api, path):
    return [row["name"] for row in api.get(path)["message"]["list"]]


def test_gminy_sort_in_the_polish_alphabet_both_ways(api, db):
    shuffled = POLISH[:]
    random.Random(11).shuffle(shuffled)
    district = district_with_boroughs(db, shuffled)
    assert listed(api, f"/api/borough/district/{district.id}?order=name&asc=1") == POLISH
    assert listed(api, f"/api/borough/district/{district.id}?order=name&asc=0") == POLISH[::-1]
    everywhere = [name for name in listed(api, "/api/borough/") if name in POLISH]  # default: by name
    assert everywhere == POLISH


def test_districts_and_voivodeships_too(api, db):
    mp = db.scalar(sa.select(Voivodeship).where(Voivodeship.teryt == "12"))
    db.add_all(District(name=name, voivodeship_id=mp.id) for name in ["żywiecki", "łódzki", "lubiński"])
    db.commit()
    assert listed(api, f"/api/district/voivodeship/{mp.id}?order=name&asc=1") == ["lubiński", "łódzki", "żywiecki"]
    voivodeships = listed(api, "/api/voivodeship/?order=name&asc=1")
    assert voivodeships.index("łódzkie") == voivodeships.index("lubuskie") + 1
    assert voivodeships.index("śląskie") == voivodeships.index("pomorskie") + 1


def test_polish_order_in_plain_sql(db):
    district = district_with_boroughs(db, reversed(POLISH))
    names = db.scalars(
        sa.select(Borough.name).where(Borough.district_id == district.id).order_by(polish_order(Borough.name))
    ).all()
    assert names == POLISH
