"""The phone experience in Debian's Chromium: every page audited (axe-core), at two phone
sizes and a tablet, with screenshots kept; installable (manifest, icons, service worker);
the screen kept awake; a move made without a connection waits and is sent once; the
player is told when it is his turn."""

# ruff: noqa: F811 - the browser fixtures are imported from test_browser and named as arguments

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .audit import axe_violations, horizontal_overflow, overlapping_controls, small_targets
from .test_browser import (  # noqa: F401 - the browser fixtures, shared with this module
    _api,
    _close_phones,
    _in_tap_hand,
    _new_table,
    _seat,
    _seq,
    _settled,
    _shot,
    _table_now,
    _tap_and_play,
    _wait_moved,
    browser,
    playwright,
    server,
)

SIZES = {"phone360": {"width": 360, "height": 800}, "phone412": {"width": 412, "height": 915},
         "tablet": {"width": 820, "height": 1180}}
GAMES = {"quinta": 3, "oscuri": 3, "diavolo": 3, "kaiserspiel": 4, "insonnia": 3}


def _check_page(page: Any, name: str, problems: list[str]) -> None:
    """Audit what the page shows now; keep a screenshot; note every problem found."""
    page.wait_for_load_state("networkidle")
    _shot(page, f"a11y-{name}")
    for v in axe_violations(page):
        problems.append(f"{name}: axe {v['impact']} {v['id']} ({v['help']}) at {v['nodes']}")
    if (extra := horizontal_overflow(page)) > 0:
        problems.append(f"{name}: scrolls sideways by {extra}px")
    for a, b in overlapping_controls(page):
        problems.append(f"{name}: controls overlap: {a!r} / {b!r}")
    for small in small_targets(page):
        problems.append(f"{name}: tap target under 48px: {small}")
    brand = page.locator("a.brand")
    if brand.count() and (box := brand.bounding_box()) and box["height"] < 47.5:
        problems.append(f"{name}: the Tavolo link (home) is {box['height']:.0f}px tall")


@pytest.mark.parametrize("size", list(SIZES))
def test_every_page_is_readable_and_passes_the_audit(server: str, browser: Any, size: str) -> None:
    viewport = SIZES[size]
    problems: list[str] = []
    page = browser.new_context(viewport=viewport, locale="en-GB").new_page()
    rule_books = tuple((f"/rules/{game}", f"rules-{game}") for game in GAMES)
    for path, name in (("/", "home"), ("/decks", "decks"), ("/rules", "rules"), *rule_books):
        page.goto(server + path)
        _check_page(page, f"{size}-{name}", problems)
    for game, seats in GAMES.items():
        host, table_id = _new_table(browser, server, "en-GB", game, ["Anna"], seats=seats,
                                    hands="known", viewport=viewport)
        _check_page(host, f"{size}-{game}-table-screen", problems)
        join = browser.new_context(viewport=viewport, locale="it-IT").new_page()
        join.goto(f"{server}/join/{table_id}")
        _check_page(join, f"{size}-{game}-join", problems)
        phone = _seat(browser, server, table_id, 0, "en-GB", viewport)
        phone.wait_for_function("() => document.body.dataset.seq !== undefined")
        _check_page(phone, f"{size}-{game}-phone", problems)
        phone.locator("#hints-button").click()  # the hints open under the game
        phone.locator("#hints").wait_for()
        _check_page(phone, f"{size}-{game}-phone-hints", problems)
    for game in ("Kaiserspiel", "Insonnia"):  # a practice table against the bots
        practice = browser.new_context(viewport=viewport, locale="en-GB").new_page()
        practice.goto(server + "/")
        practice.locator("#practice-name").fill("Nora")
        practice.get_by_role("button", name=f"{game} against bots").click()
        practice.wait_for_url("**/play/*")
        practice.locator("#practice").wait_for()
        _check_page(practice, f"{size}-practice-{game.lower()}", problems)
    assert not problems, "\n".join(problems)


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as resp:
        data: bytes = resp.read()
        return data


def test_the_app_installs_and_opens_without_a_connection(server: str, browser: Any) -> None:
    import cv2
    import numpy as np

    context = browser.new_context(viewport=SIZES["phone412"], locale="en-GB")
    page = context.new_page()
    page.goto(server + "/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = json.loads(_get(server + href))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    for icon in manifest["icons"]:
        png = cv2.imdecode(np.frombuffer(_get(server + icon["src"]), np.uint8), cv2.IMREAD_UNCHANGED)
        assert f"{png.shape[1]}x{png.shape[0]}" == icon["sizes"]
    assert any(i["purpose"] == "maskable" for i in manifest["icons"])
    assert page.evaluate("async () => !!(await navigator.serviceWorker.ready).active")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()  # the Wi-Fi dropped: the page still opens, from the phone's copy
    assert page.locator("#create").is_visible()
    context.set_offline(False)


def test_a_move_made_offline_waits_and_is_sent_once_when_the_connection_returns(
        server: str, browser: Any) -> None:
    _, table_id = _new_table(browser, server, "en-GB", "quinta", ["Anna", "Bruno", "Carla"],
                             hands="known")
    anna = _seat(browser, server, table_id, 0, "en-GB")
    anna.locator(".hand .card").first.wait_for()
    before = int(_table_now(server, table_id)["seq"])
    anna.context.set_offline(True)
    _tap_and_play(anna, anna.locator(".hand .card"))
    outbox = anna.locator("#outbox")
    outbox.wait_for()
    assert "1" in outbox.inner_text()
    _shot(anna, "phone-offline-move-waiting", full_page=False)
    # Her card still shows in her hand, so she plays it again: the same move waits once.
    _tap_and_play(anna, anna.locator(".hand .card"))
    anna.wait_for_function("() => /already waits/.test(document.getElementById('toast').textContent)")
    assert outbox.inner_text() == "Waiting for the connection: 1 move to send."
    assert int(_table_now(server, table_id)["seq"]) == before  # nothing reached the table
    anna.context.set_offline(False)
    anna.wait_for_function("() => document.getElementById('outbox').hidden")
    assert int(_table_now(server, table_id)["seq"]) == before + 1  # sent once, on its own id
    assert "no longer fits" not in (anna.locator("#toast").text_content() or "")
    table = _table_now(server, table_id)
    assert 0 not in table["state"]["to_act"]  # Anna's card is in


def test_the_phone_says_when_it_is_your_turn_and_keeps_the_screen_on(server: str, browser: Any) -> None:
    _, table_id = _new_table(browser, server, "en-GB", "quinta", ["Anna", "Bruno", "Carla"],
                             hands="known")
    phones = [_seat(browser, server, table_id, i, "en-GB") for i in range(3)]
    anna = phones[0]
    anna.wait_for_function("() => document.body.dataset.alerts === '1'")  # a round begins: her turn
    assert anna.title().startswith("● ")
    assert anna.evaluate("() => document.body.dataset.awake") == "1"  # the screen stays on
    sound = anna.locator("#sound")
    assert sound.get_attribute("aria-pressed") == "false" and sound.get_attribute("aria-label")
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    # no tooltip on a phone: the tap says what the switch does, in words
    assert anna.locator("#toast").inner_text() == "Sound on when it is your turn"
    sound.click()
    assert anna.locator("#toast").inner_text().startswith("Sound off: tap the note again")
    sound.click()
    for phone in phones:  # everyone chooses: the round is revealed, then the next one begins
        _tap_and_play(phone, phone.locator(".hand .card"))
    anna.wait_for_function("() => Number(document.body.dataset.alerts) >= 2", timeout=15_000)
    assert anna.locator("#announce").text_content()  # a screen reader heard what happened


@pytest.mark.parametrize("size", ["phone360", "phone412"])
def test_insonnia_slots_are_a_finger_wide_while_a_card_is_being_laid(server: str, browser: Any,
                                                                     size: str) -> None:
    created = _api(server, "/api/tables", {"game": "insonnia", "players": ["Lia", "Max", "Noa"],
                                           "options": {"hands": "known", "dealer": 2}})
    phones = [_seat(browser, server, created["table_id"], i, "en-GB", SIZES[size]) for i in range(3)]
    for _ in range(12):  # first sheep are laid until a player can lay one into a run
        seat = int(_settled(server, created["table_id"], phones)["state"]["turn"])
        page = phones[seat]
        page.wait_for_function("() => (window.TAVOLO.view().state.legal || []).length > 0")
        legal = page.evaluate("window.TAVOLO.view().state.legal")
        plays = [a for a in legal if a["type"] == "play"]
        if plays:
            _in_tap_hand(page, plays[0]["placements"][0]["card"])
            page.locator(".in-slot.target").first.wait_for()
            problems: list[str] = []
            _check_page(page, f"{size}-insonnia-laying", problems)
            assert not problems, "\n".join(problems)
            box = page.locator(".in-slot.target").first.bounding_box()
            assert box["width"] >= 48 and box["height"] >= 48
            return
        before = _seq(page)
        start = next((a for a in legal if a["type"] == "start_run"), None)
        if start is not None:
            _in_tap_hand(page, start["card"])
            page.locator("#in-start").click()
        else:  # the deal left him nothing to lay: he takes what the rules leave him
            page.evaluate("(a) => window.TAVOLO.act(a)", legal[0])
        _wait_moved(page, before)
    raise AssertionError("no sheep could be laid into a run in twelve turns")
