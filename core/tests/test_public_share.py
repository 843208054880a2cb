"""Share and download on every public view: "Pobierz dane" as CSV and .xlsx, with
the source and licence line the operator sets, formula-safe; the og: tags and the server-drawn
PNG whose address changes when the data does; the attribution's API and its rules."""

import csv
import io
import json
import re

import openpyxl
import pytest
import sqlalchemy as sa
from PIL import Image

from smogpanel.db import Base

TABULAR = ("rank", "map", "graph", "search", "item")
ALL_KINDS = ("timer", "map", "rank", "search", "calculator", "graph", "letter", "item")
CONFIG = re.compile(r'<script type="application/json" id="smogpanel-public">(.*?)</script>', re.S)


def live(db, kind):
    table = Base.metadata.tables[kind]
    return db.execute(
        sa.select(table.c.id, table.c.internal_name).where(table.c.deleted.is_(None)).order_by(table.c.id).limit(1)
    ).one()


def page_config(page):
    return json.loads(CONFIG.search(page.text).group(1))


def meta(page, key):
    found = re.search(rf'<meta (?:property|name)="{re.escape(key)}" content="([^"]*)">', page.text)
    return found and found.group(1)


def read_csv(response):
    assert response.body.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(response.body.decode("utf-8-sig")), delimiter=";"))


@pytest.mark.parametrize("kind", TABULAR)
def test_each_tabular_kind_offers_its_data_as_csv_and_xlsx(testapp, db, demo, kind):
    _id, name = live(db, kind)
    config = page_config(testapp.get(f"/view/{kind}/{name}"))
    assert config["data"] == {"csv": f"/view/{kind}/{name}/data.csv", "xlsx": f"/view/{kind}/{name}/data.xlsx"}

    rows = read_csv(testapp.get(config["data"]["csv"]))
    assert len(rows) > 4 and len(rows[0]) >= 2  # a header and data rows
    assert ["Licencja: CC BY 4.0"] in rows
    workbook = testapp.get(config["data"]["xlsx"])
    assert workbook.headers["Content-Type"].startswith("application/vnd.openxmlformats")
    assert "attachment" in workbook.headers["Content-Disposition"]
    sheet = openpyxl.load_workbook(io.BytesIO(workbook.body)).worksheets[0]
    values = [[cell for cell in row] for row in sheet.iter_rows(values_only=True)]
    assert values[0] == tuple(rows[0]) or list(values[0]) == rows[0]
    assert ("Licencja: CC BY 4.0",) in [tuple(v for v in row if v is not None) for row in values]


@pytest.mark.parametrize("kind", ("timer", "calculator", "letter"))
def test_kinds_without_a_table_offer_no_download(testapp, db, demo, kind):
    _id, name = live(db, kind)
    assert page_config(testapp.get(f"/view/{kind}/{name}"))["data"] is None
    testapp.get(f"/view/{kind}/{name}/data.csv", status=404)


def test_a_missing_record_or_format_is_a_404(testapp, db, demo):
    _id, name = live(db, "rank")
    testapp.get("/view/rank/nie-ma-takiego/data.csv", status=404)
    testapp.get(f"/view/rank/{name}/data.pdf", status=404)
    testapp.get(f"/view/nieznany/{name}/data.csv", status=404)


def test_the_operator_sets_the_source_and_licence_and_formulas_stay_text(api, testapp, db, demo):
    record_id, name = live(db, "rank")
    assert api.get(f"/api/public_attribution/rank/{record_id}")["message"] == {
        "source": "",
        "licence": "",
        "default_licence": "CC BY 4.0",
    }
    first = testapp.get(f"/view/rank/{name}/data.csv")
    api.post(f"/api/public_attribution/rank/{record_id}", {"source": '=HYPERLINK("x")', "licence": "CC0 1.0"})
    rows = read_csv(testapp.get(f"/view/rank/{name}/data.csv"))
    assert ['\'Źródło: =HYPERLINK("x")'] not in rows  # the line starts with 'Źródło', not '='
    assert ['Źródło: =HYPERLINK("x")'] in rows and ["Licencja: CC0 1.0"] in rows
    assert testapp.get(f"/view/rank/{name}/data.csv").headers["ETag"] != first.headers["ETag"]
    # A formula at the start of a cell is written as text (the group's name here).
    table = Base.metadata.tables["rank_group"]
    db.execute(sa.update(table).values(name="=1+2"))
    db.commit()
    rows = read_csv(testapp.get(f"/view/rank/{name}/data.csv"))
    assert rows[1][0] == "'=1+2"
    sheet = openpyxl.load_workbook(io.BytesIO(testapp.get(f"/view/rank/{name}/data.xlsx").body)).worksheets[0]
    cell = sheet.cell(row=2, column=1)
    assert cell.value == "=1+2" and cell.data_type == "s"


def test_attribution_errors_are_polish_and_write_nothing(api, testapp, db, demo):
    record_id, _name = live(db, "rank")
    answer = api.post(f"/api/public_attribution/rank/{record_id}", {"licence": "x" * 201}, status=400)
    assert answer["success"] is False and answer["errors"][0]["name"] == "licence"
    assert api.get(f"/api/public_attribution/rank/{record_id}")["message"]["licence"] == ""
    api.get("/api/public_attribution/rank/999999", status=404)
    api.get("/api/public_attribution/user/1", status=404)  # not a public kind


def test_attribution_needs_a_signed_in_operator(testapp, db, demo):
    record_id, _name = live(db, "rank")
    testapp.get(f"/api/public_attribution/rank/{record_id}", status=401)
    testapp.post_json(f"/api/public_attribution/rank/{record_id}", {"licence": "CC0"}, status=(401, 403))


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_every_view_has_share_tags_and_a_1200x630_png(testapp, db, demo, kind):
    _id, name = live(db, kind)
    page = testapp.get(f"/view/{kind}/{name}")
    image = meta(page, "og:image")
    assert (
        meta(page, "og:title") and meta(page, "og:description") and meta(page, "twitter:card") == "summary_large_image"
    )
    path = image.split("://", 1)[1].split("/", 1)[1]
    assert f'<noscript><img class="smogpanel-fallback" src="/{path}"' in page.text
    png = testapp.get("/" + path)
    assert png.headers["Content-Type"] == "image/png" and "immutable" in png.headers["Cache-Control"]
    assert Image.open(io.BytesIO(png.body)).size == (1200, 630)


def test_the_image_and_its_address_change_when_the_data_does(testapp, db, demo):
    _id, name = live(db, "rank")
    before = meta(testapp.get(f"/view/rank/{name}"), "og:image").split("/", 3)[3]
    old_png = testapp.get("/" + before).body
    table = Base.metadata.tables["rank"]
    db.execute(sa.update(table).where(table.c.internal_name == name).values(name="Nowa nazwa rankingu"))
    db.commit()
    after = meta(testapp.get(f"/view/rank/{name}"), "og:image").split("/", 3)[3]
    assert after != before
    assert testapp.get("/" + after).body != old_png
    moved = testapp.get("/" + before, status=302)  # a link shared before: sent to the current image
    assert moved.headers["Location"].endswith("/" + after)


def test_a_download_follows_every_table_of_the_kind_not_only_the_payload(testapp, db, demo):
    """A search's texts are not in its payload (cards come on demand) but are in its download:
    the file is kept by the data version of all the kind's tables, so an edited text shows."""
    _id, name = live(db, "search")
    before = read_csv(testapp.get(f"/view/search/{name}/data.csv"))
    values = Base.metadata.tables["search_value"]
    db.execute(sa.update(values).values(value="Nowy tekst dla gminy"))
    db.commit()
    after = read_csv(testapp.get(f"/view/search/{name}/data.csv"))
    assert after != before and "Nowy tekst dla gminy" in after[1]


def test_a_change_of_the_source_or_licence_is_in_the_records_history_and_reverted_from_it(api, testapp, db, demo):
    """It wrote no history entry: an operator could change what every download says unseen."""
    from smogpanel.testing.app import history_of

    record_id, name = live(db, "rank")
    api.post(f"/api/public_attribution/rank/{record_id}", {"source": "Urząd gminy", "licence": "CC0 1.0"})
    api.post(f"/api/public_attribution/rank/{record_id}", {"source": "Urząd gminy", "licence": "CC0 1.0"})  # same
    api.post(f"/api/public_attribution/rank/{record_id}", {"source": "GIOŚ", "licence": "CC0 1.0"})
    entries = history_of(api, "rank", record_id)
    latest, first = entries[0], entries[1]
    assert latest["action"] == "update" and latest["changes"] == {"public_source": ["Urząd gminy", "GIOŚ"]}
    assert first["changes"] == {"public_source": ["", "Urząd gminy"], "public_licence": ["", "CC0 1.0"]}
    assert len([e for e in entries if "public_source" in e["changes"] or "public_licence" in e["changes"]]) == 2
    assert latest["revert"]["offered"] is True
    assert "Źródło danych (pobieranie danych)" in latest["revert"]["says"]
    # Reverted from history, like any edit; recorded as undoing it.
    api.post(f"/api/history/{latest['id']}/revert", {})
    assert api.get(f"/api/public_attribution/rank/{record_id}")["message"]["source"] == "Urząd gminy"
    assert ["Źródło: Urząd gminy"] in read_csv(testapp.get(f"/view/rank/{name}/data.csv"))
    undo = history_of(api, "rank", record_id)[0]
    assert undo["reverts"] == latest["id"] and undo["changes"] == {"public_source": ["GIOŚ", "Urząd gminy"]}
    # Changed since: the first entry's values are no longer there, so it is refused, nothing written.
    api.post(f"/api/public_attribution/rank/{record_id}", {"source": "Inne", "licence": "CC0 1.0"})
    refused = api.post(f"/api/history/{first['id']}/revert", {}, status=409)
    assert refused["errors"][0]["description"] == (
        "Nie można przywrócić tej wersji: źródło lub licencję danych zmieniono później."
    )
    assert api.get(f"/api/public_attribution/rank/{record_id}")["message"]["source"] == "Inne"
