"""Errors the service raises, each with an HTTP status and a sentence in two languages."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A request the service refuses; nothing was changed."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, message_it: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.message_it = message_it or message
        self.extra = extra

    def payload(self, lang: str) -> dict[str, Any]:
        """The JSON body of the error reply."""
        return {
            "error": self.code,
            "message": self.message_it if lang == "it" else self.message,
            "messages": {"en": self.message, "it": self.message_it},
            **self.extra,
        }


class BadRequest(ServiceError):
    """Malformed input: not JSON, a missing field, an unknown game or option."""


class NotFound(ServiceError):
    """No such table or seat."""

    status = 404
    code = "not_found"


class Unauthorized(ServiceError):
    """No token, or a token of no seat at this table."""

    status = 401
    code = "unauthorized"


class Forbidden(ServiceError):
    """A valid token acting for someone else, or a player doing the host's job."""

    status = 403
    code = "forbidden"


class Conflict(ServiceError):
    """A stale sequence, or a seat already taken."""

    status = 409
    code = "conflict"


class Illegal(ServiceError):
    """The rules refuse the move; ``rule`` names the rule. ``game``: the table's game, whose rule
    book explains the app's own refusals (``undo.revealed``); it is not part of the reply."""

    status = 422
    code = "illegal_action"

    def __init__(self, message: str, message_it: str | None = None, game: str | None = None,
                 **extra: Any) -> None:
        super().__init__(message, message_it, **extra)
        self.game = game


class Unprocessable(ServiceError):
    """Well-formed input the server will not take (a name with invisible characters)."""

    status = 422
    code = "unprocessable"


class TooMany(ServiceError):
    """Too many attempts from one address (guessing room codes)."""

    status = 429
    code = "too_many"
