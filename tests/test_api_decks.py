"""Enrolled decks through the API: enrolment from grid photos, the camera deck of a table,
and scanning with it (a Diavolo tarot, a tarot cut down for Kaiserspiel)."""

from __future__ import annotations

import base64
from functools import cache
from typing import Any

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient

from recognizer.scenes import render

from .conftest import SHARED
from .enrol_helpers import drawn_face, grid_photo, jpeg
from .helpers import act, bearer, create, join, state

TAROT = ("T0", "T3", "T15", "CS", "AD", "2C", "KH", "T21")


@cache
def faces() -> dict[str, np.ndarray]:
    return {code: drawn_face(i) for i, code in enumerate(TAROT)}


def enrol_by_grid(client: FlaskClient, name: str = "My tarot", kind: str = "tarot78") -> dict[str, Any]:
    """Lay the faces out in a grid, photograph, cut, then store what was cut."""
    codes = list(faces())
    photo = jpeg(grid_photo([faces()[c] for c in codes]))
    resp = client.post("/api/decks/cut", data={"photo": (_file(photo), "grid.jpg"), "codes": " ".join(codes)},
                       content_type="multipart/form-data")
    assert resp.status_code == 200, resp.get_json()
    cut = resp.get_json()
    assert cut["found"] == cut["expected"] == len(codes)
    assert [f["code"] for f in cut["faces"]] == codes
    assert all(f["image"].startswith("data:image/jpeg;base64,") for f in cut["faces"])
    resp = client.post("/api/decks", json={"name": name, "kind": kind,
                                           "faces": {f["code"]: [f["image"]] for f in cut["faces"]}})
    assert resp.status_code == 201, resp.get_json()
    body: dict[str, Any] = resp.get_json()
    return body


def _file(data: bytes) -> Any:
    from io import BytesIO

    return BytesIO(data)


def scene(codes: list[str], seed: int = 2) -> bytes:
    return jpeg(render(faces(), codes, np.random.default_rng(seed)).image)


def scan(client: FlaskClient, table_id: str, photo: bytes, token: str) -> dict[str, Any]:
    resp = client.post(f"/api/tables/{table_id}/photos", data=photo, content_type="image/jpeg",
                       headers=bearer(token))
    assert resp.status_code == 200, resp.get_json()
    body: dict[str, Any] = resp.get_json()
    return body


def test_a_deck_is_enrolled_from_grid_photos_and_listed(client: FlaskClient) -> None:
    done = enrol_by_grid(client)
    assert done["name"] == "My tarot" and done["cards"] == len(TAROT)
    assert len(done["missing"]) == 78 - len(TAROT) and "T1" in done["missing"]
    listed = client.get("/api/decks").get_json()
    assert [(d["name"], d["kind"], d["cards"]) for d in listed["decks"]] == [("My tarot", "tarot78", 8)]
    assert listed["kinds"]["tarot78"][:2] == ["T0", "T1"] and len(listed["kinds"]["kaiser40"]) == 40
    again = client.post("/api/decks", json={"name": "My tarot", "kind": "tarot78", "faces": {"T0": ["AAAA"]}})
    assert again.status_code == 400 and "exists already" in again.get_json()["messages"]["en"]


def test_bad_enrolments_are_refused_with_a_reason(client: FlaskClient) -> None:
    for body, words, parole in (
        ({"name": "x", "kind": "uno", "faces": {}}, "unknown deck kind", "tipo di mazzo sconosciuto"),
        ({"name": "x", "kind": "tarot78", "faces": {"ZZ": [jpeg_face()]}}, "not cards of tarot78",
         "non sono carte di tarot78"),
        ({"name": "x", "kind": "tarot78", "faces": {"T1": ["AAAA"]}}, "not a photo", "non si può leggere"),
        ({"name": "x", "kind": "tarot78", "faces": {"T1": ["%%%"]}}, "not base64", "base64"),
        ({"name": "x", "kind": "tarot78"}, "faces", "facce"),
        ({"name": "tarot78", "kind": "tarot78", "faces": {"T1": [jpeg_face()]}}, "kind of deck",
         "tipo di mazzo"),
        ({"name": "x", "kind": "kaiser40", "faces": {"T1": [jpeg_face()]}}, "not cards of kaiser40",
         "non sono carte di kaiser40"),
    ):
        resp = client.post("/api/decks", json=body)
        assert resp.status_code == 400, body
        assert words in resp.get_json()["messages"]["en"], (words, resp.get_json())
        assert parole in resp.get_json()["messages"]["it"], (parole, resp.get_json())
    assert client.get("/api/decks").get_json()["decks"] == []  # nothing was stored


def jpeg_face() -> str:
    import base64

    return "data:image/jpeg;base64," + base64.b64encode(jpeg(drawn_face(1))).decode()


def test_a_deck_file_goes_out_and_comes_back_under_another_name(client: FlaskClient) -> None:
    enrol_by_grid(client)
    resp = client.get("/api/decks/My tarot/file")
    assert resp.status_code == 200 and resp.headers["Content-Disposition"].endswith('My_tarot.tavdeck"')
    back = client.post("/api/decks/import?name=Copy", data=resp.data, content_type="application/octet-stream")
    assert back.status_code == 201 and back.get_json()["name"] == "Copy"
    refused = client.post("/api/decks/import", data=b"nonsense")
    assert refused.status_code == 400
    said = refused.get_json()
    assert "This is not a Tavolo deck file." in said["message"]
    # one Italian sentence, with no English in it
    assert said["messages"]["it"] == "Questo non è un file di mazzo di Tavolo."
    assert client.get("/api/decks/Nothing/file").status_code == 404


def test_a_diavolo_table_scans_privately_with_its_enrolled_tarot(client: FlaskClient) -> None:
    enrol_by_grid(client)
    plain = create(client, game="diavolo", players=["A", "B", "C"], options={"hands": "unknown"})
    assert state(client, plain["table_id"])["scannable"] is False  # no tarot reader without a deck
    table = create(client, game="diavolo", players=["A", "B", "C"], options={"hands": "unknown"},
                   camera="My tarot")
    tid = table["table_id"]
    host_view = state(client, tid, table["host_token"])
    assert host_view["scannable"] is True and host_view["camera"] == "My tarot"
    assert host_view["camera_choices"] == ["My tarot"]
    # the host sees that this deck knows some of the tarot's cards only, and that without it
    # the camera reads nothing here (the app's own reader knows French cards, not a tarot)
    assert host_view["camera_learnt"] == {"My tarot": [len(faces()), 78]}
    assert host_view["camera_builtin"] is False
    french = create(client, game="quinta", players=["A", "B", "C"])
    assert state(client, french["table_id"], french["host_token"])["camera_builtin"] is True
    anna = join(client, tid, 0)
    assert "camera_learnt" not in state(client, tid, anna)  # a seat's view: not its to choose
    found = scan(client, tid, scene(["T15", "KH"]), anna)
    assert found["kind"] == "note"
    assert sorted(d["card"] for d in found["detections"]) == ["KH", "T15"]
    names = {d["card"]: d["names"]["en"] for d in found["detections"]}
    assert names["T15"] == "the Devil"
    assert "T15" in found["codes"] and len(found["codes"]) == 78


def test_a_kaiserspiel_tarot_pack_reads_the_cavallo_as_the_ober(client: FlaskClient) -> None:
    enrol_by_grid(client)
    table = create(client, game="kaiserspiel", players=["A", "B", "C", "D"],
                   options={"hands": "unknown", "pack": "tarot", "deck": 40}, camera="My tarot")
    tid = table["table_id"]
    anna = join(client, tid, 0)
    found = scan(client, tid, scene(["CS", "T3"], seed=5), anna)
    by_card = {d["card"]: d for d in found["detections"]}
    assert set(by_card) == {"QS", "T3"}  # the cavallo of swords stands for the Ober of Shields
    assert by_card["T3"]["move"]["legal"] is False  # a trump stays in the box
    assert by_card["T3"]["move"]["messages"]["en"]
    assert by_card["T3"]["names"]["en"] == "trump 3"


def test_the_host_chooses_or_clears_the_camera_deck_later(client: FlaskClient) -> None:
    enrol_by_grid(client)
    enrol_by_grid(client, name="Cards", kind="custom")
    table = create(client, game="diavolo", players=["A", "B", "C"], options={"hands": "unknown"})
    tid, host = table["table_id"], table["host_token"]
    seq = state(client, tid, host)["seq"]
    anna = join(client, tid, 0)
    refused = client.post(f"/api/tables/{tid}/camera", json={"deck": "My tarot", "seq": seq + 1},
                          headers=bearer(anna))
    assert refused.status_code == 403
    seq = state(client, tid, host)["seq"]
    for name, status in (("Nothing", 400), ("Cards", 400)):
        resp = client.post(f"/api/tables/{tid}/camera", json={"deck": name, "seq": seq}, headers=bearer(host))
        assert resp.status_code == status, resp.get_json()
    resp = client.post(f"/api/tables/{tid}/camera", json={"deck": "My tarot", "seq": seq},
                       headers=bearer(host))
    assert resp.status_code == 200 and resp.get_json()["scannable"] is True
    assert "enrolled deck My tarot" in resp.get_json()["log"][-1]["en"]
    seq = resp.get_json()["seq"]
    resp = client.post(f"/api/tables/{tid}/camera", json={"deck": None, "seq": seq}, headers=bearer(host))
    assert resp.status_code == 200 and resp.get_json()["scannable"] is False


def test_a_table_refuses_a_deck_of_other_cards_at_creation(client: FlaskClient) -> None:
    enrol_by_grid(client)
    resp = client.post("/api/tables", json={"game": "kaiserspiel", "players": ["A", "B", "C", "D"],
                                            "options": {"pack": "italian"}, "camera": "My tarot"})
    assert resp.status_code == 400
    assert "kaiser40" in resp.get_json()["messages"]["en"]


ITALIAN = SHARED / "cardart" / "italian-piacentine"


@pytest.mark.skipif(not ITALIAN.is_dir(), reason=f"no Italian card artwork at {ITALIAN}")
def test_a_kaiserspiel_table_on_an_italian_deck_scans_its_tricks(client: FlaskClient) -> None:
    """A Piacentine deck enrolled from its artwork reads a trick at a Kaiserspiel table: the
    cards already played fit nobody, the new one is offered to the player whose turn it is."""
    faces = {p.stem: ["data:image/jpeg;base64," + base64.b64encode(p.read_bytes()).decode()]
             for p in sorted(ITALIAN.glob("*.jpg"))}
    resp = client.post("/api/decks", json={"name": "Piacentine", "kind": "kaiser40", "faces": faces})
    assert resp.status_code == 201, resp.get_json()
    table = create(client, game="kaiserspiel", players=["Urs", "Vreni", "Werner", "Yvonne"],
                   options={"hands": "unknown", "pack": "italian", "dealer": 3}, camera="Piacentine")
    tid = table["table_id"]
    tokens = [join(client, tid, i) for i in range(4)]
    face_up = ["7D", "QD", "2C", "5S"]  # QD: the cavallo di denari
    for _ in range(16):
        s = state(client, tid)["state"]
        if s["phase"] == "play":
            break
        seat = s["to_act"][0]
        kind = {"reveal": "reveal", "discard": "discard", "declare": "pass"}[s["phase"]]
        action: dict[str, Any] = {"type": kind, "player": seat}
        if kind == "reveal":
            action["card"] = face_up[seat]
        assert act(client, tid, tokens[seat], action).status_code == 200
    assert state(client, tid)["state"]["phase"] == "play"
    art = {code: cv2.imread(str(ITALIAN / f"{code}.jpg")) for code in ("7D", "CD")}
    rng = np.random.default_rng(11)
    first = scan(client, tid, jpeg(render({"7D": art["7D"]}, ["7D"], rng).image), tokens[0])
    assert first["proposal"] == "7D"
    assert act(client, tid, tokens[0], {"type": "play", "player": 0, "card": "7D"}).status_code == 200
    trick = {"7D": art["7D"], "QD": art["CD"]}
    second = scan(client, tid, jpeg(render(trick, ["7D", "QD"], rng).image), tokens[1])
    moves = {d["card"]: d["move"] for d in second["detections"]}
    assert set(moves) == {"7D", "QD"}
    assert moves["7D"]["legal"] is False and moves["QD"]["legal"] is True
    assert second["proposal"] == "QD"
    names = {d["card"]: d["names"]["it"] for d in second["detections"]}
    assert names["QD"] == "cavallo di denari"  # the game's own name, as its tricks are told


def test_the_deck_list_names_each_card_as_its_players_call_it(client: FlaskClient) -> None:
    names = client.get("/api/decks").get_json()["names"]
    assert names["kaiser40"]["QD"] == {"en": "ober of coins", "it": "ober (cavallo) di denari"}
    assert names["tarot78"]["T15"]["en"] == "the Devil"
    assert len(names["tarot78"]) == 78 and "custom" not in names


def _urls(codes: tuple[str, ...]) -> dict[str, list[str]]:
    return {c: ["data:image/jpeg;base64," + base64.b64encode(jpeg(faces()[c])).decode()] for c in codes}


def test_a_deck_taught_in_part_is_taught_the_rest_later_and_reads_them(client: FlaskClient) -> None:
    """A deck saved with four cards, then taught four more under its own name: it keeps the
    first four, knows all eight, and reads a card learnt the second time. Adding to a deck that
    does not exist, or of another kind, is refused in both languages and stores nothing."""
    first, second = TAROT[:4], TAROT[4:]
    made = client.post("/api/decks", json={"name": "Nonna", "kind": "tarot78", "faces": _urls(first)})
    assert made.status_code == 201 and made.get_json()["cards"] == 4
    known = client.get("/api/decks/Nonna").get_json()
    assert sorted(known["codes"]) == sorted(first) and len(known["missing"]) == 74
    assert "KH" in known["missing"] and "T0" not in known["missing"]
    # the same name again, without "add": refused, as before (the deck is not replaced)
    again = client.post("/api/decks", json={"name": "Nonna", "kind": "tarot78", "faces": _urls(second)})
    assert again.status_code == 400 and "exists already" in again.get_json()["message"]
    added = client.post("/api/decks", json={"name": "Nonna", "kind": "tarot78", "faces": _urls(second),
                                            "add": True})
    assert added.status_code == 201, added.get_json()
    assert added.get_json()["cards"] == 8 and len(added.get_json()["missing"]) == 70
    assert set(client.get("/api/decks/Nonna").get_json()["codes"]) == set(TAROT)
    assert [d["cards"] for d in client.get("/api/decks").get_json()["decks"] if d["name"] == "Nonna"] == [8]
    tid = create(client, game="diavolo", players=["A", "B", "C"], options={"hands": "unknown"},
                 camera="Nonna")["table_id"]
    anna = join(client, tid, 0)
    found = scan(client, tid, scene(["T0", "KH"]), anna)  # one card of each teaching
    assert sorted(d["card"] for d in found["detections"]) == ["KH", "T0"]
    nowhere = client.post("/api/decks", json={"name": "Nobody", "kind": "tarot78", "faces": _urls(second),
                                              "add": True})
    assert nowhere.status_code == 400
    assert nowhere.get_json()["messages"]["it"] == "nessun mazzo di nome 'Nobody'"
    other = client.post("/api/decks", json={"name": "Nonna", "kind": "french54", "faces": {
        "AH": _urls(("T0",))["T0"]}, "add": True})
    assert other.status_code == 400 and "is a tarot78 deck" in other.get_json()["message"]
    assert client.get("/api/decks/Nobody").status_code == 404
    assert sorted(client.get("/api/decks/Nonna").get_json()["codes"]) == sorted(TAROT)  # nothing changed
