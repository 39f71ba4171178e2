"""Real browser: Debian's chromium driven by Playwright, against the real server process.

Three phones join through the link decoded (with OpenCV) from the QR code on the
table screen, then play a whole game of Quinta; every page follows live.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.bench.loopback import free_port, wait_serving

from .audit import horizontal_overflow
from .conftest import SHARED
from .helpers import decode_qr

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 360, "height": 800}

pytestmark = pytest.mark.browser
if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is missing (run `make test` as root to install Debian's chromium)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = tmp_path_factory.mktemp("db") / "tavolo.sqlite3"
    env = {**os.environ, "TAVOLO_PUBLIC_URL": base}
    log = (db.parent / "server.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--database", str(db)],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        if not wait_serving(port, 10):
            pytest.fail("the server did not start")
        yield base
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


@pytest.fixture(scope="module")
def playwright() -> Iterator[object]:
    with sync_api.sync_playwright() as pw:
        yield pw


CSP_REFUSALS: list[str] = []  # what the Content-Security-Policy (or the browser) blocked in any page


@pytest.fixture(scope="module")
def browser(playwright: object) -> Iterator[object]:
    b = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)  # type: ignore[attr-defined]
    opened = b.new_context

    def new_context(*args: object, **kwargs: object) -> object:
        """Every phone reports anything the page's security policy refused or the browser blocked."""
        context = opened(*args, **kwargs)

        def seen(message: object) -> None:
            text = message.text  # type: ignore[attr-defined]
            # what the page's security policy refused, and a call the browser blocks (a
            # vibration before the player has touched the page is lost: Chromium says so)
            if "Content Security Policy" in text or "Blocked call to" in text:
                CSP_REFUSALS.append(text)

        context.on("console", seen)
        return context

    b.new_context = new_context
    yield b
    b.close()


@pytest.fixture(autouse=True)
def _close_phones(browser: object) -> Iterator[None]:
    """Every test's phones leave the table when it ends (their live streams close too), and
    nothing our pages do was refused by their own security policy or blocked by the browser."""
    CSP_REFUSALS.clear()
    yield
    for context in list(browser.contexts):  # type: ignore[attr-defined]
        context.close()
    assert not CSP_REFUSALS, CSP_REFUSALS


def _shot(page: object, name: str, full_page: bool = True) -> None:
    """A screenshot under test-artifacts/: the whole page, or what the screen shows."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)  # type: ignore[attr-defined]


def _decode_qr(png: bytes) -> str:
    """The text of the QR code in a screenshot, or "" when none is read."""
    return decode_qr(cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE))


def _scan_qr(page: object, attempts: int = 10) -> str:
    """The link in the table screen's QR code, read as a phone camera would read the screen.
    Waits until the image is decoded by the browser (an image still loading screenshots
    blank), and screenshots again if a frame caught mid-paint does not decode."""
    qr = page.locator("img.qr")  # type: ignore[attr-defined]
    qr.wait_for()
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => { const i = document.querySelector('img.qr'); return i.complete && i.naturalWidth > 0; }")
    for _ in range(attempts):
        text = _decode_qr(qr.screenshot())
        if text:
            return text
        page.wait_for_timeout(200)  # type: ignore[attr-defined]
    raise AssertionError(f"the QR code on the table screen did not decode in {attempts} screenshots")


def _no_horizontal_scroll(page: object, viewport: dict[str, int] = PHONE) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")  # type: ignore[attr-defined]
    assert width <= viewport["width"], f"page scrolls sideways: {width}px"


# Links whose code, screenshot 160 px wide (the table screen on a narrow phone), OpenCV's classic
# decoder missed and its ArUco-based one read; found by screenshotting 400 random loopback links.
HARD_LINKS = ("http://127.0.0.1:48514/join/Ih0tG4VuXIPK", "http://127.0.0.1:55499/join/XIOCGZAJkSzS",
              "http://127.0.0.1:33764/join/9wdLfCmYoQlh", "http://127.0.0.1:48280/join/IrwqIy3zHHID")


def test_a_join_code_shown_small_on_a_narrow_phone_is_read(browser: object) -> None:
    """The QR of the join link, at the size a 360 px wide table screen shows it, is read from a
    screenshot, including the links that once made the browser tests flaky."""
    from companion.service.joining import qr_svg
    page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()  # type: ignore[attr-defined]
    for link in HARD_LINKS:
        page.set_content('<img class="qr" style="background:#fff;padding:6px;width:160px;height:160px">')
        page.locator("img").evaluate("(img, svg) => { img.src = 'data:image/svg+xml;charset=utf-8,'"
                                     " + encodeURIComponent(svg); }", qr_svg(link))
        page.wait_for_function("() => { const i = document.querySelector('img');"
                               " return i.complete && i.naturalWidth > 0; }")
        assert _decode_qr(page.locator("img").screenshot()) == link


def test_three_phones_join_by_qr_and_play_a_whole_game(server: str, browser: object) -> None:
    host_ctx = browser.new_context(viewport={"width": 1024, "height": 768}, locale="en-GB")  # type: ignore[attr-defined]
    host = host_ctx.new_page()
    host.goto(server + "/")
    host.locator("#game").select_option("quinta")
    names = ["Chiara", "Fabio", "Giada"]
    for i, name in enumerate(names):
        host.locator("#names input").nth(i).fill(name)
    host.locator("input[name=hands][value=known]").check()
    host.get_by_role("button", name="Create table").click()
    host.wait_for_url("**/t/*")
    join_url = _scan_qr(host)
    table_id = host.url.rstrip("/").rsplit("/", 1)[-1]
    assert join_url.startswith(server + "/join/"), join_url
    _shot(host, "table-screen-start")

    phones = []
    for i, locale in enumerate(["it-IT", "en-GB", "en-GB"]):
        ctx = browser.new_context(viewport=PHONE, locale=locale, is_mobile=True, has_touch=True)  # type: ignore[attr-defined]
        page = ctx.new_page()
        page.goto(join_url)
        page.locator(".seat-row").nth(i).get_by_role("button").click()
        page.wait_for_url("**/play/*")
        page.locator(".row").first.wait_for()
        phones.append(page)
    assert phones[0].locator("html").get_attribute("lang") == "it"
    _shot(phones[0], "phone-it-start")
    _shot(phones[1], "phone-en-start")
    _no_horizontal_scroll(phones[1])
    # The table screen saw the three joins live, without reloading.
    host.wait_for_function("() => document.querySelectorAll('.player').length === 3")
    # Mid-game the record (the seed rebuilds every hand) is not offered: the host is told why.
    assert host.locator("#record").is_hidden()
    assert "once the game is over" in host.locator("#record-later").inner_text()

    for round_no in range(1, 17):
        for page in phones:
            _play_until_sent(page, page.locator(".hand .card"))
        _resolve_jokers(server, table_id, phones, round_no)
        if round_no == 1:
            for page in [*phones, host]:
                page.wait_for_function("() => document.querySelectorAll('.revealed-item').length === 3")
            _shot(phones[1], "phone-after-round-1")
            _shot(host, "table-screen-round-1")
        if round_no < 16:
            for page in phones:
                page.wait_for_function(
                    f"() => document.querySelectorAll('.hand .card').length === {16 - round_no}")

    for page in [*phones, host]:
        page.locator("#final").wait_for(state="visible")
        assert page.locator(".scores th[scope=row]").count() == 3
    assert "Partita finita" in phones[0].locator("#final").inner_text()
    assert "Game over" in phones[1].locator("#final").inner_text()
    _shot(phones[0], "phone-it-final")
    _shot(host, "table-screen-final")
    for page in phones:
        _no_horizontal_scroll(page)
    # The game is over: the host downloads its record.
    assert host.locator("#record-later").is_hidden()
    with host.expect_download() as download:
        host.locator("#record").click()
    record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert record["format"] == "tavolo-record/1" and record["table"]["id"] in host.url


def _seat(browser: object, server: str, table_id: str, seat: int, locale: str,
          viewport: dict[str, int] = PHONE, service_workers: str = "allow") -> object:
    ctx = browser.new_context(viewport=viewport, locale=locale,  # type: ignore[attr-defined]
                              service_workers=service_workers)
    page = ctx.new_page()
    page.goto(f"{server}/join/{table_id}")
    # A live update may redraw the seat list between typing and tapping, as on a real phone
    # when another player joins at that moment: then the tap is made again.
    for attempt in range(3):
        row = page.locator(".seat-row").nth(seat)
        if row.locator("input").count() and not row.locator("input").input_value():
            row.locator("input").fill(f"P{seat}")
        row.get_by_role("button").click()
        try:
            page.wait_for_url("**/play/*", timeout=10_000)
            return page
        except sync_api.TimeoutError:
            if attempt == 2:
                _shot(page, f"failed-join-seat-{seat}")
                raise
    return page


def _new_table(browser: object, server: str, locale: str = "en-GB", game: str = "quinta",
               names: Sequence[str] = ("Anna",), seats: int = 3, hands: str = "unknown",
               stake: int | None = None, pack: str | None = None, deck: str | None = None,
               variant: str | None = None, camera: str | None = None,
               viewport: dict[str, int] = PHONE, first: int | None = None,
               cards: int | None = None) -> tuple[object, str]:
    """A table created from the home page, as a host would; its table screen and id.
    By default Quinta for Anna and two open seats, real cards (the picker). ``first``: the
    seat chosen to deal (or, at Oscuri, to lead) first; ``cards``: Kaiserspiel's 40 or 48."""
    host = browser.new_context(viewport=viewport, locale=locale).new_page()  # type: ignore[attr-defined]
    host.goto(server + "/")
    host.locator("#game").select_option(game)
    if deck is not None:
        host.locator("#in-deck").select_option(deck)
    if variant is not None:
        host.locator("#in-variant").select_option(variant)
    host.locator("#count").select_option(str(seats))
    for i, name in enumerate(names):
        host.locator("#names input").nth(i).fill(name)
    if stake is not None:
        host.locator("#stake").fill(str(stake))
    if first is not None:
        host.locator("#dealer").select_option(str(first))
    if pack is not None:
        host.locator("#pack").select_option(pack)
    if cards is not None:
        host.locator("#deck").select_option(str(cards))
    if camera is not None:  # an enrolled deck: the list arrives from the API
        host.locator(f"#camera option[value='{camera}']").wait_for(state="attached")
        host.locator("#camera").select_option(camera)
    host.locator(f"input[name=hands][value={hands}]").check()
    host.locator("#create button[type=submit]").click()
    host.wait_for_url("**/t/*")
    return host, host.url.rsplit("/", 1)[1]


def _tap_and_play(page: object, cards: object) -> None:
    """Tap the first card, then Play. A live update may redraw the cards under the finger,
    as on a real phone: then the card is tapped again until Play is enabled."""
    play = page.locator("#play")  # type: ignore[attr-defined]
    for _ in range(5):
        cards.first.click()  # type: ignore[attr-defined]
        if play.count() and play.is_enabled():
            break
        page.wait_for_timeout(200)  # type: ignore[attr-defined]
    play.click()


def _play_until_sent(page: object, cards: object) -> None:
    """:func:`_tap_and_play`, then again until the phone's own view says its card went: on a
    loaded machine a live update can redraw the cards between the tap and Play, and a player
    taps again. Three tries at most."""
    round_no = page.evaluate("window.TAVOLO.view().state.round")  # type: ignore[attr-defined]
    went = ("() => { const v = window.TAVOLO.view(), s = v.state; "
            f"return s.round > {round_no} || s.phase !== 'choose' || s.has_chosen[v.me]; }}")
    for _ in range(3):
        _tap_and_play(page, cards)
        try:
            page.wait_for_function(went, timeout=5000)  # type: ignore[attr-defined]
            return
        except sync_api.TimeoutError:
            continue
    raise AssertionError("the phone's card never went")


def _resolve_jokers(server: str, table_id: str, phones: Sequence[object], round_no: int) -> None:
    """Until the server has closed round ``round_no`` of Quinta, the phone whose joker is
    pending picks its first row. Whose joker waits is read from the server, and that phone
    is let hear of it first, however slowly live updates arrive on a loaded machine."""
    deadline = time.monotonic() + 60
    while True:
        state = _table_now(server, table_id)["state"]
        if state["phase"] == "over" or (state["phase"] == "choose" and state["round"] > round_no):
            return
        assert time.monotonic() < deadline, f"round {round_no} never closed: {state['phase']}"
        if state["phase"] == "joker_row" and state["pending_jokers"]:
            phone = phones[state["pending_jokers"][0]["player"]]
            seq = _settled(server, table_id, [phone])["seq"]
            phone.locator("#controls button[data-row]").first.click()  # type: ignore[attr-defined]
            while _table_now(server, table_id)["seq"] == seq:  # the pick reached the server
                assert time.monotonic() < deadline, f"a joker's row in round {round_no} was lost"
                time.sleep(0.05)
        time.sleep(0.1)


def _table_now(server: str, table_id: str) -> dict[str, Any]:
    """The table as the server has it now, as the table screen sees it (no hidden cards)."""
    with urllib.request.urlopen(f"{server}/api/tables/{table_id}/state?as=table") as resp:
        return dict(json.loads(resp.read()))


def _settled(server: str, table_id: str, pages: Sequence[object]) -> dict[str, Any]:
    """The table as the server has it, once every page in ``pages`` shows it too: a live
    update reaches the other phones a moment after the move that caused it, so whose turn it
    is is read from the server and never from a phone that may not have heard yet."""
    now = _table_now(server, table_id)
    for page in pages:
        page.wait_for_function(f"() => window.TAVOLO.view().seq >= {now['seq']}",  # type: ignore[attr-defined]
                               timeout=15_000)
    return now


def _first_to_act(server: str, table_id: str, pages: Sequence[object]) -> int:
    """The first seat that may act, once every page in ``pages`` shows the table as it is."""
    return int(_settled(server, table_id, pages)["state"]["to_act"][0])


def _who_plays(server: str, table_id: str, phone: object, host: object) -> tuple[object, int]:
    """The page whose turn it is at a Kaiserspiel table where seat 0 has a phone and the host
    enters the others' cards, and that seat."""
    seat = _first_to_act(server, table_id, (phone, host))
    return (phone if seat == 0 else host), seat


def _pick(page: object, card: str) -> None:
    """Choose a card with the picker. A live update may redraw the picker under the finger,
    as on a real phone: then the suit is tapped again."""
    _tab_until_shown(page, f".suit-tab[data-suit={card[-1]}]", f".picker .card[data-card='{card}']").click()
    page.locator("#play").click()  # type: ignore[attr-defined]


def _tab_until_shown(page: object, tab: str, target: str) -> object:
    """Tap a picker's tab until ``target`` shows under it (a live update may redraw the picker
    under the finger, as on a real phone); the target."""
    found = page.locator(target)  # type: ignore[attr-defined]
    for _ in range(5):
        page.locator(tab).click()  # type: ignore[attr-defined]
        try:
            found.wait_for(timeout=2000)
            return found
        except sync_api.TimeoutError:
            continue
    raise AssertionError(f"{target} never showed under {tab} in five taps")


def stale_card_refused(browser: object, server: str) -> tuple[object, list[object]]:
    """A Quinta round of real cards is revealed (Anna on an Italian phone played the 3 of
    clubs); a stale picker then lets Anna send the 3 of clubs again, which the server refuses.
    The table screen and the three phones."""
    host, table_id = _new_table(browser, server, "it-IT")
    anna = _seat(browser, server, table_id, 0, "it-IT")
    bruno = _seat(browser, server, table_id, 1, "en-GB")
    carla = _seat(browser, server, table_id, 2, "en-GB")
    for page, card in ((anna, "3C"), (bruno, "6S"), (carla, "7C")):
        _pick(page, card)
    host.wait_for_function("() => document.querySelectorAll('.revealed-item').length === 3")  # type: ignore[attr-defined]
    # Bruno finds a 3♣ in his hand too: its grey card, tapped, says who entered it and how one
    # of the two entries is put right
    bruno.locator(".suit-tab[data-suit=C]").click()  # type: ignore[attr-defined]
    grey = bruno.locator(".picker .card[data-card='3C'][aria-disabled=true]")  # type: ignore[attr-defined]
    grey.wait_for()
    grey.click(force=True)  # (Playwright will not tap what says it is disabled; a finger does)
    said = bruno.locator("#toast")  # type: ignore[attr-defined]
    said.wait_for(state="visible")
    who = bruno.evaluate("window.TAVOLO.view().names[0]")  # type: ignore[attr-defined]
    assert said.inner_text().startswith(f"3♣ was entered by {who}: it is on the table or played. If you hold")
    assert "“Correct a card entered by mistake”" in said.inner_text()
    assert bruno.locator("#play").is_disabled()  # type: ignore[attr-defined]  # nothing was chosen
    anna.locator(".suit-tab[data-suit=C]").click()  # type: ignore[attr-defined]
    anna.locator(".picker .card[data-card='3C'][aria-disabled=true]").wait_for()  # type: ignore[attr-defined]
    anna.evaluate(  # type: ignore[attr-defined]
        "document.querySelector(\".picker .card[data-card='3C']\").removeAttribute('aria-disabled')")
    anna.locator(".picker .card[data-card='3C']").click()  # type: ignore[attr-defined]
    anna.locator("#play").click()  # type: ignore[attr-defined]
    return host, [anna, bruno, carla]


def test_the_host_corrects_a_card_and_is_told_it_worked_or_why_not(server: str, browser: object) -> None:
    """Quinta, real cards, round 1 revealed: the host's list names when each card was entered.
    A line, opened, offers only the cards the correction would accept (none on the table) and
    stays open as the table moves on. A correction that works says so, and clears the refusal
    of an earlier try; one that is refused (a list older than the table) says why and puts the
    list back to the card as it stands."""
    host, table_id = _new_table(browser, server, "en-GB")
    seats = ({"seat": 0}, {"seat": 1, "name": "Bruno"}, {"seat": 2, "name": "Carla"})
    tokens = [_api(server, f"/api/tables/{table_id}/seats", seat)["token"] for seat in seats]
    for seat, card in ((0, "3C"), (1, "6S"), (2, "7C")):
        _api(server, f"/api/tables/{table_id}/actions",
             {"action": {"type": "play", "card": card}, "seq": _seq_of(server, table_id, tokens[seat])},
             tokens[seat])
    host.locator("#corrections").wait_for()  # type: ignore[attr-defined]
    host.locator("#corrections summary").click()  # type: ignore[attr-defined]
    items = host.locator("#correction-list li")  # type: ignore[attr-defined]
    items.first.wait_for()
    assert all(text.startswith("Round 1 · ") for text in items.all_inner_texts())
    bruno = host.locator("#correction-list li", has_text="Bruno: 6♠")  # type: ignore[attr-defined]
    bruno.get_by_role("button", name="Change card: Bruno's 6♠").click()
    offered = bruno.locator("select option")
    offered.first.wait_for(state="attached")
    codes = set(offered.evaluate_all("(os) => os.map((o) => o.value)"))
    assert "6S" in codes and "5S" in codes
    assert not {"3C", "7C", "AS"} & codes  # on the table, or a row's ace: never offered
    # the line stays open as the table moves on (Anna chooses her next card face down), and a
    # card chosen in it stays chosen
    bruno.locator("select").select_option("KD")
    _api(server, f"/api/tables/{table_id}/actions",
         {"action": {"type": "play", "card": "QD"}, "seq": _seq_of(server, table_id, tokens[0])}, tokens[0])
    host.wait_for_function("(seq) => window.TAVOLO.view().seq > seq",  # type: ignore[attr-defined]
                           arg=_seq_of(server, table_id, tokens[0]) - 1)
    bruno.locator("select").wait_for()
    host.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelectorAll('#correction-list select option').length > 1")
    assert bruno.locator("select").input_value() == "KD"
    # a list older than the table (a card offered that no longer fits): refused, and said why
    bruno.locator("select").evaluate("(s) => s.add(new Option('7♣', '7C'))")
    bruno.locator("select").select_option("7C")
    bruno.get_by_role("button", name="Correct", exact=True).click()
    toast = host.locator("#toast")  # type: ignore[attr-defined]
    toast.wait_for(state="visible")
    refusal = toast.inner_text()
    assert refusal and "Corrected" not in refusal
    assert bruno.locator("select").input_value() == "6S"  # the list shows the card as it stands
    bruno.locator("select").select_option("5S")
    bruno.get_by_role("button", name="Correct", exact=True).click()
    host.get_by_text("Corrected:").wait_for()  # type: ignore[attr-defined]
    assert toast.inner_text().startswith("Corrected: ") and "5♠" in toast.inner_text()
    assert refusal not in toast.inner_text()
    assert "QD" not in json.dumps(host.evaluate("window.TAVOLO.view().corrections"))  # type: ignore[attr-defined]
    # the log marks what it told wrong, and "Just happened" tells the round as it now stands
    log = host.locator("#log li").all_text_contents()  # type: ignore[attr-defined]  (folded)
    assert any(line.startswith("(corrected) ") and "Bruno 6♠" in line for line in log), log
    # newest event first, its sentences in the order said: the correction, then the round retold
    assert log[0].startswith("The host corrected Bruno's card") and "Bruno 5♠" in log[2], log[:3]
    recent = host.locator("#recent-lines li").first.inner_text()  # type: ignore[attr-defined]
    assert "Bruno's card: 6♠ is really 5♠" in recent and "Bruno 5♠" in recent and "6♠," not in recent


def test_an_undone_move_no_longer_shows_as_just_happened(server: str, browser: object) -> None:
    """Quinta, real cards: Bruno and Carla choose, and the host undoes Carla's choice. "Just
    happened" shows the undo and Bruno's choice, never Carla's as if it stood; the log keeps it,
    marked as undone; the next undo asks about Bruno's move, not about the undo."""
    host, table_id = _new_table(browser, server, "en-GB")
    seats = ({"seat": 0}, {"seat": 1, "name": "Bruno"}, {"seat": 2, "name": "Carla"})
    tokens = [_api(server, f"/api/tables/{table_id}/seats", seat)["token"] for seat in seats]
    for seat, card in ((1, "6S"), (2, "7C")):
        _api(server, f"/api/tables/{table_id}/actions",
             {"action": {"type": "play", "card": card}, "seq": _seq_of(server, table_id, tokens[seat])},
             tokens[seat])
    host.wait_for_function("() => window.TAVOLO.view() && window.TAVOLO.view().log.length >= 2")  # type: ignore[attr-defined]
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()
    host.on("dialog", answer)  # type: ignore[attr-defined]
    before = int(_seq(host))
    host.locator("#undo").click()  # type: ignore[attr-defined]
    host.wait_for_function("(seq) => window.TAVOLO.view().seq > seq", arg=before)  # type: ignore[attr-defined]
    assert "Carla" in asked[0]
    recent = host.locator("#recent-lines li")  # type: ignore[attr-defined]
    # the undo names the move it took back; nothing else shows Carla's choice as standing
    assert recent.first.inner_text() == "The host undid the last move: Carla has chosen a card."
    assert "Bruno" in recent.nth(1).inner_text() and "Carla" not in recent.nth(1).inner_text()
    undone = host.locator("#log li.undone")  # type: ignore[attr-defined]
    assert undone.count() == 1 and undone.text_content().startswith("(undone) ")  # the log is folded
    assert "Carla" in undone.text_content()
    host.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))  # type: ignore[attr-defined]
    host.remove_listener("dialog", answer)  # type: ignore[attr-defined]
    host.locator("#undo").click()  # type: ignore[attr-defined]  # asked, and dismissed: nothing undone
    assert len(asked) == 2 and "Bruno" in asked[1] and "undid" not in asked[1]


def test_the_hosts_link_gives_another_phone_the_host_tools(server: str, browser: object) -> None:
    """The host opens "The host's tools on another device": its QR code holds the link shown
    beside it. Bruno's phone (Italian) opens the link: the token leaves the address at once,
    the page comes back with the host's tools and says so, and Bruno undoes a move. A link cut
    short, opened on a third phone, says why it opens nothing, and that phone stays a guest."""
    host, table_id = _new_table(browser, server, "en-GB")
    box = host.locator("#host-link-box")  # type: ignore[attr-defined]
    box.locator("summary").click()
    field = box.locator("#host-link-url")
    host.wait_for_function("() => document.getElementById('host-link-url').value")  # type: ignore[attr-defined]
    link = field.input_value()
    assert link.startswith(f"{server}/t/{table_id}#host=")
    qr = box.locator("#host-qr")
    qr.wait_for()
    host.wait_for_function("() => document.getElementById('host-qr').naturalWidth > 0")  # type: ignore[attr-defined]
    assert _decode_qr(qr.screenshot()) == link
    _shot(host, "host-link")

    anna = _api(server, f"/api/tables/{table_id}/seats", {"seat": 0})["token"]
    _api(server, f"/api/tables/{table_id}/actions",
         {"action": {"type": "play", "card": "3C"}, "seq": _seq_of(server, table_id, anna)}, anna)
    bruno = browser.new_context(viewport=PHONE, locale="it-IT").new_page()  # type: ignore[attr-defined]
    bruno.goto(link)
    toast = bruno.locator("#toast")
    toast.wait_for()
    assert "Ora anche questo dispositivo ha gli strumenti dell'organizzatore" in toast.inner_text()
    assert "#host=" not in bruno.url and "host=" not in bruno.evaluate("() => location.href")
    bruno.locator("#undo").wait_for()
    assert bruno.locator("#host-link-box summary").inner_text() == (
        "Gli strumenti dell'organizzatore su un altro dispositivo")
    bruno.on("dialog", lambda d: d.accept())
    bruno.locator("#undo").click()
    bruno.wait_for_function("() => window.TAVOLO.view().log.some((line) => line.undone)")

    stranger = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # type: ignore[attr-defined]
    stranger.goto(link[:-6])  # cut short, as a link copied by hand
    toast = stranger.locator("#toast")
    toast.wait_for()
    assert "does not open this table's host tools" in toast.inner_text()
    assert stranger.locator("#host").is_hidden()
    stranger.wait_for_function("() => window.TAVOLO.view()")
    assert stranger.evaluate("() => window.TAVOLO.view().host") is False


def test_a_new_host_link_takes_the_tools_back_from_the_other_phone(server: str, browser: object) -> None:
    """Bruno's phone took the host's link. The host makes a new link (and says yes when asked):
    the field and the QR code show the new link, a toast says the old one no longer works,
    Bruno's phone loses the host's tools while it looks, and the host's own page keeps them
    as the game goes on (its live stream follows with the new token)."""
    host, table_id = _new_table(browser, server, "en-GB")
    box = host.locator("#host-link-box")  # type: ignore[attr-defined]
    box.locator("summary").click()
    host.wait_for_function("() => document.getElementById('host-link-url').value")  # type: ignore[attr-defined]
    old = box.locator("#host-link-url").input_value()
    bruno = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # type: ignore[attr-defined]
    bruno.goto(old)
    bruno.locator("#undo").wait_for()
    asked: list[str] = []
    host.on("dialog", lambda d: (asked.append(d.message), d.accept()))  # type: ignore[attr-defined]
    box.get_by_role("button", name="Make a new link").click()
    host.wait_for_function(  # type: ignore[attr-defined]
        "old => document.getElementById('host-link-url').value !== old", arg=old)
    new = box.locator("#host-link-url").input_value()
    assert new.startswith(f"{server}/t/{table_id}#host=") and new != old
    assert asked and "The old one stops working" in asked[0]
    assert "the old one no longer works" in host.locator("#toast").inner_text()  # type: ignore[attr-defined]
    host.wait_for_function("() => document.getElementById('host-qr').naturalWidth > 0")  # type: ignore[attr-defined]
    assert _decode_qr(box.locator("#host-qr").screenshot()) == new
    _shot(host, "host-link-new")
    bruno.locator("#host").wait_for(state="hidden")  # live: no reload
    assert bruno.evaluate("() => window.TAVOLO.view().host") is False
    # the game goes on: the host's page is still the host's
    anna = _api(server, f"/api/tables/{table_id}/seats", {"seat": 0})["token"]
    played = {"action": {"type": "play", "card": "3C"}, "seq": _seq_of(server, table_id, anna)}
    seq = _api(server, f"/api/tables/{table_id}/actions", played, anna)["seq"]
    host.wait_for_function("seq => window.TAVOLO.view().seq >= seq", arg=seq)  # type: ignore[attr-defined]
    assert host.evaluate("() => window.TAVOLO.view().host") is True  # type: ignore[attr-defined]
    assert host.locator("#undo").is_visible()  # type: ignore[attr-defined]
    # the old link, opened again, opens nothing
    stranger = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # type: ignore[attr-defined]
    stranger.goto(old)
    stranger.locator("#toast").wait_for()
    assert "does not open this table's host tools" in stranger.locator("#toast").inner_text()


def test_a_phone_that_goes_away_is_shown_to_the_others(server: str, browser: object) -> None:
    """Quinta, Anna's and Bruno's phones, and Carla playing through the API (no live page: she
    is marked away from the start). Bruno's phone is hidden (the screen locked): its stream
    goes, and once the server notices, Anna's phone marks Bruno "table not on screen" and, as
    he has still to choose, the status says so. Shown again, Bruno's phone comes back and the
    mark goes. Closed for good, he is marked again."""
    host, table_id = _new_table(browser, server, "en-GB", names=("Anna", "Bruno", "Carla"))
    anna = _seat(browser, server, table_id, 0, "en-GB")
    bruno = _seat(browser, server, table_id, 1, "en-GB")
    carla = _api(server, f"/api/tables/{table_id}/seats", {"seat": 2})["token"]
    away = ("(names) => JSON.stringify([...document.querySelectorAll('.player')]"
            ".filter((p) => p.querySelector('.away')).map((p) => p.querySelector('strong').textContent))"
            " === JSON.stringify(names)")
    anna.wait_for_function(away, arg=["Carla"])  # type: ignore[attr-defined]
    assert anna.locator(".player .away").first.inner_text() == "table not on screen"  # type: ignore[attr-defined]

    def nudge() -> None:
        """Events apart (Carla chooses, the host undoes it, twice): the server writes to Bruno's
        cut stream again and again, and a write after the first fails, as the next heartbeat's
        would (15 s later). Events close together would be sent as one view."""
        for _ in range(2):
            _api(server, f"/api/tables/{table_id}/actions",
                 {"action": {"type": "play", "card": "3C"}, "seq": _seq_of(server, table_id, carla)}, carla)
            anna.wait_for_timeout(300)  # type: ignore[attr-defined]
            undone = host.evaluate("([id, seq]) => postJSON(`/api/tables/${id}/undo?as=table`, {seq})",  # type: ignore[attr-defined]
                                   [table_id, _seq_of(server, table_id, carla)])
            assert undone["ok"], undone
            anna.wait_for_timeout(300)  # type: ignore[attr-defined]

    hide = ("(hidden) => { Object.defineProperty(document, 'hidden', {value: hidden, configurable: true});"
            " document.dispatchEvent(new Event('visibilitychange')); }")
    bruno.evaluate(hide, True)  # type: ignore[attr-defined]
    nudge()
    anna.wait_for_function(away, arg=["Bruno", "Carla"], timeout=30_000)  # type: ignore[attr-defined]
    # on a line of its own under the turn
    held_up = anna.locator("#status .status-more")  # type: ignore[attr-defined]
    assert held_up.inner_text() == "Table not on screen: Bruno, Carla"
    _shot(anna, "presence-bruno-away")
    bruno.evaluate(hide, False)  # type: ignore[attr-defined]
    anna.wait_for_function(away, arg=["Carla"])  # type: ignore[attr-defined]
    assert held_up.inner_text() == "Table not on screen: Carla"
    bruno.context.close()  # type: ignore[attr-defined]
    nudge()
    anna.wait_for_function(away, arg=["Bruno", "Carla"], timeout=30_000)  # type: ignore[attr-defined]


def test_the_host_can_reach_older_moves_to_correct(server: str, browser: object) -> None:
    """Three rounds of Quinta with three players: the host's list shows the newest six moves
    and a button for the three older ones, which then show too."""
    host, table_id = _new_table(browser, server, "en-GB")
    seats = ({"seat": 0}, {"seat": 1, "name": "Bruno"}, {"seat": 2, "name": "Carla"})
    tokens = [_api(server, f"/api/tables/{table_id}/seats", seat)["token"] for seat in seats]
    rounds = (("3C", "4D", "5H"), ("6S", "7C", "8D"), ("9H", "10S", "JC"))
    for cards in rounds:
        for seat, card in enumerate(cards):
            _api(server, f"/api/tables/{table_id}/actions",
                 {"action": {"type": "play", "card": card}, "seq": _seq_of(server, table_id, tokens[seat])},
                 tokens[seat])
    host.wait_for_function("() => window.TAVOLO.view() && "  # type: ignore[attr-defined]
                           "window.TAVOLO.view().corrections.length === 9")
    host.locator("#corrections summary").click()  # type: ignore[attr-defined]
    lines = host.locator("#correction-list li")  # type: ignore[attr-defined]
    older = host.get_by_role("button", name="Show older moves (3)")  # type: ignore[attr-defined]
    older.wait_for()
    assert lines.count() == 7 and "Round 1" not in " ".join(lines.all_inner_texts())
    older.click()
    host.locator("#correction-list li", has_text="Round 1").first.wait_for()  # type: ignore[attr-defined]
    assert lines.count() == 9 and not older.count()


def test_quinta_final_sets_say_what_a_joker_counts_as(server: str, browser: object) -> None:
    """A set holding a joker shows, on the joker, the rank it counts as; a screen reader hears it
    with the joker's name. A set with two jokers is as wide as one of four plain cards (a
    phone's final screen once scrolled sideways with the rank written beside each joker)."""
    host, _table_id = _new_table(browser, server, "en-GB")
    # the status element is in the page from the start: wait for the table's view itself
    host.wait_for_function("() => window.TAVOLO && window.TAVOLO.view() !== null")  # type: ignore[attr-defined]
    got = host.evaluate("""() => {  // type: ignore[attr-defined]
        const v = structuredClone(window.TAVOLO.view());
        v.state.sets = [[{rank: "3", cards: ["3C", "JK2", "3D"], points: 2},
                         {rank: "10", cards: ["10D", "JK1", "10S", "JK2"], points: 4},
                         {rank: "8", cards: ["8D", "8H", "8S", "8C"], points: 4}]];
        const box = window.GAME_UI.quinta.finalDetails(v, 0);
        document.body.append(box);
        const joker = box.querySelector(".card.joker");
        const widths = [...box.querySelectorAll(".set")].map((s) => s.getBoundingClientRect().width);
        return [box.textContent.replace(/\\s+/g, " "), joker.getAttribute("aria-label"), widths];
    }""")
    assert "= 3" in got[0] and got[1].endswith("= 3") and "= 10" in got[0], got
    assert abs(got[2][1] - got[2][2]) < 1, got  # two jokers take no more room than two cards


def test_a_refusal_is_explained_in_the_players_language(server: str, browser: object) -> None:
    """A stale picker lets an Italian phone try a card already on the table: the server
    refuses it and the phone shows the engine's sentence in Italian. Then two phones
    enter the same card and both are asked to look again."""
    host, (anna, bruno, carla) = stale_card_refused(browser, server)
    toast = anna.locator("#toast")
    toast.wait_for(state="visible")
    assert "Il 3 di fiori non può essere nella tua mano" in toast.inner_text()
    box = toast.locator("a.why").bounding_box()  # the rule book's paragraph: a finger-sized target
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    _shot(anna, "phone-it-refusal")
    assert anna.locator("#play").count() == 1  # nothing changed: Anna still chooses
    # Bruno and Carla both enter the nine of diamonds: caught at the reveal.
    _pick(anna, "2H")
    # The Play bar waits below the picker until a card is chosen, then stays over the cards.
    position = "(p) => getComputedStyle(document.querySelector('.sticky-play')).position === p"
    bruno.wait_for_function(position, arg="static")  # (the live page may redraw it meanwhile)
    _tab_until_shown(bruno, ".suit-tab[data-suit=D]", ".picker .card[data-card='9D']").click()
    bruno.wait_for_function(position, arg="sticky")
    bruno.locator("#play").click()
    _pick(carla, "9D")
    for page in (bruno, carla):
        page.wait_for_function(
            "() => document.getElementById('status').textContent.includes('entered twice')")
    assert "9D" not in host.locator("#game").inner_text()
    # Every page's status line says why the round waits (the two are told what to do), so a
    # screen reader hears it there, not a second time from the page's announcement.
    anna.wait_for_function("() => document.getElementById('status').textContent.includes('due volte')")
    host.wait_for_function("() => document.getElementById('status').textContent.includes('due volte')")
    assert "indicano di nuovo la loro carta" in host.locator("#status").inner_text()  # Italian
    for page in (anna, bruno, carla, host):
        assert "twice" not in page.locator("#announce").text_content()
        assert "due volte" not in page.locator("#announce").text_content()
    _shot(carla, "phone-en-same-card-twice")
    # Bruno enters another card: the other pages name only Carla as still to enter one again
    _pick(bruno, "8S")  # (Carla sits in seat P2)
    host.wait_for_function("() => document.getElementById('status').textContent.includes('deve ancora')")
    assert host.locator("#status").inner_text().endswith("indicare di nuovo la sua carta: P2.")
    assert "enter your card again" in carla.locator("#status").inner_text()


PHOTOS = SHARED / "cardphotos"


@pytest.mark.skipif(not (PHOTOS / "rdpong").is_dir(), reason="no photos in ../shared/cardphotos")
def test_scan_a_card_with_the_phone_and_play_it(server: str, browser: object) -> None:
    host, table_id = _new_table(browser, server, "en-GB")
    anna = _seat(browser, server, table_id, 0, "en-GB")
    # the header keeps one line on a 360 px phone, in Italian too (a longer word for "live")
    for lang in ("it", "en"):
        anna.goto(anna.url.split("?")[0] + f"?lang={lang}")
        anna.locator("#conn.connected").wait_for()
        tops = anna.locator("header.top > *:visible").evaluate_all("els => els.map((e) => e.offsetTop)")
        assert max(tops) - min(tops) < 20, (lang, tops)
    anna.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "8hearts.jpg"))
    panel = anna.locator("#scan")
    panel.get_by_role("button", name="Play 8♥").wait_for()
    assert panel.locator(".scan-photo svg polygon").count() == 1  # outlined on the photo
    assert panel.locator(".scan-thumb polygon").count() == 1  # and beside its name
    assert panel.locator(".scan-name").inner_text() == "8 of hearts"  # the card read, in words
    # each Quinta row (the ace and its five places) fits the 360 px phone, none cut off
    widths = anna.locator(".row").evaluate_all("rows => rows.map((r) => r.scrollWidth - r.clientWidth)")
    assert widths and max(widths) <= 0, widths
    assert "1 card found" in panel.inner_text()  # one card, in the singular
    _shot(anna, "phone-scan-result")
    panel.get_by_role("button", name="Play 8♥").click()
    anna.wait_for_function("() => document.getElementById('status').textContent.includes('8♥')")
    assert panel.is_hidden()
    # The table screen scans the other two seats' revealed cards and confirms them.
    host.locator("#scan-input").set_input_files(str(PHOTOS / "guillex7" / "query_q15.jpg"))
    hpanel = host.locator("#scan")
    hpanel.locator("#scan-confirm").wait_for()
    items = hpanel.locator(".scan-item")
    wanted = {"7C": "1", "2S": "2"}
    # the aces are on the table: named together on one line, no seat to pick, no refusal each
    seen = hpanel.locator(".scan-seen")
    assert seen.inner_text().startswith("Already on the table") and "A♥" in seen.inner_text()
    assert all(str(items.nth(i).get_attribute("data-card"))[0] != "A" for i in range(items.count()))
    # one of them tapped comes back into the list with its picker open, to correct a misreading
    listed = items.count()
    seen.get_by_role("button", name="A♥").click()
    hpanel.locator(".scan-item .scan-picker").wait_for()
    # the picker's cards sit side by side on the table screen, never over each other, on a
    # phone and on a tablet
    ranks = hpanel.locator(".scan-item .scan-picker .picker-ranks .card")
    for size in (TABLET, PHONE):
        host.set_viewport_size(size)
        boxes = [ranks.nth(k).bounding_box() for k in range(2)]
        assert boxes[0] and boxes[1] and boxes[0]["x"] + boxes[0]["width"] <= boxes[1]["x"], (size, boxes)
    assert items.count() == listed + 1 and "A♥" not in seen.inner_text()
    # the table screen holds no hand: the card is told as a reading to correct, not as a
    # refusal addressed to its holder
    back = hpanel.locator(".scan-item[data-card='AH'] p.why").inner_text()
    assert back.startswith("Already on the table or played: if the camera misread it"), back
    assert "your hand" not in back
    hpanel.locator(".scan-item .scan-fix[aria-expanded=true]").click()  # closed again: no change
    # two cards given to one seat: caught before anything is sent
    for code in wanted:
        hpanel.locator(f".scan-item[data-card='{code}'] select").select_option("1")
    hpanel.locator("#scan-confirm").click()
    host.locator("#toast").get_by_text("is given two cards").wait_for()
    assert host.locator(".revealed-item").count() == 0
    for i in range(items.count()):
        card = str(items.nth(i).get_attribute("data-card"))
        if items.nth(i).locator("select").count():
            items.nth(i).locator("select").first.select_option(wanted.get(card, ""))
    _shot(host, "table-screen-scan-result")
    hpanel.locator("#scan-confirm").click()
    host.wait_for_function("() => document.querySelectorAll('.revealed-item').length === 3")
    rows = host.locator("#game").inner_text()
    assert "7" in rows and "2" in rows


def test_the_table_screen_says_who_needs_a_phone_when_the_app_deals(server: str, browser: object) -> None:
    """The app dealt the cards: only a player's own phone shows his, so the table screen cannot
    play for a seat without one; it says who must join, and stops once they have."""
    host, table_id = _new_table(browser, server, "en-GB", "quinta", ["Anna", "Bruno", "Carla"],
                                hands="known")
    status = host.locator("#status")  # type: ignore[attr-defined]
    status.get_by_text("Anna, Bruno, Carla: join with your own phone").wait_for()
    assert host.locator(".scan-bar").is_hidden()  # type: ignore[attr-defined]  (every hand is known)
    _seat(browser, server, table_id, 0, "en-GB")
    _seat(browser, server, table_id, 1, "en-GB")
    status.get_by_text("Carla: join with your own phone").wait_for()
    # on a line of its own under the turn
    assert status.locator(".status-more").inner_text().startswith("Carla: join")
    _seat(browser, server, table_id, 2, "en-GB")
    host.wait_for_function("() => !document.getElementById('status').textContent.includes('QR')")  # type: ignore[attr-defined]


def test_the_table_screen_enters_the_cards_of_seats_without_a_phone_by_hand(
        server: str, browser: object) -> None:
    """Quinta with real cards and no camera to hand: Anna plays on her phone, and the table
    screen enters the two other seats' cards by hand, the same list a photo gives, with no
    photo: a card added, given a seat, and the round is revealed. The second card goes to the
    one seat left without a card at once."""
    host, table_id = _new_table(browser, server, "it-IT")
    anna = _seat(browser, server, table_id, 0, "en-GB")
    by_hand = host.locator("#by-hand-button")  # type: ignore[attr-defined]
    assert by_hand.inner_text() == "Indica le carte a mano"
    assert anna.locator("#by-hand-button").is_hidden()  # type: ignore[attr-defined]
    _pick(anna, "7C")
    host.wait_for_function("() => document.querySelectorAll('.player.acting').length === 2")  # type: ignore[attr-defined]
    by_hand.click()
    panel = host.locator("#scan")  # type: ignore[attr-defined]
    assert panel.locator("h2").inner_text().startswith("Carte indicate a mano")
    assert panel.locator(".scan-photo").count() == 0  # no photo to show
    for card, seat in (("9D", "1"), ("2S", "2")):
        if not panel.locator(".scan-picker").count():
            panel.locator("#scan-add").click()
        panel.locator(f".scan-picker .suit-tab[data-suit={card[-1]}]").click()
        panel.locator(f".scan-picker .card[data-card='{card}']").click()
        chosen = panel.locator(f".scan-item[data-card='{card}'] select")
        # the last card, with one seat left to play that no card goes to, is given that seat
        assert chosen.input_value() == ("" if card == "9D" else seat)
        chosen.select_option(seat)
    _shot(host, "table-screen-cards-by-hand")
    # one card too many, given to nobody: it is not entered, and the host is told so
    panel.locator("#scan-add").click()
    panel.locator(".scan-picker .suit-tab[data-suit=H]").click()
    panel.locator(".scan-picker .card[data-card='QH']").click()
    assert panel.locator(".scan-item[data-card='QH'] select").input_value() == ""
    panel.locator("#scan-confirm").click()
    host.wait_for_function("() => document.querySelectorAll('.revealed-item').length === 3")  # type: ignore[attr-defined]
    panel.wait_for(state="hidden")  # every card entered: the list goes
    assert "Non inserite, date a nessuno: Q♥" in host.locator("#toast").inner_text()  # type: ignore[attr-defined]


def test_the_table_screen_chooses_the_jokers_row_for_a_seat_without_a_phone(
        server: str, browser: object) -> None:
    """A joker entered by hand for a seat with no phone: its owner chooses its row (quinta.md
    3.3.2), and nobody but the table screen can say it for him; the game waits for it. The list
    of cards by hand opened meanwhile offers, once the next round starts, every seat to play
    again, not the joker's owner alone."""
    host, table_id = _new_table(browser, server, "en-GB")
    anna = _seat(browser, server, table_id, 0, "en-GB")
    _pick(anna, "7S")
    host.wait_for_function("() => document.querySelectorAll('.player.acting').length === 2")  # type: ignore[attr-defined]
    host.locator("#by-hand-button").click()  # type: ignore[attr-defined]
    panel = host.locator("#scan")  # type: ignore[attr-defined]
    for card, suit, seat in (("JK1", "J", "1"), ("5C", "C", "2")):
        if not panel.locator(".scan-picker").count():
            panel.locator("#scan-add").click()
        tab = panel.locator(f".scan-picker .suit-tab[data-suit={suit}]")
        if tab.count():
            tab.click()
        panel.locator(f".scan-picker .card[data-card='{card}']").click()
        panel.locator(f".scan-item[data-card='{card}'] select").select_option(seat)
    panel.locator("#scan-confirm").click()
    panel.wait_for(state="hidden")
    status = host.locator("#status")  # type: ignore[attr-defined]
    status.get_by_text("Seat 2 chooses a row for the red joker").wait_for()
    controls = host.locator("#controls")  # type: ignore[attr-defined]
    assert "For Seat 2 (no phone at this seat):" in controls.inner_text()
    assert anna.locator("button[data-row]").count() == 0  # type: ignore[attr-defined]
    rows = host.locator("button[data-row]")  # type: ignore[attr-defined]
    assert [b.get_attribute("data-row") for b in rows.all()] == ["H", "D"]
    # the list of cards by hand, opened while the joker waits (its owner alone is still to play),
    # with no card in it yet...
    host.locator("#by-hand-button").click()  # type: ignore[attr-defined]
    assert host.evaluate("window.TAVOLO.view().state.to_act") == [1]  # type: ignore[attr-defined]
    _shot(host, "table-screen-joker-row-for-a-seat")
    before = _seq(host)
    host.locator("button[data-row='D']").click()  # type: ignore[attr-defined]
    _wait_moved(host, before)
    host.wait_for_function("() => document.querySelectorAll('.player.acting').length === 3")  # type: ignore[attr-defined]
    assert host.locator("button[data-row]").count() == 0  # type: ignore[attr-defined]
    assert "JK1" in host.evaluate("JSON.stringify(window.TAVOLO.view().state.rows.D)")  # type: ignore[attr-defined]
    # ... offers, the next round begun, every seat still to play for a card added then (it
    # offered the joker's owner alone)
    if not panel.locator(".scan-picker").count():
        panel.locator("#scan-add").click()
    panel.locator(".scan-picker .suit-tab[data-suit=H]").click()
    panel.locator(".scan-picker .card[data-card='9H']").click()
    options = panel.locator(".scan-item[data-card='9H'] select option").all_inner_texts()
    assert options[1:] == ["Anna", "Seat 2", "Seat 3"]


def test_a_host_who_takes_a_seat_is_shown_the_way_to_play_for_the_seats_without_a_phone(
        server: str, browser: object) -> None:
    """The host joins a seat on the table's own device: his seat's page is no table screen, so
    while a seat without a phone is to act it shows the way back to the table screen, where he
    plays for it (the page said only whose turn it was)."""
    host, table_id = _new_table(browser, server, "en-GB")
    host.goto(f"{server}/join/{table_id}")  # type: ignore[attr-defined]
    host.locator(".seat-row").nth(0).get_by_role("button").click()  # type: ignore[attr-defined]
    host.wait_for_url("**/play/*")  # type: ignore[attr-defined]
    way = host.get_by_role("link", name="Play for Seat 2, Seat 3 (no phone) on the table screen")  # type: ignore[attr-defined]
    way.wait_for()
    _pick(host, "7C")  # his own card: the others are still to choose
    way.click()
    host.wait_for_url(f"**/t/{table_id}")  # type: ignore[attr-defined]
    assert host.locator("#by-hand-button").is_visible()  # type: ignore[attr-defined]
    # another player's phone, not the host's, is shown no such way
    bruno = _seat(browser, server, table_id, 1, "en-GB")
    bruno.wait_for_function("() => window.TAVOLO.view()")  # type: ignore[attr-defined]
    assert bruno.locator("#play-for").is_hidden()  # type: ignore[attr-defined]


def test_a_card_refused_when_played_says_why_under_it_and_the_picker_greys_the_aces(
        server: str, browser: object) -> None:
    """The table moved on after the photo: the open list is judged again (on the table screen a
    seat that has played is no longer a card's seat), and a card refused when played keeps the
    engine's refusal under it until it is corrected; a card corrected by hand is judged at once.
    The picker that corrects a card greys the cards known to be on the table."""
    host, table_id = _new_table(browser, server, "en-GB")
    anna = _seat(browser, server, table_id, 0, "en-GB")
    bruno = _seat(browser, server, table_id, 1, "en-GB")
    anna.locator("#scan-input").set_input_files(str(PHOTOS / "guillex7" / "query_q15.jpg"))  # type: ignore[attr-defined]
    panel = anna.locator("#scan")  # type: ignore[attr-defined]
    panel.get_by_role("button", name="Play 7♣").wait_for()
    # correcting the 7♣: the ace of clubs starts a row, so the picker greys it, as Quinta's
    # own picker leaves the aces out
    panel.locator(".scan-item[data-card='7C'] .scan-fix").click()
    panel.locator(".scan-picker .suit-tab[data-suit=C]").click()
    assert panel.locator(".scan-picker .card[data-card='AC']").is_disabled()
    assert panel.locator(".scan-picker .card[data-card='9C']").is_enabled()
    # the card as read shows pressed: the player sees what he is correcting
    assert panel.locator(".scan-picker .card[data-card='7C']").get_attribute("aria-pressed") == "true"
    assert panel.locator(".scan-picker .card[data-card='9C']").get_attribute("aria-pressed") == "false"
    panel.locator(".scan-item[data-card='7C'] .scan-fix").click()  # closed: no change
    # meanwhile the table screen enters Anna's card from its own photo
    host.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "8hearts.jpg"))  # type: ignore[attr-defined]
    hpanel = host.locator("#scan")  # type: ignore[attr-defined]
    hpanel.locator(".scan-item[data-card='8H'] select").select_option("0")
    hpanel.locator("#scan-confirm").click()
    hpanel.wait_for(state="hidden")
    anna.wait_for_function("() => !document.querySelector('#game #play')")  # type: ignore[attr-defined]
    # her phone says the table screen entered a card for her
    anna.locator("#toast").get_by_text("The table screen entered 8♥ for you.").wait_for()  # type: ignore[attr-defined]
    # Anna's open list is judged again at once: her 7♣ is no longer a move, and says why
    seven = panel.locator(".scan-item[data-card='7C']")
    seven.locator(".why").get_by_text("You have already chosen your card").wait_for()
    assert seven.get_by_role("button", name="Play 7♣").count() == 0
    # corrected to the 9♣ while the phone's question about it gets no answer (a weak network),
    # so it is asked when it is played, and tapped: the refusal stays under that card
    anna.route("**/cards/check*", lambda route: route.abort())  # type: ignore[attr-defined]
    seven.locator(".scan-fix").click()
    panel.locator(".scan-picker .suit-tab[data-suit=C]").click()
    panel.locator(".scan-picker .card[data-card='9C']").click()
    panel.get_by_role("button", name="Play 9♣").click()
    why = panel.locator(".scan-item[data-card='9C'] .why.refused")
    why.wait_for()
    assert why.inner_text().startswith("You have already chosen your card"), why.inner_text()
    toast = anna.locator("#toast")  # type: ignore[attr-defined]
    assert toast.is_hidden() or "already chosen" not in toast.inner_text()  # said under the card alone
    assert why.get_attribute("role") == "alert"  # told to a screen reader as it comes
    anna.unroute("**/cards/check*")  # type: ignore[attr-defined]
    # corrected to another card, the old refusal goes, and the engine is asked at once about
    # the new one: no Play button, the reason under it, told to a screen reader
    panel.locator(".scan-item[data-card='9C'] .scan-fix").click()
    panel.locator(".scan-picker .suit-tab[data-suit=C]").click()
    panel.locator(".scan-picker .card[data-card='JC']").click()
    jack = panel.locator(".scan-item[data-card='JC']")
    jack.locator("p.why").get_by_text("You have already chosen your card").wait_for()
    assert panel.locator(".why.refused").count() == 0
    assert jack.get_by_role("button", name="Play J♣").count() == 0
    assert jack.locator("p.why").get_attribute("role") == "alert"
    # the table screen gives the 7♣ to Bruno, who meanwhile plays on his own phone: its list is
    # judged again, and Bruno, who no longer has to play, is no longer the 7♣'s seat
    host.locator("#scan-input").set_input_files(str(PHOTOS / "guillex7" / "query_q15.jpg"))  # type: ignore[attr-defined]
    hpanel.locator("#scan-confirm").wait_for()
    for code, seat in (("7C", "1"), ("2S", "")):
        hpanel.locator(f".scan-item[data-card='{code}'] select").select_option(seat)
    _pick(bruno, "5H")
    host.wait_for_function("() => document.querySelectorAll('.player.acting').length === 1")  # type: ignore[attr-defined]
    seat_of_seven = hpanel.locator(".scan-item[data-card='7C'] select")
    host.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector(\".scan-item[data-card='7C'] select\").value === ''")
    assert [o.strip() for o in seat_of_seven.locator("option").all_inner_texts()] == ["nobody", "Seat 3"]
    # on the 360 px screen each card beside its seat menu keeps its name on one line
    lines = hpanel.locator(".scan-item.for-seat .scan-name").evaluate_all(
        "els => els.map((e) => e.getBoundingClientRect().height"
        " / parseFloat(getComputedStyle(e).lineHeight))")
    assert lines and max(lines) < 1.5, lines
    _shot(host, "table-screen-scan-refused")
    # given to the seat still to play, the card is entered
    seat_of_seven.select_option("2")
    hpanel.locator("#scan-confirm").click()
    host.wait_for_function("() => document.querySelectorAll('.revealed-item').length === 3")  # type: ignore[attr-defined]


def _hold_first_photo(phone: object) -> list[object]:
    """Hold the phone's first photo upload on the network (its route, returned, is never
    answered unless the test does it); later uploads go through."""
    held: list[object] = []

    def hold_first(route: object) -> None:
        if not held:
            held.append(route)
        else:
            route.continue_()  # type: ignore[attr-defined]

    phone.route("**/api/tables/*/photos*", hold_first)  # type: ignore[attr-defined]
    return held


def _wait_until_held(phone: object, held: list[object]) -> None:
    """Wait until the photo is on the network and held there. The panel says "Sending" while
    the page still makes the photo smaller: a second photo taken then would replace the first
    before it ever left the phone, and the one held would be the second."""
    for _ in range(200):
        if held:
            return
        phone.wait_for_timeout(50)  # type: ignore[attr-defined]  # lets the route handler run
    raise AssertionError("the photo never reached the network")


def test_a_late_reply_for_an_older_photo_never_replaces_the_newer_result(server: str,
                                                                         browser: object) -> None:
    """The first photo's reading is held up on the network while the player takes a second
    one: the second photo's cards are shown, and when the first reply would arrive it is
    dropped (the page gave up on it), so the list and the outlines stay the second photo's."""
    _host, table_id = _new_table(browser, server, "en-GB")
    phone = _seat(browser, server, table_id, 0, "en-GB", service_workers="block")
    held = _hold_first_photo(phone)  # answered later, after the second photo's reply
    panel = phone.locator("#scan")  # type: ignore[attr-defined]
    phone.locator("#scan-input").set_input_files(str(PHOTOS / "guillex7" / "query_q15.jpg"))  # type: ignore[attr-defined]
    phone.get_by_text(re.compile("Sending the photo|Reading the photo")).wait_for()  # type: ignore[attr-defined]
    _wait_until_held(phone, held)
    phone.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "8hearts.jpg"))  # type: ignore[attr-defined]
    panel.get_by_role("button", name="Play 8♥").wait_for()
    assert len(held) == 1
    # The page aborted the first request when the second photo was taken: Playwright may
    # refuse to continue it, which is what a late reply that never lands looks like.
    with contextlib.suppress(Exception):
        held[0].continue_()  # type: ignore[attr-defined]
    phone.wait_for_timeout(1500)  # type: ignore[attr-defined]
    assert panel.locator(".scan-name").all_inner_texts() == ["8 of hearts"]
    assert panel.locator(".scan-photo svg polygon").count() == 1
    assert "1 card found" in panel.inner_text()


def test_a_slow_upload_shows_how_much_of_the_photo_has_left_the_phone(server: str, browser: object,
                                                                      tmp_path: Path) -> None:
    """On a slow uplink (300 KB/s) a 12-megapixel photo takes seconds to send: the panel counts
    up the share sent, says when the server is reading it, and then shows the card."""
    _host, table_id = _new_table(browser, server, "en-GB")
    phone = _seat(browser, server, table_id, 0, "en-GB", service_workers="block")
    small = cv2.imread(str(PHOTOS / "rdpong" / "8hearts.jpg"))
    big = cv2.resize(small, (4000, 3000), interpolation=cv2.INTER_CUBIC)
    noise = np.random.default_rng(1).integers(-6, 7, big.shape)  # a sensor's grain: a photo's real size
    photo = tmp_path / "big.jpg"
    cv2.imwrite(str(photo), np.clip(big + noise, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert photo.stat().st_size > 1_500_000
    cdp = phone.context.new_cdp_session(phone)  # type: ignore[attr-defined]
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                  "downloadThroughput": -1, "uploadThroughput": 300_000})
    phone.evaluate("""() => {  // every text the panel shows, in order
        window.panelTexts = [];
        const panel = document.getElementById("scan");
        new MutationObserver(() => window.panelTexts.push(panel.textContent))
            .observe(panel, {childList: true, characterData: true, subtree: true});
    }""")  # type: ignore[attr-defined]
    panel = phone.locator("#scan")  # type: ignore[attr-defined]
    # a first try is cancelled while it is sent: the panel closes, with no error. The photo is
    # chosen with the page scrolled to its top: the progress comes into view all the same.
    phone.evaluate("window.scrollTo(0, 0)")  # type: ignore[attr-defined]
    phone.locator("#scan-input").set_input_files(str(photo))  # type: ignore[attr-defined]
    panel.get_by_text("Sending the photo").wait_for()
    phone.wait_for_function("""() => {  // type: ignore[attr-defined]
        const r = document.querySelector("#scan button.big").getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
    }""")
    panel.get_by_role("button", name="Cancel", exact=True).click()
    assert panel.is_hidden()
    phone.evaluate("window.panelTexts = []")  # type: ignore[attr-defined]
    phone.locator("#scan-input").set_input_files(str(photo))  # type: ignore[attr-defined]
    panel.get_by_role("button", name="Play 8♥").wait_for(timeout=90_000)
    assert panel.get_by_role("alert").count() == 0
    texts = phone.evaluate("window.panelTexts")  # type: ignore[attr-defined]
    shares = [int(n) for text in texts for n in re.findall(r"Sending the photo… (\d+)%", text)]
    assert shares == sorted(shares) and len(set(shares)) >= 3 and shares[-1] >= 50, shares
    reading = [i for i, text in enumerate(texts) if text.startswith("Reading the photo…")]
    assert reading and all("Sending" not in text for text in texts[reading[0]:]), texts


def test_a_false_reading_is_set_aside_and_a_refused_photo_keeps_the_list(server: str, browser: object,
                                                                          tmp_path: Path) -> None:
    """One 8♥ photographed twice side by side, at a one-deck table: the second reading is a
    guess to check. Corrected to the 9♥ it is no longer "unsure"; the other reading, set aside
    as no card, leaves the list and the count. A file that is no photo then leaves that list
    as it was (the correction too) and says why in a toast, which the next photo clears."""
    _host, table_id = _new_table(browser, server, "en-GB")
    phone = _seat(browser, server, table_id, 0, "en-GB")
    one = cv2.imread(str(PHOTOS / "rdpong" / "8hearts.jpg"))
    twice = tmp_path / "twice.jpg"
    cv2.imwrite(str(twice), cv2.hconcat([one, one]))
    panel = phone.locator("#scan")  # type: ignore[attr-defined]
    phone.locator("#scan-input").set_input_files(str(twice))  # type: ignore[attr-defined]
    items = panel.locator(".scan-item")
    items.nth(1).wait_for()
    assert panel.locator("h2").inner_text() == "2 cards found"
    doubt = panel.locator(".scan-item:has(.conf.weak)")
    assert doubt.count() == 1 and "more often than the deck holds it" in doubt.inner_text()
    doubt.locator(".scan-fix").click()
    doubt.locator(".scan-picker").wait_for()
    doubt.locator(".suit-tab[data-suit='H']").click()
    doubt.get_by_role("button", name="9 of hearts", exact=True).click()
    corrected = panel.locator(".scan-item[data-card='9H']")
    corrected.wait_for()
    assert corrected.locator(".conf.weak").count() == 0 and "unsure" not in corrected.inner_text()
    assert panel.locator(".scan-photo polygon.weak").count() == 0  # outlined as sure on the photo too
    other = panel.locator(".scan-item[data-card='8H']")
    other.locator(".scan-fix").click()
    other.get_by_role("button", name="Not a card: remove it").wait_for()
    _shot(phone, "phone-scan-picker-with-set-aside")
    other.get_by_role("button", name="Not a card: remove it").click()
    panel.locator(".scan-item[data-card='8H']").wait_for(state="detached")
    assert items.count() == 1 and panel.locator("h2").inner_text() == "1 card found"
    assert panel.locator(".scan-photo polygon").count() == 1
    _shot(phone, "phone-scan-reading-set-aside")
    junk = tmp_path / "notes.jpg"
    junk.write_text("not a photo at all")
    phone.locator("#scan-input").set_input_files(str(junk))  # type: ignore[attr-defined]
    toast = phone.locator("#toast")  # type: ignore[attr-defined]
    toast.get_by_text("not a photo", exact=False).wait_for()
    assert items.count() == 1 and panel.locator(".scan-item[data-card='9H']").count() == 1
    assert panel.locator("h2").inner_text() == "1 card found" and panel.get_by_role("alert").count() == 0
    phone.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "4clubs.jpg"))  # type: ignore[attr-defined]
    assert toast.is_hidden()  # the message was about the file before
    panel.get_by_text("4 of clubs").wait_for()


def test_the_names_on_a_photo_of_overlapping_cards_never_cover_each_other(server: str,
                                                                          browser: object) -> None:
    """guillex7's hand of four overlapping cards: the cards' centres lie close, so each name
    written on the photo takes the nearest free line; no two names cover each other."""
    _host, table_id = _new_table(browser, server, "en-GB")
    phone = _seat(browser, server, table_id, 0, "en-GB")
    phone.locator("#scan-input").set_input_files(str(PHOTOS / "guillex7" / "query_q12.jpg"))  # type: ignore[attr-defined]
    panel = phone.locator("#scan")  # type: ignore[attr-defined]
    panel.locator(".scan-item").nth(2).wait_for()
    boxes = panel.locator(".scan-photo svg text").evaluate_all(
        "els => els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom])")
    assert len(boxes) >= 3
    covered = [(a, b) for k, a in enumerate(boxes) for b in boxes[k + 1:]
               if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]
    assert covered == []
    _shot(phone, "phone-scan-overlapping-names")


def test_a_photo_whose_reading_never_comes_back_is_given_up_with_a_message(server: str,
                                                                           browser: object) -> None:
    """A reading that hangs (the connection stalls, the server never answers) ends after
    90 seconds (a big photo's upload counts) with a message that stays in the scan panel, in
    the player's language, and the next photo is read as usual."""
    _host, table_id = _new_table(browser, server, "it-IT")
    phone = _seat(browser, server, table_id, 0, "it-IT", service_workers="block")
    phone.clock.install()  # type: ignore[attr-defined]
    held = _hold_first_photo(phone)  # never answered
    panel = phone.locator("#scan")  # type: ignore[attr-defined]
    phone.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "8hearts.jpg"))  # type: ignore[attr-defined]
    waiting = re.compile("Invio la foto|Leggo la foto")  # sending it, or the server reading it
    phone.get_by_text(waiting).wait_for()  # type: ignore[attr-defined]
    _wait_until_held(phone, held)
    phone.clock.run_for(89_000)  # type: ignore[attr-defined]
    assert waiting.search(panel.inner_text())  # still waiting, within the limit
    phone.clock.run_for(2_000)  # type: ignore[attr-defined]
    alert = panel.get_by_role("alert")
    alert.wait_for()
    assert "ci ha messo troppo" in alert.inner_text()
    _shot(phone, "phone-scan-given-up")
    phone.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "8hearts.jpg"))  # type: ignore[attr-defined]
    panel.get_by_role("button", name="Gioca 8♥").wait_for()


def test_an_open_seat_is_named_in_the_pages_language(server: str, browser: object) -> None:
    """A seat nobody has named is "Posto 2" on an Italian page and "Seat 2" on an English
    one, in the players' list and in the table screen's seat menu of a scan."""
    host, table_id = _new_table(browser, server, "it-IT")
    players = host.locator(".player-list")  # type: ignore[attr-defined]
    players.wait_for()
    assert "Posto 2" in players.inner_text() and "Posto 3" in players.inner_text()
    assert "Seat" not in players.inner_text()
    host.locator("#scan-input").set_input_files(str(PHOTOS / "guillex7" / "query_q15.jpg"))  # type: ignore[attr-defined]
    menu = host.locator("#scan .scan-item select").first  # type: ignore[attr-defined]
    menu.wait_for()
    assert "Posto 2" in menu.inner_text() and "Seat" not in menu.inner_text()
    english = _seat(browser, server, table_id, 0, "en-GB")
    english.locator(".player-list").wait_for()  # type: ignore[attr-defined]
    assert "Seat 2" in english.locator(".player-list").inner_text()  # type: ignore[attr-defined]


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1024, "height": 1300}, {"width": 1024, "height": 768},
                                      {"width": 180, "height": 400}],
                         ids=["phone", "tablet", "landscape-table-screen", "phone-at-200-percent"])
def test_the_players_rows_read_as_one_table(server: str, browser: object, viewport: dict[str, int]) -> None:
    """The table screen's players: every name in one column and what each has beside it, starting
    at the same place in every row, whether a row's line fits or wraps (a walk found one short
    row on one line while the others wrapped under their names). Where two columns do not fit
    (a phone zoomed to 200 %), every row puts it under the name. A name wraps between its words
    (another walk read "Massimilian / o" on a landscape table screen)."""
    host, _ = _new_table(browser, server, "en-GB", "diavolo", ["Anna", "Massimiliano Bartolomei", "Carla"],
                         seats=3, viewport=viewport)
    host.locator(".player-list .player").nth(2).wait_for()  # type: ignore[attr-defined]
    # a name wraps between its words, never inside one that would fit on a line (a walk read
    # "Massimilian / o" at 1024 px), and so do the lines of what each player has
    assert _split_words(host, ".player-list .player strong") == []
    assert _split_words(host, ".player-list .player strong + span") == []
    rows = host.evaluate("""() => [...document.querySelectorAll('.player-list .player')].map((li) => {
        const name = li.querySelector('strong').getClientRects()[0];
        const info = li.querySelector('strong + span').getClientRects()[0];
        return {nameTop: name.top, nameRight: name.right, infoLeft: info.left, infoTop: info.top};
    })""")
    assert len(rows) == 3
    lefts = [r["infoLeft"] for r in rows]
    assert max(lefts) - min(lefts) < 1, rows  # one column for what the players have
    for r in rows:
        if viewport["width"] >= 360:
            assert abs(r["infoTop"] - r["nameTop"]) < 2, rows  # beside the name, never under it
            assert r["infoLeft"] >= r["nameRight"], rows
        else:
            assert r["infoTop"] > r["nameTop"] + 5, rows  # under it in every row
    assert horizontal_overflow(host) <= 1
    _shot(host, f"table-players-{viewport['width']}x{viewport['height']}")
    # a name of one word as long as a name may be (24 letters) breaks where it must: the page
    # never scrolls sideways
    long_name, _ = _new_table(browser, server, "en-GB", "diavolo", ["Bartolomeogiovannipaolox", "Bo"],
                              seats=2, viewport=viewport, first=1)  # Bo deals: the long name asks first
    long_name.locator(".player-list .player").nth(1).wait_for()  # type: ignore[attr-defined]
    # the table screen speaks for that seat, by its name, and offers it among who shows 15
    assert "For Bartolomeogiovannipaolox" in long_name.locator(".ks-for").inner_text()  # type: ignore[attr-defined]
    assert long_name.locator(".dv-showers button", has_text="Bartolomeogiovannipaolox").count() == 1  # type: ignore[attr-defined]
    assert horizontal_overflow(long_name) <= 1
    # one long name squeezes nobody's line into words broken in two ("choos / ing…")
    quinta, _ = _new_table(browser, server, "en-GB", "quinta", ["Anna", "Giovannipaolosecondo", "Carla"],
                           seats=3, viewport=viewport)
    quinta.locator(".player-list .player").nth(2).wait_for()  # type: ignore[attr-defined]
    assert "choosing" in quinta.locator(".player-list").inner_text()  # type: ignore[attr-defined]
    assert _split_words(quinta, ".player-list .player strong + span") == []
    assert horizontal_overflow(quinta) <= 1
    _shot(quinta, f"table-players-long-name-{viewport['width']}x{viewport['height']}")


SPLIT_WORDS = """(selector) => [...document.querySelectorAll(selector)].flatMap((el) => {
    // the words of each element laid out in two pieces though narrower than half their row
    const row = el.closest('.player'), pad = parseFloat(getComputedStyle(row).paddingLeft) * 2;
    const half = (row.getBoundingClientRect().width - pad) / 2;
    const out = [];
    for (const text of [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)) {
        let at = 0;
        for (const word of text.data.split(' ')) {
            const r = document.createRange();
            r.setStart(text, at);
            r.setEnd(text, at + word.length);
            const whole = document.createElement('span');
            whole.style.whiteSpace = 'nowrap';
            whole.textContent = word;
            el.append(whole);
            const fits = whole.getBoundingClientRect().width <= half;
            whole.remove();
            if (word && r.getClientRects().length > 1 && fits) out.push(word);
            at += word.length + 1;
        }
    }
    return out;
})"""


def _split_words(page: object, selector: str) -> list[str]:
    """The words of the elements ``selector`` broken across two lines though narrower than half
    their player's row (a word that wide always fits the column it is in)."""
    return list(page.evaluate(SPLIT_WORDS, selector))  # type: ignore[attr-defined]


def test_a_photo_larger_than_the_server_takes_is_made_smaller_on_the_phone(
        server: str, browser: object, tmp_path: Path) -> None:
    """A 200-megapixel camera's photo is more than the server accepts (50 megapixels): the
    phone sends it with its long side at 6000 pixels, as much as the reader looks at, and the
    card in it is read. The same photo as it is would be refused."""
    import cv2

    from recognizer.decode import ImageError, decode

    card = cv2.imread(str(PHOTOS / "rdpong" / "8hearts.jpg"))
    h, w = card.shape[:2]
    k = 9000 / max(h, w)
    big = cv2.resize(card, (round(w * k), round(h * k)), interpolation=cv2.INTER_CUBIC)
    path = tmp_path / "huge.jpg"
    cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, 90])
    with pytest.raises(ImageError, match="megapixels"):
        decode(path.read_bytes())
    anna, sent = _sent_from_a_phone(browser, server, path)
    body = sent.json()
    assert max(body["width"], body["height"]) == 6000, body
    assert [d["card"] for d in body["detections"]] == ["8H"]
    anna.locator("#scan").get_by_role("button", name="Play 8♥").wait_for()  # type: ignore[attr-defined]


def _sent_from_a_phone(browser: object, server: str, path: Path) -> tuple[Any, Any]:
    """A photo chosen on a seated phone at a new table: the page and the server's answer to
    what the phone sent."""
    _host, table_id = _new_table(browser, server, "en-GB")
    anna = _seat(browser, server, table_id, 0, "en-GB")
    with anna.expect_response(lambda r: "/photos" in r.url) as sent:  # type: ignore[attr-defined]
        anna.locator("#scan-input").set_input_files(str(path))  # type: ignore[attr-defined]
    return anna, sent.value


def test_a_png_over_the_servers_24_megapixels_is_sent_as_a_jpeg(
        server: str, browser: object, tmp_path: Path) -> None:
    """A PNG of 27 megapixels (a screenshot of a tablet, an export) is over what the server
    decodes whole (24): the phone sends it as a JPEG, which the server takes, and the card in
    it is read. It was sent as it was and refused."""
    from recognizer.decode import ImageError, decode

    card = cv2.imread(str(PHOTOS / "rdpong" / "8hearts.jpg"))
    k = 2000 / max(card.shape[:2])
    card = cv2.resize(card, (round(card.shape[1] * k), round(card.shape[0] * k)))
    page = np.full((4500, 6000, 3), 60, np.uint8)
    page[1000:1000 + card.shape[0], 2000:2000 + card.shape[1]] = card
    path = tmp_path / "big.png"
    cv2.imwrite(str(path), page)
    with pytest.raises(ImageError, match="at most 24"):
        decode(path.read_bytes())
    _, sent = _sent_from_a_phone(browser, server, path)
    assert sent.status == 200
    body = sent.json()
    assert (body["width"], body["height"]) == (6000, 4500)
    assert [d["card"] for d in body["detections"]] == ["8H"]


def test_a_card_the_camera_missed_is_added_by_hand_and_played(server: str, browser: object) -> None:
    """A photo in which the camera finds no card (an empty table here) still lets the player
    add the card he holds with the picker and play it; the card is checked like any other."""
    _host, table_id = _new_table(browser, server, "en-GB")
    anna = _seat(browser, server, table_id, 0, "en-GB")
    anna.locator("#scan-input").set_input_files(str(PHOTOS / "cardcounter" / "IMG_7736.jpg"))  # type: ignore[attr-defined]
    panel = anna.locator("#scan")  # type: ignore[attr-defined]
    panel.get_by_text("No card found").wait_for()
    # what to do about it: a better photo, or teach the camera a deck of another design
    help_ = panel.locator(".scan-none-help")
    assert "keep each card's corner" in help_.inner_text()
    assert help_.get_by_role("link", name="Your decks").get_attribute("href") == "/decks"
    _shot(anna, "phone-scan-no-card")
    panel.get_by_role("button", name="+ Add a card").click()
    panel.locator(".scan-picker .suit-tab[data-suit=C]").click()
    panel.locator(".scan-picker .card[data-card='7C']").click()
    assert panel.locator(".scan-none-help").count() == 0  # a card is listed now
    assert panel.locator(".scan-name").all_inner_texts() == ["7 of clubs"]
    assert panel.locator(".scan-photo svg polygon").count() == 0  # no place in the photo
    _shot(anna, "phone-scan-added-by-hand")
    panel.get_by_role("button", name="Play 7♣").click()
    anna.wait_for_function("() => document.getElementById('status').textContent.includes('7♣')")


def test_a_card_added_by_hand_is_judged_at_once_and_again_when_the_table_moves(
        server: str, browser: object) -> None:
    """Oscuri with real cards, Bruno to lead: Anna's photo finds no card and she adds her 5♣
    by hand before Bruno has played. The list says at once why it cannot be played yet, with
    no Play button; once Bruno's card is on the table the same row offers Play, and it plays."""
    tid, host, ctx, anna = _first_seat_phone(server, browser, "oscuri", ["Anna", "Bruno"],
                                             {"hands": "unknown", "leader": 1})
    anna.locator("#scan-input").set_input_files(str(PHOTOS / "cardcounter" / "IMG_7736.jpg"))
    panel = anna.locator("#scan")
    panel.get_by_text("No card found").wait_for()
    panel.get_by_role("button", name="+ Add a card").click()
    panel.locator(".scan-picker .suit-tab[data-suit=C]").click()
    panel.locator(".scan-picker .card[data-card='5C']").click()
    row = panel.locator(".scan-item[data-card='5C']")
    why = panel.locator(".scan-turn")  # not her turn: said once above the list, naming Bruno
    why.wait_for()
    assert why.inner_text() == "It is not your turn to play: it is Bruno's turn."
    assert why.get_attribute("role") == "alert" and row.locator("p.why").count() == 0
    assert row.get_by_role("button", name="Play 5♣").count() == 0
    _shot(anna, "phone-scan-added-by-hand-judged")
    _api(server, f"/api/tables/{tid}/actions",
         {"action": {"type": "play", "player": 1, "card": "2H"}, "seq": int(_seq(anna))}, host)
    play = row.get_by_role("button", name="Play 5♣")
    play.wait_for()
    assert why.is_hidden()
    play.click()
    panel.wait_for(state="hidden")  # the card is played: the list goes
    assert "5C" in json.dumps(_table_now(server, tid)["state"])
    ctx.close()


def test_a_long_single_word_name_never_widens_a_narrow_phone(server: str, browser: object) -> None:
    """A name of 24 letters with no space (the longest allowed) wraps on the table screen and
    on the player's phone at 360 px, instead of pushing the page sideways."""
    long_name = "W" * 24
    host, table_id = _new_table(browser, server, "en-GB", names=(long_name,))
    host.locator(".player-list").wait_for()  # type: ignore[attr-defined]
    _no_horizontal_scroll(host)
    phone = _seat(browser, server, table_id, 0, "en-GB")
    phone.locator(".player-list").wait_for()  # type: ignore[attr-defined]
    _no_horizontal_scroll(phone)


def _frame(img: np.ndarray) -> bytes:
    """An image centred on a 720p frame, as YUV 4:2:0 bytes."""
    canvas = np.full((720, 1280, 3), 60, np.uint8)
    h, w = img.shape[:2]
    f = min(1280 / w, 720 / h)
    small = cv2.resize(img, (int(w * f) // 2 * 2, int(h * f) // 2 * 2))
    y0, x0 = (720 - small.shape[0]) // 2, (1280 - small.shape[1]) // 2
    canvas[y0:y0 + small.shape[0], x0:x0 + small.shape[1]] = small
    return bytes(cv2.cvtColor(canvas, cv2.COLOR_BGR2YUV_I420).tobytes())


def _video(scenes: list[tuple[np.ndarray, int]], out: Path) -> Path:
    """A YUV4MPEG2 video at 10 frames a second for Chromium's fake camera (which plays it in
    a loop): each image held for its number of frames."""
    with out.open("wb") as f_out:
        f_out.write(b"YUV4MPEG2 W1280 H720 F10:1 Ip A1:1 C420jpeg\n")
        for img, frames in scenes:
            yuv = _frame(img)
            for _ in range(frames):
                f_out.write(b"FRAME\n" + yuv)
    return out


def _camera_browser(playwright: object, video: Path) -> Any:
    """Chromium whose camera plays ``video`` in a loop, allowed without asking."""
    args = [*ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={video}"]
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)  # type: ignore[attr-defined]


def _camera_phone(b: Any, server: str, table_id: str) -> Any:
    """A phone allowed the camera, seated in the first seat of the table."""
    phone = b.new_context(viewport=PHONE, locale="en-GB", permissions=["camera"]).new_page()
    phone.goto(f"{server}/join/{table_id}")
    phone.locator(".seat-row").nth(0).get_by_role("button").click()
    phone.wait_for_url("**/play/*")
    return phone


def _y4m(photo: Path, out: Path, frames: int = 8) -> Path:
    """A YUV4MPEG2 video of a photo, for Chromium's fake camera."""
    return _video([(cv2.imread(str(photo)), frames)], out)


@pytest.mark.skipif(not (PHOTOS / "rdpong").is_dir(), reason="no photos in ../shared/cardphotos")
def test_live_camera_proposes_a_card_seen_in_several_frames(server: str, playwright: object,
                                                            tmp_path: Path) -> None:
    video = _y4m(PHOTOS / "rdpong" / "8hearts.jpg", tmp_path / "camera.y4m")
    b = _camera_browser(playwright, video)
    try:
        _, table_id = _new_table(b, server)
        anna = _camera_phone(b, server, table_id)
        live = anna.get_by_role("button", name="Live camera")
        live.wait_for()
        live.click()
        anna.locator("#live video").wait_for()
        play = anna.locator("#scan").get_by_role("button", name="Play 8♥")
        play.wait_for(timeout=30_000)
        _shot(anna, "phone-live-camera")
        play.click()
        anna.wait_for_function("() => document.getElementById('status').textContent.includes('8♥')")
        assert anna.locator("#live").is_hidden()
    finally:
        b.close()


SLOW_CAMERA = """(() => {
  // the camera opens a second after it is asked for (a permission prompt), and every track
  // opened is kept in sight, so that a test can tell which are still live
  const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  window.cameraTracks = [];
  navigator.mediaDevices.getUserMedia = async (c) => {
    if (window.cameraFails) throw new DOMException("no camera", window.cameraFails);
    await new Promise((r) => setTimeout(r, 1000));
    const s = await open(c);
    window.cameraTracks.push(...s.getTracks());
    return s;
  };
})()"""


@pytest.mark.skipif(not (PHOTOS / "rdpong").is_dir(), reason="no photos in ../shared/cardphotos")
def test_live_camera_opens_once_however_often_it_is_tapped_and_says_what_it_lacks(
        server: str, playwright: object, tmp_path: Path) -> None:
    """The camera takes a moment to open: the button says so, a second tap cancels, and the
    camera opened meanwhile is closed at once (two taps left a camera on that "Stop" did not
    stop). A camera that cannot open says why: refused, absent, or held by another app."""
    video = _y4m(PHOTOS / "rdpong" / "8hearts.jpg", tmp_path / "camera.y4m")
    b = _camera_browser(playwright, video)
    try:
        _, table_id = _new_table(b, server)
        anna = _camera_phone(b, server, table_id)
        anna.add_init_script(SLOW_CAMERA)
        anna.reload()
        live = anna.locator("#live-button")
        live.click()
        assert live.inner_text() == "Starting the camera… (tap to cancel)"
        live.click()  # a second tap while it opens: cancelled
        assert live.inner_text() == "Live camera"
        anna.wait_for_function("() => window.cameraTracks.length === 1")
        anna.wait_for_function("() => window.cameraTracks.every((t) => t.readyState === 'ended')")
        assert anna.locator("#live").is_hidden()
        # cancelled, then asked again at once, while the first is still opening: one camera, live
        live.click()
        live.click()
        live.click()
        assert live.inner_text() == "Starting the camera… (tap to cancel)"
        anna.locator("#live video").wait_for()
        anna.wait_for_function("() => window.cameraTracks.length === 3")
        anna.wait_for_function("() => window.cameraTracks.filter((t) => t.readyState === 'live').length == 1")
        live.click()  # "Stop the camera": no track left live
        anna.wait_for_function("() => window.cameraTracks.every((t) => t.readyState === 'ended')")
        assert anna.locator("#live").is_hidden()
        for failure, said in (("NotAllowedError", "allow it in the browser"),
                              ("NotFoundError", "This device has no camera the browser can use"),
                              ("NotReadableError", "The camera is in use by another app")):
            anna.evaluate(f"window.cameraFails = {failure!r}")
            live.click()
            anna.locator("#toast").get_by_text(said).wait_for()
            assert live.inner_text() == "Live camera"
    finally:
        b.close()


@pytest.mark.skipif(not (PHOTOS / "rdpong").is_dir(), reason="no photos in ../shared/cardphotos")
def test_live_camera_keeps_a_card_corrected_or_added_by_hand_when_the_table_changes(
        server: str, playwright: object, tmp_path: Path) -> None:
    """The camera sees, in a loop, the 8 of hearts alone, then the 8 of hearts beside the 3 of
    clubs, then the 3 of clubs alone (six seconds each). The player corrects the 8 to a 9 and
    adds the 3 of clubs by hand before the camera sees it. When the camera reads the 3 of
    clubs itself, it is listed once; when the 8 leaves the frame and comes back, it comes
    back corrected."""
    eight = cv2.imread(str(PHOTOS / "rdpong" / "8hearts.jpg"))
    three = cv2.imread(str(PHOTOS / "rdpong" / "3clubs.jpg"))
    side = cv2.resize(three, (three.shape[1] * eight.shape[0] // three.shape[0], eight.shape[0]))
    video = _video([(eight, 60), (np.hstack([eight, side]), 60), (three, 60)], tmp_path / "camera.y4m")
    b = _camera_browser(playwright, video)
    try:
        _, table_id = _new_table(b, server)
        anna = _camera_phone(b, server, table_id)
        anna.get_by_role("button", name="Live camera").click()
        panel = anna.locator("#scan")
        plays = lambda name: panel.get_by_role("button", name=name, exact=True)  # noqa: E731
        # the 8 alone (whenever the loop shows it): corrected to a 9, the 3 of clubs added
        plays("Play 8♥").wait_for(timeout=30_000)
        panel.locator(".scan-item[data-card='8H'] .scan-fix").click()
        panel.locator(".scan-item .scan-picker .card[data-card='9H']").click()
        panel.get_by_role("button", name="+ Add a card").click()
        panel.locator(".scan-picker .suit-tab[data-suit=C]").click()
        panel.locator(".scan-picker .card[data-card='3C']").click()
        assert plays("Play 9♥").count() == 1 and plays("Play 3♣").count() == 1
        # both in the frame: the 3 of clubs is the camera's reading now (outlined), listed once
        panel.locator(".scan-item[data-card='3C'] svg.scan-thumb").wait_for(timeout=30_000)
        assert plays("Play 3♣").count() == 1 and plays("Play 9♥").count() == 1, panel.inner_text()
        assert panel.locator(".scan-item").first.get_attribute("data-card") == "9H"  # nothing moved up
        _shot(anna, "phone-live-kept-corrections")
        # the 8 leaves the frame, then comes back: still the 9 the player made it
        plays("Play 9♥").wait_for(state="hidden", timeout=30_000)
        plays("Play 9♥").wait_for(timeout=30_000)
        assert plays("Play 8♥").count() == 0
        # a photo taken meanwhile stops the camera and keeps the correction
        anna.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "8hearts.jpg"))
        panel.locator(".scan-item .scan-thumb polygon").first.wait_for()
        assert anna.locator("#live").is_hidden() and plays("Play 9♥").count() == 1, panel.inner_text()
        plays("Play 9♥").click()
        anna.wait_for_function("() => document.getElementById('status').textContent.includes('9♥')")
    finally:
        b.close()


@pytest.mark.skipif(not (PHOTOS / "guillex7").is_dir(), reason="no photos in ../shared/cardphotos")
def test_the_table_screens_live_camera_keeps_the_seat_the_host_gave_a_card(
        server: str, playwright: object, tmp_path: Path) -> None:
    """The table screen's camera sees a Quinta table (the aces, 7♣, 3♥, 2♠), then the same
    with the 3 of clubs beside it, in a loop. The host gives the 7 of clubs to seat 2; when
    the 3 of clubs comes and goes, the 7 of clubs stays seat 2's."""
    table = cv2.imread(str(PHOTOS / "guillex7" / "query_q15.jpg"))
    three = cv2.imread(str(PHOTOS / "rdpong" / "3clubs.jpg"))
    side = cv2.resize(three, (three.shape[1] * table.shape[0] // three.shape[0], table.shape[0]))
    video = _video([(table, 60), (np.hstack([table, side]), 60)], tmp_path / "camera.y4m")
    b = _camera_browser(playwright, video)
    try:
        host, _ = _new_table(b, server, viewport=TABLET)
        host.get_by_role("button", name="Live camera").click()  # type: ignore[attr-defined]
        panel = host.locator("#scan")  # type: ignore[attr-defined]
        seat = panel.locator(".scan-item[data-card='7C'] select")
        seat.wait_for(timeout=30_000)
        seat.select_option("1")
        for wanted in ("visible", "hidden"):  # the 3 of clubs comes into view, then leaves it
            panel.locator(".scan-item[data-card='3C']").wait_for(state=wanted, timeout=30_000)  # type: ignore[arg-type]
            assert seat.input_value() == "1", wanted
        _shot(host, "table-screen-live-kept-seat")
        # closed: the camera stops, and the panel stays closed while the cards in view change
        live = host.get_by_role("button", name="Stop the camera").first  # type: ignore[attr-defined]
        assert live.get_attribute("aria-pressed") == "true"
        panel.get_by_role("button", name="Close").click()
        assert host.locator("#live").is_hidden()  # type: ignore[attr-defined]
        host.wait_for_timeout(7000)  # type: ignore[attr-defined]  # longer than one scene of the loop
        assert panel.is_hidden()
        assert host.get_by_role("button", name="Live camera").get_attribute("aria-pressed") == "false"  # type: ignore[attr-defined]
    finally:
        b.close()


def test_three_phones_play_a_whole_game_of_oscuri(server: str, browser: object) -> None:
    host, table_id = _new_table(browser, server, "it-IT", "oscuri", ["Ada", "Bruno", "Carla"],
                                hands="known", stake=2)
    phones = [_seat(browser, server, table_id, i, "en-GB") for i in range(3)]
    told_where = []  # the live turn says where its stakes go, in each screen's language
    for _ in range(200):
        if host.locator("#final").is_visible():
            break
        for page in phones:
            cards = page.locator("#controls .hand .card:not([aria-disabled=true])")
            if cards.count() and page.locator("#play").count():
                before = page.evaluate("document.body.dataset.seq")
                _tap_and_play(page, cards)
                page.wait_for_function(f"() => document.body.dataset.seq !== {before!r}", timeout=5000)
                if host.locator(".placed").count() and not phones[0].locator("#final").is_visible():
                    _shot(page, "phone-oscuri-turn")
                    told_where.append((host.locator("#game").inner_text(),
                                       page.locator("#game").inner_text()))
        host.wait_for_timeout(50)
    assert any("se nessuno la batte" in it and "unless beaten" in en for it, en in told_where), told_where[:3]
    for page in [*phones, host]:
        page.locator("#final").wait_for(state="visible")
    assert "Partita finita" in host.locator("#final").inner_text()
    assert host.locator(".scores th[scope=row]").count() == 3
    _shot(host, "table-screen-oscuri-final")
    _shot(phones[0], "phone-oscuri-final")
    for page in phones:
        _no_horizontal_scroll(page)


def test_a_long_turn_end_is_cut_short_in_just_happened_and_a_tap_reads_it_all(
        server: str, browser: object) -> None:
    """Oscuri with four players and known hands: a turn's end says every card's fate, the
    stakes and who draws. On a phone the newest move shows four lines at most, so that the game
    below it does not jump down the page; a tap on it (or on its link) reads it all."""
    created = _api(server, "/api/tables", {"game": "oscuri", "players": ["Ada", "Bruno", "Carla", "Dino"],
                                           "options": {"hands": "known", "stake": 2}})
    tid = created["table_id"]
    tokens = [_api(server, f"/api/tables/{tid}/seats", {"seat": i})["token"] for i in range(4)]

    def view_of(token: str) -> dict[str, Any]:
        with urllib.request.urlopen(urllib.request.Request(
                f"{server}/api/tables/{tid}/state", headers={"Authorization": f"Bearer {token}"})) as r:
            return json.loads(r.read())  # type: ignore[no-any-return]

    for _ in range(40):  # every seat plays its first legal move until a turn has ended
        views = [view_of(tok) for tok in tokens]
        log = views[0]["log"]
        if log and sum(1 for line in log if line["seq"] == log[-1]["seq"]) >= 4:
            break
        seat = next(i for i, v in enumerate(views) if i in v["state"]["to_act"])
        _api(server, f"/api/tables/{tid}/actions",
             {"action": views[seat]["state"]["legal"][0], "seq": views[seat]["seq"]}, tokens[seat])
    else:
        raise AssertionError("no turn ended")
    ctx = browser.new_context(viewport=PHONE, locale="en-GB")  # type: ignore[attr-defined]
    ctx.add_cookies([{"name": f"seat_{tid}", "value": tokens[1], "url": server}])
    page = ctx.new_page()
    page.goto(f"{server}/play/{tid}")
    newest = page.locator("#recent-lines li").first
    newest.wait_for()
    more = page.locator("#recent-more")
    more.wait_for()
    assert more.inner_text() == "Tap to read it all"
    # the live stream let go, so that no update redraws the list between two measures
    page.evaluate("document.dispatchEvent(new CustomEvent('tavolo:live-pause'))")
    measure = """() => { const li = document.querySelector('#recent-lines li');
                         return [li.getBoundingClientRect().height,
                                 parseFloat(getComputedStyle(li).lineHeight)]; }"""
    short, line = page.evaluate(measure)
    assert short <= 4 * line + 2
    newest.click()
    page.wait_for_function("() => document.querySelector('#recent-lines li').classList.contains('whole')")
    whole, _ = page.evaluate(measure)
    assert whole > short and more.inner_text() == "Show less"
    _shot(page, "phone-oscuri-turn-end-read-all")
    page.reload()
    page.locator("#recent-lines li").first.wait_for()
    more.click()  # the link opens it too (a reload starts cut short again)
    page.wait_for_function("() => document.querySelector('#recent-lines li').classList.contains('whole')")
    more.click()
    page.wait_for_function("() => !document.querySelector('#recent-lines li').classList.contains('whole')")
    ctx.close()


def test_four_phones_play_oscuri_with_real_cards_to_the_settlement(server: str, browser: object) -> None:
    """Real cards: every phone enters the card its player lays, with the picker."""
    host, _ = _new_table(browser, server, "en-GB", "oscuri", ["Ada", "Bruno", "Carla", "Dino"], seats=4)
    qr = _scan_qr(host)
    phones = []
    for i in range(4):
        page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # type: ignore[attr-defined]
        page.goto(qr)
        page.locator(".seat-row").nth(i).get_by_role("button").click()
        page.wait_for_url("**/play/*")
        phones.append(page)
    for _ in range(400):
        if host.locator("#final").is_visible():
            break
        for page in phones:
            before = page.evaluate("document.body.dataset.seq")
            done = page.get_by_role("button", name="I have put a card face down")
            if done.count():
                done.click()
            elif page.locator("#play").count():
                _tap_and_play(page, page.locator("#controls .card:not([aria-disabled=true])"))
            else:
                continue
            page.wait_for_function(f"() => document.body.dataset.seq !== {before!r}", timeout=5000)
    host.locator("#final").wait_for(state="visible")
    text = host.locator("#final").inner_text()
    assert "Game over" in text and host.locator(".scores th[scope=row]").count() == 4
    view = host.evaluate("fetch(location.pathname.replace('/t/', '/api/tables/') + '/state?as=table')"
                         ".then((r) => r.json())")
    assert sum(view["outcome"]["payouts"]) == 0
    for tr in view["outcome"]["transfers"]:  # the settlement, transfer by transfer
        assert f"pays {tr['amount']} to {view['names'][tr['to']]}" in text
    _shot(host, "table-screen-oscuri-real-cards-final")
    # the game is over: no phone keeps a chosen card for it any more
    for page in phones:
        page.wait_for_function("() => !Object.keys(localStorage).some((k) => k.startsWith('tavolo:choice:'))")


def test_diavolo_real_cards_a_withdrawn_phone_waits_and_a_card_entered_twice_is_said_to_its_player(
        server: str, browser: object) -> None:
    """Real tarot cards. Aldo withdraws: his phone says he plays again in the next deal. Bice
    enters the 2 of cups and goes on; Ciro wins showing the 2 of cups too: Bice's phone alone
    says that one of the two entries is wrong, in her language. The log starts with deal 1.
    In the next deal the last one's end stays in sight, and Bice's phone alone says she is
    over 15."""
    created = _api(server, "/api/tables", {"game": "diavolo", "players": ["Aldo", "Bice", "Ciro"],
                                           "options": {"hands": "unknown", "dealer": 2}})
    tid = created["table_id"]
    tokens = [_api(server, f"/api/tables/{tid}/seats", {"seat": i})["token"] for i in range(3)]

    def move(seat: int, action: dict[str, Any]) -> None:
        ask = urllib.request.Request(f"{server}/api/tables/{tid}/state",
                                     headers={"Authorization": f"Bearer {tokens[seat]}"})
        with urllib.request.urlopen(ask) as r:
            seq = json.loads(r.read())["seq"]
        _api(server, f"/api/tables/{tid}/actions", {"action": action, "seq": seq}, tokens[seat])

    def phone(seat: int, locale: str) -> Any:
        ctx = browser.new_context(viewport=PHONE, locale=locale)  # type: ignore[attr-defined]
        ctx.add_cookies([{"name": f"seat_{tid}", "value": tokens[seat], "url": server}])
        page = ctx.new_page()
        page.goto(f"{server}/play/{tid}")
        page.locator("#status .status-main").wait_for()
        return page

    move(0, {"type": "withdraw"})  # Aldo speaks first (Ciro deals)
    aldo = phone(0, "en-GB")
    aldo.wait_for_function("() => /You withdrew: you play again in the next deal/"
                           ".test(document.getElementById('status').textContent)")
    assert aldo.locator("#status .status-main").inner_text().startswith("It is Bice's turn")
    move(1, {"type": "note", "card": "2H"})
    move(1, {"type": "ask"})
    move(1, {"type": "continue"})
    move(2, {"type": "ask"})
    move(2, {"type": "declare", "cards": ["2H", "T13"]})
    bice = phone(1, "it-IT")
    clash = bice.locator(".dv-clash")
    clash.wait_for()
    assert "Hai indicato 2 di coppe, che Ciro ha appena mostrato" in clash.inner_text()
    assert aldo.locator(".dv-clash").count() == 0
    _shot(bice, "phone-diavolo-card-entered-twice")
    bice.locator("#log-box summary").click()
    assert bice.locator("#log li").last.inner_text().startswith("Mano 1: distribuisce Ciro")
    move(0, {"type": "deal"})  # Aldo deals the next hand: the last one's end stays in sight
    aldo.locator(".dv-last").wait_for()
    assert aldo.locator(".dv-last").inner_text() == "Last deal: Ciro took the pot of 5 (exactly 15)."
    assert bice.locator(".dv-clash").count() == 0  # a new deal: her entries are gone
    # her turn: entering her card comes first, above what she says to the table
    bice.locator("#controls h3").wait_for()
    order = bice.evaluate("""() => [...document.querySelectorAll('#controls h3, #controls button.big')]
        .map((e) => e.textContent)""")
    assert order[0].startswith("Indica la tua carta 1 di 1") and any(o.startswith("Chiedi") for o in order)
    move(1, {"type": "note", "card": "T20"})  # 20: over 15, said to her alone
    bice.locator(".dv-over").wait_for()
    assert "solo il Diavolo" in bice.locator(".dv-over").inner_text()
    assert aldo.locator(".dv-over").count() == 0


def test_a_greyed_undo_says_why(server: str, browser: object) -> None:
    """The host's undo is greyed when there is nothing to take back, and says so; at Il Diavolo
    a card asked for cannot be taken back (its player has seen it), a withdrawal can."""
    host, _ = _new_table(browser, server, "en-GB", "diavolo", ["Aldo", "Bice", "Ciro"], hands="unknown",
                         first=2)
    undo, why = host.locator("#undo"), host.locator("#undo-why")  # type: ignore[attr-defined]
    why.wait_for()
    assert undo.is_disabled() and why.inner_text() == "Nothing to undo yet."
    assert undo.get_attribute("aria-describedby") == "undo-why"
    host.get_by_role("button", name="Ask for a card (pay 1)").click()  # type: ignore[attr-defined]
    host.wait_for_function(  # type: ignore[attr-defined]
        "() => /only a withdrawal can be/.test(document.getElementById('undo-why').textContent)")
    assert undo.is_disabled()
    host.locator("#controls").get_by_role("button", name="Withdraw").click()  # type: ignore[attr-defined]
    host.wait_for_function("() => !document.getElementById('undo').disabled")
    assert why.is_hidden() and why.text_content() == ""  # the button's description says nothing then
    # Bice asks and says her new card makes no 15: she is no longer offered to show a win
    host.get_by_role("button", name="Ask for a card (pay 1)").click()  # type: ignore[attr-defined]
    host.get_by_role("button", name="The new card makes no 15: go on").click()  # type: ignore[attr-defined]
    host.wait_for_function("() => window.TAVOLO.view().state.passed[1] === true")  # type: ignore[attr-defined]
    showers = host.locator(".dv-showers button").all_inner_texts()  # type: ignore[attr-defined]
    assert "Bice" not in showers and "Ciro" in showers


def test_an_evening_of_diavolo_on_three_phones(server: str, browser: object) -> None:
    host, table_id = _new_table(browser, server, "it-IT", "diavolo", ["Aldo", "Bice", "Ciro"],
                                hands="known")
    phones = [_seat(browser, server, table_id, i, "en-GB") for i in range(3)]
    # Each phone shows its own cards, privately.
    own = [p.locator("#game .hand .card").first.get_attribute("data-card") for p in phones]
    english = {"S": "swords", "H": "cups", "D": "coins", "C": "batons"}

    def suits_said(page: Any) -> int:
        """A suited card says its tarot suit in the phone's language (♠ is swords, not spades)."""
        shown = page.evaluate("""() => [...document.querySelectorAll('#game .hand .card:not(.trump)')]
            .map((c) => [c.dataset.card, c.querySelector('.trump-name').textContent])""")  # one look
        for card, said in shown:
            assert said == english[card[-1]], (card, said)
        return len(shown)

    suited = 0
    for i, page in enumerate(phones):
        text = page.locator("#game").inner_html()
        for j, card in enumerate(own):
            if j != i and card and card != own[i]:
                assert f'data-card="{card}"' not in text
    deals = 0
    for _ in range(300):
        if host.locator("#final").is_visible():
            break
        for page in phones:
            before = page.evaluate("document.body.dataset.seq")
            suited += suits_said(page)
            controls = page.locator("#controls")
            if controls.get_by_role("button", name="End the evening").count() and deals >= 2:
                page.on("dialog", lambda d: d.accept())
                controls.get_by_role("button", name="End the evening").click()
            elif controls.get_by_role("button", name="Deal the next hand").count():
                deals += 1
                controls.get_by_role("button", name="Deal the next hand").click()
            elif controls.get_by_role("button", name="Ask for a card (pay 1)").count():
                controls.get_by_role("button", name="Ask for a card (pay 1)").click()
            elif controls.get_by_role("button", name="Withdraw").count():
                controls.get_by_role("button", name="Withdraw").click()
            else:
                continue
            page.wait_for_function(f"() => document.body.dataset.seq !== {before!r}", timeout=5000)
            if deals == 1:
                _shot(page, "phone-diavolo-deal")
    host.locator("#final").wait_for(state="visible")
    assert "Partita finita" in host.locator("#final").inner_text()
    assert suited  # suited cards were shown, and named in English
    # the evening deal by deal, for the teacher: one line a deal, each naming its winner or none
    history = host.evaluate("window.TAVOLO.view().state.history")  # type: ignore[attr-defined]
    host.locator(".dv-deals summary").click()  # type: ignore[attr-defined]
    lines = host.locator(".dv-deals li").all_inner_texts()  # type: ignore[attr-defined]
    assert len(lines) == len(history) >= 2 and lines[0].startswith("Mano 1: ")
    for line, deal in zip(lines, history, strict=True):
        assert ("ha preso il piatto" in line) == (deal["winner"] is not None), line
    _shot(host, "table-screen-diavolo-final")


def test_diavolo_a_pot_left_is_offered_one_more_deal_and_given_back_line_by_line(
        server: str, browser: object) -> None:
    """DECISION D9 on the phones: everybody withdraws, so a pot stays; the status line says it
    waits for the winner of a deal (Italian and English), the next dealer's first button deals
    once more, and ending anyway gives each player back what he paid, on the closing screen."""
    host, table_id = _new_table(browser, server, "it-IT", "diavolo", ["Aldo", "Bice", "Ciro"],
                                hands="known")
    locales = ["en-GB", "it-IT", "en-GB"]
    phones = [_seat(browser, server, table_id, i, locales[i]) for i in range(3)]
    for _ in range(60):
        s = _settled(server, table_id, phones)["state"]
        if s["phase"] == "await_deal" and s["pot"]:
            break
        seat = s["to_act"][0]  # type: ignore[index]
        page = phones[seat]
        before = _seq(page)
        deal = "Deal the next hand" if locales[seat] == "en-GB" else "Distribuisci la prossima mano"
        withdraw = "Withdraw" if locales[seat] == "en-GB" else "Ritirati"
        page.locator("#controls").get_by_role("button", name=deal if s["phase"] == "await_deal" else withdraw,  # type: ignore[attr-defined]
                                               exact=True).click()
        _wait_moved(page, before)
    s = _settled(server, table_id, phones)["state"]
    pot, paid, dealer = s["pot"], s["pot_paid"], s["to_act"][0]  # type: ignore[index]
    assert s["phase"] == "await_deal" and pot and sum(paid) == pot  # type: ignore[arg-type]
    assert f"A pot of {pot} is on the table" in phones[0].locator("#status").inner_text()  # type: ignore[attr-defined]
    assert f"Sul tavolo c'è un piatto di {pot}" in phones[1].locator("#status").inner_text()  # type: ignore[attr-defined]
    page = phones[dealer]
    buttons = page.locator("#controls button")  # type: ignore[attr-defined]
    assert (page.locator("#status").inner_text().startswith(  # type: ignore[attr-defined]
        "You deal the next hand." if locales[dealer] == "en-GB" else "Distribuisci tu la prossima mano."))
    # the dealer has a phone: the next deal is theirs to start, not the table screen's
    host.wait_for_function("() => document.body.dataset.seq === " + json.dumps(_seq(page)))  # type: ignore[attr-defined]
    assert host.locator("#controls button").count() == 0  # type: ignore[attr-defined]
    english = locales[dealer] == "en-GB"
    first = f"Deal the next hand: the pot of {pot} waits for its winner" if english else \
        f"Distribuisci la prossima mano: il piatto di {pot} aspetta il suo vincitore"
    assert buttons.nth(0).inner_text() == first and "primary" in (buttons.nth(0).get_attribute("class") or "")
    asked: list[str] = []

    def answer(dialog: object) -> None:
        asked.append(dialog.message)  # type: ignore[attr-defined]
        dialog.accept()  # type: ignore[attr-defined]

    page.on("dialog", answer)  # type: ignore[attr-defined]
    before = _seq(page)
    buttons.nth(1).click()  # "End the evening anyway"
    _wait_moved(page, before)
    assert asked and ("takes back what they paid" in asked[0] or "riprende quanto ci ha versato" in asked[0])
    names = ["Aldo", "Bice", "Ciro"]
    assert all(f"{names[i]} {paid[i]}" in asked[0] for i in range(3))  # type: ignore[index]
    host.locator("#final").wait_for(state="visible")  # type: ignore[attr-defined]
    final = host.locator("#final").inner_text()  # type: ignore[attr-defined]
    assert "Partita finita" in final and final.count("ha ripreso") == 3
    english_final = phones[0].locator("#final").inner_text()  # type: ignore[attr-defined]
    assert english_final.count("took back") == 3
    assert all(f"took back {paid[i]} from the pot" in english_final for i in range(3))  # type: ignore[index]
    log = host.evaluate("window.TAVOLO.view().log")  # type: ignore[attr-defined]
    assert [line["it"] for line in log if line.get("kind") == "refund"] == [  # the settlement, line by line
        f"{names[i]} riprende {paid[i]} ({paid[i]} per le entrate, 0 per le carte chieste)."  # type: ignore[index]
        for i in range(3)]
    _shot(host, "table-screen-diavolo-pot-given-back")


def test_diavolo_the_table_screen_speaks_for_players_without_a_phone(server: str, browser: object) -> None:
    """Real cards, Anna deals and alone has a phone: the table screen asks, goes on and
    withdraws for Bruno and Carla, as they say aloud, and when Carla shows 15 enters the cards
    she shows (a tap takes one back) and declares her win; their cards are entered nowhere else."""
    host, table_id = _new_table(browser, server, "en-GB", "diavolo", ["Anna", "Bruno", "Carla"],
                                first=0, viewport=TABLET)
    anna = _seat(browser, server, table_id, 0, "en-GB")
    controls = host.locator("#controls")  # type: ignore[attr-defined]
    assert controls.locator(".ks-for").inner_text() == "For Bruno (no phone at this seat):"
    assert controls.locator(".picker").count() == 0  # his cards are his own
    # a first card that is the Devil wins at once, whoever's turn it is: Carla may show hers
    controls.get_by_role("button", name="Carla shows 15 or the Devil").click()
    controls.get_by_text("Carla shows 15 or the Devil: tap the card shown").wait_for()
    assert controls.get_by_role("button", name="Bruno shows 15 or the Devil").count() == 1
    before = _seq(host)
    controls.get_by_role("button", name="Ask for a card (pay 1)").click()
    _wait_moved(host, before)
    before = _seq(host)
    controls.get_by_role("button", name="The new card makes no 15: go on").click()
    _wait_moved(host, before)
    controls.locator(".ks-for").get_by_text("For Carla").wait_for()
    before = _seq(host)
    controls.get_by_role("button", name="Ask for a card (pay 1)").click()
    _wait_moved(host, before)
    # Carla's second card is the Devil: she shows both, the table screen enters them
    declare = controls.get_by_role("button", name="Carla wins with these 2 cards")
    assert declare.is_disabled()
    _tab_until_shown(host, ".suit-tab[data-suit=H]", ".picker .card[data-card='3H']").click()
    _tab_until_shown(host, ".suit-tab[data-suit=H]", ".picker .card[data-card='5H']").click()
    assert host.locator(".picker .card[data-card='T7']").is_disabled()  # two cards shown already
    controls.get_by_role("button", name="Take back 5♥").click()  # type: ignore[attr-defined]
    _tab_until_shown(host, ".suit-tab[data-suit=T]", ".picker .card[data-card='T15']").click()
    before = _seq(host)
    declare.click()
    _wait_moved(host, before)
    for page in (host, anna):
        page.locator("#game").locator(".card[data-card='T15']").wait_for()  # type: ignore[attr-defined]
    assert "Carla" in host.locator("#status").inner_text()  # type: ignore[attr-defined]
    # the next dealer, named by the status, is the one marked as dealing
    players = host.locator(".player")  # type: ignore[attr-defined]
    assert "deals" in players.nth(1).inner_text() and "deals" not in players.nth(0).inner_text()
    # Bruno has no phone: the table screen deals for him; Anna's phone does not
    controls.get_by_role("button", name="Deal the next hand", exact=True).wait_for()  # type: ignore[attr-defined]
    assert anna.locator("#controls").get_by_role("button", name="Deal the next hand").count() == 0  # type: ignore[attr-defined]
    _shot(host, "tablet-diavolo-for-a-seat-without-phone")


def test_diavolo_many_seats_without_a_phone_show_15_from_one_row_of_names(server: str,
                                                                        browser: object) -> None:
    """Ten players and one phone: the table screen, on a phone, offers "shows 15 or the
    Devil" for the nine others as one row of their names (each button named in full for a
    screen reader), not nine big buttons; a name tapped opens that player's cards to show."""
    from .audit import axe_violations, overlapping_controls, small_targets

    names = ["Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio", "Gina", "Ivo", "Lea", "Mario"]
    host, table_id = _new_table(browser, server, "en-GB", "diavolo", names, seats=10, first=0,
                                viewport=TALL_PHONE)
    _seat(browser, server, table_id, 0, "en-GB")
    row = host.locator("#controls .dv-showers")  # type: ignore[attr-defined]
    row.locator("button").first.wait_for()
    assert row.locator("button").all_inner_texts() == names[1:]
    assert row.get_attribute("role") == "group"
    assert row.get_attribute("aria-label") == "Who shows 15 or the Devil?" in row.inner_text()
    box = row.bounding_box()
    assert box is not None and box["height"] < 4 * 56  # a few lines of names, not nine big buttons
    assert not axe_violations(host) and not overlapping_controls(host) and not small_targets(host)
    _no_horizontal_scroll(host, TALL_PHONE)
    _shot(host, "phone-diavolo-ten-seats-shows-15-row")
    host.get_by_role("button", name="Gina shows 15 or the Devil").click()  # type: ignore[attr-defined]
    host.locator("#controls").get_by_text("Gina shows 15 or the Devil: tap the card shown").wait_for()  # type: ignore[attr-defined]
    assert "Gina" not in row.inner_text() and row.locator("button").count() == 8


def test_diavolo_with_real_cards_a_player_enters_his_tarot_cards_and_only_he_sees_his_total(
        server: str, browser: object) -> None:
    """Real cards, Ciro deals (chosen on the form): Aldo enters his cards with the tarot
    picker (the trumps, coppe, denari, spade, bastoni; the figures worth ½); his total shows on
    his phone and nowhere else."""
    host, table_id = _new_table(browser, server, "it-IT", "diavolo", ["Aldo", "Bice", "Ciro"], first=2)
    aldo = _seat(browser, server, table_id, 0, "it-IT")
    bice = _seat(browser, server, table_id, 1, "en-GB")
    ciro = _seat(browser, server, table_id, 2, "it-IT")
    tabs = aldo.locator("#controls .picker .suit-tab")
    tabs.first.wait_for()
    assert [tabs.nth(i).get_attribute("data-suit") for i in range(5)] == ["T", "H", "D", "S", "C"]
    assert [tabs.nth(i).inner_text() for i in range(5)] == [
        "Trionfi 0–21", "coppe ♥", "denari ♦", "spade ♠", "bastoni ♣"]
    assert tabs.nth(1).get_attribute("aria-label") == "coppe"
    assert bice.locator("#controls .picker .suit-tab[data-suit=H]").inner_text() == "cups ♥"
    queen = _tab_until_shown(aldo, ".suit-tab[data-suit=H]", ".picker .card[data-card='QH']")
    assert queen.get_attribute("aria-label") == "donna di coppe"
    assert aldo.locator("#hints-button").is_hidden()  # no hints about a hand the app does not know
    assert queen.locator(".half").inner_text() == "½" and queen.locator(".trump-name").inner_text() == "coppe"
    before = _seq(aldo)
    queen.click()
    # a card entered cannot be taken back: one tap chooses it, the button enters it
    enter = aldo.locator("#controls #play")
    assert enter.inner_text().startswith("Indica") and _seq(aldo) == before
    assert queen.get_attribute("aria-pressed") == "true"
    enter.click()
    _wait_moved(aldo, before)
    mine = aldo.locator("#game")
    mine.get_by_text("totale ½").wait_for()
    aldo.locator("#hints-button").wait_for()  # every card he holds entered: hints can count on them
    assert bice.locator("#hints-button").is_hidden()
    players = aldo.locator("main").inner_text()
    assert "1 carta" in players and "1 carte" not in players  # one card, in the singular
    assert mine.locator(".hand .card[data-card='QH']").get_attribute("aria-label") == "donna di coppe"
    _shot(aldo, "phone-diavolo-tarot-picker")
    # His turn: he asks, receives a trump and enters it from the trumps tab.
    before = _seq(aldo)
    aldo.locator("#controls").get_by_role("button", name="Chiedi una carta (paghi 1)").click()
    _wait_moved(aldo, before)
    assert aldo.locator("#status").inner_text() == "Guarda la nuova carta: prosegui se non fa 15"
    # the card entered is greyed in his picker for the next one; tapped, it says why in the engine's own words
    again = _tab_until_shown(aldo, ".suit-tab[data-suit=H]", ".picker .card[data-card='QH']")
    assert again.get_attribute("aria-disabled") == "true"
    again.click(force=True)  # (Playwright will not tap what says it is disabled; a finger does)
    said = aldo.locator("#toast")
    said.wait_for(state="visible")
    assert said.inner_text().startswith("Hai già indicato quella carta.")  # the engine's refusal
    assert aldo.locator("#controls #play").is_disabled()  # nothing was chosen
    seven = _tab_until_shown(aldo, ".suit-tab[data-suit=T]", ".picker .card[data-card='T7']")
    assert seven.get_attribute("aria-label") == "Trionfo 7"
    before = _seq(aldo)
    seven.click()
    enter.click()
    _wait_moved(aldo, before)
    mine.get_by_text("totale 7½").wait_for()
    bice.wait_for_function("() => document.body.dataset.seq === " + json.dumps(_seq(aldo)))
    ciro.wait_for_function("() => document.body.dataset.seq === " + json.dumps(_seq(aldo)))
    host.wait_for_function("() => document.body.dataset.seq === " + json.dumps(_seq(aldo)))
    for page in (bice, ciro, host):
        html = page.locator("#game").inner_html()  # (their own pickers offer every card)
        assert "data-card=\"QH\"" not in html and "data-card=\"T7\"" not in html
        text = page.locator("main").inner_text()
        assert "7½" not in text and "7.5" not in text and "totale ½" not in text
    state_js = "fetch(location.pathname.replace('/play/', '/api/tables/') + '/state').then((r) => r.json())"
    assert '"QH"' in json.dumps(aldo.evaluate(state_js))  # his own phone is sent his card
    for token_page in (bice, ciro):  # what their phones are sent: never Aldo's cards or total
        view = token_page.evaluate(state_js)
        # a card travels as a JSON string of its own: the quotes keep a random table id that
        # happens to hold the letters "QH" from passing for Aldo's card
        sent = json.dumps(view)
        assert view["me"] != 0 and '"QH"' not in sent and '"T7"' not in sent
        assert view["state"]["cards"] is None and view["state"]["total"] is None  # nothing entered
    _no_horizontal_scroll(aldo)
    # The picker as a person checks it: Bice's trumps tab, open.
    from .audit import axe_violations, overlapping_controls, small_targets

    _tab_until_shown(bice, ".suit-tab[data-suit=T]", ".picker .card[data-card='T21']")
    assert bice.locator(".picker .card[data-card='T0']").get_attribute("aria-label") == "Fool, Trump 0"
    assert not axe_violations(bice) and not overlapping_controls(bice) and not small_targets(bice)
    _no_horizontal_scroll(bice)
    _shot(bice, "phone-diavolo-tarot-picker-trumps")


TALL_PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}


def _discard_two(page: object) -> None:
    """Choose the first two cards of the hand and discard them (a card already chosen is not
    tapped again: a second tap would put it back)."""
    cards = page.locator("#controls .ks-hand button.card")  # type: ignore[attr-defined]
    chosen = page.locator("#controls .ks-hand button.card[aria-pressed=true]")  # type: ignore[attr-defined]
    bar = page.locator("#controls .sticky-play:has(#discard)")  # type: ignore[attr-defined]
    if chosen.count() == 0:  # nothing chosen: the bar stays in place, off the hand
        assert "idle" in (bar.get_attribute("class") or "")
    for _ in range(10):
        for k in (0, 1):
            if cards.nth(k).get_attribute("aria-pressed") != "true":
                cards.nth(k).click()
        if chosen.count() == 2:
            break
        page.wait_for_timeout(200)  # type: ignore[attr-defined]
    assert "idle" not in (bar.get_attribute("class") or "")  # two chosen: it follows the screen
    assert _tap(page, "#discard")


def _tap(page: object, selector: str) -> bool:
    """Click a control if this phone shows it now; True when clicked."""
    target = page.locator(selector)  # type: ignore[attr-defined]
    if not target.count() or not target.first.is_enabled():
        return False
    before = page.evaluate("document.body.dataset.seq")  # type: ignore[attr-defined]
    target.first.click()
    page.wait_for_function(f"() => document.body.dataset.seq !== {before!r}", timeout=5000)  # type: ignore[attr-defined]
    return True


def test_the_kaiserspiel_picker_shows_the_cards_of_the_tables_pack(server: str, browser: object) -> None:
    """Real cards with a tarot pack: the picker that enters a card shows each one as the table
    holds it, its Kaiserspiel name and its tarot card (the Ober is the knight of cups), never a
    queen of hearts the players have just taken out of the box."""
    host, _ = _new_table(browser, server, "en-GB", "kaiserspiel", ["Urs", "Vreni", "Werner", "Yvonne"],
                         seats=4, pack="tarot")
    picker = host.locator("#controls .picker")  # type: ignore[attr-defined]
    picker.wait_for()
    picker.locator(".suit-tab[data-suit=H]").click()
    ober = picker.locator(".card[data-card='QH']")
    assert ober.get_attribute("aria-label") == "Ober of Roses (knight of cups)"
    assert "= knight of cups" in ober.inner_text()
    assert "queen" not in picker.inner_text().lower()
    assert horizontal_overflow(host) <= 1
    _shot(host, "kaiser-picker-tarot")


def test_four_phones_play_kaiserspiel_hands_with_buttons(server: str, browser: object) -> None:
    """Cards the app deals to four phones, a tarot pack: discards, a raise accepted, play to
    three tricks with every trick explained, the slate; then a raise refused a tavolino."""
    host, table_id = _new_table(browser, server, "en-GB", "kaiserspiel",
                                ["Urs", "Vreni", "Werner", "Yvonne"], seats=4, hands="known",
                                pack="tarot")
    phones = [_seat(browser, server, table_id, i, "it-IT" if i == 1 else "en-GB", TALL_PHONE)
              for i in range(4)]
    tablet = browser.new_context(viewport=TABLET, locale="en-GB").new_page()  # type: ignore[attr-defined]
    tablet.goto(f"{server}/t/{table_id}")
    tablet.locator(".slate svg").wait_for()
    # Every card says its Kaiserspiel name and the tarot card it stands for.
    first = phones[0].locator("#controls .ks-hand button.card").first
    first.wait_for()
    assert first.locator(".kc-name").inner_text() and first.locator(".kc-phys").count() in (0, 1)
    remove = tablet.locator(".ks-remove").text_content() or ""
    assert "the tarot, 40 cards" in remove and "the 21 trumps and the Fool" in remove
    for page in phones:
        _discard_two(page)
    speaker = phones[_first_to_act(server, table_id, phones)]
    speaker.locator("#ks-raise").wait_for()
    _shot(speaker, "kaiser-phone-declare")
    raised = False
    explained = False
    named = False  # a card chosen is named in full above Play: its Kaiserspiel name, then the tarot's
    for _ in range(60):
        if host.locator(".ks-result").count():
            break
        for page in phones:
            if not raised and _tap(page, "#ks-raise"):
                raised = True
                answer = phones[_first_to_act(server, table_id, phones)]
                assert answer.locator("#ks-refuse").count() == 1
                _shot(answer, "kaiser-phone-answer")
            elif _tap(page, "#ks-accept") or _tap(page, "#ks-pass"):
                pass
            elif page.locator("#play").count():
                before = page.evaluate("document.body.dataset.seq")
                if not named:
                    card = page.locator("#controls button.card:not([aria-disabled=true])").first
                    card.click()
                    said = page.locator("#controls .chosen-card").text_content() or ""
                    named = card.locator(".kc-name").inner_text() in said and said.endswith(")")
                _tap_and_play(page, page.locator("#controls button.card:not([aria-disabled=true])"))
                page.wait_for_function(f"() => document.body.dataset.seq !== {before!r}", timeout=5000)
            if not explained and page.locator(".ks-why li").count() == 5:
                explained = True
                phones[1].wait_for_function("() => document.querySelectorAll('.ks-why li').length === 5")
                assert "Perché" in phones[1].locator("#app").inner_text()
                _shot(page, "kaiser-phone-trick-explained")
    for page in [*phones, host, tablet]:
        page.locator(".ks-result").wait_for()
    assert raised and explained and named
    result = tablet.locator(".ks-result").inner_text()
    assert "wins the hand with three tricks: 7 points" in result
    # Who won the hand is shown once, at the top (and announced once, by the screen reader's
    # line); the status line says only who deals next.
    for page in (phones[0], tablet):
        shown = page.evaluate("() => ['#status', '#game', '#controls'].map((s) => "
                              "document.querySelector(s).innerText).join(' ')")
        assert page.locator("[aria-live] .ks-result, .ks-result[aria-live]").count() == 0
        assert shown.count("wins the hand") == 1 and "scores 7" not in shown, shown
        assert re.search(r"Score: Team A 0, Team B 7\.|Score: Team A 7, Team B 0\.",
                         page.locator(".ks-result").inner_text())
        # "Urs deals the next hand." on the others' screens, "You deal..." on the dealer's own.
        assert re.search(r"deals? the next hand\.", page.locator("#status").inner_text())
        assert page.locator(".ks-result").evaluate(
            "(r) => !!(r.compareDocumentPosition(document.querySelector('.ks-face-up')) & 4)")
    # Every seat has its phone: the dealer's own phone starts the next hand, not the table screen.
    assert host.locator("#deal").count() == 0 and tablet.locator("#deal").count() == 0
    dealer = _first_to_act(server, table_id, phones)
    assert phones[dealer].locator("#status").inner_text() in (
        "You deal the next hand.", "Distribuisci tu la prossima mano.")  # spoken to, by name elsewhere
    assert tablet.locator(".slate path.mark").count() == 2  # L and H: 7 points
    caption = tablet.locator(".slate-caption").inner_text()
    assert "7" in caption and "game to 101" in caption
    assert "7 points" in (tablet.locator(".slate svg title").text_content() or "")
    _shot(phones[0], "kaiser-phone-hand-won")
    _shot(phones[1], "kaiser-phone-it-hand-won")
    _shot(tablet, "kaiser-tablet-hand-won")
    _no_horizontal_scroll(phones[0], TALL_PHONE)
    # The next hand: its dealer deals, the first speaker raises, the answer is a refusal.
    assert _tap(phones[_first_to_act(server, table_id, phones)], "#deal")
    for page in phones:
        page.locator("#controls .ks-hand button.card").first.wait_for()
        _discard_two(page)
    for page in phones:
        page.on("dialog", lambda d: d.accept())  # "Refuse? The hand ends now..."
    assert _tap(phones[_first_to_act(server, table_id, phones)], "#ks-raise")
    assert _tap(phones[_first_to_act(server, table_id, phones)], "#ks-refuse")
    tablet.wait_for_function("() => document.querySelector('.ks-why-tavolino') !== null")
    assert "without play (a tavolino): 4 points" in tablet.locator(".ks-result").inner_text()
    _shot(tablet, "kaiser-tablet-tavolino")
    _shot(phones[2], "kaiser-phone-tavolino")


def test_kaiserspiel_with_a_swiss_pack_the_picker_offers_its_cards_by_its_suit_names(
        server: str, browser: object) -> None:
    """Real Swiss cards, 48 of them: the table screen's picker names the suits as the pack
    does (Shields, Roses, Bells, Acorns), offers the 8s and 9s and no joker, and a card chosen
    is named in full above the button before it is entered."""
    host, _ = _new_table(browser, server, "en-GB", "kaiserspiel", ["Urs", "Vreni", "Werner", "Yvonne"],
                         seats=4, pack="swiss", cards=48, viewport=TABLET)
    tabs = host.locator("#controls .picker .suit-tab")  # type: ignore[attr-defined]
    tabs.first.wait_for()
    assert [tabs.nth(i).get_attribute("aria-label") for i in range(tabs.count())] == [
        "Roses", "Bells", "Acorns", "Shields"]  # the symbols are for the eye: "Roses ♥" on the tab
    assert tabs.first.inner_text() == "Roses ♥"
    bells = _tab_until_shown(host, ".suit-tab[data-suit=D]", ".picker .card[data-card='8D']")
    assert host.locator(".picker .card[data-card='9D']").count() == 1
    assert host.locator(".picker .card[data-card^='JK']").count() == 0
    play = host.locator("#play")  # type: ignore[attr-defined]
    assert play.is_disabled()
    bells.click()  # type: ignore[attr-defined]
    assert "Bells" in (host.locator(".sticky-play .chosen-card").text_content() or "")
    assert play.is_enabled()
    _shot(host, "kaiser-tablet-swiss-picker-chosen")


def test_kaiserspiel_with_real_cards_one_phone_and_the_host_for_the_others(server: str,
                                                                          browser: object) -> None:
    """Real French cards: the face-up cards entered with the picker, discards not named, four
    passes, a trick played card by card (the host enters the cards of the seats without a
    phone) and explained."""
    host, table_id = _new_table(browser, server, "it-IT", "kaiserspiel",
                                ["Urs", "Vreni", "Werner", "Yvonne"], seats=4,
                                viewport=TABLET)
    host.locator(".ks-remove[open]").wait_for()  # the dealer is told what to take out
    assert "i quattro 10" in host.locator(".ks-remove").inner_text()
    urs = _seat(browser, server, table_id, 0, "en-GB", TALL_PHONE)
    face_up = {0: "2H", 1: "5S", 2: "KD", 3: "7C"}
    _pick(urs, face_up[0])
    for seat in (1, 2, 3):
        host.locator(".ks-for").wait_for()
        _pick(host, face_up[seat])
        host.wait_for_function(f"() => document.querySelectorAll('.ks-face-up .card').length === {seat + 1}")
    host.wait_for_function("() => document.querySelector('.ks-trump') !== null")
    assert "cuori" in host.locator(".ks-trump").inner_text()  # 2♥ is the lowest
    for _ in range(8):  # discards not named, then four passes: seat 0's on its phone
        state = _settled(server, table_id, (urs, host))["state"]
        if state["phase"] not in ("discard", "declare"):
            break
        page = urs if state["to_act"][0] == 0 else host
        if state["phase"] == "discard":  # Urs says it of himself; the host names the seat
            said = page.locator("#discard").inner_text()
            assert said == ("I have put two cards aside face down" if page is urs else
                            f"{['Urs', 'Vreni', 'Werner', 'Yvonne'][state['to_act'][0]]} ha messo da parte "
                            "due carte coperte"), said
        assert _tap(page, "#discard" if state["phase"] == "discard" else "#ks-pass")
    for _ in range(4):  # the first trick: everybody plays his face-up card
        page, seat = _who_plays(server, table_id, urs, host)
        before = page.evaluate("document.body.dataset.seq")
        _pick(page, face_up[seat])
        page.wait_for_function(f"() => document.body.dataset.seq !== {before!r}", timeout=5000)
    for page in (urs, host):
        page.wait_for_function("() => document.querySelectorAll('.ks-why li').length === 5")
    assert "takes the trick" in urs.locator(".ks-why").inner_text()
    assert "fa la presa" in host.locator(".ks-why").inner_text()
    _shot(urs, "kaiser-phone-real-cards-trick")
    _shot(host, "kaiser-tablet-real-cards-trick")
    # The second trick: the host's picker for a seat greys the first trick's cards, gone from
    # the table but played (the seat's own face-up card too), and offers the others (Urs leads
    # with the 3 of hearts if he won).
    page, seat = _who_plays(server, table_id, urs, host)
    if page is urs:
        before = host.evaluate("document.body.dataset.seq")
        _pick(urs, "3H")
        host.wait_for_function(f"() => document.body.dataset.seq !== {before!r}", timeout=5000)
        page, seat = _who_plays(server, table_id, urs, host)
    assert page is host and seat != 0
    _tab_until_shown(host, ".suit-tab[data-suit=H]", ".picker .card[data-card='2H']")
    assert host.locator(".picker .card[data-card='2H']").is_disabled()
    assert not host.locator(".picker .card[data-card='6H']").is_disabled()
    own = face_up[seat]
    _tab_until_shown(host, f".suit-tab[data-suit={own[-1]}]", f".picker .card[data-card='{own}']")
    assert host.locator(f".picker .card[data-card='{own}']").is_disabled()


def test_the_table_screen_names_a_face_up_card_already_entered_on_the_seen_line(
        server: str, browser: object) -> None:
    """Kaiserspiel with real French cards: the 7♣ is entered as Urs's face-up card, and the
    table screen's next photo shows it again. It is Urs's, and Urs has entered his card, so no
    seat still to enter one can hold it: it is named on the "already on the table" line, given
    no seat menu and never sent, while the other cards read are offered to the seats."""
    host, _ = _new_table(browser, server, "en-GB", "kaiserspiel",
                                ["Urs", "Vreni", "Werner", "Yvonne"], seats=4, viewport=TABLET)
    host.locator(".ks-for").wait_for()  # type: ignore[attr-defined]
    _pick(host, "7C")
    host.wait_for_function("() => document.querySelectorAll('.ks-face-up .card').length === 1")  # type: ignore[attr-defined]
    host.locator("#scan-input").set_input_files(str(PHOTOS / "guillex7" / "query_q15.jpg"))  # type: ignore[attr-defined]
    hpanel = host.locator("#scan")  # type: ignore[attr-defined]
    hpanel.locator("#scan-confirm").wait_for()
    assert "7♣" in hpanel.locator(".scan-seen").inner_text()
    assert hpanel.locator(".scan-item[data-card='7C']").count() == 0
    assert hpanel.locator(".scan-item[data-card='2S'] select").count() == 1
    # tapped back into the list to be corrected, it is still given no seat until it is
    hpanel.locator(".scan-seen").get_by_role("button", name="7♣").click()
    back = hpanel.locator(".scan-item[data-card='7C']")
    back.locator(".scan-picker").wait_for()
    assert back.locator("select").count() == 0
    assert back.locator("p.why").inner_text().startswith("Already on the table or played")


# ---- Insonnia: a turn is built by tapping a card, then a slot --------------------------------


def _in_turn(phones: list[object]) -> tuple[int, object]:
    """The seat whose turn it is and its phone, as that phone itself shows it (right after a
    move another phone may still show the table as it was, so none is read for the others)."""
    mine = ("(() => { const v = window.TAVOLO.view(); "
            "return v.state.turn === v.me && v.state.legal.length > 0; })()")
    for _ in range(300):
        for seat, page in enumerate(phones):
            if page.evaluate(mine):  # type: ignore[attr-defined]
                return seat, page
        phones[0].wait_for_timeout(100)  # type: ignore[attr-defined]
    raise AssertionError("no phone shows its own turn")


def _seq(page: object) -> str:
    return str(page.evaluate("document.body.dataset.seq"))  # type: ignore[attr-defined]


def _wait_moved(page: object, before: str) -> None:
    page.wait_for_function(f"() => document.body.dataset.seq !== {before!r}", timeout=5000)  # type: ignore[attr-defined]


def _in_pick(page: object, card: str) -> None:
    """Real cards: the colour tab (or the fences and confused sheep), then the card."""
    special = card in ("F", "X") or card.startswith(("K", "JK"))
    colour = "special" if special else (card[0] if card[0] in "RYGBP" else card[-1])
    _tab_until_shown(page, f".in-tab[data-colour='{colour}']",
                     f".in-picker .in-card[data-card='{card}']").click()  # type: ignore[attr-defined]
    page.locator(f".in-picker .in-card[data-card='{card}'][aria-pressed=true]").wait_for()  # type: ignore[attr-defined]


def _in_slot(page: object, owner: int, slot: int, run: int = 0) -> None:
    page.locator(f".in-slot.target[data-owner='{owner}'][data-run='{run}'][data-slot='{slot}']").click()  # type: ignore[attr-defined]
    page.locator(f".in-slot.draft[data-owner='{owner}'][data-run='{run}'][data-slot='{slot}']").wait_for()  # type: ignore[attr-defined]


def _in_lay(page: object, placements: Sequence[tuple[str, int, int]]) -> None:
    """Tap card then slot for each (card, owner, slot) with the picker, then confirm once."""
    for card, owner, slot in placements:
        _in_pick(page, card)
        _in_slot(page, owner, slot)
    before = _seq(page)
    page.locator("#in-confirm").click()  # type: ignore[attr-defined]
    _wait_moved(page, before)


def test_a_printed_insonnia_card_scanned_is_named_as_its_deck_names_it(
        server: str, browser: object, tmp_path: Path) -> None:
    """The printed deck's codes are no rank and suit ("R5"): the photo's label, the button that
    takes the card and the picker that corrects it say "red 5", as the game's own lines do (the
    list: "red sheep 5"), never a French name made of the code ("Rundefined")."""
    from companion.decks.raster import render_card

    _host, table_id = _new_table(browser, server, "en-GB", "insonnia", ["Lia", "Max", "Noa"],
                                deck="printed", variant="base", viewport=TALL_PHONE)
    phones = [_seat(browser, server, table_id, i, "en-GB", TALL_PHONE) for i in range(3)]
    page = phones[int(phones[0].evaluate("window.TAVOLO.view().state.turn"))]  # type: ignore[attr-defined]
    face = render_card("R5", 8.0)
    photo = np.full((face.shape[0] + 200, face.shape[1] + 240, 3), 70, np.uint8)
    photo[100:100 + face.shape[0], 120:120 + face.shape[1]] = face
    path = tmp_path / "printed-r5.jpg"
    cv2.imwrite(str(path), photo)
    page.locator("#scan-input").set_input_files(str(path))  # type: ignore[attr-defined]
    page.locator(".scan-item").first.wait_for()  # type: ignore[attr-defined]
    assert page.locator(".scan-item .scan-name").all_inner_texts() == ["red sheep 5"]  # type: ignore[attr-defined]
    assert page.locator("#scan svg text").all_text_contents() == ["1 red 5"]  # type: ignore[attr-defined]
    use = page.get_by_role("button", name="Use red 5")  # type: ignore[attr-defined]
    assert use.count() == 1
    page.locator(".scan-fix").first.click()  # type: ignore[attr-defined]
    options = page.locator(".scan-picker option").all_inner_texts()  # type: ignore[attr-defined]
    assert "red 5" in options and "yellow 10" in options
    assert len(options) == len(set(options)) and not any("undefined" in o for o in options)
    assert "undefined" not in page.locator("#scan").inner_text()  # type: ignore[attr-defined]
    _shot(page, "phone-insonnia-printed-scan", full_page=False)
    page.locator(".scan-fix").first.click()  # the picker closed again
    use.click()  # taken as the chosen card, named alike in what the game says next
    page.locator("#toast").get_by_text("red 5").wait_for()  # type: ignore[attr-defined]
    # in Italian, on a phone whose language it is
    italian = phones[(phones.index(page) + 1) % 3]
    italian.goto(italian.url.split("?")[0] + "?lang=it")  # type: ignore[attr-defined]
    italian.locator("#scan-input").set_input_files(str(path))  # type: ignore[attr-defined]
    italian.locator(".scan-item").first.wait_for()  # type: ignore[attr-defined]
    assert italian.locator("#scan svg text").all_text_contents() == ["1 5 rossa"]  # type: ignore[attr-defined]
    italian.locator(".scan-fix").first.click()  # type: ignore[attr-defined]
    assert "10 gialla" in italian.locator(".scan-picker option").all_inner_texts()  # type: ignore[attr-defined]


def test_an_insonnia_card_the_turn_rules_out_says_which_rule(server: str, browser: object) -> None:
    """A card the turn's other cards leave without a slot names the rule they break, with its
    paragraph, never "fits in no open slot" beside a slot drawn open: a fence is played alone;
    a turn's sheep make one chain."""
    _host, table_id = _new_table(browser, server, "en-GB", "insonnia", ["Lia", "Max"], seats=2,
                                 deck="printed", variant="base", viewport=TALL_PHONE)
    phones = [_seat(browser, server, table_id, i, "en-GB", TALL_PHONE) for i in range(2)]
    first = int(phones[0].evaluate("window.TAVOLO.view().state.turn"))  # type: ignore[attr-defined]
    for seat, card in ((first, "R4"), (1 - first, "Y8")):
        page = phones[seat]
        _in_pick(page, card)
        before = _seq(page)
        page.locator("#in-start").click()  # type: ignore[attr-defined]
        _wait_moved(page, before)
    lia = phones[first]
    lia.wait_for_function("() => document.getElementById('status').textContent.includes('Your turn')")
    hint = lia.locator(".in-hint")  # type: ignore[attr-defined]
    # a chain: the red 5 beside her 4, then a 7 (her slot 6 is open, but not for a 7)
    _in_pick(lia, "R5")
    _in_slot(lia, first, 5)
    _in_pick(lia, "G3")
    assert hint.inner_text().startswith("This turn's sheep make one chain: after the red 5 in slot 5")
    assert hint.locator("a.why").get_attribute("href") == "/rules/insonnia#chain"
    lia.locator("#in-clear").click()  # type: ignore[attr-defined]
    # a fence in slot 5, then any other card
    _in_pick(lia, "F")
    _in_slot(lia, first, 5)
    _in_pick(lia, "R3")
    assert hint.inner_text().startswith("A fence is played alone")
    assert hint.locator("a.why").get_attribute("href") == "/rules/insonnia#fence"
    assert "fits in no open slot" not in lia.locator("#controls").inner_text()  # type: ignore[attr-defined]


def test_three_phones_play_insonnia_by_tapping_cards_into_slots(server: str, browser: object) -> None:
    """Real cards, the printed deck: first sheep, a chain of two, a chain that goes one way only
    (no other slot offered), a refusal the phone could not foresee that names the card that
    broke the rule, a good turn with a confused sheep for an opponent, concentrating, a right
    guess (and no fence offered after it)."""
    host, table_id = _new_table(browser, server, "en-GB", "insonnia", ["Lia", "Max", "Noa"],
                                deck="printed", variant="base", viewport=TALL_PHONE)
    phones = [_seat(browser, server, table_id, i, "en-GB", TALL_PHONE) for i in range(3)]
    first = int(phones[0].evaluate("window.TAVOLO.view().state.turn"))  # type: ignore[attr-defined]
    a, b, c = first, (first + 1) % 3, (first + 2) % 3  # the seats in order of play
    assert phones[a].locator(".scan-bar").is_visible()  # the camera reads the printed deck by its markers
    for seat, card in ((a, "R4"), (b, "Y8"), (c, "G3")):
        page = phones[seat]
        _in_pick(page, card)
        before = _seq(page)
        page.locator("#in-start").click()  # type: ignore[attr-defined]
        _wait_moved(page, before)
    one, two, three = phones[a], phones[b], phones[c]
    one.wait_for_function("() => document.getElementById('status').textContent.includes('Your turn')")
    _shot(one, "phone-insonnia-first-turns", full_page=False)
    # before a card is chosen the open slots are no buttons: each is named, as a picture is
    # (her R4 in slot 4: slots 3 and 5 are open)
    for slot in (3, 5):
        assert one.get_by_role("img", name=f"slot {slot}, open").count() >= 1  # type: ignore[attr-defined]

    # Lia: two sheep up her own run, shown as a draft, confirmed at once.
    _in_pick(one, "R5")
    assert one.locator(".in-slot.target").count() >= 1
    _shot(one, "phone-insonnia-card-chosen", full_page=False)
    _in_slot(one, a, 5)
    _in_pick(one, "R6")
    _in_slot(one, a, 6)
    assert one.locator(".in-draft li").count() == 2
    _shot(one, "phone-insonnia-draft", full_page=False)
    before = _seq(one)
    one.locator("#in-confirm").click()
    _wait_moved(one, before)
    run = f".in-player[data-seat='{a}'] .in-slot.filled"
    two.wait_for_function(f"() => document.querySelectorAll(\"{run}\").length === 3")

    # Max: a chain goes one way, slot after slot: with his 7 laid below his 8, his 9 (open,
    # next to the 8) is no target for this turn's chain, nor is any other slot.
    two.wait_for_function("() => document.getElementById('status').textContent.includes('Your turn')")
    _in_pick(two, "Y7")
    _in_slot(two, b, 7)
    _in_pick(two, "Y9")
    assert two.locator(".in-slot.target").count() == 0
    two.locator("#in-clear").click()
    assert two.locator(".in-slot.draft").count() == 0
    # A refusal the phone could not foresee (its request changed on the way, as a stale or a
    # tampered phone would send it: the 7 became a 6) is shown on the draft: the card that broke
    # the rule is marked, with the reason, and nothing is laid.
    def swapped(route: Any) -> None:
        body = json.loads(route.request.post_data)
        body["action"]["placements"][0]["card"] = "Y6"
        route.continue_(post_data=json.dumps(body))

    two.route("**/actions", swapped)  # type: ignore[attr-defined]
    _in_pick(two, "Y7")
    _in_slot(two, b, 7)
    before = _seq(two)
    two.locator("#in-confirm").click()
    refusal = two.locator(".in-refused")
    refusal.wait_for()
    assert "Card 1 (yellow sheep 6, slot 7 of your run 1)" in refusal.inner_text()
    assert two.locator(f".in-slot.refused[data-owner='{b}'][data-slot='7']").count() == 1
    assert two.locator(".in-draft li.refused").count() == 1 and _seq(two) == before
    _shot(two, "phone-insonnia-refused", full_page=False)
    two.unroute("**/actions", swapped)  # type: ignore[attr-defined]
    # He clears the draft and lays a good turn: his 7, and a confused sheep on Lia's run.
    two.locator("#in-clear").click()
    assert two.locator(".in-slot.draft").count() == 0 and two.locator(".in-refused").count() == 0
    _in_lay(two, [("Y7", b, 7), ("X", a, 7)])
    one.wait_for_function(
        f"() => document.querySelector(\".in-slot.confused[data-owner='{a}'][data-slot='7']\")")

    # Noa: a confused sheep on Max's run.
    three.wait_for_function("() => document.getElementById('status').textContent.includes('Your turn')")
    _in_lay(three, [("X", b, 9)])

    # Lia concentrates on the confused sheep in her run: only then is the button there.
    concentrate = one.get_by_role(
        "button", name="Concentrate: remove the confused sheep from slot 7 (run 1), draw 2")
    concentrate.wait_for()
    _shot(one, "phone-insonnia-concentrate", full_page=False)
    before = _seq(one)
    concentrate.click()
    _wait_moved(one, before)
    assert one.locator(f".in-slot.confused[data-owner='{a}']").count() == 0

    # Max guesses on his: the card turned over (entered with the picker) is exactly right.
    guess = two.get_by_role("button", name="Guess slot 9 (run 1): turn over the top card")
    guess.wait_for()
    guess.click()
    two.get_by_text("Which card was turned over?").wait_for()
    two.locator(".in-tab[data-colour='Y']").click()  # the guess picker sends the card at once
    before = _seq(two)
    two.locator(".in-picker .in-card[data-card='Y9']").click()
    _wait_moved(two, before)
    two.wait_for_function("() => document.getElementById('status').textContent.includes('guessed right')")
    _shot(two, "phone-insonnia-guessed-right", full_page=False)
    # a fence now would be refused (the sheep guessed right is this turn's card): none offered
    _in_pick(two, "F")
    assert two.locator(".in-slot.target").count() == 0
    end = two.get_by_role("button", name="End my turn")
    before = _seq(two)
    end.click()
    _wait_moved(two, before)
    filled = f".in-player[data-seat='{b}'] .in-slot.filled"
    host.wait_for_function(f"() => document.querySelectorAll(\"{filled}\").length === 3")
    _shot(host, "table-screen-insonnia")
    for page in phones:
        _no_horizontal_scroll(page, TALL_PHONE)


def _insonnia_first_turn(browser: object, server: str, variant: str) -> tuple[list[Any], int, int]:
    """Insonnia for Lia and Max with real cards (the printed deck) in ``variant``, the first
    turn played (a red 4, then a yellow 8): the two phones, the first seat and the second."""
    _, table_id = _new_table(browser, server, "en-GB", "insonnia", ["Lia", "Max"], seats=2,
                             deck="printed", variant=variant, viewport=TALL_PHONE)
    phones = [_seat(browser, server, table_id, i, "en-GB", TALL_PHONE) for i in range(2)]
    first = int(phones[0].evaluate("window.TAVOLO.view().state.turn"))  # type: ignore[attr-defined]
    a, b = first, 1 - first
    for seat, card in ((a, "R4"), (b, "Y8")):
        page = phones[seat]
        _in_pick(page, card)
        before = _seq(page)
        page.locator("#in-start").click()  # type: ignore[attr-defined]
        _wait_moved(page, before)
    return phones, a, b


def test_insonnia_rainbow_offers_no_slot_next_to_a_sheep_of_the_same_colour(server: str,
                                                                           browser: object) -> None:
    """Rainbow: next to Lia's red 4, a red 5 is offered no slot; a yellow 5 is offered slot 5.
    A fence is the only card of its turn: after a card of the turn it is offered no slot."""
    phones, a, _ = _insonnia_first_turn(browser, server, "rainbow")
    one = phones[a]
    one.wait_for_function("() => document.getElementById('status').textContent.includes('Your turn')")
    _in_pick(one, "R5")
    assert one.locator(f".in-slot.target[data-owner='{a}'][data-slot='5']").count() == 0
    _in_pick(one, "Y5")
    assert one.locator(f".in-slot.target[data-owner='{a}'][data-slot='5']").count() == 1
    _in_slot(one, a, 5)
    _in_pick(one, "F")  # a fence is the only card of its turn
    assert one.locator(".in-slot.target").count() == 0


def test_insonnia_family_says_what_the_badge_of_a_sheep_of_another_colour_means(
        server: str, browser: object) -> None:
    """All in the family: once a sheep of another colour lies in a count, the table says once
    what its '≠' badge means and how its owner removes it; before, nothing."""
    phones, a, b = _insonnia_first_turn(browser, server, "family")
    one, two = phones[a], phones[b]
    assert one.locator(".in-legend").count() == 0
    one.wait_for_function("() => document.getElementById('status').textContent.includes('Your turn')")
    _in_lay(one, [("G7", b, 7)])  # a green sheep in Max's yellow count
    two.locator(".in-legend").wait_for()
    assert "another colour than its count" in two.locator(".in-legend").inner_text()
    assert two.locator(f".in-slot.foreign[data-owner='{b}'][data-slot='7']").count() == 1


def _in_tap_hand(page: object, card: str) -> None:
    """A dealt hand: tap the card (again, if a live update redrew it under the finger)."""
    chosen = page.locator(f".in-hand .in-card[data-card='{card}'][aria-pressed=true]")  # type: ignore[attr-defined]
    for _ in range(5):
        page.locator(f".in-hand .in-card[data-card='{card}']").first.click()  # type: ignore[attr-defined]
        try:
            chosen.first.wait_for(timeout=1000)
            return
        except sync_api.TimeoutError:
            continue
    raise AssertionError(f"could not choose {card}")


def test_insonnia_dealt_from_two_french_decks_each_phone_sees_only_its_hand(server: str,
                                                                          browser: object) -> None:
    """Two French decks, the app deals, All in the family: each phone shows its own hand as
    sheep; turns are laid by tapping hand cards into slots."""
    host, table_id = _new_table(browser, server, "it-IT", "insonnia", ["Ada", "Bea", "Cal"], hands="known",
                                deck="french", variant="family", viewport=TALL_PHONE)
    phones = [_seat(browser, server, table_id, i, "it-IT", TALL_PHONE) for i in range(3)]
    for i, page in enumerate(phones):
        page.locator(".in-player").first.wait_for()
        mine = sorted(page.evaluate("window.TAVOLO.view().state.hand"))  # type: ignore[attr-defined]
        shown = sorted(page.locator("#game .in-hand .in-card").evaluate_all(  # type: ignore[attr-defined]
            "(els) => els.map((e) => e.dataset.card)"))
        turn = page.evaluate("window.TAVOLO.view().state.turn")  # type: ignore[attr-defined]
        assert shown == mine  # the hand shows on its phone, and only there
        # out of turn it is shown to plan with, not offered
        offered = page.locator("#game .in-hand button").count()  # type: ignore[attr-defined]
        assert (offered == len(mine)) if turn == i else offered == 0
        assert page.evaluate("JSON.stringify(window.TAVOLO.view()).split('\"hand\"').length") == 2  # type: ignore[attr-defined]
    laid = 0
    for _ in range(9):
        seat, page = _in_turn(phones)
        legal = page.evaluate("window.TAVOLO.view().state.legal")  # type: ignore[attr-defined]
        plays = sorted((a for a in legal if a["type"] == "play"), key=lambda a: -len(a["placements"]))
        starts = [a for a in legal if a["type"] == "start_run"]
        before = _seq(page)
        if plays:
            for p in plays[0]["placements"]:
                _in_tap_hand(page, p["card"])
                _in_slot(page, p["owner"], p["slot"], p["run"])
            if len(plays[0]["placements"]) > 1 or laid == 0:
                _shot(page, "phone-insonnia-french-draft", full_page=False)
            where = page.locator(".in-draft li").first.inner_text()  # type: ignore[attr-defined]
            assert "→ la tua serie " in where or "→ la serie " in where, where  # with its article
            laid += 1
            page.locator("#in-confirm").click()  # type: ignore[attr-defined]
        elif starts:
            _in_tap_hand(page, starts[0]["card"])
            if seat == 0:
                _shot(page, "phone-insonnia-french-first-sheep", full_page=False)
            label = page.locator("#in-start").inner_text()  # type: ignore[attr-defined]
            starting = ("Inizia la tua prima serie con la carta ", "Inizia una nuova serie con la carta ")
            assert label.startswith(starting), label
            page.locator("#in-start").click()  # type: ignore[attr-defined]
        else:
            page.on("dialog", lambda d: d.accept())  # type: ignore[attr-defined]
            passing = "Passo (penalità: tolgo la mia pecora più alta e pesco 2)"
            page.get_by_role("button", name=passing).click()  # type: ignore[attr-defined]
        _wait_moved(page, before)
    assert laid >= 1
    assert "Mazzo:" in phones[0].locator(".in-info").inner_text()
    _shot(host, "table-screen-insonnia-french")
    for page in phones:
        _no_horizontal_scroll(page, TALL_PHONE)


def test_the_host_plays_insonnia_for_seats_without_phones(server: str, browser: object) -> None:
    """Real French cards, All in the family, nobody has a phone: the table screen plays for
    both seats. Fences, jokers as confused sheep, a foreign sheep, and the French faces."""
    host, _ = _new_table(browser, server, "en-GB", "insonnia", ["Ugo", "Vera"], seats=2, deck="french",
                         variant="family", viewport=TALL_PHONE)
    host.locator(".in-player").first.wait_for()
    first = int(host.evaluate("window.TAVOLO.view().state.turn"))  # type: ignore[attr-defined]
    second = 1 - first
    names = host.evaluate("window.TAVOLO.view().names")  # type: ignore[attr-defined]
    for seat, card in ((first, "5H"), (second, "5S")):
        host.get_by_text("'s turn (no phone)").first.wait_for()
        _in_pick(host, card)
        # the table screen speaks of the player it plays for, never as if it were that player
        start = host.locator("#in-start")
        assert start.inner_text().startswith(f"{names[seat]} starts the first run with")
        before = _seq(host)
        start.click()
        _wait_moved(host, before)
    who = names[first]
    penalty = f"{who} passes (penalty: {who}'s highest sheep goes, draw 2)"
    assert host.get_by_role("button", name=penalty).count() == 1
    controls = host.locator("#controls").inner_text()
    assert "End my turn" not in controls and "your highest" not in controls
    turns = [
        [("6H", first, 6), ("7H", first, 7)],   # a chain of hearts on her own run
        [("4D", first, 4)],                     # a diamond on a hearts run: a foreign sheep
        [("KC", first, 8)],                     # a king of clubs: a fence, alone
        [("6S", second, 6), ("JK2", first, 9)],  # a chain and a joker: a confused sheep
    ]
    for placements in turns:
        _in_lay(host, placements)
    foreign = host.locator(f".in-slot.foreign[data-owner='{first}'][data-slot='4']")
    assert foreign.count() == 1 and "≠" in foreign.inner_text()
    assert host.locator(f".in-slot[data-owner='{first}'][data-slot='8'] .in-card.fence").count() == 1
    assert host.locator(f".in-slot.confused[data-owner='{first}'][data-slot='9']").count() == 1
    remove = host.get_by_role("button", name="Concentrate: remove the 4♦ from slot 4 (run 1), draw 2")
    remove.wait_for()
    joker = "Concentrate: remove the confused sheep (JK ☆) from slot 9 (run 1), draw 2"
    assert host.get_by_role("button", name=joker).count() == 1
    _shot(host, "table-screen-insonnia-host-plays", full_page=False)
    _shot(host, "table-screen-insonnia-host-plays-page")
    before = _seq(host)
    remove.click()
    _wait_moved(host, before)
    assert host.locator(f".in-slot.foreign[data-owner='{first}']").count() == 0


def test_insonnia_a_complete_count_and_an_empty_hand_win(server: str, browser: object) -> None:
    """The host lays ten cards in one turn for a seat without a phone: nine sheep up to 10 and
    a confused sheep for the opponent. An empty hand and a complete count: the game is won."""
    host, _ = _new_table(browser, server, "en-GB", "insonnia", ["Ugo", "Vera"], seats=2,
                         deck="printed", viewport=TALL_PHONE)
    host.locator(".in-player").first.wait_for()
    first = int(host.evaluate("window.TAVOLO.view().state.turn"))  # type: ignore[attr-defined]
    for card in ("P1", "B5"):
        _in_pick(host, card)
        before = _seq(host)
        host.locator("#in-start").click()
        _wait_moved(host, before)
    _in_lay(host, [*((f"P{n}", first, n) for n in range(2, 11)), ("X", 1 - first, 6)])
    host.locator("#final").wait_for(state="visible")
    winner = host.evaluate("window.TAVOLO.view().names")[first]  # type: ignore[attr-defined]
    assert f"{winner} wins" in host.locator("#status").inner_text()
    assert f"Winner: {winner}" in host.locator("#final").inner_text()
    assert host.locator("#final .scores").count() == 0  # no points in Insonnia: a winner alone
    assert host.locator(f".in-player[data-seat='{first}'] .in-run.complete").count() == 1
    _shot(host, "table-screen-insonnia-won", full_page=False)


def test_italian_says_ad_before_a_name_with_an_a_and_names_the_seats_panel(server: str,
                                                                           browser: object) -> None:
    """Italian pages: "paga 5 ad Aldo" and "tocca ad Anna", but "paga 5 a Bruno"; the host's panel
    of seats is named in Italian for a screen reader."""
    host, _ = _new_table(browser, server, "it-IT")
    host.locator("#status").wait_for()  # type: ignore[attr-defined]
    said = host.evaluate("""() => [  // type: ignore[attr-defined]
        t("os_pays", {who: "Aldo", n: 5}), t("os_pays", {who: "Bruno", n: 5}),
        t("in_for_other", {who: "Anna"}), t("os_pays", {who: "Àrpad", n: 1})]""")
    assert said[0] == "paga 5 ad Aldo" and said[1] == "paga 5 a Bruno", said
    assert said[2].startswith("Tocca ad Anna (senza telefono): gioca qui per Anna."), said
    assert said[3] == "paga 1 ad Àrpad", said
    assert host.locator("#seat-admin").get_attribute("aria-label") == "Posti"  # type: ignore[attr-defined]


def test_a_page_opened_while_the_server_is_down_says_so_then_fills_in(server: str, browser: object) -> None:
    """A player reloads his page while the server cannot be reached (a club's server restarted):
    the page says the table cannot be reached and that it comes back by itself, and it does."""
    _host, table_id = _new_table(browser, server, "en-GB")
    phone = _seat(browser, server, table_id, 0, "en-GB", service_workers="block")
    phone.locator("#status").wait_for()  # type: ignore[attr-defined]
    url = phone.url  # type: ignore[attr-defined]
    down = {"on": True}

    def api(route: Any) -> None:
        if down["on"]:
            route.abort()
        else:
            route.continue_()
    phone.route("**/api/tables/**", api)  # type: ignore[attr-defined]
    phone.goto(url)  # type: ignore[attr-defined]
    status = phone.locator("#status")  # type: ignore[attr-defined]
    phone.get_by_text("The table cannot be reached right now").wait_for()  # type: ignore[attr-defined]
    assert "comes back here by itself" in status.inner_text()
    down["on"] = False
    phone.wait_for_function("() => window.TAVOLO.view() !== null", timeout=20_000)  # type: ignore[attr-defined]
    assert "cannot be reached" not in status.inner_text()


def test_insonnia_a_game_with_no_winner_says_why_it_ended(server: str, browser: object) -> None:
    """A game that ends with no winner says which rule ended it (I16), on the status line and in
    the result box: a whole round with no card drawn or laid, or the same position a third time
    (a club's game once said "nobody could go on" after a repetition)."""
    host, _ = _new_table(browser, server, "it-IT", "insonnia", ["Ugo", "Vera"], seats=2, deck="printed")
    host.locator(".in-player").first.wait_for()  # type: ignore[attr-defined]
    said = host.evaluate("""() => {  // type: ignore[attr-defined]
        const ui = window.GAME_UI.insonnia;
        return [0, 2].map((idle) => {
            const v = structuredClone(window.TAVOLO.view());
            v.outcome = {scores: [0, 0], winners: [], winner_names: [], payouts: [], transfers: []};
            Object.assign(v.state, {phase: "over", winner: null, idle});
            return [ui.status(v), ui.winnerText(v)];
        });
    }""")
    (repeated_status, repeated_box), (idle_status, idle_box) = said
    assert "la stessa posizione si è ripetuta per la terza volta" in repeated_status, said
    assert repeated_box.startswith("Nessun vincitore: la stessa posizione"), said
    assert "un giro intero senza pescare né mettere carte" in idle_status, said
    assert idle_box.startswith("Nessun vincitore: è passato un giro intero"), said
    assert "nessuno poteva" not in " ".join(repeated_status + idle_status)


@pytest.mark.skipif(not (PHOTOS / "rdpong").is_dir(), reason="no photos in ../shared/cardphotos")
def test_insonnia_with_french_cards_a_scanned_card_becomes_the_chosen_card(server: str,
                                                                         browser: object) -> None:
    _, table_id = _new_table(browser, server, "en-GB", "insonnia", ["Ugo", "Vera"], seats=2, deck="french")
    phones = [_seat(browser, server, table_id, i, "en-GB", TALL_PHONE) for i in range(2)]
    first = int(phones[0].evaluate("window.TAVOLO.view().state.turn"))  # type: ignore[attr-defined]
    page = phones[first]
    assert page.locator("#scan-button").is_visible()  # two French decks: the camera reads them
    page.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "8hearts.jpg"))
    use = page.locator("#scan").get_by_role("button", name="Use 8♥")
    use.wait_for()
    use.click()
    start = page.get_by_role("button", name="Start your first run with the 8♥")
    start.wait_for()
    before = _seq(page)
    start.click()
    _wait_moved(page, before)
    laid = page.locator(f".in-slot[data-owner='{first}'][data-slot='8'] .in-card[data-card='8H']")
    assert laid.count() == 1


def test_an_answer_lost_on_the_way_back_is_retried_and_the_card_is_played_once(
        server: str, browser: object) -> None:
    """The phone's first POST reaches the server and is committed, but its answer is lost
    (Wi-Fi drops): the page sends the same request again, the server answers it without
    applying it twice, and the phone shows its card chosen."""
    _host, table_id = _new_table(browser, server, names=("Anna", "Bruno", "Carla"), hands="known")
    # Without the service worker: once it controls the page, Chromium may send the page's
    # requests past the routes a test sets (a real phone has no such routes).
    phone = _seat(browser, server, table_id, 0, "en-GB", service_workers="block")
    posts: list[dict[str, object]] = []

    def lose_first_answer(route: object) -> None:
        request = route.request  # type: ignore[attr-defined]
        posts.append(json.loads(request.post_data))
        if len(posts) == 1:
            route.fetch()  # type: ignore[attr-defined]  # the server commits the move...
            route.abort("connectionreset")  # type: ignore[attr-defined]  # ...the answer never arrives
        else:
            route.continue_()  # type: ignore[attr-defined]

    phone.route("**/api/tables/*/actions*", lose_first_answer)  # type: ignore[attr-defined]
    cards = phone.locator(".hand .card")  # type: ignore[attr-defined]
    cards.first.wait_for()
    card = cards.first.get_attribute("data-card")
    _tap_and_play(phone, cards)
    phone.get_by_text("Your card is chosen").wait_for(timeout=10_000)  # type: ignore[attr-defined]
    for _ in range(50):  # the retry follows after a short pause
        if len(posts) >= 2:
            break
        phone.wait_for_timeout(100)  # type: ignore[attr-defined]
    assert len(posts) == 2 and posts[0]["id"] == posts[1]["id"]
    view = _table_now(server, table_id)
    assert view["seq"] == posts[0]["seq"] + 1  # one move, not two
    assert view["state"]["has_chosen"][0] and card is not None
    phone.get_by_text("Your card is chosen").wait_for()  # type: ignore[attr-defined]


def test_a_phone_whose_stream_is_refused_for_good_says_so_and_stops_asking(
        server: str, browser: object) -> None:
    """A 404 on the live stream (the table is not on this server) will not change by asking
    again: the page says to reload, in the phone's language, and opens no more streams."""
    _host, table_id = _new_table(browser, server, names=("Anna", "Bruno", "Carla"), hands="known")
    ctx = browser.new_context(viewport=PHONE, locale="it-IT")  # type: ignore[attr-defined]
    asked: list[str] = []

    def stream(route: object) -> None:
        request = route.request  # type: ignore[attr-defined]
        if "/play/" not in request.frame.url:
            route.continue_()  # type: ignore[attr-defined]
            return
        asked.append(request.url)
        route.fulfill(status=404, content_type="application/json",  # type: ignore[attr-defined]
                      body=json.dumps({"error": "not_found"}))

    ctx.route("**/api/tables/*/events*", stream)
    anna = ctx.new_page()
    anna.goto(f"{server}/join/{table_id}")
    anna.locator(".seat-row").nth(0).get_by_role("button").click()
    anna.wait_for_url("**/play/*")
    anna.locator(".hand .card").first.wait_for()  # the page itself still shows the table
    anna.wait_for_function("() => document.getElementById('conn').classList.contains('gone')")
    assert anna.locator("#conn").inner_text() == "non raggiungibile: ricarica la pagina"
    count = len(asked)
    anna.wait_for_timeout(3500)  # longer than the first two pauses: nothing more is asked
    assert len(asked) == count, asked
    ctx.close()


def test_a_phone_refused_by_the_event_stream_comes_back_live_with_the_moves_it_missed(
        server: str, browser: object) -> None:
    """Anna's live stream breaks, and while the server restarts a proxy answers 503 to every
    attempt to reopen it: the browser gives the stream up, so the page opens it again itself,
    pausing longer each time (1 s, 2 s, ...), and says it is reconnecting. Meanwhile Bruno
    chooses his card. When the stream answers again Anna's phone resumes after the last update
    it had, and shows Bruno's move without being reloaded."""
    _host, table_id = _new_table(browser, server, names=("Anna", "Bruno", "Carla"), hands="known")
    ctx = browser.new_context(viewport=PHONE, locale="en-GB")  # type: ignore[attr-defined]
    streams: list[tuple[float, str, str | None, int]] = []  # (when, url, Last-Event-ID, status)
    refusing = {"on": True}

    def stream(route: object) -> None:
        request = route.request  # type: ignore[attr-defined]
        if "/play/" not in request.frame.url:  # the join page's stream: untouched
            route.continue_()  # type: ignore[attr-defined]
            return
        if request.resource_type != "eventsource":  # the page asking whether to try again
            if refusing["on"]:
                route.fulfill(status=503, content_type="text/plain", body="Service Unavailable")  # type: ignore[attr-defined]
            else:
                route.continue_()  # type: ignore[attr-defined]
            return
        started = len(streams) == 0
        status = 200 if started or not refusing["on"] else 503
        streams.append((time.monotonic(), request.url, request.headers.get("last-event-id"), status))
        if started:  # the first stream ends after one update, as a dropped connection does
            route.continue_(url=request.url + ("&" if "?" in request.url else "?") + "limit=1")  # type: ignore[attr-defined]
        elif status == 503:
            route.fulfill(status=503, content_type="text/plain", body="Service Unavailable")  # type: ignore[attr-defined]
        else:
            route.continue_()  # type: ignore[attr-defined]

    ctx.route("**/api/tables/*/events*", stream)
    anna = ctx.new_page()
    anna.goto(f"{server}/join/{table_id}")
    anna.locator(".seat-row").nth(0).get_by_role("button").click()
    anna.wait_for_url("**/play/*")
    anna.locator(".hand .card").first.wait_for()
    # The browser retries once by itself (3 s at most), is refused, and gives up; the page
    # goes on trying: wait for two of its own attempts to be refused too.
    anna.wait_for_function("() => document.getElementById('conn').classList.contains('reconnecting')")
    for _ in range(100):
        if len(streams) >= 4:
            break
        anna.wait_for_timeout(100)
    assert [s[3] for s in streams[:4]] == [200, 503, 503, 503], streams
    seen = anna.evaluate("document.body.dataset.seq")

    bruno = _seat(browser, server, table_id, 1, "en-GB")
    _tap_and_play(bruno, bruno.locator(".hand .card"))
    bruno.get_by_text("Your card is chosen").wait_for()
    table = _table_now(server, table_id)
    assert table["seq"] > int(seen) and "Bruno" in table["log"][-1]["en"]
    assert anna.evaluate("document.body.dataset.seq") == seen  # nothing reached Anna meanwhile
    assert anna.locator("#conn").get_attribute("class") == "conn reconnecting"
    # the words stay in sight on a line of their own: the header's other parts keep their row
    for width in (360, 320):
        anna.set_viewport_size({"width": width, "height": 740})
        tops = anna.locator("header.top > *:visible:not(#conn)").evaluate_all(
            "els => els.map((e) => e.offsetTop)")
        assert max(tops) - min(tops) < 20, (width, tops)
        assert anna.locator("#conn").is_visible() and horizontal_overflow(anna) <= 0
    anna.set_viewport_size(PHONE)

    refusing["on"] = False
    anna.wait_for_function(f"() => document.body.dataset.seq === '{table['seq']}'", timeout=30_000)
    anna.wait_for_function("() => document.getElementById('conn').classList.contains('connected')")
    assert table["log"][-1]["en"] in (anna.locator("#log").text_content() or "")  # the log, folded
    # The page's own attempts resume after the last update Anna had, and pause longer each time.
    own = streams[2:]
    assert all(url.endswith(f"after={seen}") or f"after={seen}&" in url for _, url, _, _ in own), own
    assert own[-1][3] == 200
    pauses = [b[0] - a[0] for a, b in itertools.pairwise(own)]
    assert pauses[0] >= 0.9 and pauses[1] >= 1.8, pauses


def test_a_double_tap_on_create_table_creates_one_table(server: str, browser: object) -> None:
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # type: ignore[attr-defined]
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url)
            if r.method == "POST" and r.url.endswith("/api/tables") else None)
    page.goto(server + "/")
    page.locator("#game").select_option("oscuri")
    page.locator("#names input").nth(0).fill("Dup")
    page.locator("#create button[type=submit]").dblclick()
    page.wait_for_url("**/t/*")
    assert len(posts) == 1, posts


def test_the_table_chooses_who_deals_first_on_the_home_page(server: str, browser: object) -> None:
    """Kaiserspiel (K2): the form lists the seats by the names typed; the table is dealt by
    the one chosen, and the player after him speaks first."""
    page = browser.new_context(viewport=PHONE, locale="it-IT").new_page()  # type: ignore[attr-defined]
    page.goto(server + "/")
    page.locator("#game").select_option("kaiserspiel")
    for i, name in enumerate(["Urs", "Vreni", "Werner", "Yvonne"]):
        page.locator("#names input").nth(i).fill(name)
    dealer = page.locator("#dealer")
    assert dealer.is_visible()
    dealer.select_option(label="3 · Werner")
    page.locator("#create button[type=submit]").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    view = _table_now(server, table_id)
    assert view["state"]["dealer"] == 2


def test_at_a_real_oscuri_table_the_winner_of_the_cut_leads_first(server: str, browser: object) -> None:
    """The players cut the real deck; the host chooses the winner of the cut on the form, whose
    row asks who leads (not who deals), and that player leads the first turn."""
    page = browser.new_context(viewport=PHONE, locale="it-IT").new_page()  # type: ignore[attr-defined]
    page.goto(server + "/")
    page.locator("#game").select_option("oscuri")
    for i, name in enumerate(["Ada", "Bruno", "Carla"]):
        page.locator("#names input").nth(i).fill(name)
    assert page.locator("label[for=dealer]").inner_text() == "Chi apre per primo (chi ha vinto l'alzata)"
    assert page.locator("#dealer option").first.inner_text() == "Alza l'app per voi"
    page.locator("#dealer").select_option(label="2 · Bruno")
    page.locator("#create button[type=submit]").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    view = _table_now(server, table_id)
    assert view["state"]["leader"] == 1 and view["state"]["to_act"] == [1]
    page.locator("#status").get_by_text("Bruno").wait_for()
    # Back to a game dealt by a dealer: the row asks who deals again.
    page.goto(server + "/")
    page.locator("#game").select_option("oscuri")
    page.locator("#game").select_option("diavolo")
    assert page.locator("label[for=dealer]").inner_text() == "Chi fa il mazzo per primo"


def _reopened_with_nothing_chosen(ctx: Any, server: str, tid: str, ready: str) -> None:
    """The phone opens its table's page again, once ``ready`` (a condition on the view) holds:
    no card is chosen, and Play waits for one."""
    page = ctx.new_page()
    page.goto(f"{server}/play/{tid}")
    page.wait_for_function(f"() => window.TAVOLO && window.TAVOLO.view() && ({ready})")
    play = page.locator("#play")
    play.wait_for()
    assert play.inner_text() == "Play …" and play.is_disabled()
    assert page.locator(".picker .card[aria-pressed=true]").count() == 0


def _anna_chooses_the_five_of_clubs(server: str, browser: object
                                    ) -> tuple[str, str, Any, Any, dict[str, Any]]:
    """Oscuri with real cards: Bruno leads the 2♥ and Anna, on her phone, taps the 5♣ without
    playing it yet. The table's id, the host's token, Anna's context and page, the view after
    Bruno's card."""
    tid, host, ctx, anna = _first_seat_phone(server, browser, "oscuri", ["Anna", "Bruno"],
                                             {"hands": "unknown", "leader": 1})
    view = _api(server, f"/api/tables/{tid}/actions", {"action": {"type": "play", "player": 1, "card": "2H"},
                                                      "seq": int(_seq(anna))}, host)
    anna.wait_for_function("() => window.TAVOLO.view().state.to_act.includes(0)")
    _tab_until_shown(anna, ".suit-tab[data-suit=C]", ".picker .card[data-card='5C']").click()
    return tid, host, ctx, anna, view


def _first_seat_phone(server: str, browser: object, game: str, players: list[str],
                      options: dict[str, object]) -> tuple[str, str, Any, Any]:
    """A table made through the API and the first seat's phone on it, its page open: the table's
    id, the host's token, the phone's browser context and its page."""
    created = _api(server, "/api/tables", {"game": game, "players": players, "options": options})
    tid, host = created["table_id"], created["host_token"]
    token = _api(server, f"/api/tables/{tid}/seats", {"seat": 0})["token"]
    ctx = browser.new_context(viewport=PHONE, locale="en-GB")  # type: ignore[attr-defined]
    ctx.add_cookies([{"name": f"seat_{tid}", "value": token, "url": server}])
    page = ctx.new_page()
    page.goto(f"{server}/play/{tid}")
    page.wait_for_function("() => window.TAVOLO && window.TAVOLO.view()")
    return tid, host, ctx, page


def _api(server: str, path: str, body: object, token: str | None = None) -> dict:
    """A POST from a script: with a seat's token, or else with the CSRF pair as a page has it."""
    if token:
        extra = {"Authorization": f"Bearer {token}"}
    else:
        with urllib.request.urlopen(server + "/api/csrf") as resp:
            csrf = json.loads(resp.read())["token"]
        extra = {"Cookie": f"csrf={csrf}", "X-CSRF-Token": csrf}
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", **extra})
    with urllib.request.urlopen(req) as resp:
        return dict(json.loads(resp.read()))


def _seq_of(server: str, table_id: str, token: str) -> int:
    """The table's last event number, as a seat's phone sees it."""
    req = urllib.request.Request(f"{server}/api/tables/{table_id}/state",
                                 headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req) as resp:
        return int(json.loads(resp.read())["seq"])


def test_a_card_chosen_for_one_turn_is_never_played_in_the_next(server: str, browser: object) -> None:
    """Oscuri with real cards: Anna chooses the 5♣ to answer Bruno's 2♥, and before she presses
    Play the table screen enters her 8♥ from a photo. She takes the turn and leads the next
    one: her phone has forgotten the 5♣, chosen for the last turn, so no tap plays it."""
    tid, host, _ctx, anna, view = _anna_chooses_the_five_of_clubs(server, browser)
    play = anna.locator("#play")
    assert play.inner_text() == "Play 5♣" and play.is_enabled()
    before = _seq(anna)
    view = _api(server, f"/api/tables/{tid}/actions",
                {"action": {"type": "play", "player": 0, "card": "8H"}, "seq": view["seq"]}, host)
    assert view["state"]["to_act"] == [0]  # Anna took the turn and leads
    _wait_moved(anna, before)
    anna.wait_for_function("() => document.getElementById('play').disabled")
    assert play.inner_text() == "Play …"
    assert anna.locator(".picker .card[aria-pressed=true]").count() == 0


def test_a_card_chosen_survives_a_reload_until_its_turn_has_passed(server: str, browser: object) -> None:
    """Oscuri with real cards: Anna chooses the 5♣ and her phone reloads the page (a locked
    screen, a lost tab) before she presses Play: the 5♣ is still chosen, on the clubs tab.
    She closes the page with it chosen; while it is closed the table screen enters her 8♥ and
    the turn passes. When she opens the page again, nothing is chosen. A choice kept for
    another table that cannot be read (a storage written by hand, or by another version) is
    removed on the way and changes nothing."""
    tid, host, ctx, anna, view = _anna_chooses_the_five_of_clubs(server, browser)
    anna.evaluate("localStorage.setItem('tavolo:choice:/play/elsewhere:oscuri', '{not json')")
    anna.reload()
    anna.wait_for_function("() => window.TAVOLO && window.TAVOLO.view()")
    play = anna.locator("#play")
    play.wait_for()
    assert play.inner_text() == "Play 5♣" and play.is_enabled()
    assert anna.locator(".suit-tab[data-suit=C]").get_attribute("aria-pressed") == "true"
    assert anna.locator(".picker .card[data-card='5C']").get_attribute("aria-pressed") == "true"
    assert anna.evaluate("localStorage.getItem('tavolo:choice:/play/elsewhere:oscuri')") is None
    anna.close()
    _api(server, f"/api/tables/{tid}/actions",
         {"action": {"type": "play", "player": 0, "card": "8H"}, "seq": view["seq"]}, host)
    _reopened_with_nothing_chosen(ctx, server, tid, "window.TAVOLO.view().state.to_act[0] === 0")
    ctx.close()


def test_quinta_a_kept_card_is_forgotten_once_its_round_is_played(server: str, browser: object) -> None:
    """Quinta with real cards: Anna chooses the 5♣ and closes her page before she presses Play;
    the table screen enters the round for everyone (her 9♣ among them). When she opens the
    page again in the next round, nothing is chosen: the 5♣ was for the round that is over."""
    tid, host, ctx, anna = _first_seat_phone(server, browser, "quinta", ["Anna", "Bruno", "Carla"],
                                             {"hands": "unknown"})
    _tab_until_shown(anna, ".suit-tab[data-suit=C]", ".picker .card[data-card='5C']").click()
    assert anna.locator("#play").inner_text() == "Play 5♣"
    seq = int(_seq(anna))
    anna.close()
    for seat, card in ((0, "9C"), (1, "10D"), (2, "JH")):
        seq = _api(server, f"/api/tables/{tid}/actions",
                   {"action": {"type": "play", "player": seat, "card": card}, "seq": seq}, host)["seq"]
    assert _table_now(server, tid)["state"]["round"] == 2
    _reopened_with_nothing_chosen(ctx, server, tid, "window.TAVOLO.view().state.round === 2")
    ctx.close()


def test_a_scan_list_is_judged_again_when_the_table_moves(server: str, browser: object) -> None:
    """Oscuri with real cards, Anna to lead: Bruno photographs his 8♥ too early and is told it
    is not his turn, and whose it is. Anna leads; his open list is judged again at once: the
    8♥ is now his move, with its Play button, and he never took another photo."""
    created = _api(server, "/api/tables", {"game": "oscuri", "players": ["Anna", "Bruno"],
                                           "options": {"hands": "unknown", "leader": 0}})
    tid = created["table_id"]
    anna = _api(server, f"/api/tables/{tid}/seats", {"seat": 0})["token"]
    bruno = _seat(browser, server, tid, 1, "en-GB")
    bruno.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "8hearts.jpg"))  # type: ignore[attr-defined]
    panel = bruno.locator("#scan")  # type: ignore[attr-defined]
    item = panel.locator(".scan-item[data-card='8H']")
    # said once above the list, naming whose turn it is, not under each card read
    turn = panel.locator(".scan-turn")
    turn.get_by_text("not your turn").wait_for()
    assert turn.inner_text() == "It is not your turn to play: it is Anna's turn."
    assert item.locator(".why").count() == 0
    assert item.get_by_role("button", name="Play 8♥").count() == 0
    view = _api(server, f"/api/tables/{tid}/actions",
                {"action": {"type": "play", "card": "2H"}, "seq": int(_seq(bruno))}, anna)
    assert view["state"]["to_act"] == [1]
    item.get_by_role("button", name="Play 8♥").wait_for()
    assert item.locator(".why").count() == 0 and turn.is_hidden()


def _kaiserspiel_discarded(server: str) -> tuple[str, list[str], dict[str, Any]]:
    """A Kaiserspiel table to 4 points, hands known, every seat joined by API and two cards
    put aside by each: its id, the seats' tokens and the last view."""
    created = _api(server, "/api/tables", {"game": "kaiserspiel",
                                           "players": ["Urs", "Vreni", "Werner", "Yvonne"],
                                           "options": {"hands": "known", "dealer": 3, "target": 4}})
    tid = created["table_id"]
    tokens = [_api(server, f"/api/tables/{tid}/seats", {"seat": i})["token"] for i in range(4)]
    view: dict[str, Any] = {}
    for token in tokens:
        with urllib.request.urlopen(urllib.request.Request(
                f"{server}/api/tables/{tid}/state", headers={"Authorization": f"Bearer {token}"})) as r:
            mine = json.loads(r.read())
        view = _api(server, f"/api/tables/{tid}/actions",
                    {"action": {"type": "discard", "cards": mine["state"]["hand"][:2]}, "seq": mine["seq"]},
                    token)
    return tid, tokens, view


def test_a_kaiserspiel_game_ends_naming_the_winning_team(server: str, browser: object) -> None:
    """A game to 4 points, won by a refusal a tavolino: the final screen names the team and
    its players, not a 'shared win' of two people; the final slate is on the table screen
    and on every player's phone."""
    tid, tokens, view = _kaiserspiel_discarded(server)
    view = _api(server, f"/api/tables/{tid}/actions", {"action": {"type": "raise"}, "seq": view["seq"]},
                tokens[0])
    view = _api(server, f"/api/tables/{tid}/actions", {"action": {"type": "refuse"}, "seq": view["seq"]},
                tokens[1])
    assert view["outcome"] is not None
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # type: ignore[attr-defined]
    page.goto(f"{server}/t/{tid}?as=table")
    winner = page.locator("#final .winner")
    winner.wait_for()
    assert winner.inner_text() == "Team A (Urs & Werner) wins with 4 points."
    assert page.locator(".slate svg").is_visible()
    assert [r.strip() for r in page.locator(".scores tr").all_inner_texts()] == [
        "Team A · Urs & Werner\t4", "Team B · Vreni & Yvonne\t0"]  # each team once
    assert "deal" not in page.locator("#players").inner_text()  # nobody deals any more
    vreni = browser.new_context(viewport=PHONE, locale="it-IT")  # type: ignore[attr-defined]
    vreni.add_cookies([{"name": f"seat_{tid}", "value": tokens[1], "url": server}])  # her phone's seat
    phone = vreni.new_page()
    phone.goto(f"{server}/play/{tid}")
    phone.locator("#final .winner").wait_for()
    assert phone.locator(".slate svg").is_visible()
    assert "4" in phone.locator(".slate-caption").inner_text()
    _shot(phone, "phone-kaiserspiel-game-over-slate")


def test_a_kaiserspiel_hand_raised_many_times_keeps_its_slate_readable(server: str, browser: object) -> None:
    """Seven raises, the seventh refused: team A scores 4 + 6 x 3 = 22, a hook and five crossing
    lines. One long line shows at most four crossing lines one by one; more are one line with
    their number under it, not a solid block of chalk."""
    tid, tokens, view = _kaiserspiel_discarded(server)
    for k in range(7):  # each seat in turn raises, the next one (an opponent) answers
        view = _api(server, f"/api/tables/{tid}/actions", {"action": {"type": "raise"}, "seq": view["seq"]},
                    tokens[k % 4])
        answer = "accept" if k < 6 else "refuse"
        view = _api(server, f"/api/tables/{tid}/actions", {"action": {"type": answer}, "seq": view["seq"]},
                    tokens[(k + 1) % 4])
    assert view["outcome"] is not None
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # type: ignore[attr-defined]
    page.goto(f"{server}/t/{tid}?as=table")
    page.locator("#final .winner").wait_for()
    slate = page.locator(".slate svg")
    assert "22" in (slate.locator("title").text_content() or "")
    assert slate.locator("path.m-X").count() == 1
    assert slate.locator("path.m-X").get_attribute("data-count") == "5"
    assert slate.locator("text.slate-count").text_content() == "×5"
    assert "×5 under a long line: 5 crossing lines" in page.locator(".slate-key").inner_text()
    _shot(page, "kaiserspiel-slate-many-raises")
    # the layout itself, as the page runs it: four crossing lines are still drawn one by one
    drawn = page.evaluate("""() => ["LHXXX", "LHXXXX", "LHXXXXXXXX"].map((c) => {
        const xs = TALLY.layout([c]).placed.filter((p) => p.m === "X");
        return [xs.length, xs[0].count || 0];
    })""")
    assert drawn == [[3, 0], [4, 0], [1, 8]]


def test_enrol_a_small_deck_on_the_phone_then_scan_a_diavolo_hand_with_it(
        server: str, browser: object, tmp_path: Path) -> None:
    from recognizer.scenes import render

    from .enrol_helpers import drawn_face, grid_photo, jpeg

    codes = ["T0", "T1", "T2", "T3", "T4", "T5", "T6", "T7"]
    faces = {c: drawn_face(40 + i) for i, c in enumerate(codes)}
    grid = tmp_path / "grid.jpg"
    grid.write_bytes(jpeg(grid_photo([faces[c] for c in codes])))
    hand = tmp_path / "hand.jpg"
    hand.write_bytes(jpeg(render(faces, ["T3", "T5"], np.random.default_rng(7)).image))
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # type: ignore[attr-defined]
    page.goto(server + "/decks")
    page.locator("#dk-name").fill("Drawn tarot")
    page.locator("#dk-kind").select_option("tarot78")
    page.get_by_role("button", name="Begin").click()
    assert "the Fool, trump 1" in page.locator("#dk-lay").inner_text()  # the cards by their names
    # a file that is no photo: refused where the photo's result is said, and it stays said
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8\xff not a photo at all")
    page.locator("#dk-photo").set_input_files(str(broken))
    page.locator("#dk-found").get_by_text("truncated").wait_for()
    page.wait_for_timeout(300)
    assert "JPEG file is truncated" in page.locator("#dk-found").inner_text()
    page.locator("#dk-photo").set_input_files(str(grid))
    faces_found = page.locator("#dk-faces .dk-face")
    faces_found.nth(7).wait_for()
    assert faces_found.count() == 8
    assert [faces_found.nth(i).locator("select").input_value() for i in range(8)] == codes
    # each face's whole name is written out (a select cuts its choice to its width), and follows it
    assert faces_found.nth(1).locator(".dk-face-name").inner_text() == "T1 · trump 1"
    faces_found.nth(1).locator("select").select_option("")
    assert faces_found.nth(1).locator(".dk-face-name").inner_text() == "(leave this one out)"
    faces_found.nth(1).locator("select").select_option("T1")
    _shot(page, "phone-enrol-faces")
    _no_horizontal_scroll(page)
    page.get_by_role("button", name="Keep these and go on").click()
    page.get_by_role("button", name="Save the deck").click()
    page.locator("#deck-list").get_by_text("Drawn tarot").wait_for()
    # The deck knows 8 of the tarot's 78 cards. A new deck of the same name is refused at once;
    # the deck's own line teaches it the rest, and it keeps what it knew.
    page.locator("#dk-name").fill("Drawn tarot")
    page.get_by_role("button", name="Begin").click()
    page.locator("#toast").get_by_text("A deck named “Drawn tarot” exists already").wait_for()
    assert page.locator("#enrol-step").is_hidden()
    more = {f"T{8 + i}": drawn_face(60 + i) for i in range(8)}
    grid.write_bytes(jpeg(grid_photo(list(more.values()))))
    _shot(page, "phone-decks-teach-the-rest")
    page.get_by_role("button", name="Teach it the 70 missing cards").click()
    page.locator("#dk-progress").get_by_text("Drawn tarot: 0 of 70 cards learnt.").wait_for()
    assert "trump 8" in page.locator("#dk-lay").inner_text()
    page.locator("#dk-photo").set_input_files(str(grid))
    faces_found.nth(7).wait_for()
    assert [faces_found.nth(i).locator("select").input_value() for i in range(8)] == list(more)
    page.get_by_role("button", name="Keep these and go on").click()
    page.get_by_role("button", name="Save the deck").click()
    page.locator("#toast").get_by_text("Deck “Drawn tarot” saved: 16 cards.").wait_for()
    page.locator("#deck-list").get_by_text("16 cards").wait_for()
    # A Diavolo table whose camera reads the new deck; a player scans his own cards.
    _, table_id = _new_table(browser, server, "en-GB", "diavolo", ["Anna"], camera="Drawn tarot")
    anna = _seat(browser, server, table_id, 0, "en-GB")
    anna.locator("#scan-input").set_input_files(str(hand))
    panel = anna.locator("#scan")
    panel.locator(".scan-item").nth(1).wait_for()
    read = sorted(str(panel.locator(".scan-item").nth(i).get_attribute("data-card")) for i in range(2))
    assert read == ["T3", "T5"]
    assert panel.locator(".scan-photo svg polygon").count() == 2
    # A tarot card is corrected with the tarot's own picker: the trumps, then its four suits.
    panel.locator(".scan-fix").first.click()
    picker = panel.locator(".scan-picker")
    picker.locator(".suit-tab[data-suit=T]").wait_for()
    assert picker.locator(".suit-tab").count() == 5 and picker.locator(".card[data-card='T21']").count() == 1
    # A suited card picked is named by the tarot's suits: the queen of cups, not of hearts.
    picker.locator(".suit-tab[data-suit=H]").click()
    picker.locator(".card[data-card='QH']").click()
    panel.locator(".scan-item[data-card='QH'] .scan-name").wait_for()
    assert panel.locator(".scan-item[data-card='QH'] .scan-name").inner_text() == "queen of cups"
    _shot(anna, "phone-diavolo-scan-enrolled")


def test_the_host_gives_the_camera_a_deck_and_a_kaiserspiel_phone_reads_it_live(
        server: str, playwright: object, tmp_path: Path) -> None:
    """A Kaiserspiel table on a cut-down tarot, created without a camera deck: the host picks
    an enrolled tarot on the table screen, the Scan bar appears on the phone, and its live
    camera reads the cavallo of swords as the Ober of shields, offered for one tap."""
    import base64

    from recognizer.scenes import render

    from .enrol_helpers import drawn_face, jpeg

    codes = ["CS", "AC", "2D", "T1", "KH"]
    faces = {c: drawn_face(70 + i) for i, c in enumerate(codes)}
    _api(server, "/api/decks", {"name": "Live tarot", "kind": "tarot78", "faces": {
        c: ["data:image/jpeg;base64," + base64.b64encode(jpeg(f)).decode()] for c, f in faces.items()}})
    photo = tmp_path / "cavallo.jpg"
    photo.write_bytes(jpeg(render(faces, ["CS"], np.random.default_rng(3)).image))
    video = _y4m(photo, tmp_path / "camera.y4m")
    b = _camera_browser(playwright, video)
    try:
        host, table_id = _new_table(b, server, "en-GB", "kaiserspiel", ["Urs", "Vreni", "Werner", "Yvonne"],
                                    seats=4, pack="tarot", viewport=TABLET)
        urs = _camera_phone(b, server, table_id)
        urs.wait_for_function("() => document.body.dataset.seq !== undefined")
        assert urs.locator(".scan-bar").is_hidden()  # nothing to read a tarot with yet
        assert urs.locator(".suit-tab").first.inner_text() == "cups ♥"  # the tarot's own suits
        chooser = host.locator("#camera-deck")
        chooser.locator("option[value='Live tarot']").wait_for(state="attached")
        _shot(host, "kaiser-tablet-camera-deck")
        # Without a deck nothing reads a tarot here; the deck knows five cards of 78, and says so.
        by_hand = "No enrolled deck (enter the cards by hand)"
        assert chooser.locator("option[value='']").inner_text() == by_hand
        assert chooser.locator("option[value='Live tarot']").inner_text() == "Live tarot (5 of 78 cards)"
        assert host.locator("#camera-partial").is_hidden()
        chooser.select_option("Live tarot")
        host.wait_for_function("() => window.TAVOLO.view().camera === 'Live tarot'")
        assert host.locator("#camera-partial").inner_text().startswith(
            "This deck knows 5 of its 78 cards: the camera finds only those")
        assert "Live tarot" in (host.locator("#log").text_content() or "")
        live = urs.get_by_role("button", name="Live camera")
        live.wait_for()
        live.click()
        urs.locator("#live video").wait_for()
        offer = urs.locator("#scan button.primary, #scan button.big").first
        offer.wait_for(timeout=30_000)
        _shot(urs, "kaiser-phone-live-enrolled")
        assert "Q" in urs.locator("#scan").inner_text() or "Ober" in urs.locator("#scan").inner_text()
        before = _seq(urs)
        offer.click()
        _wait_moved(urs, before)
        assert urs.evaluate("window.TAVOLO.view().state.face_up[0]") == "QS"
    finally:
        b.close()


def test_names_with_html_and_scripts_stay_text_on_every_screen(server: str, browser: object) -> None:
    """Players named with markup and scripts: the join page, the table screen and the phones
    show the names as typed, no element is made of them and no script runs (no dialog; the
    security policy refuses nothing, checked for every test)."""
    names = ["<script>alert(1)//", "<svg onload=alert(2)>", '"><b>bold</b>']
    joiner = "<img src=x onerror=al()>"  # 24 characters, the longest name
    created = _api(server, "/api/tables", {"game": "quinta", "players": [*names, None],
                                           "options": {"hands": "known"}})
    tid = created["table_id"]
    dialogs: list[str] = []

    def watch(page: object) -> object:
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))  # type: ignore[attr-defined]
        return page

    table = watch(browser.new_context(viewport=PHONE, locale="en-GB").new_page())  # type: ignore[attr-defined]
    table.goto(f"{server}/t/{tid}")  # type: ignore[attr-defined]
    phone = watch(browser.new_context(viewport=PHONE, locale="en-GB").new_page())  # type: ignore[attr-defined]
    phone.goto(f"{server}/join/{tid}")  # type: ignore[attr-defined]
    for name in names:
        phone.get_by_text(name, exact=False).first.wait_for()  # type: ignore[attr-defined]
    row = phone.locator(".seat-row").nth(3)  # type: ignore[attr-defined]
    row.locator("input").fill(joiner)
    row.get_by_role("button").click()
    phone.wait_for_url("**/play/*")  # type: ignore[attr-defined]
    cards = phone.locator(".hand .card")  # type: ignore[attr-defined]
    cards.first.wait_for()
    _tap_and_play(phone, cards)
    phone.get_by_text("Your card is chosen").wait_for()  # type: ignore[attr-defined]
    for page in (table, phone):
        for name in [*names, joiner]:
            page.get_by_text(name, exact=False).first.wait_for()  # type: ignore[attr-defined]
        made_of_names = page.evaluate(  # type: ignore[attr-defined]
            "document.querySelectorAll('[onload], [onerror], #main b, #main svg[onload], "
            "script:not([src]), img[src=x]').length")
        assert made_of_names == 0
    assert dialogs == []
    _shot(table, "table-screen-names-with-markup")


def test_a_stale_csrf_token_is_fetched_again_and_the_move_goes_through(server: str, browser: object) -> None:
    """The phone's CSRF cookie changes under an open page (cookies cleared, another tab): the
    first POST is refused with 'csrf', the page fetches the current token and sends the move
    once more; it is played once. A POST without the token, even from the host's page, is
    refused by the server."""
    host, table_id = _new_table(browser, server, names=("Anna", "Bruno", "Carla"), hands="known")
    phone = _seat(browser, server, table_id, 0, "en-GB")
    answers: list[int] = []
    phone.on("response", lambda r: answers.append(r.status) if "/actions" in r.url else None)  # type: ignore[attr-defined]
    phone.context.add_cookies([{"name": "csrf", "value": "S" * 43, "url": server}])  # type: ignore[attr-defined]
    cards = phone.locator(".hand .card")  # type: ignore[attr-defined]
    cards.first.wait_for()
    before = int(_seq(phone))
    _tap_and_play(phone, cards)
    phone.get_by_text("Your card is chosen").wait_for()  # type: ignore[attr-defined]
    assert answers == [403, 200]
    view = _table_now(server, table_id)
    assert view["state"]["has_chosen"][0] and view["seq"] == before + 1  # one move, once
    forged = host.evaluate(  # type: ignore[attr-defined]  # the host's own page, without the token
        f"fetch('/api/tables/{table_id}/undo', {{method: 'POST', credentials: 'same-origin', "
        f"headers: {{'Content-Type': 'application/json'}}, body: JSON.stringify({{seq: {before + 1}}})}})"
        ".then(async (r) => [r.status, (await r.json()).error])")
    assert forged == [403, "csrf"]


@pytest.mark.skipif(not (PHOTOS / "rdpong").is_dir(), reason="no photos in ../shared/cardphotos")
def test_a_photo_sent_with_a_stale_csrf_token_is_sent_again_and_read(server: str, browser: object) -> None:
    """The photo's upload (sent apart from the other requests, to count its progress) meets
    a stale CSRF cookie like a move does: refused once, sent again with the current token,
    and read."""
    _host, table_id = _new_table(browser, server)
    phone = _seat(browser, server, table_id, 0, "en-GB", service_workers="block")
    answers: list[int] = []
    phone.on("response", lambda r: answers.append(r.status) if "/photos" in r.url else None)  # type: ignore[attr-defined]
    phone.context.add_cookies([{"name": "csrf", "value": "S" * 43, "url": server}])  # type: ignore[attr-defined]
    phone.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "8hearts.jpg"))  # type: ignore[attr-defined]
    phone.locator("#scan").get_by_role("button", name="Play 8♥").wait_for()  # type: ignore[attr-defined]
    assert answers == [403, 200]


def test_practice_insonnia_names_the_bots_cards_as_the_game_does(server: str, browser: object) -> None:
    """Insonnia's printed sheep shown for learning: by colour and number, a fence by its name,
    never by their codes (R9, F)."""
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # type: ignore[attr-defined]
    page.goto(server + "/")
    page.locator("#practice-name").fill("Nora")
    page.locator("#practice-variant").select_option("rainbow")  # practised in a variant too
    page.locator("button[data-practice=insonnia]").click()
    page.wait_for_url("**/play/*")
    page.wait_for_function("() => window.TAVOLO.view() && window.TAVOLO.view().state.variant === 'rainbow'")
    page.locator("#show-bots").check()
    page.locator(".bot-hands li").first.wait_for()
    text = page.locator(".bot-hands").inner_text()
    assert not re.search(r"\b([RYGBP]\d{1,2}|F|X)\b", text), text
    assert re.search(r"(red|yellow|green|blue|purple) \d", text), text


def test_a_bot_dealer_between_deals_is_never_offered_to_the_practice_player(server: str,
                                                                          browser: object) -> None:
    """Il Diavolo practice: the player's phone is also the host's, and a bot's seat has no
    phone. Between deals with a bot to deal, the phone shows no "Deal the next hand" nor "End
    the evening" for it (the bot deals by itself; the server would refuse the tap). A seat with
    neither phone nor bot is the host's to deal for. The phone's real view is drawn again at
    that moment of the game, the dealer's seat as each kind."""
    ctx = browser.new_context(viewport=PHONE, locale="en-GB")  # type: ignore[attr-defined]
    page = ctx.new_page()
    page.goto(server + "/")
    page.locator("#practice-name").fill("Nora")
    page.locator("button[data-practice=diavolo]").click()
    page.wait_for_url("**/play/*")
    page.locator("#status").wait_for()
    page.wait_for_function("() => window.TAVOLO.view() && window.TAVOLO.view().practice")
    between = """(bot) => {
        const v = structuredClone(window.TAVOLO.view());
        v.seq += 1000; v.outcome = null;
        Object.assign(v.state, {phase: "await_deal", to_act: [1], pot: 6, legal: []});
        v.seats[1].joined = false; v.seats[1].bot = bot;
        window.TAVOLO.render(v);
        return [...document.querySelectorAll("#controls button")].map((b) => b.textContent);
    }"""
    assert page.evaluate("() => window.TAVOLO.view().seats.map((s) => s.bot)") == [False, True, True, True]
    offered = page.evaluate(between, True)
    assert not any("Deal the next hand" in b or "End the evening" in b for b in offered), offered
    offered = page.evaluate(between, False)
    assert any("Deal the next hand" in b for b in offered), offered
    # the page names its game, as its heading and in the tab's title; in Italian too, with the
    # room code's spoken label
    assert page.get_by_role("heading", level=1).inner_text() == "Il Diavolo (practice)"
    assert page.title().startswith("Il Diavolo · Tavolo · ")
    page.goto(page.url.split("?")[0] + "?lang=it")
    assert page.get_by_role("heading", level=1).inner_text() == "Il Diavolo (allenamento)"
    page.wait_for_function("() => window.TAVOLO.view()")  # the heading comes before the first view
    # spoken as words, not as an aria-label a span without a role does not give (screen readers skip it)
    assert page.locator("header .room").text_content().split() == ["Codice", "stanza", page.evaluate(
        "() => window.TAVOLO.view().room")]
    assert page.locator("header .room .sr-only").is_hidden() is False  # in the reading, off the screen
    ctx.close()


def test_a_move_made_with_the_keyboard_leaves_the_focus_on_what_happened(server: str,
                                                                          browser: object) -> None:
    """Quinta practice with the keyboard alone: a card chosen and played with Enter; the Play
    button goes with the redraw, and the focus goes to the status line, not to the page's top."""
    ctx = browser.new_context(viewport=PHONE, locale="en-GB")  # type: ignore[attr-defined]
    page = ctx.new_page()
    page.goto(server + "/")
    page.locator("#practice-name").fill("Nora")
    page.get_by_role("button", name="Quinta against bots").click()
    page.wait_for_url("**/play/*")
    card = page.locator(".hand .card:not([aria-disabled=true])").first
    card.focus()
    page.keyboard.press("Enter")
    page.locator("#play").focus()
    before = _seq(page)
    page.keyboard.press("Enter")
    _wait_moved(page, before)
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'status'")
    ctx.close()


def test_practice_quinta_against_bots_with_their_cards_shown_and_a_move_taken_back(
        server: str, browser: object) -> None:
    ctx = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True, has_touch=True)  # type: ignore[attr-defined]
    page = ctx.new_page()
    page.goto(server + "/")
    page.locator("#practice-name").fill("Nora")
    page.get_by_role("button", name="Quinta against bots").click()
    page.wait_for_url("**/play/*")
    page.locator(".hand .card").first.wait_for()
    assert page.locator(".hand .card").count() == 12  # four players: 12 cards each
    # what the bots do, as they do it: in Quinta they choose at once, before the player
    assert ("Bots: Ada, Bruno, Carla. They choose their cards at once, face down"
            in page.locator("#practice").inner_text())
    assert page.locator("#practice .pr-goal").inner_text().strip()  # what the game is for, first
    assert page.locator("#undo").is_hidden()  # the practice table's own undo instead
    # a real table's host tools mean nothing here (no other phone, no serious game)
    for tool in ("#undo-why", "#hints-switch", "#record-later", "#host-link-box", "#seat-admin"):
        assert page.locator(tool).is_hidden(), tool
    # The bots choose by themselves, a moment apart, and the phone sees it live.
    page.wait_for_function(
        "() => document.querySelectorAll('.player.acting').length === 1", timeout=15000)
    plain = page.locator(".hand .card:not([data-card^='JK'])")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the player's thumb is low
    assert page.evaluate("document.getElementById('status').getBoundingClientRect().top") < 0
    _tap_and_play(page, plain)
    # once played, the top of the table comes back into view: the status, what just happened
    page.wait_for_function("() => document.getElementById('status').getBoundingClientRect().top >= 0")
    page.wait_for_function("() => document.querySelectorAll('.revealed-item').length === 4",
                           timeout=15000)
    page.wait_for_function("() => document.querySelectorAll('.hand .card').length === 11")
    page.locator("#log-box summary").click()
    assert "Ada" in page.locator("#log").inner_text()
    # what just happened is in sight at the top, the newest move first (the log is folded)
    recent = page.locator("#recent li")
    assert recent.count() == 2 and "Round 1 revealed" in recent.first.inner_text()
    assert page.locator("#recent").get_attribute("aria-hidden") == "true"  # #announce says it
    _shot(page, "practice-quinta-after-round-1")
    # A second round: the bots choose again after the reveal, by themselves.
    _tap_and_play(page, plain)
    page.wait_for_function("() => document.querySelectorAll('.hand .card').length === 10",
                           timeout=15000)
    page.wait_for_function("() => /Round 2 revealed/.test(document.getElementById('log').textContent)",
                           timeout=15000)
    # The bots' cards, for learning (a bot's card chosen face down is shown too).
    page.locator("#show-bots").check()
    page.locator(".bot-hands li").nth(2).wait_for()
    assert page.locator(".bot-hands li").count() == 3
    assert "Ada:" in page.locator(".bot-hands").inner_text()
    # One way of writing a hand for every bot: commas in all of them (when a joker's two
    # words are among the cards) or in none.
    hands = [li.locator("span").inner_text() for li in page.locator(".bot-hands li").all()]
    assert len({", " in hand for hand in hands}) == 1, hands
    _shot(page, "practice-quinta-bots-cards")
    # Take the move back: the player's card of round 2 returns to his hand.
    page.locator("#rewind").click()
    page.wait_for_function("() => document.querySelectorAll('.hand .card').length === 11",
                           timeout=15000)
    assert "took back" in page.locator("#log").inner_text()
    assert page.locator("#status").inner_text().startswith("Choose your card")
    page.locator("#show-bots").uncheck()
    page.wait_for_function("() => !document.querySelector('.bot-hands')")
    _no_horizontal_scroll(page)


def test_a_double_tap_on_play_or_discard_makes_the_move_once_and_says_nothing_wrong(
        server: str, browser: object) -> None:
    """A player's thumb taps twice: the move is made once, and the second tap neither sends
    it again nor says "Tap a card first" or "Choose exactly two cards" over a move that worked."""
    posts: list[str] = []
    _host, table_id = _new_table(browser, server, "en-GB", "kaiserspiel",
                                 ["Urs", "Vreni", "Werner", "Yvonne"], seats=4, hands="known")
    urs = _seat(browser, server, table_id, 0, "en-GB")
    urs.on("request", lambda r: posts.append(r.url)  # type: ignore[attr-defined]
           if r.method == "POST" and r.url.endswith("/actions") else None)
    cards = urs.locator("#controls .ks-hand button.card")  # type: ignore[attr-defined]
    cards.nth(1).wait_for()
    cards.nth(0).click()
    cards.nth(1).click()
    urs.locator("#discard").dblclick()  # type: ignore[attr-defined]
    urs.wait_for_function("() => !document.getElementById('discard')")  # type: ignore[attr-defined]
    urs.wait_for_timeout(500)  # type: ignore[attr-defined]
    assert len(posts) == 1, posts
    assert urs.locator("#toast").is_hidden(), urs.locator("#toast").text_content()  # type: ignore[attr-defined]
    _, quinta = _new_table(browser, server, "en-GB", "quinta", ["Anna", "Bruno", "Carla"], hands="known")
    anna = _seat(browser, server, quinta, 0, "en-GB")
    anna.locator(".hand .card").first.click()  # type: ignore[attr-defined]
    before = anna.evaluate("document.body.dataset.seq")  # type: ignore[attr-defined]
    anna.locator("#play").dblclick()  # type: ignore[attr-defined]
    anna.wait_for_function(f"() => document.body.dataset.seq !== {before!r}")  # type: ignore[attr-defined]
    anna.wait_for_timeout(500)  # type: ignore[attr-defined]
    assert anna.locator("#toast").is_hidden(), anna.locator("#toast").text_content()  # type: ignore[attr-defined]


def test_at_an_oscuri_table_a_card_corrected_by_hand_keeps_the_games_name(
        server: str, browser: object) -> None:
    """A king read is Death; corrected to the red joker, the list calls it a Black Angel, as
    the game and its log do, not by the deck's name for it."""
    _host, table_id = _new_table(browser, server, "en-GB", "oscuri", ["Ada", "Bruno", "Carla"])
    ada = _seat(browser, server, table_id, 0, "en-GB")
    ada.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "Khearts.jpg"))  # type: ignore[attr-defined]
    panel = ada.locator("#scan")  # type: ignore[attr-defined]
    name = panel.locator(".scan-item .scan-name").first
    name.wait_for()
    assert name.inner_text() == "Death (king of hearts)"
    panel.locator(".scan-item .scan-fix").first.click()
    panel.locator(".scan-picker .suit-tab[data-suit=H]").click()
    panel.locator(".scan-picker .card[data-card='JK1']").click()
    panel.locator(".scan-item[data-card='JK1'] .scan-name").wait_for()
    assert panel.locator(".scan-item[data-card='JK1'] .scan-name").inner_text() == "Black Angel (red joker)"


def test_after_a_led_death_the_last_turn_says_who_paid_and_who_draws(server: str, browser: object) -> None:
    """Oscuri with real cards: Ada leads Death, Bruno and Carla pay and put a card face down.
    Under the last turn's cards the phones say who collected, that only Ada draws and why the
    others do not; Death's card shows no stake (it was paid by hand, not placed on it)."""
    created = _api(server, "/api/tables", {"game": "oscuri", "players": ["Ada", "Bruno", "Carla"],
                                           "options": {"hands": "unknown", "leader": 0}})
    tid = created["table_id"]
    tokens = [_api(server, f"/api/tables/{tid}/seats", {"seat": i})["token"] for i in range(3)]
    for seat, action in ((0, {"type": "play", "card": "KS"}), (1, {"type": "discard", "card": None}),
                         (2, {"type": "discard", "card": None})):  # face down: cards nobody sees
        seq = _seq_of(server, tid, tokens[seat])
        _api(server, f"/api/tables/{tid}/actions", {"action": action, "seq": seq}, tokens[seat])
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()  # type: ignore[attr-defined]
    page.goto(f"{server}/t/{tid}?as=table")
    captures = page.locator(".captures")
    captures.wait_for()
    said = captures.inner_text()
    assert "Ada collects 2 chips from K♠" in said
    assert "Ada draws a card from the pile." in said
    assert "Bruno and Carla do not draw (paid the led Death)." in said
    assert page.locator(".trick .placed .chips").count() == 0
    _shot(page, "oscuri-after-a-led-death")


def test_the_table_screen_puts_a_card_face_down_for_a_seat_without_a_phone(
        server: str, browser: object) -> None:
    """Oscuri with real cards: Ada leads Death from her phone; Bruno and Carla have no phone, and
    each must put a card face down (the game waited for ever: only a phone had the button). The
    table screen says it for each, by name, and the game goes on."""
    host, tid = _new_table(browser, server, "en-GB", "oscuri", ["Ada", "Bruno", "Carla"], seats=3, first=0)
    ada = _seat(browser, server, tid, 0, "en-GB")
    ada.wait_for_function("() => window.TAVOLO.view()")  # type: ignore[attr-defined]
    ada.evaluate("() => window.TAVOLO.act({type: 'play', card: 'KS'})")  # type: ignore[attr-defined]
    for who in ("Bruno", "Carla"):
        done = host.get_by_role("button", name=f"{who} has put a card face down")  # type: ignore[attr-defined]
        done.wait_for()
        assert f"For {who} (no phone at this seat):" in host.locator("#controls").inner_text()  # type: ignore[attr-defined]
        assert ada.get_by_role("button", name=f"{who} has put a card face down").count() == 0  # type: ignore[attr-defined]
        before = _seq(host)
        done.click()
        _wait_moved(host, before)
    host.wait_for_function("() => window.TAVOLO.view().state.phase !== 'death_discard'")  # type: ignore[attr-defined]
    assert "Bruno and Carla do not draw (paid the led Death)." in host.locator(".captures").inner_text()  # type: ignore[attr-defined]


def test_a_refusal_about_whose_turn_it_is_goes_when_the_turn_moves_on(server: str, browser: object) -> None:
    """Oscuri: Bruno's phone sends a card while Ada is to lead (two phones racing): refused,
    and said. Ada then leads: it is Bruno's turn now, so the refusal, no longer true, goes from
    his screen at once instead of standing over 'Your turn' for seconds more."""
    created = _api(server, "/api/tables", {"game": "oscuri", "players": ["Ada", "Bruno", "Carla"],
                                           "options": {"hands": "unknown", "leader": 0}})
    tid = created["table_id"]
    ada = _api(server, f"/api/tables/{tid}/seats", {"seat": 0})["token"]
    bruno = _seat(browser, server, tid, 1, "en-GB")
    bruno.wait_for_function("() => window.TAVOLO.view()")  # type: ignore[attr-defined]
    bruno.evaluate("() => window.TAVOLO.act({type: 'play', player: 1, card: '7D'})")  # type: ignore[attr-defined]
    toast = bruno.locator("#toast")  # type: ignore[attr-defined]
    toast.wait_for()
    assert "not your turn" in toast.inner_text()
    _api(server, f"/api/tables/{tid}/actions",
         {"action": {"type": "play", "card": "9D"}, "seq": _seq_of(server, tid, ada)}, ada)
    bruno.locator("#status").get_by_text("Your turn").wait_for()  # type: ignore[attr-defined]
    toast.wait_for(state="hidden", timeout=2000)
