"""The JSON API under /api (documented in /api/openapi.json)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from flask import Blueprint, Response, current_app, jsonify, request

from recognizer.decode import ImageError

from ..games import GAMES, PLAYABLE
from ..service.errors import BadRequest, Conflict, Forbidden, Unauthorized
from ..service.joining import join_url, qr_svg
from ..service.refusals import movers_since
from ..service.scanning import check_cards, scan
from .common import bearer, host_cookie, json_body, public_base, seat_cookie, service, table_of_room, tokens
from .openapi import document

PHOTO_LIMIT = 20 * 1024 * 1024 + 64 * 1024  # the photo plus its multipart envelope
IMAGE_ERRORS_IT = {
    "The file is empty.": "Il file è vuoto.",
    "This is not a photo in a supported format (JPEG, PNG, WebP, BMP).":
        "Non è una foto in un formato supportato (JPEG, PNG, WebP, BMP).",
    "The JPEG file is truncated: it was not completely uploaded or saved.":
        "Il file JPEG è troncato: non è stato caricato o salvato per intero.",
    "The camera cannot read this table's cards yet: enter them with the picker.":
        "La fotocamera non legge ancora le carte di questo tavolo: indicale con il selettore.",
    "The image file is damaged and cannot be decoded.": "Il file dell'immagine è danneggiato.",
    "The JPEG file is damaged (part of it was overwritten): take or send the photo again.":
        "Il file JPEG è danneggiato (una parte è stata sovrascritta): scatta o invia di nuovo la foto.",
    "The JPEG file is damaged: no image size found.": "Il file JPEG è danneggiato: manca la dimensione.",
    "HEIC/AVIF photos are not supported: set the camera to JPEG ('Most Compatible'), or share "
    "the photo as JPEG.": "Le foto HEIC/AVIF non sono supportate: imposta la fotocamera su JPEG "
    "('Più compatibile') o condividi la foto come JPEG.",
}


_TOO_MANY_PIXELS = re.compile(r"The image has (?P<has>[\d.]+) megapixels; at most (?P<most>\d+) are accepted"
                              r"(?P<other> for PNG, WebP and BMP files)?")
_TOO_LARGE = re.compile(r"The file is larger than (?P<mb>\d+) MB")


def image_error_it(message: str) -> str:
    """The Italian of a recogniser refusal of a photo."""
    if message in IMAGE_ERRORS_IT:
        return IMAGE_ERRORS_IT[message]
    pixels = _TOO_MANY_PIXELS.match(message)
    if pixels:
        which = " per i file PNG, WebP e BMP" if pixels["other"] else ""
        has = pixels["has"].replace(".", ",")  # 24,3: the Italian decimal comma
        return (f"L'immagine ha {has} megapixel; se ne accettano al massimo {pixels['most']}"
                f"{which}: invia una copia più piccola della foto.")
    size = _TOO_LARGE.match(message)
    if size:
        return f"Il file è più grande di {size['mb']} MB."
    return "L'immagine non si può leggere: " + message

bp = Blueprint("api", __name__, url_prefix="/api")
COOKIE_AGE = 60 * 60 * 24 * 7


def _caller(table_id: str) -> tuple[int | None, bool]:
    seats, host = service().seats.credentials(table_id, tokens(request, table_id))
    return (seats[0] if seats else None), host


def _on_table_screen(table_id: str) -> None:
    """Refuse (403) a player's phone that acts from the table screen (``?as=table``, which
    leaves the seat out): moves are made from the player's own page. Without this the phone
    would be told it has no seat. The host's phone acts from the table screen as host."""
    if request.args.get("as") != "table" or bearer(request) is not None:
        return
    seats = service().seats
    if seats.is_host(table_id, request.cookies.get(host_cookie(table_id))):
        return
    if seats.seat_of(table_id, request.cookies.get(seat_cookie(table_id))) is not None:
        raise Forbidden("The table screen only shows the table: make your moves from your own page, "
                        f"/play/{table_id}.",
                        "Lo schermo del tavolo mostra soltanto il tavolo: fai le tue mosse dalla tua "
                        f"pagina, /play/{table_id}.", reason="table_screen", page=f"/play/{table_id}")


def _set_cookie(resp: Response, name: str, value: str) -> None:
    resp.set_cookie(name, value, max_age=COOKIE_AGE, httponly=True, samesite="Lax")


def _json_text(text: str) -> Response:
    """A JSON answer already serialised."""
    return current_app.response_class(text, mimetype="application/json")


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI 3.1 document of this API."""
    return jsonify(document())


@bp.get("/games")
def games() -> Response:
    """The games this server can run, with their seat counts."""
    return jsonify([
        {"name": name, "deck": rules.deck, "min_players": rules.seats.start,
         "max_players": rules.seats.stop - 1}
        for name, rules in sorted(GAMES.items()) if name in PLAYABLE
    ])


@bp.post("/tables")
def create_table() -> tuple[Response, int]:
    """Create a table; the reply carries the host token (also set as a cookie)."""
    body = json_body()
    created = service().lobby.create(body)
    base = public_base()
    resp = jsonify({
        "table_id": created.table_id,
        "room": created.room,
        "join_url": join_url(base, created.table_id),
        "table_url": f"{base}/t/{created.table_id}",
        "host_token": created.host_token,
        "qr_url": f"{base}/api/tables/{created.table_id}/qr.svg",
    })
    _set_cookie(resp, host_cookie(created.table_id), created.host_token)
    return resp, 201


@bp.get("/rooms/<room>")
def find_room(room: str) -> Response:
    """The table behind a short room code."""
    table_id = table_of_room(room)
    return jsonify({"table_id": table_id, "join_url": join_url(public_base(), table_id)})


@bp.post("/tables/<table_id>/seats")
def join(table_id: str) -> tuple[Response, int]:
    """Take a seat: ``{"seat": n?, "name": "..."?}`` -> the seat and its token."""
    body = json_body() if request.content_length else {}
    joined = service().lobby.join(table_id, body.get("seat"), body.get("name"))
    resp = jsonify({"seat": joined.seat, "token": joined.token, "name": joined.name})
    _set_cookie(resp, seat_cookie(table_id), joined.token)
    return resp, 201


@bp.delete("/tables/<table_id>/seats/<int:seat>")
def release(table_id: str, seat: int) -> Response:
    """The host frees a seat whose phone was lost: the player joins again."""
    service().host.release(table_id, tokens(request, table_id), seat)
    caller, host = _caller(table_id)
    return jsonify(service().views.view(table_id, caller, host))


@bp.get("/tables/<table_id>/state")
def state(table_id: str) -> Response:
    """The caller's own view of the table (made once per event and seat: many phones look)."""
    seat, host = _caller(table_id)
    return _json_text(service().views.view_text(table_id, seat, host)[1])


@bp.post("/tables/<table_id>/actions")
def act(table_id: str) -> Response:
    """Submit one action with the last seen sequence number."""
    _on_table_screen(table_id)
    service().seats.require_player(table_id, tokens(request, table_id))  # rights before shape
    body = json_body()
    try:
        table, _ = service().moves.submit(table_id, tokens(request, table_id), body)
    except Conflict as e:
        if e.extra.get("reason") == "moved_first":  # someone moved first: here is the table now
            seat, host = _caller(table_id)
            e.extra["view"] = json.loads(service().views.view_text(table_id, seat, host)[1])
            e.extra["movers"] = movers_since(service().tables.table(table_id), body.get("seq"))
        raise
    seat, host = _caller(table_id)
    # A retry of a move already made is answered as the first time: the table right after it.
    return jsonify(service().views.view_of(table, seat, host))


@bp.post("/tables/<table_id>/corrections")
def correct(table_id: str) -> Response:
    """The host corrects a card entered by mistake; later moves are replayed on top."""
    service().seats.require_host(table_id, tokens(request, table_id), "correct")  # rights before shape
    service().host.correct(table_id, tokens(request, table_id), json_body())
    seat, host = _caller(table_id)
    return jsonify(service().views.view(table_id, seat, host))


@bp.get("/tables/<table_id>/corrections/<int:target>")
def correction_cards(table_id: str, target: int) -> Response:
    """The host asks which cards could replace the card of one move (the event ``target``)."""
    return jsonify(service().host.correction_cards(table_id, tokens(request, table_id), target))


@bp.post("/tables/<table_id>/next")
def announce_next(table_id: str) -> Response:
    """The host tells the finished table's phones about the new game: ``{"table": id, "seq": n}``."""
    service().seats.require_host(table_id, tokens(request, table_id), "next")  # rights before shape
    body = json_body()
    new_id = body.get("table")
    next_tokens = tokens(request, new_id) if isinstance(new_id, str) else []
    if isinstance(body.get("host_token"), str):  # a client with Bearer tokens: the new table's
        next_tokens = [body["host_token"]]
    service().host.announce_next(table_id, tokens(request, table_id), body, next_tokens)
    seat, host = _caller(table_id)
    return jsonify(service().views.view(table_id, seat, host))


@bp.get("/tables/<table_id>/host-link")
def host_link(table_id: str) -> Response:
    """The host's link: opened on another device, it gives that device the host's tools
    (host only; never cached)."""
    token = service().seats.host_token(table_id, tokens(request, table_id))
    resp = jsonify({"url": _host_url(table_id, token)})
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.get("/tables/<table_id>/host-qr.svg")
def host_qr(table_id: str) -> Response:
    """The host's link as a QR code, for the other device's camera (host only; never cached)."""
    token = service().seats.host_token(table_id, tokens(request, table_id))
    return Response(qr_svg(_host_url(table_id, token)), mimetype="image/svg+xml",
                    headers={"Cache-Control": "no-store"})


@bp.post("/tables/<table_id>/host-link")
def new_host_link(table_id: str) -> Response:
    """A new host link (host only): the old link stops working and every other device loses the
    host's tools. This device keeps them: the answer sets its host cookie (and gives the new
    token to a client with Bearer tokens)."""
    token = service().host.new_host_link(table_id, tokens(request, table_id))
    resp = jsonify({"url": _host_url(table_id, token), "host_token": token})
    resp.headers["Cache-Control"] = "no-store"
    _set_cookie(resp, host_cookie(table_id), token)
    return resp


def _host_url(table_id: str, token: str) -> str:
    # the token rides in the fragment: browsers never send it to the server, so it stays out
    # of access logs and Referer headers; the table page hands it over with a POST
    return f"{public_base()}/t/{table_id}#host={token}"


@bp.post("/tables/<table_id>/host")
def claim_host(table_id: str) -> Response:
    """A device that opened the host's link takes the host's tools too: ``{"host_token": "..."}``
    -> the host cookie. The host's other devices keep them."""
    token = service().seats.check_host_link(table_id, json_body().get("host_token"))
    # a player's own phone goes back to its seat, with the host's tools there too
    seat = service().seats.seat_of(table_id, request.cookies.get(seat_cookie(table_id)))
    resp = jsonify({"host": True, "seat": seat})
    _set_cookie(resp, host_cookie(table_id), token)
    return resp


@bp.get("/tables/<table_id>/record")
def record(table_id: str) -> Response:
    """The host downloads the table's complete log as a JSON game record, once the game is
    over (409 while it is being played: the record would show the hidden cards)."""
    data = service().host.record(table_id, tokens(request, table_id))
    resp = current_app.response_class(json.dumps(data, ensure_ascii=False, indent=1),
                                      mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="tavolo-{table_id}.json"'
    return resp


@bp.get("/tables/<table_id>/hints")
def hints(table_id: str) -> Response:
    """The caller's own legal moves and what each would do (his seat only)."""
    _on_table_screen(table_id)
    return jsonify(service().views.hints(table_id, tokens(request, table_id)))


@bp.post("/tables/<table_id>/hints")
def switch_hints(table_id: str) -> Response:
    """The host switches hints on or off: ``{"on": bool, "seq": n}``."""
    service().seats.require_host(table_id, tokens(request, table_id), "hints")  # rights before shape
    service().host.switch_hints(table_id, tokens(request, table_id), json_body())
    seat, host = _caller(table_id)
    return jsonify(service().views.view(table_id, seat, host))


@bp.post("/tables/<table_id>/undo")
def undo(table_id: str) -> Response:
    """The host takes back the last action."""
    service().seats.require_host(table_id, tokens(request, table_id), "undo")  # rights before shape
    body = json_body()
    service().host.undo(table_id, tokens(request, table_id), body.get("seq"))
    seat, host = _caller(table_id)
    return jsonify(service().views.view(table_id, seat, host))


@bp.post("/tables/<table_id>/photos")
def photo(table_id: str) -> Response:
    """A photo of the table: the cards seen, and what each would mean for the caller.

    The photo is a multipart field ``photo`` or the raw body (``Content-Type: image/...``);
    at most 20 MB. Nothing is played: the phone confirms, then posts actions.
    """
    request.max_content_length = PHOTO_LIMIT
    table = service().tables.table(table_id)
    _on_table_screen(table_id)
    seat, host = _caller(table_id)
    if seat is None and not host:
        raise Unauthorized("Join the table to scan cards.", "Entra al tavolo per inquadrare le carte.")
    upload = request.files.get("photo")
    if upload is None and request.files:
        raise BadRequest("Send the photo in the form field named 'photo'.",
                         "Invia la foto nel campo del modulo chiamato 'photo'.")
    if upload is not None:
        with upload.stream:  # large uploads are spooled to a temporary file: close it
            data = upload.read()
    else:
        data = request.get_data()
    try:
        result = scan(table, data, seat, host, service().decks,
                      frozenset(service().store.taken_seats(table_id)))
    except ImageError as e:
        raise BadRequest(str(e), image_error_it(str(e))) from e
    return jsonify(result)


@bp.post("/tables/<table_id>/cards/check")
def check(table_id: str) -> Response:
    """What each card of a scan's list (``{"cards": [...]}``) would mean for the caller now:
    the phone asks again when the table has moved since the photo. Nothing is played."""
    table = service().tables.table(table_id)
    _on_table_screen(table_id)
    seat, host = _caller(table_id)
    if seat is None and not host:
        raise Unauthorized("Join the table to scan cards.", "Entra al tavolo per inquadrare le carte.")
    body = json_body()
    try:
        result = check_cards(table, body.get("cards"), seat, service().decks, body.get("seats"),
                             frozenset(service().store.taken_seats(table_id)))
    except ValueError as e:
        raise BadRequest(f"{e}.", "'cards' deve essere un elenco di codici di carte (al più 60), "
                                  "'seats' un posto del tavolo (o null) per ciascuna.") from e
    return jsonify(result)


@bp.get("/tables/<table_id>/qr.svg")
def qr(table_id: str) -> Response:
    """The join link as a QR code (SVG)."""
    service().tables.table(table_id)  # 404 for an unknown table
    svg = qr_svg(join_url(public_base(), table_id))
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


@bp.get("/tables/<table_id>/events")
def events(table_id: str) -> Response:
    """Server-Sent Events: the caller's view after every new event of the table.

    Resumes after ``Last-Event-ID`` (or ``?after=``); a heartbeat comment keeps
    idle connections open. A ``presence`` event lists the seats whose phones have the table
    open (a stream of their own), after the first view and whenever that changes.
    """
    svc = service()
    svc.tables.table(table_id)  # 404 before the stream starts
    held = tokens(request, table_id)
    after_raw = request.headers.get("Last-Event-ID") or request.args.get("after") or "-1"
    try:
        after = int(after_raw)
    except ValueError:
        after = -1
    heartbeat = float(current_app.config["SSE_HEARTBEAT"])
    limit = request.args.get("limit", type=int)

    # The seat this device holds counts as present on the table screen too (a host who plays
    # looks at the table screen on the same phone): the screen shows only what is public,
    # but the player is there.
    device = tokens(request, table_id, seat_on_screen=True)

    def phone_seat() -> int | None:
        seats, _ = svc.seats.credentials(table_id, device)
        return seats[0] if seats else None

    def stream() -> Iterator[str]:
        last, sent = after, 0
        shown: frozenset[int] | None = None  # the seats last said to have their phone here
        here = phone_seat()  # the seat whose phone this stream is (None: a screen only)
        if here is not None:
            svc.presence.enter(table_id, here)
        try:
            yield "retry: 2000\n\n"
            while limit is None or sent < limit:
                rings = svc.doorbell.rings(table_id)
                seq = svc.tables.table(table_id).seq  # read from the log only when the bell has rung
                if seq != last:
                    # Who is asking is looked up again for every view: a seat the host has
                    # freed must stop seeing the hand of the phone that took it since.
                    seats, host = svc.seats.credentials(table_id, held)
                    now = phone_seat()
                    if now != here:  # the seat was freed (or this phone took one)
                        if now is not None:
                            svc.presence.enter(table_id, now)
                        if here is not None:
                            svc.presence.leave(table_id, here)
                        here = now
                    last, text = svc.views.view_text(table_id, seats[0] if seats else None, host)
                    sent += 1
                    yield f"id: {last}\nevent: state\ndata: {text}\n\n"
                    continue
                present = svc.presence.seats(table_id)
                if present != shown:  # after the first view, and whenever a phone comes or goes
                    shown = present
                    yield f"event: presence\ndata: {json.dumps(sorted(present))}\n\n"
                elif not svc.doorbell.wait(table_id, rings, heartbeat):
                    yield ": keep-alive\n\n"
        finally:  # the phone went away (or the stream ended): its seat is no longer counted here
            if here is not None:
                svc.presence.leave(table_id, here)

    return Response(stream(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
