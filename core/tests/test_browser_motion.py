"""The panel honours an operator's reduced-motion setting (CSS `prefers-reduced-motion`): asked
for, Bootstrap's transitions are off (no hover fade, no focus glow, no dialog fade); not asked
for, they run. The browser tests' `page` asks for it unless a test is marked `motion`
(smogpanel.testing.browser, `watched_page`), so this also checks that their pages get it."""

import pytest
from playwright.sync_api import expect

from smogpanel.testing.browser import sign_in

DURATIONS = "element => getComputedStyle(element).transitionDuration.split(', ')"
ASKS_FOR_REDUCED_MOTION = "matchMedia('(prefers-reduced-motion: reduce)').matches"


def transitions_on_the_start_screen(page, live_server):
    """{what: its transition durations} of a button and a field of the start screen."""
    sign_in(page, live_server)
    button = page.get_by_role("link", name="Dodaj województwo")
    expect(button).to_be_visible()
    field = page.locator("input.form-control").first
    expect(field).to_be_visible()
    return {"button": button.evaluate(DURATIONS), "field": field.evaluate(DURATIONS)}


def test_the_page_asks_for_reduced_motion_and_the_panel_draws_no_transitions(page, live_server):
    transitions = transitions_on_the_start_screen(page, live_server)
    assert page.evaluate(ASKS_FOR_REDUCED_MOTION)
    assert transitions == {"button": ["0s"], "field": ["0s"]}


@pytest.mark.motion
def test_with_motion_the_panels_buttons_and_fields_fade(page, live_server):
    transitions = transitions_on_the_start_screen(page, live_server)
    assert not page.evaluate(ASKS_FOR_REDUCED_MOTION)
    assert "0.15s" in transitions["button"], transitions
    assert "0.15s" in transitions["field"], transitions
