"""The import endpoints: POST /api/rank_value/import (a gminy group's values from RB_XLS; a
voivodeships group's or entry's values from RV_XLS / RV_XLS_2025) and POST /api/rank/import
(a voivodeships ranking's group defined by RV_XLS / RV_XLS_2025). All or nothing: every cell
is checked before the first write, in the request's one transaction."""

import sqlalchemy as sa
from cornice import Service

from smogpanel.authority import authorize_rows
from smogpanel.envelope import ApiError
from smogpanel.gazetteer import gazetteer
from smogpanel.schemas import ImportTypeNode
from smogpanel.spreadsheets.imports import ImportFailed, import_result, run_import
from smogpanel.validation import body_validator

from .imports import REPORT, RV_CODES, report_key
from .loading import RANK, load_entry, load_group, voivodeships_with_codes
from .models import RankEntry, RankGroup, RankValue
from .places import competition_places, refresh_places
from .schemas import RankImportSchema, RankValueImportSchema


def upsert_values(db, scope, key_field, rows, rank_group_id, rank_entry_id=None):
    """Writes `rows` [(key id, value, points, place)] into one group or entry: a key with a live
    value there is updated, others are created. Returns (created, updated)."""
    table = RankValue.__table__
    existing = dict(
        db.execute(
            sa.select(getattr(RankValue, key_field), RankValue.id).where(scope, RankValue.deleted.is_(None))
        ).all()
    )
    new, changed = [], []
    for key, value, points, place in rows:
        if key in existing:
            item = {"row_id": existing[key], "new_value": value, "new_points": points}
            if place is not None:
                item["new_place"] = place
            changed.append(item)
        else:
            new.append(
                {
                    "value": value,
                    "points": points,
                    "place": place or 0,
                    "rank_group_id": rank_group_id,
                    "rank_entry_id": rank_entry_id,
                    key_field: key,
                }
            )
    connection = db.connection()
    if new:
        connection.execute(sa.insert(RankValue), new)  # ORM bulk insert: defaults (created, updated) applied
    with_place = [item for item in changed if "new_place" in item]
    without_place = [item for item in changed if "new_place" not in item]
    for items, extra in ((with_place, {"place": sa.bindparam("new_place")}), (without_place, {})):
        if items:
            connection.execute(
                table.update()
                .where(table.c.id == sa.bindparam("row_id"))
                .values(value=sa.bindparam("new_value"), points=sa.bindparam("new_points"), **extra),
                items,
            )
    return len(new), len(changed)


def _authorize_voivodeships(request, lines, codes):
    """The rows of the voivodeships (`codes`) whose values an import writes, asked before any is."""
    known = voivodeships_with_codes(gazetteer(request), request.db)
    ids = {info["code"]: vid for vid, info in known.items() if info["code"]}
    authorize_rows(request, "rank_value", [(lines[code], None, ids.get(code)) for code in sorted(codes, key=lines.get)])


def _voivodeship_rows(request, numbers, locked):
    """[(voivodeship id, value, points, place)] of {code: number}; places from the numbers when
    the ranking's places are locked (the file carries none)."""
    known = voivodeships_with_codes(gazetteer(request), request.db)
    ids = {info["code"]: vid for vid, info in known.items() if info["code"]}
    missing = [code for code in numbers if code not in ids]
    if missing:
        raise ImportFailed.at("file", "W hierarchii brak województw o kodach: " + ", ".join(missing) + ".")
    codes = list(numbers)
    places = competition_places([numbers[code] for code in codes]) if locked else [None] * len(codes)
    return [(ids[code], numbers[code], numbers[code], place) for code, place in zip(codes, places)]


def _skipped(missing):
    return [{"name": name, "description": f"W pliku brak kolumny pozycji „{name}”."} for name in missing]


def import_values(request):
    """POST /api/rank_value/import {rank_group_id | rank_entry_id, type, file}."""
    data = request.validated
    db = request.db
    if data["rank_entry_id"] is not None:
        entry, group, rank = load_entry(request, data["rank_entry_id"])
        entries = [entry]
    elif data["rank_group_id"] is not None:
        group, rank = load_group(request, data["rank_group_id"])
        entries = None
    else:
        raise ApiError.invalid("rank_group_id", "Grupa: To pole jest wymagane.")
    if rank.rank_type_name == "gminy":
        parsed = run_import(
            request,
            data["type"],
            data["file"],
            allowed=("RB_XLS",),
            target=group,
            context={"index": gazetteer(request).borough_index(db), "locked": bool(rank.lock_place_refresh)},
        )
        rows, lines = parsed["rows"], parsed["lines"]
        authorize_rows(request, "rank_value", [(lines[row[0]], row[0], None) for row in rows])
        scope = sa.and_(RankValue.rank_group_id == group.id, RankValue.rank_entry_id.is_(None))
        created, updated = upsert_values(db, scope, "borough_id", rows, group.id)
        refresh_places(db, rank, rank_group_id=group.id)
        return import_result(created=created, updated=updated)
    parsed = run_import(request, data["type"], data["file"], allowed=RV_CODES, target=entries[0] if entries else group)
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
        rows = _voivodeship_rows(request, parsed["columns"][key], bool(rank.lock_place_refresh))
        scope = RankValue.rank_entry_id == entry.id
        counts = upsert_values(db, scope, "voivodeship_id", rows, group.id, entry.id)
        created, updated = created + counts[0], updated + counts[1]
        refresh_places(db, rank, rank_entry_id=entry.id)
    skipped = [
        {"name": entry.name, "description": f"Pozycja „{entry.name}”: brak jej kolumny w pliku – pominięto."}
        for entry, key in targets
        if key not in parsed["columns"]
    ]
    one_entry = entries[0] if data["rank_entry_id"] is not None else None
    return import_result(created=created, updated=updated, skipped=skipped + _unread_columns(parsed, usable, one_entry))


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


def import_definition(request):
    """POST /api/rank/import {name, rank_id, type, file}: a new group of a voivodeships ranking
    with the five entries of SPEC 5 found in the file and their values per voivodeship."""
    data = request.validated
    db = request.db
    rank = RANK.live(request, data["rank_id"])
    if rank.rank_type_name != "voivodeships":
        raise ApiError.invalid("rank_id", "Definicję grupy z pliku importuje się tylko do rankingu województw.")
    parsed = run_import(request, data["type"], data["file"], allowed=RV_CODES, target=rank, creates="rank_group")
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
    group = RankGroup(name=data["name"], rank_id=rank.id)
    db.add(group)
    db.flush()
    values = 0
    for key, classic, _ in REPORT:
        if key not in parsed["columns"]:
            continue
        entry = RankEntry(name=classic, hidden=0, rank_group_id=group.id)
        db.add(entry)
        db.flush()
        rows = _voivodeship_rows(request, parsed["columns"][key], bool(rank.lock_place_refresh))
        values += upsert_values(db, RankValue.rank_entry_id == entry.id, "voivodeship_id", rows, group.id, entry.id)[0]
        refresh_places(db, rank, rank_entry_id=entry.id)
    return import_result(created=values, skipped=_skipped(parsed["missing"]), id=group.id)


def _with_types(schema, codes):
    """The import's type: one of `codes` (a value import's depends on the stored ranking's type:
    gminy take RB_XLS, voivodeships RV_XLS; the views check it)."""
    schema["type"] = ImportTypeNode(codes)
    return schema


def includeme(config):
    values = Service(
        name="rank_value-import",
        path="/api/rank_value/import",
        description="rank_value: import a group's or entry's values from a spreadsheet",
    )
    values.add_view(
        "POST",
        import_values,
        renderer="envelope",
        schema=_with_types(RankValueImportSchema(), ("RB_XLS", *RV_CODES)),
        validators=(body_validator,),
    )
    definition = Service(
        name="rank-import",
        path="/api/rank/import",
        description="rank: import a voivodeships ranking's group definition from a spreadsheet",
    )
    definition.add_view(
        "POST",
        import_definition,
        renderer="envelope",
        schema=_with_types(RankImportSchema(), RV_CODES),
        validators=(body_validator,),
    )
    config.add_cornice_service(values)
    config.add_cornice_service(definition)
