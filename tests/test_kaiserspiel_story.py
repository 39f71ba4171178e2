"""Kaiserspiel's trick explainer and event log, and a table run through the service."""

from __future__ import annotations

import random

import pytest

from companion.games.cards import card_label
from companion.games.kaiserspiel.engine import RULES as K
from companion.games.kaiserspiel.engine import (
    Accept,
    DeclareKaiser,
    Discard,
    KaiserState,
    Raise,
    Refuse,
    Reveal,
)
from companion.games.kaiserspiel.story import explain, explain_trick, narrate
from companion.games.kaiserspiel.tricks import Context, evaluate
from companion.games.registry import BY_NAME
from companion.service.errors import BadRequest
from companion.service.seats import hash_token
from companion.service.service import TableService

NAMES = ["Urs", "Vreni", "Werner", "Yvonne"]
REASONS = {
    "lead", "unter_beats_devil", "devil_led", "below_full", "below_ober_beater", "higher_trump",
    "lower_trump", "full_trump", "ober_beater_vs_trump_king", "beats_trump_ober", "stopped_by_king",
    "ober_beater_plain", "unter_beater_vs_trump_figure", "stopped_by_figure", "unter_beater_plain",
    "trump_king", "trump_ober", "devil_not_led", "lead_not_plain", "off_suit", "off_suit_no_trump",
    "higher_plain", "lower_plain", "king_over_ober_beater", "figure_over_unter_beater", "below_trump",
}


def test_parletts_trick_explained_card_by_card() -> None:
    lines = explain_trick([(0, "QD"), (1, "3H"), (2, "KD"), (3, "6H")], Context("H"), NAMES)
    assert [line["en"] for line in lines] == [
        "Urs leads Q♦, a plain card.",
        "3♥ is an Ober-beater: it beats the plain Q♦ (only a King of the led suit stops it).",
        "K♦ is a King of the led suit: it beats the Ober-beater 3♥.",
        "6♥ is a full trump: it beats K♦ (a plain card).",
        "Yvonne takes the trick with 6♥.",
    ]
    assert lines[1]["it"].startswith("3♥ è una briscola che batte il cavallo: batte la carta semplice Q♦")
    assert all(line["kind"] == "trick" for line in lines)


def test_the_devil_and_the_kaisers_in_words() -> None:
    ctx = Context("H", 40, frozenset({"AD"}))
    lines = explain_trick([(0, "7H"), (1, "AD"), (2, "JH"), (3, "5H")], ctx, NAMES)
    assert lines[0]["en"] == "Urs leads 7♥, the Devil."
    assert lines[1]["en"] == "A♦ cannot beat the Devil 7♥: once led, it loses only to the trump Unter J♥."
    assert "the only card that beats the led Devil" in lines[2]["en"]
    assert lines[3]["en"] == "5♥ is a full trump, higher than J♥: it takes over."
    kaiser = explain(evaluate(["JH", "AD"], ctx)[1][1], "JH", ctx, "Vreni")
    assert kaiser["en"] == "A♦ is the Kaiser of Bells, a full trump, higher than J♥: it takes over."
    assert kaiser["it"] == "A♦ è il Kaiser di denari, una briscola piena, più alta di J♥: passa in vantaggio."


def test_a_plain_card_of_the_trump_suit_is_said_to_be_no_trump() -> None:
    """Hearts are trumps, but an Ace not shown as a Kaiser, or (48 cards) an 8, is a plain card:
    a player who sees a heart lose to a diamond is told why, not only that hearts were not led."""
    lines = explain_trick([(0, "QD"), (1, "AH"), (2, "8H"), (3, "KD")], Context("H", 48), NAMES)
    assert lines[1]["en"] == ("A♥ is of the trump suit but no trump (an Ace is one only once shown as "
                              "a Kaiser): a plain card not of the led suit (diamonds ♦), it cannot "
                              "take the trick.")
    assert lines[2]["en"].startswith("8♥ is of the trump suit but no trump: a plain card")
    assert lines[1]["it"].startswith("A♥ è del seme di briscola ma non è una briscola (un asso lo è solo")
    assert lines[3]["en"] == "K♦ is higher than Q♦ in the led suit: it takes over."


def test_every_reason_has_a_sentence_in_both_languages() -> None:
    rng = random.Random(5)
    reasons: set[str] = set()
    for _ in range(3000):
        size = rng.choice((40, 48))
        kaisers = frozenset(rng.sample(["AD", "AH", "AS", "AC"], rng.randrange(5)))
        ctx = Context(rng.choice("SHDC"), size, kaisers)
        cards = rng.sample([r + s for s in "SHDC" for r in "AKQJ765432" + ("98" if size == 48 else "")], 4)
        _, verdicts = evaluate(cards, ctx)
        for v in verdicts:
            line = explain(v, cards[0], ctx, "Urs", rng.choice(("french", "tarot", "swiss")))
            assert line["en"] and line["it"] and line["en"] != line["it"]
            assert card_label(v.card) in line["en"] and card_label(v.card) in line["it"]
            reasons.add(v.reason)
    assert reasons == REASONS  # every reason the evaluation can give


def _hand(s: KaiserState) -> list[dict[str, str]]:
    """Play one hand with the first legal action everywhere, collecting the log."""
    lines: list[dict[str, str]] = []
    while s.phase not in ("await_deal", "over"):
        seat = min(K.to_act(s))
        a = K.legal_actions(s, seat)[0]
        after = K.apply(s, a)
        lines += narrate(NAMES, s, a, after)
        s = after
    return lines


def test_the_log_tells_public_facts_only() -> None:
    s = K.new_state(4, {"dealer": 3}, 8)
    lines = _hand(s)
    text = " ".join(line["en"] for line in lines)
    assert "Hand" not in text  # the first deal happened at set-up
    assert "discards two cards face down" in text and "Four passes: the hand is worth 4" in text
    assert "takes the trick" in text and "has three tricks and scores 4. Score" in text
    # Discards are never named.
    after = s
    for p in range(4):
        d = K.legal_actions(after, p)[0]
        assert isinstance(d, Discard)
        line = narrate(NAMES, after, d, K.apply(after, d))[0]["en"]
        assert all(card_label(c) not in line for c in d.cards)
        after = K.apply(after, d)


def test_declarations_refusals_and_the_next_deal_in_words() -> None:
    s = K.from_setup(40, 101, 3, ["2S", "5D", "7C", "JH"],
                     [["QD", "AC", "4H", "7H", "3C", "5H"], ["3S", "KH", "6C", "2D", "4C", "AH"],
                      ["KD", "JS", "5C", "3H", "2C", "6D"], ["6S", "4S", "KC", "QH", "7D", "3D"]])
    for p, d in enumerate([("3C", "5H"), ("6C", "4C"), ("2C", "5C"), ("KC", "3D")]):
        s = K.apply(s, Discard(p, d))
    log = []
    for a in (DeclareKaiser(0, "AC"), Accept(1), Raise(1), Refuse(2)):
        after = K.apply(s, a)
        log += narrate(NAMES, s, a, after)
        s = after
    assert [line["en"] for line in log] == [
        "Urs shows A♣ and declares the Kaiser of Acorns: +1. Vreni accepts or refuses.",
        "Vreni accepts: the hand is worth 5.",
        "Vreni raises by 3. Werner accepts or refuses.",
        "Werner refuses.",
        "Team B (Vreni & Yvonne) wins the hand without play (a tavolino) and scores 5. Score: A 0, B 5.",
    ]
    assert log[-1]["it"].startswith("La squadra B (Vreni & Yvonne) vince la mano a tavolino e segna 5")
    dealt = K.apply(s, K.legal_actions(s, 0)[0])
    deal_log = narrate(NAMES, s, K.legal_actions(s, 0)[0], dealt)
    assert deal_log[0]["en"] == "Hand 2: Urs deals."
    assert deal_log[2]["en"].startswith("Trumps are ") and "the lowest face-up card is" in deal_log[2]["en"]


def test_unknown_hands_face_up_cards_and_trumps_in_words() -> None:
    s = K.new_state(4, {"hands": "unknown", "dealer": 3}, 1)
    log = []
    for p, c in enumerate(["6C", "2H", "KS", "2D"]):
        after = K.apply(s, Reveal(p, c))
        log += narrate(NAMES, s, Reveal(p, c), after)
        s = after
    assert log[0]["en"] == "Urs's face-up card: 6♣."
    assert log[-1]["en"] == ("Trumps are hearts ♥: the lowest face-up card is Vreni's 2♥ "
                             "(as low as Yvonne's 2♦: the first dealt decides).")
    assert log[-1]["it"] == ("La briscola è cuori ♥: la carta scoperta più bassa è 2♥ di Vreni "
                             "(bassa quanto 2♦ di Yvonne: decide la prima data).")
    # no tie, no word of one
    s = K.new_state(4, {"hands": "unknown", "dealer": 3}, 1)
    for p, c in enumerate(["6C", "3H", "KS", "2D"]):
        after = K.apply(s, Reveal(p, c))
        told = narrate(NAMES, s, Reveal(p, c), after)
        s = after
    assert told[-1]["en"] == "Trumps are diamonds ♦: the lowest face-up card is Yvonne's 2♦."


def test_a_kaiserspiel_table_through_the_service(service: TableService) -> None:
    """A table replays its log with the narrator."""
    assert "kaiserspiel" in BY_NAME
    created = service.lobby.create({"game": "kaiserspiel", "players": NAMES})
    assert service.tables.table(created.table_id).game == "kaiserspiel"
    setup = {"game": "kaiserspiel", "players": NAMES, "options": {"dealer": 3}, "seed": 8}
    service.store.create_table("k1", "KAISR", "kaiserspiel", hash_token("host"), setup)
    table = service.tables.table("k1")
    with pytest.raises(BadRequest):  # a phone never chooses the cards of a deal
        service.moves.submit("k1", ["host"], {"action": {"type": "deal", "player": 0, "hands": [[]]},
                                        "seq": table.seq})
    while K.outcome(table.state) is None and table.state.hand_no < 3:
        seat = min(K.to_act(table.state))
        action = K.dump_action(K.legal_actions(table.state, seat)[0])
        table, _ = service.moves.submit("k1", ["host"], {"action": action, "seq": table.seq})
    view = service.views.view("k1", None)
    assert view["state"]["hand_no"] == 3 and view["state"]["marks"]["A"] + view["state"]["marks"]["B"]
    assert any(line["en"] == "Hand 2: Urs deals." for line in view["log"])
    assert any("takes the trick" in line["en"] for line in view["log"])
