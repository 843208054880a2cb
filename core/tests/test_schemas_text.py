"""Text fields of smogpanel.schemas: control characters refused in one place, no Python
reprs in messages, one wording for 'required'."""

import colander
import pytest

from smogpanel.schemas import InternalName, LongText, OptionalText, Text
from smogpanel.validation import colander_errors


def schema():
    node = colander.SchemaNode(colander.Mapping())
    node.add(Text("Nazwa", name="name"))
    node.add(OptionalText("Źródło", name="source"))
    node.add(LongText("Szczegóły", name="details"))
    node.add(InternalName(name="internal_name"))
    return node


def errors_of(body):
    with pytest.raises(colander.Invalid) as caught:
        schema().deserialize(body)
    return {error["name"]: error["description"] for error in colander_errors(caught.value, str)}


GOOD = {"name": "Mapa", "source": "GUS", "details": "", "internal_name": "mapa"}


@pytest.mark.parametrize("field", ["name", "source", "details", "internal_name"])
@pytest.mark.parametrize("text, code", [("a\x00b", "U+0000"), ("a\x1bb", "U+001B"), ("a\x7fb", "U+007F")])
def test_control_characters_are_refused_on_every_text_field(field, text, code):
    errors = errors_of(dict(GOOD, **{field: text}))
    assert code in errors[field] and "znak sterujący" in errors[field]


def test_line_breaks_only_in_multi_line_texts():
    assert (
        schema().deserialize(dict(GOOD, details="Pierwszy\r\ndrugi\twiersz"))["details"] == "Pierwszy\r\ndrugi\twiersz"
    )
    assert errors_of(dict(GOOD, name="dwa\nwiersze"))["name"] == (
        "Nazwa: Tekst musi mieścić się w jednym wierszu (bez znaków nowego wiersza)."
    )


@pytest.mark.parametrize("value", [123, {"name": ""}, ["a"], True])
def test_what_is_not_text_is_refused_without_python_reprs(value):
    assert errors_of(dict(GOOD, name=value))["name"] == "Nazwa: Wartość musi być tekstem."


def test_one_wording_for_a_required_field():
    body = dict(GOOD)
    del body["name"]
    body["internal_name"] = ""
    errors = errors_of(body)
    assert errors["name"] == "Nazwa: To pole jest wymagane."
    assert errors["internal_name"] == "Nazwa wewnętrzna: To pole jest wymagane."


def test_colanders_own_messages_never_show_a_python_repr():
    node = colander.SchemaNode(colander.Mapping())
    node.add(colander.SchemaNode(colander.Int(), name="id", title="Mapa"))
    node.add(colander.SchemaNode(colander.Mapping(), name="value", title="Wartości"))
    node.add(
        colander.SchemaNode(colander.Sequence(), colander.SchemaNode(colander.Int()), name="items", title="Pozycje")
    )
    with pytest.raises(colander.Invalid) as caught:
        node.deserialize({"id": {"name": ""}, "value": ["x"], "items": {"a": 1}})
    errors = {error["name"]: error["description"] for error in colander_errors(caught.value, str)}
    assert errors == {
        "id": "Mapa: Wartość musi być liczbą.",
        "value": "Wartości: Wartość musi być obiektem.",
        "items": "Pozycje: Wartość musi być listą.",
    }
