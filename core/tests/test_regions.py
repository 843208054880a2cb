"""smogpanel.regions: voivodeships by name, two-letter or TERYT code, and the Polish order in
Python and on a bare SQLite connection (the collation every SQLite connection gets)."""

import pytest
import sqlalchemy as sa

from smogpanel.regions import SQLITE_COLLATION, TERYT_OF, polish_order, polish_sort_key, voivodeship_code


@pytest.mark.parametrize(
    "value, code",
    [("12", "mp"), (12, "mp"), (12.0, "mp"), ("02", "ds"), (2, "ds"), ("32", "zp"), ("Łódzkie", "ld"), ("10", "ld")],
)
def test_voivodeships_by_teryt_code_too(value, code):
    assert voivodeship_code(value) == code


def test_teryt_codes_are_the_even_numbers_in_alphabetical_order():
    assert list(TERYT_OF.values()) == [f"{n:02d}" for n in range(2, 33, 2)]
    assert voivodeship_code("01") is None and voivodeship_code("34") is None


def test_the_polish_alphabet_in_python():
    names = ["Żywiec", "Łódź", "Lubin", "Zabrze", "Ścinawa", "Sopot", "Ćmielów", "Czersk"]
    assert sorted(names, key=polish_sort_key) == [
        "Czersk",
        "Ćmielów",
        "Lubin",
        "Łódź",
        "Sopot",
        "Ścinawa",
        "Zabrze",
        "Żywiec",
    ]


def test_spaces_hyphens_and_digits_come_before_letters_and_foreign_letters_sort_with_their_base():
    names = ["Białaczów", "Bielsko-Biała", "Biała Podlaska", "Bielsk Podlaski", "Biała", "Nowa1", "Nowak", "Éb", "Ea"]
    assert sorted(names, key=polish_sort_key) == [
        "Biała",
        "Biała Podlaska",
        "Białaczów",
        "Bielsk Podlaski",
        "Bielsko-Biała",
        "Ea",
        "Éb",
        "Nowa1",
        "Nowak",
    ]


def test_every_sqlite_connection_sorts_in_the_polish_alphabet():
    engine = sa.create_engine("sqlite://")
    with engine.connect() as connection:
        connection.exec_driver_sql("CREATE TABLE t (name TEXT)")
        connection.exec_driver_sql("INSERT INTO t VALUES ('Żywiec'), ('Łódź'), ('Zabrze'), ('Lubin')")
        plain = [row[0] for row in connection.exec_driver_sql("SELECT name FROM t ORDER BY name")]
        assert plain == ["Lubin", "Zabrze", "Łódź", "Żywiec"]  # SQLite's own order: by code point
        collated = connection.exec_driver_sql(f"SELECT name FROM t ORDER BY name COLLATE {SQLITE_COLLATION}")
        assert [row[0] for row in collated] == ["Lubin", "Łódź", "Zabrze", "Żywiec"]
        table = sa.table("t", sa.column("name"))
        ordered = connection.execute(sa.select(table.c.name).order_by(polish_order(table.c.name).desc()))
        assert [row[0] for row in ordered] == ["Żywiec", "Zabrze", "Łódź", "Lubin"]
