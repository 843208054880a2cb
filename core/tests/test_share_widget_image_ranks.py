"""The share image of a voivodeships ranking and of a calculator is the widget's own drawing:
the ranking's map of the entry it opens with, the calculator's bar chart of its default
house, drawn under Node by the embed's code; a gminy ranking (an HTML table, no drawing of its
own) keeps the card. Each image's address changes with the data."""

import logging
import re

import sqlalchemy as sa

from smogpanel.db import Base

from .test_public_share import live
from .test_share_widget_image import drawn_svg, image_of, rgb

REGION = re.compile(r'<path d="[^"]+" class="spr-map-region" data-code="(\w+)" fill="(#[0-9a-f]{6})"')
BAR = re.compile(r'<rect class="spc-mark" [^>]*fill="([^"]+)"><title>([^<]+)</title>')
VOIVODESHIPS_RANKING = "ranking-wojewodztw"


def test_the_voivodeships_ranking_image_is_the_widgets_map_of_its_first_entry(testapp, db, demo):
    svg = drawn_svg(testapp, "rank", VOIVODESHIPS_RANKING)
    regions = dict(REGION.findall(svg))
    assert len(regions) == 16  # every voivodeship, drawn by the embed's choropleth
    assert "2024 · " in svg and "(wniosków)" in svg  # the group and entry the widget opens with
    _path, pixels = image_of(testapp, "rank", VOIVODESHIPS_RANKING)
    for colour in set(regions.values()):  # each class's colour fills its regions on the PNG
        assert pixels[rgb(colour)] > 300, colour


def test_the_ranking_image_changes_with_its_data_and_an_old_link_follows(testapp, db, demo):
    before, old_pixels = image_of(testapp, "rank", VOIVODESHIPS_RANKING)
    values = Base.metadata.tables["rank_value"]
    first = db.execute(sa.select(values.c.id).where(values.c.voivodeship_id.is_not(None)).order_by(values.c.id)).first()
    db.execute(sa.update(values).where(values.c.id == first.id).values(value=999999))
    db.commit()
    after, new_pixels = image_of(testapp, "rank", VOIVODESHIPS_RANKING)
    assert after != before and new_pixels != old_pixels
    assert testapp.get(before, status=302).location.endswith(after)


def test_a_gminy_ranking_keeps_the_card_without_a_warning(testapp, db, demo, caplog):
    _id, name = live(db, "rank")  # the demo's first ranking: of gminy
    assert testapp.get(f"/api/public/rank/{name}").json["message"]["type"] == "gminy"
    with caplog.at_level(logging.WARNING, logger="smogpanel.public.widget_image"):
        assert drawn_svg(testapp, "rank", name) is None  # the script leaves it to the card
        _path, pixels = image_of(testapp, "rank", name)
    assert pixels[rgb("#2f6fb0")] > 2000  # the card's bars of the table's first rows
    assert not caplog.records


def test_the_calculator_image_is_the_widgets_bar_chart_of_its_default_house(testapp, db, demo):
    _id, name = live(db, "calculator")
    payload = testapp.get(f"/api/public/calculator/{name}").json["message"]
    svg = drawn_svg(testapp, "calculator", name)
    bars = BAR.findall(svg)
    sources = {title.split(":")[0].split(",")[0] for _colour, title in bars}
    assert len(bars) >= 3 and {colour for colour, _ in bars} == {"#0f7c8c"}  # the embed's bar chart
    assert "Dom 100 m²: " in svg and payload["calculator"]["name"] in svg
    assert len(sources) == len(bars)  # one bar per heat source
    _path, pixels = image_of(testapp, "calculator", name)
    assert pixels[rgb("#0f7c8c")] > 2000


def test_the_calculator_image_changes_with_its_definition(testapp, db, demo):
    _id, name = live(db, "calculator")
    before, old_pixels = image_of(testapp, "calculator", name)
    definitions = Base.metadata.tables["calculator_definition"]
    bars = BAR.findall(drawn_svg(testapp, "calculator", name))
    price = db.execute(
        sa.select(definitions.c.id, definitions.c.value).where(definitions.c.name.like("cena_za_%")).limit(1)
    ).one()  # a heat source's price: its yearly cost triples
    db.execute(sa.update(definitions).where(definitions.c.id == price.id).values(value=price.value * 3))
    db.commit()
    after, new_pixels = image_of(testapp, "calculator", name)
    assert after != before and new_pixels != old_pixels
    assert BAR.findall(drawn_svg(testapp, "calculator", name)) != bars
    assert testapp.get(before, status=302).location.endswith(after)
