"""Reading GIOŚ's public air-quality API (Państwowy Monitoring Środowiska, "PJP API", v1).
The shapes, and which public source each was taken from, are in this example's README:

    GET {base}/aqindex/getIndex/{stationId}   the station's air-quality index
        {"AqIndex": {"Wartość indeksu": 1, "Nazwa kategorii indeksu": "Dobry",
                     "Data danych źródłowych, z których policzono wartość indeksu dla wskaźnika st":
                         "2026-11-24 10:00:00", ...}, "@context", "meta", "links", "totalPages"}
    GET {base}/station/sensors/{stationId}?page=0&size=100   the station's measuring positions
        {"Lista stanowisk pomiarowych dla podanej stacji": [
            {"Identyfikator stanowiska": 2747, "Wskaźnik - kod": "PM10", ...}, ...],
         "links": {...}, "totalPages": 1}                 (automatic and manual, by position id)
    GET {base}/data/getData/{sensorId}?page=0&size=100   a position's hourly results, newest first
        {"Lista danych pomiarowych": [{"Kod stanowiska": "...", "Data": "2026-11-24 10:00:00",
                                       "Wartość": 31.2}, ...]}   ("Wartość" may be null)
    An error document instead, with HTTP 200 or 400 (a manual position's getData, say):
        {"error_code": "API-ERR-100003", "error_reason": "Dla stanowiska typu manualnego ...",
         "error_result": "...", "error_solution": "...", "error_help": "..."}

A station may list several positions of one pollutant (a manual PM2,5 sampler before the
automatic analyser): for each pollutant the reader tries them in the list's order and keeps the
first whose current data holds a value; one that answers an error document, an HTTP error or
no value is skipped. Each value is read on its own: a value no position could give is recorded
as that value's error (it keeps its last good reading), the others are stored. Only when
nothing at all could be read does the whole reading fail.

`base` is https://api.gios.gov.pl/pjp-api/v1/rest unless the setting
`smogpanel.airquality.api_url` (or the environment variable SMOGPANEL_AIRQUALITY_API_URL)
names another. Times are local (Europe/Warsaw); values are µg/m³. Index levels 0-5 are GIOŚ's
categories, -1 (or null) means no index.
"""

import os
from datetime import datetime
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

from smogpanel.http_source import SourceError
from smogpanel.item_types import Reading

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
ERROR_CODE = "error_code"
PARAMETERS = {"PM10": "pm10", "PM2.5": "pm25"}
LABELS = {"index": "indeks", "pm10": "PM10", "pm25": "PM2,5"}

# Page sizes are asked explicitly (the API's default page holds 20 entries). A station has far
# fewer than 100 positions; 100 hourly results cover the three days getData keeps.
SENSORS_PAGE = 100
DATA_PAGE = 100
MAX_PAGES = 5  # a station's position list longer than 500 entries is no answer of this API
MAX_REASON = 300  # one position's reason in a note or an error


def api_url(settings):
    return (
        os.environ.get("SMOGPANEL_AIRQUALITY_API_URL") or settings.get("smogpanel.airquality.api_url") or DEFAULT_URL
    ).rstrip("/")


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


def _short(text):
    text = " ".join(str(text).split())
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…"


def refusal(document):
    """GIOŚ's reason when `document` is its error document ({"error_code", "error_reason", ...}),
    else None."""
    if not isinstance(document, dict) or ERROR_CODE not in document:
        return None
    reason = next(
        (
            document[key]
            for key in ("error_reason", "error_result")
            if isinstance(document.get(key), str) and document[key].strip()
        ),
        "",
    )
    code = document.get(ERROR_CODE)
    return _short(f"{reason.strip().rstrip('.')} ({code})" if reason else f"błąd {code}")


def get_document(http, url):
    """The JSON document at `url`; GIOŚ's error document, whether sent with HTTP 200 or with a
    4xx, is a SourceError with GIOŚ's reason."""
    try:
        document = http.get_json(url)
    except SourceError as error:
        reason = refusal(getattr(error, "document", None))
        if reason:
            raise SourceError(f"GIOŚ odmówił danych (HTTP {error.status}): {reason}") from error
        raise
    reason = refusal(document)
    if reason:
        raise SourceError(f"GIOŚ odmówił danych: {reason}")
    return document


def pages_of(document):
    """How many pages the list has: `totalPages`, or the page number of `links.last` (0-based)
    when it is missing. `links.next` is no guide: GIOŚ sends it on the last page too."""
    total = document.get("totalPages")
    if isinstance(total, int) and not isinstance(total, bool):
        return total
    links = document.get("links")
    last = links.get("last") if isinstance(links, dict) else None
    page = parse_qs(urlsplit(last).query).get("page", [""])[0] if isinstance(last, str) else ""
    return int(page) + 1 if page.isdigit() and len(page) < 4 else 1


def read_list(http, url, key, size):
    """Every entry of the paged list `key` at `url`: `size` per page, page after page while
    `totalPages` says there are more (at most MAX_PAGES requests)."""
    entries = []
    for page in range(MAX_PAGES):
        document = get_document(http, f"{url}?page={page}&size={size}")
        _shape(isinstance(document, dict) and isinstance(document.get(key), list), f"brak listy „{key}”")
        entries.extend(document[key])
        if page + 1 >= pages_of(document):
            break
    return entries


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


def read_sensors(entries):
    """{"pm10": [sensor ids], "pm25": [sensor ids]}: the station's PM positions in the list's
    order (GIOŚ lists automatic and manual positions together, by position id)."""
    found = {}
    for sensor in entries:
        if not isinstance(sensor, dict):
            continue
        name = PARAMETERS.get(sensor.get(SENSOR_CODE))
        sensor_id = sensor.get(SENSOR_ID)
        if name and isinstance(sensor_id, int) and not isinstance(sensor_id, bool):
            found.setdefault(name, []).append(sensor_id)
    return found


def read_latest(entries):
    """The newest non-null value of a position and its time, or (None, None)."""
    newest = (None, None)
    for row in entries:
        if not isinstance(row, dict):
            continue
        value, at = row.get("Wartość"), local_time(row.get("Data"))
        if isinstance(value, (int, float)) and not isinstance(value, bool) and at is not None:
            if newest[1] is None or at > newest[1]:
                newest = (round(float(value), 1), at)
    return newest


def read_data(http, url):
    """The first page of a position's data (newest first; 100 results cover the days kept)."""
    document = get_document(http, f"{url}?page=0&size={DATA_PAGE}")
    _shape(isinstance(document, dict) and isinstance(document.get(DATA), list), f"brak listy „{DATA}”")
    return document[DATA]


def read_pollutant(http, base, name, sensors):
    """(value, time, note, error) of one pollutant from the first of its `sensors` whose data
    holds a current value; the skipped ones and why are in the note (or the error, when none
    could be read)."""
    skipped, answered = [], False
    for sensor in sensors:
        try:
            entries = read_data(http, f"{base}/data/getData/{sensor}")
        except SourceError as error:
            skipped.append(f"nr {sensor} – {_short(error)}")
            continue
        answered = True
        value, at = read_latest(entries)
        if value is not None:
            note = f"stanowisko GIOŚ nr {sensor}"
            return value, at, note + (f"; pominięte: {'; '.join(skipped)}" if skipped else ""), None
        skipped.append(f"nr {sensor} – brak wyniku z ostatnich dni")
    if not skipped:
        return None, None, None, None  # the station does not measure it
    tried = "; ".join(skipped)
    if answered:  # read, but no current result anywhere: no value, not a failure
        return None, None, f"brak bieżącego wyniku: {tried}", None
    return None, None, None, f"Żadne stanowisko {LABELS[name]} nie dało bieżących danych: {tried}"


def fetch_air_quality(call):
    """The 'gios' integration: the station's index, PM10 and PM2.5, each read on its own (None
    when the station does not measure one or has no current result). A value that could not be
    read is in `errors` and keeps its last good reading; only when nothing could be read does
    the whole reading fail."""
    station = station_of(call.inputs)
    base = api_url(call.settings)
    values, notes, errors, times = {}, {}, {}, []
    try:
        values["index"], index_at = read_index(get_document(call.http, f"{base}/aqindex/getIndex/{station}"))
    except SourceError as error:
        errors["index"], index_at = str(error), None
    try:
        sensors = read_sensors(read_list(call.http, f"{base}/station/sensors/{station}", SENSORS, SENSORS_PAGE))
    except SourceError as error:
        sensors = None
        for name in PARAMETERS.values():
            errors[name] = f"Nie odczytano listy stanowisk stacji: {error}"
    for name in PARAMETERS.values():
        if sensors is None:
            continue
        value, at, note, error = read_pollutant(call.http, base, name, sensors.get(name, []))
        if error:
            errors[name] = error
            continue
        values[name] = value
        if note:
            notes[name] = note
        if at:
            times.append(at)
    if not values:
        raise SourceError(errors.get("index") or next(iter(errors.values())))
    return Reading(
        values=values, read_at=max(times, default=None) or index_at, source=SOURCE, notes=notes, errors=errors
    )
