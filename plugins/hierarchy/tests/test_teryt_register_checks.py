"""Files that are not the whole official register, built from the sample the way they happen
(a download cut at a row end or inside a field, rows of two editions, the address variant),
are refused before anything is written; a register with a gmina more or fewer still imports;
a run that would report too many units as gone stops unless the removals are accepted; and
`retire_gone` soft-deletes the gone units nothing refers to."""

from pathlib import Path

import pytest
import sqlalchemy as sa

from smogpanel.plugins.hierarchy.models import Borough, District
from smogpanel.plugins.hierarchy.terc import NotTerc, read_terc
from smogpanel.plugins.hierarchy.teryt_import import TooManyGone, import_terc

SAMPLE = (Path(__file__).parents[1] / "fixtures" / "terc_sample.csv").read_bytes()
LINES = SAMPLE.decode().splitlines(keepends=True)


def without(*starts):
    """The sample without the rows starting with any of `starts`."""
    return "".join(line for line in LINES if not line.startswith(starts)).encode()


def cut_before(start):
    """The sample cut at the end of the row before the first one starting with `start`."""
    return "".join(LINES[: next(i for i, line in enumerate(LINES) if line.startswith(start))]).encode()


def address_variant():
    # GUS's address variant: no urban-rural gminy (RODZ 3), and no gmina for the cities divided
    # into dzielnice or delegatury (here Łódź, Kraków, Warszawa: their RODZ 8 and 9 rows stay).
    return without("12;06;02;3;", "10;61;01;1;", "12;61;01;1;", "14;65;01;1;")


def coded(db):
    return db.execute(
        sa.select(Borough.teryt, Borough.name, Borough.deleted)
        .where(Borough.teryt.is_not(None))
        .execution_options(include_deleted=True)
        .order_by(Borough.teryt)
    ).all()


def refused(db, data, **kw):
    before = coded(db), db.scalar(sa.select(sa.func.count()).select_from(District))
    with pytest.raises(NotTerc) as failure:
        import_terc(db, read_terc(data), **kw)
    assert (coded(db), db.scalar(sa.select(sa.func.count()).select_from(District))) == before
    return " ".join(failure.value.errors)


@pytest.mark.parametrize(
    "data, expected",
    [
        (
            cut_before("16;;;;"),
            "Brak wierszy województw: opolskie (16), podkarpackie (18), podlaskie (20), pomorskie (22), "
            "śląskie (24), świętokrzyskie (26), warmińsko-mazurskie (28), wielkopolskie (30), "
            "zachodniopomorskie (32); plik jest ucięty albo niepełny",
        ),
        (cut_before("32;61;01;"), "miasto na prawach powiatu „Szczecin” (3261) nie ma w pliku swojej gminy miejskiej"),
        (cut_before("32;61;;;"), "Województwo zachodniopomorskie (32) nie ma w pliku żadnego powiatu"),
        (SAMPLE[:-4], "Wiersz 69: STAN_NA „2025-01” nie jest datą (RRRR-MM-DD)"),
        (SAMPLE[:-6], "Wiersz 69: STAN_NA „2025-” nie jest datą"),
        (
            SAMPLE.replace(b"24;02;02;2;Kozy;gmina wiejska;2025-01-01", b"24;02;02;2;Kozy;gmina wiejska;2024-01-01"),
            "Wiersz 53: STAN_NA 2024-01-01, a w pozostałych wierszach 2025-01-01: plik łączy wiersze różnych wydań",
        ),
        (without("02;11;01;", "02;11;02;"), "powiat „lubiński” (0211) nie ma w pliku żadnej gminy"),
        (
            without("24;69;01;"),
            "miasto na prawach powiatu „Katowice” (2469) nie ma w pliku swojej gminy miejskiej (RODZ 1)",
        ),
        (without("24;69;"), "Województwo śląskie (24) nie ma w pliku żadnego miasta na prawach powiatu"),
        (
            without("12;06;02;4;", "12;06;02;5;"),
            "gmina miejsko-wiejska „Skawina” (1206023) nie ma w pliku swojego miasta",
        ),
        (
            SAMPLE + b"12;07;01;2;Sulkowice;gmina wiejska;2025-01-01\n",
            "Wiersz 70: gmina „Sulkowice” (1207012) nie ma w pliku swojego powiatu (1207)",
        ),
    ],
    ids=[
        "cut-in-the-middle",
        "cut-before-the-last-gmina",
        "cut-before-the-last-powiat",
        "cut-in-stan-na",
        "cut-after-the-year",
        "two-editions",
        "powiat-without-gminy",
        "city-without-its-gmina",
        "voivodeship-without-cities",
        "urban-rural-without-parts",
        "gmina-without-powiat",
    ],
)
def test_a_file_without_the_whole_country_is_refused_naming_what_is_missing(db, data, expected):
    assert expected in refused(db, data)


def test_a_cut_file_writes_nothing_over_a_loaded_hierarchy_either(db):
    import_terc(db, read_terc(SAMPLE))
    assert "Brak wierszy województw" in refused(db, cut_before("22;;;;"), accept_removals=True)


def test_the_address_variant_is_named_and_refused_on_an_empty_and_a_loaded_database(db):
    message = refused(db, address_variant())
    assert "To jest wersja adresowa pliku TERC (TERC adresowy)" in message
    assert "Pobierz ze strony rejestru TERYT wersję urzędową, plik „TERC urzędowy”" in message
    assert (
        "(np. wiersz 22: „Łódź-Bałuty” (RODZ 9) bez gminy miejskiej swojego miasta; wiersz 26: „Skawina” "
        "(RODZ 4) bez swojej gminy miejsko-wiejskiej;" in message
    )
    import_terc(db, read_terc(SAMPLE))
    assert "TERC urzędowy" in refused(db, address_variant(), accept_removals=True)


def test_a_register_with_a_gmina_more_or_fewer_still_imports(db):
    more = SAMPLE.replace(b"12;06;03;2;Zabierz", b"12;06;04;2;Nowa Gmina;gmina wiejska;2025-01-01\n12;06;03;2;Zabierz")
    report = import_terc(db, read_terc(more))
    assert ("borough", "1206042") in {(change["level"], change["teryt"]) for change in report.added}
    fewer = import_terc(db, read_terc(without("12;06;04;")))
    assert [change["teryt"] for change in fewer.gone] == ["1206042"]  # 1 of 64 live units: under 2%


def test_too_many_gone_units_stop_the_run_unless_the_removals_are_accepted(db):
    import_terc(db, read_terc(SAMPLE))
    smaller = without("24;02;", "24;17;", "02;11;")  # 3 powiaty and their 5 gminy: 8 of 63 live units
    for dry_run in (False, True):
        message = refused(db, smaller, dry_run=dry_run)
        assert message.startswith(
            "Po tym imporcie 8 z 63 jednostek z kodem TERYT (12,7\u00a0%) nie byłoby już w rejestrze, "
            "a dopuszczalne jest 2\u00a0%. Województwa: dolnośląskie (3), śląskie (5)."
        )
        assert "--accept-removals" in message and "Nic nie zapisano." in message
    with pytest.raises(TooManyGone):
        import_terc(db, read_terc(smaller), max_gone_percent=12.6)
    assert len(import_terc(db, read_terc(smaller), max_gone_percent=12.7).gone) == 8
    report = import_terc(db, read_terc(smaller), accept_removals=True)
    assert len(report.gone) == 8 and not report.retired
    assert all(deleted is None for _, _, deleted in coded(db))  # reported, never deleted


def test_retiring_soft_deletes_the_gone_units_gminy_before_their_powiat(db):
    import_terc(db, read_terc(SAMPLE))
    # A register change: żywiecki goes whole, Kozy goes, Liszki gets a new code (a gmina of
    # the same name made anew, as when gminy are merged or split).
    changed = without("24;17;", "24;02;02;").replace(b"12;06;01;2;Liszki", b"12;06;04;2;Liszki")
    report = import_terc(db, read_terc(changed), accept_removals=True, retire_gone=True)
    assert {change["teryt"] for change in report.retired} == {"1206012", "2402022", "2417011", "2417"}
    assert report.kept == [] and "Wycofano: 4, zostawiono (są odwołania): 0." in report.summary()
    live = [(teryt, name) for teryt, name, deleted in coded(db) if deleted is None]
    assert ("1206042", "Liszki") in live and ("1206012", "Liszki") not in live and "2402022" not in dict(live)
    assert (
        db.scalar(sa.select(District.deleted).where(District.teryt == "2417").execution_options(include_deleted=True))
        is not None
    )
    again = import_terc(db, read_terc(changed), retire_gone=True)
    assert (again.gone, again.retired, again.added) == ([], [], [])
