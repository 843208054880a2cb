"""The definition's import types (SPEC 7 "Calculators"): the native sheet (what the export
writes) and the POBE heating-cost comparisons. The POBE sheets' real layout could not be
checked here: their types read one assumed layout (docs/imports.md, docs/calculators.md)."""

import json
from pathlib import Path

from smogpanel.spreadsheets.imports import Column, ErrorList, ImportType, read_rows

from .schemas import NAME_RULE, STANDARDS_TYPE, exact_decimal, name_fits

NATIVE = "HC_DEFINITION_XLS"

NATIVE_COLUMNS = (
    Column("type", "Typ", help="Nazwa typu: źródło ciepła (np. Pellet) albo „Standard budynku”."),
    Column("name", "Nazwa definicji", aliases=("Nazwa", "Definicja"), help=NAME_RULE[0].upper() + NAME_RULE[1:]),
    Column("value", "Wartość", kind="number", help="Liczba, dowolna liczba miejsc po przecinku (najwyżej 10)."),
)

# The assumed POBE layout: one row per heat source. Units of the price and the definitions they become.
UNITS = {
    "t": ("cena_za_tone", "wartosc_opalowa_gj_t"),
    "m3": ("cena_za_m3", "wartosc_opalowa_kwh_m3"),
    "l": ("cena_za_litr", "wartosc_opalowa_kwh_l"),
    "gj": ("cena_za_gj", None),
    "kwh": ("cena_za_kwh", None),
}
UNIT_WORDS = {"tona": "t", "tone": "t", "tonę": "t", "m³": "m3", "litr": "l", "ltr": "l"}
POBE_COLUMNS = (
    Column("source", "Źródło ciepła", help="Nazwa źródła ciepła; staje się nazwą typu definicji."),
    Column(
        "efficiency",
        "Sprawność",
        kind="number",
        help="Sprawność sezonowa jako ułamek (0,85), dla pompy ciepła sezonowy COP (np. 3).",
    ),
    Column("price", "Cena", kind="number", help="Cena paliwa albo energii w jednostce z kolumny „Jednostka ceny”."),
    Column("unit", "Jednostka ceny", help="Jedna z: zł/t, zł/m3, zł/l, zł/GJ, zł/kWh."),
    Column(
        "calorific",
        "Wartość opałowa",
        kind="number",
        required=False,
        help="Wymagana przy zł/t (w GJ/t), zł/m3 (w kWh/m3) i zł/l (w kWh/l).",
    ),
    Column("fixed", "Opłaty stałe", kind="number", required=False, help="Stałe opłaty roczne w zł."),
    Column("investment", "Koszt inwestycji", kind="number", required=False, help="Koszt instalacji źródła w zł."),
    Column("subsidy", "Dotacja", kind="number", required=False, help="Dotacja do instalacji źródła w zł."),
)
# (code, label, the form's choice)
POBE_EDITIONS = (
    ("POBE_HC_XLS_2022", "POBE: porównanie kosztów ogrzewania, standard 2022", "POBE: standard 2022"),
    ("POBE_HC_XLS_FORECAST_2023", "POBE: porównanie kosztów ogrzewania, prognoza 2023", "POBE: prognoza 2023"),
    ("POBE_HC_XLS_2023", "POBE: porównanie kosztów ogrzewania, standard 2023", "POBE: standard 2023"),
    ("POBE_HC_XLS_2025", "POBE: porównanie kosztów ogrzewania, standard 2025", "POBE: standard 2025"),
)
POBE_DESCRIPTION = (
    "Układ przyjęty (nie sprawdzony z arkuszem POBE): jeden wiersz na źródło ciepła, nagłówek może być pod tytułem.\n"
    "Źródła z pliku zastępują źródła ciepła obecnej definicji; typ „Standard budynku” zostaje z obecnej definicji.\n"
    "Poprzednia definicja zostaje w historii wersji i można ją przywrócić."
)
EXAMPLE_NOTE = (
    "Wiersze w szablonie to przykład z dokumentacji (docs/calculators.md), nie dane POBE: zastąp je własnymi liczbami."
)


def _decimal(ref, key, values, errors):
    """The row's number as an exact Decimal within the definitions' bound (None when empty)."""
    number = values.get(key)
    if number is None:
        return None
    try:
        return exact_decimal(number)
    except ValueError as error:
        errors.add(ref[key], f"Komórka {ref[key]}: {error}")
        return None


class _Refs:
    def __init__(self, table, found, index):
        self.table, self.found, self.index = table, found, index

    def __getitem__(self, key):
        return self.table.cell_ref(self.index, self.found[key])


def _rows(table, columns, errors, header_row=0):
    """The rows, their bad cells added to `errors` with the parser's own checks after them:
    every problem of the file in one answer (docs/imports.md)."""
    found, rows = read_rows(table, columns, header_row=header_row, errors=errors)
    for row in rows:
        row.values["_ref"] = _Refs(table, found, row.index)
    return found, rows


def parse_native(table, context):
    """One row per type and definition name: the whole definition, types in order of first
    appearance. Every bad cell is named (422), nothing written."""
    errors, types, seen = ErrorList(), {}, {}
    _, rows = _rows(table, NATIVE_COLUMNS, errors)
    for row in rows:
        values, ref = row.values, row.values["_ref"]
        if row.bad & {"type", "name"}:
            continue  # already reported
        name = values["name"]
        type_name = values["type"][:255]
        if not name_fits(type_name, name):
            errors.add(ref["name"], f"Komórka {ref['name']}: „{name}” nie może być nazwą definicji: {NAME_RULE}")
            continue
        a_type = types.setdefault(type_name.casefold(), {"name": type_name, "definitions": []})
        key = (type_name.casefold(), name)
        if key in seen:
            errors.add(
                ref["name"],
                f"Komórka {ref['name']}: definicja „{name}” typu „{type_name}” występuje już w komórce {seen[key]}.",
            )
            continue
        seen[key] = ref["name"]
        value = _decimal(ref, "value", values, errors)
        if value is not None:
            a_type["definitions"].append({"name": name, "value": value})
    errors.raise_if_any()
    if not types:
        errors.add("file", "Plik nie zawiera żadnej definicji pod wierszem nagłówka.")
        errors.raise_if_any()
    return {"types": list(types.values()), "skipped": []}


def _unit(text):
    word = text.strip().lower().replace(" ", "")
    for prefix in ("zł/", "zl/", "pln/", "zł", "zl", "pln"):
        if word.startswith(prefix):
            word = word[len(prefix) :]
            break
    word = UNIT_WORDS.get(word, word)
    return word if word in UNITS else None


def parse_pobe(table, context):
    """The assumed POBE layout: one row per heat source. The current definition's building
    standards are kept (the sheet compares sources, not houses)."""
    errors, sources, seen = ErrorList(), [], {}
    _, rows = _rows(table, POBE_COLUMNS, errors, header_row=None)
    for row in rows:
        values, ref = row.values, row.values["_ref"]
        if "source" in row.bad:
            continue  # already reported
        name = values["source"][:255]
        if name.casefold() == STANDARDS_TYPE.casefold() or name.casefold() in seen:
            errors.add(
                ref["source"],
                f"Komórka {ref['source']}: źródło „{name}” "
                + (
                    f"występuje już w komórce {seen[name.casefold()]}."
                    if name.casefold() in seen
                    else "nie może nazywać się jak typ standardów budynku."
                ),
            )
            continue
        seen[name.casefold()] = ref["source"]
        numbers = {
            key: _decimal(ref, key, values, errors)
            for key in ("efficiency", "price", "calorific", "fixed", "investment", "subsidy")
        }
        if numbers["efficiency"] is not None and numbers["efficiency"] <= 0:
            errors.add(ref["efficiency"], f"Komórka {ref['efficiency']}: sprawność musi być większa od zera.")
        if "unit" in row.bad:
            continue
        unit = _unit(values["unit"])
        if unit is None:
            errors.add(
                ref["unit"],
                f"Komórka {ref['unit']}: nieznana jednostka ceny „{values['unit']}”. "
                "Wpisz jedną z: zł/t, zł/m3, zł/l, zł/GJ, zł/kWh.",
            )
            continue
        price_name, calorific_name = UNITS[unit]
        definitions = [
            {"name": "sprawnosc", "value": numbers["efficiency"]},
            {"name": price_name, "value": numbers["price"]},
        ]
        if calorific_name:
            if numbers["calorific"] is None or numbers["calorific"] <= 0:
                cell = ref["calorific"] if "calorific" in values else ref["unit"]
                errors.add(cell, f"Komórka {cell}: przy cenie w zł/{unit} podaj wartość opałową większą od zera.")
            definitions.append({"name": calorific_name, "value": numbers["calorific"]})
        for key, definition_name in (
            ("fixed", "oplaty_stale"),
            ("investment", "koszt_inwestycji"),
            ("subsidy", "dotacja"),
        ):
            if numbers[key] is not None:
                definitions.append({"name": definition_name, "value": numbers[key]})
        sources.append({"name": name, "definitions": definitions})
    errors.raise_if_any()
    if not sources:
        errors.add("file", "Plik nie zawiera żadnego źródła ciepła pod wierszem nagłówka.")
        errors.raise_if_any()
    kept = [t for t in (context or {}).get("current", []) if t["name"].casefold() == STANDARDS_TYPE.casefold()]
    skipped = (
        []
        if kept
        else [
            {
                "name": STANDARDS_TYPE,
                "description": f"Obecna definicja nie ma typu „{STANDARDS_TYPE}”: dodaj go w formularzu definicji.",
            }
        ]
    )
    return {"types": kept + sources, "skipped": skipped}


def _demo_types():
    """The worked example of docs/calculators.md (example figures): the templates' rows."""
    path = Path(__file__).parent / "demo_definition.json"
    return json.loads(path.read_text(encoding="utf-8"))["types"]


def _native_rows():
    return tuple((t["name"], d["name"], float(d["value"])) for t in _demo_types() for d in t["definitions"])


def _pobe_rows():
    rows = []
    for a_type in _demo_types():
        if a_type["name"] == STANDARDS_TYPE:
            continue
        values = {d["name"]: float(d["value"]) for d in a_type["definitions"]}
        unit, (price, calorific) = next((u, names) for u, names in UNITS.items() if names[0] in values)
        rows.append(
            (
                a_type["name"],
                values["sprawnosc"],
                values[price],
                f"zł/{'GJ' if unit == 'gj' else 'kWh' if unit == 'kwh' else unit}",
                values.get(calorific) if calorific else None,
                values.get("oplaty_stale"),
                values.get("koszt_inwestycji"),
                values.get("dotacja"),
            )
        )
    return tuple(rows)


NATIVE_TYPE = ImportType(
    code=NATIVE,
    label="Definicja kalkulatora ogrzewania",
    choice="Definicja kalkulatora ogrzewania",
    columns=NATIVE_COLUMNS,
    parse=parse_native,
    description=(
        "Cała definicja kalkulatorów: jeden wiersz na typ i nazwę definicji, z wartością. "
        "Ten sam arkusz daje eksport definicji.\nImport zastępuje całą definicję; poprzednia zostaje "
        "w historii wersji i można ją przywrócić.\n" + EXAMPLE_NOTE
    ),
    template_rows=_native_rows(),
)
POBE_TYPES = [
    ImportType(
        code=code,
        label=label,
        choice=choice,
        columns=POBE_COLUMNS,
        parse=parse_pobe,
        description=POBE_DESCRIPTION + "\n" + EXAMPLE_NOTE,
        template_rows=_pobe_rows(),
    )
    for code, label, choice in POBE_EDITIONS
]
IMPORT_TYPES = [NATIVE_TYPE, *POBE_TYPES]
IMPORT_CODES = tuple(t.code for t in IMPORT_TYPES)
LABELS = {t.code: t.label for t in IMPORT_TYPES}
