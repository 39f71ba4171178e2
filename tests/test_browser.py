"""Real browser: Debian's chromium driven by Playwright, against the real server process.

Three phones join through the link decoded (with OpenCV) from the QR code on the
table screen, then play a whole game of Quinta; every page follows live.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import cv2
import numpy as np
import pytest

from .conftest import SHARED

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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
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
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/games", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        else:
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


@pytest.fixture(scope="module")
def browser(playwright: object) -> Iterator[object]:
    b = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)  # type: ignore[attr-defined]
    yield b
    b.close()


@pytest.fixture(autouse=True)
def _close_phones(browser: object) -> Iterator[None]:
    """Every test's phones leave the table when it ends (their live streams close too)."""
    yield
    for context in list(browser.contexts):  # type: ignore[attr-defined]
        context.close()


def _shot(page: object, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def _decode_qr(png: bytes) -> str:
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(img)
    return str(text)


def _no_horizontal_scroll(page: object, viewport: dict[str, int] = PHONE) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")  # type: ignore[attr-defined]
    assert width <= viewport["width"], f"page scrolls sideways: {width}px"


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
    qr = host.locator("img.qr")
    qr.wait_for()
    join_url = _decode_qr(qr.screenshot())
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
    host.wait_for_function("document.querySelectorAll('.player').length === 3")

    for round_no in range(1, 17):
        for page in phones:
            _tap_and_play(page, page.locator(".hand .card"))
        # Resolve any jokers: the phone whose joker is pending picks its first row.
        for _ in range(2):
            for page in phones:
                buttons = page.locator("#controls button[data-row]")
                try:
                    buttons.first.wait_for(timeout=300)
                except sync_api.TimeoutError:
                    continue
                buttons.first.click()
        if round_no == 1:
            for page in [*phones, host]:
                page.wait_for_function("document.querySelectorAll('.revealed-item').length === 3")
            _shot(phones[1], "phone-after-round-1")
            _shot(host, "table-screen-round-1")
        if round_no < 16:
            for page in phones:
                page.wait_for_function(
                    f"document.querySelectorAll('.hand .card').length === {16 - round_no}")

    for page in [*phones, host]:
        page.locator("#final").wait_for(state="visible")
        assert page.locator(".scores th[scope=row]").count() == 3
    assert "Partita finita" in phones[0].locator("#final").inner_text()
    assert "Game over" in phones[1].locator("#final").inner_text()
    _shot(phones[0], "phone-it-final")
    _shot(host, "table-screen-final")
    for page in phones:
        _no_horizontal_scroll(page)


def _seat(browser: object, server: str, table_id: str, seat: int, locale: str,
          viewport: dict[str, int] = PHONE) -> object:
    ctx = browser.new_context(viewport=viewport, locale=locale)  # type: ignore[attr-defined]
    page = ctx.new_page()
    page.goto(f"{server}/join/{table_id}")
    row = page.locator(".seat-row").nth(seat)
    if row.locator("input").count():
        row.locator("input").fill(f"P{seat}")
    row.get_by_role("button").click()
    try:
        page.wait_for_url("**/play/*", timeout=15_000)
    except sync_api.TimeoutError:
        _shot(page, f"failed-join-seat-{seat}")
        raise
    return page


def _new_table(browser: object, server: str, locale: str = "en-GB", game: str = "quinta",
               names: Sequence[str] = ("Anna",), seats: int = 3, hands: str = "unknown",
               stake: int | None = None, pack: str | None = None,
               viewport: dict[str, int] = PHONE) -> tuple[object, str]:
    """A table created from the home page, as a host would; its table screen and id.
    By default Quinta for Anna and two open seats, real cards (the picker)."""
    host = browser.new_context(viewport=viewport, locale=locale).new_page()  # type: ignore[attr-defined]
    host.goto(server + "/")
    host.locator("#game").select_option(game)
    host.locator("#count").select_option(str(seats))
    for i, name in enumerate(names):
        host.locator("#names input").nth(i).fill(name)
    if stake is not None:
        host.locator("#stake").fill(str(stake))
    if pack is not None:
        host.locator("#pack").select_option(pack)
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


def _pick(page: object, card: str) -> None:
    """Choose a card with the picker. A live update may redraw the picker under the finger,
    as on a real phone: then the suit is tapped again."""
    target = page.locator(f".picker .card[data-card='{card}']")  # type: ignore[attr-defined]
    for _ in range(5):
        page.locator(f".suit-tab[data-suit={card[-1]}]").click()  # type: ignore[attr-defined]
        try:
            target.wait_for(timeout=2000)
            break
        except sync_api.TimeoutError:
            continue
    target.click()
    page.locator("#play").click()  # type: ignore[attr-defined]


def test_a_refusal_is_explained_in_the_players_language(server: str, browser: object) -> None:
    """A stale picker lets an Italian phone try a card already on the table: the server
    refuses it and the phone shows the engine's sentence in Italian. Then two phones
    enter the same card and both are asked to look again."""
    host, table_id = _new_table(browser, server, "it-IT")
    anna = _seat(browser, server, table_id, 0, "it-IT")
    bruno = _seat(browser, server, table_id, 1, "en-GB")
    carla = _seat(browser, server, table_id, 2, "en-GB")
    for page, card in ((anna, "3C"), (bruno, "6S"), (carla, "7C")):
        _pick(page, card)
    host.wait_for_function("document.querySelectorAll('.revealed-item').length === 3")
    anna.locator(".suit-tab[data-suit=C]").click()
    anna.wait_for_function("document.querySelector(\".picker .card[data-card='3C']\").disabled")
    anna.evaluate("document.querySelector(\".picker .card[data-card='3C']\").disabled = false")
    anna.locator(".picker .card[data-card='3C']").click()
    anna.locator("#play").click()
    toast = anna.locator("#toast")
    toast.wait_for(state="visible")
    assert "Il 3 di fiori non può essere nella tua mano" in toast.inner_text()
    _shot(anna, "phone-it-refusal")
    assert anna.locator("#play").count() == 1  # nothing changed: Anna still chooses
    # Bruno and Carla both enter the nine of diamonds: caught at the reveal.
    _pick(anna, "2H")
    _pick(bruno, "9D")
    _pick(carla, "9D")
    for page in (bruno, carla):
        page.wait_for_function("document.getElementById('status').textContent.includes('entered twice')")
    assert "9D" not in host.locator("#game").inner_text()
    _shot(carla, "phone-en-same-card-twice")


PHOTOS = SHARED / "cardphotos"


@pytest.mark.skipif(not (PHOTOS / "rdpong").is_dir(), reason="no photos in ../shared/cardphotos")
def test_scan_a_card_with_the_phone_and_play_it(server: str, browser: object) -> None:
    host, table_id = _new_table(browser, server, "en-GB")
    anna = _seat(browser, server, table_id, 0, "en-GB")
    anna.locator("#scan-input").set_input_files(str(PHOTOS / "rdpong" / "8hearts.jpg"))
    panel = anna.locator("#scan")
    panel.get_by_role("button", name="Play 8♥").wait_for()
    assert panel.locator("svg polygon").count() == 1
    _shot(anna, "phone-scan-result")
    panel.get_by_role("button", name="Play 8♥").click()
    anna.wait_for_function("document.getElementById('status').textContent.includes('8♥')")
    assert panel.is_hidden()
    # The table screen scans the other two seats' revealed cards and confirms them.
    host.locator("#scan-input").set_input_files(str(PHOTOS / "guillex7" / "query_q15.jpg"))
    hpanel = host.locator("#scan")
    hpanel.locator("#scan-confirm").wait_for()
    items = hpanel.locator(".scan-item")
    wanted = {"7C": "1", "2S": "2"}
    for i in range(items.count()):
        selects = items.nth(i).locator("select")
        card = selects.first.input_value()
        if card[0] == "A":  # the aces are on the table: the panel says so, no seat to pick
            assert selects.count() == 1 and "table" in items.nth(i).inner_text()
            continue
        selects.nth(1).select_option(wanted.get(card, ""))
    _shot(host, "table-screen-scan-result")
    hpanel.locator("#scan-confirm").click()
    host.wait_for_function("document.querySelectorAll('.revealed-item').length === 3")
    rows = host.locator("#game").inner_text()
    assert "7" in rows and "2" in rows


def _y4m(photo: Path, out: Path, frames: int = 8) -> Path:
    """A YUV4MPEG2 video of a photo, for Chromium's fake camera."""
    img = cv2.imread(str(photo))
    canvas = np.full((720, 1280, 3), 60, np.uint8)
    h, w = img.shape[:2]
    f = min(1280 / w, 720 / h)
    small = cv2.resize(img, (int(w * f) // 2 * 2, int(h * f) // 2 * 2))
    y0, x0 = (720 - small.shape[0]) // 2, (1280 - small.shape[1]) // 2
    canvas[y0:y0 + small.shape[0], x0:x0 + small.shape[1]] = small
    yuv = cv2.cvtColor(canvas, cv2.COLOR_BGR2YUV_I420).tobytes()
    with out.open("wb") as f_out:
        f_out.write(b"YUV4MPEG2 W1280 H720 F10:1 Ip A1:1 C420jpeg\n")
        for _ in range(frames):
            f_out.write(b"FRAME\n" + yuv)
    return out


@pytest.mark.skipif(not (PHOTOS / "rdpong").is_dir(), reason="no photos in ../shared/cardphotos")
def test_live_camera_proposes_a_card_seen_in_several_frames(server: str, playwright: object,
                                                            tmp_path: Path) -> None:
    video = _y4m(PHOTOS / "rdpong" / "8hearts.jpg", tmp_path / "camera.y4m")
    args = [*ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={video}"]
    b = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)  # type: ignore[attr-defined]
    try:
        _, table_id = _new_table(b, server)
        ctx = b.new_context(viewport=PHONE, locale="en-GB", permissions=["camera"])
        anna = ctx.new_page()
        anna.goto(f"{server}/join/{table_id}")
        anna.locator(".seat-row").nth(0).get_by_role("button").click()
        anna.wait_for_url("**/play/*")
        live = anna.get_by_role("button", name="Live camera")
        live.wait_for()
        live.click()
        anna.locator("#live video").wait_for()
        play = anna.locator("#scan").get_by_role("button", name="Play 8♥")
        play.wait_for(timeout=30_000)
        _shot(anna, "phone-live-camera")
        play.click()
        anna.wait_for_function("document.getElementById('status').textContent.includes('8♥')")
        assert anna.locator("#live").is_hidden()
    finally:
        b.close()


def test_three_phones_play_a_whole_game_of_oscuri(server: str, browser: object) -> None:
    host, table_id = _new_table(browser, server, "it-IT", "oscuri", ["Ada", "Bruno", "Carla"],
                                hands="known", stake=2)
    phones = [_seat(browser, server, table_id, i, "en-GB") for i in range(3)]
    for _ in range(200):
        if host.locator("#final").is_visible():
            break
        for page in phones:
            cards = page.locator("#controls .hand .card:not([disabled])")
            if cards.count() and page.locator("#play").count():
                before = page.evaluate("document.body.dataset.seq")
                _tap_and_play(page, cards)
                page.wait_for_function(f"document.body.dataset.seq !== {before!r}", timeout=5000)
                if host.locator(".placed").count() and not phones[0].locator("#final").is_visible():
                    _shot(page, "phone-oscuri-turn")
        host.wait_for_timeout(50)
    for page in [*phones, host]:
        page.locator("#final").wait_for(state="visible")
    assert "Partita finita" in host.locator("#final").inner_text()
    assert host.locator(".scores th[scope=row]").count() == 3
    _shot(host, "table-screen-oscuri-final")
    _shot(phones[0], "phone-oscuri-final")
    for page in phones:
        _no_horizontal_scroll(page)


def test_four_phones_play_oscuri_with_real_cards_to_the_settlement(server: str, browser: object) -> None:
    """Real cards: every phone enters the card its player lays, with the picker."""
    host, _ = _new_table(browser, server, "en-GB", "oscuri", ["Ada", "Bruno", "Carla", "Dino"], seats=4)
    qr = _decode_qr(host.locator("img.qr").screenshot())
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
                _tap_and_play(page, page.locator("#controls .card:not([disabled])"))
            else:
                continue
            page.wait_for_function(f"document.body.dataset.seq !== {before!r}", timeout=5000)
    host.locator("#final").wait_for(state="visible")
    text = host.locator("#final").inner_text()
    assert "Game over" in text and host.locator(".scores th[scope=row]").count() == 4
    view = host.evaluate("fetch(location.pathname.replace('/t/', '/api/tables/') + '/state?as=table')"
                         ".then((r) => r.json())")
    assert sum(view["outcome"]["payouts"]) == 0
    for tr in view["outcome"]["transfers"]:  # the settlement, transfer by transfer
        assert f"pays {tr['amount']} to {view['names'][tr['to']]}" in text
    _shot(host, "table-screen-oscuri-real-cards-final")


def test_an_evening_of_diavolo_on_three_phones(server: str, browser: object) -> None:
    host, table_id = _new_table(browser, server, "it-IT", "diavolo", ["Aldo", "Bice", "Ciro"],
                                hands="known")
    phones = [_seat(browser, server, table_id, i, "en-GB") for i in range(3)]
    # Each phone shows its own cards, privately.
    own = [p.locator("#game .hand .card").first.get_attribute("data-card") for p in phones]
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
            page.wait_for_function(f"document.body.dataset.seq !== {before!r}", timeout=5000)
            if deals == 1:
                _shot(page, "phone-diavolo-deal")
    host.locator("#final").wait_for(state="visible")
    assert "Partita finita" in host.locator("#final").inner_text()
    _shot(host, "table-screen-diavolo-final")


TALL_PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}


def _tap(page: object, selector: str) -> bool:
    """Click a control if this phone shows it now; True when clicked."""
    target = page.locator(selector)  # type: ignore[attr-defined]
    if not target.count() or not target.first.is_enabled():
        return False
    before = page.evaluate("document.body.dataset.seq")  # type: ignore[attr-defined]
    target.first.click()
    page.wait_for_function(f"document.body.dataset.seq !== {before!r}", timeout=5000)  # type: ignore[attr-defined]
    return True


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
        cards = page.locator("#controls .ks-hand button.card")
        cards.nth(0).click()
        cards.nth(1).click()
        _tap(page, "#discard")
    speaker = next(p for p in phones if p.locator("#ks-raise").count())
    _shot(speaker, "kaiser-phone-declare")
    raised = False
    explained = False
    for _ in range(60):
        if host.locator(".ks-result").count():
            break
        for page in phones:
            if not raised and _tap(page, "#ks-raise"):
                raised = True
                answer = next(p for p in phones if p.locator("#ks-accept").count())
                assert answer.locator("#ks-refuse").count() == 1
                _shot(answer, "kaiser-phone-answer")
            elif _tap(page, "#ks-accept") or _tap(page, "#ks-pass"):
                pass
            elif page.locator("#play").count():
                before = page.evaluate("document.body.dataset.seq")
                _tap_and_play(page, page.locator("#controls button.card:not([disabled])"))
                page.wait_for_function(f"document.body.dataset.seq !== {before!r}", timeout=5000)
            if not explained and page.locator(".ks-why li").count() == 5:
                explained = True
                phones[1].wait_for_function("document.querySelectorAll('.ks-why li').length === 5")
                assert "Perché" in phones[1].locator("#app").inner_text()
                _shot(page, "kaiser-phone-trick-explained")
    for page in [*phones, host, tablet]:
        page.locator(".ks-result").wait_for()
    assert raised and explained
    result = tablet.locator(".ks-result").inner_text()
    assert "wins the hand with three tricks: 7 points" in result
    assert tablet.locator(".slate path.mark").count() == 2  # L and H: 7 points
    caption = tablet.locator(".slate-caption").inner_text()
    assert "7" in caption and "game to 101" in caption
    assert "7 points" in (tablet.locator(".slate svg title").text_content() or "")
    _shot(phones[0], "kaiser-phone-hand-won")
    _shot(phones[1], "kaiser-phone-it-hand-won")
    _shot(tablet, "kaiser-tablet-hand-won")
    _no_horizontal_scroll(phones[0], TALL_PHONE)
    # The next hand: its dealer deals, the first speaker raises, the answer is a refusal.
    for page in phones:
        if _tap(page, "#deal"):
            break
    for page in phones:
        cards = page.locator("#controls .ks-hand button.card")
        cards.first.wait_for()
        cards.nth(0).click()
        cards.nth(1).click()
        _tap(page, "#discard")
    for page in phones:
        page.on("dialog", lambda d: d.accept())  # "Refuse? The hand ends now..."
    assert any(_tap(page, "#ks-raise") for page in phones)
    assert any(_tap(page, "#ks-refuse") for page in phones)
    tablet.wait_for_function("document.querySelector('.ks-why-tavolino') !== null")
    assert "a tavolino: 4 points" in tablet.locator(".ks-result").inner_text()
    _shot(tablet, "kaiser-tablet-tavolino")
    _shot(phones[2], "kaiser-phone-tavolino")


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
        host.wait_for_function(f"document.querySelectorAll('.ks-face-up .card').length === {seat + 1}")
    host.wait_for_function("document.querySelector('.ks-trump') !== null")
    assert "cuori" in host.locator(".ks-trump").inner_text()  # 2♥ is the lowest
    for page in (urs, host, host, host):
        _tap(page, "#discard")
    for _ in range(4):
        if not (_tap(urs, "#ks-pass") or _tap(host, "#ks-pass")):
            break
    for _ in range(4):  # the first trick: everybody plays his face-up card
        page = urs if urs.locator("#play").count() else host
        seat = 0 if page is urs else int(host.evaluate("window.TAVOLO.view().state.to_act[0]"))
        before = page.evaluate("document.body.dataset.seq")
        _pick(page, face_up[seat])
        page.wait_for_function(f"document.body.dataset.seq !== {before!r}", timeout=5000)
    for page in (urs, host):
        page.wait_for_function("document.querySelectorAll('.ks-why li').length === 5")
    assert "takes the trick" in urs.locator(".ks-why").inner_text()
    assert "fa la presa" in host.locator(".ks-why").inner_text()
    _shot(urs, "kaiser-phone-real-cards-trick")
    _shot(host, "kaiser-tablet-real-cards-trick")
