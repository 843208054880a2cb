"""Browser test fixtures: the real panel on a live server, driven by Playwright in Debian's
Chromium (its headless shell; Playwright's own browser downloads are not used).

The live server has a database of its own that really commits (a temporary SQLite file, or
the schema `live_browser` of the PostgreSQL test database), so browser tests create their own
uniquely named records and never count on what others left behind.
"""

import collections
import functools
import os
import shutil
import threading
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from .serve import PASSWORD, add_accounts, start_live

# Debian builds one Chromium (one Blink, one V8) as two programs: the browser operators run, and
# its headless shell (package chromium-headless-shell), the program Playwright itself runs for
# headless tests. The shell draws the same pages for about half the CPU (docs/performance.md,
# "The test suite": 70-76 s against 125-133 s for the same 42 tests), so the tests run in it;
# SMOGPANEL_CHROMIUM=/usr/bin/chromium runs them in the whole browser. `make test` installs both
# (the shell when a package source is reachable; without it the tests run in the browser).
FULL_CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"


def chromium_for_tests(environ=os.environ):
    """The Chromium the browser tests drive: SMOGPANEL_CHROMIUM when set, else the headless shell
    when it is installed, else the whole browser."""
    if environ.get("SMOGPANEL_CHROMIUM"):
        return environ["SMOGPANEL_CHROMIUM"]
    return HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else FULL_CHROMIUM


CHROMIUM = chromium_for_tests()
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LIVE_SCHEMA = "live_browser"
NO_PANEL = "/healthz"  # a document of the panel's origin without the panel's scripts


@dataclass
class LiveServer:
    url: str
    admin_email: str
    user_email: str
    password: str
    session_factory: object
    settings: dict

    def unique(self, prefix):
        """A name no other test uses: browser tests share the live database."""
        return f"{prefix} {uuid.uuid4().hex[:8]}"


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    live, server, app = start_live(
        tmp_path_factory, LIVE_SCHEMA, threads=4, **{"smogpanel.support_url": "https://pomoc.example.pl/zgloszenie"}
    )
    add_accounts(live.factory, ["szef@example.pl"], True, firstname="Barbara", lastname="Szefowa")
    add_accounts(live.factory, ["pracownik@example.pl"], False, firstname="Piotr", lastname="Pracownik")
    yield LiveServer(
        url=live.url,
        admin_email="szef@example.pl",
        user_email="pracownik@example.pl",
        password=PASSWORD,
        session_factory=live.factory,
        settings=live.settings,
    )
    server.close()
    app.registry["db.engine"].dispose()
    live.engine.dispose()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: `make test` installs Debian's chromium and "
            "chromium-headless-shell packages."
        )
    from playwright.sync_api import expect, sync_playwright

    # Assertions wait as long as actions do (contexts: 10 s): Playwright's 5 s for `expect` ran out
    # once for a passkey ceremony on a loaded 2-core machine
    expect.set_options(timeout=10_000)
    playwright = sync_playwright().start()
    browser = RelaunchingBrowser(playwright)
    yield browser
    browser.close()
    playwright.stop()


class RelaunchingBrowser:
    """The session's Chromium, launched again when it is gone: if it dies in one test (it exited
    once in a full run), that test fails, not every browser test after it. Otherwise it is
    Playwright's `Browser`, attribute for attribute."""

    def __init__(self, playwright):
        self._playwright = playwright
        self._browser = None

    def current(self):
        if self._browser is None or not self._browser.is_connected():
            self._browser = self._playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
        return self._browser

    def __getattr__(self, name):
        return getattr(self.current(), name)

    def close(self):
        if self._browser is not None and self._browser.is_connected():
            self._browser.close()


# The pages `watched_page` opens ask for reduced motion (CSS `prefers-reduced-motion: reduce`, a
# setting operators have too), so Bootstrap draws no transitions: a click's hover fade, a field's
# focus glow and a dialog's fade in each made Chromium draw frames for a few hundred ms: 12-16 %
# of a set of browser files' CPU, 4-12 % over every browser test (docs/performance.md, "The test
# suite", 2026-12-07). The panel has no motion of its own. Tests marked `motion` (the shell's:
# the menus' axe walk, the login screen) and every context a test opens itself run with the
# browser's default, animations on; core/tests/test_browser_motion.py checks that the panel
# honours the setting.
REDUCED_MOTION = "reduce"


@contextmanager
def watched_page(browser, base_url, motion=False):
    """A fresh browser profile (empty local storage) on `base_url`, in Polish and Warsaw time,
    asking for reduced motion unless `motion`; the test fails on a JavaScript error or a
    script-policy violation on any of its pages."""
    context = browser.new_context(
        base_url=base_url,
        locale="pl-PL",
        timezone_id="Europe/Warsaw",
        reduced_motion="no-preference" if motion else REDUCED_MOTION,
    )
    context.set_default_timeout(10_000)
    _page_logs.append(PageLog(context))
    context.add_init_script(PageLog.POINTER_EVENTS)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    violations = watch_policy_violations(context)
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    assert not violations, f"Content-Security-Policy violations: {violations}"


class PageLog:
    """What the pages of one browser context did, shown under a failed test ("browser log"): each
    navigation, API answer, failed request and console message, with the seconds since the
    context opened. A flake that cannot be reproduced at will is read from it."""

    KEPT = 300
    # Each press, release and click, with the element it reached, as a console line of the log: a
    # click that did nothing is told apart from one that never came or hit something else
    POINTER_EVENTS = """
      for (const type of ['pointerdown', 'pointerup', 'click']) {
        document.addEventListener(type, (event) => {
          const target = event.target instanceof Element ? event.target : null;
          const text = target ? (target.textContent || '').trim().slice(0, 40) : '';
          const named = target ? `${target.tagName.toLowerCase()} "${text}"` : '?';
          console.debug(`[pointer] ${type} at ${Math.round(event.clientX)},${Math.round(event.clientY)} on ${named}`);
        }, true);
      }
    """

    def __init__(self, context):
        self.started = time.monotonic()
        self.lines = collections.deque(maxlen=self.KEPT)
        context.on("page", self.watch)

    def add(self, text):
        self.lines.append(f"{time.monotonic() - self.started:7.2f} s  {text}")

    def watch(self, page):
        page.on("framenavigated", lambda frame: frame.parent_frame is None and self.add(f"page at {frame.url}"))
        page.on("requestfailed", lambda request: self.add(f"failed {request.method} {request.url}: {request.failure}"))
        page.on("response", lambda response: self.answered(response))
        page.on("console", lambda message: self.add(f"console {message.type}: {message.text}"))
        page.on("pageerror", lambda error: self.add(f"JavaScript error: {error}"))

    def answered(self, response):
        if "/api/" in response.url or response.status >= 400:
            self.add(f"{response.status} {response.request.method} {response.url}")


_page_logs = []  # the running test's


def page_logs():
    """The `PageLog`s of the running test's browser contexts, in the order they opened."""
    return list(_page_logs)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _page_logs.clear()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and _page_logs:
        for number, log in enumerate(_page_logs, 1):
            report.sections.append((f"browser log, context {number}", "\n".join(log.lines) or "(nothing)"))
    return report


@contextmanager
def own_panel(tmp_path_factory, schema, email, firstname, lastname, **settings):
    """A live panel of its own (for settings the shared one cannot have), with one super
    administrator: (LiveServer, its app); stopped when the block ends."""
    live, server, app = start_live(tmp_path_factory, schema, threads=4, **settings)
    add_accounts(live.factory, [email], True, firstname=firstname, lastname=lastname)
    try:
        yield LiveServer(live.url, email, "", PASSWORD, live.factory, live.settings), app
    finally:
        server.close()
        app.registry["db.engine"].dispose()
        live.engine.dispose()


@pytest.fixture
def page(request, browser, live_server):
    """A fresh browser profile (empty local storage) on the live server, asking for reduced
    motion unless the test is marked `motion`."""
    with watched_page(browser, live_server.url, motion=request.node.get_closest_marker("motion") is not None) as page:
        yield page


def is_policy_violation(text):
    """Chromium reports every refusal of the Content-Security-Policy on the console."""
    return "Content Security Policy" in text


def watch_policy_violations(context):
    """A list that fills with the CSP violations any page of `context` (and its frames:
    embeds, partner pages) reports on the console."""
    violations = []

    def watch(page):
        page.on(
            "console",
            lambda message: (
                is_policy_violation(message.text)
                and violations.append(f"{message.page.url if message.page else ''}: {message.text}")
            ),
        )

    context.on("page", watch)
    for page in context.pages:
        watch(page)
    return violations


def sign_in(page, live_server, email=None, screen=False, land="/voivodeship"):
    """Signs `email` (the administrator by default) in and lands on `land` (the panel's start,
    /voivodeship, by default) with the token the panel keeps, as after the login screen. A test
    that goes on to another screen lands there (`land="/timer"`): each page load starts the whole
    panel anew. `land=None` leaves the page on a document of the panel's origin without the panel,
    signed in (the token in local storage, the XSRF cookie in the context).

    `screen=True` goes through the login screen, as an operator would: the form, the success
    banner and the panel's pause of REDIRECT_AFTER_AUTH_MS (2 s) before it moves on. Tests of
    the login screen do that (core/tests/test_browser_shell.py, test_browser_two_factor.py);
    every other test signs in through the same API call the screen makes (POST
    /api/auth/login, whose XSRF cookie lands in the page's context), then opens the start
    screen: the same state without the fixed pause, 2–3 s of each browser test."""
    email = email or live_server.admin_email
    if screen:
        page.goto("/")
        page.get_by_label("E-mail").fill(email)
        page.get_by_label("Hasło").fill(live_server.password)
        page.get_by_role("button", name="Zaloguj się").click()
        page.wait_for_url("**/voivodeship", timeout=15_000)
        return
    # As the panel's API client: the XSRF cookie of an earlier sign-in in this context goes back
    # as its header (the server refuses a request whose cookie and header differ)
    csrf = next((c["value"] for c in page.context.cookies() if c["name"] == "XSRF-TOKEN"), None)
    answer = page.request.post(
        "/api/auth/login",
        data={"email": email, "password": live_server.password},
        headers={"X-XSRF-TOKEN": csrf} if csrf else {},
    )
    assert answer.ok, answer.text()
    # The token goes into local storage from a document of the panel's origin that runs no panel:
    # a panel still loading on this page (an earlier sign-in's) would meet an emptied storage,
    # be answered UNAUTHORISED and sign out, removing the new token as it lands
    leave_for(page, NO_PANEL)
    page.evaluate("token => localStorage.setItem('token', token)", answer.json()["message"])
    if land:
        page.goto(land)


def sign_out(page):
    """The operator signed out of `page` (token and stored state gone) from a document without the
    panel, as before the next account's `sign_in`. Emptied under a panel still at work, the
    storage made its next request UNAUTHORISED and the panel loaded '/' itself, once or twice,
    aborting the test's own navigations (net::ERR_ABORTED; "interrupted by another navigation":
    each seen in `.ci/run`)."""
    leave_for(page, NO_PANEL)
    page.evaluate("localStorage.clear()")


def leave_for(page, url):
    """`page.goto(url)` from a page that may navigate on its own meanwhile: a panel answered
    UNAUTHORISED signs out by loading '/', and that navigation aborts one already under way
    (Playwright: net::ERR_ABORTED, or "interrupted by another navigation"). Ours is then asked
    once more, which replaces the page's own; any other failure is raised."""
    from playwright.sync_api import Error

    try:
        page.goto(url)
    except Error as error:
        if "ERR_ABORTED" not in str(error) and "interrupted by another navigation" not in str(error):
            raise
        page.goto(url)


def api_headers(page):
    """The headers the panel's API client sends for the operator signed in on `page`."""
    csrf = next((c["value"] for c in page.context.cookies() if c["name"] == "XSRF-TOKEN"), "")
    return {"Authorization": "Bearer " + page.evaluate("localStorage.getItem('token')"), "X-XSRF-TOKEN": csrf}


def add_gmina(page, name, district="krakowski", voivodeship="małopolskie"):
    """A gmina in a new district of `voivodeship`, added through the hierarchy's API as the
    signed-in operator (so the panel's kept lists of gminy see it at once)."""
    headers = api_headers(page)
    voivodeships = page.request.get("/api/voivodeship/?order=name&asc=1", headers=headers).json()["message"]["list"]
    voivodeship_id = next(row["id"] for row in voivodeships if row["name"] == voivodeship)
    made = page.request.post(
        "/api/district/", data={"name": district, "voivodeship_id": voivodeship_id}, headers=headers
    )
    assert made.ok, made.text()
    borough = page.request.post(
        "/api/borough/", data={"name": name, "district_id": made.json()["message"]["id"]}, headers=headers
    )
    assert borough.ok, borough.text()


@pytest.fixture
def partner_site(tmp_path):
    """A plain static site on another port of 127.0.0.1 (another origin than the panel) where
    an embed test writes the partner's page: `site.folder / "index.html"`, `site.url`."""
    handler = functools.partial(_QuietHandler, directory=str(tmp_path))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    site = type("Site", (), {"folder": tmp_path, "url": f"http://127.0.0.1:{server.server_address[1]}"})
    yield site
    server.shutdown()
    server.server_close()


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


# axe-core (the root package.json's devDependency): WCAG 2.1 A and AA, as the issue asks of every screen
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# Rules of those tags axe marks experimental and leaves off unless asked: a link whose visible
# text is not the start of its accessible name (WCAG 2.5.3, "CSV" named "Pobierz dane (CSV)").
AXE_EXPERIMENTAL = {"label-content-name-mismatch": {"enabled": True}}


@functools.cache
def _axe_source():
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make setup` installs the front end's packages (npm ci).")
    return AXE.read_text(encoding="utf-8")


def axe_violations(page):
    """What axe-core finds against WCAG 2.1 A/AA on the page as it is now: `["rule: target", ...]`.
    Evaluated through the browser's debugging protocol, which the page's Content-Security-Policy
    does not govern (the page itself loads no script of ours)."""
    # Colours as they settle: no hover left by the last click, no transition halfway (a button
    # fading to its hover colour measures as too little contrast)
    page.mouse.move(0, 0)
    page.evaluate("Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_axe_source())
    found = page.evaluate(
        "([tags, rules]) => axe.run(document, {runOnly: {type: 'tag', values: tags}, rules})",
        [AXE_TAGS, AXE_EXPERIMENTAL],
    )
    return [f"{v['id']}: {node['target']}" for v in found["violations"] for node in v["nodes"]]


def assert_accessible(page):
    violations = axe_violations(page)
    assert not violations, f"axe (WCAG 2.1 A/AA) on {page.url}: {violations}"
