"""`GET /api/form/<kind>`: a kind's form, described from the colander schema it validates with,
so a field's label, help, options and limits are written once, in Python, and the panel's kit
draws the form from this answer (docs/frontend.md, "Forms from the schema").

The answer is the JSON Schema of the create body (smogpanel.json_schema, as the API document
states it) with `x-` keys for what a form needs beyond validation, on each property:

- `x-label`: the form's wording when it differs from `title` (`form_label`, else `form_title`);
- `x-help`: the node's `description`;
- `x-widget`: what draws it: text, textarea, number, date, checkbox, select, file, richtext,
  place, rows, keyed, reference, or a plugin's own widget named by the node's `widget`;
- `x-options`: `[{value, label}]` of a choice, in the order the form offers them (`options`);
- `x-checked`: for a boolean checkbox, the value a ticked box means when it is false (a
  timer's 'Odwrotne liczenie' ticked is `countdown: false`);
- `x-create-only`: given at creation only (the resource's `fixed`);
- `x-personal`: a resident's personal data (smogpanel.personal); `readOnly` as well when this
  account may not see it (it reads MASK and keeps the stored value);
- `x-accept`: a file field's media types (the resource's `uploads`).

And on the whole form `x-kind`, `x-label` (the resource's noun) and `x-may`: whether this
account may create and update records of the kind (a record's own refusal, by the account's
voivodeships, comes with the record: its `may` and `refused`).

Served per kind rather than as `x-` keys inside /api/openapi.json: the document is the same for
everyone and read whole (381 KB uncompressed with every plugin), while a form needs one kind's
fields (a timer's: 3 KB) and what this account may do with them; the document describes this
endpoint.
"""

import colander

from .authority import may
from .envelope import ApiError
from .filetypes import FORMATS
from .history.fields import BOOLEAN, CHOICE, DATE, FILE, KEYED, LIST, NUMBER, PLACE, REFERENCE, RICHTEXT, field_of
from .json_schema import convert
from .openapi import describe_route, envelope_responses
from .personal import hidden_fields, personal_fields
from .schemas import String

__all__ = ["form_schema", "describe_form", "add_form"]

_WIDGETS = {
    NUMBER: "number",
    DATE: "date",
    BOOLEAN: "checkbox",
    CHOICE: "select",
    REFERENCE: "reference",
    PLACE: "place",
    RICHTEXT: "richtext",
    FILE: "file",
    KEYED: "keyed",
    LIST: "rows",
}


def _checks(validator):
    """A node's validator and those colander.All combines."""
    if isinstance(validator, colander.All):
        return [inner for part in validator.validators for inner in _checks(part)]
    return [] if validator is None else [validator]


def _widget(node):
    declared = getattr(node, "widget", None)
    if declared and declared != "checkbox":
        return declared
    kind = field_of(node).type
    if kind in _WIDGETS:
        return _WIDGETS[kind]
    if any(isinstance(validator, colander.Email) for validator in _checks(node.validator)):
        return "email"
    if isinstance(node.typ, String) and node.typ.multiline:
        return "textarea"
    return "text"


def _option_value(value):
    return value if isinstance(value, (bool, int, float)) or value is None else str(value)


def _field_keys(node):
    """The `x-` keys of one field (its schema's node)."""
    keys = {"x-widget": _widget(node)}
    label = getattr(node, "form_label", None) or getattr(node, "form_title", None)
    if label and label != node.title:
        keys["x-label"] = str(label)
    if node.description:
        keys["x-help"] = str(node.description)
    options = getattr(node, "options", None)
    if options and keys["x-widget"] == "checkbox":
        if options.get(False) == "tak":  # the box asks the opposite of the value
            keys["x-checked"] = False
    elif options:
        keys["x-options"] = [{"value": _option_value(value), "label": str(label)} for value, label in options.items()]
    elif keys["x-widget"] == "select":
        keys["x-options"] = [{"value": choice, "label": str(choice)} for choice in field_of(node).options]
    if getattr(node, "personal", False):
        keys["x-personal"] = True
    return keys


def _annotate(node, schema):
    """Adds each child's `x-` keys to `schema` (a mapping's), and to the rows of a list."""
    properties = schema.get("properties")
    if properties is None:
        return schema
    for child in node.children:
        if child.name not in properties:
            continue
        described = properties[child.name]
        described.update(_field_keys(child))
        if child.children:
            inner = child.children[0] if described.get("type") == "array" else child
            target = described.get("items") if inner is not child else described
            if isinstance(target, dict):
                _annotate(inner, target)
    return schema


def form_schema(node):
    """A colander mapping's JSON Schema with every field's form keys (the static part: no account)."""
    return _annotate(node, convert(node))


def describe_form(request, resource):
    """`resource`'s form as this request's account sees it."""
    schema = form_schema(resource.schema().bind(registry=request.registry, request=request))
    properties = schema["properties"]
    for name, accepted in resource.uploads.items():
        if name in properties:
            properties[name]["x-accept"] = ",".join(FORMATS[kind].content_type for kind in accepted)
    for name in resource.fixed:
        if name in properties:
            properties[name]["x-create-only"] = True
    for name in personal_fields(resource):
        if name in properties:
            properties[name]["x-personal"] = True
    for name in hidden_fields(request, resource):
        if name in properties:
            properties[name]["readOnly"] = True
    schema["x-kind"] = resource.kind
    schema["x-label"] = resource.label
    schema["x-may"] = {action: may(request, resource, action) for action in ("create", "update")}
    return schema


def add_form(config, name, schema, kind):
    """`config.add_form(name, schema, kind)`: a form that is no resource's create body (a plugin's
    own endpoint: the calculators' definition), described at /api/form/<name> from `schema` (a
    colander mapping class or factory), read and changed as records of the resource `kind` are."""
    config.registry.setdefault("smogpanel.forms", {})[name] = (schema, kind)


def describe_named_form(request, name, schema, resource):
    """A form added by `add_form`, as this request's account sees it."""
    described = form_schema(schema().bind(registry=request.registry, request=request))
    described["x-kind"] = name
    described["x-label"] = resource.label
    changes = may(request, resource, "update")
    described["x-may"] = {"create": changes, "update": changes}
    return described


def form_view(request):
    """GET /api/form/<kind>: the kind's form described from its schema (for the panel's kit), or a
    form a plugin added by name (add_form); signed-in accounts that may read the kind (the default
    permission asks the sign-in)."""
    kind = request.matchdict["kind"]
    resources = request.registry.get("smogpanel.resources", {})
    schema, of_kind = request.registry.get("smogpanel.forms", {}).get(kind, (None, kind))
    resource = resources.get(of_kind)
    if resource is None:
        raise ApiError("NOT_FOUND")
    if not may(request, resource, "read"):
        raise ApiError("FORBIDDEN", [{"name": "", "description": "Nie masz uprawnień do tej operacji."}])
    return describe_named_form(request, kind, schema, resource) if schema else describe_form(request, resource)


def includeme(config):
    config.add_directive("add_form", add_form)
    config.add_route("api-form", "/api/form/{kind}")
    config.add_view(form_view, route_name="api-form", request_method="GET", renderer="envelope")
    describe_route(
        config,
        "/api/form/{kind}",
        "GET",
        {
            "summary": "Formularz rodzaju elementów opisany z jego schematu (dla panelu).",
            "description": (
                "JSON Schema treści tworzenia (jak w tym dokumencie) z kluczami x-: x-label, x-help, "
                "x-widget, x-options, x-checked, x-create-only, x-personal, x-accept na polach; "
                "x-kind, x-label i x-may (create, update) dla konta na całości."
            ),
            "parameters": [
                {"name": "kind", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[a-z_]+$"}}
            ],
            "responses": envelope_responses("Opis formularza: JSON Schema z kluczami x-"),
        },
    )
