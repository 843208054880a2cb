"""The letter's content is sanitised on save and on the public side: no vector of this corpus
leaves anything that runs (scripts, event handlers, style, javascript:/data:/vbscript: links,
frames, forms, SVG or MathML), while the formatting the editor writes stays."""

import re

import pytest

from smogpanel.plugins.letters.sanitise import sanitise, to_text

from .helpers import edit_body, group, letter

# After OWASP's XSS filter evasion cheat sheet and html5sec.org.
VECTORS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>",
    "<img src=x onerror=alert(1)>",
    "<IMG SRC=\"javascript:alert('XSS');\">",
    "<IMG SRC=JaVaScRiPt:alert('XSS')>",
    "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",  # noqa: E501 (the OWASP vector, kept whole)
    "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
    '<a href="javascript:alert(1)">klik</a>',
    '<a href="  JAVASCRIPT:alert(1)">klik</a>',
    '<a href="java\nscript:alert(1)">klik</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klik</a>',
    '<a href="vbscript:msgbox(1)">klik</a>',
    '<a href="https://ok.example" onclick="alert(1)" onmouseover=alert(1)>klik</a>',
    '<p style="background:url(javascript:alert(1))">styl</p>',
    '<div style="width: expression(alert(1))">ie</div>',
    "<svg onload=alert(1)><circle r=1></svg>",
    "<svg><script>alert(1)</script></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<form action="javascript:alert(1)"><button>x</button></form>',
    "<input onfocus=alert(1) autofocus>",
    "<details open ontoggle=alert(1)>",
    "<body onload=alert(1)>",
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<link rel=stylesheet href="javascript:alert(1)">',
    "<style>@import 'javascript:alert(1)';</style>",
    '<base href="javascript:alert(1)//">',
    '<video><source onerror="alert(1)"></video>',
    "<marquee onstart=alert(1)>x</marquee>",
    "<<script>script>alert(1)<</script>/script>",
    "<scr<script>ipt>alert(1)</scr</script>ipt>",
    '<!--<img src="--><img src=x onerror=alert(1)//">',
    '<p title="</p><script>alert(1)</script>">x</p>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<img src="https://ok.example/a.png" onerror="alert(1)" style="x:expression(alert(1))">',
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',  # noqa: E501 (the OWASP vector, kept whole)
    '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
    "<template><script>alert(1)</script></template>",
    "<xss id=x tabindex=1 onfocusin=alert(1)></xss>",
]

RUNS = [
    re.compile(
        r"<\s*/?\s*(script|iframe|object|embed|form|input|svg|math|style|link|meta|base|body|template|"
        r"details|video|source|marquee|noscript|xss|table|div|button)\b",
        re.I,
    ),
    re.compile(r"\son\w+\s*=", re.I),
    re.compile(r"style\s*=", re.I),
    re.compile(r"(href|src)\s*=\s*\"?\s*(javascript|vbscript|data):", re.I),
    re.compile(r"\bsrcdoc\b", re.I),
]


def assert_harmless(html):
    for pattern in RUNS:
        assert not pattern.search(html), (pattern.pattern, html)
    assert "alert(1)</" not in html or "<script" not in html.lower()


@pytest.mark.parametrize("vector", VECTORS)
def test_no_vector_survives_sanitising(vector):
    assert_harmless(sanitise(f"<p>Tekst</p>{vector}<p>dalej</p>"))


def test_script_contents_are_dropped_not_left_as_text():
    assert "alert" not in sanitise("<p>a</p><script>alert('xss')</script>")


def test_the_editors_formatting_survives():
    html = (
        "<h2>Tytuł</h2><p>Zwykły, <strong>pogrubiony</strong>, <em>pochylony</em>, <u>podkreślony</u>, "
        '<s>skreślony</s> i <a href="https://czystepowietrze.gov.pl">odnośnik</a>.</p>'
        "<ul><li><p>jeden</p></li></ul><ol><li><p>dwa</p></li></ol><blockquote><p>cytat</p></blockquote>"
        '<p>e-mail: <a href="mailto:biuro@example.org">biuro</a></p>'
    )
    clean = sanitise(html)
    for part in (
        "<h2>Tytuł</h2>",
        "<strong>pogrubiony</strong>",
        "<em>pochylony</em>",
        "<u>podkreślony</u>",
        "<s>skreślony</s>",
        'href="https://czystepowietrze.gov.pl"',
        "<ul><li><p>jeden</p></li></ul>",
        "<ol>",
        "<blockquote>",
        'href="mailto:biuro@example.org"',
    ):
        assert part in clean
    assert 'rel="noopener noreferrer nofollow"' in clean


def test_every_vector_is_cleaned_on_save_and_on_the_public_side(api, anonymous):
    one = group(api)
    content = "<p>Treść</p>" + "".join(VECTORS)
    created = letter(api, one["id"], content=content)
    assert_harmless(created["content"])
    assert "<p>Treść</p>" in created["content"]
    edited = api.post(f"/api/letter/{created['id']}", edit_body(created, content=content))["message"]
    assert_harmless(edited["content"])
    public = anonymous.get("/api/public/letter/apel")["message"]
    assert_harmless(public["content"])
    page = anonymous.app.get("/view/letter/apel").text
    # The payload is inline JSON (its '<' escaped): nothing in it can end the script element.
    payload = page.split('id="smogpanel-payload">', 1)[1].split("</script>", 1)[0]
    assert "<" not in payload


def test_plain_text_version_keeps_paragraphs_lists_and_link_addresses():
    text = to_text(
        sanitise(
            "<p>Szanowni <strong>Państwo</strong>,</p><ol><li>raz</li><li>dwa</li></ol>"
            '<p>Więcej <a href="https://example.org/x">tutaj</a>.</p>'
        )
    )
    assert text == "Szanowni Państwo,\n\n1. raz\n2. dwa\n\nWięcej tutaj (https://example.org/x)."
