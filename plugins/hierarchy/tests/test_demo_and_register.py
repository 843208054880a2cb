"""The demo over the register: the demo's districts and gminy carry no TERYT codes (the sample's
are made up and collide with the register's), so importing GUS's file codes them by name and
renames nothing; and an import that renames a unit whose old name the register holds under
another code (name and code changing at once) says so in its report."""

from pathlib import Path

import sqlalchemy as sa

from smogpanel.plugins.hierarchy.models import Borough, District, Voivodeship
from smogpanel.plugins.hierarchy.seed import add_demo_data
from smogpanel.plugins.hierarchy.terc import read_terc
from smogpanel.plugins.hierarchy.teryt_import import import_terc

SAMPLE = (Path(__file__).parents[1] / "fixtures" / "terc_sample.csv").read_text(encoding="utf-8")


def sample_rows():
    """The sample's rows as [WOJ, POW, GMI, RODZ, NAZWA, ...]."""
    return [line.split(";") for line in SAMPLE.splitlines()[1:] if line.strip()]


DISTRICTS = sum(1 for row in sample_rows() if row[1] and not row[2])
GMINY = sum(1 for row in sample_rows() if row[2] and row[3] in ("1", "2", "3"))  # RODZ 4, 5, 8, 9: no gminy


def load(db, text):
    return import_terc(db, read_terc(text.encode()))


def live(db, model, *columns):
    return db.execute(sa.select(*columns).where(model.deleted.is_(None)).order_by(model.id)).all()


def test_the_demo_carries_no_made_up_codes_but_the_kinds_of_its_gminy(db):
    add_demo_data(db)
    assert {row.teryt for row in live(db, District, District.teryt)} == {None}
    gminy = live(db, Borough, Borough.name, Borough.teryt, Borough.kind)
    assert {row.teryt for row in gminy} == {None}
    assert [(row.name, row.kind) for row in gminy if row.name == "Bolesławiec"] == [
        ("Bolesławiec", "1"),
        ("Bolesławiec", "2"),
    ]
    assert len(gminy) == GMINY
    # the voivodeships are the seeded sixteen, with the register's codes (docs/hierarchy.md)
    assert len({row.teryt for row in live(db, Voivodeship, Voivodeship.teryt)}) == 16


def test_the_register_over_the_demo_codes_it_by_name_and_renames_nothing(db):
    add_demo_data(db)
    before = {row.id: row.name for row in live(db, Borough, Borough.id, Borough.name)}
    # a register whose 1206032 is another gmina than the demo's Zabierzów (the audit's case;
    # the codes here are the shape only, like the sample's)
    register = (
        SAMPLE.replace("12;06;03;2;Zabierzów", "12;06;03;2;Igołomia-Wawrzeńczyce")
        + "12;06;15;2;Zabierzów;gmina wiejska;2025-01-01\n"
    )
    report = load(db, register).as_dict()
    assert (report["renamed"], report["renamed_recoded"]) == (0, 0)
    assert [item["name"] for item in report["changes"]["added"]] == ["Igołomia-Wawrzeńczyce"]
    assert report["coded"] == len(before) + DISTRICTS  # every demo gmina and every district
    after = {row.id: (row.name, row.teryt) for row in live(db, Borough, Borough.id, Borough.name, Borough.teryt)}
    assert all(after[record_id][0] == name for record_id, name in before.items())  # same ids, same names
    zabierzow = next(record_id for record_id, name in before.items() if name == "Zabierzów")
    assert after[zabierzow] == ("Zabierzów", "1206152")
    # the namesakes of one district take the code of their own kind
    assert sorted(teryt for name, teryt in after.values() if name == "Bolesławiec") == ["0201011", "0201022"]
    kinds = dict(db.execute(sa.select(Borough.teryt, Borough.kind).where(Borough.name == "Bolesławiec")).all())
    assert kinds == {"0201011": "1", "0201022": "2"}


def test_a_rename_whose_old_name_has_another_code_is_reported_apart(db):
    load(db, SAMPLE)
    zabierzow = db.scalar(sa.select(Borough.id).where(Borough.teryt == "1206032"))
    register = (
        SAMPLE.replace("12;06;03;2;Zabierzów", "12;06;03;2;Igołomia-Wawrzeńczyce").replace(
            "12;06;01;2;Liszki", "12;06;01;2;Liszki Nowe"
        )
        + "12;06;15;2;Zabierzów;gmina wiejska;2025-01-01\n"
    )
    report = load(db, register)
    answer = report.as_dict()
    assert answer["renamed_recoded"] == 1
    assert answer["changes"]["renamed_recoded"] == [
        {
            "level": "borough",
            "teryt": "1206032",
            "name": "Igołomia-Wawrzeńczyce",
            "id": zabierzow,
            "old_name": "Zabierzów",
            "old_name_teryt": "1206152",
        }
    ]
    # a plain rename stays a plain rename
    assert [item["name"] for item in answer["changes"]["renamed"]] == ["Liszki Nowe"]
    assert "UWAGA" in report.summary() and "1206032 „Zabierzów” → „Igołomia-Wawrzeńczyce”" in report.summary()
