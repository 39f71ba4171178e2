"""Real browser, teaching: a refusal's "why?" opens the rule book at its paragraph, the Hints
button lists the moves, the host switches hints off, the home page links the rule books."""

from __future__ import annotations

import pytest

from .test_browser import (  # the same server, browser and helpers as the other browser tests
    _close_phones,  # noqa: F401 - an autouse fixture: the CSP check after every test
    _new_table,
    _seat,
    _shot,
    browser,  # noqa: F401 - a fixture
    playwright,  # noqa: F401 - a fixture
    server,  # noqa: F401 - a fixture
    stale_card_refused,
)

pytestmark = pytest.mark.browser


def test_a_refusal_has_a_why_link_that_opens_its_paragraph(server: str, browser: object) -> None:  # noqa: F811
    # A stale picker lets Anna try the 3 of clubs again, now on the table: refused.
    _, (anna, _bruno, _carla) = stale_card_refused(browser, server)
    why = anna.locator("#toast a.why")
    why.wait_for(state="visible")
    assert why.inner_text() == "perché?"
    assert why.get_attribute("href") == "/rules/quinta#app-cards"
    _shot(anna, "phone-it-refusal-why", full_page=False)
    with anna.context.expect_page() as opened:  # type: ignore[attr-defined]
        why.click()
    book = opened.value
    book.wait_for_load_state()
    assert book.url.endswith("/rules/quinta#app-cards")
    target = book.locator("#app-cards")
    assert "già visto altrove" in target.inner_text()
    assert book.evaluate("document.querySelector(':target').id") == "app-cards"
    assert "quinta.card_seen" in (target.get_attribute("data-rules") or "")
    _shot(book, "rulebook-quinta-it", full_page=False)


def test_the_hints_button_shows_moves_and_the_host_switches_it_off(server: str,  # noqa: F811
                                                                   browser: object) -> None:  # noqa: F811
    host, table_id = _new_table(browser, server, "en-GB", hands="known")
    anna = _seat(browser, server, table_id, 0, "en-GB")
    button = anna.locator("#hints-button")
    button.wait_for(state="visible")
    assert anna.locator("#rules-link").get_attribute("href") == "/rules/quinta"
    button.click()
    items = anna.locator("#hints li")
    items.first.wait_for()
    assert items.count() == 16  # Quinta for three: sixteen cards in hand, one hint each
    text = anna.locator("#hints").inner_text()
    assert "row" in text and ("card 2" in text or "takes" in text)
    _shot(anna, "phone-hints-quinta")
    host.locator("#hints-switch").click()
    button.wait_for(state="hidden")
    assert anna.locator("#hints").is_hidden()
    host.wait_for_function("() => document.getElementById('log').textContent.includes('hints off')")
    host.locator("#hints-switch").click()
    button.wait_for(state="visible")


def test_the_home_page_links_the_rule_books_in_both_languages(server: str, browser: object) -> None:  # noqa: F811
    page = browser.new_context(locale="it-IT").new_page()  # type: ignore[attr-defined]
    page.goto(server + "/?lang=it")
    page.locator("#rules-home").click()
    page.wait_for_url("**/rules")
    page.get_by_role("link", name="Kaiserspiel").click()
    page.wait_for_url("**/rules/kaiserspiel")
    assert "Decisione K8" in page.locator("#decision-k8").inner_text()
    page.goto(server + "/rules/kaiserspiel?lang=en#decision-k8")
    assert "Decision K8" in page.locator("#decision-k8").inner_text()
