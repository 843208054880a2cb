"""The public side of a calculator: the calculator's texts plus the current shared definition,
from which the widget computes everything in the browser."""

import sqlalchemy as sa

from smogpanel.public import PublicKind

from .definition import current_version, types_of
from .models import Calculator, Definition, DefinitionType, DefinitionVersion


def calculator_payload(request, internal_name):
    """The widget's data, or None when no live calculator has that internal name."""
    calculator = request.db.scalars(
        sa.select(Calculator).where(Calculator.internal_name == internal_name).limit(1)
    ).first()
    if calculator is None:
        return None
    return {
        "calculator": {
            "name": calculator.name,
            "calculator_type_name": calculator.calculator_type_name,
            "show_refund": bool(calculator.show_refund),
            "refund_checkbox": calculator.refund_checkbox,
            "legend": calculator.legend,
            "footer": calculator.footer,
        },
        # Values as exact decimal text; the widget converts them once.
        "definition": types_of(request.db, current_version(request.db), with_ids=False),
    }


CALCULATOR = PublicKind(
    kind="calculator",
    load=calculator_payload,
    plugin="calculators",
    title="Kalkulator",
    shows=(Calculator, DefinitionVersion, DefinitionType, Definition),
)
