"""TERYT codes on the hierarchy's records: the seeded sixteen carry theirs, payloads show
them, hand-added records have none, and a code is unique among live records."""

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from smogpanel.db import utcnow
from smogpanel.plugins.hierarchy.models import Borough, District, Voivodeship

# GUS's WOJ codes: the even numbers 02..32 in the alphabetical order of the names.
EXPECTED = {
    "dolnośląskie": "02",
    "kujawsko-pomorskie": "04",
    "lubelskie": "06",
    "lubuskie": "08",
    "łódzkie": "10",
    "małopolskie": "12",
    "mazowieckie": "14",
    "opolskie": "16",
    "podkarpackie": "18",
    "podlaskie": "20",
    "pomorskie": "22",
    "śląskie": "24",
    "świętokrzyskie": "26",
    "warmińsko-mazurskie": "28",
    "wielkopolskie": "30",
    "zachodniopomorskie": "32",
}


def test_the_sixteen_voivodeships_carry_their_teryt_codes(api):
    rows = api.get("/api/voivodeship/")["message"]["list"]
    assert {row["name"]: row["teryt"] for row in rows} == EXPECTED
    one = api.get(f"/api/voivodeship/{rows[0]['id']}")["message"]
    assert one["teryt"] == EXPECTED[one["name"]]


def test_records_added_by_hand_have_no_code_and_cannot_set_one(api):
    mp = next(r for r in api.get("/api/voivodeship/")["message"]["list"] if r["teryt"] == "12")
    district = api.post("/api/district/", {"name": "testowy", "voivodeship_id": mp["id"], "teryt": "1299"})["message"]
    assert district["teryt"] is None
    borough = api.post("/api/borough/", {"name": "Testowa", "district_id": district["id"]})["message"]
    assert borough["teryt"] is None
    listed = api.get(f"/api/borough/district/{district['id']}")["message"]["list"]
    assert listed[0]["teryt"] is None
    renamed = api.post(f"/api/voivodeship/{mp['id']}", {"name": "małopolskie", "teryt": "99"})["message"]
    assert renamed["teryt"] == "12"


def test_a_code_is_unique_among_live_records_only(db):
    mp = db.scalar(sa.select(Voivodeship).where(Voivodeship.teryt == "12"))
    first = District(name="a", voivodeship_id=mp.id, teryt="1201")
    db.add(first)
    db.flush()
    db.add_all([Borough(name="x", district_id=first.id), Borough(name="y", district_id=first.id)])
    db.flush()  # many records without a code
    with db.begin_nested():
        db.add(District(name="b", voivodeship_id=mp.id, teryt="1201"))
        with pytest.raises(IntegrityError):
            db.flush()
    first.deleted = utcnow()
    db.flush()
    db.add(District(name="b", voivodeship_id=mp.id, teryt="1201"))
    db.flush()


def test_restoring_a_record_whose_code_a_live_one_took_is_refused(api, db, make_app):
    mp = db.scalar(sa.select(Voivodeship).where(Voivodeship.teryt == "12"))
    old = District(name="stary", voivodeship_id=mp.id, teryt="1277")
    db.add(old)
    db.commit()
    api.delete(f"/api/district/{old.id}")
    db.add(District(name="nowy", voivodeship_id=mp.id, teryt="1277"))
    db.commit()
    resource = make_app().registry["smogpanel.resources"]["district"]
    db.expire_all()
    stale = db.execute(
        sa.select(District).where(District.id == old.id).execution_options(include_deleted=True)
    ).scalar_one()
    assert "kod TERYT 1277" in resource.restore(db, stale)


def test_lists_sort_by_teryt_code(api):
    rows = api.get("/api/voivodeship/?order=teryt&asc=1")["message"]["list"]
    assert [row["teryt"] for row in rows] == sorted(EXPECTED.values())
