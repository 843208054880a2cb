"""Shared bodies for the calculators' tests."""

import json

from smogpanel.plugins.calculators.seed import DEMO_DEFINITION


def calculator(**changes):
    body = {
        "name": "Koszty ogrzewania",
        "internal_name": "koszty-ogrzewania",
        "calculator_type_name": "HEATING_COST",
        "show_refund": 1,
        "refund_checkbox": "Uwzględnij dotację",
        "legend": "Roczny koszt ogrzewania.",
        "footer": "Liczby przykładowe.",
    }
    body.update(changes)
    return body


def demo_types():
    """The demo definition as the form sends it (values as text)."""
    return json.loads(DEMO_DEFINITION.read_text(encoding="utf-8"))["types"]


def values(types):
    """{(type, name): value text} of a definition answer."""
    return {(t["name"], d["name"]): d["value"] for t in types for d in t["definitions"]}
