"""The measurement imports CP_XLS and CP_XLS_2025: the Clean Air ("Czyste Powietrze")
programme's report per voivodeship, classic and 2025 edition (layouts in docs/imports.md).

Both read the first sheet: a voivodeship column and one column per report property. A
property becomes a value of the map's key carrying its name; a property the file lacks, or
the map lacks, is skipped and listed in the answer. Every bad cell fails the import (422).
"""

from smogpanel.regions import VOIVODESHIPS, normalise
from smogpanel.spreadsheets.imports import Column, ImportType, Table, find_columns, header_key, read_rows

# (key, the classic header = the name the map's key must carry, the 2025 edition's header)
REPORT = (
    ("applications", "Liczba złożonych wniosków", "Liczba wniosków złożonych"),
    ("agreements", "Liczba podpisanych umów", "Liczba umów zawartych"),
    ("subsidies", "Kwota wypłaconych dotacji", "Wypłacone dofinansowanie [zł]"),
    ("biomass", "Kotły na biomasę", "Kocioł na biomasę"),
    ("coal", "Kotły węglowe", "Kocioł węglowy"),
    ("heat_nodes", "Węzły cieplne", "Węzeł cieplny"),
    ("electric", "Ogrzewanie elektryczne", "Ogrzewanie elektryczne"),
    ("oil", "Kotły olejowe", "Kocioł olejowy"),
    ("gas", "Kotły gazowe", "Kocioł gazowy kondensacyjny"),
    ("air_heat_pumps", "Pompy ciepła powietrzne", "Pompa ciepła powietrzna"),
    ("ground_heat_pumps", "Pompy ciepła gruntowe lub wodne", "Pompa ciepła gruntowa lub wodna"),
)
PROPERTY_NAMES = tuple(name for _, name, _ in REPORT)  # what the map's keys must be called
NAME_OF = {key: name for key, name, _ in REPORT}
IMPORT_CODES = ("CP_XLS", "CP_XLS_2025")
VOIVODESHIP = "voivodeship"
# 2025 edition: a closing total row, and an ordinal column that is not a property.
TOTAL_ROWS = {"polska", "cala polska", "razem", "suma", "ogolem", "kraj", "polska razem", "razem polska"}
ORDINAL_HEADERS = {"lp", "lp.", "l.p.", "nr"}

WARNING = (
    "Mapa musi mieć właściwości o nazwach: " + ", ".join(f"„{name}”" for name in PROPERTY_NAMES) + ". "
    "Brakujące zostaną pominięte. Pozostałe właściwości mapy uzupełnij w pomiarze po imporcie."
)


def _columns(edition):
    voivodeship = Column(
        VOIVODESHIP,
        "Województwo",
        kind="voivodeship",
        unique=True,
        aliases=("Nazwa województwa", "Kod województwa"),
        help="Nazwa województwa albo jego dwuliterowy kod; każde województwo raz.",
    )
    numbers = []
    for key, classic, edition_2025 in REPORT:
        header, other = (classic, edition_2025) if edition == "classic" else (edition_2025, classic)
        aliases = (other,) if other != header else ()
        numbers.append(
            Column(
                key,
                header,
                required=False,
                kind="number",
                aliases=aliases,
                help=f"Wartość właściwości mapy „{classic}”.",
            )
        )
    return (voivodeship, *numbers)


CLASSIC_COLUMNS = _columns("classic")
COLUMNS_2025 = _columns("2025")
REPORT_HEADERS = {header_key(name) for column in CLASSIC_COLUMNS for name in column.names}


def _keys_by_property(keys):
    """{report key: the map's property key carrying its name (either edition's)}."""
    by_name = {header_key(key.name): key for key in keys}
    found = {}
    for key, classic, edition_2025 in REPORT:
        match = by_name.get(header_key(classic)) or by_name.get(header_key(edition_2025))
        if match is not None:
            found[key] = match
    return found


def _without_totals(table, columns):
    """The 2025 edition's table with its total row ('Polska', 'Razem', ...) blanked (cell
    addresses unchanged). Returns the table and the header row's index."""
    voivodeship = columns[0]
    found = find_columns(table, {VOIVODESHIP: voivodeship.names}, required=[VOIVODESHIP], header_row=None)
    col = found[VOIVODESHIP]
    rows = list(table.rows)
    for r in range(found.header_row + 1, len(rows)):
        if normalise(table.value(r, col)).rstrip(" :") in TOTAL_ROWS:
            rows[r] = ()
    return Table(rows, table.sheet, table.filename, table.sheet_names), found.header_row


def parse_report(table, context, columns, edition):
    """{"properties": [{key: {id}, value: {code: number}}], "skipped": [{name, description}]}
    for the map's keys in `context["keys"]`."""
    keys = _keys_by_property(context["keys"])
    header_row = 0
    if edition == "2025":
        table, header_row = _without_totals(table, columns)
    wanted = [column for column in columns if column.key == VOIVODESHIP or column.key in keys]
    found, rows = read_rows(table, wanted, header_row=header_row)
    properties, skipped = [], []
    for column in columns[1:]:
        name = NAME_OF[column.key]
        if column.key not in keys:
            skipped.append({"name": name, "description": f"Mapa nie ma właściwości „{name}” – pominięto kolumnę."})
            continue
        if column.key not in found:
            skipped.append(
                {
                    "name": name,
                    "description": f"W pliku brak kolumny „{column.header}” – pominięto właściwość „{name}”.",
                }
            )
            continue
        values = {code: None for code, _ in VOIVODESHIPS}
        for row in rows:
            values[row.values[VOIVODESHIP]] = row.values[column.key]
        if all(value is None for value in values.values()):
            skipped.append({"name": name, "description": f"Kolumna „{column.header}” jest pusta – pominięto ją."})
            continue
        properties.append({"key": {"id": keys[column.key].id}, "value": values})
    for col, header in found.extra:
        key = header_key(header)
        if key not in REPORT_HEADERS and key not in ORDINAL_HEADERS:
            ref = table.cell_ref(found.header_row, col)
            skipped.append(
                {"name": ref, "description": f"Kolumna „{header}” ({ref}) nie należy do raportu – pominięto ją."}
            )
    return {"properties": properties, "skipped": skipped}


def _parser(columns, edition):
    return lambda table, context: parse_report(table, context, columns, edition)


CP_XLS = ImportType(
    code="CP_XLS",
    label="Raport Czyste Powietrze (XLS)",
    description=(
        "Raport programu Czyste Powietrze według województw: pierwszy arkusz, w pierwszym wierszu "
        "nagłówek (kolumna „Województwo”, potem po jednej kolumnie na właściwość), dalej po jednym "
        "wierszu na województwo (nazwa albo dwuliterowy kod).\n" + WARNING
    ),
    columns=CLASSIC_COLUMNS,
    parse=_parser(CLASSIC_COLUMNS, "classic"),
    template_rows=tuple((name,) for _, name in VOIVODESHIPS),
)

CP_XLS_2025 = ImportType(
    code="CP_XLS_2025",
    label="Raport Czyste Powietrze 2025 (XLS)",
    description=(
        "Raport programu Czyste Powietrze według województw, wydanie 2025: pierwszy arkusz; nad tabelą "
        "mogą być wiersze tytułu (nagłówek jest szukany w pierwszych 30 wierszach), kolumna „Lp.” "
        "jest pomijana, wiersz sumy („Polska”, „Razem”, „Suma”, „Ogółem”) także. Nagłówki kolumn "
        "według wydania 2025 (przyjmowane są też nagłówki raportu CP_XLS).\n" + WARNING
    ),
    columns=COLUMNS_2025,
    parse=_parser(COLUMNS_2025, "2025"),
    template_rows=tuple((name,) for _, name in VOIVODESHIPS),
)
