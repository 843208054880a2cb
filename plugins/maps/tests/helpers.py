"""Shared by the maps plugin's tests: payloads as the panel sends them."""

from smogpanel.plugins.maps.imports import PROPERTY_NAMES
from smogpanel.regions import CODES, VOIVODESHIPS
from smogpanel.testing.files import upload, xlsx

CP_TYPES = ("STATISTIC",) * 3 + ("PRECISE",) * 8


def cp_keys():
    """The eleven Clean Air properties, as the map form sends new keys (uuid, no id)."""
    return [
        {"uuid": f"u{index}", "name": name, "display_name": "", "property_type_name": kind}
        for index, (name, kind) in enumerate(zip(PROPERTY_NAMES, CP_TYPES))
    ]


def map_payload(internal_name="czyste-powietrze", keys=None, **extra):
    body = {
        "name": "Czyste Powietrze",
        "internal_name": internal_name,
        "source": "NFOŚiGW",
        "details": "Dane programu",
        "property_keys": cp_keys() if keys is None else keys,
    }
    body.update(extra)
    return body


def add_map(api, internal_name="czyste-powietrze", keys=None, **extra):
    return api.post("/api/map/", map_payload(internal_name, keys, **extra))["message"]


def values(**numbers):
    """The sixteen codes, empty unless given."""
    return {code: numbers.get(code) for code in CODES}


def prop(key, **numbers):
    return {"key": {"id": key["id"], "name": key["name"]}, "value": values(**numbers)}


def key_named(a_map, name):
    return next(key for key in a_map["property_keys"] if key["name"] == name)


def add_checkpoint(api, a_map, name="Pomiar", properties=(), status=200, **extra):
    body = {"name": name, "source": "", "map_id": a_map["id"], "hidden": 0, "properties": list(properties)}
    body.update(extra)
    answer = api.post("/api/checkpoint/", body, status=status)
    return answer["message"] if status == 200 else answer  # errors: the whole envelope


def report_rows(header=None, skip=(), value=lambda row, col: (row + 1) * 10 + col):
    """A CP_XLS sheet: the header and one row per voivodeship (by Polish name)."""
    header = ["Województwo", *PROPERTY_NAMES] if header is None else header
    rows = [header]
    for r, (_, name) in enumerate(VOIVODESHIPS):
        if name in skip:
            continue
        rows.append([name, *(value(r, c) for c in range(1, len(header)))])
    return rows


def import_body(a_map, data, type_="CP_XLS", name="raport.xlsx", **extra):
    body = {
        "name": "Import z raportu",
        "source": "Raport NFOŚiGW",
        "map_id": a_map["id"],
        "type": type_,
        "file": upload(data, name),
    }
    body.update(extra)
    return body


def report_file(rows=None, **kw):
    return xlsx(report_rows(**kw) if rows is None else rows)
