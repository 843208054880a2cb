"""Demo data for `smogpanel init --demo`: the definition of docs/calculators.md's worked
example (example figures, not POBE's) and one calculator reading it."""

import json
from decimal import Decimal
from pathlib import Path

from .definition import write_version
from .models import Calculator

DEMO_DEFINITION = Path(__file__).parent / "demo_definition.json"


def demo_types():
    types = json.loads(DEMO_DEFINITION.read_text(encoding="utf-8"))["types"]
    return [
        {
            "name": t["name"],
            "definitions": [{"name": d["name"], "value": Decimal(d["value"])} for d in t["definitions"]],
        }
        for t in types
    ]


def add_demo_data(db):
    write_version(db, demo_types(), "Dane przykładowe (docs/calculators.md, nie są danymi POBE)")
    db.add(
        Calculator(
            name="Ile kosztuje ogrzewanie domu?",
            internal_name="koszty-ogrzewania",
            calculator_type_name="HEATING_COST",
            show_refund=1,
            refund_checkbox="Uwzględnij dotację do wymiany źródła ciepła",
            legend="Roczny koszt ogrzewania domu każdym ze źródeł ciepła, od najtańszego.",
            footer="Liczby przykładowe: ceny i sprawności aktualizuje operator kalkulatora.",
        )
    )
    db.flush()
