"""The partner's look options, downloads and print on real pages in Chromium: every
public kind in the dark theme passes WCAG AA contrast for its text (a check like axe's
color-contrast rule: each text's colour against the background it is painted on), and on a
partner page of another origin each option does what the snippet says."""

import io
import json
import re

import openpyxl
import pytest
import sqlalchemy as sa
from PIL import Image
from playwright.sync_api import expect

from smogpanel.gazetteer import find_gazetteer
from smogpanel.models import Setting
from smogpanel.plugin_manager import build_plugin_manager
from smogpanel.testing.browser import assert_accessible, axe_violations, sign_in

KINDS = ("timer", "map", "rank", "search", "calculator", "graph", "letter", "item")
DEMO_NAMES = "demo_records_of_embed_looks"
UUID = "6a0e0c43-5a1e-4c8e-9a55-0d1f3c9e8a10"

# The contrast of every visible text against the background behind it (the nearest ancestor
# with an opaque background; the page's colour when none), as WCAG 2 defines it: at least 4.5:1,
# 3:1 for large text (24 px, or 18.66 px bold). Elements the widget colours on purpose (badges
# with their own background, map swatches) are measured the same way.
CONTRAST = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const channel = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  const lum = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const failures = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('noscript,script,style,title,svg')) continue;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (style.visibility === 'hidden' || box.width === 0 || box.height === 0) continue;
    const fg = rgb(style.color);
    const [l1, l2] = [lum(fg.slice(0, 3)), lum(background(el))].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const text = node.textContent.trim().slice(0, 30);
    if (ratio < (large ? 3 : 4.5)) failures.push(`${el.tagName}.${el.className}: ${ratio.toFixed(2)} "${text}"`);
  }
  return failures;
}"""


@pytest.fixture(scope="module")
def demo(live_server):
    """Every plugin's demo records in the live database, once (their internal names by kind).

    The names are those of the records the demo wrote, kept beside it: the live database is
    shared, and a record another test made before the demo was written (a graph without data)
    would be the first of its kind by id."""
    manager = build_plugin_manager()
    with live_server.session_factory() as db, db.begin():
        if db.get(Setting, DEMO_NAMES) is None:
            last = dict.fromkeys(KINDS, 0)  # demo data written by someone else: the first of each kind
            if db.get(Setting, "demo_data") is None:
                last = {kind: db.scalar(sa.text(f"SELECT coalesce(max(id), 0) FROM {kind}")) for kind in KINDS}
                manager.hook.smogpanel_demo_data(db=db, gazetteer=find_gazetteer(manager))
                db.add(Setting(key="demo_data", value="written"))
            db.flush()
            names = {
                kind: db.scalar(
                    sa.text(
                        f"SELECT internal_name FROM {kind} WHERE deleted IS NULL AND id > :last ORDER BY id LIMIT 1"
                    ),
                    {"last": last[kind]},
                )
                for kind in KINDS
            }
            db.add(Setting(key=DEMO_NAMES, value=json.dumps(names)))
    with live_server.session_factory() as db:
        return json.loads(db.get(Setting, DEMO_NAMES).value)


def embed(live_server, kind, name, query=""):
    return f"{live_server.url}/view/{kind}/{name}/embed/{UUID}{query}"


def widget_frame(page, live_server, index=0):
    return [f for f in page.frames if f.url.startswith(live_server.url)][index]


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_in_the_dark_theme_passes_contrast(page, live_server, demo, kind):
    page.emulate_media(color_scheme="dark")
    page.goto(embed(live_server, kind, demo[kind], "?theme=auto"))
    page.wait_for_selector(".smogpanel-actions, #smogpanel-widget > *:not(noscript)")
    page.wait_for_timeout(200)  # the lazily loaded actions
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "dark"
    assert page.evaluate(CONTRAST) == []
    assert_accessible(page)  # axe as well as the contrast script: names, roles, labels in the name
    page.emulate_media(color_scheme="light")
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
    assert page.evaluate(CONTRAST) == []
    assert_accessible(page)


def test_each_option_on_a_partner_page_of_another_origin(page, live_server, partner_site, demo):
    name = demo["rank"]
    frames = [
        ("", "Domyślny"),
        ("?theme=dark", "Ciemny"),
        ("?theme=auto", "Automatyczny"),
        ("?transparent=1&plain=1&accent=%23c2410c", "Przezroczysty"),
        ("?image=0&data=0&accent=javascript:x", "Bez pobierania"),
    ]
    iframes = "".join(
        f'<iframe src="{embed(live_server, "rank", name, query)}" title="{title}" data-smogpanel-embed="{UUID}-{i}" '
        f'style="display:block;border:0;width:700px;height:300px"></iframe>'
        for i, (query, title) in enumerate(frames)
    )
    (partner_site.folder / "index.html").write_text(
        "<!doctype html><html lang='pl'><meta charset='utf-8'><title>Partner</title>"
        f"<body style='margin:0;background:#fde68a'>{iframes}</body></html>",
        encoding="utf-8",
    )
    page.emulate_media(color_scheme="dark")
    page.goto(f"{partner_site.url}/index.html")
    default, dark, auto, transparent, bare = (page.frame_locator(f'iframe[title="{t}"]') for _q, t in frames)
    for frame in (default, dark, auto, transparent):
        expect(frame.get_by_role("link", name="Pobierz obraz (PNG)")).to_be_visible()

    style = lambda frame, selector, prop: frame.locator(selector).first.evaluate(  # noqa: E731
        f"(e) => getComputedStyle(e).{prop}"
    )
    # Default: the widget's own light look, as before themes.
    assert style(default, ".spr", "backgroundColor") == "rgb(255, 255, 255)"
    # Dark, and auto under a dark preference: the dark palette.
    for frame in (dark, auto):
        assert style(frame, "body", "backgroundColor") == "rgb(17, 24, 39)"
        assert style(frame, ".spr", "color") == "rgb(243, 244, 246)"
    # Transparent: the partner's yellow shows through; plain: no title; the accent on links.
    assert style(transparent, ".spr", "backgroundColor") == "rgba(0, 0, 0, 0)"
    assert style(transparent, "body", "backgroundColor") == "rgba(0, 0, 0, 0)"
    expect(transparent.locator(".spr h1")).to_be_hidden()
    expect(transparent.locator(".spr-sub")).to_be_hidden()
    expect(default.locator(".spr h1")).to_be_visible()
    assert style(transparent, ".smogpanel-actions a", "color") == "rgb(194, 65, 12)"
    # image=0 and data=0 hide the actions; an invalid accent is ignored.
    expect(bare.locator(".spr h1")).to_be_visible()
    expect(bare.get_by_role("link", name="Pobierz obraz (PNG)")).to_have_count(0)
    expect(bare.get_by_role("link", name="Pobierz dane (CSV)")).to_have_count(0)
    assert widget_frame(page, live_server, 4).evaluate("document.documentElement.style.length") == 0

    # The downloads the links name: a workbook and a CSV that open.
    xlsx = default.get_by_role("link", name="Pobierz dane (XLSX)").get_attribute("href")
    workbook = openpyxl.load_workbook(io.BytesIO(page.request.get(live_server.url + xlsx).body()))
    assert workbook.worksheets[0]["A1"].value == "Grupa"
    csv = default.get_by_role("link", name="Pobierz dane (CSV)").get_attribute("href")
    assert page.request.get(live_server.url + csv).text().lstrip("\ufeff").startswith("Grupa;Miejsce;Gmina")
    png = default.get_by_role("link", name="Pobierz obraz (PNG)").get_attribute("href")
    answer = page.request.get(live_server.url + png)
    assert answer.headers["content-type"] == "image/png" and answer.body()[:8] == b"\x89PNG\r\n\x1a\n"


def test_print_shows_the_data_without_controls(page, live_server, demo):
    page.goto(f"/view/graph/{demo['graph']}")
    expect(page.get_by_role("link", name="Pobierz obraz (PNG)")).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator(".smogpanel-actions")).to_be_hidden()
    expect(page.locator("#smogpanel-widget select").first).to_be_hidden()
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")  # what printing fires
    expect(page.locator("#smogpanel-widget details table").first).to_be_visible()
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    page.emulate_media(media="screen")
    expect(page.locator(".smogpanel-actions")).to_be_visible()


def test_without_javascript_the_view_shows_its_image(browser, live_server, demo):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"/view/rank/{demo['rank']}")
    image = page.locator("img.smogpanel-fallback")
    expect(image).to_be_visible()
    assert image.bounding_box()["width"] > 0
    og = page.locator('meta[property="og:image"]').get_attribute("content")
    src = image.get_attribute("src")
    assert re.fullmatch(r"/view/rank/.+/image/[0-9a-f]{16}\.png", src) and og.endswith(src)
    assert Image.open(io.BytesIO(page.request.get(src).body())).size == (1200, 630)
    context.close()


def test_the_operator_sets_the_look_and_the_licence_in_the_embed_dialog(page, live_server, partner_site, demo):
    sign_in(page, live_server, land="/rank")
    with live_server.session_factory() as db:
        title = db.scalar(sa.text("SELECT name FROM rank WHERE internal_name = :n"), {"n": demo["rank"]})
    page.get_by_role("row").filter(has_text=title).get_by_role("button", name="Osadź").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Motyw").select_option(label="Ciemny")
    dialog.get_by_label("Kolor akcentu (opcjonalnie)").fill("czerwony")
    expect(dialog.get_by_text("Podaj kolor w postaci #rgb albo #rrggbb")).to_be_visible()
    dialog.get_by_label("Kolor akcentu (opcjonalnie)").fill("#c2410c")
    dialog.get_by_label("Bez tytułu i stopki (strona partnera ma własne)").check()
    # The live preview follows the options.
    preview = dialog.frame_locator("iframe")
    expect(preview.locator(".spr h1")).to_be_hidden()
    dialog.get_by_label("Licencja", exact=True).fill("CC0 1.0")
    dialog.get_by_role("button", name="Zapisz źródło i licencję").click()
    expect(dialog.get_by_text("Operacja została zakończona")).to_be_visible()
    snippet = dialog.get_by_label("Fragment kodu HTML do wklejenia na stronę").input_value()
    assert "?theme=dark&amp;accent=%23c2410c&amp;plain=1" in snippet and "czerwony" not in snippet

    (partner_site.folder / "index.html").write_text(
        "<!doctype html><html lang='pl'><meta charset='utf-8'><title>Partner</title>"
        f"<body><div style='width:700px'>{snippet}</div></body></html>",
        encoding="utf-8",
    )
    page.goto(f"{partner_site.url}/index.html")
    frame = page.frame_locator("iframe")
    expect(frame.get_by_role("link", name="Pobierz dane (CSV)")).to_be_visible()
    expect(frame.locator(".spr h1")).to_be_hidden()
    assert frame.locator("body").evaluate("(e) => getComputedStyle(e).backgroundColor") == "rgb(17, 24, 39)"
    csv = frame.get_by_role("link", name="Pobierz dane (CSV)").get_attribute("href")
    assert "Licencja: CC0 1.0" in page.request.get(live_server.url + csv).text()


def test_axe_refuses_a_link_named_other_than_its_text(page, live_server):
    """The check the download links failed (WCAG 2.5.3, experimental in axe, so enabled by
    `axe_violations`): a link showing "CSV" named "Pobierz dane (CSV)"; its text as its name passes."""
    page.goto("/")
    link = '<a href="/dane.csv"{label}>{text}</a>'
    body = '<html lang="pl"><head><title>Dane</title></head><body><main><h1>Dane</h1>{}</main></body></html>'
    page.set_content(body.format(link.format(label=' aria-label="Pobierz dane (CSV)"', text="CSV")))
    assert axe_violations(page) == ["label-content-name-mismatch: ['a']"]
    page.set_content(body.format(link.format(label="", text="Pobierz dane (CSV)")))
    assert axe_violations(page) == []


@pytest.mark.parametrize("kind", KINDS)
def test_every_kinds_own_public_page_passes_axe(page, live_server, demo, kind):
    """The widget's page on the panel (`/view/<kind>/<name>`, what a share link opens), its
    download links included."""
    page.goto(f"{live_server.url}/view/{kind}/{demo[kind]}")
    page.wait_for_selector(".smogpanel-actions, #smogpanel-widget > *:not(noscript)")
    expect(page.locator(".smogpanel-actions a").first).to_be_visible()
    assert_accessible(page)
