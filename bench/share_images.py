"""The share image's render time per public kind, against the payload's build in the
same run.

    .venv/bin/python bench/share_images.py [--rounds 7] [--database-url URL]

On the demo data (`smogpanel init --demo`), in process, for each kind's first record: the
payload's build (`GET /api/public/<kind>/<name>` with the payload cache emptied: the baseline),
the image's render on a miss (`GET /view/<kind>/<name>/image/<tag>.png` with the image cache
emptied, the payload cached: the table, the SVG card, resvg's rasterising and the PNG), and the
image from the cache; and, once, resvg rasterising a blank canvas of the same size (the floor
of any render). The ranking twice: the demo's gminy ranking (its script writes nothing, the
card is drawn) and its voivodeships ranking. For the kinds whose image is the widget's own
drawing (the map, the chart, a voivodeships ranking, the calculator:
smogpanel.public.widget_image, Node running the plugin's image script), also the drawing under
Node alone and, from a second app with `smogpanel.share_image.node = off`, the card those kinds
fall back to. Prints medians in ms and each one's ratio to the payload's build; asserts
nothing. The figures go to docs/performance.md.
"""

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path

from timing import line, timed

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

KINDS = ("timer", "map", "rank", "search", "calculator", "graph", "letter", "item")


def first_names(url):
    """[(label, kind, internal name)]: each kind's first record, and the first voivodeships ranking."""
    import sqlalchemy as sa

    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    first = "SELECT internal_name FROM {} WHERE deleted IS NULL {}ORDER BY id LIMIT 1"
    with engine.connect() as connection:
        cases = [(kind, kind, connection.execute(sa.text(first.format(kind, ""))).scalar()) for kind in KINDS]
        voivodeships = connection.execute(
            sa.text(first.format("rank", "AND rank_type_name = 'voivodeships' "))
        ).scalar()
    engine.dispose()
    at = KINDS.index("rank")
    cases[at] = ("rank (gminy)", "rank", cases[at][2])
    cases.insert(at + 1, ("rank (voivodeships)", "rank", voivodeships))
    return cases


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--database-url")
    args = parser.parse_args()

    import webtest

    from smogpanel import main as make_app
    from smogpanel.migrate import upgrade
    from smogpanel.plugin_manager import build_plugin_manager
    from smogpanel.testing.data import write_demo_data

    url = args.database_url or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite"
    upgrade(url, build_plugin_manager())
    write_demo_data(url)
    settings = {"sqlalchemy.url": url, "smogpanel.secret": "b" * 48, "smogpanel.smtp_url": ""}
    app = webtest.TestApp(make_app({}, **settings))
    card_app = webtest.TestApp(make_app({}, **settings, **{"smogpanel.share_image.node": "off"}))
    registry = app.app.registry
    cases = first_names(url)

    replay = app.app
    while not hasattr(replay, "answers"):  # the layer that repeats public answers (smogpanel.ops.replay)
        replay = getattr(replay, "app", None) or replay.application  # WhiteNoise names it `application`

    def empty(cache, registry=registry):
        registry[cache].local.entries.clear()
        replay.answers.entries.clear()

    import json

    from smogpanel.public.share import HEIGHT, WIDTH, rasterise
    from smogpanel.public.widget_image import renderer, widget_svg

    blank = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}">'
        '<rect width="100%" height="100%" fill="#fff"/></svg>'
    )
    canvas = statistics.median(timed(lambda: rasterise(blank)) for _ in range(args.rounds))
    print(f"resvg: a blank {WIDTH}x{HEIGHT} canvas to PNG, the floor of any render: {canvas * 1000:.1f} ms")
    print(f"Share image per kind, median of {args.rounds} rounds (ratio: to the payload's build)")
    for label, kind, name in cases:
        page = app.get(f"/view/{kind}/{name}").text
        image = re.search(r'<meta property="og:image" content="[^"]*?(/view/[^"]+\.png)"', page).group(1)

        def payload():
            empty("smogpanel.public_cache")
            app.get(f"/api/public/{kind}/{name}")

        def render():
            empty("smogpanel.public_images")
            app.get(image)

        base = statistics.median(timed(payload) for _ in range(args.rounds))
        miss = statistics.median(timed(render) for _ in range(args.rounds))
        hit = statistics.median(timed(lambda: app.get(image)) for _ in range(args.rounds))
        size = len(app.get(image).body)
        public_kind = registry["smogpanel.public_kinds"][kind]
        text = json.dumps(app.get(f"/api/public/{kind}/{name}").json["message"], ensure_ascii=False)
        drawn_by = renderer(registry, public_kind).partition(":")[0]
        if drawn_by == "widget" and widget_svg(registry, public_kind, text) is None:
            drawn_by = "declined"  # the script wrote nothing for this payload: the card, after a Node start
        what = {"widget": "the widget drawn under Node", "declined": "the card, the script declined"}
        print(f"{label} ({size // 1024} KB PNG, {what.get(drawn_by, 'the card')})")
        line("payload build (baseline)", base, base)
        line("image render (miss)", miss, base)
        line("image from the cache", hit, base, decimals=2)
        if drawn_by in ("widget", "declined"):
            node = statistics.median(timed(lambda: widget_svg(registry, public_kind, text)) for _ in range(args.rounds))
            card_page = card_app.get(f"/view/{kind}/{name}").text
            card_image = re.search(r'<meta property="og:image" content="[^"]*?(/view/[^"]+\.png)"', card_page).group(1)

            def render_card():
                empty("smogpanel.public_images", card_app.app.registry)
                card_app.get(card_image)

            card = statistics.median(timed(render_card) for _ in range(args.rounds))
            line("  of which the drawing under Node", node, base)
            line("the card instead (no Node)", card, base)


if __name__ == "__main__":
    main()
