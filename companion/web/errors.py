"""JSON errors for the API, readable pages for browsers; nothing is changed by an error."""

from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from ..games.registry import rule_link
from ..service.errors import ServiceError
from . import audit
from .common import lang

HTTP_IT = {
    400: "Richiesta non valida.",
    404: "Pagina o risorsa non trovata.",
    405: "Metodo non consentito.",
    413: "La richiesta è troppo grande.",
    415: "Tipo di contenuto non supportato.",
}


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def register(app: Flask) -> None:
    """Install the error handlers."""

    @app.errorhandler(ServiceError)
    def service_error(e: ServiceError) -> tuple[Response | str, int]:
        audit.refused(e)
        if _wants_json():
            body = e.payload(lang())
            why = rule_link(str(body.get("rule", "")), getattr(e, "game", None))
            if why is not None:  # the rule book paragraph that explains the refusal
                body["why"] = why
            return jsonify(body), e.status
        text = e.message_it if lang() == "it" else e.message
        return render_template("error.html", message=text, lang=lang()), e.status

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException) -> tuple[Response | str, int]:
        status = e.code or 500
        en = e.description or e.name
        it = HTTP_IT.get(status, en)
        if status == 413 and request.path.endswith("/photos"):  # the player sent a photo, not a "request"
            en, it = "The photo is over 20 MB.", "La foto supera i 20 MB."
        elif status == 413:
            en = "The request is too large."
        if _wants_json():
            body = {"error": e.name.lower().replace(" ", "_"), "message": it if lang() == "it" else en,
                    "messages": {"en": en, "it": it}}
            return jsonify(body), status
        return render_template("error.html", message=it if lang() == "it" else en,
                               lang=lang()), status
