"""The OpenAPI paths of the enrolled decks (merged into /api/openapi.json): list, cut faces from a
photo, enrol, export, import, and a table's camera deck.
"""

from __future__ import annotations

from typing import Any

from ..decks.library import KINDS
from .doc_parts import AS_TABLE, TABLE_ID, VIEW, answer, err


def deck_paths() -> dict[str, Any]:
    """Enrolled decks: list, cut faces from a photo, enrol, export, import; a table's camera deck."""
    deck = answer({"type": "object", "properties": {
        "name": {"type": "string"}, "kind": {"type": "string"}, "cards": {"type": "integer"},
        "missing": {"type": "array", "items": {"type": "string"}}}}, "the deck stored")
    name = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "/api/decks": {
            "get": {"summary": "The enrolled decks, and the cards of each kind of deck",
                    "responses": {"200": answer({"type": "object"}, "decks and kinds")}},
            "post": {
                "summary": "Learn a deck from images of its faces and store it",
                "description": "`{\"name\", \"kind\" (tarot78, kaiser40, kaiser48, french54, custom), "
                               "\"faces\": {code: [data: URL, ...]}, \"replace\"?, \"add\"?}`; at most "
                               "24 MB. `add`: the stored deck of that name learns these cards too, "
                               "keeping those it knows.",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["name", "kind", "faces"], "properties": {
                        "name": {"type": "string", "description": "1 to 40 letters, digits, spaces, _ . ' -"},
                        "kind": {"type": "string", "enum": sorted(KINDS)},
                        "faces": {"type": "object", "additionalProperties": {
                            "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
                            "description": "card code -> one image or a list of images"},
                        "replace": {"type": "boolean", "description": "replace a deck of that name"},
                        "add": {"type": "boolean", "description": "teach the stored deck of that name "
                                                                  "these cards too"}}}}}},
                "responses": {"201": deck, "400": err("a bad name, kind, code or image; the name is taken; "
                                                      "no deck of that name to add to"),
                              "413": err("over 24 MB")}},
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
            "responses": {"200": answer({"type": "object", "properties": {
                "found": {"type": "integer"}, "expected": {"type": "integer"},
                "faces": {"type": "array", "items": {"type": "object", "properties": {
                    "code": {"type": ["string", "null"]}, "image": {"type": "string"}}}}}},
                "each face found, as a JPEG data: URL"),
                          "400": err("not an image"), "413": err("over 20 MB")}}},
        "/api/decks/{name}": {"get": {
            "summary": "One enrolled deck: the cards it knows and those of its kind it does not yet",
            "parameters": [name],
            "responses": {"200": answer({"type": "object", "properties": {
                "name": {"type": "string"}, "kind": {"type": "string"},
                "codes": {"type": "array", "items": {"type": "string"}},
                "missing": {"type": "array", "items": {"type": "string"}}}}, "the deck"),
                          "404": err("no such deck")}}},
        "/api/decks/{name}/file": {"get": {
            "summary": "An enrolled deck as one file (.tavdeck)", "parameters": [name],
            "responses": {"200": {"description": "the deck file",
                                  "content": {"application/octet-stream": {}}},
                          "404": err("no such deck")}}},
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
            "responses": {"201": deck, "400": err("not a deck file, or the name is taken"),
                          "413": err("over 16 MB")}}},
        "/api/tables/{table_id}/camera": {"post": {
            "summary": "The host chooses the enrolled deck the table's camera reads with",
            "description": "`{\"deck\": name | null, \"seq\"}`; the deck's kind must fit the table.",
            "parameters": [TABLE_ID, AS_TABLE], "security": [{"seatToken": []}],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["seq"], "properties": {
                    "deck": {"type": ["string", "null"], "description": "an enrolled deck; null: none"},
                    "seq": {"type": "integer"}}}}}},
            "responses": {"200": answer(VIEW, "the host's view"),
                          "400": err("no such deck, or not this table's cards"),
                          "403": err("not the host"), "404": err("no such table"),
                          "409": err("stale sequence")}}},
    }
