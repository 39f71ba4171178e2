"""Scanning a photo at a table: detections become proposed moves, bad photos are refused."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from .helpers import act, bearer, create, join, state
from .test_api_kaiserspiel import NAMES
from .test_recognizer import PHOTOS, _jpeg, _png_header, needs_photos


def _half_jpeg() -> bytes:
    data = _jpeg(np.full((400, 600, 3), 120, np.uint8))
    return data[: len(data) // 2]


def _overwritten_jpeg() -> bytes:
    """A whole JPEG whose middle was overwritten with random bytes."""
    rng = np.random.default_rng(3)
    data = bytearray(_jpeg(rng.integers(0, 256, (300, 400, 3), dtype=np.uint8)))
    data[len(data) // 2:len(data) // 2 + 3000] = rng.integers(0, 256, 3000, dtype=np.uint8).tobytes()
    return bytes(data)


def _upload(client: FlaskClient, tid: str, data: bytes, token: str | None = None,
            raw: bool = False) -> object:
    headers = bearer(token) if token else {}
    if raw:
        return client.post(f"/api/tables/{tid}/photos", data=data, content_type="image/jpeg",
                           headers=headers)
    return client.post(f"/api/tables/{tid}/photos", data={"photo": (io.BytesIO(data), "p.jpg")},
                       content_type="multipart/form-data", headers=headers)


@needs_photos
def test_a_player_scans_his_card_and_gets_one_move(client: FlaskClient) -> None:
    tid = create(client, options={"hands": "unknown"})["table_id"]
    token = join(client, tid, 0)
    resp = _upload(client, tid, (PHOTOS / "rdpong" / "8hearts.jpg").read_bytes(), token)
    body = resp.get_json()
    assert resp.status_code == 200, body
    assert [d["card"] for d in body["detections"]] == ["8H"]
    assert body["proposal"] == "8H" and body["detections"][0]["move"]["legal"]
    assert body["detections"][0]["names"]["it"] == "8 di cuori"
    assert body["width"] == 1024 and body["height"] == 768
    # Nothing was played by scanning.
    assert state(client, tid, token)["state"]["chosen"] is None
    assert act(client, tid, token, body["detections"][0]["move"]["action"]).status_code == 200


@needs_photos
def test_cards_that_cannot_be_played_say_why(client: FlaskClient) -> None:
    tid = create(client, options={"hands": "unknown"})["table_id"]
    token = join(client, tid, 0)
    body = _upload(client, tid, (PHOTOS / "guillex7" / "query_q15.jpg").read_bytes(), token,
                   raw=True).get_json()
    by_card = {d["card"]: d for d in body["detections"]}
    assert not by_card["AH"]["move"]["legal"]  # the aces never leave the table
    assert "AH" not in (body["proposal"] or "")
    assert "asso di cuori" in by_card["AH"]["move"]["messages"]["it"]
    assert by_card["7C"]["move"]["legal"]
    assert body["proposal"] is None  # several cards could be played: the player chooses
    # the picker that corrects a card greys what the view says the seat cannot hold: the aces
    assert state(client, tid, token)["state"]["cannot_hold"][0] == ["AC", "AD", "AH", "AS"]
    assert set(body["codes"]) > {"AC", "7C", "JK1"}  # ... among the cards it offers


def test_a_card_played_in_an_earlier_round_is_greyed_for_every_seat_and_the_table_screen(
        client: FlaskClient) -> None:
    data = create(client, options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, seat) for seat in range(3)]
    for token, card in zip(tokens, ("7C", "9D", "KS"), strict=True):
        assert act(client, tid, token, {"type": "play", "card": card}).status_code == 200
    barred = sorted({"7C", "9D", "KS", "AH", "AD", "AC", "AS"})
    assert state(client, tid, tokens[1])["state"]["cannot_hold"] == [barred] * 3
    assert state(client, tid, host)["state"]["cannot_hold"] == [barred] * 3
    # who entered each card played is public once it lies on the table: a player holding one of
    # them too is told whose entry it was; the aces, dealt to the rows, were entered by nobody
    assert state(client, tid, tokens[1])["entered"] == {"7C": 0, "9D": 1, "KS": 2}
    assert state(client, tid, host)["entered"] == {"7C": 0, "9D": 1, "KS": 2}


def test_a_card_chosen_face_down_is_entered_by_nobody_the_others_know_of(client: FlaskClient) -> None:
    """Quinta: before the reveal a chosen card is face down: no view names it or its chooser."""
    tid = create(client, options={"hands": "unknown"})["table_id"]
    tokens = [join(client, tid, seat) for seat in range(3)]
    assert act(client, tid, tokens[0], {"type": "play", "card": "7C"}).status_code == 200
    for token in tokens:
        assert state(client, tid, token)["entered"] == {}


def test_a_seat_with_nothing_to_do_is_told_the_card_shown_to_be_another_seats(
        client: FlaskClient) -> None:
    """Kaiserspiel with real cards: once seat 0 has entered his face-up card he has nothing to
    do until the others have, yet the 9 of spades entered for seat 1 is seat 1's: seat 0's view
    lists it among the cards he cannot hold (his picker greys it), and his own 8 of hearts,
    his to play later, is not. The table screen sees the same lists."""
    data = client.post("/api/tables", json={"game": "kaiserspiel", "players": NAMES, "options": {
        "hands": "unknown", "deck": 48}}).get_json()
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, seat) for seat in range(2)]
    assert act(client, tid, tokens[0], {"type": "reveal", "card": "8H"}).status_code == 200
    assert act(client, tid, tokens[1], {"type": "reveal", "card": "9S"}).status_code == 200
    view = state(client, tid, tokens[0])["state"]
    assert 0 not in view["to_act"]
    assert view["cannot_hold"] == [["9S"], ["8H"], ["8H", "9S"], ["8H", "9S"]]
    assert state(client, tid, host)["state"]["cannot_hold"] == view["cannot_hold"]


def test_a_list_is_judged_again_once_the_table_moves(app: Flask, client: FlaskClient) -> None:
    """Oscuri with real cards, Anna to lead: Bruno's 8 of hearts is "not your turn" for him.
    Once Anna has led the 2 of hearts, the same list asked again makes the 8 his move and the
    2 a card already on the table. Asking plays nothing; a stranger, a malformed list or too
    long a one is refused."""
    data = client.post("/api/tables", json={"game": "oscuri", "players": ["Anna", "Bruno"],
                                            "options": {"hands": "unknown", "leader": 0}}).get_json()
    tid, host = data["table_id"], data["host_token"]
    anna, bruno = join(client, tid, 0), join(client, tid, 1)
    url = f"/api/tables/{tid}/cards/check"
    before = client.post(url, json={"cards": ["8H", "2H"]}, headers=bearer(bruno)).get_json()
    assert [m["rule"] for m in before["moves"]] == ["oscuri.not_your_turn"] * 2
    assert act(client, tid, anna, {"type": "play", "card": "2H"}).status_code == 200
    after = client.post(url, json={"cards": ["8H", "2H"]}, headers=bearer(bruno)).get_json()
    assert after["seq"] > before["seq"] and after["waiting"] == [1]
    assert after["moves"][0]["legal"] and after["moves"][0]["action"]["card"] == "8H"
    assert after["moves"][1]["rule"] == "oscuri.card_seen"
    table_screen = client.post(url, json={"cards": ["8H"]}, headers=bearer(host)).get_json()
    assert table_screen["moves"][0]["action"] == {"type": "play", "player": 1, "card": "8H"}
    assert state(client, tid, bruno)["state"]["trick"][-1]["card"] == "2H"  # nothing played
    assert app.test_client().post(url, json={"cards": ["8H"]}).status_code == 401  # a stranger
    for body, status in (({"cards": "8H"}, 400), ({"cards": [8]}, 400), ({"cards": ["x" * 9]}, 400),
                         ({"cards": ["8H"] * 61}, 400), ({}, 400)):
        resp = client.post(url, json=body, headers=bearer(bruno))
        assert resp.status_code == status, (body, resp.get_json())
        assert "cards" in resp.get_json()["message"]


def test_the_table_screen_is_never_told_what_a_phone_holds(client: FlaskClient) -> None:
    """Cards dealt by the app, both seats on their phones: the table screen cannot play for
    them, and asking what its list's cards would mean tells it nothing (a verdict per card
    would spell out a hand). A phone is still judged for itself."""
    data = client.post("/api/tables", json={"game": "oscuri", "players": ["Anna", "Bruno"],
                                            "options": {"hands": "known", "leader": 0}}).get_json()
    tid, host = data["table_id"], data["host_token"]
    anna, _ = join(client, tid, 0), join(client, tid, 1)
    every = [c for c in state(client, tid, anna)["state"]["hand"]][:3] + ["AH", "2C", "9S"]
    url = f"/api/tables/{tid}/cards/check"
    told = client.post(url, json={"cards": every}, headers=bearer(host)).get_json()
    assert told["moves"] == [None] * len(every)
    told = client.post(url, json={"cards": every, "seats": [0] * len(every)}, headers=bearer(host)).get_json()
    assert told["moves"] == [None] * len(every)
    own = client.post(url, json={"cards": every}, headers=bearer(anna)).get_json()["moves"]
    assert own[0]["legal"] and all(m is not None for m in own)
    # nor may it play for her: her phone does (the same rule, phone_only)
    refused = act(client, tid, host, {"type": "play", "player": 0, "card": every[0]})
    assert refused.status_code == 403 and "only their phone" in refused.get_json()["message"]
    assert act(client, tid, anna, {"type": "play", "card": every[0]}).status_code == 200
    if PHOTOS.is_dir():  # a photo read on the table screen: its cards are named, not judged
        photo = _upload(client, tid, (PHOTOS / "rdpong" / "8hearts.jpg").read_bytes(), host).get_json()
        assert [d["card"] for d in photo["detections"]] == ["8H"]
        assert "move" not in photo["detections"][0]


def test_the_table_screen_judges_a_card_for_the_seat_it_is_given_to(client: FlaskClient) -> None:
    data = create(client, options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    anna = join(client, tid, 0)
    assert act(client, tid, anna, {"type": "play", "card": "7C"}).status_code == 200
    url = f"/api/tables/{tid}/cards/check"
    moves = client.post(url, json={"cards": ["5H", "5H", "5H"], "seats": [2, None, 0]},
                        headers=bearer(host)).get_json()["moves"]
    assert moves[0]["action"] == {"type": "play", "player": 2, "card": "5H"}
    assert moves[1]["action"]["player"] == 1  # none given yet: the first seat still to choose
    assert moves[2]["action"]["player"] == 1  # Anna has chosen: her seat is given nothing more
    for seats in ([0], [0, 9], ["1", 0], [True, 0]):
        resp = client.post(url, json={"cards": ["5H", "6H"], "seats": seats}, headers=bearer(host))
        assert resp.status_code == 400 and "'seats'" in resp.get_json()["message"], seats


@needs_photos
def test_a_card_read_twice_at_a_one_deck_table_is_offered_once_and_the_other_shown_to_correct(
        client: FlaskClient) -> None:
    """Two eights of hearts side by side, one turned a quarter (one photo of a card, twice):
    Quinta is played with one deck, so one of them must be another card. The surer reading is
    the move; the other is a guess to correct, offered as no move, and no card is proposed
    for a single tap."""
    import cv2

    card = cv2.imread(str(PHOTOS / "rdpong" / "8hearts.jpg"))
    h, w = card.shape[:2]
    twice = np.full((max(h, w), w + h, 3), 90, np.uint8)
    twice[:h, :w] = card
    twice[:w, w:] = cv2.rotate(card, cv2.ROTATE_90_CLOCKWISE)
    tid = create(client, options={"hands": "unknown"})["table_id"]
    token = join(client, tid, 0)
    body = _upload(client, tid, _jpeg(twice), token).get_json()
    eights = [d for d in body["detections"] if d["card"] == "8H"]
    assert len(eights) == 2  # both copies are read and shown
    first, second = sorted(eights, key=lambda d: -d["confidence"])
    assert first["move"]["legal"] and "extra_copy" not in first
    assert second["extra_copy"] and not second["strong"] and not second["move"]["legal"]
    assert second["move"]["rule"] == "scan.twice" and "correggerla" in second["move"]["messages"]["it"]
    assert body["proposal"] is None


def test_a_table_with_two_copies_of_each_card_keeps_every_copy_read() -> None:
    """The recogniser reads a doubted second copy of a card as its second guess only where the
    table plays one deck; Insonnia with two French decks keeps copies read alike."""
    from companion.service.scanning import READ_DECKS_MIXED, READ_ONE_DECK, one_deck

    assert one_deck("french54") and not one_deck("insonnia88")
    assert READ_ONE_DECK.group.copy_doubt > 0 and READ_DECKS_MIXED.group.copy_doubt == 0


def test_extra_copies_are_counted_against_the_copies_the_deck_holds() -> None:
    """A deck with two copies of a card (two French decks) lets two readings of it through."""
    from companion.service.scanning import mark_extra_copies

    def item(card: str, confidence: float) -> dict[str, Any]:
        return {"card": card, "confidence": confidence, "strong": True, "move": {"legal": True}}

    items = [item("8H", 0.7), item("8H", 0.9), item("8H", 0.8), item("ZZ", 0.9), item("ZZ", 0.9)]
    mark_extra_copies(items, ("8H", "8H", "9H"))
    assert [bool(i.get("extra_copy")) for i in items] == [True, False, False, False, False]
    mark_extra_copies(items[1:3], ("8H",))  # one copy: the less sure one is the extra
    assert [bool(i.get("extra_copy")) for i in items[1:3]] == [False, True]


@needs_photos
def test_the_table_screen_scan_lists_the_seats_waiting(client: FlaskClient, app: Flask) -> None:
    data = create(client, options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    body = _upload(client, tid, (PHOTOS / "rdpong" / "test4.jpg").read_bytes(), host).get_json()
    assert body["waiting"] == [0, 1, 2] and body["seat"] is None and body["host"] is True
    assert len(body["detections"]) >= 4 and body["proposal"] is None
    aces = [d for d in body["detections"] if d["card"][0] == "A"]
    assert aces and all(not d["move"]["legal"] for d in aces)  # they are on the table
    # The referee's tablet enters the revealed cards for everybody.
    cards = [d["card"] for d in body["detections"] if d["card"][0] != "A"][:3]
    for seat, card in enumerate(cards):
        assert act(client, tid, host, {"type": "play", "player": seat, "card": card}).status_code == 200


def test_bad_photos_are_refused_and_change_nothing(client: FlaskClient, app: Flask) -> None:
    tid = create(client, options={"hands": "unknown"})["table_id"]
    token = join(client, tid, 0)
    seq = state(client, tid)["seq"]
    cases = [
        (b"", 400, "empty"),
        (b"<html>not a photo</html>", 400, "not a photo"),
        (_half_jpeg(), 400, "truncated"),
        (b"\xff\xd8\xff\xe0" + b"\x00" * 500, 400, "truncated"),
        (b"\xff\xd8\xff\xe0\x00\x10" + b"\x01" * 500 + b"\xff\xda\xff\xd9", 400, "damaged"),
        (_png_header(12_000, 9_000), 400, "send a smaller copy"),
        (_overwritten_jpeg(), 400, "part of it was overwritten"),
        (b"\xff\xd8\xff" + b"\x00" * (21 * 1024 * 1024), 413, "over 20 MB"),
    ]
    for data, status, words in cases:
        # Raw bodies: the test client would spool a big multipart body to a file it never closes.
        resp = _upload(client, tid, data, token, raw=True)
        assert resp.status_code == status, (words, resp.get_json())
        assert words in resp.get_json()["message"], resp.get_json()
    heic = b"\x00\x00\x00\x18ftypheic" + b"\x00" * 100
    assert "HEIC" in _upload(client, tid, heic, token, raw=True).get_json()["message"]
    misnamed = client.post(f"/api/tables/{tid}/photos", data={"image": (io.BytesIO(b"x"), "p.jpg")},
                           content_type="multipart/form-data", headers=bearer(token))
    assert misnamed.status_code == 400 and "'photo'" in misnamed.get_json()["message"]
    italian = client.post(f"/api/tables/{tid}/photos", data=b"", content_type="image/jpeg",
                          headers={**bearer(token), "Accept-Language": "it"})
    assert italian.get_json()["message"] == "Il file è vuoto."
    overwritten = client.post(f"/api/tables/{tid}/photos", data=_overwritten_jpeg(),
                              content_type="image/jpeg", headers={**bearer(token), "Accept-Language": "it"})
    assert "sovrascritta" in overwritten.get_json()["message"]
    huge = client.post(f"/api/tables/{tid}/photos", data=b"\xff\xd8\xff" + b"\x00" * (21 * 1024 * 1024),
                       content_type="image/jpeg", headers={**bearer(token), "Accept-Language": "it"})
    assert huge.status_code == 413 and huge.get_json()["message"] == "La foto supera i 20 MB."
    stranger = app.test_client()
    assert _upload(stranger, tid, b"x").status_code == 401
    assert _upload(client, "nope", b"x", token).status_code == 404
    assert state(client, tid)["seq"] == seq


def test_every_bad_image_case_through_the_web_route_as_the_page_sends_it(
        client: FlaskClient, app: Flask) -> None:
    """The recogniser's bad-image cases, sent as the page sends a photo (a multipart field):
    each a 400 with its own sentence in both languages, and nothing changed."""
    from .helpers import snapshot

    tid = create(client, options={"hands": "unknown"})["table_id"]
    token = join(client, tid, 0)
    cases = [
        (b"", "empty", "vuoto"),
        (b"<html>not a photo</html>", "not a photo", "formato supportato"),
        (b"GIF89a" + b"\0" * 100, "not a photo", "formato supportato"),
        (b"II*\x00" + b"\0" * 100, "not a photo", "formato supportato"),  # TIFF
        (b"\x00\x00\x00\x18ftypheic" + b"\x00" * 100, "HEIC", "HEIC"),
        (b"\x00\x00\x00\x1cftypavif" + b"\x00" * 100, "HEIC/AVIF", "HEIC/AVIF"),
        (_half_jpeg(), "truncated", "troncato"),
        (_png_header(12_000, 9_000), "megapixels", "megapixel"),
    ]
    before = snapshot(app.config["DATABASE"])
    for data, en, it in cases:
        resp = client.post(f"/api/tables/{tid}/photos", data={"photo": (io.BytesIO(data), "p.jpg")},
                           content_type="multipart/form-data", headers=bearer(token))
        body = resp.get_json()
        assert resp.status_code == 400 and body["error"] == "bad_request", (en, body)
        assert en in body["messages"]["en"] and it in body["messages"]["it"], body
    assert snapshot(app.config["DATABASE"]) == before


def test_a_photo_too_big_is_told_its_own_figures_in_italian_too() -> None:
    """The Italian of "too many megapixels" gives the photo's own figures and the limit of its
    format (it said "at most 50" to a 27-megapixel PNG refused at 24), and the file size limit."""
    from companion.web.api import image_error_it
    from recognizer.decode import ImageError, decode

    with pytest.raises(ImageError) as png:
        decode(_png_header(6_000, 4_500))
    assert image_error_it(str(png.value)) == (
        "L'immagine ha 27 megapixel; se ne accettano al massimo 24 per i file PNG, WebP e BMP: "
        "invia una copia più piccola della foto.")
    assert image_error_it("The image has 81 megapixels; at most 50 are accepted: send a smaller copy "
                          "of the photo.") == ("L'immagine ha 81 megapixel; se ne accettano al massimo 50: "
                                               "invia una copia più piccola della foto.")
    with pytest.raises(ImageError) as just_over:  # 24.3 megapixels: said to a tenth
        decode(_png_header(5_400, 4_500))
    assert "has 24.3 megapixels; at most 24 are accepted" in str(just_over.value)
    assert image_error_it(str(just_over.value)).startswith("L'immagine ha 24,3 megapixel; se ne accettano al "
                                                           "massimo 24 per i file PNG")
    with pytest.raises(ImageError) as big:
        decode(b"\xff\xd8" + b"\0" * (21 * 1024 * 1024))
    assert image_error_it(str(big.value)) == "Il file è più grande di 20 MB."


def test_grey_alpha_and_rotated_photos_simply_work_through_the_web_route(client: FlaskClient) -> None:
    """A greyscale PNG, a PNG with transparency and a JPEG turned by its EXIF orientation are
    read like any photo: 200, with the size the phone showed (the rotation applied)."""
    from .test_recognizer import _png, _with_exif_orientation

    tid = create(client, options={"hands": "unknown"})["table_id"]
    token = join(client, tid, 0)
    rgba = np.zeros((80, 100, 4), np.uint8)
    photos = [
        (_png(np.full((120, 200), 128, np.uint8)), (200, 120)),
        (_png(rgba), (100, 80)),
        (_with_exif_orientation(_jpeg(np.full((300, 500, 3), 180, np.uint8)), 6), (300, 500)),
    ]
    for data, (width, height) in photos:
        for raw in (False, True):
            resp = _upload(client, tid, data, token, raw=raw)
            body = resp.get_json()  # type: ignore[attr-defined]
            assert resp.status_code == 200, body  # type: ignore[attr-defined]
            assert (body["width"], body["height"]) == (width, height)
            assert body["detections"] == [] and body["proposal"] is None


def test_bad_images_are_refused_by_the_deck_enrolment_photo_route_too(client: FlaskClient) -> None:
    """Cutting faces out of a photo (enrolling a deck): the same refusals, the same successes."""
    from .test_recognizer import _png

    for data, words, it in ((b"", "empty", "vuoto"), (b"GIF89a" + b"\0" * 100, "not a photo", "formato"),
                            (_half_jpeg(), "truncated", "troncato"),
                            (_png_header(12_000, 9_000), "megapixels", "megapixel")):
        resp = client.post("/api/decks/cut", data={"photo": (io.BytesIO(data), "p.jpg"), "codes": "AH"},
                           content_type="multipart/form-data")
        body = resp.get_json()
        assert resp.status_code == 400, body
        assert words in body["messages"]["en"] and it in body["messages"]["it"], body
    grey = client.post("/api/decks/cut", data={"photo": (io.BytesIO(_png(np.full((90, 120), 40, np.uint8))),
                                                         "g.png"), "codes": "AH"},
                       content_type="multipart/form-data")
    assert grey.status_code == 200 and grey.get_json()["found"] == len(grey.get_json()["faces"])


@needs_photos
def test_at_an_oscuri_table_a_scanned_king_is_a_death_play(client: FlaskClient) -> None:
    """A real photo of a king, at a real-cards Oscuri table: the leader's scan offers it as
    Death; once played, a king scanned by the others says why it does not fit now."""
    tid = create(client, game="oscuri", players=["Ada", "Bruno", "Carla"],
                 options={"hands": "unknown", "leader": 0})["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    body = _upload(client, tid, (PHOTOS / "rdpong" / "Khearts.jpg").read_bytes(), tokens[0]).get_json()
    (king,) = body["detections"]
    assert king["card"] == "KH" and king["move"]["legal"] and body["proposal"] == "KH"
    assert king["move"]["action"] == {"type": "play", "player": 0, "card": "KH"}
    assert king["names"] == {"en": "Death (king of hearts)", "it": "Morte (re di cuori)"}
    # a card corrected by hand is named in the same words: a joker is a Black Angel
    assert body["code_names"]["JK1"] == {"en": "Black Angel (red joker)", "it": "Angelo Nero (jolly rosso)"}
    assert body["code_names"]["KS"]["it"] == "Morte (re di picche)" and len(body["code_names"]) == 54
    assert act(client, tid, tokens[0], king["move"]["action"]).status_code == 200
    view = state(client, tid)
    assert view["state"]["phase"] == "death_discard" and view["state"]["owing"] == [1, 2]
    assert any(line["en"].startswith("Ada leads Death (K♥)") for line in view["log"])
    # Bruno now owes a face-down card: a king of another suit is no play for him.
    spades = _upload(client, tid, (PHOTOS / "rdpong" / "Kspades.jpg").read_bytes(), tokens[1]).get_json()
    (other,) = spades["detections"]
    assert other["card"] == "KS" and other["names"]["en"] == "Death (king of spades)"
    assert not other["move"]["legal"] and other["move"]["rule"] == "oscuri.discard_pending"
    assert "Bruno first puts a card face down" in other["move"]["messages"]["en"]
    assert "prima Bruno scarta una carta coperta" in other["move"]["messages"]["it"]
    assert spades["proposal"] is None
    # The same king again: it lies face up on the table, it is in nobody's hand.
    again = _upload(client, tid, (PHOTOS / "rdpong" / "Khearts.jpg").read_bytes(), tokens[1]).get_json()
    assert not again["detections"][0]["move"]["legal"]


@needs_photos
def test_cutting_cards_on_a_light_table_never_offers_the_whole_photo_as_one_of_them(
        client: FlaskClient) -> None:
    """Four cards overlapping on a light table, where the cut finds the photo's own edge: with
    eight cards asked for, no "card" the size of the photo is offered to be labelled; a
    photo of one card filling the frame (a close-up) is still that card."""
    def cut(path: Path, codes: str) -> dict[str, object]:
        resp = client.post("/api/decks/cut", content_type="multipart/form-data",
                           data={"photo": (io.BytesIO(path.read_bytes()), "p.jpg"), "codes": codes})
        assert resp.status_code == 200
        body: dict[str, object] = resp.get_json()
        return body

    light = cut(PHOTOS / "quentin" / "IMG_20220316_134605.jpg", "AS 2S 3S 4S 5S 6S 7S 8S")
    assert light["found"] == 0 and light["expected"] == 8
    close = cut(PHOTOS / "vosloo" / "AS_12.jpg", "AS")
    assert close["found"] == 1


def _enrol_french(client: FlaskClient, codes: list[str]) -> dict[str, np.ndarray]:
    """A French deck of faces drawn by the test, enrolled from a grid photo through the API
    (French cards of an unusual design, jokers included); its faces."""
    from .enrol_helpers import drawn_face, grid_photo, jpeg

    faces = {code: drawn_face(60 + i) for i, code in enumerate(codes)}
    photo = jpeg(grid_photo([faces[c] for c in codes]))
    cut = client.post("/api/decks/cut", content_type="multipart/form-data",
                      data={"photo": (io.BytesIO(photo), "grid.jpg"), "codes": " ".join(codes)}).get_json()
    assert [f["code"] for f in cut["faces"]] == codes
    resp = client.post("/api/decks", json={"name": "Dark deck", "kind": "french54",
                                           "faces": {f["code"]: [f["image"]] for f in cut["faces"]}})
    assert resp.status_code == 201, resp.get_json()
    return faces


def test_at_an_oscuri_table_a_scanned_joker_is_a_black_angel(client: FlaskClient) -> None:
    """No real photo holds a joker: a deck whose faces the test draws, enrolled through the
    API, is the table's camera. A joker scanned is offered as a Black Angel, a king as Death;
    a card already on the table, or a scan out of turn, says why it does not fit."""
    from recognizer.scenes import render

    from .enrol_helpers import jpeg

    faces = _enrol_french(client, ["JK1", "JK2", "KS", "9D", "3D"])
    tid = create(client, game="oscuri", players=["Ada", "Bruno", "Carla"],
                 options={"hands": "unknown", "leader": 0}, camera="Dark deck")["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    assert act(client, tid, tokens[0], {"type": "play", "card": "9D"}).status_code == 200

    def scan(seat: int, codes: list[str], seed: int) -> dict[str, Any]:
        photo = jpeg(render(faces, codes, np.random.default_rng(seed)).image)
        body = _upload(client, tid, photo, tokens[seat], raw=True).get_json()
        found = {d["card"]: d for d in body["detections"]}
        assert set(found) == set(codes), body
        return found

    bruno = scan(1, ["JK1", "9D"], 3)
    assert bruno["JK1"]["move"] == {"legal": True, "action": {"type": "play", "player": 1, "card": "JK1"}}
    assert bruno["JK1"]["names"] == {"en": "Black Angel (red joker)", "it": "Angelo Nero (jolly rosso)"}
    assert not bruno["9D"]["move"]["legal"]
    assert bruno["9D"]["move"]["rule"] == "oscuri.card_seen"
    assert "already been played" in bruno["9D"]["move"]["messages"]["en"]
    carla_early = scan(2, ["JK2"], 4)["JK2"]
    assert not carla_early["move"]["legal"]
    assert carla_early["move"]["messages"] == {"en": "It is not your turn to play: it is Bruno's turn.",
                                               "it": "Non tocca a te giocare: è il turno di Bruno."}
    assert act(client, tid, tokens[1], bruno["JK1"]["move"]["action"]).status_code == 200
    carla = scan(2, ["JK2", "KS"], 5)
    assert carla["JK2"]["move"]["legal"] and carla["KS"]["move"]["legal"]
    assert carla["JK2"]["names"]["en"] == "Black Angel (black joker)"
    assert carla["KS"]["names"]["it"] == "Morte (re di picche)"
    assert act(client, tid, tokens[2], carla["JK2"]["move"]["action"]).status_code == 200
    view = state(client, tid)
    turn = [(p["card"], p["stakes"]) for p in view["state"]["last_turn"]]
    assert turn == [("9D", 0), ("JK1", 0), ("JK2", 3)]  # the second Angel took the first's stakes
