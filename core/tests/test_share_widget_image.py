"""The share image of a map or a chart is the widget's own drawing: the plugin's image
script draws it under Node with the embed's chart and map code, the panel rasterises it; its
address changes with the data and with what draws it; without Node it is the card."""

import io
import json
import re
from collections import Counter

import sqlalchemy as sa
import webtest
from PIL import Image

from smogpanel.db import Base
from smogpanel.public.widget_image import widget_svg

from .test_public_share import live, meta

REGION = re.compile(r'<path d="[^"]+" class="spm-region" data-code="(\w+)" fill="(#[0-9a-f]{6})"')


def image_of(app, kind, name):
    """(the og:image path, its PNG's pixels counted by colour)."""
    path = "/" + meta(app.get(f"/view/{kind}/{name}"), "og:image").split("/", 3)[3]
    png = Image.open(io.BytesIO(app.get(path).body)).convert("RGB")
    assert png.size == (1200, 630)
    return path, Counter({colour: count for count, colour in png.getcolors(1200 * 630)})


def rgb(colour):
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def drawn_svg(app, kind, name):
    registry = app.app.registry
    payload = app.get(f"/api/public/{kind}/{name}").json["message"]
    return widget_svg(registry, registry["smogpanel.public_kinds"][kind], json.dumps(payload, ensure_ascii=False))


def test_the_map_image_is_the_widgets_choropleth_of_its_first_layer(testapp, db, demo):
    _id, name = live(db, "map")
    svg = drawn_svg(testapp, "map", name)
    regions = dict(REGION.findall(svg))
    assert len(regions) == 16  # every voivodeship, drawn by the embed's choropleth
    assert "Liczba złożonych wniosków — Stan na 31 grudnia 2024" in svg  # the layer the widget opens with
    _path, pixels = image_of(testapp, "map", name)
    for colour in set(regions.values()):  # each class's colour fills its regions on the PNG
        assert pixels[rgb(colour)] > 500, colour


def test_the_chart_image_draws_the_widgets_bars_of_the_group_it_opens_with(testapp, db, demo):
    _id, name = live(db, "graph")
    svg = drawn_svg(testapp, "graph", name)
    bars = re.findall(r'<rect class="spc-mark" [^>]*fill="([^"]+)"><title>([^<]+)</title>', svg)
    assert len(bars) == 8  # two series over four months: the embed's bar chart
    assert ("#0f7c8c", "Złożone wnioski, Kwiecień: 420 szt.") in bars  # 2025, the last group
    _path, pixels = image_of(testapp, "graph", name)
    assert pixels[rgb("#0f7c8c")] > 2000 and pixels[(255, 165, 0)] > 1000  # the series' colours


def test_the_map_image_changes_with_its_data_and_an_old_link_follows(testapp, db, demo):
    map_id, name = live(db, "map")
    before, old_pixels = image_of(testapp, "map", name)
    values, checkpoints = Base.metadata.tables["checkpoint_value"], Base.metadata.tables["checkpoint"]
    of_the_map = sa.select(checkpoints.c.id).where(checkpoints.c.map_id == map_id)
    db.execute(sa.update(values).where(values.c.checkpoint_id.in_(of_the_map)).values(mz=99999))
    db.commit()
    after, new_pixels = image_of(testapp, "map", name)
    assert after != before and new_pixels != old_pixels
    assert dict(REGION.findall(drawn_svg(testapp, "map", name)))["mz"] == "#8f1d1d"  # the darkest class
    assert testapp.get(before, status=302).location.endswith(after)


def test_without_node_the_image_is_the_card_at_another_address(make_app, testapp, db, demo):
    _id, name = live(db, "map")
    widget, widget_pixels = image_of(testapp, "map", name)
    without = webtest.TestApp(make_app(**{"smogpanel.share_image.node": "off"}))
    card, card_pixels = image_of(without, "map", name)
    assert card != widget  # what draws it is part of the address: no cache mixes the two
    assert card_pixels[rgb("#2f6fb0")] > 2000  # the card's bars
    assert card_pixels[rgb("#8f1d1d")] == 0 < widget_pixels[rgb("#8f1d1d")]  # no region drawn
