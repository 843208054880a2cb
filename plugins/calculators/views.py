"""Every endpoint of SPEC 7 "Calculators": the calculators (a declared public resource) and
the shared definition: read, replace, import, export, and its versions (list, restore)."""

from cornice import Service

from smogpanel import history
from smogpanel.envelope import ApiError
from smogpanel.events import RecordUpdated
from smogpanel.importing import Import
from smogpanel.resources import PublicResource
from smogpanel.signed_links import SignedExport, add_signed_export
from smogpanel.spreadsheets.imports import ImportFailed, import_result
from smogpanel.validation import body_validator

from .definition import check_names, current_version, list_versions, restore_version, types_of, write_version
from .export import export_workbook
from .imports import IMPORT_CODES, LABELS
from .models import Calculator
from .schemas import CalculatorSchema, DefinitionImportSchema, DefinitionSetSchema

EXPORT_PURPOSE = "calculator-definition-export"


class CalculatorResource(PublicResource):
    kind = "calculator"
    model = Calculator
    schema = CalculatorSchema
    label = "kalkulator"
    sortable = ("id", "name", "internal_name", "calculator_type_name", "updated")


def record_version(request, version):
    """The shared definition is no resource: its history entry names the new version, whose
    contents the definition's own versions keep (and restore)."""
    changes = {"types": history.CHANGED}
    request.registry.notify(RecordUpdated(request, "calculator_definition", version.id, version.source, changes))


def current_types(request):
    return types_of(request.db, current_version(request.db))


def get_definition(request):
    """GET /api/calculator/definition/: the current definition's types."""
    return current_types(request)


def set_definition(request):
    """POST /api/calculator/definition/ {types}: a new current version from the form."""
    types = request.validated["types"]
    check_names(types)
    record_version(request, write_version(request.db, types, "Formularz definicji"))
    return current_types(request)


class DefinitionImport(Import):
    """POST /api/calculator/definition/import {type, file}: a new current version from a
    sheet; all or nothing."""

    kind = "calculator_definition"
    name = "calculator-definition-import"
    path = "/api/calculator/definition/import"
    description = "calculator definition: replace it from a spreadsheet"
    types = IMPORT_CODES
    schema = staticmethod(DefinitionImportSchema)

    def context(self, request, data, target):
        return {"current": types_of(request.db, current_version(request.db), with_ids=False)}

    def apply(self, request, data, target, parsed):
        try:
            check_names(parsed["types"])
        except ApiError as error:  # a repeat the sheet's cells did not show (e.g. case only)
            raise ImportFailed(error.errors)
        name = (data["file"] or {}).get("name") or "plik"
        write_version(request.db, parsed["types"], f"Import: {LABELS[data['type']]} ({str(name)[:200]})")
        types = current_types(request)
        return import_result(created=sum(len(t["definitions"]) for t in types), skipped=parsed["skipped"], types=types)


# GET /api/calculator/definition/export: the URL of the native sheet (a signed link valid five
# minutes; the workbook is built when it is followed).
EXPORT = SignedExport(
    name="calculator-definition-export",
    path="/api/calculator/definition/export",
    description="calculator definition: the .xlsx export (the native sheet)",
    purpose=EXPORT_PURPOSE,
    subject=lambda request: "current",
    build=lambda request, _: (export_workbook(current_types(request)), "definicja-kalkulatorow.xlsx"),
    again="Wyeksportuj definicję ponownie.",
)


def versions(request):
    """GET /api/calculator/definition/version/: every version, newest (current) first."""
    return list_versions(request.db)


def restore(request):
    """POST /api/calculator/definition/version/<id>/restore: a copy of that version becomes current."""
    record_version(request, restore_version(request.db, int(request.matchdict["id"])))
    return current_types(request)


def includeme(config):
    config.add_resource(CalculatorResource())
    base = "/api/calculator/definition"
    definition = Service(
        name="calculator-definition", path=f"{base}/", description="calculator definition: the current one, replace it"
    )
    definition.add_view("GET", get_definition, renderer="envelope")
    definition.add_view(
        "POST", set_definition, renderer="envelope", schema=DefinitionSetSchema(), validators=(body_validator,)
    )
    config.add_form("calculator_definition", DefinitionSetSchema, "calculator")
    config.add_import(DefinitionImport())
    version_list = Service(
        name="calculator-definition-versions",
        path=f"{base}/version/",
        description="calculator definition: its versions, newest first",
    )
    version_list.add_view("GET", versions, renderer="envelope")
    version_restore = Service(
        name="calculator-definition-restore",
        path=f"{base}/version/{{id:\\d+}}/restore",
        description="calculator definition: make a copy of an earlier version current",
    )
    version_restore.add_view("POST", restore, renderer="envelope")
    add_signed_export(config, EXPORT)
    for service in (definition, version_list, version_restore):
        config.add_cornice_service(service)
