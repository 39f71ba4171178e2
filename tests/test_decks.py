"""Enrolled decks in the app: storage, names and codes, the registry, and the command line."""

from __future__ import annotations

import json
import sqlite3
import threading
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from companion.cli import main
from companion.decks.library import DeckError, DeckLibrary, card_code, check_name, images_in_folder
from companion.storage.eventlog import open_store
from companion.storage.sqlite import Store
from recognizer import pipeline
from recognizer.enrolled import EnrolledDeck, enrol_faces
from recognizer.scenes import render

from .conftest import SHARED
from .enrol_helpers import drawn_face, jpeg, write_faces

ART = SHARED / "cardart"


@cache
def faces() -> dict[str, np.ndarray]:
    return {f"D{i}": drawn_face(i) for i in range(6)}


@cache
def deck() -> EnrolledDeck:
    return enrol_faces(faces(), "custom", "drawn")


def scene_photo(codes: list[str], seed: int = 1) -> np.ndarray:
    return render(faces(), codes, np.random.default_rng(seed)).image


# ---- names and codes ----------------------------------------------------------------------
@pytest.mark.parametrize(("name", "kind", "code"), [
    ("T15.jpg", "tarot78", "T15"), ("t0.png", "tarot78", "T0"), ("CH.jpg", "tarot78", "CH"),
    ("10H-2.jpg", "tarot78", "10H"), ("KC (1).png", "tarot78", "KC"), ("CS.jpg", "kaiser40", "QS"),
    ("QS.jpg", "kaiser40", "QS"), ("9D.jpg", "kaiser48", "9D"), ("8D.jpg", "kaiser40", None),
    ("T22.jpg", "tarot78", None), ("JK1.png", "french54", "JK1"), ("back.jpg", "tarot78", None),
    ("X7.png", "custom", "X7"),
])
def test_image_files_are_named_by_card_code(name: str, kind: str, code: str | None) -> None:
    assert card_code(name, kind) == code


def test_deck_names_are_plain_and_not_a_kind() -> None:
    assert check_name("  My  Tarot ") == "My Tarot"
    for bad in ("", "tarot78", "french54", "a" * 41, "../etc", "<b>"):
        with pytest.raises(DeckError):
            check_name(bad)


def test_a_folder_with_a_stranger_is_refused_by_name(tmp_path: Path) -> None:
    folder = write_faces(tmp_path / "f", {"T1": drawn_face(1), "T2": drawn_face(2), "Z9": drawn_face(3)})
    with pytest.raises(DeckError, match=r"Z9\.png"):
        images_in_folder(folder, "tarot78")
    (folder / "Z9.png").unlink()
    assert sorted(images_in_folder(folder, "tarot78")) == ["T1", "T2"]


# ---- the store and the library --------------------------------------------------------------
def test_decks_are_stored_listed_loaded_and_forgotten(tmp_path: Path) -> None:
    library = DeckLibrary(Store(tmp_path / "d.sqlite3"))
    done = library.enrol("Drawn", "custom", {c: [f] for c, f in faces().items()})
    assert done.missing == ()
    rows = library.decks()
    assert [(r.name, r.kind, r.cards) for r in rows] == [("Drawn", "custom", 6)]
    loaded = library.load("Drawn")
    assert loaded is not None and loaded.codes == done.deck.codes
    assert library.load("Drawn") is loaded  # kept ready in memory
    with pytest.raises(DeckError, match="exists already"):
        library.enrol("Drawn", "custom", {"D1": [faces()["D1"]]})
    library.enrol("Drawn", "custom", {"D1": [faces()["D1"]]}, replace_existing=True)
    reloaded = library.load("Drawn")
    assert reloaded is not None and reloaded.codes == ("D1",)  # the replacement, not the old copy
    assert library.delete("Drawn") and library.load("Drawn") is None and not library.delete("Drawn")


def _add_together(library: DeckLibrary, name: str, codes: tuple[str, ...], start: threading.Barrier) -> None:
    start.wait()
    library.add(name, "custom", {c: [faces()[c]] for c in codes})


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_two_servers_teaching_one_deck_at_once_lose_no_card(engine: str, tmp_path: Path,
                                                            request: pytest.FixtureRequest) -> None:
    """Two app servers on one database (two libraries, each with its own lock) add other cards
    to one deck at the same moment, again and again: the deck ends knowing every card."""
    url = str(tmp_path / "d.sqlite3") if engine == "sqlite" \
        else request.getfixturevalue("postgres").new_database()
    stores = [open_store(url), open_store(url)]
    try:
        servers = [DeckLibrary(store) for store in stores]
        for round_ in range(3):
            name = f"Shared {round_}"
            servers[0].enrol(name, "custom", {"D0": [faces()["D0"]]})
            start = threading.Barrier(2)
            threads = [threading.Thread(target=_add_together, args=(servers[0], name, ("D1", "D2"), start)),
                       threading.Thread(target=_add_together, args=(servers[1], name, ("D3", "D4"), start))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            for library in servers:
                deck = library.load(name)
                assert deck is not None and sorted(deck.codes) == ["D0", "D1", "D2", "D3", "D4"]
    finally:
        for store in stores:
            getattr(store, "shutdown", lambda: None)()


def test_a_partial_deck_says_which_cards_it_lacks(tmp_path: Path) -> None:
    library = DeckLibrary(Store(tmp_path / "d.sqlite3"))
    images = {f"T{i}": [drawn_face(i)] for i in range(20)}
    done = library.enrol("Some trumps", "tarot78", images)
    assert done.missing[:2] == ("T20", "T21") and len(done.missing) == 78 - 20
    with pytest.raises(DeckError, match="not cards of kaiser40"):
        library.enrol("Wrong", "kaiser40", {"T1": [drawn_face(1)]})


def test_the_decks_table_joins_an_existing_database(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)  # a database from before enrolled decks existed
    db.execute("CREATE TABLE tables (id TEXT PRIMARY KEY, room TEXT NOT NULL UNIQUE, game TEXT NOT NULL, "
               "host_token_hash TEXT NOT NULL, created REAL NOT NULL)")
    db.execute("INSERT INTO tables VALUES ('t1', 'ROOM1', 'quinta', 'h', 0)")
    db.commit()
    db.close()
    store = Store(path)
    assert store.table("t1") is not None
    assert store.decks() == []
    store.save_deck("x", "custom", 1, b"data")
    assert Store(path).deck("x") is not None  # and opening it again changes nothing


def test_export_and_import_keep_the_deck_and_may_rename_it(tmp_path: Path) -> None:
    library = DeckLibrary(Store(tmp_path / "d.sqlite3"))
    library.enrol("Drawn", "custom", {c: [f] for c, f in faces().items()})
    data = library.export("Drawn")
    other = DeckLibrary(Store(tmp_path / "e.sqlite3"))
    assert other.import_file(data).deck.name == "Drawn"
    with pytest.raises(DeckError, match="exists already"):
        other.import_file(data)
    assert other.import_file(data, name="Copy").deck.name == "Copy"
    copy = other.load("Copy")
    assert copy is not None and copy.name == "Copy"
    with pytest.raises(DeckError):
        other.import_file(b"PK\x03\x04 not really a zip")
    with pytest.raises(DeckError, match="no deck"):
        other.export("Nothing")


# ---- recognize(image, deck=...) ------------------------------------------------------------
def test_recognize_takes_an_enrolled_deck_or_a_registered_name() -> None:
    photo = scene_photo(["D3", "D5"])
    assert sorted(d.card for d in pipeline.recognize(photo, deck=deck())) == ["D3", "D5"]
    assert not pipeline.readable("drawn")
    with pytest.raises(ValueError, match="unknown deck 'drawn'"):
        pipeline.recognize(photo, deck="drawn")
    pipeline.register(deck())
    try:
        assert pipeline.readable("drawn")
        assert sorted(d.card for d in pipeline.recognize(jpeg(photo), deck="drawn")) == ["D3", "D5"]
    finally:
        pipeline.unregister("drawn")
    assert not pipeline.readable("drawn")
    with pytest.raises(ValueError, match="built-in"):
        pipeline.register(enrol_faces({"A": drawn_face(1)}, "custom", "french54"))


# ---- the command line -----------------------------------------------------------------------
def test_enrol_list_export_import_and_recognize_from_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.sqlite3")
    folder = write_faces(tmp_path / "faces", faces())
    assert main(["enrol", "--database", db, "--deck", "custom", "--name", "drawn", str(folder)]) == 0
    assert "Enrolled 'drawn' (custom): 6 cards" in capsys.readouterr().out
    assert main(["decks", "--database", db]) == 0
    assert "drawn" in capsys.readouterr().out
    file = tmp_path / "drawn.tavdeck"
    assert main(["deck-export", "--database", db, "drawn", str(file)]) == 0
    assert main(["deck-import", "--database", db, "--name", "again", str(file)]) == 0
    photo = tmp_path / "p.jpg"
    photo.write_bytes(jpeg(scene_photo(["D1", "D4"], seed=2)))
    capsys.readouterr()
    for spec in ("again", str(file)):
        assert main(["recognize", "--database", db, "--deck", spec, "--json", str(photo)]) == 0
        out = json.loads(capsys.readouterr().out)
        assert sorted(d["card"] for d in out["images"][0]["detections"]) == ["D1", "D4"]
    assert main(["recognize", "--database", db, "--deck", "nothing", str(photo)]) == 2
    assert "unknown deck 'nothing'" in capsys.readouterr().err
    assert main(["enrol", "--database", db, "--deck", "uno", "--name", "x", str(folder)]) == 2
    assert "unknown deck kind" in capsys.readouterr().err


@pytest.mark.skipif(not (ART / "italian-napoletane").is_dir(), reason=f"no card artwork at {ART}")
def test_the_italian_artwork_enrols_as_a_kaiserspiel_deck(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "c.sqlite3")
    folder = ART / "italian-napoletane"
    assert main(["enrol", "--database", db, "--deck", "kaiser40", "--name", "Napoletane", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "40 cards" in out and "No face" not in out  # the cavalli became the obers
    library = DeckLibrary(Store(db))
    loaded = library.load("Napoletane")
    assert loaded is not None and "QS" in loaded.codes and "CS" not in loaded.codes


def test_recognize_assumes_one_deck_unless_told_the_decks_are_mixed(
        capsys: pytest.CaptureFixture[str]) -> None:
    """cardcounter's webcam photo of AC beside AS: the shipped networks read the club as a
    spade too, doubting towards clubs. One deck holds one ace of spades, so by default that
    copy is read as its second guess; ``--decks-mixed`` keeps both aces of spades. Each way
    prints what the recogniser gives with the same settings."""
    from dataclasses import replace

    from recognizer.settings import Settings

    photo = SHARED / "cardphotos" / "cardcounter" / "WIN_20240630_19_36_48_Pro.jpg"
    if not photo.is_file():
        pytest.skip("needs ../shared/cardphotos")
    one = Settings()
    mixed = replace(one, group=replace(one.group, copy_doubt=0.0))
    read = {}
    for flags, settings in (([], one), (["--decks-mixed"], mixed)):
        assert main(["recognize", *flags, "--json", str(photo)]) == 0
        out = json.loads(capsys.readouterr().out)
        read[bool(flags)] = sorted(d["card"] for d in out["images"][0]["detections"])
        assert read[bool(flags)] == sorted(d.card for d in pipeline.recognize(photo, settings=settings))
    assert read[True].count("AS") == 2 and read[False].count("AS") == 1 and "AC" in read[False]
