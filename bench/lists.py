"""The list screen in Chromium with 2,477 rows against the same screen with 26, in
one run: a ranking group's values (every gmina of the register's shape) against a group of 26.

    .venv/bin/python bench/lists.py [--rounds 5] [--database-url URL]

For each screen, the median of `rounds` interleaved rounds of:
1. first rows: from an in-app navigation to the screen (the shell already loaded, as an
   operator moving between screens) until its rows and row count are shown;
2. re-sort: a click on 'Gmina' until the rows are shown in that order;
3. search: typing 'zrodlowa 0007' (no Polish letters) until the one row is shown (the box waits
   300 ms after the last key before asking: counted, it is what the operator waits);
4. the longest main-thread task over the three (PerformanceObserver 'longtask'; none: 0).
Also the API alone: the page the screen asks for, and the whole list as before (no `page`).
Times come from Playwright polling the page every animation frame (~16 ms granularity).
Targets: each 2,477-row figure within 1.5× of the 26-row one, no task over 100 ms.
Needs the built front end (`npm run build`) and Debian's /usr/bin/chromium; prints, asserts nothing.
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import line  # noqa: E402

GMINY, SMALL = 2477, 26
EMAIL = "bench-lists@example.pl"
LONGTASKS = """
window.__longest = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
}).observe({ type: 'longtask', buffered: true });
"""


class Temp:
    """What start_live asks of pytest's tmp_path_factory."""

    def mktemp(self, name):
        return Path(tempfile.mkdtemp(prefix=f"{name}-"))


def seed(factory):
    """2,477 gminy in 384 districts, a ranking with a group of all of them and a group of 26."""
    from smogpanel.plugins.hierarchy.models import Borough, District, Voivodeship
    from smogpanel.plugins.ranks.models import Rank, RankGroup, RankValue

    with factory() as db, db.begin():
        districts = []
        for voivodeship in db.query(Voivodeship).order_by(Voivodeship.id).all():
            for number in range(24):
                districts.append(District(name=f"powiat {voivodeship.code}{number:02d}", voivodeship_id=voivodeship.id))
        db.add_all(districts)
        db.flush()
        boroughs = [
            Borough(name=f"Gmina Źródłowa {index:04d}", district_id=districts[index % len(districts)].id)
            for index in range(GMINY)
        ]
        db.add_all(boroughs)
        rank = Rank(name="Bench", internal_name="bench-lists", rank_type_name="gminy")
        db.add(rank)
        db.flush()
        groups = {}
        for name, count in (("big", GMINY), ("small", SMALL)):
            group = RankGroup(name=name, rank_id=rank.id)
            db.add(group)
            db.flush()
            db.add_all(
                RankValue(rank_group_id=group.id, borough_id=b.id, value=i * 1.5, points=i, place=count - 1 - i)
                for i, b in enumerate(boroughs[:count])
            )
            groups[name] = group.id
        return rank.id, groups


def navigate(page, path):
    """An in-app navigation (the router follows history), as a menu link makes."""
    page.evaluate("(path) => { history.pushState({}, '', path); dispatchEvent(new PopStateEvent('popstate')); }", path)


def rows_shown(page, expected_count_text):
    page.wait_for_function(
        "(text) => { const c = document.querySelector('[data-list-count]');"
        " return c && c.textContent.startsWith(text) && document.querySelector('tbody tr td:nth-child(2)'); }",
        arg=expected_count_text,
        polling="raf",
        timeout=60_000,
    )


def first_cell(page):
    return page.evaluate("() => document.querySelector('tbody tr td:nth-child(2)').textContent")


def one_round(page, path, total):
    """(first rows, re-sort, search, longest task) in seconds."""
    page.goto("/voivodeship")
    page.wait_for_selector("[data-list-count]")
    page.evaluate("() => { window.__longest = 0; }")
    start = time.perf_counter()
    navigate(page, path)
    rows_shown(page, f"Wierszy: {total}")
    first = time.perf_counter() - start

    before = first_cell(page)
    start = time.perf_counter()
    page.get_by_role("button", name="Gmina").click()
    page.wait_for_function(
        "(before) => { const th = [...document.querySelectorAll('th')].find((t) => t.textContent.startsWith('Gmina'));"
        " const cell = document.querySelector('tbody tr td:nth-child(2)');"
        " return th && th.getAttribute('aria-sort') === 'ascending' && cell && cell.textContent !== before; }",
        arg=before,
        polling="raf",
        timeout=60_000,
    )
    sort = time.perf_counter() - start

    start = time.perf_counter()
    page.get_by_label("Szukaj", exact=True).fill("zrodlowa 0007")
    rows_shown(page, "Znaleziono: 1")
    search = time.perf_counter() - start
    longest = page.evaluate("() => window.__longest") / 1000
    return first, sort, search, longest


def api_times(live, token, groups, rounds):
    from smogpanel.testing.serve import call

    def median(path):
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            call(live.url + path, "GET", None, token, None, None, 60)
            times.append(time.perf_counter() - start)
        return statistics.median(times)

    out = {}
    for name, group in groups.items():
        base = f"/api/rank_value/rank_group/{group}"
        out[name] = (median(base + "?order=place&asc=1&page=1&per_page=50"), median(base + "?order=place&asc=1"))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database-url", default=None, help="PostgreSQL URL (default: a SQLite file)")
    args = parser.parse_args()
    import os

    if args.database_url:
        os.environ["SMOGPANEL_TEST_DATABASE_URL"] = args.database_url
    from playwright.sync_api import sync_playwright

    from smogpanel.testing.browser import CHROMIUM_ARGS, FULL_CHROMIUM
    from smogpanel.testing.serve import PASSWORD, add_accounts, start_live

    live, server, app = start_live(Temp(), "bench_lists", threads=4)
    add_accounts(live.factory, [EMAIL], True)
    rank_id, groups = seed(live.factory)
    # The sort in the URL: the list path alone would bring back the previous round's search.
    paths = {name: f"/rank/{rank_id}/group/{group}/value?order=place&asc=1" for name, group in groups.items()}
    totals = {"big": GMINY, "small": SMALL}
    results = {"big": [], "small": []}
    with sync_playwright() as playwright:
        # The browser operators run (the tests' headless shell draws the same for less CPU)
        chromium = os.environ.get("SMOGPANEL_CHROMIUM", FULL_CHROMIUM)
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(base_url=live.url, locale="pl-PL", timezone_id="Europe/Warsaw")
        context.add_init_script(LONGTASKS)
        page = context.new_page()
        page.goto("/")
        page.get_by_label("E-mail").fill(EMAIL)
        page.get_by_label("Hasło").fill(PASSWORD)
        page.get_by_role("button", name="Zaloguj się").click()
        page.wait_for_url("**/voivodeship", timeout=30_000)
        for name in ("small", "big"):  # warm-up: the lazy chunks and the gmina list cached
            one_round(page, paths[name], totals[name])
        for _ in range(args.rounds):
            for name in ("small", "big"):
                results[name].append(one_round(page, paths[name], totals[name]))
        token = page.evaluate("localStorage.getItem('token')")
        browser.close()
    print(f"List screen in Chromium, {GMINY} rows against {SMALL} (median of {args.rounds} rounds):")
    labels = ("time to first rows", "re-sort (click on 'Gmina')", "search 'zrodlowa 0007'", "longest main-thread task")
    for index, label in enumerate(labels):
        small = statistics.median(r[index] for r in results["small"])
        big = statistics.median(r[index] for r in results["big"])
        line(f"{label}, {SMALL} rows", small)
        line(f"{label}, {GMINY} rows", big, small or None)
    for name in ("small", "big"):
        worst = max(r[3] for r in results[name])
        print(f"  longest task in any round, {totals[name]} rows: {worst * 1000:.0f} ms (target: none over 100 ms)")
    print("API alone (median): a page of 50, and the whole list as before")
    for name, (paged, whole) in api_times(live, token, groups, args.rounds).items():
        line(f"{totals[name]} rows, page 1 of 50", paged)
        line(f"{totals[name]} rows, whole list", whole, paged)
    server.close()
    app.registry["db.engine"].dispose()
    live.engine.dispose()


if __name__ == "__main__":
    main()
