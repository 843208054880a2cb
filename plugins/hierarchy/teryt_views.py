"""Importing GUS's TERC file (the TERYT register) from the panel and the command line.

    POST /api/hierarchy/import-teryt {type: "TERYT_TERC", file: {name, data}, dry_run,
                                      accept_removals, retire_gone}

The file: the TERC CSV (with or without BOM), its XML, the ZIP they come in from GUS, or a
spreadsheet with the same columns. The answer is `import_result` with the report of
`teryt_import.Report.as_dict` (added, renamed, coded, unchanged, gone, retired, kept, ...).
A file that is not the whole official register is refused on `file`; a run over the share of
gone units (`smogpanel.hierarchy.max_gone_percent`) on `accept_removals`; the messages are the
command line's.
"""

import sys
from pathlib import Path

import colander

from smogpanel import history
from smogpanel.envelope import ApiError
from smogpanel.files import SPREADSHEETS, decode_upload, detect, wrong_format_message
from smogpanel.importing import Import, Untyped
from smogpanel.schemas import FlagNode, String, UploadNode
from smogpanel.spreadsheets.imports import Column, ErrorList, ImportFailed, ImportType, import_result, read_rows

from .terc import COLUMNS, NotTerc, read_terc, terc_unit
from .teryt_import import TooManyGone, import_terc, max_gone_percent

CODE = "TERYT_TERC"
NOTHING_WRITTEN = "Nic nie zapisano."
MAX_FILE = 64 * 1024 * 1024


def _from_table(table, context):
    """A spreadsheet with the TERC columns (an operator's copy of the CSV in Excel). Every
    problem of the file comes in one answer: the empty required cells, then each readable row's
    codes and names."""
    cells = ErrorList()
    _, rows = read_rows(table, COLUMN_DEFINITIONS, errors=cells)
    problems, units = [], []
    for row in rows:
        if row.bad:
            continue  # already in `cells`
        values = {name: "" if row.values[name] is None else str(row.values[name]) for name in COLUMNS}
        unit = terc_unit(row.index + 1, values, problems)
        if unit is not None:
            units.append(unit)
    cells.extend({"name": "file", "description": problem} for problem in problems)
    cells.raise_if_any()
    return units


COLUMN_DEFINITIONS = tuple(
    Column(name, name, required=name in ("WOJ", "NAZWA"), aliases=("NAZDOD",) if name == "NAZWA_DOD" else ())
    for name in COLUMNS
)

TERYT_TERC = ImportType(
    code=CODE,
    label="Rejestr TERYT: plik TERC (CSV, XML albo ZIP z GUS)",
    columns=COLUMN_DEFINITIONS,
    parse=_from_table,
    description=(
        "Województwa, powiaty i gminy z kodami TERYT, z pliku „TERC urzędowy” (całego kraju) pobranego ze "
        "strony rejestru TERYT GUS. Gminy to wiersze RODZ 1, 2 i 3; jednostki dodaje się albo zmienia według "
        "kodu, a tych, których nie ma już w rejestrze, nie usuwa się, chyba że na życzenie wycofuje się te, "
        "do których nic się nie odwołuje."
    ),
)


def _from_file(data, context):
    """The units of the TERC CSV, its XML or the ZIP they come in (422 for anything else)."""
    try:
        return read_terc(data)
    except NotTerc as error:
        raise ImportFailed([{"name": "file", "description": message} for message in error.errors])


# The file as GUS publishes it: read by the register's own reader, not as a sheet.
TERC_FILE = Untyped(CODE, TERYT_TERC.label, _from_file)


def references_of(plugin_manager, db):
    """`references(level, ids)` for the import: every plugin's `smogpanel_references`, merged."""

    def references(level, ids):
        merged = {}
        for answer in plugin_manager.hook.smogpanel_references(db=db, kind=level, ids=list(ids)):
            for unit_id, reasons in (answer or {}).items():
                merged.setdefault(unit_id, []).extend(reasons)
        return merged

    return references


def run_terc(db, units, registry, dry_run=False, accept_removals=False, retire_gone=False):
    return import_terc(
        db,
        units,
        dry_run=dry_run,
        accept_removals=accept_removals,
        retire_gone=retire_gone,
        max_gone_percent=max_gone_percent(registry.settings),
        references=references_of(registry.plugin_manager, db),
    )


def refusal_messages(error):
    """A refusal's Polish messages, the last saying that nothing was written (when none says it)."""
    messages = list(error.errors)
    if messages and not any(NOTHING_WRITTEN.lower() in message.lower() for message in messages):
        messages[-1] = f"{messages[-1].rstrip()} {NOTHING_WRITTEN}"
    return messages


def record_import(request, file_name, created, updated):
    """The import's history entry (a request, or the CLI's session): one for the whole register."""
    history.record(
        request,
        "import",
        "voivodeship",
        None,
        "Rejestr TERYT",
        {
            "file": str(file_name)[:255],
            "type": CODE,
            "type_label": TERYT_TERC.label,
            "created": created,
            "updated": updated,
            "skipped": 0,
        },
    )


def ImportTerytSchema():
    schema = colander.SchemaNode(colander.Mapping())
    # The one type this endpoint takes, described as such (the view refuses any other in Polish).
    schema.add(colander.SchemaNode(String(), name="type", title="Typ pliku", missing=CODE, openapi={"enum": [CODE]}))
    schema.add(UploadNode(name="file", missing=None))
    schema.add(FlagNode("Próba bez zapisu", name="dry_run"))
    schema.add(FlagNode("Zgoda na ubytki", name="accept_removals"))
    schema.add(FlagNode("Wycofaj jednostki, których nie ma już w rejestrze", name="retire_gone"))
    return schema


class TerytImport(Import):
    """POST /api/hierarchy/import-teryt; every refusal (a file that is no register, too many
    gone units) ends saying that nothing was written."""

    kind = "hierarchy"
    name = "hierarchy-import-teryt"
    path = "/api/hierarchy/import-teryt"
    description = "hierarchy: import voivodeships, districts and gminy from GUS's TERC file"
    types = (CODE,)
    schema = staticmethod(ImportTerytSchema)
    type_node = False  # the schema's own: TERYT_TERC when left out
    authority = "voivodeship"  # the register writes every level; recorded on voivodeships

    def answer(self, request):
        try:
            return super().answer(request)
        except ImportFailed as failed:
            descriptions = [error["description"] for error in failed.errors]
            if descriptions and not any(NOTHING_WRITTEN.lower() in text.lower() for text in descriptions):
                last = {**failed.errors[-1], "description": f"{descriptions[-1].rstrip()} {NOTHING_WRITTEN}"}
                failed.errors[-1] = last
            raise

    def read(self, request, data, target):
        """A spreadsheet with the TERC columns is read as every import's sheet; the CSV, XML
        and ZIP by the register's reader."""
        if data["type"] != CODE:
            raise ApiError.invalid("type", f"Nieznany albo niedozwolony tu typ importu. Wybierz jeden z: {CODE}.")
        name, raw = decode_upload(request, data["file"], self.field)
        kind = detect(raw)
        if kind in SPREADSHEETS and kind != "csv":
            return super().read(request, data, target)
        if kind not in (None, "csv"):
            raise ImportFailed.at(self.field, wrong_format_message(name, kind, ("csv",)))
        return TERC_FILE, name, raw

    def apply(self, request, data, target, units):
        try:
            report = run_terc(
                request.db,
                units,
                request.registry,
                dry_run=bool(data["dry_run"]),
                accept_removals=bool(data["accept_removals"]),
                retire_gone=bool(data["retire_gone"]),
            )
        except NotTerc as error:
            name = "accept_removals" if isinstance(error, TooManyGone) else "file"
            raise ImportFailed([{"name": name, "description": message} for message in error.errors])
        return import_result(
            created=len(report.added),
            updated=len(report.renamed) + len(report.coded),
            max_gone_percent=max_gone_percent(request.registry.settings),
            **report.as_dict(),
        )

    def record_history(self, request, import_type, file_name, target, answer):
        """One entry for the whole register, as the command line's; a dry run writes none."""
        data = request.validated
        if not data["dry_run"]:
            record_import(request, (data["file"] or {}).get("name") or "plik", answer["created"], answer["updated"])


# -- the command line ---------------------------------------------------------------------------
def cmd_import_teryt(settings, args):
    from smogpanel.db import own_transaction
    from smogpanel.plugin_commands import plugin_app

    path = Path(args.file)
    if not path.is_file():
        print(f"Nie ma pliku {path}.", file=sys.stderr)
        return 2
    if path.stat().st_size > MAX_FILE:
        print(f"Plik {path} jest zbyt duży jak na plik TERC.", file=sys.stderr)
        return 1
    app = plugin_app(settings, "hierarchy")
    if app is None:
        return 2
    try:
        units = read_terc(path.read_bytes())
        with own_transaction(app.registry) as db:
            report = run_terc(
                db,
                units,
                app.registry,
                dry_run=args.dry_run,
                accept_removals=args.accept_removals,
                retire_gone=args.retire_gone,
            )
            if not args.dry_run:
                record_import(db, path.name, len(report.added), len(report.renamed) + len(report.coded))
    except NotTerc as error:
        print(f"Nie zaimportowano pliku {path}; nic nie zapisano.", file=sys.stderr)
        for message in refusal_messages(error):
            print(f"  {message}", file=sys.stderr)
        return 1
    print(("Próba bez zapisu. " if args.dry_run else "") + report.summary())
    for title, changes in (
        ("Zmiana nazwy", report.renamed),
        ("Otrzyma kod" if args.dry_run else "Nadano kod", report.coded),  # units entered by hand (the demo's)
        ("Nie ma już w rejestrze", report.gone),
        ("Usunięte w panelu, pominięte", report.deleted_here),
        ("Wycofano", report.retired),
        ("Zostawiono", report.kept),
    ):
        for change in changes:
            old = f"„{change['old_name']}” → " if "old_name" in change else ""
            why = f" ({'; '.join(change['reasons'])})" if "reasons" in change else ""
            print(f"  {title}: {change['teryt']} {old}„{change['name']}”{why}")
    return 0


def add_commands(commands):
    hierarchy = commands.add_parser("hierarchy", help="województwa, powiaty i gminy")
    sub = hierarchy.add_subparsers(dest="hierarchy_command", required=True)
    teryt = sub.add_parser("import-teryt", help="wczytaj województwa, powiaty i gminy z pliku TERC (rejestr TERYT GUS)")
    teryt.add_argument("file", help="plik TERC: CSV, XML albo ZIP pobrany ze strony rejestru TERYT")
    teryt.add_argument("--dry-run", action="store_true", help="pokaż, co by się zmieniło, nic nie zapisując")
    teryt.add_argument(
        "--accept-removals",
        action="store_true",
        help="importuj także wtedy, gdy zniknęłoby z rejestru więcej jednostek niż dopuszcza "
        "ustawienie smogpanel.hierarchy.max_gone_percent (domyślnie 2 %%)",
    )
    teryt.add_argument(
        "--retire-gone",
        action="store_true",
        help="usuń jednostki, których nie ma już w rejestrze, jeśli nic się do nich nie odwołuje "
        "(te z odwołaniami zostają i są wypisane)",
    )
    teryt.set_defaults(run=cmd_import_teryt)
