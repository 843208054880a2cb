"""The TERC import on the database: upsert by code, idempotence, renames, gone units, the
CSV and XML forms, BOM, and files that are no TERC files (nothing written)."""

from dataclasses import astuple
from pathlib import Path

import pytest
import sqlalchemy as sa

from smogpanel.db import utcnow
from smogpanel.plugins.hierarchy.models import Borough, District, Voivodeship
from smogpanel.plugins.hierarchy.terc import NotTerc, read_terc
from smogpanel.plugins.hierarchy.teryt_import import import_terc

FIXTURES = Path(__file__).parents[1] / "fixtures"
SAMPLE = (FIXTURES / "terc_sample.csv").read_bytes()
HEADER = "WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA\n"


def load(db, data, **kw):
    return import_terc(db, read_terc(data), **kw)


def coded(db, model):
    return dict(db.execute(sa.select(model.teryt, model.name).where(model.teryt.is_not(None))).all())


def counts(report):
    return {key: report.as_dict()[key] for key in ("added", "renamed", "coded", "unchanged", "gone")}


def test_the_sample_builds_the_hierarchy_with_codes(db):
    report = load(db, SAMPLE)
    boroughs = coded(db, Borough)
    # RODZ 1, 2, 3 are gminy; 4, 5 (parts of Skawina), 8 (Mokotów) and 9 (delegatury) are not.
    assert boroughs["1206023"] == "Skawina" and "1206024" not in boroughs and "1206025" not in boroughs
    assert "1465028" not in boroughs and "1261029" not in boroughs
    assert {
        "Bolesławiec",
        "Lubin",
        "Łódź",
        "Liszki",
        "Skawina",
        "Zabierzów",
        "Kraków",
        "Warszawa",
        "Jaworze",
        "Kozy",
        "Żywiec",
        "Katowice",
        "Wrocław",
        "Szczecin",
    } <= set(boroughs.values())
    assert len(boroughs) == 26
    # A city with district rights: a district and a gmina of the same name, the gmina inside.
    krakow = db.scalar(sa.select(District).where(District.teryt == "1261"))
    assert krakow.name == "Kraków"
    assert db.scalar(sa.select(Borough).where(Borough.teryt == "1261011")).district_id == krakow.id
    assert coded(db, District)["1206"] == "krakowski"
    # The seeded voivodeships keep their names (the register writes them in capitals).
    assert coded(db, Voivodeship)["12"] == "małopolskie"
    assert counts(report) == {"added": 21 + 26, "renamed": 0, "coded": 0, "unchanged": 16, "gone": 0}
    assert report.not_gminy == 5


def test_a_second_import_changes_nothing(db):
    load(db, SAMPLE)
    before = db.execute(sa.select(Borough.id, Borough.name, Borough.updated)).all()
    report = load(db, SAMPLE)
    assert counts(report) == {"added": 0, "renamed": 0, "coded": 0, "unchanged": 16 + 21 + 26, "gone": 0}
    assert db.execute(sa.select(Borough.id, Borough.name, Borough.updated)).all() == before


@pytest.mark.parametrize("name", ["terc_sample_bom.csv", "terc_sample.xml"])
def test_the_bom_and_xml_forms_read_the_same(db, name):
    assert [astuple(u)[1:] for u in read_terc((FIXTURES / name).read_bytes())] == [
        astuple(u)[1:] for u in read_terc(SAMPLE)
    ]
    load(db, (FIXTURES / name).read_bytes())
    assert counts(load(db, SAMPLE))["unchanged"] == 63


def test_the_older_xml_form_with_col_elements_is_read():
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?><teryt><catalog name="TERC" type="all" date="2025-01-01">'
        '<row><col name="WOJ">12</col><col name="POW"/><col name="GMI"/><col name="RODZ"/>'
        '<col name="NAZWA">MAŁOPOLSKIE</col><col name="NAZDOD">województwo</col>'
        '<col name="STAN_NA">2025-01-01</col></row></catalog></teryt>'
    )
    [unit] = read_terc(xml.encode())
    assert (unit.teryt, unit.name, unit.kind, unit.level) == ("12", "MAŁOPOLSKIE", "województwo", "voivodeship")


def test_a_renamed_gmina_keeps_its_record_and_a_gmina_that_left_is_reported_not_deleted(db):
    load(db, SAMPLE)
    liszki_id = db.scalar(sa.select(Borough.id).where(Borough.teryt == "1206012"))
    changed = SAMPLE.replace(b"12;06;01;2;Liszki;", b"12;06;01;2;Liszki Nowe;")
    changed = changed.replace(b"24;02;02;2;Kozy;gmina wiejska;2025-01-01\n", b"")
    report = load(db, changed)
    assert counts(report) == {"added": 0, "renamed": 1, "coded": 0, "unchanged": 61, "gone": 1}
    assert report.renamed == [
        {"level": "borough", "teryt": "1206012", "name": "Liszki Nowe", "id": liszki_id, "old_name": "Liszki"}
    ]
    assert report.gone[0]["name"] == "Kozy" and report.gone[0]["teryt"] == "2402022"
    assert db.get(Borough, liszki_id).name == "Liszki Nowe"
    kozy = db.scalar(sa.select(Borough).where(Borough.teryt == "2402022"))
    assert kozy is not None and kozy.deleted is None


def test_records_added_by_hand_take_their_code_instead_of_being_duplicated(db):
    mp = db.scalar(sa.select(Voivodeship).where(Voivodeship.teryt == "12"))
    district = District(name="Krakowski", voivodeship_id=mp.id)
    db.add(district)
    db.flush()
    liszki = Borough(name="liszki", district_id=district.id)
    db.add(liszki)
    db.flush()
    report = load(db, SAMPLE)
    db.refresh(liszki)
    assert {(c["level"], c["teryt"]) for c in report.coded} == {("district", "1206"), ("borough", "1206012")}
    assert (liszki.teryt, liszki.name) == ("1206012", "Liszki")
    assert db.scalar(sa.select(sa.func.count()).select_from(Borough).where(Borough.name == "Liszki")) == 1


def test_a_dry_run_reports_and_writes_nothing(db):
    report = load(db, SAMPLE, dry_run=True)
    assert report.dry_run and len(report.added) == 47
    assert db.scalar(sa.select(sa.func.count()).select_from(Borough).where(Borough.teryt.is_not(None))) == 0


def test_units_deleted_in_the_panel_stay_deleted(db):
    load(db, SAMPLE)
    kozy = db.scalar(sa.select(Borough).where(Borough.teryt == "2402022"))
    kozy.deleted = utcnow()
    db.flush()
    report = load(db, SAMPLE)
    assert [d["teryt"] for d in report.deleted_here] == ["2402022"]
    assert (
        db.scalar(
            sa.select(sa.func.count())
            .select_from(Borough)
            .where(Borough.teryt == "2402022")
            .execution_options(include_deleted=True)
        )
        == 1
    )


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"nazwa;kwota\nKrakow;12\n", "Wiersz 1: nagłówek „nazwa;kwota” nie jest nagłówkiem pliku TERC"),
        (
            (HEADER + "12;;;;MAŁOPOLSKIE;województwo;2025-01-01\n12;06;01;7;X;gmina;2025-01-01\n").encode(),
            "Wiersz 3: RODZ „7” nie jest rodzajem jednostki",
        ),
        (
            (HEADER + "12;;;;MAŁOPOLSKIE;województwo;2025-01-01\n12;06;;;krakowski;powiat\n").encode(),
            "Wiersz 3: 6 kolumn zamiast 7",
        ),
        ((HEADER + "99;;;;NIBYLANDIA;województwo;2025-01-01\n").encode(), "Wiersz 2: „99” nie jest kodem województwa"),
        (
            (HEADER + "12;;;;MAŁOPOLSKIE;województwo;2025-01-01\n12;;;;MAŁOPOLSKIE;województwo;2025-01-01\n").encode(),
            "Wiersz 3: kod 12 występuje już w wierszu 2",
        ),
        (
            (HEADER + "12;;;;MA\xc5\x81OPOLSKIE;wojew\xf3dztwo;2025-01-01\n").encode("latin-1"),
            "Wiersz 2: plik nie jest zapisany w kodowaniu UTF-8",
        ),
        (
            b'<?xml version="1.0"?><!DOCTYPE teryt [<!ENTITY a "aaaa">]><teryt><catalog>&a;</catalog></teryt>',
            "deklarację DOCTYPE",
        ),
        (
            b'<?xml version="1.0"?>\n<teryt>\n<catalog>\n<row><WOJ>12</WOJ></rowx>\n</catalog></teryt>',
            "Wiersz 4: plik XML jest uszkodzony",
        ),
        (b'<?xml version="1.0"?>\n<html><body/></html>', "element główny to <html>"),
        (
            b'<?xml version="1.0"?>\n<teryt><catalog>\n<row><WOJ>12</WOJ><NAZWA>X</NAZWA></row></catalog></teryt>',
            "Wiersz 3: w elemencie <row> brakuje pól: POW, GMI, RODZ, NAZWA_DOD, STAN_NA",
        ),
        (HEADER.encode(), "nie zawiera żadnego wiersza z województwem"),
    ],
)
def test_a_file_that_is_no_terc_file_writes_nothing_and_names_the_line(db, content, expected):
    before = db.scalar(sa.select(sa.func.count()).select_from(District))
    with pytest.raises(NotTerc) as failure:
        load(db, content)
    assert expected in " ".join(failure.value.errors)
    assert db.scalar(sa.select(sa.func.count()).select_from(District)) == before


def test_the_register_in_its_zip_is_read(tmp_path):
    import zipfile

    path = tmp_path / "TERC_Urzedowy.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("TERC_Urzedowy_2025-01-01.csv", SAMPLE)
    assert len(read_terc(path.read_bytes())) == len(read_terc(SAMPLE))
