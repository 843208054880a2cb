"""Demo graphs for `smogpanel init --demo`: one chart of each type, the bar chart with a goal.
Every number is an example, marked as such in the source: no real programme figure is claimed."""

from decimal import Decimal

from .models import Graph, GraphEntry, GraphGroup, GraphKey, GraphKeyGroup
from .values import VALUES

SOURCE = "Dane przykładowe – zastąp je własnymi (import CP_*_XLS)."
MONTHS = (("Styczeń", "I"), ("Luty", "II"), ("Marzec", "III"), ("Kwiecień", "IV"))
SOURCES = (
    ("Pompy ciepła powietrzne", "PC"),
    ("Kotły gazowe", "KG"),
    ("Kotły na biomasę", "KB"),
    ("Ogrzewanie elektryczne", "OE"),
)


def _graph(db, **fields):
    graph = Graph(source=SOURCE, title="Przykładowy wykres", **fields)
    db.add(graph)
    db.flush()
    return graph


def _keys(db, graph, names, group=None):
    keys = [
        GraphKey(graph_id=graph.id, key_group_id=group.id if group else None, name=name, short_name=short, position=i)
        for i, (name, short) in enumerate(names)
    ]
    db.add_all(keys)
    db.flush()
    return keys


def _entry(db, group, name, numbers, keys, **fields):
    entry = GraphEntry(graph_group_id=group.id, name=name, **fields)
    db.add(entry)
    db.flush()
    VALUES.write_values(db, {entry.id: {key.id: Decimal(str(n)) for key, n in zip(keys, numbers)}}, existing={})


def _grouped(db, graph, series):
    keys = []
    for position, (name, color) in enumerate(series):
        group = GraphKeyGroup(graph_id=graph.id, name=name, color=color, position=position)
        db.add(group)
        db.flush()
        keys.append(_keys(db, graph, MONTHS, group))
    return keys


def add_demo_data(db):
    bar = _graph(
        db,
        name="Wnioski %RANGE%",
        internal_name="demo-wnioski",
        unit="szt.",
        graph_type_name="BAR",
        graph_style_name="CLASSIC",
        position_title="Miesiąc",
        value_title="Wnioski w roku %GROUP%",
    )
    bar_keys = _grouped(db, bar, (("Złożone wnioski", "#0f7c8c"), ("Podpisane umowy", "orange")))
    for year, scale in (("2024", 1), ("2025", 2)):
        group = GraphGroup(graph_id=bar.id, name=year)
        db.add(group)
        db.flush()
        _entry(
            db,
            group,
            "Cała Polska (przykład)",
            [120 * scale, 150 * scale, 170.5 * scale, 210 * scale] + [80, 95, 110, 130],
            bar_keys[0] + bar_keys[1],
            with_goal=1,
            goal=Decimal(2000),
            goal_progress_info="Złożone i podpisane",
            goal_value_info="Cel (przykład)",
            goal_value_subinfo="do końca roku",
        )
    line = _graph(
        db,
        name="Podpisane umowy",
        internal_name="demo-umowy",
        graph_type_name="LINE",
        graph_style_name="MODERN",
        position_title="Miesiąc",
        value_title="Umowy w %GROUP%",
    )
    line_keys = _grouped(db, line, (("Umowy", "rgb(37, 99, 235)"),))
    group = GraphGroup(graph_id=line.id, name="2025")
    db.add(group)
    db.flush()
    _entry(db, group, "małopolskie (przykład)", [30, 42, 55, 61], line_keys[0])
    circle = _graph(
        db,
        name="Nowe źródła ciepła",
        internal_name="demo-zrodla",
        graph_type_name="CIRCLE",
        graph_style_name="CLASSIC",
        position_title="Źródło ciepła",
        value_title="Liczba instalacji",
    )
    circle_keys = _keys(db, circle, SOURCES)
    group = GraphGroup(graph_id=circle.id, name="Pozycje")
    db.add(group)
    db.flush()
    _entry(db, group, "Cała Polska (przykład)", [420, 310, 150, 95], circle_keys)
    multiline = _graph(
        db,
        name="Źródła ciepła w kolejnych kwartałach",
        internal_name="demo-kwartaly",
        graph_type_name="MULTILINE",
        graph_style_name="CLASSIC",
        position_title="Kwartał",
        value_title="Instalacje w %GROUP%",
    )
    quarter_keys = _keys(db, multiline, (("I kwartał", "I"), ("II kwartał", "II"), ("III kwartał", "III")))
    group = GraphGroup(graph_id=multiline.id, name="2025")
    db.add(group)
    db.flush()
    for (name, _), color, numbers in zip(
        SOURCES[:3], ("#0f7c8c", "orange", "green"), ([50, 70, 95], [40, 45, 38], [20, 18, 25])
    ):
        _entry(db, group, f"{name} (przykład)", numbers, quarter_keys, color=color)
