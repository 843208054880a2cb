"""`GET /api/openapi.json`: the API described from the Cornice services and their colander
schemas (cornice_swagger), so the document cannot drift from the code, plus the routes that are
plain Pyramid views (public payloads and pages, stored files, the plugin list), which their
modules describe with `describe_route`.

Swagger/OpenAPI 2.0: cornice_swagger writes no other version, and a converter to 3.x would be a
second generator to keep in step for no client's benefit (schemathesis and Swagger UI read 2.0).
Every operation documents the statuses it may answer and the envelope they carry; the
reliability harness validates generated requests' answers against that (status, content type,
schema)."""

import re

import colander
from cornice_swagger import CorniceSwagger
from cornice_swagger.converters.schema import (
    BooleanTypeConverter,
    IntegerTypeConverter,
    NumberTypeConverter,
    StringTypeConverter,
    TypeConversionDispatcher,
)
from pyramid.security import NO_PERMISSION_REQUIRED

from . import PRODUCT, __version__
from .numbers import Number
from .schemas import Boolean, Flag, String
from .text import MULTI_LINE, SINGLE_LINE
from .validation import body_validator, exact_body_validator

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["describe_route"]

_REGEX_PLACEHOLDER = re.compile(r"\{(\w+):[^}]+\}")


def _body_of_our_validator(schema, args):
    """cornice_swagger reads `schema` as {body, querystring, path}; our validator checks the
    body with it, so say so."""
    validators = args.get("validators", ())
    if (body_validator in validators or exact_body_validator in validators) and isinstance(schema, colander.SchemaNode):
        wrapper = colander.SchemaNode(colander.Mapping())
        body = schema.clone()
        body.name = "body"
        wrapper.add(body)
        return wrapper
    return schema


def _validators(validator):
    """A node's validator and, through colander.All, every validator it combines."""
    if validator is None:
        return []
    if isinstance(validator, colander.All):
        return [inner for part in validator.validators for inner in _validators(part)]
    return [validator]


def _declared(checked, node):
    declared = getattr(checked, "openapi", None) or {}
    return declared(node) if callable(declared) else declared


def text_rules(node):
    """The rules of smogpanel.schemas.String: no control characters; "" is no value."""
    if not isinstance(node.typ, String):
        return {}
    rules = {"pattern": MULTI_LINE if node.typ.multiline else SINGLE_LINE}
    if node.required and not node.typ.allow_empty:
        rules["minLength"] = 1
    return rules


def constraints(node):
    """What the node enforces beyond what cornice_swagger reads (colander's Length, Range,
    OneOf, Regex): whatever its type or a validator declares with
    smogpanel.schemas.described, and the kind of record an id refers to."""
    found = dict(_declared(type(node.typ), node))
    found.update(getattr(node, "openapi", None) or {})  # e.g. StringNode(..., openapi={"enum": codes})
    for validator in _validators(node.validator):
        found.update(_declared(validator, node))
    if getattr(node, "refers_to", None):
        found["x-refers-to"] = node.refers_to
    return found


class _TypeDispatcher(TypeConversionDispatcher):
    """cornice_swagger matches colander types by exact class; plugins subclass them (and add
    their own), so look along the type's MRO and describe anything unknown as a string
    rather than fail the whole document. Each node's own `constraints` are added."""

    def __call__(self, schema_node):
        for kind in type(schema_node.typ).__mro__:
            converter = self.converters.get(kind)
            if converter is not None:
                break
        else:
            converter = self.default_converter
        # The text rules are the weakest (a Length's minimum wins over "not empty"); what a
        # type or validator declares is the strictest (an internal name's pattern).
        converted = {**text_rules(schema_node), **converter(self)(schema_node)}
        converted.update(constraints(schema_node))
        return converted


class _Generator(CorniceSwagger):
    # Class attributes: CorniceSwagger reads them when it is built.
    type_converter = _TypeDispatcher
    custom_type_converters = {Flag: IntegerTypeConverter, Boolean: BooleanTypeConverter, Number: NumberTypeConverter}
    default_type_converter = StringTypeConverter

    # cornice_swagger knows a schema only as a colander.Schema (or its class): one built as a
    # plain SchemaNode (fields that depend on the plugin's settings) went undescribed.
    def _is_colander_schema(self, args):
        return isinstance(args.get("schema"), colander.SchemaNode) or super()._is_colander_schema(args)

    def _extract_transform_colander_schema(self, args):
        schema = args.get("schema", colander.MappingSchema())
        if not isinstance(schema, colander.SchemaNode):
            schema = schema()
        schema = schema.clone()
        for transformer in self.schema_transformers:
            schema = transformer(schema, args)
        return schema


ENVELOPE = {
    "type": "object",
    "required": ["success", "message"],
    "properties": {
        "success": {"type": "boolean"},
        "message": {},
        "errors": {
            "type": "array",
            "items": {"type": "object", "properties": {"name": {"type": "string"}, "description": {"type": "string"}}},
        },
    },
}
# What any /api operation may answer besides 200 (see envelope.STATUS_OF): the envelope.
API_STATUSES = {
    "400": "Błędne dane (VALIDATION_FAILED)",
    "401": "Brak logowania (UNAUTHORISED)",
    "403": "Brak uprawnień (FORBIDDEN)",
    "404": "Nie znaleziono (NOT_FOUND)",
    "405": "Niedozwolona metoda (METHOD_NOT_ALLOWED)",
    "409": "Konflikt (CONFLICT)",
    "413": "Za duży plik (FILE_TOO_LARGE)",
    "415": "Nieobsługiwany typ treści (UNSUPPORTED_MEDIA_TYPE)",
    "422": "Import się nie powiódł (IMPORT_FAILED)",
    "429": "Za dużo prób (TOO_MANY_ATTEMPTS)",
    "503": "Serwer chwilowo przeciążony (SERVICE_BUSY)",
}
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def envelope_responses(ok="Odpowiedź w kopercie {success, message}"):
    responses = {"200": {"description": ok, "schema": ENVELOPE}}
    responses.update({code: {"description": text, "schema": ENVELOPE} for code, text in API_STATUSES.items()})
    return responses


def describe_route(config, path, method, operation):
    """Adds a plain Pyramid view's operation (Swagger 2.0 operation object) to the document."""
    config.registry.setdefault("smogpanel.openapi_routes", {}).setdefault(path, {})[method.lower()] = operation


def _complete(document, registry):
    """Statuses and content types cornice_swagger leaves as 'UNDOCUMENTED RESPONSE'."""
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            if path.endswith("/template"):
                operation["produces"] = [XLSX, "application/json"]
                responses = envelope_responses()
                responses["200"] = {"description": "Szablon importu (.xlsx)", "schema": {"type": "file"}}
            else:
                responses = envelope_responses()
            operation["responses"] = responses
    for path, item in registry.get("smogpanel.openapi_routes", {}).items():
        document["paths"][path] = item
    for kind, resource in registry.get("smogpanel.resources", {}).items():
        lists = [f"/api/{kind}/"] if resource.list_all else []
        if resource.parent is not None:
            lists.append(f"/api/{kind}/{resource.parent.kind}/{{parent_id}}")
        for path in lists:
            operation = document["paths"].get(path, {}).get("get")
            if operation is not None and resource.sortable:
                operation.setdefault("parameters", []).extend(_sorting_parameters(resource))
        _describe_versions(document["paths"].get(f"/api/{kind}/{{id}}", {}))


def _describe_versions(record):
    """A record's ETag carries its version; an edit with If-Match saves only against it
    (smogpanel.record_versions, docs/api.md "Saving against the version a form loaded")."""
    if "get" in record:
        record["get"]["responses"]["200"]["headers"] = {
            "ETag": {"type": "string", "description": "Wersja elementu (do If-Match) i skrót odpowiedzi"}
        }
    if "post" in record:
        record["post"].setdefault("parameters", []).append(
            {
                "name": "If-Match",
                "in": "header",
                "required": False,
                "type": "string",
                "description": "ETag wczytanego elementu: zapis tylko, gdy nikt go w międzyczasie nie zmienił",
            }
        )
        record["post"]["responses"]["412"] = {
            "description": "Element zmieniony po wczytaniu formularza (CHANGED_MEANWHILE)",
            "schema": ENVELOPE,
        }


def _sorting_parameters(resource):
    """A list's `?order=&asc=` (smogpanel.sorting reads them; any other field is a 400): the
    description names the fields each list sorts by."""
    return [
        {
            "name": "order",
            "in": "query",
            "required": False,
            "type": "string",
            "enum": sorted(resource.sortable),
            "description": "Pole, według którego lista jest posortowana",
        },
        {
            "name": "asc",
            "in": "query",
            "required": False,
            "type": "string",
            "enum": ["1", "0"],
            "description": "1: rosnąco, 0: malejąco",
        },
    ]


def openapi_document(request):
    cached = request.registry.get("smogpanel.openapi")
    if cached is None:
        # This app's services only (Cornice's global list spans every app built in the process).
        generator = _Generator(list(request.registry.cornice_services.values()))
        generator.schema_transformers = [_body_of_our_validator]
        generator.summary_docstrings = True
        document = generator.generate(title=f"{PRODUCT} API", version=__version__, base_path="/")
        document["paths"] = {_REGEX_PLACEHOLDER.sub(r"{\1}", path): item for path, item in document["paths"].items()}
        _complete(document, request.registry)
        document["securityDefinitions"] = {"bearer": {"type": "apiKey", "name": "Authorization", "in": "header"}}
        document["security"] = [{"bearer": []}]
        request.registry["smogpanel.openapi"] = cached = document
    return cached


def includeme(config):
    config.add_route("api-openapi", "/api/openapi.json")
    config.add_view(
        openapi_document,
        route_name="api-openapi",
        request_method="GET",
        renderer="json",
        permission=NO_PERMISSION_REQUIRED,
    )
