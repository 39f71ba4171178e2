"""The phone is tidy from the first scan to the final score, in Debian's chromium at two phone
sizes (390x844 and 360x740): someone moving first is shown with the new table and a one-tap
retry; the end of a game shows the result, the settlement and what next, and nothing dead; the
scan result fits one screen with each card's name and outline and a compact picker to correct
it; a server listening only on this computer says phones cannot join."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from companion.bench.loopback import free_port, request, wait_serving

from .audit import axe_violations, horizontal_overflow, words_split
from .conftest import SHARED
from .test_browser import (  # noqa: F401 - the browser fixtures, shared with this module
    _close_phones,
    _scan_qr,
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
def test_someone_moved_first_shows_the_new_table_and_a_one_tap_retry(server: str, browser: Any,  # noqa: F811
                                                                     size: str) -> None:
    port = _port(server)
    status, created = request(port, "POST", "/api/tables", {
        "game": "quinta", "players": ["Anna", "Bruno", "Carla"], "options": {"hands": "known"}})
    assert status == 201
    tid, host = created["table_id"], created["host_token"]
    anna, bruno = (request(port, "POST", f"/api/tables/{tid}/seats", {"seat": s})[1]["token"] for s in (0, 1))
    page = _phone(browser, server, tid, anna, VIEWPORTS[size], live=False)  # hears nothing live
    seq = page.evaluate("window.TAVOLO.view().seq")
    # Meanwhile Bruno chooses and the host takes it back: the table moved, Anna's card still fits.
    mine = request(port, "GET", f"/api/tables/{tid}/state", token=bruno)[1]
    chosen = request(port, "POST", f"/api/tables/{tid}/actions",
                     {"action": mine["state"]["legal"][0], "seq": mine["seq"]}, bruno)[1]
    assert request(port, "POST", f"/api/tables/{tid}/undo", {"seq": chosen["seq"]}, host)[0] == 200
    card = page.locator(".hand .card:not([aria-disabled=true])").first
    code = card.get_attribute("data-card")
    card.click()
    page.locator("#play").click()
    notice = page.locator("#moved")
    notice.wait_for(state="visible")
    # Bruno's move was undone: no seat's move stands since Anna's view, so nobody is named
    assert "The table changed first: here is the table as it is now." in notice.inner_text()
    assert page.evaluate("window.TAVOLO.view().seq") == seq + 2  # the new table, shown at once
    assert "conflict" not in notice.inner_text().lower() and "409" not in notice.inner_text()
    _shot(page, f"moved-first-{size}", full_page=False)
    assert not axe_violations(page) and horizontal_overflow(page) <= 0
    page.locator("#moved-retry").click()  # one tap: the same move again
    page.wait_for_function(f"() => window.TAVOLO.view().seq === {seq + 3}")
    assert notice.is_hidden()
    with urllib.request.urlopen(f"{server}/api/tables/{tid}/state?as=table") as resp:
        assert json.loads(resp.read())["state"]["has_chosen"][0]
    assert page.evaluate("window.TAVOLO.view().state.chosen") == code


def test_a_move_that_no_longer_fits_is_said_in_italian_without_a_retry(server: str, browser: Any) -> None:  # noqa: F811
    tid, (anna, _) = _oscuri(server)
    page = _phone(browser, server, tid, anna, VIEWPORTS["360x740"], locale="it-IT", live=False)
    view = page.evaluate("window.TAVOLO.view()")
    # Anna's other phone leads first: now it is Bruno's turn.
    lead = view["state"]["legal"][0]
    assert request(_port(server), "POST", f"/api/tables/{tid}/actions",
                   {"action": lead, "seq": view["seq"]}, anna)[0] == 200
    page.locator(".hand .card:not([aria-disabled=true])").last.click()
    page.locator("#play").click()
    notice = page.locator("#moved")
    notice.wait_for(state="visible")
    text = notice.inner_text()
    # Anna herself moved first, from her other phone: she is told so, not "someone"
    assert "Hai già mosso da un altro schermo: ecco il tavolo com'è adesso." in text
    # it is Bruno's turn now: Anna has nothing to choose again (her move was sent, and refused)
    assert "Questa mossa non è stata giocata: ora non tocca a te." in text
    assert "scegli di nuovo" not in text
    assert page.locator("#moved-retry").is_hidden()
    page.locator("#moved-ok").click()
    assert notice.is_hidden()


@pytest.mark.parametrize(("locale", "said", "link"), [
    ("en-GB", "The host freed your seat for another phone", "Choose a seat"),
    ("it-IT", "L'organizzatore ha liberato il tuo posto per un altro telefono", "Scegli un posto"),
])
def test_a_phone_whose_seat_the_host_frees_is_told_so_and_shown_the_way_back(
        server: str, browser: Any, locale: str, said: str, link: str) -> None:  # noqa: F811
    port = _port(server)
    status, created = request(port, "POST", "/api/tables", {
        "game": "quinta", "players": ["Anna", "Bruno", "Carla"], "options": {"hands": "known"}})
    assert status == 201
    tid, host = created["table_id"], created["host_token"]
    bruno = request(port, "POST", f"/api/tables/{tid}/seats", {"seat": 1})[1]["token"]
    page = _phone(browser, server, tid, bruno, {"width": 320, "height": 640}, locale=locale)
    freed = page.locator("#freed")
    assert freed.is_hidden() and page.locator(".hand .card").count()  # his seat, his hand
    assert request(port, "DELETE", f"/api/tables/{tid}/seats/1", token=host)[0] == 200
    freed.wait_for(state="visible")  # heard live, without a reload
    assert said in freed.inner_text()
    assert page.locator(".hand .card").count() == 0  # the hand is no longer shown here
    # the table screen's line for a missing phone is not this phone's to read
    assert "QR" not in page.locator("#status").inner_text()
    assert not axe_violations(page) and horizontal_overflow(page) <= 0
    _shot(page, f"seat-freed-{locale}", full_page=False)
    page.get_by_role("link", name=link).click()
    page.wait_for_url(f"**/join/{tid}")


def test_oscuri_a_player_sees_his_hand_between_his_turns(server: str, browser: Any) -> None:  # noqa: F811
    tid, (anna, _) = _oscuri(server)
    page = _phone(browser, server, tid, anna, VIEWPORTS["360x740"], locale="it-IT")
    view = page.evaluate("window.TAVOLO.view()")
    hand = view["state"]["hand"]
    assert request(_port(server), "POST", f"/api/tables/{tid}/actions",
                   {"action": view["state"]["legal"][0], "seq": view["seq"]}, anna)[0] == 200
    page.wait_for_function(f"() => window.TAVOLO.view().seq > {view['seq']}")  # heard live
    assert 0 not in page.evaluate("window.TAVOLO.view().state.to_act")  # Bruno's turn now
    held = page.locator("#controls .hand.held .card")
    assert held.count() == len(hand) - 1  # the cards she still holds
    assert page.locator("#controls").get_by_role("heading", name="La tua mano").is_visible()
    assert page.locator("#controls button.card").count() == 0 and page.locator("#play").count() == 0
    assert not axe_violations(page) and horizontal_overflow(page) <= 0


@pytest.mark.parametrize(("locale", "word"), [("en-GB", "Kaisers"), ("it-IT", "Kaiser")])
def test_kaiserspiel_the_kaisers_shown_name_each_player_and_card_once(server: str, browser: Any,  # noqa: F811
                                                                      locale: str, word: str) -> None:
    status, created = request(_port(server), "POST", "/api/tables", {
        "game": "kaiserspiel", "players": ["Anna", None, None, None], "options": {"hands": "known"}})
    assert status == 201
    tid = created["table_id"]
    token = request(_port(server), "POST", f"/api/tables/{tid}/seats", {"seat": 0})[1]["token"]
    page = _phone(browser, server, tid, token, VIEWPORTS["360x740"], locale=locale)
    page.locator(".ks-hand .kc").first.wait_for()  # dealt: Anna holds her cards
    # the page draws the table as it would once Anna had shown a Kaiser (its live stream let go
    # first, and the view newer than any: a live update must not draw the real table over it)
    page.evaluate("""() => {
        document.dispatchEvent(new CustomEvent("tavolo:live-pause"));
        const v = structuredClone(window.TAVOLO.view());
        v.seq += 1000;
        const ace = Object.keys(v.pack.cards).find((c) => v.pack.cards[c].kaiser_en);
        v.state.kaisers = [{player: 0, card: ace}];
        window.TAVOLO.render(v);
    }""")
    line = page.locator(".ks-kaisers").inner_text()
    assert re.fullmatch(rf"{word}: Anna \([^():]+\)", line), line  # not "Anna: Kaiser of Bells"
    # her button to show a Kaiser names the card as a French pack's players call it, too
    page.evaluate("""() => {
        const v = structuredClone(window.TAVOLO.view());
        v.seq += 1;
        Object.assign(v.state, {phase: "declare", to_act: [0], kaisers: [],
                                legal: [{type: "declare_kaiser", card: "AS"}, {type: "pass"}]});
        window.TAVOLO.render(v);
    }""")
    physical = "asso di picche" if locale == "it-IT" else "ace of spades"
    assert f"A♠ ({physical})" in page.locator("#controls .ks-kaiser").inner_text()


def _play_to_the_end(base: str, table_id: str, tokens: list[str]) -> dict[str, Any]:
    """Every seat plays its first legal move until the game is over (through the API);
    returns the first seat's view of the end."""
    port = _port(base)
    for _ in range(2000):
        views = [request(port, "GET", f"/api/tables/{table_id}/state", token=t)[1] for t in tokens]
        if views[0]["outcome"]:
            end: dict[str, Any] = views[0]
            return end
        seat = next(i for i, v in enumerate(views) if i in v["state"]["to_act"])
        body = {"action": views[seat]["state"]["legal"][0], "seq": views[seat]["seq"]}
        status, _ = request(port, "POST", f"/api/tables/{table_id}/actions", body, tokens[seat])
        assert status == 200
    raise AssertionError("the game never ended")


HIDDEN_AT_THE_END = ("#hints-button", "#scan-button", "#live-button", "#undo", "#hints-switch", "#controls")


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_the_end_of_a_game_shows_the_result_the_settlement_and_what_next(
        server: str, browser: Any, size: str) -> None:  # noqa: F811
    status, created = request(_port(server), "POST", "/api/tables", {
        "game": "oscuri", "players": ["Anna", "Bruno", "Carla"], "options": {"hands": "unknown", "stake": 2}})
    assert status == 201
    tid, host = created["table_id"], created["host_token"]
    tokens = [request(_port(server), "POST", f"/api/tables/{tid}/seats", {"seat": s})[1]["token"]
              for s in range(3)]
    page = _phone(browser, server, tid, tokens[0], VIEWPORTS[size], host_token=host)
    # real cards: the camera is offered (where the app deals it is not: it knows every hand);
    # hints are not, the app not knowing the hand they would be about
    assert page.locator("#scan-button").is_visible() and page.locator("#hints-button").is_hidden()
    end = _play_to_the_end(server, tid, tokens)
    final = page.locator("#final")
    final.wait_for(state="visible")
    text = final.inner_text()
    assert "Game over" in text and ("Winner" in text or "Shared win" in text)
    # the status line does not repeat the result box's heading: it points to it; the last
    # moves' strip gives way to the result
    assert page.locator("#status").inner_text() == "The game is over: the result is below."
    assert page.locator("#recent").is_hidden()
    # the settlement, who pays whom; none when the deal ends with everyone even
    transfers = end["outcome"]["transfers"]
    for tr in transfers:
        # the payer named on his line: it stands as a row of its own
        assert f"{end['names'][tr['from']]} pays {tr['amount']} to {end['names'][tr['to']]}" in text
    assert ("pays" in text) == bool(transfers)
    for gone in HIDDEN_AT_THE_END:
        assert page.locator(gone).is_hidden(), gone
    new_game, back = page.locator("#new-game"), page.locator("#back-to-table")
    assert new_game.is_visible() and back.is_visible()
    assert final.bounding_box()["y"] < VIEWPORTS[size]["height"]  # the result is what the screen shows
    _shot(page, f"game-over-{size}", full_page=False)
    assert not axe_violations(page) and horizontal_overflow(page) <= 0
    back.click()  # the table as it ended
    assert page.locator("#final .scores").is_hidden() and page.locator("#game").is_visible()
    assert page.locator("#back-to-table").inner_text() == "Show the result"
    page.locator("#back-to-table").click()
    assert page.locator("#final .scores").is_visible()
    bruno = _phone(browser, server, tid, tokens[1], VIEWPORTS[size])
    bruno.locator("#final").wait_for(state="visible")
    page.locator("#new-game").click()  # the host: a new table for the same players
    # the host played on his own phone: he goes to his own seat of the new table
    page.wait_for_url(lambda url: "/play/" in url and tid not in url)
    new_tid = page.url.rsplit("/", 1)[-1]
    page.locator("#players").get_by_text("Bruno").wait_for()
    # Bruno's phone is told, and one tap takes him to his own seat there
    room = request(_port(server), "GET", f"/api/tables/{new_tid}/state?as=table")[1]["room"]
    bruno.get_by_text(f"The host started a new game (room {room})").wait_for()
    bruno.get_by_role("button", name=f"Join the new game (room {room})").click()
    bruno.wait_for_url(f"**/play/{new_tid}")
    bruno.wait_for_function("() => window.TAVOLO.view() && window.TAVOLO.view().me === 1")


def test_a_practice_game_over_offers_another_game_in_italian(server: str, browser: Any) -> None:  # noqa: F811
    status, created = request(_port(server), "POST", "/api/practice", {"game": "quinta", "name": "Nora"})
    assert status == 201
    tid = created["table_id"]
    page = _phone(browser, server, tid, created["token"], VIEWPORTS["390x844"], locale="it-IT",
                  host_token=created["host_token"])
    page.locator("#hints-button").wait_for()  # the app dealt: hints work, until the game ends
    port = _port(server)
    for _ in range(400):
        view = request(port, "GET", f"/api/tables/{tid}/state", token=created["token"])[1]
        if view["outcome"]:
            break
        if 0 in view["state"]["to_act"]:
            request(port, "POST", f"/api/tables/{tid}/actions",
                    {"action": view["state"]["legal"][0], "seq": view["seq"]}, created["token"])
        else:
            page.wait_for_timeout(200)  # the bots answer
    page.locator("#final").wait_for(state="visible", timeout=60_000)
    assert "Partita finita" in page.locator("#final").inner_text()
    assert page.locator("#status").inner_text() == "La partita è finita: il risultato è qui sotto."
    assert page.locator("#hints-button").is_hidden() and page.locator("#undo").is_hidden()
    page.locator("#new-game").click()  # Nuova partita: another game against the same bots
    page.wait_for_url(lambda url: "/play/" in url and tid not in url)
    page.wait_for_function("() => window.TAVOLO && window.TAVOLO.view() && !window.TAVOLO.view().outcome")
    assert page.evaluate("window.TAVOLO.view().names[0]") == "Nora"


FIVE_CARDS = SHARED / "cardphotos" / "rdpong" / "test4.jpg"  # QS 9S AD 10H AC


@pytest.mark.skipif(not FIVE_CARDS.is_file(), reason="no photos in ../shared/cardphotos")
@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_five_cards_scanned_fit_one_screen_each_named_outlined_and_corrected_in_two_taps(
        server: str, browser: Any, size: str) -> None:  # noqa: F811
    status, created = request(_port(server), "POST", "/api/tables", {
        "game": "oscuri", "players": ["Anna", "Bruno", "Carla"],
        "options": {"hands": "unknown", "leader": 0}})
    assert status == 201
    tid = created["table_id"]
    anna = request(_port(server), "POST", f"/api/tables/{tid}/seats", {"seat": 0})[1]["token"]
    page = _phone(browser, server, tid, anna, VIEWPORTS[size])
    page.locator("#scan-input").set_input_files(str(FIVE_CARDS))
    panel = page.locator("#scan")
    items = panel.locator(".scan-item")
    items.nth(4).wait_for()
    assert items.count() == 5
    assert sorted(str(items.nth(i).get_attribute("data-card")) for i in range(5)) == \
        ["10H", "9S", "AC", "AD", "QS"]
    for i in range(5):  # each card: its outline cut from the photo, its name in words
        item = items.nth(i)
        assert item.locator(".scan-thumb polygon").count() == 1
        assert " of " in item.locator(".scan-name").inner_text()
    assert panel.locator(".scan-photo svg polygon").count() == 5
    assert panel.locator("select").count() == 0  # no list of 54 cards per card
    box = panel.bounding_box()
    _shot(page, f"scan-five-cards-{size}", full_page=False)
    assert box["height"] <= VIEWPORTS[size]["height"], box  # one phone screen
    assert not axe_violations(page) and horizontal_overflow(page) <= 0
    # Correct the first card: one tap opens the compact picker, a suit, then the rank.
    first = items.nth(0)
    read = first.get_attribute("data-card")
    first.locator(".scan-fix").click()
    picker = first.locator(".scan-picker")
    picker.wait_for()
    assert picker.locator(".suit-tab").count() == 4 and picker.locator(".card").count() <= 14
    picker.locator(".suit-tab[data-suit=D]").click()
    picker.locator(".card[data-card='QD']").click()
    fixed = panel.locator(".scan-item").nth(0)
    assert fixed.get_attribute("data-card") == "QD" != read
    assert fixed.locator(".scan-name").inner_text() == "queen of diamonds"
    assert panel.locator(".scan-picker").count() == 0  # the picker closes once a card is picked


@pytest.fixture(scope="module")
def loopback_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``companion serve --host 127.0.0.1`` as a person would start it (no public link set)."""
    port = free_port()
    db = tmp_path_factory.mktemp("loopback") / "tavolo.sqlite3"
    env = {k: v for k, v in os.environ.items() if k not in ("TAVOLO_PUBLIC_URL", "PORT")}
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
                             "--port", str(port), "--database", str(db)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if not wait_serving(port, 20):
            pytest.fail("the server did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)


def test_every_folded_section_shows_that_it_opens(server: str, browser: Any) -> None:  # noqa: F811
    """Every <summary> on a player's page shows a disclosure mark (the browser's own, or one
    drawn where the layout drops it): the event log reads as something to open, not as a
    stray heading."""
    table_id, tokens = _oscuri(server)
    phone = _phone(browser, server, table_id, tokens[0], VIEWPORTS["390x844"])
    marks = phone.evaluate("""() => [...document.querySelectorAll("summary")].map((s) => {
        const own = getComputedStyle(s).display === "list-item";
        const drawn = getComputedStyle(s, "::before").content;
        return [s.textContent.trim().slice(0, 30), own || (drawn !== "none" && drawn !== "normal")];
    })""")
    assert marks and all(shown for _, shown in marks), marks
    phone.context.close()


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_a_server_on_loopback_shows_a_reachable_link_and_says_phones_cannot_join(
        loopback_server: str, browser: Any, size: str) -> None:  # noqa: F811
    page = browser.new_context(viewport=VIEWPORTS[size], locale="en-GB").new_page()
    page.goto(loopback_server + "/")
    notice = page.locator("#no-phones")
    assert notice.is_visible()
    assert "Phones cannot join" in notice.inner_text() and "--host 0.0.0.0" in notice.inner_text()
    page.locator("#names input").first.fill("Anna")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    link = _scan_qr(page)
    assert link == f"{loopback_server}/join/{table_id}"  # an address the server really listens on
    assert page.locator("#join-link").inner_text() == link
    with urllib.request.urlopen(link, timeout=10) as resp:
        assert resp.status == 200
    assert page.locator("#no-phones").is_visible()
    _shot(page, f"loopback-table-screen-{size}", full_page=False)
    assert not axe_violations(page) and horizontal_overflow(page) <= 0
    page.goto(f"{loopback_server}/t/{table_id}?lang=it")
    assert "I telefoni non possono entrare" in page.locator("#no-phones").inner_text()


def test_a_server_for_the_lan_says_nothing_of_the_kind(server: str, browser: Any) -> None:  # noqa: F811
    page = browser.new_context(viewport=VIEWPORTS["390x844"], locale="en-GB").new_page()
    page.goto(server + "/")
    assert page.locator("#no-phones").count() == 0


def test_a_diavolo_winners_cards_are_shown_once_on_their_phone(server: str, browser: Any) -> None:  # noqa: F811
    """Real cards: the first player asks, enters his two cards, 7 and 8: 15, he takes the pot.
    His cards are the table's now, to be checked: his phone shows them once, as shown to the
    table, not also as private; it says he took the pot, and what comes next, to him."""
    port = _port(server)
    status, created = request(port, "POST", "/api/tables", {
        "game": "diavolo", "players": ["Aldo", "Bice", "Ciro"], "options": {"hands": "unknown"}})
    assert status == 201
    tid = created["table_id"]
    tokens = [request(port, "POST", f"/api/tables/{tid}/seats", {"seat": s})[1]["token"] for s in range(3)]
    view = request(port, "GET", f"/api/tables/{tid}/state?as=table")[1]
    first = view["state"]["to_act"][0]
    for action in ({"type": "ask"}, {"type": "note", "card": "7S"}, {"type": "note", "card": "8C"}):
        seq = request(port, "GET", f"/api/tables/{tid}/state", token=tokens[first])[1]["seq"]
        assert request(port, "POST", f"/api/tables/{tid}/actions", {"action": action, "seq": seq},
                       tokens[first])[0] == 200
    page = _phone(browser, server, tid, tokens[first], VIEWPORTS["390x844"])
    headings = page.locator("#game h3").all_inner_texts()
    assert headings == ["Your cards, shown to the table: total 15"], headings
    pot = request(port, "GET", f"/api/tables/{tid}/state?as=table")[1]["state"]["won"]
    assert pot == 4  # three antes and one card asked, a chip each
    # how much and why, on every phone (not only in the table screen's log)
    assert page.locator("#status").inner_text().startswith("You took the pot of 4 (exactly 15).")
    other = _phone(browser, server, tid, tokens[(first + 1) % 3], VIEWPORTS["390x844"])
    winner = ["Aldo", "Bice", "Ciro"][first]
    assert other.locator("#game h3").all_inner_texts() == [f"{winner}'s cards, to be checked"]
    assert other.locator("#status").inner_text().startswith(f"{winner} took the pot of 4 (exactly 15).")
    # The Devil as a first card wins at once: its holder's shown cards say so, not "total 0".
    status, created = request(port, "POST", "/api/tables", {
        "game": "diavolo", "players": ["Aldo", "Bice", "Ciro"], "options": {"hands": "unknown"}})
    tid = created["table_id"]
    tokens = [request(port, "POST", f"/api/tables/{tid}/seats", {"seat": s})[1]["token"] for s in range(3)]
    seq = request(port, "GET", f"/api/tables/{tid}/state", token=tokens[2])[1]["seq"]
    assert request(port, "POST", f"/api/tables/{tid}/actions",
                   {"action": {"type": "note", "card": "T15"}, "seq": seq}, tokens[2])[0] == 200
    ciro = _phone(browser, server, tid, tokens[2], VIEWPORTS["390x844"])
    assert ciro.locator("#game h3").all_inner_texts() == ["Your cards, shown to the table: the Devil"]
    assert ciro.locator("#status").inner_text().startswith("You took the pot of 3 (the Devil).")


def test_a_full_tables_join_page_says_what_to_do_and_oscuri_names_no_suit_before_the_lead(
        server: str, browser: Any) -> None:  # noqa: F811
    """A phone opening the join link of a full table is told to ask the host to free its seat
    (not only "taken" on every row). At Oscuri, before anyone leads, the turn's line leaves the
    suit out instead of saying "suit: no suit"."""
    port = _port(server)
    status, created = request(port, "POST", "/api/tables", {
        "game": "oscuri", "players": ["Anna", "Bruno", "Carla"], "options": {"hands": "unknown"}})
    assert status == 201
    tid = created["table_id"]
    page = browser.new_context(viewport=VIEWPORTS["360x740"], locale="it-IT").new_page()
    page.goto(f"{server}/join/{tid}")
    page.locator(".seat-row").first.wait_for()
    assert page.locator("#all-taken").is_hidden()  # seats still open
    tokens = [request(port, "POST", f"/api/tables/{tid}/seats", {"seat": s})[1]["token"] for s in range(3)]
    page.locator("#all-taken").wait_for()  # the seats are taken live
    assert "chiedi all'organizzatore di liberarlo" in page.locator("#all-taken").inner_text()
    phone = _phone(browser, server, tid, tokens[0], VIEWPORTS["360x740"])
    line = phone.locator("#game .round").inner_text()
    assert line.startswith("Turn 1 · draw pile: ") and "suit" not in line, line


@pytest.mark.parametrize(("width", "text"), [(360, 1), (320, 1), (360, 2)], ids=["360", "320", "360-text200"])
@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_kaiserspiel_card_names_keep_their_words_whole_on_a_small_phone(
        server: str, browser: Any, locale: str, width: int, text: int) -> None:  # noqa: F811
    """At 360 and 320 px, and at 360 px with text twice its size (a phone set to large text),
    the four face-up cards and the hand of a French pack each say their Kaiserspiel name and
    the French card, and no word of either, nor a player's name, breaks across two lines (a
    browser without hyphenation dictionaries cut "diamonds" as "diamon / ds"): larger text
    takes fewer cards abreast."""
    status, created = request(_port(server), "POST", "/api/tables", {
        "game": "kaiserspiel", "players": ["Anna", None, None, None],
        "options": {"hands": "known", "pack": "french"}})
    assert status == 201
    tid = created["table_id"]
    token = request(_port(server), "POST", f"/api/tables/{tid}/seats", {"seat": 0})[1]["token"]
    page = _phone(browser, server, tid, token, {"width": width, "height": 2 * width}, locale=locale)
    cards = page.locator(".kc")
    cards.first.wait_for()
    if text != 1:
        page.evaluate(f"document.documentElement.style.fontSize = '{100 * text}%'")
    assert cards.count() >= 10  # four face up and a hand of six
    assert words_split(page, ".placed .who .name") == []
    assert page.locator(".kc .kc-phys").count() == cards.count()
    assert words_split(page, ".kc .kc-name, .kc .kc-phys") == []
    # Not only the cards dealt: every name the pack has, tried in every card's place.
    pack = page.evaluate("() => window.TAVOLO.view().pack.cards")
    lang = locale[:2]
    names = {c[f"{key}_{lang}"] for c in pack.values() for key in ("name", "kaiser") if f"{key}_{lang}" in c}
    physical = {"= " + c[f"physical_{lang}"] for c in pack.values()}
    assert len(names) >= 40 and len(physical) == 40
    assert words_split(page, ".kc .kc-name", sorted(names)) == []
    assert words_split(page, ".kc .kc-phys", sorted(physical)) == []
    assert horizontal_overflow(page) == 0
    _shot(page, f"kaiserspiel-french-names-{width}-{locale[:2]}-text{text}")
    page.context.close()


def test_a_phone_is_told_when_the_table_screen_enters_its_card(server: str, browser: Any) -> None:  # noqa: F811
    """Quinta, real cards: the table screen enters the K♦ for Bruno, whose phone is open. His
    phone says so at once (a wrong card is noticed by the one who holds it); Anna's phone,
    whose seat the screen did not act for, says nothing of it. The view names the move for
    Bruno's seat alone."""
    port = _port(server)
    status, created = request(port, "POST", "/api/tables", {
        "game": "quinta", "players": ["Anna", "Bruno", "Carla"], "options": {"hands": "unknown"}})
    assert status == 201
    tid, host = created["table_id"], created["host_token"]
    tokens = [request(port, "POST", f"/api/tables/{tid}/seats", {"seat": s})[1]["token"] for s in (0, 1)]
    anna, bruno = (_phone(browser, server, tid, t, VIEWPORTS["360x740"]) for t in tokens)
    for page in (anna, bruno):
        page.locator("#status").wait_for()
    seq = request(port, "GET", f"/api/tables/{tid}/state", token=host)[1]["seq"]
    status, _ = request(port, "POST", f"/api/tables/{tid}/actions",
                        {"action": {"type": "play", "player": 1, "card": "KD"}, "seq": seq}, token=host)
    assert status == 200
    said = bruno.locator("#toast")
    said.wait_for(state="visible")
    assert said.inner_text().startswith("The table screen entered K♦ for you.")
    anna.wait_for_function(f"() => window.TAVOLO.view().seq > {seq}")
    assert anna.locator("#toast").is_hidden()
    views = [request(port, "GET", f"/api/tables/{tid}/state", token=t)[1] for t in tokens]
    assert views[0]["entered_for_me"] is None and views[1]["entered_for_me"]["card"] == "KD"
    anna.context.close()
    bruno.context.close()


def test_a_name_too_long_for_its_field_is_said_to_be_cut(server: str, browser: Any) -> None:  # noqa: F811
    """A name longer than a seat's name may be (24 characters) is cut by the field, which now
    says so under it; a name that fits says nothing."""
    page = browser.new_page(viewport=VIEWPORTS["360x740"], locale="en-GB")
    page.goto(server + "/")
    field = page.locator("#names input").first
    field.fill("Anna")
    note = page.locator("#names .limit-note").first
    assert note.is_hidden()
    field.fill("Bartolomeo-Massimiliano de' Medici della Rovere")
    assert len(field.input_value()) == 24
    note.wait_for()
    assert note.inner_text() == "At most 24 characters."
    field.fill("Anna")
    assert note.is_hidden()
    page.close()
