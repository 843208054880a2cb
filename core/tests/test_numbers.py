"""The one number validation (smogpanel.numbers): the same rules for a form field and an
imported cell, exact decimals, one bound, finite."""

from decimal import Decimal

import colander
import pytest

from smogpanel.numbers import OUT_OF_RANGE, NumberNode, json_number, rounded, to_number
from smogpanel.spreadsheets.cells import ImportFailed, parse_number

# The values an audit showed could slip in through an import and break every read.
BOUNDARY = [
    (1e15, "out"),
    (1e16, "out"),
    (1e20, "out"),
    (-1e20, "out"),
    (10**20, "out"),
    ("1e20", "out"),
    (float("nan"), "nan"),
    (float("inf"), "nan"),
    (float("-inf"), "nan"),
    ("NaN", "nan"),
    ("inf", "nan"),
    (1e-20, Decimal("1E-20")),
    ("1 234,56", Decimal("1234.56")),
    ("1.234,56", Decimal("1234.56")),
    (999_999_999_999_999, Decimal(999_999_999_999_999)),
    (-999_999_999_999_999, Decimal(-999_999_999_999_999)),
    ("999 999 999 999 999,9999", Decimal("999999999999999.9999")),
    (0.1, Decimal("0.1")),
    (0.1 + 0.2, Decimal("0.30000000000000004")),
    (12.0, Decimal(12)),
    ("1e3", Decimal(1000)),
    (Decimal("2.50"), Decimal("2.5")),
]


def _field():
    schema = colander.SchemaNode(colander.Mapping())
    schema.add(NumberNode("Wartość", name="value"))
    return schema


@pytest.mark.parametrize("value, expected", BOUNDARY)
def test_a_form_field_and_an_imported_cell_give_the_same_verdict(value, expected):
    if isinstance(expected, Decimal):
        assert to_number(value) == expected and type(to_number(value)) is Decimal
        assert _field().deserialize({"value": value})["value"] == expected
        assert parse_number(value, "C7") == expected
        return
    with pytest.raises(colander.Invalid) as form:
        _field().deserialize({"value": value})
    with pytest.raises(ImportFailed) as cell:
        parse_number(value, "C7")
    form_text = form.value.asdict()["value"]
    cell_text = cell.value.errors[0]["description"]
    assert cell_text == f"Komórka C7: {form_text}"
    if expected == "out":
        assert form_text == OUT_OF_RANGE
    else:
        assert "nie jest liczbą" in form_text


@pytest.mark.parametrize("value", [True, False, "abc", "12%", [1], {"a": 1}])
def test_what_is_not_a_number_is_refused_in_polish_without_python_reprs(value):
    with pytest.raises(colander.Invalid) as exc:
        _field().deserialize({"value": value})
    text = exc.value.asdict()["value"]
    assert "nie jest liczbą" in text and "{" not in text and "[" not in text


@pytest.mark.parametrize("value", [None, "", "  ", "-", "–"])
def test_empty_means_no_value(value):
    assert _field().deserialize({"value": value})["value"] is None
    assert parse_number(value, "C7") is None


@pytest.mark.parametrize(
    "stored, shown",
    [
        (None, None),
        (12.0, 12),
        (2.5, 2.5),
        (Decimal("1E+20"), 1e20),
        (Decimal(2**53 - 1), 2**53 - 1),
        (float("nan"), None),
        (float("inf"), None),
        ("abc", None),
        (Decimal("NaN"), None),
        ("12.50", 12.5),
    ],
)
def test_reading_a_stored_number_never_fails(stored, shown):
    result = json_number(stored)
    assert result == shown and type(result) is type(shown)


def test_a_kind_rounds_to_the_places_it_stores():
    assert rounded(to_number(1e-20), 4) == 0 and str(rounded(to_number(1e-20), 4)) == "0"
    assert rounded(to_number("0,00005"), 4) == Decimal("0.0001")  # half up
    assert to_number(0.1 + 0.2, places=4) == Decimal("0.3")
    assert str(rounded(Decimal("1E+3"), 4)) == "1000" and rounded(None, 4) is None
