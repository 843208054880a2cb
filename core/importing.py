"""Import endpoints declared, not hand-wired, as resources are (smogpanel.resources): a plugin
subclasses `Import` with the kind it imports into, the import types its endpoint takes, its
body schema and the function that writes the parsed rows, and registers it with
`config.add_import(MyImport())`. From that one declaration come

- the endpoint `POST /api/<kind>/import` (Cornice, the envelope, the body's validation, its
  `type` limited to the declared types), described in the OpenAPI document by its docstring;
- the authority check: `authorize(request, <target's kind>, "import", target)` (and "create"
  of the kind an import creates);
- the file's limits (`smogpanel.max_upload_bytes`, the rows and cells of `ReadLimits`), the
  format check, the reading of the sheet and the type's parser (`ImportType.parse`);
- one history entry per import (file, type, the answer's counts);
- the types' endpoint in `GET /api/import/` (`imports`), from which the import forms take
  their type choice; the templates come from the types themselves.

Each step is a method a declaration overrides when its endpoint differs: `target` (the record
imported into, loaded from the body), `allowed` (the types a target takes), `context` (what
the parser reads besides the table), `read` (a file that is no spreadsheet), `apply` (the
writes; returns `import_result`), `record_history`.
"""

from cornice import Service

from . import history
from .authority import authorize, kind_of
from .events import RecordsImported
from .schemas import ImportTypeNode
from .spreadsheets.imports import ImportType, import_types, read_upload, type_not_allowed
from .validation import body_validator, exact_body_validator

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["Import", "Untyped", "imported_rows"]

IMPORTED_ROWS = "smogpanel.imported_rows"  # request.environ: what an import wrote, for its entry


def imported_rows(request, kind, created=(), changed=None):
    """Tells the import's history entry what it wrote, so that reverting the entry deletes the
    records of `kind` it created (`created`: their ids) and puts back those it changed
    (`changed`: {id: {column: [old, new]}}, the values it replaced). Call it from `apply`,
    as often as it writes; an import that calls it is revertible as one batch."""
    if not hasattr(request, "environ"):
        return  # outside a web request (the CLI): no history entry to carry it
    rows = request.environ.setdefault(IMPORTED_ROWS, {"kind": kind, "created": [], "changed": {}})
    rows["created"].extend(int(record_id) for record_id in created)
    rows["changed"].update({str(record_id): history.plain(fields) for record_id, fields in (changed or {}).items()})


class Untyped:
    """The one way an import without import types reads its sheet (one whose columns the
    operator names, e.g. letters' recipients): `parse(table, context)`, and the code and label
    its history entry names."""

    def __init__(self, code, label, parse):
        self.code, self.label, self.parse = code, label, parse


class Import:
    """One import endpoint. Subclass it, set the attributes, override what differs."""

    kind = ""  # the kind imported into: the endpoint is POST /api/<kind>/import
    name = None  # the Cornice service's name; default "<kind>-import"
    path = None  # default "/api/<kind>/import"
    description = None  # the service's one line; default "<kind>: import a spreadsheet"
    types = ()  # the import type codes the endpoint takes (smogpanel_import_types)
    untyped = None  # an Untyped for an endpoint reading a sheet without import types
    schema = None  # a callable giving the body's colander schema (its `type` is set from `types`)
    type_node = True  # False: the schema declares its own `type` node
    exact_numbers = False  # the body's numbers are kept exact (smogpanel.validation)
    authority = "import"  # the kind whose rules allow an import without a target
    creates = None  # the kind of the one record an import creates and answers as `id`
    field = "file"  # the body's upload field

    # -- what a declaration overrides ---------------------------------------------------------
    def target(self, request, data):
        """The record imported into (authority and history name it), loaded from the body."""
        return None

    def allowed(self, request, data, target):
        """The import types this target takes (a ranking's type decides between RB and RV)."""
        return self.types

    def context(self, request, data, target):
        """What the type's parser reads besides the table (`parse(table, context)`)."""
        return None

    def apply(self, request, data, target, rows):
        """Writes what the parser returned (`rows`) in the request's transaction and returns
        the answer, `import_result(created=…, updated=…, skipped=…)`."""
        raise NotImplementedError

    # -- the steps ----------------------------------------------------------------------------
    def answer(self, request):
        """The endpoint: the record, the authority, the file, the rows, the writes, history."""
        data = request.validated
        target = self.target(request, data)
        self.authorize(request, target)
        import_type, file_name, table = self.read(request, data, target)
        rows = self.validated_rows(request, import_type, table, self.context(request, data, target))
        answer = self.apply(request, data, target, rows)
        self.record_history(request, import_type, file_name, target, answer)
        return answer

    def authorize(self, request, target):
        kind = kind_of(request.registry, target) if target is not None else self.authority
        authorize(request, kind, "import", target)
        if self.creates:
            authorize(request, self.creates, "create")

    def import_type(self, request, data, target):
        """The body's `type` when this target takes it (400 naming `type` otherwise)."""
        if self.untyped is not None:
            return self.untyped
        registered = import_types(request.registry)
        choices = [code for code in self.allowed(request, data, target) if code in registered]
        code = data.get("type")
        if not isinstance(code, str) or code not in choices:
            raise type_not_allowed(code, choices, "type")
        return registered[code]

    def read(self, request, data, target):
        """(import type, the file's name, its first sheet or the type's) within the limits:
        400 for a bad upload, 413 over `smogpanel.max_upload_bytes`, 422 when it is no sheet."""
        import_type = self.import_type(request, data, target)
        sheet = import_type.sheet if isinstance(import_type, ImportType) else None
        file_name, table = read_upload(request, data.get(self.field), self.field, sheet=sheet)
        return import_type, file_name, table

    def validated_rows(self, request, import_type, table, context):
        """The one place an import's rows are read and checked: every bad cell raises one 422
        (ImportFailed) before anything is written. A check every import shares goes here."""
        return import_type.parse(table, context)

    def record_history(self, request, import_type, file_name, target, answer):
        """The import's one history entry: its file, type and the answer's counts, on the
        target (smogpanel.history)."""
        kind, record_id, name = "import", None, ""
        if target is not None:
            kind, record_id, name = kind_of(request.registry, target), target.id, history.record_name(target)
        details = {
            "file": file_name,
            "type": import_type.code,
            "type_label": import_type.label,
            "created": answer.get("created", 0),
            "updated": answer.get("updated", 0),
            "skipped": len(answer.get("skipped") or ()),
        }
        if self.creates and isinstance(answer.get("id"), int):
            details.update(created_kind=self.creates, created_id=answer["id"])
        rows = request.environ.pop(IMPORTED_ROWS, None)
        if rows is not None:
            details["rows"] = rows
        request.registry.notify(RecordsImported(request, kind, record_id, name, details))

    # -- registration -------------------------------------------------------------------------
    def body_schema(self):
        schema = self.schema()
        if self.types and self.type_node:
            schema["type"] = ImportTypeNode(self.types)
        return schema

    def service(self):
        service = Service(
            name=self.name or f"{self.kind}-import",
            path=self.path or f"/api/{self.kind}/import",
            description=self.description or f"{self.kind}: import a spreadsheet",
        )

        def view(request):
            return self.answer(request)

        # The OpenAPI operation's summary and description (smogpanel.openapi reads the view's).
        view.__doc__ = type(self).__doc__
        view.__name__ = f"import_{self.kind}"
        validator = exact_body_validator if self.exact_numbers else body_validator
        service.add_view("POST", view, renderer="envelope", schema=self.body_schema(), validators=(validator,))
        return service


def add_import(config, declared):
    """Config directive: `config.add_import(MyImport())`."""
    service = declared.service()
    imports = config.registry.setdefault("smogpanel.imports", {})
    if service.path in imports:
        raise ValueError(f"import endpoint {service.path} registered twice")
    imports[service.path] = declared
    config.add_cornice_service(service)


def includeme(config):
    config.registry.setdefault("smogpanel.imports", {})
    config.add_directive("add_import", add_import)
