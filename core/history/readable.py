"""History entries in the form's words: the rows an entry shows (`rows` of GET /api/history/).

Each changed field becomes rows `{field, label, before, after}` of Polish text, as the form
shows the value (smogpanel.history.fields describes the fields):

- keyed values (a measurement's properties, a search entry's or graph entry's values): only the
  cells that changed, "PM10 × mazowieckie: 12,5 → 13";
- a list of sub-records (a map's property keys): those added, removed, or changed field by field;
- choices by their option labels, booleans by the form's wording, places from 1, references by
  the referenced record's name, numbers with the decimal comma, moments in Warsaw time;
- rich text (HTML) as its text, with `diff`: [[op, text]] (op "=", "-" removed, "+" added) of
  the words that changed, so the editor's own markup changes are no noise.
"""

import difflib
import re
from datetime import datetime
from decimal import Decimal
from html.parser import HTMLParser
from zoneinfo import ZoneInfo

import sqlalchemy as sa

from ..regions import NAME_OF
from . import record_name
from .fields import BOOLEAN, CHOICE, DATE, KEYED, LIST, PLACE, REFERENCE, RICHTEXT, Field, page_fields_of, page_order_of

WARSAW = ZoneInfo("Europe/Warsaw")
NO_VALUE = "—"
NOT_KEPT = "zmieniono (treści nie przechowuje się w historii)"
MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:\d{2}|Z)$")
DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
BLOCKS = frozenset({"p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote"})


def polish_number(value):
    text = format(value, "f") if isinstance(value, Decimal) else str(value)
    return text.replace(".", ",")


def plain_value(value):
    """Any stored value as text: numbers with a comma, moments in Warsaw time, lists joined."""
    if value is None or value == "":
        return NO_VALUE
    if isinstance(value, bool):
        return "tak" if value else "nie"
    if isinstance(value, (int, float, Decimal)):
        return polish_number(value)
    if isinstance(value, str):
        if MOMENT.match(value):
            moment = datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(WARSAW)
            return moment.strftime("%Y-%m-%d %H:%M")
        return value
    if isinstance(value, list):
        return "; ".join(plain_value(item) for item in value) or NO_VALUE
    if isinstance(value, dict):
        shown = [
            f"{key}: {plain_value(inner)}"
            for key, inner in value.items()
            if key != "id" and not key.endswith("_id") and inner not in (None, "")
        ]
        return f"({', '.join(shown)})" if shown else NO_VALUE
    return str(value)


# -- rich text -----------------------------------------------------------------------------------
class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []

    def handle_starttag(self, tag, attrs):
        if tag in BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        self.parts.append(data)


def html_text(html):
    """The text a reader sees of an HTML fragment: tags gone, blocks on their own lines."""
    parser = _Text()
    parser.feed(html or "")
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)


WORDS = re.compile(r"\s+|\w+|[^\w\s]")


def text_diff(old, new):
    """[[op, text]]: "=" kept, "-" removed, "+" added, word by word."""
    before, after = WORDS.findall(old), WORDS.findall(new)
    diff = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if op == "equal":
            diff.append(["=", "".join(before[i1:i2])])
            continue
        if i2 > i1:
            diff.append(["-", "".join(before[i1:i2])])
        if j2 > j1:
            diff.append(["+", "".join(after[j1:j2])])
    return diff


# -- one value as its field shows it ------------------------------------------------------------------
# The types `shown` words its own way; every other reads as `plain_value` (a number, a text).
WORDED = frozenset({BOOLEAN, CHOICE, PLACE, REFERENCE, DATE, RICHTEXT})


def shown(field, value, names):
    if field.type not in WORDED:  # most of a page's values: one test, not eight
        return plain_value(value)
    if isinstance(value, list) and field.type in (CHOICE, REFERENCE):  # several choices or records
        return ", ".join(shown(field, item, names) for item in value) or field.empty or NO_VALUE
    if value is None or value == "":
        return NO_VALUE
    if field.type == BOOLEAN:
        return field.options.get(bool(value), plain_value(value))
    if field.type == CHOICE:
        return field.options.get(value, str(value))
    if field.type == PLACE:
        return str(int(value) + 1) if isinstance(value, (int, Decimal)) else plain_value(value)
    if field.type == REFERENCE:
        name = names.get((field.refers_to, value))
        return f"„{name}”" if name else f"#{value}"
    if field.type == DATE and isinstance(value, str) and DAY.match(value):
        return value
    if field.type == RICHTEXT:
        return html_text(value) or NO_VALUE
    return plain_value(value)


def references(fields, changes):
    """{(kind, id)} every reference field of `changes` names."""
    found = set()
    for name, change in changes.items():
        field = fields.get(name)
        if field is not None and field.type == REFERENCE and isinstance(change, list):
            for value in change:  # one record each side, or a list of them
                found.update((field.refers_to, item) for item in (value if isinstance(value, list) else [value]))
            found = {(kind, item) for kind, item in found if isinstance(item, int)}
    return found


def reference_names(request, wanted):
    """{(kind, id): name} of referenced records (deleted ones too)."""
    resources = request.registry.get("smogpanel.resources", {})
    by_kind, names = {}, {}
    for kind, record_id in wanted:
        by_kind.setdefault(kind, set()).add(record_id)
    for kind, ids in by_kind.items():
        resource = resources.get(kind)
        if resource is None:
            continue
        model = resource.model
        rows = request.db.scalars(
            sa.select(model).where(model.id.in_(sorted(ids))).execution_options(include_deleted=True)
        ).all()
        for obj in rows:
            names[(kind, obj.id)] = record_name(obj)
    return names


# -- rows ------------------------------------------------------------------------------------
def rows_of(fields, changes, names, order=None):
    """[{field, label, before, after[, diff]}] of an edit's or a create's changes, in the form's
    order (`order`: {field: place}, worked out from `fields` when not given)."""
    if order is None:
        order = {name: index for index, name in enumerate(fields)}
    rows = []
    for name in sorted(changes, key=lambda name: (order.get(name, len(order)), name)):
        change = changes[name]
        field = fields.get(name)
        label = field.title if field else name
        if not isinstance(change, list) or len(change) != 2:
            rows.append({"field": name, "label": label, "before": NOT_KEPT, "after": NOT_KEPT})
            continue
        old, new = change
        if field is not None and field.type == KEYED:
            rows += keyed_rows(name, label, old or [], new or [])
        elif field is not None and field.type == LIST and isinstance(old or [], list) and isinstance(new or [], list):
            rows += list_rows(field, old or [], new or [], names)
        elif field is not None and field.type == RICHTEXT:
            before, after = html_text(old or ""), html_text(new or "")
            row = {"field": name, "label": label, "before": before or NO_VALUE, "after": after or NO_VALUE}
            if before and after:
                row["diff"] = text_diff(before, after)
            rows.append(row)
        else:
            shown_as = field or _plain_field(name)
            rows.append(
                {
                    "field": name,
                    "label": label,
                    "before": shown(shown_as, old, names),
                    "after": shown(shown_as, new, names),
                }
            )
    return rows


def _plain_field(name):
    return Field(name, name)


def _cells(item):
    """{cell: (label suffix, value)} of one keyed value: one cell ({id, value}: a text or a
    number), or one per voivodeship code (a measurement's sixteen numbers)."""
    value = item.get("value")
    if not isinstance(value, dict):
        return {"": ("", value)}
    inner = {key: number for key, number in value.items() if key != "id"}
    if set(inner) == {"value"}:
        return {"": ("", inner["value"])}
    return {code: (f" × {NAME_OF.get(code, code)}", number) for code, number in inner.items()}


def _key_label(item):
    key = item.get("key") or {}
    label = key.get("name") or f"#{key.get('id')}"
    group = item.get("group") or {}
    return f"{group['name']}: {label}" if group.get("name") else label


def keyed_rows(name, title, old, new):
    """The cells that changed between two keyed-value lists, "PM10 × mazowieckie"."""
    before = {(item.get("key") or {}).get("id"): item for item in old if isinstance(item, dict)}
    after = {(item.get("key") or {}).get("id"): item for item in new if isinstance(item, dict)}
    keys = list(after) + [key for key in before if key not in after]
    rows = []
    for key in keys:
        was, now = before.get(key, {}), after.get(key, {})
        label = _key_label(now or was)
        old_cells, new_cells = _cells(was) if was else {}, _cells(now) if now else {}
        for cell in list(new_cells) + [cell for cell in old_cells if cell not in new_cells]:
            suffix, old_value = old_cells.get(cell, ("", None))
            suffix, new_value = new_cells.get(cell, (suffix, None))
            if old_value == new_value:
                continue
            rows.append(
                {
                    "field": f"{name}.{key}.{cell}" if cell else f"{name}.{key}",
                    "label": f"{label}{suffix}",
                    "before": plain_value(old_value),
                    "after": plain_value(new_value),
                }
            )
    if not rows:  # the keys' names changed, not the values
        return [{"field": name, "label": title, "before": plain_value(old), "after": plain_value(new)}]
    return rows


def _item_key(field):
    """The field that tells a sub-record apart: `id`, else the first `…_id` (an item's hook)."""
    if "id" in field.item:
        return "id"
    return next((name for name in field.item if name.endswith("_id")), None)


def _item_name(item, key):
    for name in ("display_name", "name"):
        if item.get(name):
            return str(item[name])
    for name, value in item.items():  # e.g. item_type_hook_display_name, then …_name
        if name.endswith("_display_name") and value:
            return str(value)
    for name, value in item.items():
        if name.endswith("_name") and value and name != "value_name":
            return str(value)
    return f"#{item.get(key)}"


def _inner_shown(inner, item, names):
    """A sub-record's field as shown; a value with its name beside it (`value_name`) by that name."""
    if item.get(f"{inner.name}_name"):
        return str(item[f"{inner.name}_name"])
    return shown(inner, item.get(inner.name), names)


def list_rows(field, old, new, names, prefix=""):
    """A list of sub-records: each added, removed or changed (field by field), matched by its
    key (`id`, or an item's hook id); lists inside (a key group's keys) one level further."""
    key = _item_key(field)
    title = f"{prefix}{field.title}"
    before = {item.get(key): item for item in old if isinstance(item, dict) and key and item.get(key) is not None}
    rows, seen = [], set()
    for index, item in enumerate(new):
        if not isinstance(item, dict):
            continue
        item_key = item.get(key) if key else None
        was = before.get(item_key) if item_key is not None else None
        named = _item_name(item, key)
        if was is None:
            rows.append(
                {"field": f"{field.name}.{index}", "label": title, "before": NO_VALUE, "after": f"dodano „{named}”"}
            )
            continue
        seen.add(item_key)
        for inner_name, inner in field.item.items():
            if inner_name == key or was.get(inner_name) == item.get(inner_name):
                continue
            if inner.type == LIST:
                rows += list_rows(
                    inner, was.get(inner_name) or [], item.get(inner_name) or [], names, f"{title} „{named}”: "
                )
                continue
            rows.append(
                {
                    "field": f"{field.name}.{item_key}.{inner_name}",
                    "label": f"{title} „{named}”: {inner.title}",
                    "before": _inner_shown(inner, was, names),
                    "after": _inner_shown(inner, item, names),
                }
            )
    for item_key, item in before.items():
        if item_key not in seen:
            rows.append(
                {
                    "field": f"{field.name}.{item_key}",
                    "label": title,
                    "before": f"„{_item_name(item, key)}”",
                    "after": "usunięto",
                }
            )
    return rows


def readable_rows(request, entries):
    """{entry id: rows} of the creates and edits among `entries` (references named in one query per kind)."""
    resources = request.registry.get("smogpanel.resources", {})
    parsed, wanted = {}, set()
    for entry, changes in entries:
        resource = resources.get(entry.kind)
        if entry.action not in ("create", "update") or resource is None or not isinstance(changes, dict):
            continue
        fields = page_fields_of(resource, request)
        parsed[entry.id] = (fields, changes, page_order_of(resource, request))
        wanted |= references(fields, changes)
    names = reference_names(request, wanted) if wanted else {}
    return {entry_id: rows_of(fields, changes, names, order) for entry_id, (fields, changes, order) in parsed.items()}
