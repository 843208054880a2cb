"""The bounded HTTP client of integrations against a local server: answers, retries of server
errors, timeouts and malformed documents, each a Polish `SourceError`."""

import time

import pytest

from smogpanel.http_source import HttpSource, SourceError
from smogpanel.testing.http import LocalSource

pytestmark = pytest.mark.own_database  # no database at all


@pytest.fixture
def source():
    with LocalSource() as source:
        yield source


def test_reads_a_json_document(source):
    source.answer("/doc", {"Wartość": 5.1})
    assert HttpSource().get_json(source.url + "/doc") == {"Wartość": 5.1}


def test_a_server_error_is_retried_then_answered(source):
    source.answer("/doc", [1])
    source.fail("/doc", status=500, times=1)
    assert HttpSource(retries=2, backoff=0.01).get_json(source.url + "/doc") == [1]
    assert source.hits["/doc"] == 2


def test_a_source_failing_every_time_gives_up_after_the_retries(source):
    source.fail("/doc", status=503)
    with pytest.raises(SourceError, match="błędem serwera 503 .próby: 3."):
        HttpSource(retries=2, backoff=0.01).get_json(source.url + "/doc")
    assert source.hits["/doc"] == 3


def test_a_client_error_is_not_retried(source):
    with pytest.raises(SourceError, match="błędem 404"):
        HttpSource(retries=2, backoff=0.01).get_json(source.url + "/missing")
    assert source.hits["/missing"] == 1


def test_a_client_error_keeps_its_status_and_its_json_document(source):
    # APIs explain a refused request in the body (GIOŚ: {"error_code", "error_reason", ...}).
    source.fail("/doc", status=400, body=b'{"error_code": "E-1", "error_reason": "Stanowisko manualne"}')
    with pytest.raises(SourceError, match="błędem 400") as failed:
        HttpSource(retries=2, backoff=0.01).get_json(source.url + "/doc?size=5")
    assert failed.value.status == 400
    assert failed.value.document == {"error_code": "E-1", "error_reason": "Stanowisko manualne"}
    assert source.requests == ["/doc?size=5"]
    source.fail("/doc", status=404, body=b"<html>nie ma</html>")
    with pytest.raises(SourceError) as not_json:
        HttpSource().get_json(source.url + "/doc")
    assert not_json.value.status == 404 and not_json.value.document is None


def test_an_answer_recorded_for_a_query_is_served_to_that_query_only(source):
    source.answer("/list", {"page": "any"})
    source.answer("/list?page=1&size=2", {"page": 1})
    assert HttpSource().get_json(source.url + "/list?page=1&size=2") == {"page": 1}
    assert HttpSource().get_json(source.url + "/list?page=0&size=2") == {"page": "any"}
    assert source.hits["/list"] == 2


def test_a_hanging_source_costs_the_timeout_per_attempt(source):
    source.hang("/doc", seconds=2)
    started = time.monotonic()
    with pytest.raises(SourceError, match="nie odpowiedziało w ciągu 0,3 s"):
        HttpSource(timeout=0.3, retries=1, backoff=0.01).get_json(source.url + "/doc")
    assert time.monotonic() - started < 1.5


def test_one_budget_bounds_every_request_retry_and_wait_of_a_client(source):
    # An integration reads several documents in a row: the second one hangs, and the budget
    # left after the first decides how long the second may take, retries included.
    source.answer("/index", {"ok": True})
    source.hang("/data", seconds=3)
    http = HttpSource(timeout=1, retries=5, backoff=0.01).within(1.5)
    assert http.get_json(source.url + "/index") == {"ok": True}
    with pytest.raises(
        SourceError, match=r"^Źródło nie odpowiedziało w czasie przeznaczonym na odświeżenie \(1,5 s\)\.$"
    ):
        http.get_json(source.url + "/data")
    assert source.hits["/data"] == 2  # 1 s, then the half second left; not 6 attempts of 1 s
    with pytest.raises(SourceError, match="przeznaczonym na odświeżenie"):
        http.get_json(source.url + "/index")  # the deadline has passed: not even asked
    assert source.hits["/index"] == 1


def test_malformed_json_is_a_clear_error(source):
    source.fail("/doc", body=b'{"AqIndex": {')
    with pytest.raises(SourceError, match="nie jest poprawnym JSON"):
        HttpSource(retries=2).get_json(source.url + "/doc")
    assert source.hits["/doc"] == 1


def test_a_closed_port_is_a_connection_error():
    with LocalSource() as closed:
        url = closed.url
    with pytest.raises(SourceError, match="Nie można połączyć się ze źródłem"):
        HttpSource(retries=0).get_json(url + "/doc")


@pytest.mark.parametrize(
    "url, words",
    [
        ("http://zrodlo.invalid/doc", "nie znaleziono serwera „zrodlo.invalid” – sprawdź adres źródła"),
        (None, "nie przyjmuje połączeń – usługa źródła nie działa albo adres jest błędny"),
    ],
)
def test_an_unreachable_source_is_said_in_polish_without_the_systems_error(url, words):
    if url is None:  # a closed port
        with LocalSource() as closed:
            url = closed.url + "/doc"
    with pytest.raises(SourceError) as raised:
        HttpSource(retries=0).get_json(url)
    assert str(raised.value).startswith("Nie można połączyć się ze źródłem: ")
    assert words in str(raised.value) and "Errno" not in str(raised.value)


def test_settings_bound_the_timeout_and_retries():
    http = HttpSource.from_settings({"smogpanel.integrations.timeout": "1000", "smogpanel.integrations.retries": "x"})
    assert (http.timeout, http.retries) == (60.0, 2)


def test_the_environment_sets_the_bounds():
    from smogpanel.http_source import budget_of
    from smogpanel.settings import resolve

    settings = resolve(
        {},
        environ={
            "SMOGPANEL_INTEGRATIONS_TIMEOUT": "2.5",
            "SMOGPANEL_INTEGRATIONS_RETRIES": "0",
            "SMOGPANEL_INTEGRATIONS_BUDGET": "7",
        },
    )
    http = HttpSource.from_settings(settings)
    assert (http.timeout, http.retries, budget_of(settings)) == (2.5, 0, 7.0)
    assert (budget_of({}), budget_of({"smogpanel.integrations.budget": "100000"})) == (20.0, 300.0)
