"""HTML pages: the home page, joining, the table screen and the phone view."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers.response import Response as BaseResponse

from ..games import GAMES, PLAYABLE
from ..games.insonnia.runs import DECKS as INSONNIA_DECKS
from ..games.registry import REGISTRY
from ..service.joining import join_url
from .common import LANGS, host_cookie, lang, public_base, seat_cookie, service, table_of_room

bp = Blueprint("pages", __name__)
TITLES = {g.name: g.book.title for g in REGISTRY}
MENU = tuple(g.name for g in REGISTRY)  # the order games are offered in: the registry's


def _menu_order(name: str) -> tuple[int, str]:
    return (MENU.index(name) if name in MENU else len(MENU), name)


@bp.app_context_processor
def _reach() -> dict[str, bool]:
    """Every page knows whether phones can reach this server (else it says why not)."""
    return {"phones_can_join": bool(current_app.config.get("PHONES_CAN_JOIN", True))}


def _page(template: str, **context: object) -> Response:
    resp = make_response(render_template(template, lang=lang(), **context))
    chosen = request.args.get("lang")
    if chosen in LANGS:
        resp.set_cookie("lang", chosen, max_age=60 * 60 * 24 * 365, samesite="Lax")
    return resp


@bp.get("/")
def home() -> Response:
    """Create a table, or join one by its room code."""
    games = [{"name": n, "title": TITLES.get(n, n.capitalize()), "min": GAMES[n].seats.start,
              "max": GAMES[n].seats.stop - 1} for n in sorted(PLAYABLE, key=_menu_order)]
    decks = {d.name: d.max_players for d in INSONNIA_DECKS.values()}
    return _page("index.html", games=games, insonnia_decks=decks)


@bp.get("/decks")
def decks() -> Response:
    """The enrolled decks, and teaching the camera a new one."""
    return _page("decks.html")


@bp.get("/r/<room>")
def room(room: str) -> BaseResponse:
    """A short room code leads to the table's join page."""
    return redirect(url_for("pages.join", table_id=table_of_room(room)))


@bp.get("/join")
def join_by_code() -> BaseResponse:
    """The home page's room-code form."""
    code = request.args.get("room", "")
    return redirect(url_for("pages.join", table_id=table_of_room(code)))


@bp.get("/join/<table_id>")
def join(table_id: str) -> BaseResponse:
    """Pick a seat; a phone that already has one goes straight to its view."""
    svc = service()
    svc.tables.table(table_id)
    if svc.seats.seat_of(table_id, request.cookies.get(seat_cookie(table_id))) is not None:
        return redirect(url_for("pages.play", table_id=table_id))
    return _page("join.html", table_id=table_id)


@bp.get("/t/<table_id>")
def table(table_id: str) -> Response:
    """The table screen: QR code, room code, the public game, host controls."""
    svc = service()
    row = svc.tables.table(table_id)
    host = svc.seats.is_host(table_id, request.cookies.get(host_cookie(table_id)))
    return _page("table.html", table_id=table_id, role="table", room=row.room, host=host,
                 game_title=TITLES.get(row.game, row.game), practice=bool(row.bots),
                 join_link=join_url(public_base(), table_id))


@bp.get("/play/<table_id>")
def play(table_id: str) -> BaseResponse:
    """A player's own phone view."""
    svc = service()
    row = svc.tables.table(table_id)
    if svc.seats.seat_of(table_id, request.cookies.get(seat_cookie(table_id))) is None:
        return redirect(url_for("pages.join", table_id=table_id))
    host = svc.seats.is_host(table_id, request.cookies.get(host_cookie(table_id)))
    return _page("table.html", table_id=table_id, role="player", room=row.room, host=host,
                 game_title=TITLES.get(row.game, row.game), practice=bool(row.bots),
                 join_link=join_url(public_base(), table_id))
