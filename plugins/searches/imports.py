"""WPG_XLS: a search's entries from a spreadsheet, one row per gmina and one column per key of
the search (layout in docs/imports.md). Its template is the search's own: the header names the
search's keys (`GET /api/import/WPG_XLS/template?search_id=N`).

A gmina is named with its district and voivodeship. Re-importing updates the entries already
there (a filled cell replaces the text, an empty one clears it; keys without a column are left
as they are) instead of adding duplicates. An unknown or ambiguous gmina, a gmina given twice,
an unknown column: 422 naming the cell, and nothing is written.
"""

import dataclasses

import sqlalchemy as sa

from smogpanel.authority import authorize_rows
from smogpanel.db import utcnow
from smogpanel.envelope import ApiError
from smogpanel.gazetteer import gazetteer
from smogpanel.importing import imported_rows
from smogpanel.keyed_values import chunks
from smogpanel.resources import MAX_ID
from smogpanel.spreadsheets.imports import Column, ErrorList, ImportType, import_result, read_rows

from .models import Search, SearchEntry
from .schemas import MAX_VALUE_LENGTH
from .values import VALUES

CODE = "WPG_XLS"
BOROUGH, DISTRICT, VOIVODESHIP = "borough", "district", "voivodeship"
PLACE_COLUMNS = (
    Column(BOROUGH, "Gmina", help="Nazwa gminy, np. Zabierzów."),
    Column(DISTRICT, "Powiat", help="Nazwa powiatu gminy, np. krakowski."),
    Column(VOIVODESHIP, "Województwo", help="Nazwa województwa (np. małopolskie) albo jego dwuliterowy kod (mp)."),
)


# Optional (in the template, left empty): a gmina's TERYT code finds it instead of the names, which
# cannot tell apart two gminy of one name in one district (Bolesławiec, the town and the rural gmina).
TERYT_COLUMN = Column(
    "teryt",
    "Kod TERYT",
    required=False,
    help="Opcjonalny siedmiocyfrowy kod TERYT gminy, np. 1206012: gdy jest, wskazuje gminę zamiast nazw.",
)


def key_column(key):
    return Column(
        f"key_{key.id}",
        key.name,
        required=False,
        help="Tekst właściwości wyszukiwarki; pusta komórka usuwa tekst z karty gminy.",
    )


def template_for(request):
    """WPG_XLS with the columns of the search `?search_id=N`."""
    raw = request.params.get("search_id", "")
    search_id = int(raw) if raw.isdigit() else 0
    search = request.db.get(Search, search_id) if 0 < search_id <= MAX_ID else None
    if search is None or search.deleted is not None:
        raise ApiError.invalid(
            "search_id",
            "Podaj wyszukiwarkę, której szablon chcesz pobrać (search_id): ta nie istnieje albo została usunięta.",
        )
    keys = VALUES.live_keys(request.db, search.id)
    return dataclasses.replace(
        WPG_XLS,
        columns=(*PLACE_COLUMNS, TERYT_COLUMN, *(key_column(key) for key in keys)),
        label=f"{WPG_XLS.label}: {search.name}",
    )


def _where(row):
    return f"„{row['borough_name']}” (powiat {row['district_name']}, województwo {row['voivodeship_name']})"


def _check_lengths(table, found, row, present, errors):
    for key in present:
        text = row.values[f"key_{key.id}"]
        if text is not None and len(text) > MAX_VALUE_LENGTH:
            cell = table.cell_ref(row.index, found[f"key_{key.id}"])
            errors.add(cell, f"Komórka {cell}: tekst może mieć najwyżej {MAX_VALUE_LENGTH} znaków.")


def parse_entries(table, context):
    """{"rows": [(borough id, {key id: text})], "skipped": [...], "lines": {borough id: its row's
    number}} for the search's keys."""
    keys = context["keys"]
    columns = (*PLACE_COLUMNS, TERYT_COLUMN, *(key_column(key) for key in keys))
    # Every problem of the file in one answer: the header's, then the cells', then the gminy
    # not found (docs/imports.md), each pass on what the earlier ones left readable.
    errors, cells = ErrorList(), ErrorList()
    found, rows = read_rows(table, columns, errors=cells)
    for col, header in found.extra:
        ref = table.cell_ref(found.header_row, col)
        errors.add(
            ref,
            f"Komórka {ref}: kolumna „{header}” nie jest właściwością tej wyszukiwarki. Popraw nagłówek "
            "albo dodaj właściwość w wyszukiwarce (szablon ma nagłówki wszystkich właściwości).",
        )
    errors.extend(cells)
    index = context["index"]
    present = [key for key in keys if f"key_{key.id}" in found]
    seen, parsed = {}, []
    for row in rows:
        values = row.values
        _check_lengths(table, found, row, present, errors)
        if row.bad & {BOROUGH, DISTRICT, VOIVODESHIP, "teryt"}:
            continue  # already reported: no gmina to look for
        ids = index.locate(values[BOROUGH], values[DISTRICT], values[VOIVODESHIP], values.get("teryt"))
        ref = table.cell_ref(row.index, found[BOROUGH])
        where = f"„{values[BOROUGH]}” (powiat {values[DISTRICT]}, województwo {values[VOIVODESHIP]})"
        if not ids and values.get("teryt"):
            ref = table.cell_ref(row.index, found["teryt"])
            errors.add(ref, f"Komórka {ref}: w hierarchii nie ma gminy o kodzie TERYT „{values['teryt']}”.")
            continue
        if not ids:
            elsewhere = index.candidates(values[BOROUGH])[:5]
            hint = f" Gminy o tej nazwie: {', '.join(_where(row) for row in elsewhere)}." if elsewhere else ""
            errors.add(ref, f"Komórka {ref}: nie ma gminy {where}. Sprawdź nazwy gminy, powiatu i województwa.{hint}")
            continue
        if len(ids) > 1:
            errors.add(
                ref,
                f"Komórka {ref}: gmina {where} występuje {len(ids)} razy w hierarchii: "
                f"{index.describe(ids)}. Nie wiadomo, o którą chodzi: dodaj kolumnę „Kod TERYT”.",
            )
            continue
        if ids[0] in seen:
            errors.add(ref, f"Komórka {ref}: gmina {where} była już w wierszu {seen[ids[0]] + 1}. Każda gmina raz.")
            continue
        seen[ids[0]] = row.index
        parsed.append((ids[0], {key.id: values[f"key_{key.id}"] for key in present}))
    errors.raise_if_any()
    skipped = [
        {
            "name": key.name,
            "description": f"W pliku brak kolumny „{key.name}” – teksty tej właściwości pozostały bez zmian.",
        }
        for key in keys
        if key not in present
    ]
    return {"rows": parsed, "skipped": skipped, "lines": {borough_id: index + 1 for borough_id, index in seen.items()}}


def import_context(request, search):
    """What `parse_entries` reads besides the table: the search's keys and the gminy."""
    return {"keys": VALUES.live_keys(request.db, search.id), "index": gazetteer(request).borough_index(request.db)}


def write_entries(request, search, parsed):
    """Creates the gminy's entries that are missing and updates those already there."""
    db = request.db
    if not parsed["rows"]:
        raise ApiError(
            "IMPORT_FAILED",
            [{"name": "file", "description": "Nic do zaimportowania: pod nagłówkiem nie ma żadnego wiersza z gminą."}],
        )
    lines = parsed["lines"]
    authorize_rows(request, "search_entry", [(lines[borough_id], borough_id, None) for borough_id, _ in parsed["rows"]])
    entries = SearchEntry.__table__
    existing = dict(
        db.execute(
            sa.select(entries.c.borough_id, entries.c.id).where(
                entries.c.search_id == search.id, entries.c.deleted.is_(None)
            )
        ).all()
    )
    stored = VALUES.value_rows(db, existing.values())
    missing = [
        {"search_id": search.id, "borough_id": borough_id}
        for borough_id, _ in parsed["rows"]
        if borough_id not in existing
    ]
    # Core statements, batched: thousands of rows are a few round trips, not one per entry.
    added = (
        dict(db.execute(sa.insert(entries).returning(entries.c.borough_id, entries.c.id), missing).all())
        if missing
        else {}
    )
    wanted, changed, replaced = {}, [], {}
    for borough_id, texts in parsed["rows"]:
        entry_id = existing.get(borough_id) or added[borough_id]
        before = {key_id: row.value for key_id, row in stored.get(entry_id, {}).items()}
        after = {key_id: text for key_id, text in {**before, **texts}.items() if text}
        wanted[entry_id] = after
        if borough_id in existing and after != before:
            changed.append(entry_id)
            replaced[entry_id] = {"values": [before, after]}
    # What the import created and the texts it replaced, for its history entry and its revert.
    imported_rows(request, "search_entry", created=added.values(), changed=replaced)
    VALUES.write_values(db, wanted, existing=stored)
    stamp = utcnow()
    for chunk in chunks(changed):
        db.execute(sa.update(entries).where(entries.c.id.in_(chunk)).values(updated=stamp))
    return import_result(
        created=len(missing),
        updated=len(changed),
        skipped=parsed["skipped"],
        unchanged=len(parsed["rows"]) - len(missing) - len(changed),
    )


WPG_XLS = ImportType(
    code=CODE,
    label="Wpisy wyszukiwarki (XLS)",
    description=(
        "Wpisy gmin wyszukiwarki: pierwszy arkusz, w pierwszym wierszu nagłówek – kolumny „Gmina”, "
        "„Powiat”, „Województwo”, opcjonalnie „Kod TERYT” (wskazuje gminę zamiast nazw: potrzebny dla "
        "gmin o tej samej nazwie w pliku z całego kraju), potem po jednej kolumnie na właściwość "
        "wyszukiwarki (nazwa kolumny = nazwa właściwości). Dalej po jednym wierszu na gminę. Gmina, "
        "która ma już wpis, zostanie zaktualizowana: wypełniona komórka zastępuje tekst, pusta go usuwa. "
        "Pobierz szablon z formularza importu wyszukiwarki: ma nagłówki jej właściwości."
    ),
    columns=(*PLACE_COLUMNS, TERYT_COLUMN),
    parse=parse_entries,
    for_template=template_for,
    template_query=("search_id",),
)
