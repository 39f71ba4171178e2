"""The rule books as pages: /rules lists the games, /rules/<game> is one game's book."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from ..games.registry import BOOKS, rule_link
from ..service.errors import NotFound
from .pages import MENU, _page

bp = Blueprint("rules", __name__)


@bp.get("/rules")
def index() -> Response:
    """Every game's rule book."""
    books = [BOOKS[g] for g in MENU if g in BOOKS]
    return _page("rules_index.html", books=books)


@bp.get("/rules/<game>")
def rules(game: str) -> Response:
    """One game's rule book; every paragraph carries its anchor (``#decision-q1``, ``#joker``)."""
    found = BOOKS.get(game)
    if found is None:
        raise NotFound(f"There is no rule book for {game!r}.", f"Non c'è un regolamento per {game!r}.")
    return _page("rules.html", book=found)


@bp.get("/api/rules/<rule>")
def rule_paragraph(rule: str) -> Response:
    """Where a rule id is explained, and the paragraph itself: an engine's (``quinta.joker_colour``)
    or, with ``?game=``, one of the app's own refusals in that game's book (``undo.revealed``)."""
    link = rule_link(rule, request.args.get("game"))
    if link is None:
        raise NotFound(f"No rule book paragraph explains {rule!r}.",
                       f"Nessun paragrafo del regolamento spiega {rule!r}.")
    game, anchor = link.removeprefix("/rules/").split("#")
    para = next(p for p in BOOKS[game].paragraphs() if p.anchor == anchor)
    return jsonify({"rule": rule, "game": game, "anchor": anchor, "url": link,
                    "text": {"en": para.en, "it": para.it}, "decision": para.decision})
