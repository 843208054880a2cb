"""The import registry: every spreadsheet import type (SPEC section 3, "Import file types") is
declared by the plugin that owns it through the `smogpanel_import_types` hook, with its
columns, Polish label and description, and a parser. From the same declaration come the
downloadable template (`GET /api/import/<TYPE>/template`), the list the forms show
(`GET /api/import/`) and the checks of `run_import`, which the plugins' import endpoints call.

A parser is `parse(table, context) -> result`: it reads a `smogpanel.spreadsheets.tables.Table`
(usually through `read_rows`), raises `ImportFailed` for anything wrong, naming the cell, and
returns what its endpoint writes. The endpoint writes in the request's transaction, so an
import either writes everything or nothing. The answer's convention is `import_result`.
"""

import re
from collections import namedtuple
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode

from cornice import Service
from pyramid.exceptions import ConfigurationError
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from .. import history
from ..authority import authorize, kind_of
from ..envelope import ApiError
from ..events import RecordsImported
from ..files import SPREADSHEETS, decode_upload, detect, wrong_format_message
from ..filetypes import FORMATS
from ..signed_links import is_valid, signed_query
from .tables import (
    ErrorList,
    ImportFailed,
    ReadLimits,
    Table,
    find_columns,
    header_key,
    is_empty,
    parse_number,
    parse_text,
    read_table,
)
from .templates import KINDS, build_template

# What a plugin may import from here (docs/plugins.md, "What a plugin may import"): the import
# registry's types and steps, and the reading of a table that parsers use
__all__ = [
    "Column",
    "ImportType",
    "ImportFailed",
    "ErrorList",
    "Row",
    "read_rows",
    "import_result",
    "run_import",
    "read_upload",
    "import_types",
    "import_limits",
    "Table",
    "header_key",
    "find_columns",
    "read_table",
    "parse_number",
    "parse_text",
]

_CODE = re.compile(r"[A-Z][A-Z0-9_]*")


@dataclass(frozen=True)
class Column:
    key: str  # what the parser calls it, e.g. "applications"
    header: str  # the Polish header written in the template and expected in files
    required: bool = True  # the column must be there and every data row must fill it
    kind: str = "text"  # one of KINDS: how `read_rows` converts its cells
    aliases: tuple = ()  # other headers accepted for it (e.g. older editions of a report)
    help: str = ""  # Polish, shown in the template's "Instrukcja" sheet
    unique: bool = False  # a value may appear once (e.g. each voivodeship once)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"column {self.key!r}: kind must be one of {', '.join(KINDS)}")

    @property
    def names(self):
        return (self.header, *self.aliases)

    def describe(self):
        return {"key": self.key, "header": self.header, "required": self.required, "kind": self.kind}


@dataclass(frozen=True)
class ImportType:
    code: str  # e.g. "CP_XLS"
    label: str  # Polish, e.g. "Raport Czyste Powietrze (XLS)"
    columns: tuple  # of Column, in template order
    parse: Callable  # (table, context) -> result
    description: str = ""  # Polish: what the file holds and how it is read
    sheet: str | None = None  # the sheet to read (matched like headers); None: the first one
    template_rows: tuple = field(default=())  # rows written under the template's header
    # For a type whose columns depend on a record (a search's keys): `for_template(request)`
    # returns the ImportType to write the template from, reading `template_query` (e.g.
    # ("search_id",)) from the query string; it raises ApiError for a missing or bad record.
    for_template: Callable | None = None
    template_query: tuple = ()
    # Polish: the type in an import form's choice; default the label naming the code in place of
    # its "(XLS)" ("Ranking gmin (XLS)" → "Ranking gmin (RB_XLS)").
    choice: str = ""

    def __post_init__(self):
        if not _CODE.fullmatch(self.code):
            raise ValueError(f"import type code {self.code!r}: upper-case letters, digits and '_'")
        object.__setattr__(self, "columns", tuple(self.columns))
        keys = [column.key for column in self.columns]
        if len(set(keys)) != len(keys):
            raise ValueError(f"import type {self.code}: column keys repeat")

    def describe(self):
        return {
            "code": self.code,
            "label": self.label,
            "description": self.description,
            "columns": [column.describe() for column in self.columns],
            "template": f"/api/import/{self.code}/template",
            "template_query": list(self.template_query),
            "choice": self.choice or _named_choice(self.label, self.code),
        }


def _named_choice(label, code):
    bare = label.removesuffix(" (XLS)")
    return f"{bare} ({code})"


# -- reading rows by a column definition ----------------------------------------------------
# index: the table row (from 0); values: {key: value}; bad: the keys whose cell is missing or
# wrong (their value is None), filled when `read_rows` collects errors instead of raising.
Row = namedtuple("Row", "index values bad", defaults=(frozenset(),))


def _converter(table, kind):
    if kind == "number":
        return table.number
    if kind == "voivodeship":
        return table.voivodeship
    return table.text


def read_rows(table, columns, header_row=0, errors=None):
    """Finds `columns` (Column definitions) in the header row (None: found among the top
    rows) and reads every non-empty row below it, converting cells by each column's kind.
    Returns `(found, rows)`: `found` is `Columns` (key → index, `.missing` optional keys not
    in the file, `.extra` unknown headers) and `rows` a list of `Row`. Every bad cell is
    reported at once in one ImportFailed.

    With `errors` (an ErrorList) nothing is raised: a missing required column and every bad cell
    are added to it, and the rows come back with `row.bad` (the keys whose value is missing or
    wrong), so the parser adds its own checks (unknown columns, gminy not found) on the good
    cells and reports every problem of the file in one answer (`errors.raise_if_any()`)."""
    collect = errors is not None
    errors = errors if collect else ErrorList()
    found = find_columns(
        table,
        {c.key: c.names for c in columns},
        required=[c.key for c in columns if c.required],
        header_row=header_row,
        errors=errors if collect else None,
    )
    plan = [(c, found[c.key], _converter(table, c.kind)) for c in columns if c.key in found]
    absent = {c.key for c in columns if c.required and c.key not in found}
    seen = {c.key: {} for c in columns if c.unique}
    rows = []
    for r in range(found.header_row + 1, len(table)):
        if is_empty(table.rows[r]):
            continue
        values, bad = dict.fromkeys(absent), set(absent)
        for column, col, convert in plan:
            before = len(errors)
            value = convert(r, col, errors)
            if len(errors) > before:
                bad.add(column.key)
            elif value is None and column.required:
                ref = table.cell_ref(r, col)
                errors.add(ref, f"Komórka {ref}: brak wartości w wymaganej kolumnie „{column.header}”.")
                bad.add(column.key)
            elif value is not None and column.unique:
                first = seen[column.key].setdefault(value, r)
                if first != r:
                    ref = table.cell_ref(r, col)
                    errors.add(
                        ref,
                        f"Komórka {ref}: „{table.text(r, col)}” występuje już w komórce "
                        f"{table.cell_ref(first, col)}. Każda wartość może wystąpić tylko raz.",
                    )
            values[column.key] = value
        rows.append(Row(r, values, frozenset(bad)))
    if not collect:
        errors.raise_if_any()
    return found, rows


def import_result(created=0, updated=0, skipped=(), **extra):
    """The answer of every import endpoint: counts of records created and updated, and
    `skipped`: `[{name, description}]` of what the file or the target lacked and was left
    out (e.g. a property the map does not define), in Polish. Plugins may add keys."""
    return {"created": created, "updated": updated, "skipped": list(skipped), **extra}


# -- the registry --------------------------------------------------------------------------
def collect_import_types(plugin_manager):
    """{code: ImportType} from every enabled plugin; a code declared twice stops the start."""
    types, owners = {}, {}
    for impl in plugin_manager.hook.smogpanel_import_types.get_hookimpls():
        for import_type in impl.function() or ():
            if not isinstance(import_type, ImportType):
                raise ConfigurationError(
                    f"Plugin {impl.plugin_name} returned {import_type!r} from "
                    "smogpanel_import_types; expected smogpanel.spreadsheets.imports.ImportType."
                )
            if import_type.code in types:
                raise ConfigurationError(
                    f"Import type {import_type.code} is registered twice: by plugin "
                    f"{owners[import_type.code]} and by plugin {impl.plugin_name}."
                )
            types[import_type.code] = import_type
            owners[import_type.code] = impl.plugin_name
    return dict(sorted(types.items()))


def import_types(registry):
    return registry["smogpanel.import_types"]


def type_not_allowed(code, allowed, field_name):
    shown = f" „{code}”" if isinstance(code, str) and code else ""
    choices = f" Wybierz jeden z: {', '.join(allowed)}." if allowed else ""
    return ApiError.invalid(field_name, f"Nieznany albo niedozwolony tu typ importu{shown}.{choices}")


def read_upload(request, upload, field="file", sheet=None):
    """(the file's name, its Table) of a `{name, data}` upload within the import limits: 400
    when malformed, 413 over `smogpanel.max_upload_bytes`, 422 when it is no spreadsheet, is
    broken or exceeds the rows and cells of `smogpanel.import_limits`."""
    name, data = decode_upload(request, upload, field)
    kind = detect(data)
    if kind not in SPREADSHEETS:
        raise ImportFailed.at(field, wrong_format_message(name, kind, SPREADSHEETS))
    return name, read_table(data, name, sheet=sheet, kind=kind, limits=import_limits(request))


def run_import(
    request,
    type_code,
    upload,
    context=None,
    allowed=None,
    field="file",
    type_field="type",
    target=None,
    creates=None,
    record=True,
):
    """What a plugin's import endpoint calls: checks that `type_code` is registered and among
    `allowed` (400 otherwise), decodes the `{name, data}` upload (400 malformed, 413 too large),
    reads the spreadsheet (422 when it is none or is broken) and returns
    `parse(table, context)`. Any ImportFailed answers 422 and the endpoint writes nothing.

    History (smogpanel.history) gets one entry for the import: the file, its type and the
    counts of the endpoint's answer (`import_result`), on `target` (the record imported into,
    e.g. the ranking) when given. `creates`: the kind of the one record the import creates and
    answers as `id` (a measurement, a ranking's group), so reverting the import deletes it.
    `record=False`: the endpoint records the import itself (it may write nothing: a dry run)."""
    authorize(request, kind_of(request.registry, target) if target is not None else "import", "import", target)
    if creates:
        authorize(request, creates, "create")
    types = import_types(request.registry)
    choices = [code for code in (allowed if allowed is not None else types) if code in types]
    if not isinstance(type_code, str) or type_code not in choices:
        raise type_not_allowed(type_code, choices, type_field)
    import_type = types[type_code]
    name, table = read_upload(request, upload, field, sheet=import_type.sheet)
    result = import_type.parse(table, context)
    if record:  # history's entry, completed with the answer's counts (smogpanel.events)
        kind, record_id, shown = "import", None, ""
        if target is not None:
            kind, record_id, shown = kind_of(request.registry, target), target.id, history.record_name(target)
        details = {"file": name, "type": import_type.code, "type_label": import_type.label}
        request.registry.notify(
            RecordsImported(request, kind, record_id, shown, details, creates=creates, counts_from_answer=True)
        )
    return result


# -- views ------------------------------------------------------------------------------------
def list_view(request):
    """The registered import types, for the import forms; `imports`: the endpoints that take
    each (smogpanel.importing), from which a form offers its type choice."""
    declared = request.registry.get("smogpanel.imports", {})
    return [
        {**import_type.describe(), "imports": [path for path, one in declared.items() if code in one.types]}
        for code, import_type in import_types(request.registry).items()
    ]


TEMPLATE_PURPOSE = "import-template"
TEMPLATE_LINK_TTL = 3600  # the import form fetches the link when it opens
SIGN_IN_FOR_TEMPLATE = (
    "Szablon z danymi elementu (np. nazwami właściwości wyszukiwarki) wymaga zalogowania albo "
    "ważnego odnośnika z formularza importu."
)


def _type_of(request):
    import_type = import_types(request.registry).get(request.matchdict["type"])
    if import_type is None:
        raise ApiError("NOT_FOUND", [{"name": "type", "description": "Nie ma takiego typu importu."}])
    return import_type


def _template_subject(import_type, params):
    """What a template link is signed for: the type and the record it names (`?search_id=3`)."""
    return f"{import_type.code}?" + "&".join(f"{name}={params.get(name, '')}" for name in import_type.template_query)


def template_view(request):
    """The type's template: an .xlsx with the header row and an 'Instrukcja' sheet (for a type
    whose columns depend on a record, that record's, e.g. `?search_id=3`). A fixed type's
    template holds nothing but the documented headers and is public (docs/security.md); a
    record's names the record's keys, so it takes sign-in or a signed link (`template_link`)."""
    import_type = _type_of(request)
    if import_type.template_query and request.identity is None:
        if not is_valid(
            request.registry, TEMPLATE_PURPOSE, _template_subject(import_type, request.params), request.params
        ):
            raise ApiError("UNAUTHORISED", [{"name": "", "description": SIGN_IN_FOR_TEMPLATE}])
    if import_type.for_template is not None:
        import_type = import_type.for_template(request)
    response = Response(body=build_template(import_type), content_type=FORMATS["xlsx"].content_type)
    response.content_disposition = f'attachment; filename="{import_type.code}.xlsx"'
    # A record's template changes with the record; a fixed type's only with a new release.
    response.cache_control = (
        "private, no-cache" if import_type.template_query or request.params else "public, max-age=3600"
    )
    return response


def template_link(request):
    """GET /api/import/<type>/template/link?search_id=3 (signed in): the template's URL, signed
    for an hour, for the import form's plain download link (which carries no token)."""
    import_type = _type_of(request)
    if import_type.for_template is not None:
        import_type.for_template(request)  # a missing or deleted record: its Polish 400 now
    query = {name: request.params.get(name, "") for name in import_type.template_query}
    subject = _template_subject(import_type, query)
    signed = signed_query(request.registry, TEMPLATE_PURPOSE, subject, ttl=TEMPLATE_LINK_TTL)
    return f"{request.route_path('import-template', type=import_type.code)}?{urlencode(query)}&{signed}"


def import_limits(request):
    """The size and row limits of an uploaded table (a request or a registry), from the settings:
    what `read_table(..., limits=)` takes."""
    return getattr(request, "registry", request)["smogpanel.import_limits"]


def includeme(config):
    config.registry["smogpanel.import_types"] = collect_import_types(config.registry.plugin_manager)
    config.registry["smogpanel.import_limits"] = ReadLimits.from_settings(config.registry.settings)
    listing = Service(name="import-types", path="/api/import/", description="import types: list")
    listing.add_view("GET", list_view, renderer="envelope")
    template = Service(
        name="import-template",
        path="/api/import/{type}/template",
        description="import types: the .xlsx template of one type",
    )
    # A fixed type's template is public (a plain link in the import form); a record's asks for
    # sign-in or a signed link in template_view itself.
    template.add_view("GET", template_view, permission=NO_PERMISSION_REQUIRED)
    link = Service(
        name="import-template-link",
        path="/api/import/{type}/template/link",
        description="import types: a signed link to a record's template",
    )
    link.add_view("GET", template_link, renderer="envelope")
    config.add_cornice_service(listing)
    config.add_cornice_service(template)
    config.add_cornice_service(link)
