"""The OpenAPI 3.1 document of the JSON API, served at /api/openapi.json."""

from __future__ import annotations

from typing import Any

from ..games import PLAYABLE
from .practice_doc import PRACTICE_PATHS

_ERROR = {"$ref": "#/components/schemas/Error"}


def _err(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ERROR}}}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
_VIEW = {"$ref": "#/components/schemas/View"}


def document() -> dict[str, Any]:
    """Build the document (the game list comes from the engines)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Tavolo companion API",
            "version": "1",
            "description": "Tables for real card games: create, join, act, follow live. "
                           "Errors are JSON with an English and an Italian sentence; "
                           "a refused request changes nothing.",
        },
        "components": {
            "securitySchemes": {
                "seatToken": {"type": "http", "scheme": "bearer",
                              "description": "A seat token (from joining) or the host token "
                                             "(from creating). Browsers may use the cookies "
                                             "set by the same calls instead."},
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
                        "placement": {
                            "type": "object",
                            "description": "Insonnia (422): the placement of a play that broke the rule",
                            "properties": {"index": {"type": "integer", "description": "from 0"},
                                           "card": {"type": "string"}, "slot": {"type": "integer"}}},
                        "seq": {"type": "integer", "description": "the table's sequence (409)"},
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
                                                   "\"variant\": \"base\" | \"rainbow\" | \"family\"}"},
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
                }}},
            "/api/tables/{table_id}/seats": {"post": {
                "summary": "Join a table (take a seat)",
                "parameters": [_TABLE_ID],
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
                }}},
            "/api/tables/{table_id}/seats/{seat}": {"delete": {
                "summary": "Host: free a seat whose phone was lost",
                "parameters": [_TABLE_ID, {"name": "seat", "in": "path", "required": True,
                                           "schema": {"type": "integer"}}],
                "security": [{"seatToken": []}],
                "responses": {"200": _json(_VIEW, "the seat is free again"),
                              "400": _err("that seat has no phone"),
                              "403": _err("not the host"), "404": _err("no such table")},
            }},
            "/api/tables/{table_id}/state": {"get": {
                "summary": "The caller's own view",
                "parameters": [_TABLE_ID, {"name": "as", "in": "query", "required": False,
                                           "schema": {"enum": ["table"]},
                                           "description": "the public view, whatever the cookies"}],
                "security": [{"seatToken": []}, {}],
                "responses": {"200": _json(_VIEW, "the view"), "404": _err("no such table")},
            }},
            "/api/tables/{table_id}/actions": {"post": {
                "summary": "Submit an action",
                "parameters": [_TABLE_ID],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["action", "seq"], "properties": {
                        "action": {"$ref": "#/components/schemas/Action"},
                        "seq": {"type": "integer",
                                "description": "the last event sequence this phone saw"},
                        "id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,64}$",
                               "description": "the phone's id for this request: a retry with the "
                                              "same id is answered again, never applied twice"}}}}}},
                "responses": {
                    "200": _json(_VIEW, "accepted and committed (or a retry of an id already "
                                        "applied); the new view"),
                    "400": _err("malformed request"),
                    "401": _err("no valid token for this table"),
                    "403": _err("acting for another seat"),
                    "404": _err("no such table"),
                    "409": _err("stale sequence: look again"),
                    "413": _err("body too large"),
                    "422": _err("illegal move: rule id and sentence"),
                }}},
            "/api/tables/{table_id}/corrections": {"post": {
                "summary": "Host: correct a revealed card entered by mistake",
                "description": "Only for hands the app does not know. The moves after it are "
                               "replayed; the correction is refused if they no longer fit.",
                "parameters": [_TABLE_ID],
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
                "summary": "Host: the table's complete log as a JSON game record (tavolo-record/1)",
                "parameters": [_TABLE_ID],
                "security": [{"seatToken": []}],
                "responses": {
                    "200": {"description": "the record, as a file to download",
                            "content": {"application/json": {"schema": {"type": "object"}}}},
                    "403": _err("not the host"), "404": _err("no such table"),
                }}},
            "/api/tables/{table_id}/undo": {"post": {
                "summary": "Host: take back the last action",
                "parameters": [_TABLE_ID],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["seq"],
                    "properties": {"seq": {"type": "integer"}}}}}},
                "responses": {
                    "200": _json(_VIEW, "undone"),
                    "403": _err("not the host"), "409": _err("stale sequence"),
                    "422": _err("nothing to undo, or cards revealed since"),
                }}},
            "/api/tables/{table_id}/events": {"get": {
                "summary": "Live view as Server-Sent Events",
                "description": "Each event is `event: state`, `id: <seq>`, `data: <View>`. "
                               "Send Last-Event-ID (or ?after=) to resume.",
                "parameters": [_TABLE_ID],
                "responses": {"200": {"description": "an event stream",
                                      "content": {"text/event-stream": {}}},
                              "404": _err("no such table")},
            }},
            "/api/tables/{table_id}/photos": {"post": {
                "summary": "Scan a photo of the table: the cards seen and the moves they imply",
                "description": "Multipart field `photo`, or the raw image as the body. JPEG, PNG, "
                               "WebP or BMP; at most 20 MB and 50 megapixels. Nothing is played.",
                "parameters": [_TABLE_ID],
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
                "parameters": [_TABLE_ID],
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
            "/api/games": {"get": {
                "summary": "The games available",
                "responses": {"200": _json({"type": "array"}, "games")},
            }},
            **_deck_paths(),
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
                    "type": "object", "required": ["name", "kind", "faces"]}}}},
                "responses": {"201": deck, "400": _err("a bad name, kind, code or image; the name is taken"),
                              "413": _err("over 24 MB")}},
        },
        "/api/decks/cut": {"post": {
            "summary": "Cut the cards laid upright in a grid out of a photo, in reading order",
            "description": "Multipart `photo` and `codes` (the codes laid out, in the same order).",
            "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
                "type": "object", "properties": {"photo": {"type": "string", "format": "binary"},
                                                 "codes": {"type": "string"}}}}}},
            "responses": {"200": _json({"type": "object"}, "each face found, as a JPEG data: URL"),
                          "400": _err("not an image")}}},
        "/api/decks/{name}/file": {"get": {
            "summary": "An enrolled deck as one file (.tavdeck)", "parameters": [name],
            "responses": {"200": {"description": "the deck file",
                                  "content": {"application/octet-stream": {}}},
                          "404": _err("no such deck")}}},
        "/api/decks/import": {"post": {
            "summary": "Store a deck file; ?name= keeps it under another name, ?replace=1 replaces",
            "requestBody": {"required": True, "content": {
                "application/octet-stream": {}, "multipart/form-data": {}}},
            "responses": {"201": deck, "400": _err("not a deck file, or the name is taken")}}},
        "/api/tables/{table_id}/camera": {"post": {
            "summary": "The host chooses the enrolled deck the table's camera reads with",
            "description": "`{\"deck\": name | null, \"seq\"}`; the deck's kind must fit the table.",
            "parameters": [_TABLE_ID], "security": [{"seatToken": []}],
            "requestBody": {"required": True,
                            "content": {"application/json": {"schema": {"type": "object"}}}},
            "responses": {"200": _json(_VIEW, "the host's view"),
                          "400": _err("no such deck, or not this table's cards"),
                          "403": _err("not the host"), "409": _err("stale sequence")}}},
    }
