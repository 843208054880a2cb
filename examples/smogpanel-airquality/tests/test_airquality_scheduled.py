"""Installed and running, the panel refreshes an air-quality item on its own: `smogpanel serve`
(a real process) reads the local stand-in for GIOŚ on the `items.refresh` job's tick (a second
here: smogpanel.integrations.refresh_interval; an hour by default), with no command and no
'Odśwież', and the super administrator sees the job's runs ('Zadania': GET /api/job/)."""

import json
import os
import signal
import urllib.request
from pathlib import Path

import pytest

from smogpanel.testing.http import LocalSource
from smogpanel.testing.serve import PASSWORD, Served, add_account, fresh_database, query, wait_for

pytestmark = pytest.mark.live  # `smogpanel serve` and `smogpanel worker` as processes

FIXTURES = Path(__file__).parent / "fixtures"
ADMIN = "powietrze@example.pl"


def serve_station(source):
    for path, name in (
        ("/aqindex/getIndex/400", "getIndex_400.json"),
        ("/station/sensors/400", "sensors_400.json"),
        ("/data/getData/2747", "getData_2747.json"),
        ("/data/getData/2750", "getData_2750.json"),
    ):
        source.answer(path, (FIXTURES / name).read_bytes())


def call(panel, method, path, body=None, token=None):
    request = urllib.request.Request(
        panel.url + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())["message"]


def hook(item, name):
    return next(row for row in item["hooks"] if row["item_type_hook_name"] == name)


def add_item(panel):
    """Signs in and adds an air-quality item of station 400: (token, item)."""
    token = call(panel, "POST", "/api/auth/login", {"email": ADMIN, "password": PASSWORD})
    voivodeship = next(
        row["id"]
        for row in call(panel, "GET", "/api/voivodeship/?order=name&asc=1", token=token)["list"]
        if row["name"] == "małopolskie"
    )
    district = call(panel, "POST", "/api/district/", {"name": "Kraków", "voivodeship_id": voivodeship}, token)
    gmina = call(panel, "POST", "/api/borough/", {"name": "Kraków", "district_id": district["id"]}, token)
    item = call(
        panel,
        "POST",
        "/api/item/",
        {
            "name": "Powietrze w Krakowie",
            "internal_name": "krakow-powietrze",
            "item_type_id": "airquality",
            "hooks": [
                {"item_type_hook_id": "gmina", "value": gmina["id"]},
                {"item_type_hook_id": "station_id", "value": "400"},
            ],
        },
        token,
    )
    return token, item


def test_an_air_quality_item_refreshes_on_its_own(tmp_path, tmp_path_factory):
    url = fresh_database(tmp_path_factory, "airquality_scheduled")
    add_account(url, ADMIN)
    with LocalSource() as gios:
        settings = {
            "smogpanel.airquality.api_url": gios.url,
            "smogpanel.integrations.refresh_interval": "1",
            "smogpanel.integrations.timeout": "2",
            "smogpanel.integrations.retries": "1",
        }
        with Served(tmp_path, url, settings) as panel:
            token, item = add_item(panel)
            assert hook(item, "pm10")["value"] is None  # the source is not up yet: nothing read
            failed = wait_for(
                lambda: hook(call(panel, "GET", f"/api/item/{item['id']}", token=token), "pm10").get("error")
            )
            assert "404" in failed  # a tick came, read the source, recorded its answer

            serve_station(gios)  # the source answers from now on
            read = wait_for(lambda: hook(call(panel, "GET", f"/api/item/{item['id']}", token=token), "pm10")["value"])
            assert read == 54.8
            public = call(panel, "GET", "/api/public/item/krakow-powietrze")
            assert {"name": "pm10", "label": "PM10", "text": "54,8 µg/m³"} in public["fields"]

            jobs = {row["code"]: row for row in call(panel, "GET", "/api/job/", token=token)}
            assert jobs["items.refresh"]["interval"] == 1 and jobs["items.refresh"]["runs"] >= 1
            assert jobs["items.refresh"]["title"] == "Odświeżanie integracji elementów"
            # The tick that found no station counts as the integration's error in /metrics.
            status, _headers, metrics = panel.request("/metrics")
            errors = [
                line
                for line in metrics.decode().splitlines()
                if line.startswith('smogpanel_integration_errors_total{integration="gios"}')
            ]
            assert status == 200 and len(errors) == 1 and float(errors[0].split()[-1]) >= 1


def test_a_runner_killed_mid_refresh_does_not_stop_the_job(tmp_path, tmp_path_factory):
    """`smogpanel worker` killed (SIGKILL) while its refresh waits on a hanging source: another
    worker takes the job over at a later tick (PostgreSQL: the dead connection's lock is gone;
    SQLite: the run's process is gone) and the item is refreshed."""
    url = fresh_database(tmp_path_factory, "airquality_crash")
    add_account(url, ADMIN)
    with LocalSource() as gios:
        serve_station(gios)
        gios.hang("/aqindex/getIndex/400", seconds=60)
        settings = {
            "smogpanel.airquality.api_url": gios.url,
            "smogpanel.integrations.refresh_interval": "1",
            "smogpanel.integrations.timeout": "50",
            "smogpanel.integrations.retries": "1",
            "smogpanel.integrations.budget": "100",
            "smogpanel.scheduler": "off",
        }
        with Served(tmp_path, url, settings) as panel:
            token, item = add_item(panel)
            with Served(tmp_path, url, settings, command="worker") as first:
                owner = f":{first.process.pid}"
                assert wait_for(
                    lambda: query(
                        url,
                        "SELECT 1 FROM scheduled_job WHERE code = 'items.refresh' "
                        "AND running = :yes AND owner LIKE :owner",
                        yes=True,
                        owner=f"%{owner}",
                    )
                )
                os.kill(first.process.pid, signal.SIGKILL)  # mid-run: its source never answered
                first.process.wait()
            gios.heal()
            with Served(tmp_path, url, settings, command="worker") as second:
                read = wait_for(
                    lambda: hook(call(panel, "GET", f"/api/item/{item['id']}", token=token), "pm10")["value"]
                )
                assert read == 54.8
                # The run's outcome is written after its readings commit: wait for it too.
                state = "SELECT owner, outcome FROM scheduled_job WHERE code = 'items.refresh'"
                done = wait_for(lambda: next((row for row in query(url, state) if row.outcome == "ok"), None))
                assert done and done.owner.endswith(f":{second.process.pid}"), query(url, state)
