"""A colander schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), for the API
description (smogpanel.openapi): what each node's type and validators accept, stated the way
`deserialize` checks it, so a client, a generated test or a generator reads what the server
does.

- A required field is in `required`; its value may not be null (colander answers "Required").
- An optional scalar field (a `missing` given) also takes null and "" (both read as "no value"),
  so its type lists "null" and, for non-text types, an empty string (`maxLength: 0`).
- colander's Length, Range, OneOf, Regex (Email) and ContainsOnly become the JSON-schema
  keywords; what a type or a validator of our own checks it declares with
  `smogpanel.schemas.described` (a dict, or a function of the node), merged last.
- A mapping's own validator may declare conditions across its fields (`if`/`then`, `allOf`),
  e.g. a unit title required for one ranking type only.
"""

import re

import colander

from .db import MAX_ID, MIN_INTEGER
from .numbers import Number
from .schemas import Boolean, Flag, String
from .text import MULTI_LINE, SINGLE_LINE

NULL = "null"
# An empty text is no value for every optional field (smogpanel.schemas.String, colander's
# numbers and dates read it as null): the one string a non-text optional field takes.
EMPTY_TEXT = {"type": "string", "maxLength": 0}


def _validators(validator):
    """A node's validator and, through colander.All, every validator it combines."""
    if validator is None:
        return []
    if isinstance(validator, colander.All):
        return [inner for part in validator.validators for inner in _validators(part)]
    return [validator]


def _declared(checked, node):
    declared = getattr(checked, "openapi", None) or {}
    return dict(declared(node) if callable(declared) else declared)


def _ecma_pattern(pattern):
    """A Python regex as JSON Schema's (ECMA 262) dialect: colander's e-mail pattern opens with
    `(?i)`, which ECMA has no inline form of; the letters' ranges are widened instead."""
    if pattern.startswith("(?i)"):
        pattern = pattern[4:].replace("A-Z", "A-Za-z")
    return pattern


def _colander_rules(validator, kind):
    """The JSON-schema keywords of one of colander's own validators, for a value of `kind`."""
    rules = {}
    if isinstance(validator, colander.Length):
        low, high = ("minItems", "maxItems") if kind in ("array", "object") else ("minLength", "maxLength")
        if validator.min is not None:
            rules[low] = validator.min
        if validator.max is not None:
            rules[high] = validator.max
    elif isinstance(validator, colander.Range):
        if validator.min is not None:
            rules["minimum"] = validator.min
        if validator.max is not None:
            rules["maximum"] = validator.max
    elif isinstance(validator, colander.OneOf):
        rules["enum"] = list(validator.choices)
    elif isinstance(validator, colander.NoneOf):
        rules["not"] = {"enum": list(validator.forbidden)}
    elif isinstance(validator, colander.ContainsOnly):
        rules["items"] = {"enum": list(validator.choices)}
    elif isinstance(validator, colander.Regex):
        # colander.Email's pattern is what is checked: no `format: email`, whose validators
        # refuse addresses it takes (`&.@example.pl`).
        rules["pattern"] = _ecma_pattern(validator.match_object.pattern)
    return rules


def _text_rules(node):
    """The rules of smogpanel.schemas.String: no control characters; "" is no value."""
    if not isinstance(node.typ, String):
        return {}
    rules = {"pattern": MULTI_LINE if node.typ.multiline else SINGLE_LINE}
    if node.required and not node.typ.allow_empty:
        rules["minLength"] = 1
    return rules


def _base(node):
    """The JSON type of the node's colander type (looked up along its MRO: plugins subclass
    the types, and a type of their own is text unless it declares otherwise)."""
    typ = node.typ
    if isinstance(typ, colander.Mapping):
        schema = {"type": "object", "properties": {}, "required": []}
        for child in node.children:
            schema["properties"][child.name] = convert(child)
            if child.required:
                schema["required"].append(child.name)
        if not schema["required"]:
            del schema["required"]
        if typ.unknown == "raise":
            schema["additionalProperties"] = False
        return schema
    if isinstance(typ, (colander.Sequence, colander.List, colander.Set)):
        schema = {"type": "array"}
        if node.children:
            schema["items"] = convert(node.children[0])
        return schema
    if isinstance(typ, colander.Tuple):
        items = [convert(child) for child in node.children]
        return {"type": "array", "prefixItems": items, "items": False, "minItems": len(items)}
    if isinstance(typ, Flag):
        # 0/1 as the spec writes them; JSON booleans and their texts as the forms may send them.
        return {"anyOf": [{"type": "integer", "enum": [0, 1]}, {"type": "boolean"}, _FLAG_TEXTS]}
    if isinstance(typ, Boolean):
        return {"anyOf": [{"type": "boolean"}, {"type": "integer", "enum": [0, 1]}, _FLAG_TEXTS]}
    if isinstance(typ, colander.Boolean):
        return {"type": "boolean"}
    if isinstance(typ, colander.Int):  # the database's integer columns (smogpanel.validation checks it)
        return {"type": "integer", "minimum": MIN_INTEGER, "maximum": MAX_ID}
    if isinstance(typ, (colander.Number, Number)):
        return {"type": "number"}
    if isinstance(typ, colander.DateTime):
        return {"type": "string", "format": "date-time"}
    if isinstance(typ, colander.Date):
        return {"type": "string", "format": "date"}
    if isinstance(typ, colander.Time):
        return {"type": "string", "format": "time"}
    if isinstance(typ, (colander.String, String)):
        return {"type": "string"}
    return {"type": "string"}


_FLAG_TEXTS = {"type": "string", "enum": ["0", "1", "true", "false"]}


def _exclusive_bounds(schema):
    """Declarations written for OpenAPI 2.0/3.0 (`exclusiveMinimum: true` beside `minimum`)
    in 2020-12's form (the bound itself)."""
    for bound, exclusive in (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")):
        if schema.get(exclusive) is True:
            schema[exclusive] = schema.pop(bound)
        elif schema.get(exclusive) is False:
            del schema[exclusive]


def _accepts_empty_text(schema):
    """Whether "" passes a string schema's own rules (then an optional text needs no second
    branch for it)."""
    if "enum" in schema and "" not in schema["enum"]:
        return False
    if schema.get("minLength", 0) > 0:
        return False
    pattern = schema.get("pattern")
    return pattern is None or re.search(pattern, "") is not None


def _optional(schema, nullable=True):
    """An optional scalar: "" (and in a JSON body null) is no value (the `missing` applies),
    whatever the rules of a given value are."""
    if schema.get("type") in ("object", "array"):
        return schema  # colander refuses null for a mapping or a list
    if not set(schema) - {"title", "description", "default"}:
        return schema  # any value
    nothing = ["", None] if nullable else [""]
    others = [NULL] if nullable else []
    annotations = {key: schema.pop(key) for key in ("title", "description", "default") if key in schema}
    if schema.get("type") == "string" and "anyOf" not in schema:
        if _accepts_empty_text(schema):
            schema["type"] = ["string", *others]
            if "enum" in schema and None not in schema["enum"] and nullable:
                schema["enum"].append(None)
            return {**schema, **annotations}
        return {"anyOf": [schema, {"enum": nothing}], **annotations}
    if "anyOf" in schema and "enum" not in schema:
        return {**schema, "anyOf": [*schema["anyOf"], EMPTY_TEXT, *({"type": kind} for kind in others)], **annotations}
    if schema.get("format") in ("date", "date-time", "time") or "type" not in schema:
        return {"anyOf": [schema, {"enum": nothing}], **annotations}
    if isinstance(schema.get("type"), str) and "enum" not in schema:
        return {**schema, "type": [schema["type"], "string", *others], "maxLength": 0, **annotations}
    return {"anyOf": [schema, EMPTY_TEXT, *({"type": kind} for kind in others)], **annotations}


def _default(node, schema):
    """The value an absent field gets, when JSON can say it and the field's schema allows it
    (a default of None on a list is what the server fills in, not a value a client may send)."""
    missing = node.missing
    if missing in (colander.required, colander.drop, colander.null) or callable(missing):
        return
    if isinstance(missing, (str, int, float, bool)) or missing is None:
        types = schema.get("type")
        types = [types] if isinstance(types, str) else types or []
        if missing is None and types and NULL not in types:
            return
        schema["default"] = missing


def _rules(node):
    """The node's type and the rules of its validators, those it declares merged last."""
    schema = _base(node)
    schema.update(_text_rules(node))
    for validator in _validators(node.validator):
        schema.update(_colander_rules(validator, schema.get("type")))
    # What a type or validator declares is the strictest (an internal name's pattern): last.
    declared = _declared(type(node.typ), node)
    declared.update(_declared(node, node))  # e.g. StringNode(..., openapi={"enum": codes})
    for validator in _validators(node.validator):
        declared.update(_declared(validator, node))
    if {"anyOf", "oneOf", "enum", "const"} & set(declared) and "type" not in declared:
        if schema.get("type") not in ("object", "array"):  # a mapping's alternatives are of its fields
            schema.pop("type", None)  # the declared values say which types
    schema.update(declared)
    if schema.get("type", "") is None:  # declared `type=None`: any JSON value
        del schema["type"]
    if getattr(node, "refers_to", None):
        schema["x-refers-to"] = node.refers_to
    _exclusive_bounds(schema)
    return schema


def _digits(low, high):
    """A pattern of decimal texts always within [low, high] (whole numbers), or None."""
    if high is None or low is None or low > 1 or high < 9:
        return None
    digits = len(str(int(high))) - 1  # fewer digits than the maximum: never beyond it
    whole = f"0*[1-9][0-9]{{0,{digits - 1}}}" if low >= 1 else f"0*[0-9]{{1,{digits}}}"
    return f"^{'-?' if low < 0 else ''}{whole}$"


def _as_text(node, schema):
    """A number in a JSON body may also come as text (the forms send a select's id as "12";
    smogpanel.numbers reads "55,5"): the texts that are always valid, stated as a pattern."""
    if isinstance(node.typ, colander.Int) and schema.get("type") == "integer":
        pattern = _digits(schema.get("minimum"), schema.get("maximum"))
    elif isinstance(node.typ, Number) and schema.get("type") == "number":
        # Up to 15 whole digits and 10 decimals: below MAX_NUMBER, within any `places`.
        pattern = f"^[{'+' if schema.get('minimum', -1) >= 0 else '+-'}]?[0-9]{{1,15}}([.,][0-9]{{1,10}})?$"
        if "maximum" in schema or schema.get("exclusiveMinimum", -1) >= 0 or schema.get("multipleOf", 1e-10) > 1e-10:
            pattern = None  # a narrower range than the type's: numbers only
    else:
        return schema
    if pattern and "pattern" not in schema:
        schema.update(type=[schema["type"], "string"], pattern=pattern)
    return schema


def convert(node):
    """The JSON schema of a colander node's value (in a JSON body)."""
    schema = _as_text(node, _rules(node))
    if node.title:
        schema["title"] = str(node.title)
    if node.description:
        schema["description"] = str(node.description)
    if not node.required:
        schema = _optional(schema)
    _default(node, schema)
    return schema


def parameter_schema(node):
    """A query or path parameter's schema: its value is always text, so never null; an
    optional one's empty value (`?page=`) is no value."""
    schema = _rules(node)
    return schema if node.required else _optional(schema, nullable=False)
