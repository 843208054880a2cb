"""The public side of an item: what /view/item/<internal_name> and its embed show, plain text
only: the item's name and its hook values laid out by how each is shown (text, a number with
its unit, or a coloured badge with its label), the time of the reading and the source."""

import sqlalchemy as sa

from smogpanel.item_types import BOROUGH, INTEGRATION, VOIVODESHIP
from smogpanel.public import GAZETTEER, PublicKind, Sheet

from .models import Item
from .types import catalogue
from .values import hooks_of

NO_DATA = "brak danych"
COLOUR = "#[0-9a-fA-F]{6}"


def number_text(value, unit=""):
    text = (
        f"{value:.1f}"
        if isinstance(value, float) and not value.is_integer()
        else f"{value:g}"
        if isinstance(value, float)
        else str(value)
    )
    text = text.replace(".", ",")
    return f"{text} {unit}".strip()


def _badge(value):
    import re

    if not isinstance(value, dict) or not isinstance(value.get("label"), str):
        return None
    color = value.get("color")
    return {
        "label": value["label"][:60],
        "color": color if isinstance(color, str) and re.fullmatch(COLOUR, color) else "#6c757d",
    }


def field_of(row):
    """One hook as the widget shows it: {label, text} or {label, badge: {label, color}}."""
    value, kind = row["value"], row["item_type_hook_type_name"]
    field = {"name": row["item_type_hook_name"], "label": row["item_type_hook_display_name"]}
    if kind in (BOROUGH, VOIVODESHIP):
        field["text"] = row.get("value_name") or NO_DATA
    elif row.get("display") == "badge" and _badge(value):
        field["badge"] = _badge(value)
    elif value is None or value == "":
        field["text"] = NO_DATA
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        field["text"] = number_text(value, row.get("unit", ""))
    elif isinstance(value, dict):
        field["text"] = str(value.get("label") or NO_DATA)
    else:
        field["text"] = str(value)
    return field


def item_payload(request, internal_name):
    """The widget's data, or None when no live item has that internal name."""
    item = request.db.scalars(sa.select(Item).where(Item.internal_name == internal_name).limit(1)).first()
    if item is None:
        return None
    item_type = catalogue(request.registry).types.get(item.item_type_id)
    rows = hooks_of(request, item, item_type)
    if item_type is not None:  # hooks its type no longer has are not shown to the public
        rows = [row for row in rows if row["available"]]
    readings = [row for row in rows if row["item_type_hook_type_name"] == INTEGRATION and row.get("read_at")]
    sources = sorted({row["source"] for row in readings if row.get("source")})
    return {
        "name": item.name,
        "type": item_type.display_name if item_type else item.item_type_name,
        "type_code": item.item_type_id,
        "fields": [field_of(row) for row in rows],
        "read_at": max((row["read_at"] for row in readings), default=None),
        "source": ", ".join(sources) or None,
    }


def item_table(request, internal_name, payload):
    """ "Pobierz dane": each field as the widget shows it, then the time of the reading."""
    rows = [
        (field["label"], field["badge"]["label"] if "badge" in field else field["text"]) for field in payload["fields"]
    ]
    if payload.get("read_at"):
        rows.append(("Odczyt", payload["read_at"]))
    return [Sheet(payload["name"] or "Element", ("Pole", "Wartość"), rows)]


ITEM = PublicKind(
    kind="item", load=item_payload, plugin="items", title="Element", shows=(Item, GAZETTEER), table=item_table
)
