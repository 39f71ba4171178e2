"""The JSON API of enrolled decks under /api/decks, and the choice of a table's camera deck.

Enrolling from the phone: photograph a few cards laid out upright in a grid; ``cut``
returns each card found, in reading order, labelled with the codes the phone asked
for; the phone keeps the faces (small JPEGs), lets the player fix a label, and finally
sends them all to be learnt and stored under a name.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

import cv2
import numpy as np
from flask import Blueprint, Response, jsonify, request

from recognizer.decode import ImageError, decode
from recognizer.faces import cut_faces

from ..decks.library import KINDS, DeckError, face_code, read_image
from ..games.cards import card_name, deck_list, normalise_code
from ..service.errors import BadRequest, NotFound
from .api import image_error_it
from .common import json_body, service, tokens

bp = Blueprint("decks", __name__, url_prefix="/api")
PHOTO_LIMIT = 20 * 1024 * 1024 + 64 * 1024
FACES_LIMIT = 24 * 1024 * 1024  # every face of a deck as small JPEGs, in one JSON body
DECK_FILE_LIMIT = 16 * 1024 * 1024 + 64 * 1024
FACE_HEIGHT = 420  # pixels: what the phone keeps of each face
_DATA_URL = re.compile(r"^data:image/[a-z]+;base64,")


def _refused(e: DeckError | ImageError) -> BadRequest:
    if isinstance(e, ImageError):  # a photo the recogniser cannot read: the photo route's sentence
        return BadRequest(str(e), image_error_it(str(e)))
    it = e.it if e.it else f"Il mazzo non si può registrare: {e}"
    return BadRequest(str(e), it)


def _upload(field: str) -> bytes:
    upload = request.files.get(field)
    if upload is not None:
        with upload.stream:
            return bytes(upload.read())
    return request.get_data()


def _jpeg_url(face: np.ndarray) -> str:
    h, w = face.shape[:2]
    if h > FACE_HEIGHT:
        size = (max(1, round(w * FACE_HEIGHT / h)), FACE_HEIGHT)
        face = cv2.resize(face, size, interpolation=cv2.INTER_AREA)
    ok, buf = cv2.imencode(".jpg", face, [cv2.IMWRITE_JPEG_QUALITY, 88])
    assert ok
    return "data:image/jpeg;base64," + base64.b64encode(buf.tobytes()).decode()


@bp.get("/decks")
def decks() -> Response:
    """The enrolled decks, and the cards of each kind of deck (in the order to lay them out)."""
    rows = service().decks.decks()
    return jsonify({
        "decks": [{"name": r.name, "kind": r.kind, "cards": r.cards, "bytes": r.size, "created": r.created}
                  for r in rows],
        "kinds": {k: list(dict.fromkeys(deck_list(k))) if k != "custom" else [] for k in KINDS},
        # What the player calls each card (an Italian deck's cavallo, not a French "Q").
        "names": {k: {c: {"en": card_name(k, c, "en"), "it": card_name(k, c, "it")}
                      for c in dict.fromkeys(deck_list(k))} for k in KINDS if k != "custom"},
    })


@bp.post("/decks/cut")
def cut() -> Response:
    """Cards laid upright in a grid, cut out of a photo in reading order (multipart ``photo``,
    and ``codes``: the codes of the cards laid out, in the same order)."""
    request.max_content_length = PHOTO_LIMIT
    data = _upload("photo")
    listed = request.form.get("codes") or request.args.get("codes") or ""
    codes = [normalise_code(c) for c in listed.split()]
    try:
        image = decode(data).image
    except ImageError as e:
        raise _refused(e) from e
    faces = cut_faces(image)
    if len(codes) > 1:  # several cards laid apart: a "card" as large as the photo is its edge
        faces = [f for f in faces if not _whole_photo(f, image)]
    return jsonify({
        "found": len(faces), "expected": len(codes),
        "faces": [{"code": codes[i] if i < len(codes) else None, "image": _jpeg_url(f)}
                  for i, f in enumerate(faces)],
    })


def _whole_photo(face: np.ndarray, image: np.ndarray) -> bool:
    """True when a face cut out spans (nearly) the whole photo, turned or not: the photo's own
    edge taken for a card's, as on a light table where no card stands out."""
    cut, whole = sorted(face.shape[:2]), sorted(image.shape[:2])
    return bool(cut[0] >= 0.9 * whole[0] and cut[1] >= 0.9 * whole[1])


def _face_bytes(value: Any, code: str) -> bytes:
    if not isinstance(value, str):
        raise BadRequest(f"The image of {code} must be a text (a data: URL or base64).",
                         f"L'immagine di {code} deve essere un testo (un URL data: o base64).")
    try:
        return base64.b64decode(_DATA_URL.sub("", value), validate=True)
    except (binascii.Error, ValueError) as e:
        raise BadRequest(f"The image of {code} is not base64.",
                         f"L'immagine di {code} non è in base64.") from e


@bp.post("/decks")
def enrol() -> tuple[Response, int]:
    """Learn and store a deck: ``{"name", "kind", "faces": {code: [image, ...]}, "replace"?,
    "add"?}``, each image a ``data:image/...;base64,`` URL (or plain base64). ``add``: the
    stored deck of that name learns these cards too."""
    request.max_content_length = FACES_LIMIT
    body = json_body()
    name, kind, faces = body.get("name"), body.get("kind"), body.get("faces")
    if not isinstance(name, str) or not isinstance(kind, str) or not isinstance(faces, dict):
        raise BadRequest("Send the deck's name, its kind and its faces.",
                         "Invia il nome del mazzo, il tipo e le facce.")
    replace = body.get("replace") is True
    add = body.get("add") is True  # teach a stored deck more cards, keeping what it knows
    library = service().decks
    try:
        if add:
            library.codes(name)  # the deck exists: refused before any image is read
        else:
            library.precheck(name, kind, [face_code(str(c), kind) for c in faces], replace)
        images: dict[str, list[np.ndarray]] = {}
        for code, values in faces.items():
            code = face_code(str(code), kind)
            for v in values if isinstance(values, list) else [values]:
                images.setdefault(code, []).append(read_image(_face_bytes(v, code), code))
        done = library.add(name, kind, images) if add else \
            library.enrol(name, kind, images, replace_existing=replace)
    except DeckError as e:
        raise _refused(e) from e
    deck = done.deck
    return jsonify({"name": deck.name, "kind": deck.kind, "cards": len(deck.codes),
                    "missing": list(done.missing)}), 201


@bp.get("/decks/<name>")
def deck(name: str) -> Response:
    """One enrolled deck: its kind, the cards it knows and those of its kind it does not yet
    (to teach them: ``POST /api/decks`` with ``"add": true``)."""
    try:
        found, missing = service().decks.codes(name)
    except DeckError as e:
        raise NotFound(str(e), f"Nessun mazzo di nome {name!r}.") from e
    return jsonify({"name": found.name, "kind": found.kind, "codes": list(found.codes),
                    "missing": list(missing)})


@bp.get("/decks/<name>/file")
def export(name: str) -> Response:
    """An enrolled deck as one file, to keep or to take to another Tavolo."""
    try:
        data = service().decks.export(name)
    except DeckError as e:
        raise NotFound(str(e), f"Nessun mazzo di nome {name!r}.") from e
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name) or "deck"
    return Response(data, mimetype="application/octet-stream",
                    headers={"Content-Disposition": f'attachment; filename="{safe}.tavdeck"'})


@bp.post("/decks/import")
def import_file() -> tuple[Response, int]:
    """Store a deck file (the body, or multipart ``file``); ``?name=`` stores it under another name."""
    request.max_content_length = DECK_FILE_LIMIT
    data = _upload("file")
    try:
        done = service().decks.import_file(data, request.args.get("name") or request.form.get("name") or None,
                                           request.args.get("replace") == "1")
    except DeckError as e:
        raise _refused(e) from e
    return jsonify({"name": done.deck.name, "kind": done.deck.kind, "cards": len(done.deck.codes),
                    "missing": list(done.missing)}), 201


@bp.post("/tables/<table_id>/camera")
def camera(table_id: str) -> Response:
    """The host chooses the enrolled deck the table's camera reads with: ``{"deck": name | null, "seq"}``."""
    svc = service()
    svc.seats.require_host(table_id, tokens(request, table_id), "camera")  # rights before shape
    svc.host.choose_camera(table_id, tokens(request, table_id), json_body())
    seats, host = svc.seats.credentials(table_id, tokens(request, table_id))
    return jsonify(svc.views.view(table_id, seats[0] if seats else None, host))
