"""`/view/dostepnosc`: the accessibility statement of the embedded widgets, in the structure of
the Polish 'deklaracja dostępności' (the Minister of Digital Affairs' "Warunki techniczne
publikacji oraz struktura dokumentu elektronicznego deklaracji dostępności", version 2.0 of
31 July 2024), so a gmina whose site embeds a widget can cite it. The HTML ids the document
requires (`a11y-…`, listed in REQUIRED_IDS) each mark the element they name; docs/embeds.md
says where the list was checked and what was assumed.

The facts only the operator knows (the entity, the contact, the dates) are settings
(`smogpanel.a11y.*`, docs/deployment.md); an unset one reads "nie podano", never an invented
value.
"""

import html

from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from ..openapi import describe_route
from ..settings import public_url

# Required by the technical conditions (version 2.0), as listed in docs/embeds.md.
REQUIRED_IDS = (
    "a11y-wstep",
    "a11y-podmiot",
    "a11y-zakres",
    "a11y-url",
    "a11y-data-publikacja",
    "a11y-data-aktualizacja",
    "a11y-status",
    "a11y-kontakt",
    "a11y-email",
    "a11y-telefon",
    "a11y-procedura",
    "a11y-data-sporzadzenie",
    "a11y-architektura",
    "a11y-komunikacja",
)
UNSET = "nie podano"
LAW = (
    "ustawą z dnia 4 kwietnia 2019 r. o dostępności cyfrowej stron internetowych i aplikacji mobilnych "
    "podmiotów publicznych"
)

PAGE = """<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Deklaracja dostępności widżetów</title>
<style>body{{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.6;
color:#1a1a1a;background:#fff}}
a{{color:#0645ad}}h1{{font-size:1.8rem}}h2{{font-size:1.3rem;margin-top:2rem}}</style></head>
<body><main>
<h1 id="a11y-deklaracja">Deklaracja dostępności widżetów</h1>
<p id="a11y-wstep"><span id="a11y-podmiot">{entity}</span> zobowiązuje się zapewnić dostępność
<span id="a11y-zakres">widżetów osadzanych na stronach partnerów (liczniki, rankingi, mapy, wykresy,
wyszukiwarki, kalkulatory, elementy i listy)</span> zgodnie z {law}. Deklaracja dostępności dotyczy widżetów
serwisu <a id="a11y-url" href="{url}">{url_text}</a>. Gmina, która osadza widżet na swojej stronie, może
powołać się na tę deklarację w części dotyczącej widżetu.</p>
<ul>
<li>Data publikacji: {published}</li>
<li>Data ostatniej istotnej aktualizacji: {updated}</li>
</ul>
<h2>Stan dostępności cyfrowej</h2>
<p id="a11y-status">Widżety są <strong>częściowo zgodne</strong> z {law} z powodu niezgodności
wymienionych poniżej.</p>
<h3>Niedostępne treści</h3>
<ul>
<li>Teksty, obrazy i logo widżetów wpisują i wgrywają operatorzy panelu; ich zrozumiałość i opisy
alternatywne logo zależą od nich.</li>
<li>Mapy przedstawiają dane na rysunku (kolorami województw); te same dane są w tabeli obok mapy
i w jej opisie tekstowym.</li>
</ul>
<h3>Co zapewniamy</h3>
<ul>
<li>Każdy wykres, mapa i ranking ma krótki opis tekstowy przygotowany z jego danych (najwyższa
i najniższa wartość) oraz tabelę z danymi, dostępną dla czytników ekranu: przy wykresach do
rozwinięcia przyciskiem „Pokaż dane w tabeli”, przy mapach i rankingach widoczną obok.</li>
<li>Liczniki czasu podają czytnikom ekranu termin, a nie każdą mijającą sekundę.</li>
<li>Elementy sterujące widżetów (listy wyboru, pola wyszukiwania, odnośniki) są standardowymi
elementami formularzy i odnośnikami z etykietami.</li>
</ul>
<h2>Przygotowanie deklaracji dostępności</h2>
<ul>
<li>Data sporządzenia deklaracji: {prepared}</li>
<li>Deklarację sporządzono na podstawie samooceny przeprowadzonej przez dostawcę serwisu, wspartej
automatycznymi testami widżetów w przeglądarce.</li>
</ul>
<h2 id="a11y-kontakt">Informacje zwrotne i dane kontaktowe</h2>
<p>Problemy z dostępnością widżetów można zgłaszać osobie kontaktowej: <span id="a11y-osoba">{person}</span>,
e-mail: <span id="a11y-email">{email}</span>, telefon: <span id="a11y-telefon">{phone}</span>.
Tą samą drogą można złożyć wniosek o udostępnienie niedostępnej informacji albo żądanie zapewnienia
dostępności.</p>
<h2 id="a11y-procedura">Obsługa wniosków i skarg związanych z dostępnością</h2>
<p>Każdy ma prawo wystąpić z żądaniem zapewnienia dostępności cyfrowej strony internetowej, aplikacji
mobilnej lub jakiegoś ich elementu. Żądanie należy zgłosić podmiotowi wskazanemu wyżej; powinno zawierać
dane osoby zgłaszającej, wskazanie, o który element chodzi, oraz sposób kontaktu. Podmiot realizuje
żądanie niezwłocznie, nie później niż w ciągu 7 dni od jego otrzymania; jeśli nie jest to możliwe,
informuje o tym i wskazuje termin, nie dłuższy niż 2 miesiące, albo proponuje alternatywny sposób
dostępu do informacji. Po wyczerpaniu tej procedury można złożyć wniosek o wszczęcie postępowania
do Rzecznika Praw Obywatelskich.</p>
<h2>Dostępność architektoniczna</h2>
<p id="a11y-architektura">Deklaracja dotyczy wyłącznie widżetów w internecie; dostępność
architektoniczną budynków opisuje podmiot, który je prowadzi.</p>
<h2>Dostępność komunikacyjno-informacyjna</h2>
<p id="a11y-komunikacja">Informacje o dostępności komunikacyjno-informacyjnej (tłumacz języka migowego,
pętle indukcyjne) podaje podmiot osadzający widżet na swojej stronie.</p>
</main></body></html>"""


def _text(settings, name):
    return html.escape((settings.get(f"smogpanel.a11y.{name}") or "").strip() or UNSET)


def _date(settings, name, element_id):
    """A <time> with its machine-readable date (RRRR-MM-DD), or 'nie podano'."""
    value = (settings.get(f"smogpanel.a11y.{name}") or "").strip()
    if not value:
        return f'<span id="{element_id}">{UNSET}</span>'
    value = html.escape(value)
    return f'<time id="{element_id}" datetime="{value}">{value}</time>'


def statement_page(request):
    settings = request.registry.settings
    url = public_url(settings)
    page = PAGE.format(
        entity=_text(settings, "entity"),
        law=LAW,
        url=html.escape(url + "/"),
        url_text=html.escape(url),
        published=_date(settings, "published", "a11y-data-publikacja"),
        updated=_date(settings, "updated", "a11y-data-aktualizacja"),
        prepared=_date(settings, "prepared", "a11y-data-sporzadzenie"),
        person=_text(settings, "person"),
        email=_text(settings, "email"),
        phone=_text(settings, "phone"),
    )
    response = Response(page, content_type="text/html", charset="utf-8")
    response.cache_control = "public, max-age=300"
    return response


def includeme(config):
    config.add_route("view-statement", "/view/dostepnosc")
    config.add_view(
        statement_page, route_name="view-statement", request_method="GET", permission=NO_PERMISSION_REQUIRED
    )
    describe_route(
        config,
        "/view/dostepnosc",
        "GET",
        {
            "summary": "Deklaracja dostępności widżetów (struktura deklaracji dostępności, identyfikatory a11y-*).",
            "security": [],
            "responses": {
                "200": {"description": "Strona deklaracji", "content": {"text/html": {"schema": {"type": "string"}}}}
            },
        },
    )
