"""From a photo of the table to moves: detections matched against the legal actions.

The recogniser says which cards it sees; this module asks the engine what each
card would mean for the caller now: a move he can make (one tap), or the
engine's reason why it cannot be played. Corrections and seat assignments are
made on the phone; every move still goes through the normal action path.
"""

from __future__ import annotations

import time
from typing import Any

from recognizer.decode import ImageError, decode
from recognizer.pipeline import DECKS, recognize_decoded

from .games.cards import card_name, is_card
from .games.engine import IllegalAction
from .tables import Table

STRONG = 0.6  # below this a detection is shown as a guess to confirm


def scan(table: Table, data: bytes, seat: int | None, host: bool) -> dict[str, Any]:
    """Recognise the cards in ``data`` and say what each could do at ``table``."""
    rules = table.rules
    if rules.deck not in DECKS:
        raise ImageError("The camera cannot read this game's cards yet: enter them with the picker.")
    deck = rules.deck
    start = time.perf_counter()
    decoded = decode(data)
    detections = recognize_decoded(decoded, deck=deck)
    elapsed = (time.perf_counter() - start) * 1000
    items = []
    for d in detections:
        item: dict[str, Any] = {**d.to_json(), "names": {
            "en": card_name(deck, d.card, "en"), "it": card_name(deck, d.card, "it")},
            "strong": d.confidence >= STRONG}
        waiting = sorted(rules.to_act(table.state))
        if seat is not None:
            item["move"] = _check_play(table, seat, d.card)
        elif waiting:
            # The table screen plays for others: a card already on the table fits nobody.
            item["move"] = _check_play(table, waiting[0], d.card)
        items.append(item)
    legal = [i for i in items if i.get("move", {}).get("legal")] if seat is not None else []
    return {
        "width": decoded.width,
        "height": decoded.height,
        "elapsed_ms": round(elapsed, 1),
        "detections": items,
        "seat": seat,
        "host": host,
        # One strong legal card for the caller: offer it for a single tap.
        "proposal": legal[0]["card"] if len(legal) == 1 and legal[0]["strong"] else None,
        "waiting": sorted(rules.to_act(table.state)),
    }


def _check_play(table: Table, seat: int, card: str) -> dict[str, Any]:
    """Would playing ``card`` from ``seat`` be legal now? If not, the engine's reason."""
    rules = table.rules
    if not is_card(rules.deck, card):
        return {"legal": False, "rule": "scan.deck", "messages": {
            "en": "This card is not part of this game's deck.",
            "it": "Questa carta non fa parte del mazzo di questo gioco."}}
    try:
        action = rules.load_action({"type": "play", "player": seat, "card": card})
        rules.check(table.state, action)
    except IllegalAction as e:
        return {"legal": False, "rule": e.rule, "messages": {"en": e.message, "it": e.message_it}}
    return {"legal": True, "action": rules.dump_action(action)}
