"""The schemas of the OpenAPI document: a phone's view of a table, an error, an action and the other
shapes the paths refer to.
"""

from __future__ import annotations

from typing import Any

from ..games import PLAYABLE


def components() -> dict[str, Any]:
    """The document's components: the schemas of a view, an error, an action."""
    return {
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
                               "defaults to the caller's seat. The other fields depend on the game "
                               "and the type; a field the game does not read is refused (400).",
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
                    "state": {"type": "object",
                              "description": "the game's own view; every game's holds `to_act` "
                                             "(the seats that may act) and `cannot_hold`: for "
                                             "each seat, the cards everybody knows it does not "
                                             "hold (on the table, played, or shown to be "
                                             "another's), which card pickers grey"},
                    "outcome": {"type": ["object", "null"]},
                    "log": {"type": "array", "items": {"type": "object"}},
                    "hints": {"type": "boolean",
                              "description": "players may ask for hints (the host's switch)"},
                    "hints_work": {"type": "boolean",
                                   "description": "the app knows the caller's hand, so that hints "
                                                  "can be given (at a table of real cards, once "
                                                  "the player has entered their own cards)"},
                    "scannable": {"type": "boolean",
                                  "description": "the camera reads this table's cards"},
                    "pack": {"type": ["object", "null"],
                             "description": "Kaiserspiel: every card's names and the "
                                            "physical card it stands for, the cards "
                                            "left in the box, the suits' names"},
                },
            },
        },
    }
