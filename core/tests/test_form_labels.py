"""Each label written once: a plugin's screens take their forms' labels from the schema (GET
/api/form/<kind>, smogpanel.forms), so a screen's `label:` string that repeats the plugin's
Python is a second copy that can drift (tools/labels.py counts them).

The allowances are what is left in screens not yet drawn from the schema; they only shrink: a
plugin with fewer repeats than its allowance fails too, until the allowance is lowered."""

import importlib.util
from pathlib import Path

import colander

from smogpanel.testing.app import registry_of

TOOL = Path(__file__).resolve().parents[2] / "tools" / "labels.py"
# Labels on a plugin's screens that its Python writes too (tools/labels.py; 149 of 307 before
# forms came from the schema, 65 of 213 after the first eight plugins, 19 of 162 with the graphs,
# the rankings' values, the searches' entries and the calculators' definition). At most 20 in all.
ALLOWANCE = {
    "calculators": 2,
    "graphs": 2,
    "hierarchy": 6,
    "items": 2,
    "letters": 3,
    "maps": 1,
    "ranks": 1,
    "searches": 1,
    "timers": 1,
}
# Of those, the labels its schemas declare (a field's title or form wording, an option's label)
# written on a screen anyway: list columns and the forms not drawn from the schema yet.
SCHEMA_ALLOWANCE = {
    "calculators": 1,
    "graphs": 1,
    "hierarchy": 2,
    "items": 1,
    "letters": 1,
    "maps": 0,
    "ranks": 0,
    "searches": 0,
    "timers": 0,
}


def labels_tool():
    spec = importlib.util.spec_from_file_location("labels_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def declared_labels(node):
    """Every label a schema node and its children declare for a form."""
    found = set()
    for child in node.children:
        written = child.title != child.name.replace("_", " ").title()  # colander's own title is no label
        titles = (
            child.title if written else None,
            getattr(child, "form_title", None),
            getattr(child, "form_label", None),
        )
        found |= {str(text) for text in titles if text}
        options = getattr(child, "options", None) or {}
        found |= {str(label) for label in options.values()}
        found |= declared_labels(child)
    return found


def test_labels_written_both_in_python_and_in_screens_stay_within_each_plugins_allowance():
    counts = {name: len(twice) for name, (_, twice) in labels_tool().repeated().items()}
    assert counts == ALLOWANCE, "lower ALLOWANCE where a plugin has fewer repeats; never raise it"


def test_a_screen_does_not_hard_code_a_label_its_schema_declares(testapp):
    resources = registry_of(testapp)["smogpanel.resources"].values()
    by_kind = {resource.kind: resource for resource in resources}
    named = registry_of(testapp).get("smogpanel.forms", {})
    tool = labels_tool()
    counts = {}
    for plugin in ALLOWANCE:
        declared = set()
        for resource in resources:
            if resource.plugin == plugin:
                declared |= declared_labels(resource.schema().bind(registry=registry_of(testapp)))
        for schema, kind in named.values():  # forms added by name (config.add_form)
            if by_kind[kind].plugin == plugin:
                declared |= declared_labels(schema().bind(registry=registry_of(testapp)))
        screens = tool.screen_labels(tool.ROOT / "plugins" / plugin)
        counts[plugin] = sum(label in declared for label in screens)
    assert counts == SCHEMA_ALLOWANCE, "a form drawn from the schema writes none of its labels on the screen"


def test_declared_labels_are_read_from_nested_nodes_and_options():
    schema = colander.MappingSchema()
    row = colander.MappingSchema(name="row")
    row.add(colander.SchemaNode(colander.String(), name="side", title="Strona", options={"L": "lewa"}))
    schema.add(colander.SchemaNode(colander.Sequence(), row, name="rows", title="Wiersze"))
    assert declared_labels(schema) == {"Wiersze", "Strona", "lewa"}
