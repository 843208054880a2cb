"""Reading GIOŚ's public air-quality API (Państwowy Monitoring Środowiska, "PJP API", v1):

    GET {base}/aqindex/getIndex/{stationId}   the station's air-quality index
        {"AqIndex": {"Identyfikator stacji pomiarowej": 400,
                     "Wartość indeksu": 1, "Nazwa kategorii indeksu": "Dobry",
                     "Data danych źródłowych, z których policzono wartość indeksu dla wskaźnika st":
                         "2026-11-24 10:00:00", ...}}
    GET {base}/station/sensors/{stationId}    the station's measuring positions
        {"Lista stanowisk pomiarowych dla podanej stacji": [
            {"Identyfikator stanowiska": 2747, "Wskaźnik - kod": "PM10", ...}, ...]}
    GET {base}/data/getData/{sensorId}        a position's hourly results, newest first
        {"Lista danych pomiarowych": [{"Kod stanowiska": "...", "Data": "2026-11-24 10:00:00",
                                       "Wartość": 31.2}, ...]}   ("Wartość" may be null)

`base` is https://api.gios.gov.pl/pjp-api/v1/rest unless the setting
`smogpanel.airquality.api_url` (or the environment variable SMOGPANEL_AIRQUALITY_API_URL)
names another. Times are local (Europe/Warsaw); values are µg/m³. Index levels 0-5 are GIOŚ's
categories, -1 (or null) means no index.
"""
import os
from datetime import datetime
from zoneinfo import ZoneInfo

from smogpanel.hookspecs import Reading
from smogpanel.http_source import SourceError

DEFAULT_URL = "https://api.gios.gov.pl/pjp-api/v1/rest"
SOURCE = "GIOŚ (Państwowy Monitoring Środowiska)"
WARSAW = ZoneInfo("Europe/Warsaw")

# GIOŚ's index categories with the colours of its own map.
LEVELS = {
    0: ("Bardzo dobry", "#57b108"),
    1: ("Dobry", "#b0dd10"),
    2: ("Umiarkowany", "#ffd911"),
    3: ("Dostateczny", "#e58100"),
    4: ("Zły", "#e50000"),
    5: ("Bardzo zły", "#990000"),
}
NO_INDEX = ("Brak indeksu", "#9e9e9e")
INDEX = "AqIndex"
INDEX_VALUE = "Wartość indeksu"
INDEX_NAME = "Nazwa kategorii indeksu"
INDEX_SOURCE_TIME = "Data danych źródłowych, z których policzono wartość indeksu dla wskaźnika st"
INDEX_CALCULATED = "Data wykonania obliczeń indeksu"
SENSORS = "Lista stanowisk pomiarowych dla podanej stacji"
SENSOR_ID = "Identyfikator stanowiska"
SENSOR_CODE = "Wskaźnik - kod"
DATA = "Lista danych pomiarowych"
PARAMETERS = {"PM10": "pm10", "PM2.5": "pm25"}


def api_url(settings):
    return (os.environ.get("SMOGPANEL_AIRQUALITY_API_URL") or settings.get("smogpanel.airquality.api_url")
            or DEFAULT_URL).rstrip("/")


def station_of(inputs):
    text = str(inputs.get("station_id") or "").strip()
    if not text.isdigit() or len(text) > 9:
        raise SourceError(f"Identyfikator stacji GIOŚ musi być liczbą (jest: „{text[:20]}”).")
    return int(text)


def local_time(text):
    """GIOŚ's 'YYYY-MM-DD HH:MM:SS' (Warsaw time) as an aware datetime, or None."""
    if not isinstance(text, str):
        return None
    try:
        return datetime.strptime(text.strip(), "%Y-%m-%d %H:%M:%S").replace(tzinfo=WARSAW)
    except ValueError:
        return None


def _shape(condition, what):
    if not condition:
        raise SourceError(f"Odpowiedź GIOŚ ma nieoczekiwany kształt: {what}.")


def read_index(document):
    """{"level", "label", "color"} and the time of the data it was computed from."""
    _shape(isinstance(document, dict) and isinstance(document.get(INDEX), dict), f"brak obiektu „{INDEX}” w indeksie")
    index = document[INDEX]
    level = index.get(INDEX_VALUE)
    if isinstance(level, int) and not isinstance(level, bool) and level in LEVELS:
        label, color = LEVELS[level]
    else:
        level, (label, color) = None, NO_INDEX
    name = index.get(INDEX_NAME)
    if level is not None and isinstance(name, str) and name.strip():
        label = name.strip()[:40]
    read_at = local_time(index.get(INDEX_SOURCE_TIME)) or local_time(index.get(INDEX_CALCULATED))
    return {"level": level, "label": label, "color": color}, read_at


def read_sensors(document):
    """{"pm10": sensor id, "pm25": sensor id} of the station's PM positions (first of each)."""
    _shape(isinstance(document, dict) and isinstance(document.get(SENSORS), list), f"brak listy „{SENSORS}”")
    found = {}
    for sensor in document[SENSORS]:
        if not isinstance(sensor, dict):
            continue
        name = PARAMETERS.get(sensor.get(SENSOR_CODE))
        sensor_id = sensor.get(SENSOR_ID)
        if name and isinstance(sensor_id, int) and name not in found:
            found[name] = sensor_id
    return found


def read_latest(document):
    """The newest non-null value of a position and its time, or (None, None)."""
    _shape(isinstance(document, dict) and isinstance(document.get(DATA), list), f"brak listy „{DATA}”")
    for row in document[DATA]:
        if not isinstance(row, dict):
            continue
        value = row.get("Wartość")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return round(float(value), 1), local_time(row.get("Data"))
    return None, None


def fetch_air_quality(call):
    """The 'gios' integration: the station's index, PM10 and PM2.5 (None when the station does
    not measure one or has no recent result). Any failed request fails the whole reading, so
    the item keeps its last good values together."""
    station = station_of(call.inputs)
    base = api_url(call.settings)
    index, read_at = read_index(call.http.get_json(f"{base}/aqindex/getIndex/{station}"))
    values = {"index": index, "pm10": None, "pm25": None}
    times = []
    for name, sensor in read_sensors(call.http.get_json(f"{base}/station/sensors/{station}")).items():
        values[name], at = read_latest(call.http.get_json(f"{base}/data/getData/{sensor}"))
        if at:
            times.append(at)
    return Reading(values=values, read_at=max(times, default=None) or read_at, source=SOURCE)
