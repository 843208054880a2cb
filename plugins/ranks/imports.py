"""The rankings' imports (layouts in docs/imports.md):

- RB_XLS: a gminy group's values, one row per gmina with its district and voivodeship (the
  hierarchy has many gminy of one name), optionally its TERYT code, the value, the points
  and, for rankings with locked places, the place;
- RV_XLS and RV_XLS_2025: the five entries SPEC 5 requires of a voivodeships ranking, one
  column each, one row per voivodeship (classic and 2025 edition headers). Read by the
  ranking definition import (a new group with those entries) and by the values import of a
  group (its entries named like the columns) or of one entry.

Parsers check every cell before anything is written and name the cell of every error.
"""

import sqlalchemy as sa

from smogpanel.authority import authorize_rows
from smogpanel.envelope import ApiError
from smogpanel.gazetteer import gazetteer
from smogpanel.importing import Import
from smogpanel.numbers import rounded
from smogpanel.regions import VOIVODESHIPS, normalise
from smogpanel.spreadsheets.imports import (
    Column,
    ErrorList,
    ImportFailed,
    ImportType,
    Table,
    find_columns,
    header_key,
    import_result,
    read_rows,
)

from .loading import RANK, load_entry, load_group, voivodeship_rows, voivodeships_with_codes
from .models import RankEntry, RankGroup, RankValue
from .places import refresh_places, upsert_values
from .schemas import PLACES, RankImportSchema, RankValueImportSchema

# -- numbers --------------------------------------------------------------------------------


def exact(value):
    """A cell's number, already checked by the one number validation (smogpanel.spreadsheets.cells.parse_number),
    rounded half up to the four decimal places the value columns keep; None for an empty cell."""
    return rounded(value, PLACES)


# -- RB_XLS: gminy ----------------------------------------------------------------------------
RB_COLUMNS = (
    Column("borough", "Gmina", help="Nazwa gminy, jak w hierarchii (wielkość liter i polskie znaki bez znaczenia)."),
    Column("district", "Powiat", help="Nazwa powiatu gminy: odróżnia gminy o tej samej nazwie."),
    Column("voivodeship", "Województwo", help="Nazwa województwa gminy albo jego dwuliterowy kod."),
    Column(
        "teryt",
        "Kod TERYT",
        required=False,
        help="Opcjonalny siedmiocyfrowy kod TERYT gminy, np. 1206012: gdy jest, wskazuje gminę zamiast nazw.",
    ),
    Column("value", "Wartość", kind="number", help="Wartość gminy w tej grupie, np. 1234 albo 1 234,5."),
    Column("points", "Punkty", kind="number", help="Punkty gminy: od nich zależy miejsce (najwięcej = 1.)."),
    Column(
        "place",
        "Miejsce",
        required=False,
        kind="number",
        help="Miejsce (1, 2, ...); wymagane i używane tylko w rankingu z zablokowanym przeliczaniem miejsc.",
    ),
)
RB_WARNING = (
    "Każda gmina musi istnieć w hierarchii (Województwa > Powiaty > Gminy); nieznana gmina przerywa import. "
    "Miejsce jest wymagane tylko w rankingu z zablokowanym przeliczaniem miejsc."
)


def parse_rb(table, context):
    """{"rows": [(borough_id, value, points, place or None)], "lines": {borough_id: its row's
    number}} of a gminy group; context: `index` (smogpanel.gazetteer.BoroughIndex), `locked`
    (the ranking's places are entered)."""
    index, locked = context["index"], context["locked"]
    # Every problem of the file in one answer (docs/imports.md): the header's, the cells', then
    # the gminy not found, each pass on what the earlier ones left readable.
    errors, cells, seen, parsed = ErrorList(), ErrorList(), {}, []
    found, rows = read_rows(table, RB_COLUMNS, errors=cells)
    if locked and "place" not in found:
        errors.add("file", "Ranking ma zablokowane przeliczanie miejsc: plik musi mieć kolumnę „Miejsce”.")
    errors.extend(cells)
    for row in rows:
        line = row.index + 1
        values = row.values
        value = exact(values["value"])
        points = exact(values["points"])
        place, good = None, not row.bad
        if locked and "place" in found and "place" not in row.bad:
            ref = table.cell_ref(row.index, found["place"])
            place = values.get("place")
            if place is None or place != int(place) or not 1 <= place <= 100001:
                errors.add(ref, f"Komórka {ref}: podaj miejsce gminy, liczbę całkowitą od 1.")
                good = False
            else:
                place = int(place) - 1
        if row.bad & {"borough", "district", "voivodeship", "teryt"}:
            continue  # already reported: no gmina to look for
        ids = index.locate(values["borough"], values["district"], values["voivodeship"], values.get("teryt"))
        label = f"„{values['borough']}” (powiat {values['district']}, województwo {values['voivodeship']})"
        if not ids and values.get("teryt"):
            errors.add(
                f"{line}:{line}", f"Wiersz {line}: w hierarchii nie ma gminy o kodzie TERYT „{values['teryt']}”."
            )
            continue
        if not ids:
            candidates = index.candidates(values["borough"])
            known = "; ".join(
                f"powiat {c['district_name']}, województwo {c['voivodeship_name']}" for c in candidates[:5]
            )
            hint = (
                f" Gminy o tej nazwie w hierarchii: {known}."
                if candidates
                else " W hierarchii nie ma gminy o tej nazwie."
            )
            errors.add(f"{line}:{line}", f"Wiersz {line}: nie znaleziono gminy {label}.{hint}")
            continue
        if len(ids) > 1:
            errors.add(
                f"{line}:{line}",
                f"Wiersz {line}: gmina {label} występuje w hierarchii {len(ids)} razy: "
                f"{index.describe(ids)}. Wpisz jej kod TERYT w kolumnie „Kod TERYT”.",
            )
            continue
        first = seen.setdefault(ids[0], line)
        if first != line:
            errors.add(
                f"{line}:{line}",
                f"Wiersz {line}: gmina {label} występuje już w wierszu {first}. Każda gmina może wystąpić tylko raz.",
            )
            continue
        if good:
            parsed.append((ids[0], value, points, place))
    errors.raise_if_any()
    return {"rows": parsed, "lines": seen}


RB_XLS = ImportType(
    code="RB_XLS",
    label="Ranking gmin (XLS)",
    description=(
        "Wartości gmin w grupie rankingu gmin: pierwszy arkusz, w pierwszym wierszu nagłówek (Gmina, Powiat, "
        "Województwo, opcjonalnie Kod TERYT, Wartość, Punkty, Miejsce), dalej po jednym wierszu na gminę. "
        "Istniejące wartości gmin z pliku są zastępowane, pozostałe zostają.\n" + RB_WARNING
    ),
    columns=RB_COLUMNS,
    parse=parse_rb,
    template_rows=(("Kraków", "Kraków", "małopolskie", "1261011", "123,5", "87", ""),),
)

# -- RV_XLS, RV_XLS_2025: voivodeships ---------------------------------------------------------
# (key, classic header = the entry's name a definition import creates, the 2025 edition's header).
# The headers are this product's documented layout; no outside file format could be checked here.
REPORT = (
    ("total", "Łączna liczba wniosków", "Wnioski ogółem"),
    ("boiler", "Liczba wniosków o wymianę kotła", "Wnioski na wymianę źródła ciepła"),
    ("submitted", "Liczba złożonych wniosków", "Liczba wniosków złożonych"),
    ("contracts", "Liczba podpisanych umów", "Liczba umów zawartych"),
    ("grants", "Kwota wypłaconych dotacji", "Wypłacone dofinansowanie [zł]"),
)
ENTRY_NAMES = tuple(classic for _, classic, _ in REPORT)
RV_WARNING = (
    "Wymagane pozycje (kolumny): " + ", ".join(f"„{name}”" for name in ENTRY_NAMES) + ". "
    "Brakujące zostaną wymienione w odpowiedzi."
)
TOTAL_ROWS = {"polska", "cala polska", "razem", "suma", "ogolem", "kraj", "polska razem", "razem polska"}


def _rv_columns(edition):
    columns = [
        Column(
            "voivodeship",
            "Województwo",
            kind="voivodeship",
            unique=True,
            aliases=("Nazwa województwa",),
            help="Nazwa województwa albo jego dwuliterowy kod; każde województwo raz.",
        )
    ]
    for key, classic, edition_2025 in REPORT:
        header, other = (classic, edition_2025) if edition == "classic" else (edition_2025, classic)
        columns.append(
            Column(
                key,
                header,
                required=False,
                kind="number",
                aliases=(other,),
                help=f"Wartość pozycji „{classic}” (punkty = wartość).",
            )
        )
    return tuple(columns)


RV_CLASSIC = _rv_columns("classic")
RV_2025 = _rv_columns("2025")
ALL_NAMES = {key: {header_key(classic), header_key(edition_2025)} for key, classic, edition_2025 in REPORT}


def report_key(entry_name):
    """The report column an entry named `entry_name` takes its values from (either edition)."""
    wanted = header_key(entry_name)
    return next((key for key, names in ALL_NAMES.items() if wanted in names), None)


def _without_totals(table):
    """The 2025 edition: title rows above the header, and a total row ('Polska', 'Razem') blanked."""
    found = find_columns(table, {"voivodeship": RV_2025[0].names}, required=["voivodeship"], header_row=None)
    rows = list(table.rows)
    for r in range(found.header_row + 1, len(rows)):
        if normalise(table.value(r, found["voivodeship"])).rstrip(" :") in TOTAL_ROWS:
            rows[r] = ()
    return Table(rows, table.sheet, table.filename, table.sheet_names), found.header_row


def parse_rv(table, context, columns, edition):
    """{"columns": {report key: {voivodeship code: Decimal}}, "missing": [classic names],
    "lines": {voivodeship code: its row's number}}."""
    header_row = 0
    if edition == "2025":
        table, header_row = _without_totals(table)
    found, rows = read_rows(table, columns, header_row=header_row)
    errors = ErrorList()
    result = {}
    for key, _classic, _ in REPORT:
        if key not in found:
            continue
        numbers = {}
        for row in rows:
            number = exact(row.values[key])
            if number is not None:
                numbers[row.values["voivodeship"]] = number
        result[key] = numbers
    errors.raise_if_any()
    missing = [classic for key, classic, _ in REPORT if key not in found]
    lines = {row.values["voivodeship"]: row.index + 1 for row in rows}
    return {"columns": result, "missing": missing, "lines": lines}


def _rv_parser(columns, edition):
    return lambda table, context: parse_rv(table, context, columns, edition)


_RV_LAYOUT = (
    "pierwszy arkusz, kolumna „Województwo” (nazwa albo dwuliterowy kod) i po jednej kolumnie na pozycję; "
    "po jednym wierszu na województwo. Wartość komórki jest wartością i punktami województwa.\n"
)
RV_XLS = ImportType(
    code="RV_XLS",
    label="Ranking województw (XLS)",
    description="Ranking województw: " + _RV_LAYOUT + RV_WARNING,
    columns=RV_CLASSIC,
    parse=_rv_parser(RV_CLASSIC, "classic"),
    template_rows=tuple((name,) for _, name in VOIVODESHIPS),
)
RV_XLS_2025 = ImportType(
    code="RV_XLS_2025",
    label="Ranking województw 2025 (XLS)",
    description=(
        "Ranking województw, wydanie 2025: " + _RV_LAYOUT + "Nad tabelą mogą być wiersze tytułu (nagłówek jest "
        "szukany w pierwszych 30 wierszach), kolumna „Lp.” i wiersz sumy („Polska”, „Razem”) są pomijane; "
        "przyjmowane są też nagłówki RV_XLS.\n" + RV_WARNING
    ),
    columns=RV_2025,
    parse=_rv_parser(RV_2025, "2025"),
    template_rows=tuple((name,) for _, name in VOIVODESHIPS),
)
RV_CODES = ("RV_XLS", "RV_XLS_2025")
IMPORT_TYPES = [RB_XLS, RV_XLS, RV_XLS_2025]


# -- the endpoints: values of a group or entry, a voivodeships group defined by a file ----------
def _skipped(missing):
    return [{"name": name, "description": f"W pliku brak kolumny pozycji „{name}”."} for name in missing]


def _value_scope(request, data):
    """(the entry or group a values import fills, its group, its ranking)."""
    if data["rank_entry_id"] is not None:
        return load_entry(request, data["rank_entry_id"])
    if data["rank_group_id"] is not None:
        group, rank = load_group(request, data["rank_group_id"])
        return group, group, rank
    raise ApiError.invalid("rank_group_id", "Grupa: To pole jest wymagane.")


class RankValueImport(Import):
    """POST /api/rank_value/import {rank_group_id | rank_entry_id, type, file}."""

    kind = "rank_value"
    description = "rank_value: import a group's or entry's values from a spreadsheet"
    # A gminy ranking's groups take RB_XLS, a voivodeships ranking's groups and entries RV_XLS.
    types = ("RB_XLS", *RV_CODES)
    schema = staticmethod(RankValueImportSchema)

    def target(self, request, data):
        record, group, rank = _value_scope(request, data)
        return group if rank.rank_type_name == "gminy" else record

    def allowed(self, request, data, target):
        return ("RB_XLS",) if _value_scope(request, data)[2].rank_type_name == "gminy" else RV_CODES

    def context(self, request, data, target):
        rank = _value_scope(request, data)[2]
        if rank.rank_type_name != "gminy":
            return None
        return {"index": gazetteer(request).borough_index(request.db), "locked": bool(rank.lock_place_refresh)}

    def apply(self, request, data, target, parsed):
        _, group, rank = _value_scope(request, data)
        if rank.rank_type_name == "gminy":
            rows, lines = parsed["rows"], parsed["lines"]
            authorize_rows(request, "rank_value", [(lines[row[0]], row[0], None) for row in rows])
            scope = sa.and_(RankValue.rank_group_id == group.id, RankValue.rank_entry_id.is_(None))
            created, updated = upsert_values(request.db, scope, "borough_id", rows, group.id, request=request)
            refresh_places(request.db, rank, rank_group_id=group.id)
            return import_result(created=created, updated=updated)
        one_entry = target if data["rank_entry_id"] is not None else None
        return _write_entries(request, group, rank, one_entry, parsed)


def _write_entries(request, group, rank, one_entry, parsed):
    """A voivodeships group's values (each entry from its column), or one entry's."""
    db = request.db
    entries = [one_entry] if one_entry is not None else None
    if entries is None:
        entries = db.scalars(sa.select(RankEntry).where(RankEntry.rank_group_id == group.id)).all()
    targets = [(entry, report_key(entry.name)) for entry in entries]
    usable = [(entry, key) for entry, key in targets if key in parsed["columns"]]
    if not usable:
        names = ", ".join(f"„{entry.name}”" for entry in entries) or "(brak pozycji)"
        raise ImportFailed.at(
            "file",
            f"Nic do zaimportowania: plik nie ma kolumny żadnej z pozycji {names}. Nazwy "
            "pozycji muszą być nazwami kolumn raportu (" + ", ".join(f"„{c}”" for _, c, _ in REPORT) + ").",
        )
    written = {code for _, key in usable for code in parsed["columns"][key]}
    _authorize_voivodeships(request, parsed["lines"], written)
    created = updated = 0
    for entry, key in usable:
        rows = voivodeship_rows(request, parsed["columns"][key], bool(rank.lock_place_refresh))
        scope = RankValue.rank_entry_id == entry.id
        counts = upsert_values(db, scope, "voivodeship_id", rows, group.id, entry.id, request=request)
        created, updated = created + counts[0], updated + counts[1]
        refresh_places(db, rank, rank_entry_id=entry.id)
    skipped = [
        {"name": entry.name, "description": f"Pozycja „{entry.name}”: brak jej kolumny w pliku – pominięto."}
        for entry, key in targets
        if key not in parsed["columns"]
    ]
    return import_result(created=created, updated=updated, skipped=skipped + _unread_columns(parsed, usable, one_entry))


def _authorize_voivodeships(request, lines, codes):
    """The rows of the voivodeships (`codes`) whose values an import writes, asked before any is."""
    known = voivodeships_with_codes(gazetteer(request), request.db)
    ids = {info["code"]: vid for vid, info in known.items() if info["code"]}
    authorize_rows(request, "rank_value", [(lines[code], None, ids.get(code)) for code in sorted(codes, key=lines.get)])


def _unread_columns(parsed, usable, entry=None):
    """The file's entry columns no entry of the import took (a group with fewer entries, or one
    entry's import), named so the operator knows what went nowhere."""
    taken = {key for _, key in usable}
    where = f"nie należy do pozycji „{entry.name}”" if entry else "grupa nie ma pozycji o tej nazwie"
    return [
        {"name": classic, "description": f"Kolumna „{classic}”: {where} – pominięto ją."}
        for key, classic, _ in REPORT
        if key in parsed["columns"] and key not in taken
    ]


class RankDefinitionImport(Import):
    """POST /api/rank/import {name, rank_id, type, file}: a new group of a voivodeships ranking
    with the five entries of SPEC 5 found in the file and their values per voivodeship."""

    kind = "rank"
    description = "rank: import a voivodeships ranking's group definition from a spreadsheet"
    types = RV_CODES
    schema = staticmethod(RankImportSchema)
    creates = "rank_group"

    def target(self, request, data):
        rank = RANK.live(request, data["rank_id"])
        if rank.rank_type_name != "voivodeships":
            raise ApiError.invalid("rank_id", "Definicję grupy z pliku importuje się tylko do rankingu województw.")
        return rank

    def apply(self, request, data, rank, parsed):
        if not any(parsed["columns"].values()):
            raise ImportFailed(
                [
                    {
                        "name": "file",
                        "description": "Nic do zaimportowania: plik nie ma wartości żadnej z wymaganych pozycji.",
                    },
                    *_skipped(parsed["missing"]),
                ]
            )
        return _define_group(request, rank, data["name"], parsed)


def _define_group(request, rank, name, parsed):
    db = request.db
    group = RankGroup(name=name, rank_id=rank.id)
    db.add(group)
    db.flush()
    values = 0
    for key, classic, _ in REPORT:
        if key not in parsed["columns"]:
            continue
        entry = RankEntry(name=classic, hidden=0, rank_group_id=group.id)
        db.add(entry)
        db.flush()
        rows = voivodeship_rows(request, parsed["columns"][key], bool(rank.lock_place_refresh))
        values += upsert_values(db, RankValue.rank_entry_id == entry.id, "voivodeship_id", rows, group.id, entry.id)[0]
        refresh_places(db, rank, rank_entry_id=entry.id)
    return import_result(created=values, skipped=_skipped(parsed["missing"]), id=group.id)
