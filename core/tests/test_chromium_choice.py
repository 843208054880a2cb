"""Which Chromium the browser tests drive: Debian's headless shell when it is installed (the same
engine as the browser for about half the CPU), the whole browser when asked or when the shell is
missing."""

from pathlib import Path

from smogpanel.testing import browser


def test_the_headless_shell_when_installed_and_the_browser_when_asked(monkeypatch, tmp_path):
    shell = tmp_path / "chromium-headless-shell"
    shell.write_text("")
    monkeypatch.setattr(browser, "HEADLESS_SHELL", str(shell))
    assert browser.chromium_for_tests({}) == str(shell)
    assert browser.chromium_for_tests({"SMOGPANEL_CHROMIUM": ""}) == str(shell)
    assert browser.chromium_for_tests({"SMOGPANEL_CHROMIUM": "/usr/bin/chromium"}) == "/usr/bin/chromium"


def test_the_whole_browser_when_the_shell_is_missing(monkeypatch):
    monkeypatch.setattr(browser, "HEADLESS_SHELL", "/nonexistent/chromium-headless-shell")
    assert browser.chromium_for_tests({}) == browser.FULL_CHROMIUM


def test_make_test_installs_the_shell_the_tests_run_in():
    """`make test` (its `chromium` target) installs both of Debian's packages when missing."""
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    target = makefile[makefile.index("\nchromium:") : makefile.index("# Backups of PostgreSQL")]
    assert "chromium-headless-shell" in target and browser.HEADLESS_SHELL in target
