"""The graph imports (SPEC 5 "Graph import"): CP_LINE_XLS, CP_LINE_XLS_2025 (line and bar
charts), CP_MULTILINE_XLS, CP_MULTILINE_XLS_2025, CP_CIRCLE_XLS, CP_CIRCLE_XLS_2025. The
layouts are this product's own, modelled on the Clean Air report; no official file could be
checked here (docs/imports.md says what is assumed).

Every type reads rows of items (the chart's keys: a voivodeship, Whole Poland, a heating
source) matched to the graph's keys by name or short name (case, Polish letters and spacing
ignored). An import writes one entry, named after the import, into the group given by the year
in that name (BAR, LINE, MULTILINE; created if needed) or 'Pozycje'; an entry of that name in
that group gets its values replaced. What the file or the graph lacks is skipped and listed.
"""

import re

import sqlalchemy as sa

from smogpanel.db import utcnow
from smogpanel.regions import VOIVODESHIPS
from smogpanel.spreadsheets.imports import (
    Column,
    ErrorList,
    ImportFailed,
    ImportType,
    header_key,
    import_result,
    read_rows,
)

from .models import GraphEntry, GraphGroup
from .values import VALUES, live_groups, live_keys

# (key, classic header = the key group's name, the 2025 edition's header): as RV_XLS (rankings).
APPLICATION_GROUPS = (
    ("total", "Łączna liczba wniosków", "Wnioski ogółem"),
    ("boiler", "Liczba wniosków o wymianę kotła", "Wnioski na wymianę źródła ciepła"),
    ("submitted", "Liczba złożonych wniosków", "Liczba wniosków złożonych"),
    ("contracts", "Liczba podpisanych umów", "Liczba umów zawartych"),
    ("grants", "Kwota wypłaconych dotacji", "Wypłacone dofinansowanie [zł]"),
)
WHOLE_POLAND = "Cała Polska"
LINE_ITEMS = (*(name for _, name in VOIVODESHIPS), WHOLE_POLAND)
# The eight heating sources of the Clean Air report (as CP_XLS, maps).
HEATING_SOURCES = (
    "Kotły na biomasę",
    "Kotły węglowe",
    "Węzły cieplne",
    "Ogrzewanie elektryczne",
    "Kotły olejowe",
    "Kotły gazowe",
    "Pompy ciepła powietrzne",
    "Pompy ciepła gruntowe lub wodne",
)
# Assumed (SPEC names no five): the five low-emission sources the programme funds most.
MULTILINE_ITEMS = (
    WHOLE_POLAND,
    "Kotły na biomasę",
    "Węzły cieplne",
    "Ogrzewanie elektryczne",
    "Kotły gazowe",
    "Pompy ciepła powietrzne",
)
CIRCLE_ITEMS = HEATING_SOURCES
DEFAULT_GROUP = "Pozycje"
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")
YEAR = re.compile(r"(?<!\d)(19\d{2}|20\d{2}|21\d{2})(?!\d)")
ITEM_HEADERS = ("Pozycja", "Województwo", "Źródło ciepła", "Nazwa")


def _quoted(names):
    return ", ".join(f"„{name}”" for name in names)


WARNINGS = {
    "line": (
        "Wykres musi mieć grupy kluczy o nazwach: "
        + _quoted(n for _, n, _ in APPLICATION_GROUPS)
        + ", a w nich klucze: "
        + _quoted(LINE_ITEMS)
        + ". Brakujące zostaną pominięte."
    ),
    "multiline": "Wykres musi mieć klucze: " + _quoted(MULTILINE_ITEMS) + ". Brakujące zostaną pominięte.",
    "circle": "Wykres musi mieć klucze: " + _quoted(CIRCLE_ITEMS) + ". Brakujące zostaną pominięte.",
}


def _item_column(items):
    return Column(
        "item",
        "Pozycja",
        aliases=ITEM_HEADERS[1:],
        unique=True,
        help="Nazwa pozycji (klucza wykresu), np. " + ", ".join(items[:3]) + ".",
    )


def _columns(family, edition):
    if family == "line":
        columns = [_item_column(LINE_ITEMS)]
        for key, classic, edition_2025 in APPLICATION_GROUPS:
            header, other = (classic, edition_2025) if edition == "classic" else (edition_2025, classic)
            columns.append(
                Column(
                    key,
                    header,
                    required=False,
                    kind="number",
                    aliases=(other,),
                    help=f"Wartość w grupie kluczy „{classic}”.",
                )
            )
        return tuple(columns)
    items = MULTILINE_ITEMS if family == "multiline" else CIRCLE_ITEMS
    return (
        _item_column(items),
        Column(
            "value", "Wartość", kind="number", aliases=("Liczba", "Ilość"), help="Liczba dla pozycji (0 albo więcej)."
        ),
    )


def _parse(family, edition):
    columns = _columns(family, edition)

    def parse(table, context):
        # Every problem of the file in one answer (docs/imports.md): the header's and the cells',
        # then the checks below on the cells read well (a bad cell's value is None).
        errors, seen = ErrorList(), {}
        found, rows = read_rows(table, columns, header_row=0 if edition == "classic" else None, errors=errors)
        for row in rows:
            for key, value in row.values.items():
                if key != "item" and value is not None and value < 0:
                    ref = table.cell_ref(row.index, found[key])
                    errors.add(ref, f"Komórka {ref}: wartość nie może być mniejsza niż 0.")
            if "item" in row.bad:
                continue  # already reported
            folded = header_key(row.values["item"])
            if folded in seen:
                ref, first = table.cell_ref(row.index, found["item"]), table.cell_ref(seen[folded], found["item"])
                errors.add(
                    ref,
                    f"Komórka {ref}: pozycja „{row.values['item']}” występuje już w komórce {first}. "
                    "Każda pozycja może wystąpić tylko raz.",
                )
            seen.setdefault(folded, row.index)
        errors.raise_if_any()
        return family, found, rows

    return parse


def _type(code, family, edition, label, template_rows):
    edition_text = (
        "wydanie 2025: nagłówek może stać pod wierszami tytułu" if edition == "2025" else "nagłówek w pierwszym wierszu"
    )
    return ImportType(
        code=code,
        label=label,
        columns=_columns(family, edition),
        parse=_parse(family, edition),
        description=f"Pierwszy arkusz, {edition_text}; jeden wiersz na pozycję. " + WARNINGS[family],
        template_rows=template_rows,
    )


LINE_ROW = ("małopolskie", "1200", "900", "1100", "800", "15000000,5")
CP_LINE_XLS = _type(
    "CP_LINE_XLS", "line", "classic", "Czyste Powietrze – wykres liniowy lub słupkowy (XLS)", (LINE_ROW,)
)
CP_LINE_XLS_2025 = _type(
    "CP_LINE_XLS_2025", "line", "2025", "Czyste Powietrze 2025 – wykres liniowy lub słupkowy (XLS)", (LINE_ROW,)
)
CP_MULTILINE_XLS = _type(
    "CP_MULTILINE_XLS",
    "multiline",
    "classic",
    "Czyste Powietrze – wykres wieloliniowy (XLS)",
    ((WHOLE_POLAND, "1500"),),
)
CP_MULTILINE_XLS_2025 = _type(
    "CP_MULTILINE_XLS_2025",
    "multiline",
    "2025",
    "Czyste Powietrze 2025 – wykres wieloliniowy (XLS)",
    ((WHOLE_POLAND, "1500"),),
)
CP_CIRCLE_XLS = _type(
    "CP_CIRCLE_XLS", "circle", "classic", "Czyste Powietrze – wykres kołowy (XLS)", (("Kotły gazowe", "320"),)
)
CP_CIRCLE_XLS_2025 = _type(
    "CP_CIRCLE_XLS_2025", "circle", "2025", "Czyste Powietrze 2025 – wykres kołowy (XLS)", (("Kotły gazowe", "320"),)
)
IMPORT_TYPES = (
    CP_LINE_XLS,
    CP_LINE_XLS_2025,
    CP_MULTILINE_XLS,
    CP_MULTILINE_XLS_2025,
    CP_CIRCLE_XLS,
    CP_CIRCLE_XLS_2025,
)
BY_GRAPH_TYPE = {
    "BAR": ("CP_LINE_XLS", "CP_LINE_XLS_2025"),
    "LINE": ("CP_LINE_XLS", "CP_LINE_XLS_2025"),
    "MULTILINE": ("CP_MULTILINE_XLS", "CP_MULTILINE_XLS_2025"),
    "CIRCLE": ("CP_CIRCLE_XLS", "CP_CIRCLE_XLS_2025"),
}


def group_name(graph_type, import_name):
    """SPEC 5: for bar, line and multiline charts the year in the import name, else 'Pozycje'."""
    match = YEAR.search(import_name) if graph_type != "CIRCLE" else None
    return match.group(1) if match else DEFAULT_GROUP


def _match(keys):
    by_name = {}
    for key in keys:
        for name in (key.name, key.short_name):
            by_name.setdefault(header_key(name), key)
    return by_name


def _values(graph, family, found, rows, db):
    """({key id: Decimal}, skipped [{name, description}])."""
    keys = live_keys(db, graph.id)
    wanted, skipped = {}, []
    if family == "line":
        groups = {header_key(group.name): group for group in live_groups(db, graph.id)}
        unmatched = set()
        for key, classic, edition_2025 in APPLICATION_GROUPS:
            group = groups.get(header_key(classic)) or groups.get(header_key(edition_2025))
            if group is None:
                skipped.append({"name": classic, "description": f"Wykres nie ma grupy kluczy „{classic}”: pominięto."})
                continue
            if key not in found:
                skipped.append({"name": classic, "description": f"Plik nie ma kolumny „{classic}”: pominięto."})
                continue
            own = _match([k for k in keys if k.key_group_id == group.id])
            for row in rows:
                target = own.get(header_key(row.values["item"]))
                if target is None:
                    unmatched.add((row.index, row.values["item"], group.name))
                elif row.values[key] is not None:
                    wanted[target.id] = row.values[key]
        for _, item, group in sorted(unmatched):
            skipped.append({"name": item, "description": f"Grupa kluczy „{group}” nie ma klucza „{item}”: pominięto."})
    else:
        own = _match([k for k in keys if k.key_group_id is None])
        for row in rows:
            target = own.get(header_key(row.values["item"]))
            if target is None:
                skipped.append(
                    {
                        "name": row.values["item"],
                        "description": f"Wykres nie ma klucza „{row.values['item']}”: pominięto.",
                    }
                )
            else:
                wanted[target.id] = row.values["value"]
    return wanted, skipped


def write_entry(request, graph, name, parsed):
    """The import's one entry, `name`, in the group its year names: created, or its values replaced."""
    family, found, rows = parsed
    db = request.db
    wanted, skipped = _values(graph, family, found, rows, db)
    if not wanted:
        raise ImportFailed.at(
            "file",
            "Plik nie zawiera żadnej wartości dla kluczy tego wykresu. Sprawdź nazwy "
            "pozycji i kolumn. " + WARNINGS[family],
        )
    target_group = group_name(graph.graph_type_name, name)
    group = db.scalars(
        sa.select(GraphGroup)
        .where(GraphGroup.graph_id == graph.id, GraphGroup.name == target_group, GraphGroup.deleted.is_(None))
        .order_by(GraphGroup.id)
        .limit(1)
    ).first()
    created = updated = 0
    if group is None:
        group = GraphGroup(graph_id=graph.id, name=target_group)
        db.add(group)
        db.flush()
        created += 1
    entry = db.scalars(
        sa.select(GraphEntry)
        .where(GraphEntry.graph_group_id == group.id, GraphEntry.name == name, GraphEntry.deleted.is_(None))
        .limit(1)
    ).first()
    if entry is None:
        count = db.scalar(
            sa.select(sa.func.count())
            .select_from(GraphEntry)
            .where(GraphEntry.graph_group_id == group.id, GraphEntry.deleted.is_(None))
        )
        color = PALETTE[count % len(PALETTE)] if graph.graph_type_name == "MULTILINE" else ""
        entry = GraphEntry(graph_group_id=group.id, name=name, color=color)
        db.add(entry)
        db.flush()
        created += 1
        VALUES.write_values(db, {entry.id: wanted}, existing={})
    else:
        VALUES.write_values(db, {entry.id: wanted})
        entry.updated = utcnow()  # also marks the session changed: the Core writes above are committed
        updated += 1
    return import_result(
        created=created,
        updated=updated,
        skipped=skipped,
        graph_group_id=group.id,
        graph_entry_id=entry.id,
        values=len(wanted),
    )
