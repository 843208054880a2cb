"""The public side of a graph: `/view/graph/<internal_name>` and its embed. One payload holds
every group (what the public chooses between), each with its entries (one chart each).

Placeholders (SPEC 5), replaced here so every reader shows the same text:
- %RANGE% in a BAR chart's name: the chart range, i.e. the names of the graph's first and last
  group (in the order they were added) joined by an en dash ("2022–2025"); the one group's
  name when there is one; removed when there is none.
- %GROUP% in the value title: the name of the group shown.

Goal progress: the entry's total, the sum of its values (BAR, CIRCLE); for LINE and MULTILINE
(series in time) the last key's value that is filled in (summed over key groups for LINE).
"""

import sqlalchemy as sa

from smogpanel.numbers import json_number
from smogpanel.public import PublicKind, Sheet

from .models import GROUPED, Graph, GraphEntry, GraphGroup, GraphKey, GraphKeyGroup, GraphValue
from .values import VALUES, live_groups, live_keys


def chart_range(group_names):
    if not group_names:
        return ""
    if len(group_names) == 1:
        return group_names[0]
    return f"{group_names[0]}–{group_names[-1]}"


def graph_name(graph, group_names):
    if graph.graph_type_name != "BAR":
        return graph.name
    return " ".join(graph.name.replace("%RANGE%", chart_range(group_names)).split())


def progress(graph_type, series):
    """The number a goal is compared with (see the module's docstring); `series` is a list of
    value lists (one per key group, or one)."""
    if graph_type in ("BAR", "CIRCLE"):
        return sum((value for values in series for value in values if value is not None), 0)
    total = 0
    for values in series:
        filled = [value for value in values if value is not None]
        total += filled[-1] if filled else 0
    return total


def public_key(key):
    """A key as the chart reads it: the id is what values and categories are matched by (short
    names are labels; two keys may look alike)."""
    return {"id": key.id, "name": key.name, "short_name": key.short_name}


def entry_payload(graph, entry, keys, key_groups, rows):
    """One chart: values as lists in the keys' order (None: not filled in). BAR and LINE:
    `series`, one list per key group; CIRCLE and MULTILINE: `values`."""
    stored = {key_id: row.value for key_id, row in rows.items()}
    if graph.graph_type_name in GROUPED:
        series = [[stored.get(key.id) for key in keys if key.key_group_id == group.id] for group in key_groups]
    else:
        series = [[stored.get(key.id) for key in keys if key.key_group_id is None]]
    data = {"id": entry.id, "name": entry.name}
    if graph.graph_type_name == "MULTILINE":
        data["color"] = entry.color
    if graph.graph_type_name in GROUPED:
        data["series"] = [[json_number(v) for v in values] for values in series]
    else:
        data["values"] = [json_number(v) for v in series[0]]
    data["goal"] = None
    if entry.with_goal and entry.goal is not None:
        data["goal"] = {
            "goal": json_number(entry.goal),
            "progress": json_number(progress(graph.graph_type_name, series)),
            "progress_info": entry.goal_progress_info,
            "value_info": entry.goal_value_info,
            "value_subinfo": entry.goal_value_subinfo,
        }
    return data


def graph_payload(request, internal_name):
    db = request.db
    graph = db.scalars(
        sa.select(Graph).where(Graph.internal_name == internal_name, Graph.deleted.is_(None)).limit(1)
    ).first()
    if graph is None:
        return None
    keys, key_groups = live_keys(db, graph.id), live_groups(db, graph.id)
    groups = db.scalars(
        sa.select(GraphGroup)
        .where(GraphGroup.graph_id == graph.id, GraphGroup.deleted.is_(None))
        .order_by(GraphGroup.id)
    ).all()
    entries = db.scalars(
        sa.select(GraphEntry)
        .where(GraphEntry.graph_group_id.in_([g.id for g in groups] or [0]), GraphEntry.deleted.is_(None))
        .order_by(GraphEntry.id)
    ).all()
    rows = VALUES.value_rows(db, [entry.id for entry in entries])
    grouped = graph.graph_type_name in GROUPED
    payload = {
        "name": graph_name(graph, [group.name for group in groups]),
        "title": graph.title,
        "subtitle": graph.subtitle,
        "subname": graph.subname,
        "unit": graph.unit,
        "source": graph.source,
        "legend": graph.legend,
        "type": graph.graph_type_name,
        "style": graph.graph_style_name,
        "position_title": graph.position_title,
    }
    if grouped:
        payload["key_groups"] = [
            {
                "name": group.name,
                "color": group.color,
                "keys": [public_key(k) for k in keys if k.key_group_id == group.id],
            }
            for group in key_groups
        ]
    else:
        payload["keys"] = [public_key(k) for k in keys if k.key_group_id is None]
    payload["groups"] = [
        {
            "id": group.id,
            "name": group.name,
            "value_title": graph.value_title.replace("%GROUP%", group.name),
            "entries": [
                entry_payload(graph, entry, keys, key_groups, rows.get(entry.id, {}))
                for entry in entries
                if entry.graph_group_id == group.id
            ],
        }
        for group in groups
    ]
    return payload


def graph_table(request, internal_name, payload):
    """ "Pobierz dane": one row per group, entry and key (key group too, for BAR and LINE) with
    its value, as the charts and their "Dane w tabeli" show them."""
    rows = []
    for group in payload["groups"]:
        for entry in group["entries"]:
            if "series" in entry:
                for key_group, values in zip(payload["key_groups"], entry["series"]):
                    for key, value in zip(key_group["keys"], values):
                        rows.append((group["name"], entry["name"], key_group["name"], key["name"], value))
            else:
                for key, value in zip(payload["keys"], entry["values"]):
                    rows.append((group["name"], entry["name"], "", key["name"], value))
    unit = f" ({payload['unit']})" if payload.get("unit") else ""
    header = ("Grupa", "Wykres", "Seria", "Kategoria", f"Wartość{unit}")
    return [Sheet(payload["name"] or payload["title"] or "Wykres", header, rows, value=4, label=3)]


GRAPH = PublicKind(
    kind="graph",
    load=graph_payload,
    plugin="graphs",
    title="Wykres",
    shows=(Graph, GraphKey, GraphKeyGroup, GraphGroup, GraphEntry, GraphValue),
    table=graph_table,
)
