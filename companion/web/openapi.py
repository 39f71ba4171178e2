"""The OpenAPI 3.1 document of the JSON API, served at /api/openapi.json."""

from __future__ import annotations

from typing import Any

from ..decks.library import KINDS
from ..games import PLAYABLE
from .practice_doc import PRACTICE_PATHS

_ERROR = {"$ref": "#/components/schemas/Error"}


def _err(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ERROR}}}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
_VIEW = {"$ref": "#/components/schemas/View"}
_AS_TABLE = {"name": "as", "in": "query", "required": False, "schema": {"enum": ["table"]},
             "description": "the public view (the table screen), whatever the seat cookie"}
_HTML = {"description": "an HTML page", "content": {"text/html": {"schema": {"type": "string"}}}}
_REDIRECT = {"description": "a redirect to the page to open", "headers": {
    "Location": {"schema": {"type": "string"}}}}


_UNSAFE = ("post", "put", "patch", "delete")
CSRF_NOTE = ("Every POST, PUT, PATCH and DELETE carries either a seat or host token as "
             "`Authorization: Bearer`, or the CSRF token: the `csrf` cookie and the same value in "
             "the `X-CSRF-Token` header (pages have it in `<meta name=\"csrf-token\">`; scripts ask "
             "`GET /api/csrf`). Without either the answer is 403 with error `csrf`, and nothing changes.")


def _guard_unsafe(doc: dict[str, Any]) -> dict[str, Any]:
    """Every state-changing operation: a Bearer token or the CSRF pair, and its 403; the
    answers every operation of a kind can give (a body: 400 and 413; a table: 404)."""
    for path, item in doc["paths"].items():
        for method, op in item.items():
            responses = op.setdefault("responses", {})
            if "requestBody" in op:
                responses.setdefault("400", _err("a malformed body"))
                responses.setdefault("413", _err("the body is too large"))
            if "{table_id}" in path and path.startswith("/api/"):
                responses.setdefault("404", _err("no such table"))
            if method not in _UNSAFE:
                continue
            bearer: list[dict[str, list[str]]] = [{"seatToken": []}] if op.get("security") else []
            op["security"] = [*bearer, {"csrfToken": [], "csrfCookie": []}]
            responses = op.setdefault("responses", {})
            if "403" in responses:
                responses["403"] = _err(responses["403"]["description"] + "; or no CSRF token")
            else:
                responses["403"] = _err("no CSRF token (error 'csrf')")
    return doc


def document() -> dict[str, Any]:
    """Build the document (the game list comes from the engines)."""
    return _guard_unsafe(_document())


def _document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Tavolo companion API",
            "version": "1",
            "description": "Tables for real card games: create, join, act, follow live. "
                           "Errors are JSON with an English and an Italian sentence; "
                           "a refused request changes nothing. " + CSRF_NOTE,
        },
        "components": {
            "securitySchemes": {
                "seatToken": {"type": "http", "scheme": "bearer",
                              "description": "A seat token (from joining) or the host token "
                                             "(from creating). Browsers may use the cookies "
                                             "set by the same calls instead."},
                "csrfToken": {"type": "apiKey", "in": "header", "name": "X-CSRF-Token",
                              "description": "the page's CSRF token, equal to the csrf cookie"},
                "csrfCookie": {"type": "apiKey", "in": "cookie", "name": "csrf",
                               "description": "this browser's CSRF token (set by any page or "
                                              "by GET /api/csrf)"},
            },
            "schemas": {
                "Error": {
                    "type": "object", "required": ["error", "message", "messages"],
                    "properties": {
                        "error": {"type": "string"},
                        "message": {"type": "string", "description": "in the caller's language"},
                        "messages": {"type": "object", "properties": {
                            "en": {"type": "string"}, "it": {"type": "string"}}},
                        "rule": {"type": "string", "description": "the rule refused (422)"},
                        "why": {"type": "string",
                                "description": "422: the rule book paragraph explaining the rule, "
                                               "e.g. /rules/quinta#joker"},
                        "placement": {
                            "type": "object",
                            "description": "Insonnia (422): the placement of a play that broke the rule",
                            "properties": {"index": {"type": "integer", "description": "from 0"},
                                           "card": {"type": "string"}, "slot": {"type": "integer"}}},
                        "seq": {"type": "integer", "description": "the table's sequence (409)"},
                        "event": {"type": "integer",
                                  "description": "409 'request_id_reused': the event the id made"},
                        "view": {"$ref": "#/components/schemas/View",
                                 "description": "409 'moved_first' to a move: the caller's view of "
                                                "the table as it is now"},
                        "position": {"type": "integer",
                                     "description": "422 'hidden_character': the character's place "
                                                    "in the name, from 1"},
                        "reason": {"type": "string",
                                   "description": "why a CSRF check failed (403), hints are refused "
                                                  "(403 'hints_off'), the game record is refused "
                                                  "(409 'game_in_progress'), someone moved first "
                                                  "(409 'moved_first'), a request id was used "
                                                  "by this seat for another move (409 "
                                                  "'request_id_reused'), a name holds an invisible "
                                                  "or control character (422 'hidden_character')"},
                        "retry_after": {"type": "integer", "description": "seconds to wait (429)"},
                    },
                },
                "NewTable": {
                    "type": "object", "required": ["game"],
                    "properties": {
                        "game": {"type": "string", "enum": sorted(PLAYABLE)},
                        "players": {
                            "oneOf": [
                                {"type": "integer", "description": "number of open seats"},
                                {"type": "array", "items": {"type": ["string", "null"]},
                                 "description": "names in order of play; null = open seat"},
                            ]},
                        "options": {"type": "object",
                                    "description": "game options, e.g. Quinta "
                                                   "{\"hands\": \"known\" | \"unknown\"}; "
                                                   "Kaiserspiel also {\"pack\": \"french\" | "
                                                   "\"tarot\" | \"italian\" | \"swiss\", "
                                                   "\"deck\": 40 | 48, \"target\": 101}; Insonnia "
                                                   "also {\"deck\": \"printed\" | \"french\", "
                                                   "\"variant\": \"base\" | \"rainbow\" | \"family\"}; "
                                                   "Oscuri and Diavolo also {\"stake\": 1}. "
                                                   "Who begins, as a seat from 0 (left out: the app "
                                                   "draws): Kaiserspiel, Insonnia and Diavolo "
                                                   "{\"dealer\": 0}, the first dealer; Oscuri "
                                                   "{\"leader\": 0}, the winner of the real cut, "
                                                   "who leads the first turn. Another seat is a 400.",
                                    "properties": {
                                        "dealer": {"type": "integer", "minimum": 0,
                                                   "description": "Kaiserspiel, Insonnia, Diavolo: "
                                                                  "the seat that deals first"},
                                        "leader": {"type": "integer", "minimum": 0,
                                                   "description": "Oscuri: the seat that won the "
                                                                  "cut and leads the first turn"},
                                    }},
                        "hints": {"type": "boolean", "default": True,
                                  "description": "false: no hints for this game (the host can switch "
                                                 "them on later)"},
                    },
                },
                "Action": {
                    "type": "object", "required": ["type"],
                    "description": "An engine action, e.g. {\"type\": \"play\", \"card\": \"QH\"} "
                                   "or {\"type\": \"choose_row\", \"row\": \"S\"}. 'player' "
                                   "defaults to the caller's seat.",
                    "properties": {"type": {"type": "string"}, "player": {"type": "integer"}},
                    "additionalProperties": True,
                },
                "View": {
                    "type": "object",
                    "description": "What the caller may see: public table, own hand, log.",
                    "properties": {
                        "table": {"type": "string"}, "room": {"type": "string"},
                        "game": {"type": "string"}, "seq": {"type": "integer"},
                        "names": {"type": "array", "items": {"type": "string"}},
                        "me": {"type": ["integer", "null"]}, "host": {"type": "boolean"},
                        "state": {"type": "object"}, "outcome": {"type": ["object", "null"]},
                        "log": {"type": "array", "items": {"type": "object"}},
                        "hints": {"type": "boolean",
                                  "description": "players may ask for hints (the host's switch)"},
                        "scannable": {"type": "boolean",
                                      "description": "the camera reads this table's cards"},
                        "pack": {"type": ["object", "null"],
                                 "description": "Kaiserspiel: every card's names and the "
                                                "physical card it stands for, the cards "
                                                "left in the box, the suits' names"},
                    },
                },
            },
        },
        "paths": {
            **PRACTICE_PATHS,
            "/api/tables": {"post": {
                "summary": "Create a table",
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/NewTable"}}}},
                "responses": {
                    "201": _json({"type": "object", "properties": {
                        "table_id": {"type": "string"}, "room": {"type": "string"},
                        "join_url": {"type": "string"}, "table_url": {"type": "string"},
                        "host_token": {"type": "string"}, "qr_url": {"type": "string"}}},
                        "the new table"),
                    "400": _err("malformed body, unknown game or option"),
                    "413": _err("body too large"),
                    "422": _err("a player's name holds an invisible or control character "
                                "(reason 'hidden_character')"),
                }}},
            "/api/tables/{table_id}/seats": {"post": {
                "summary": "Join a table (take a seat)",
                "parameters": [_TABLE_ID, _AS_TABLE],
                "requestBody": {"content": {"application/json": {"schema": {
                    "type": "object", "properties": {
                        "seat": {"type": "integer"}, "name": {"type": "string"}}}}}},
                "responses": {
                    "201": _json({"type": "object", "properties": {
                        "seat": {"type": "integer"}, "token": {"type": "string"},
                        "name": {"type": "string"}}}, "the seat and its secret token"),
                    "400": _err("no such seat, or a name is needed"),
                    "404": _err("no such table"),
                    "409": _err("seat taken, or name in use"),
                    "422": _err("the name holds an invisible or control character "
                                "(reason 'hidden_character')"),
                }}},
            "/api/tables/{table_id}/seats/{seat}": {"delete": {
                "summary": "Host: free a seat whose phone was lost",
                "parameters": [_TABLE_ID, _AS_TABLE, {"name": "seat", "in": "path", "required": True,
                                           "schema": {"type": "integer"}}],
                "security": [{"seatToken": []}],
                "responses": {"200": _json(_VIEW, "the seat is free again"),
                              "400": _err("that seat has no phone"),
                              "403": _err("not the host"), "404": _err("no such table")},
            }},
            "/api/tables/{table_id}/state": {"get": {
                "summary": "The caller's own view",
                "parameters": [_TABLE_ID, _AS_TABLE],
                "security": [{"seatToken": []}, {}],
                "responses": {"200": _json(_VIEW, "the view"), "404": _err("no such table")},
            }},
            "/api/tables/{table_id}/actions": {"post": {
                "summary": "Submit an action",
                "parameters": [_TABLE_ID, _AS_TABLE],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["action", "seq"], "properties": {
                        "action": {"$ref": "#/components/schemas/Action"},
                        "seq": {"type": "integer",
                                "description": "the last event sequence this phone saw"},
                        "id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,64}$",
                               "description": "the phone's id for this request, its seat's own "
                                              "(another seat may use the same id): a retry with "
                                              "the same id and body is answered as the first "
                                              "time, never applied twice; the same id with "
                                              "another body is a 409 'request_id_reused'"}}}}}},
                "responses": {
                    "200": _json(_VIEW, "accepted and committed, the new view; a retry of a request "
                                        "already applied gets the view right after its move"),
                    "400": _err("malformed request"),
                    "401": _err("no valid token for this table"),
                    "403": _err("acting for another seat"),
                    "404": _err("no such table"),
                    "409": _err("someone moved first (reason 'moved_first', with 'view': the table "
                                "as it is now); or this seat's request id already made another move "
                                "(reason 'request_id_reused'); nothing done"),
                    "413": _err("body too large"),
                    "422": _err("illegal move: rule id and sentence"),
                }}},
            "/api/tables/{table_id}/corrections": {"post": {
                "summary": "Host: correct a revealed card entered by mistake",
                "description": "Only for hands the app does not know. The moves after it are "
                               "replayed; the correction is refused if they no longer fit.",
                "parameters": [_TABLE_ID, _AS_TABLE],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["seq", "target", "action"], "properties": {
                        "seq": {"type": "integer"},
                        "target": {"type": "integer", "description": "the event of the move"},
                        "action": {"$ref": "#/components/schemas/Action"}}}}}},
                "responses": {
                    "200": _json(_VIEW, "corrected"), "400": _err("malformed"),
                    "403": _err("not the host"), "409": _err("stale sequence"),
                    "422": _err("not correctable, or it does not fit the game"),
                }}},
            "/api/tables/{table_id}/record": {"get": {
                "summary": "Host: the table's complete log as a JSON game record (tavolo-record/1), "
                           "once the game is over",
                "description": "The record holds the seed (every dealt hand, the deck's order) and "
                               "the private entries, so it is refused while the game is played.",
                "parameters": [_TABLE_ID, _AS_TABLE],
                "security": [{"seatToken": []}],
                "responses": {
                    "200": {"description": "the record, as a file to download",
                            "content": {"application/json": {"schema": {"type": "object"}}}},
                    "403": _err("not the host"), "404": _err("no such table"),
                    "409": _err("the game is still being played (reason 'game_in_progress')"),
                }}},
            "/api/tables/{table_id}/undo": {"post": {
                "summary": "Host: take back the last action",
                "parameters": [_TABLE_ID, _AS_TABLE],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["seq"],
                    "properties": {"seq": {"type": "integer"}}}}}},
                "responses": {
                    "200": _json(_VIEW, "undone"),
                    "403": _err("not the host"), "409": _err("stale sequence"),
                    "422": _err("nothing to undo, or cards revealed since"),
                }}},
            "/api/tables/{table_id}/hints": {
                "get": {
                    "summary": "The caller's own legal moves and what each would do",
                    "description": "Only for the caller's own seat (a seat token or cookie), only "
                                   "from what that seat may know: his hand and the public table.",
                    "parameters": [_TABLE_ID],
                    "security": [{"seatToken": []}],
                    "responses": {
                        "200": _json({"type": "object", "properties": {
                            "seat": {"type": "integer"}, "seq": {"type": "integer"},
                            "moves": {"type": "array", "items": {"type": "object", "properties": {
                                "action": {"type": ["object", "null"]},
                                "card": {"type": ["string", "null"]},
                                "en": {"type": "string"}, "it": {"type": "string"}},
                                "additionalProperties": True}},
                            "note": {"type": ["object", "null"]}}}, "the hints"),
                        "401": _err("no seat at this table"),
                        "403": _err("the host switched hints off, or the caller holds no seat"),
                        "404": _err("no such table"),
                    }},
                "post": {
                    "summary": "Host: switch hints on or off (recorded in the log)",
                    "parameters": [_TABLE_ID],
                    "security": [{"seatToken": []}],
                    "requestBody": {"required": True, "content": {"application/json": {"schema": {
                        "type": "object", "required": ["on", "seq"],
                        "properties": {"on": {"type": "boolean"}, "seq": {"type": "integer"}}}}}},
                    "responses": {
                        "200": _json(_VIEW, "switched"),
                        "400": _err("'on' is not true or false, or 'seq' is missing"),
                        "403": _err("not the host"), "409": _err("stale sequence, or already so"),
                    }},
            },
            "/api/rules/{rule}": {"get": {
                "summary": "The rule book paragraph explaining a rule id",
                "description": "An engine's rule id names its game (`quinta.joker_colour`); the app's "
                               "own refusals (`undo.revealed`, `correct.not_allowed`) are explained in "
                               "every game's book: name the game with `?game=`.",
                "parameters": [{"name": "rule", "in": "path", "required": True,
                                "schema": {"type": "string"}, "example": "quinta.joker_colour"},
                               {"name": "game", "in": "query", "required": False,
                                "schema": {"type": "string"}, "example": "quinta"}],
                "responses": {
                    "200": _json({"type": "object", "properties": {
                        "rule": {"type": "string"}, "game": {"type": "string"},
                        "anchor": {"type": "string"}, "url": {"type": "string"},
                        "text": {"type": "object"}, "decision": {"type": ["string", "null"]}}},
                        "the paragraph"),
                    "404": _err("no paragraph explains this rule id"),
                }}},
            "/api/tables/{table_id}/events": {"get": {
                "summary": "Live view as Server-Sent Events",
                "description": "Each event is `event: state`, `id: <seq>`, `data: <View>`. "
                               "Send Last-Event-ID (or ?after=) to resume.",
                "parameters": [
                    _TABLE_ID, _AS_TABLE,
                    {"name": "after", "in": "query", "required": False, "schema": {"type": "integer"},
                     "description": "the last event seen: only newer views are sent"},
                    {"name": "limit", "in": "query", "required": False,
                     "schema": {"type": "integer", "minimum": 1},
                     "description": "end the stream after this many views (scripts, tests)"},
                    {"name": "Last-Event-ID", "in": "header", "required": False,
                     "schema": {"type": "string"}, "description": "as ?after=, sent by browsers"}],
                "responses": {"200": {"description": "an event stream",
                                      "content": {"text/event-stream": {}}},
                              "404": _err("no such table")},
            }},
            "/api/tables/{table_id}/photos": {"post": {
                "summary": "Scan a photo of the table: the cards seen and the moves they imply",
                "description": "Multipart field `photo`, or the raw image as the body. JPEG, PNG, "
                               "WebP or BMP; at most 20 MB and 50 megapixels. Nothing is played.",
                "parameters": [_TABLE_ID, _AS_TABLE],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {
                    "multipart/form-data": {"schema": {"type": "object", "properties": {
                        "photo": {"type": "string", "format": "binary"}}}},
                    "image/*": {"schema": {"type": "string", "format": "binary"}}}},
                "responses": {
                    "200": _json({"type": "object", "properties": {
                        "width": {"type": "integer"}, "height": {"type": "integer"},
                        "elapsed_ms": {"type": "number"},
                        "detections": {"type": "array", "items": {"type": "object"}},
                        "proposal": {"type": ["string", "null"]}}},
                        "what the photo shows"),
                    "400": _err("not an image, damaged, truncated, or too many pixels"),
                    "401": _err("not a player or host of this table"),
                    "404": _err("no such table"),
                    "413": _err("over 20 MB"),
                }}},
            "/api/tables/{table_id}/qr.svg": {"get": {
                "summary": "QR code of the join link",
                "parameters": [_TABLE_ID, _AS_TABLE],
                "responses": {"200": {"description": "SVG",
                                      "content": {"image/svg+xml": {}}},
                              "404": _err("no such table")},
            }},
            "/api/rooms/{room}": {"get": {
                "summary": "Find a table by its room code",
                "parameters": [{"name": "room", "in": "path", "required": True,
                                "schema": {"type": "string"}}],
                "responses": {"200": _json({"type": "object"}, "table id and join link"),
                              "404": _err("no table with that code"),
                              "429": _err("too many wrong codes from this address: wait "
                                          "'retry_after' seconds")},
            }},
            "/api/csrf": {"get": {
                "summary": "This browser's CSRF token (also set as the csrf cookie)",
                "responses": {"200": _json({"type": "object", "required": ["token", "header"],
                                            "properties": {"token": {"type": "string"},
                                                           "header": {"type": "string"}}},
                                           "the token and the header to send it in")},
            }},
            "/api/openapi.json": {"get": {
                "summary": "This document",
                "responses": {"200": _json({"type": "object"}, "the OpenAPI 3.1 document")},
            }},
            "/api/games": {"get": {
                "summary": "The games available",
                "responses": {"200": _json({"type": "array"}, "games")},
            }},
            **_deck_paths(),
            **_page_paths(),
        },
    }


def _deck_paths() -> dict[str, Any]:
    """Enrolled decks: list, cut faces from a photo, enrol, export, import; a table's camera deck."""
    deck = _json({"type": "object", "properties": {
        "name": {"type": "string"}, "kind": {"type": "string"}, "cards": {"type": "integer"},
        "missing": {"type": "array", "items": {"type": "string"}}}}, "the deck stored")
    name = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "/api/decks": {
            "get": {"summary": "The enrolled decks, and the cards of each kind of deck",
                    "responses": {"200": _json({"type": "object"}, "decks and kinds")}},
            "post": {
                "summary": "Learn a deck from images of its faces and store it",
                "description": "`{\"name\", \"kind\" (tarot78, kaiser40, kaiser48, french54, custom), "
                               "\"faces\": {code: [data: URL, ...]}, \"replace\"?}`; at most 24 MB.",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["name", "kind", "faces"], "properties": {
                        "name": {"type": "string", "description": "1 to 40 letters, digits, spaces, _ . ' -"},
                        "kind": {"type": "string", "enum": sorted(KINDS)},
                        "faces": {"type": "object", "additionalProperties": {
                            "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
                            "description": "card code -> one image or a list of images"},
                        "replace": {"type": "boolean", "description": "replace a deck of that name"}}}}}},
                "responses": {"201": deck, "400": _err("a bad name, kind, code or image; the name is taken"),
                              "413": _err("over 24 MB")}},
        },
        "/api/decks/cut": {"post": {
            "summary": "Cut the cards laid upright in a grid out of a photo, in reading order",
            "description": "Multipart `photo` and `codes` (the codes laid out, in the same order).",
            "parameters": [{"name": "codes", "in": "query", "required": False, "schema": {"type": "string"},
                            "description": "as the form field, when the photo is the raw body"}],
            "requestBody": {"required": True, "content": {
                "multipart/form-data": {"schema": {
                    "type": "object", "properties": {"photo": {"type": "string", "format": "binary"},
                                                     "codes": {"type": "string"}}}},
                "image/*": {"schema": {"type": "string", "format": "binary"}}}},
            "responses": {"200": _json({"type": "object", "properties": {
                "found": {"type": "integer"}, "expected": {"type": "integer"},
                "faces": {"type": "array", "items": {"type": "object", "properties": {
                    "code": {"type": ["string", "null"]}, "image": {"type": "string"}}}}}},
                "each face found, as a JPEG data: URL"),
                          "400": _err("not an image"), "413": _err("over 20 MB")}}},
        "/api/decks/{name}/file": {"get": {
            "summary": "An enrolled deck as one file (.tavdeck)", "parameters": [name],
            "responses": {"200": {"description": "the deck file",
                                  "content": {"application/octet-stream": {}}},
                          "404": _err("no such deck")}}},
        "/api/decks/import": {"post": {
            "summary": "Store a deck file; ?name= keeps it under another name, ?replace=1 replaces",
            "parameters": [
                {"name": "name", "in": "query", "required": False, "schema": {"type": "string"},
                 "description": "store the deck under this name"},
                {"name": "replace", "in": "query", "required": False, "schema": {"enum": ["1"]},
                 "description": "replace a deck of that name"}],
            "requestBody": {"required": True, "content": {
                "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
                "multipart/form-data": {"schema": {"type": "object", "properties": {
                    "file": {"type": "string", "format": "binary"}, "name": {"type": "string"}}}}}},
            "responses": {"201": deck, "400": _err("not a deck file, or the name is taken"),
                          "413": _err("over 16 MB")}}},
        "/api/tables/{table_id}/camera": {"post": {
            "summary": "The host chooses the enrolled deck the table's camera reads with",
            "description": "`{\"deck\": name | null, \"seq\"}`; the deck's kind must fit the table.",
            "parameters": [_TABLE_ID, _AS_TABLE], "security": [{"seatToken": []}],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["seq"], "properties": {
                    "deck": {"type": ["string", "null"], "description": "an enrolled deck; null: none"},
                    "seq": {"type": "integer"}}}}}},
            "responses": {"200": _json(_VIEW, "the host's view"),
                          "400": _err("no such deck, or not this table's cards"),
                          "403": _err("not the host"), "404": _err("no such table"),
                          "409": _err("stale sequence")}}},
    }


def _page_paths() -> dict[str, Any]:
    """The HTML pages (for completeness: phones open them, scripts use the JSON above)."""
    table = [_TABLE_ID]
    room = [{"name": "room", "in": "path", "required": True, "schema": {"type": "string"}}]
    lang = {"name": "lang", "in": "query", "required": False, "schema": {"enum": ["it", "en"]},
            "description": "the page's language (kept in a cookie)"}
    missing = {"description": "no such table (an HTML page)",
               "content": {"text/html": {"schema": {"type": "string"}}}}
    return {
        "/sw.js": {"get": {"summary": "The installable app's service worker (its version in X-Tavolo-Shell)",
                           "responses": {"200": {"description": "the worker's script", "content": {
                               "text/javascript": {"schema": {"type": "string"}}}}}}},
        "/": {"get": {"summary": "Page: create a table, or join one by its room code",
                      "parameters": [lang], "responses": {"200": _HTML}}},
        "/decks": {"get": {"summary": "Page: the enrolled decks, and teaching the camera one",
                           "parameters": [lang], "responses": {"200": _HTML}}},
        "/r/{room}": {"get": {"summary": "Page: a room code leads to the table's join page",
                              "parameters": room, "responses": {"302": _REDIRECT, "404": missing,
                                                                "429": missing}}},
        "/join": {"get": {"summary": "Page: the home page's room-code form",
                          "parameters": [{"name": "room", "in": "query", "required": False,
                                          "schema": {"type": "string"}}],
                          "responses": {"302": _REDIRECT, "404": missing, "429": missing}}},
        "/join/{table_id}": {"get": {"summary": "Page: pick a seat (a phone with a seat goes to its view)",
                                     "parameters": [*table, lang],
                                     "responses": {"200": _HTML, "302": _REDIRECT, "404": missing}}},
        "/t/{table_id}": {"get": {"summary": "Page: the table screen", "parameters": [*table, lang],
                                  "responses": {"200": _HTML, "404": missing}}},
        "/rules": {"get": {"summary": "Page: the rule books of every game",
                           "parameters": [lang], "responses": {"200": _HTML}}},
        "/rules/{game}": {"get": {"summary": "Page: one game's rule book, a paragraph per anchor",
                                  "parameters": [{"name": "game", "in": "path", "required": True,
                                                  "schema": {"type": "string"}}, lang],
                                  "responses": {"200": _HTML, "404": {
                                      "description": "no rule book for that game (an HTML page)",
                                      "content": {"text/html": {"schema": {"type": "string"}}}}}}},
        "/play/{table_id}": {"get": {"summary": "Page: a player's phone (without a seat: to the join page)",
                                     "parameters": [*table, lang],
                                     "responses": {"200": _HTML, "302": _REDIRECT, "404": missing}}},
    }
