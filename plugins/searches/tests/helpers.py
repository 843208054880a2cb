"""Shared by the searches plugin's tests: gminy made through the hierarchy API, payloads as the
panel sends them, and WPG_XLS files."""

from smogpanel.testing.app import voivodeship_id
from smogpanel.testing.files import upload, xlsx

KEYS = (
    ("Dotacja", 0, "TOP"),
    ("Warunki", 0, "LEFT"),
    ("Kontakt", 1, "RIGHT"),
    ("Termin", 0, "BOTTOM"),
)


def add_district(api, voivodeship, name):
    return api.post("/api/district/", {"name": name, "voivodeship_id": voivodeship_id(api, voivodeship)})["message"]


def add_borough(api, district, name):
    return api.post("/api/borough/", {"name": name, "district_id": district["id"]})["message"]


def gminy(api):
    """A few gminy: two of them named alike in different districts, one with Polish letters."""
    krakowski = add_district(api, "małopolskie", "krakowski")
    wielicki = add_district(api, "małopolskie", "wielicki")
    lodz = add_district(api, "łódzkie", "Łódź")
    return {
        "zabierzow": add_borough(api, krakowski, "Zabierzów"),
        "liszki": add_borough(api, krakowski, "Liszki"),
        "wieliczka": add_borough(api, wielicki, "Wieliczka"),
        "lodz": add_borough(api, lodz, "Łódź"),
    }


def search_keys(keys=KEYS):
    return [{"name": name, "hide_name": hide, "search_key_place_name": place} for name, hide, place in keys]


def search_payload(internal_name="dotacje", keys=None, **extra):
    body = {
        "name": "Dotacje do wymiany pieca",
        "internal_name": internal_name,
        "source": "Urzędy gmin",
        "search_keys": search_keys() if keys is None else keys,
    }
    body.update(extra)
    return body


def add_search(api, internal_name="dotacje", keys=None, **extra):
    return api.post("/api/search/", search_payload(internal_name, keys, **extra))["message"]


def key_named(search, name):
    return next(key for key in search["search_keys"] if key["name"] == name)


def value(key, text):
    return {"key": {"id": key["id"], "name": key["name"]}, "value": {"value": text}}


def add_entry(api, search, borough, values=(), status=200):
    answer = api.post(
        "/api/search_entry/",
        {"search_id": search["id"], "borough_id": borough["id"], "values": list(values)},
        status=status,
    )
    return answer["message"] if status == 200 else answer


def edit_body(search, **changes):
    body = {
        "name": search["name"],
        "source": search["source"],
        "search_keys": [dict(key) for key in search["search_keys"]],
    }
    body.update(changes)
    return body


def import_body(search, rows, type_="WPG_XLS", name="wpisy.xlsx"):
    return {"search_id": search["id"], "type": type_, "file": upload(xlsx(rows), name)}
