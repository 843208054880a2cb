"""`GET /api/openapi.json`: the API as OpenAPI 3.1, described from the Cornice services (their
paths, methods, permissions, views' docstrings) and their colander schemas (the body and the
query string, as smogpanel.json_schema states them), so the document cannot drift from the
code; plus the routes that are plain Pyramid views (public payloads and pages, stored files,
the plugin list), which their modules describe with `describe_route`.

Written here rather than by cornice_swagger: it writes Swagger 2.0 only, whose schemas cannot
say null, a field required for one type only (`if`/`then`) or a value of several types, and its
colander converter reads `missing=None` as a default of the declared type (219 errors of
openapi-spec-validator). OpenAPI 3.1's schemas are JSON Schema 2020-12, which colander's rules
map to directly. Every operation documents the statuses it may answer and the envelope they
carry; the reliability harness validates generated requests' answers against that."""

import re
from pathlib import Path

import colander
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from .db import MAX_ID
from .envelope import STATUS_OF
from .json_schema import convert, parameter_schema
from .list_export import FORMATS, MAX_COLUMNS, TYPES
from .sorting import ASC_PATTERN
from .validation import body_validator, exact_body_validator
from .version import PRODUCT, __version__

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["describe_route", "envelope_responses", "ENVELOPE", "BINARY", "PATH_ID"]

OPENAPI_VERSION = "3.1.0"
_PLACEHOLDER = re.compile(r"\{(\w+)(?::([^}]+))?\}")

ENVELOPE = {"$ref": "#/components/schemas/Envelope"}
ENVELOPE_SCHEMA = {
    "type": "object",
    "required": ["success", "message"],
    "properties": {
        "success": {"type": "boolean"},
        "message": {"description": "Dane odpowiedzi albo kod błędu (np. VALIDATION_FAILED)"},
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "description"],
                "properties": {"name": {"type": "string"}, "description": {"type": "string"}},
            },
        },
    },
}
# Bytes as 3.1 describes a file: a string of any content, its media type the response's.
BINARY = {"type": "string", "contentMediaType": "application/octet-stream"}
# A record's id in a path (`{id:\d+}`): ASCII digits within the id columns' range
# (smogpanel.malformed_requests answers 400 to anything else).
PATH_ID = {"type": "integer", "minimum": 0, "maximum": MAX_ID}
# `If-Match`: `*` or entity tags (RFC 9110), as an ETag answered them; anything else (an empty
# header included) names no version, so it is answered 412.
IF_MATCH = r'^[ \t]*(\*|(W/)?"[\x21\x23-\x7e]*"([ \t]*,[ \t]*(W/)?"[\x21\x23-\x7e]*")*)[ \t]*$'
_REASONS = {
    "VALIDATION_FAILED": "Błędne dane",
    "UNAUTHORISED": "Brak logowania",
    "FORBIDDEN": "Brak uprawnień",
    "NOT_FOUND": "Nie znaleziono",
    "METHOD_NOT_ALLOWED": "Niedozwolona metoda",
    "CONFLICT": "Konflikt",
    "FILE_TOO_LARGE": "Za duży plik",
    "UNSUPPORTED_MEDIA_TYPE": "Nieobsługiwany typ treści",
    "IMPORT_FAILED": "Import się nie powiódł",
    "TOO_MANY_ATTEMPTS": "Za dużo prób",
    "SERVICE_BUSY": "Serwer chwilowo przeciążony",
}
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _error_statuses():
    """What any /api operation may answer besides 200 (envelope.STATUS_OF, a code a helper adds
    there included), each as a shared response of the envelope; 500 is no documented answer."""
    return {
        str(status): code for code, status in sorted(STATUS_OF.items(), key=lambda item: item[1]) if status < 500
    } | {"503": "SERVICE_BUSY"}


def _json(schema):
    return {"application/json": {"schema": schema}}


def envelope_responses(ok="Odpowiedź w kopercie {success, message}"):
    """A /api operation's responses: 200 with `ok`, and every error status of the envelope."""
    responses = {"200": {"description": ok, "content": _json(ENVELOPE)}}
    responses.update({status: {"$ref": f"#/components/responses/{code}"} for status, code in _error_statuses().items()})
    return responses


def describe_route(config, path, method, operation):
    """Adds a plain Pyramid view's operation (an OpenAPI 3.1 operation object) to the document."""
    config.registry.setdefault("smogpanel.openapi_routes", {}).setdefault(path, {})[method.lower()] = operation


def _plain_path(pattern):
    return _PLACEHOLDER.sub(r"{\1}", pattern)


def _path_parameters(pattern):
    """A route pattern's placeholders: digits (`{id:\\d+}`) are whole numbers up to the id
    columns' limit (smogpanel.malformed_requests refuses more), any other regex a pattern."""
    parameters = []
    for name, regex in _PLACEHOLDER.findall(pattern):
        if regex in ("\\d+", "[0-9]+"):
            schema = dict(PATH_ID)
        elif regex:
            schema = {"type": "string", "pattern": f"^(?:{regex})$"}
        else:
            schema = {"type": "string", "pattern": "^[^/]+$"}
        parameters.append({"name": name, "in": "path", "required": True, "schema": schema})
    return parameters


_PARTS = {"body", "querystring", "path", "header", "headers"}


def _request_parts(method, args, registry):
    """{part: colander node} of a view's `schema`: the whole schema is the body when our body
    validators (or cornice's colander_body_validator) check it, the query string when cornice's
    colander_querystring_validator does; otherwise its children named body, querystring, path
    and header(s), as cornice's colander_validator reads them."""
    schema = args.get("schema")
    if schema is None:
        return {}
    if not isinstance(schema, colander.SchemaNode):
        schema = schema()
    # A declaration may depend on the app (the item types of the enabled plugins): bound to
    # its registry, as colander binds deferred values.
    schema = schema.bind(registry=registry)
    names = {getattr(validator, "__name__", "") for validator in args.get("validators", ())}
    if {body_validator.__name__, exact_body_validator.__name__, "colander_body_validator"} & names:
        return {"body": schema}
    if "colander_querystring_validator" in names:
        return {"querystring": schema}
    children = {child.name: child for child in schema.children if child.name in _PARTS}
    if children:
        return children
    return {"querystring" if method == "GET" else "body": schema}


def _parameters(node, location):
    return [
        {
            "name": child.name,
            "in": location,
            "required": bool(child.required),
            "schema": parameter_schema(child),
            **({"description": str(child.description)} if child.description else {}),
        }
        for child in node.children
    ]


def _docstring(view):
    doc = (getattr(view, "__doc__", None) or "").strip()
    if not doc:
        return {}
    summary, _, rest = doc.partition("\n\n")
    described = {"summary": " ".join(summary.split())}
    if rest.strip():
        described["description"] = rest.strip()
    return described


_RESOURCE_VERBS = {
    ("collection", "GET"): "list",
    ("collection", "POST"): "create",
    ("record", "GET"): "get",
    ("record", "POST"): "edit",
    ("record", "DELETE"): "delete",
}


def _operation_id(service, method):
    """A resource's operations by what they do (`create_timer`, `edit_timer`, `list_rank_value_by_rank_group`:
    the names a generated client's functions get); any other service's by method and name."""
    kind, _, role = service.name.rpartition("-")
    verb = _RESOURCE_VERBS.get((role, method.upper()))
    if verb:
        name = f"{verb}_{kind}"
    elif "-by-" in service.name and method.upper() == "GET":
        name = "list_" + service.name.replace("-by-", "_by_")
    else:
        name = f"{method.lower()}_{service.name}"
    return re.sub(r"\W+", "_", name).strip("_")


def _tag(path):
    parts = [part for part in path.split("/") if part and part != "api"]
    return parts[0] if parts else "api"


def _service_operation(service, method, view, args, registry):
    pattern = service.path
    path = _plain_path(pattern)
    operation = {"operationId": _operation_id(service, method), "tags": [_tag(path)], **_docstring(view)}
    parts = _request_parts(method, args, registry)
    parameters = _path_parameters(pattern)
    if "path" in parts:  # a declared path schema is stricter than the route's regex
        declared = {p["name"]: p for p in _parameters(parts["path"], "path")}
        parameters = [
            {**p, "schema": declared[p["name"]]["schema"]} if p["name"] in declared else p for p in parameters
        ]
    if "querystring" in parts:
        parameters += _parameters(parts["querystring"], "query")
    for name in ("header", "headers"):
        if name in parts:
            parameters += _parameters(parts[name], "header")
    if parameters:
        operation["parameters"] = parameters
    if "body" in parts:
        body = convert(parts["body"])
        operation["requestBody"] = {"required": bool(body.get("required")), "content": _json(body)}
    responses = envelope_responses()
    if path.endswith("/template"):
        responses["200"] = {"description": "Szablon importu (.xlsx)", "content": {XLSX: {"schema": BINARY}}}
    elif getattr(view, "answer_types", None):  # a view that answers a file declares its types
        responses["200"] = {"description": "Plik", "content": {kind: {"schema": BINARY} for kind in view.answer_types}}
    operation["responses"] = responses
    if args.get("permission") == NO_PERMISSION_REQUIRED:
        operation["security"] = []
    return path, operation


def _sorting_parameters(resource):
    """A list's `?order=&asc=` (smogpanel.sorting reads them; any other field is a 400): the
    description names the fields each list sorts by."""
    return [
        {
            "name": "order",
            "in": "query",
            "required": False,
            "schema": {"type": "string", "enum": [*sorted(resource.sortable), ""]},
            "description": "Pole, według którego lista jest posortowana (puste: domyślne)",
        },
        {
            "name": "asc",
            "in": "query",
            "required": False,
            "schema": {"type": "string", "pattern": ASC_PATTERN},
            "description": "1 (true, yes): rosnąco, 0 (false, no): malejąco; puste: domyślnie",
        },
    ]


def _add_sorting(paths, registry):
    for kind, resource in registry.get("smogpanel.resources", {}).items():
        lists = [f"/api/{kind}/"] if resource.list_all else []
        if resource.parent is not None:
            lists.append(f"/api/{kind}/{resource.parent.kind}/{{parent_id}}")
        for path in lists:
            operation = paths.get(path, {}).get("get")
            if operation is not None and resource.sortable:
                present = {parameter["name"] for parameter in operation.get("parameters", [])}
                extra = [p for p in _sorting_parameters(resource) if p["name"] not in present]
                operation.setdefault("parameters", []).extend(extra)


def _export_parameters():
    """An export's own `?format=&columns=` (smogpanel.list_export reads them)."""
    text = {"type": "string", "pattern": "^[^\\x00-\\x1f]*$"}  # a workbook cell refuses control characters
    column = {"type": "array", "prefixItems": [text, text, {"enum": list(TYPES)}], "minItems": 2, "maxItems": 3}
    return [
        {
            "name": "format",
            "in": "query",
            "required": False,
            "schema": {"type": "string", "enum": [*FORMATS, ""]},
            "description": "xlsx (domyślnie) albo csv",
        },
        {
            "name": "columns",
            "in": "query",
            "required": True,
            "content": {
                "application/json": {
                    "schema": {"type": "array", "items": column, "minItems": 1, "maxItems": MAX_COLUMNS}
                }
            },
            "description": "Kolumny pliku: [pole wiersza listy, nagłówek, typ?]",
        },
    ]


def _add_exports(paths):
    """A list's export takes the list's search, filters and sort (every page) and its own
    parameters."""
    for path, item in paths.items():
        answers = item.get("get", {}).get("responses", {}).get("200", {}).get("content", {})
        if not path.endswith("/export") or XLSX not in answers:  # a list's, not a link to a file
            continue
        listed = path.removesuffix("export")
        listing = paths.get(listed, paths.get(listed.rstrip("/"), {})).get("get", {})
        kept = [p for p in listing.get("parameters", []) if p["name"] not in ("page", "per_page")]
        present = {p["name"] for p in item["get"].get("parameters", [])}
        item["get"]["parameters"] = [
            *item["get"].get("parameters", []),
            *(p for p in [*kept, *_export_parameters()] if p["name"] not in present),
        ]


def _add_versions(paths, registry):
    """A record's ETag carries its version; an edit with If-Match saves only against it
    (smogpanel.record_versions, docs/api.md "Saving against the version a form loaded")."""
    for kind in registry.get("smogpanel.resources", {}):
        record = paths.get(f"/api/{kind}/{{id}}", {})
        if "get" in record and "200" in record["get"].get("responses", {}):
            record["get"]["responses"]["200"]["headers"] = {
                "ETag": {
                    "schema": {"type": "string"},
                    "description": "Wersja elementu (do If-Match) i skrót odpowiedzi",
                }
            }
        if "post" in record:
            record["post"].setdefault("parameters", []).append(
                {
                    "name": "If-Match",
                    "in": "header",
                    "required": False,
                    "schema": {"type": "string", "pattern": IF_MATCH},
                    "description": "ETag wczytanego elementu: zapis tylko bez zmian w międzyczasie (inaczej 412)",
                }
            )


def build_document(registry):
    """The OpenAPI 3.1 document of this app's services (Cornice's global list spans every app
    built in the process: the registry's own) and described routes."""
    paths = {}
    for service in registry.cornice_services.values():
        for method, view, args in service.definitions:
            if method.upper() in ("HEAD", "OPTIONS"):
                continue
            path, operation = _service_operation(service, method, view, args, registry)
            paths.setdefault(path, {})[method.lower()] = operation
    _add_sorting(paths, registry)
    _add_exports(paths)
    _add_versions(paths, registry)
    for path, item in registry.get("smogpanel.openapi_routes", {}).items():
        for method, operation in item.items():
            operation = {"operationId": _route_operation_id(path, method), "tags": [_tag(path)], **operation}
            paths.setdefault(path, {})[method] = operation
    responses = {
        code: {"description": f"{_REASONS.get(code, code)} ({code})", "content": _json(ENVELOPE)}
        for code in _error_statuses().values()
    }
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": f"{PRODUCT} API",
            "version": __version__,
            "description": "Każda odpowiedź /api to koperta {success, message, errors}; zob. docs/api.md.",
        },
        "jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base",
        "servers": [{"url": "/"}],
        "paths": dict(sorted(paths.items())),
        "components": {
            "schemas": {"Envelope": ENVELOPE_SCHEMA},
            "responses": responses,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
        },
        "security": [{"bearer": []}],
    }


def _route_operation_id(path, method):
    words = re.sub(r"[{}]", "", path).strip("/").replace("/", "_")
    return re.sub(r"\W+", "_", f"{method}_{words}").strip("_")


def openapi_document(request):
    cached = request.registry.get("smogpanel.openapi")
    if cached is None:
        request.registry["smogpanel.openapi"] = cached = build_document(request.registry)
    return cached


# Swagger UI (npm's swagger-ui-dist, copied by the apidocs workspace's build): the panel's own
# files, so the page keeps the script policy of every page (`script-src 'self'`, no inline script).
APIDOCS_DIR = Path(__file__).parent / "static" / "apidocs"
APIDOCS_PAGE = """<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Smogpanel API – dokumentacja</title>
<link rel="stylesheet" href="/static/apidocs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"><p>Opis API: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p></div>
<script src="/static/apidocs/swagger-ui-bundle.js"></script>
<script src="/static/apidocs/start.js"></script>
</body>
</html>
"""
APIDOCS_NOT_BUILT = """<!doctype html><html lang="pl"><meta charset="utf-8"><title>Smogpanel API</title>
<p>Dokumentacja interaktywna nie została zbudowana (<code>npm run build</code>). Opis API:
<a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p></html>"""


def api_docs(request):
    """GET /api/docs: the interactive documentation of /api/openapi.json (Swagger UI)."""
    built = (APIDOCS_DIR / "swagger-ui-bundle.js").is_file()
    response = Response(APIDOCS_PAGE if built else APIDOCS_NOT_BUILT, content_type="text/html", charset="utf-8")
    response.cache_control = "no-cache"
    return response


def includeme(config):
    config.add_route("api-docs", "/api/docs")
    config.add_view(api_docs, route_name="api-docs", request_method="GET", permission=NO_PERMISSION_REQUIRED)
    config.add_route("api-openapi", "/api/openapi.json")
    config.add_view(
        openapi_document,
        route_name="api-openapi",
        request_method="GET",
        renderer="json",
        permission=NO_PERMISSION_REQUIRED,
    )
