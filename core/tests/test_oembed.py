"""oEmbed 1.0 for the public views: a pasted view address answers the 'Osadź' snippet as a
`rich` answer within maxwidth and maxheight; JSON only (501 otherwise); anything but this
panel's own public views answers 404, whatever Host the request names; every public view
names its oEmbed answer in its head. And the widgets' accessibility statement page."""

import html
import re
from urllib.parse import quote

import pytest
import webtest

from .test_public_serving import live_name

PANEL = "https://panel.example.pl"
LINK = re.compile(r'<link rel="alternate" type="application/json\+oembed" href="([^"]+)" title="([^"]+)">')


@pytest.fixture
def app(make_app):
    return webtest.TestApp(make_app(**{"smogpanel.public_url": PANEL}))


def oembed(app, url, status=200, **params):
    query = "&".join(f"{k}={v}" for k, v in {"url": quote(url, safe=""), **params}.items())
    return app.get(f"/oembed?{query}", status=status)


def test_a_view_address_answers_the_embed_snippet(app, db, demo):
    name = live_name(db, "timer")
    answer = oembed(app, f"{PANEL}/view/timer/{name}", format="json").json
    assert answer["version"] == "1.0" and answer["type"] == "rich"
    assert answer["provider_name"] == "Smogpanel" and answer["provider_url"] == PANEL + "/"
    assert answer["title"] == f"Licznik: {name}"
    assert answer["width"] == answer["height"] == 300
    iframe = re.fullmatch(
        r'<iframe src="([^"]+)" title="([^"]+)" data-smogpanel-embed="([0-9a-f-]{36})" '
        r'style="display:block;border:0;overflow:hidden;width:300px;height:300px" scrolling="no"></iframe>\n'
        r'<script src="https://panel.example.pl/static/embeds/loader.js" async></script>',
        answer["html"],
    )
    assert iframe is not None, answer["html"]
    assert iframe.group(1) == f"{PANEL}/view/timer/{name}/embed/{iframe.group(3)}"
    # The embed page it frames is there.
    assert app.get(f"/view/timer/{name}/embed/{iframe.group(3)}").status_int == 200
    # An embed's own address works too, and each answer is a new embed.
    again = oembed(app, f"{PANEL}/view/timer/{name}/embed/0b9d7c1e-2f6a-4c2b-9a55-7d1f3c9e8a10").json
    assert again["html"] != answer["html"]


def test_the_answer_obeys_maxwidth_and_maxheight(app, db, demo):
    name = live_name(db, "timer")
    assert oembed(app, f"{PANEL}/view/timer/{name}", maxwidth="250").json["width"] == 250
    small = oembed(app, f"{PANEL}/view/timer/{name}", maxwidth="640", maxheight="120").json
    assert (small["width"], small["height"]) == (120, 120) and "width:120px;height:120px" in small["html"]
    assert oembed(app, f"{PANEL}/view/timer/{name}", maxwidth="abc").json["width"] == 300


def test_xml_is_not_implemented(app, db, demo):
    name = live_name(db, "timer")
    assert oembed(app, f"{PANEL}/view/timer/{name}", status=501, format="xml").json["errors"][0]["name"] == "format"


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.example.com/view/timer/{name}",  # another site
        "http://panel.example.pl/view/timer/{name}",  # another scheme
        "https://panel.example.pl:8443/view/timer/{name}",  # another port
        "https://panel.example.pl/view/timer/nie-ma-takiego",  # no such record
        "https://panel.example.pl/view/nic/{name}",  # no such kind
        "https://panel.example.pl/api/public/timer/{name}",  # no view
        "https://panel.example.pl/view/timer/{name}/inne/1",
        "https://panel.example.pl/",
        "javascript:alert(1)",
        "",
    ],
)
def test_anything_but_a_view_of_this_panel_is_not_found(app, db, demo, url):
    answer = oembed(app, url.format(name=live_name(db, "timer")), status=404)
    assert answer.json["success"] is False


def test_the_host_header_is_never_trusted(app, db, demo):
    name = live_name(db, "timer")
    oembed(
        app, f"https://evil.example.com/view/timer/{name}", status=404, extra_environ={"HTTP_HOST": "evil.example.com"}
    )


def test_every_public_view_names_its_oembed_answer(app, db, demo):
    name = live_name(db, "timer")
    for path in (f"/view/timer/{name}", f"/view/timer/{name}/embed/0b9d7c1e-2f6a-4c2b-9a55-7d1f3c9e8a10"):
        link = LINK.search(app.get(path).text)
        assert link is not None
        href = html.unescape(link.group(1))
        assert href == f"{PANEL}/oembed?url={quote(f'{PANEL}/view/timer/{name}', safe='')}&format=json"
        assert html.unescape(link.group(2)) == f"Licznik: {name}"
        assert app.get(href.removeprefix(PANEL)).json["type"] == "rich"


def test_the_accessibility_statement_carries_the_required_ids(make_app):
    from smogpanel.public.statement import REQUIRED_IDS

    app = webtest.TestApp(
        make_app(
            **{
                "smogpanel.public_url": PANEL,
                "smogpanel.a11y.entity": "Fundacja Czyste Powietrze",
                "smogpanel.a11y.email": "dostepnosc@example.pl",
                "smogpanel.a11y.published": "2026-01-15",
            }
        )
    )
    page = app.get("/view/dostepnosc").text
    for element_id in (*REQUIRED_IDS, "a11y-deklaracja"):
        assert page.count(f'id="{element_id}"') == 1, element_id
    assert '<span id="a11y-podmiot">Fundacja Czyste Powietrze</span>' in page
    assert '<time id="a11y-data-publikacja" datetime="2026-01-15">2026-01-15</time>' in page
    assert '<span id="a11y-telefon">nie podano</span>' in page  # never an invented number
    assert f'<a id="a11y-url" href="{PANEL}/">' in page
