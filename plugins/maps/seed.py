"""Demo content: the Clean Air map with the eleven report properties and a few measurements."""

from datetime import date

from smogpanel.regions import CODES

from .imports import PROPERTY_NAMES
from .models import Checkpoint, CheckpointValue, Map, MapPropertyKey

# The first three are the programme's statistics; the heat sources refine them (submaps).
TYPES = ("STATISTIC",) * 3 + ("PRECISE",) * 8
DISPLAY_NAMES = {"Kwota wypłaconych dotacji": "Wypłacone dotacje (zł)"}
MEASUREMENTS = (
    ("Stan na 31 grudnia 2023", date(2023, 12, 31), 0, 1.0),
    ("Stan na 30 czerwca 2024", date(2024, 6, 30), 0, 0.55),
    ("Stan na 31 grudnia 2024", date(2024, 12, 31), 0, 0.6),
    ("Stan na 31 marca 2025 (wstępne dane)", date(2025, 3, 31), 1, 0.3),
)
# Roughly the voivodeships' shares of the programme (per mille).
WEIGHTS = dict(zip(CODES, (78, 52, 73, 22, 61, 123, 118, 26, 77, 28, 51, 120, 37, 31, 110, 38)))


def _value(index, code, scale):
    base = (4200, 3300, 92_000_000, 260, 5, 40, 130, 25, 900, 1500, 90)[index]
    return round(base * WEIGHTS[code] / 100 * scale)


def add_demo_data(db):
    a_map = Map(
        name="Program Czyste Powietrze",
        internal_name="czyste-powietrze",
        source="Narodowy Fundusz Ochrony Środowiska i Gospodarki Wodnej",
        details="Wnioski, umowy i wypłaty programu Czyste Powietrze według województw.",
        show_summary=1,
        summary_title="Razem: %FIRST_CHECKPOINT% – %LAST_CHECKPOINT%",
    )
    db.add(a_map)
    db.flush()
    keys = [
        MapPropertyKey(
            map_id=a_map.id,
            name=name,
            display_name=DISPLAY_NAMES.get(name, ""),
            property_type_name=kind,
            position=position,
        )
        for position, (name, kind) in enumerate(zip(PROPERTY_NAMES, TYPES))
    ]
    db.add_all(keys)
    db.flush()
    for name, captured, hidden, scale in MEASUREMENTS:
        checkpoint = Checkpoint(map_id=a_map.id, name=name, captured=captured, hidden=hidden, source="")
        db.add(checkpoint)
        db.flush()
        db.add_all(
            CheckpointValue(
                checkpoint_id=checkpoint.id, key_id=key.id, **{code: _value(index, code, scale) for code in CODES}
            )
            for index, key in enumerate(keys)
        )
    db.flush()
