"""The phone is tidy from the first scan to the final score, in Debian's chromium at two phone
sizes (390x844 and 360x740): someone moving first is shown with the new table and a one-tap
retry; the end of a game shows the result, the settlement and what next, and nothing dead; the
scan result fits one screen with each card's name and outline and a compact picker to correct
it; a server listening only on this computer says phones cannot join."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from companion.loopback import request

from .audit import axe_violations, horizontal_overflow
from .test_browser import (  # noqa: F401 - the browser fixtures, shared with this module
    _close_phones,
    _shot,
    browser,
    playwright,
    server,
)

VIEWPORTS = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
pytestmark = pytest.mark.browser


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def _phone(chromium: Any, base: str, table_id: str, token: str, viewport: dict[str, int],
           locale: str = "en-GB", host_token: str | None = None, live: bool = True) -> Any:
    """A phone holding a seat (its cookie, as joining sets it) on the table's player page;
    ``live=False``: a phone whose live stream never gets through (it hears nothing new)."""
    ctx = chromium.new_context(viewport=viewport, locale=locale)
    if not live:
        ctx.route("**/events*", lambda route: route.abort())
    cookies = [{"name": f"seat_{table_id}", "value": token, "url": base}]
    if host_token:
        cookies.append({"name": f"host_{table_id}", "value": host_token, "url": base})
    ctx.add_cookies(cookies)
    page = ctx.new_page()
    page.goto(f"{base}/play/{table_id}")
    page.wait_for_function("() => window.TAVOLO && window.TAVOLO.view()")
    return page


def _oscuri(base: str) -> tuple[str, list[str]]:
    status, created = request(_port(base), "POST", "/api/tables", {
        "game": "oscuri", "players": ["Anna", "Bruno", None], "options": {"hands": "known", "leader": 0}})
    assert status == 201
    tid = created["table_id"]
    tokens = [request(_port(base), "POST", f"/api/tables/{tid}/seats", {"seat": s})[1]["token"]
              for s in (0, 1)]
    return tid, tokens


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_someone_moved_first_shows_the_new_table_and_a_one_tap_retry(server: str, browser: Any,  # noqa: F811 - the fixtures
                                                                     size: str) -> None:
    tid, (anna, _) = _oscuri(server)
    page = _phone(browser, server, tid, anna, VIEWPORTS[size], live=False)
    seq = page.evaluate("window.TAVOLO.view().seq")
    # Meanwhile Carla joins: the table changes, Anna's lead is still hers to make.
    assert request(_port(server), "POST", f"/api/tables/{tid}/seats", {"seat": 2, "name": "Carla"})[0] == 201
    card = page.locator(".hand .card:not([disabled])").first
    code = card.get_attribute("data-card")
    card.click()
    page.locator("#play").click()
    notice = page.locator("#moved")
    notice.wait_for(state="visible")
    assert "Someone moved first: here is the table as it is now." in notice.inner_text()
    assert page.evaluate("window.TAVOLO.view().seq") == seq + 1  # the new table, shown at once
    assert "Carla" in page.locator("#players").inner_text()
    assert "conflict" not in notice.inner_text().lower() and "409" not in notice.inner_text()
    _shot(page, f"moved-first-{size}", full_page=False)
    assert not axe_violations(page) and horizontal_overflow(page) <= 0
    page.locator("#moved-retry").click()  # one tap: the same move again
    page.wait_for_function(f"() => window.TAVOLO.view().seq === {seq + 2}")
    assert notice.is_hidden()
    with urllib.request.urlopen(f"{server}/api/tables/{tid}/state?as=table") as resp:
        played = json.loads(resp.read())
    assert code in json.dumps(played["state"])


def test_a_move_that_no_longer_fits_is_said_in_italian_without_a_retry(server: str, browser: Any) -> None:  # noqa: F811
    tid, (anna, _) = _oscuri(server)
    page = _phone(browser, server, tid, anna, VIEWPORTS["360x740"], locale="it-IT", live=False)
    view = page.evaluate("window.TAVOLO.view()")
    # Anna's other phone leads first: now it is Bruno's turn.
    lead = view["state"]["legal"][0]
    assert request(_port(server), "POST", f"/api/tables/{tid}/actions",
                   {"action": lead, "seq": view["seq"]}, anna)[0] == 200
    page.locator(".hand .card:not([disabled])").last.click()
    page.locator("#play").click()
    notice = page.locator("#moved")
    notice.wait_for(state="visible")
    text = notice.inner_text()
    assert "Qualcuno ha mosso prima: ecco il tavolo com'è adesso." in text
    assert "La tua mossa non va più bene: scegli di nuovo." in text
    assert page.locator("#moved-retry").is_hidden()
    page.locator("#moved-ok").click()
    assert notice.is_hidden()
