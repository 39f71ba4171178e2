"""Il Diavolo rules: exact halves, the wild Devil, the pot, secret busts, DECISIONs D1-D8."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.games.diavolo.engine import RULES as D
from companion.games.diavolo.state import (
    Ask,
    Continue,
    Deal,
    Declare,
    End,
    Note,
    Withdraw,
    points,
    total,
    value,
    wins,
)
from companion.games.diavolo.story import narrate
from companion.games.engine import IllegalAction, SetupError
from companion.games.registry import hints_for


def test_values_are_exact() -> None:
    assert value("KC") == value("QD") == value("CH") == value("JS") == Fraction(1, 2)
    assert value("AS") == 1 and value("10H") == 10 and value("T0") == 0 and value("T21") == 21
    assert total(["7S", "7C", "JC", "CD"]) == 15 and wins(["7S", "7C", "JC", "CD"])
    assert wins(["T21", "T15"])  # the Devil brings any total back to 15
    assert not wins(["T14", "JC"])


def test_decision_d1_two_to_ten_players() -> None:
    with pytest.raises(SetupError):
        D.new_state(1, {}, 0)
    with pytest.raises(SetupError):
        D.new_state(11, {}, 0)
    s = D.new_state(10, {"stake": 2}, 1)
    assert s.pot == 20 or s.deal_winner is not None


def test_decision_d4_an_empty_pile_leaves_only_withdrawing() -> None:
    s = D.from_setup(2, 1, 1, ["2S", "3S"], [0, 0], 0)
    with pytest.raises(IllegalAction) as e:
        D.apply(s, Ask(0))
    assert e.value.rule == "diavolo.empty_pile"
    assert D.legal_actions(s, 0) == [Withdraw(0)]


def test_decision_d5_the_deal_passes_to_the_next_player() -> None:
    s = D.from_setup(3, 1, 2, ["2S", "3S", "4S"], [0, 0, 0], 0)
    for p in (0, 1, 2):
        s = D.apply(s, Withdraw(p))
    assert s.phase == "await_deal" and s.pot == 3 and D.to_act(s) == {0}
    s = D.apply(s, Deal(0, ("5S", "6S", "7S")))
    assert s.dealer == 0 and s.pot == 6 and s.turn == 1


def test_busting_is_secret() -> None:
    s = D.from_setup(2, 1, 1, ["T14", "2S", "T10", "3S"], [0, 0], 0)
    s = D.apply(s, Ask(0))  # 24: over 15, and nobody is told
    other = D.view(s, 1)
    assert "T14" not in str(other) and "T10" not in str(other) and "total" in other
    assert other["total"] == 2 and D.view(s, 0)["total"] == 24
    assert D.to_act(s) == {1} and not s.withdrawn[0]


def test_the_evening_ends_by_the_next_dealer_and_a_pot_left_goes_back() -> None:
    s = D.from_setup(3, 1, 2, ["2S", "3S", "4S"], [0, 0, 0], 0)
    for p in (0, 1, 2):
        s = D.apply(s, Withdraw(p))
    assert s.pot == 3 and D.to_act(s) == {0}
    with pytest.raises(IllegalAction) as e:
        D.apply(s, End(1))
    assert e.value.rule == "diavolo.end_not_dealer"
    with pytest.raises(IllegalAction):
        D.apply(s, Deal(2, ("5S", "6S", "7S")))
    over = D.apply(s, End(0))
    assert over.pot == 0 and over.balances == (0, 0, 0) and over.refunded == (1, 1, 1)
    out = D.outcome(over)
    assert out is not None and sum(out.payouts) == 0


def test_a_deck_shorter_than_the_table_is_refused() -> None:
    with pytest.raises(SetupError):
        D.from_setup(3, 1, 2, ["2S", "3S"], [0, 0, 0], 0)
    s = D.from_setup(2, 1, 1, ["2S", "3S"], [0, 0], 0)
    s = D.apply(D.apply(s, Withdraw(0)), Withdraw(1))
    with pytest.raises(IllegalAction) as e:
        D.apply(s, Deal(0, ("4S",)))
    assert e.value.rule == "diavolo.bad_deck"


def test_unknown_cards_the_asker_looks_before_anybody_else_acts() -> None:
    s = D.new_state(3, {"hands": "unknown"}, seed=2)
    first = s.turn or 0
    s = D.apply(s, Ask(first))
    assert s.checking and s.turn == first
    nxt = (first + 1) % 3
    with pytest.raises(IllegalAction):
        D.apply(s, Ask(nxt))
    with pytest.raises(IllegalAction) as e:
        D.apply(s, Ask(first))
    assert e.value.rule == "diavolo.check_first"
    s = D.apply(D.apply(s, Note(first, "7S")), Note(first, "8C"))  # his two cards: 15
    assert s.deal_winner == first and s.pot == 0


def test_a_declaration_must_show_the_cards_entered() -> None:
    s = D.new_state(2, {"hands": "unknown"}, seed=2)
    first = s.turn or 0
    s = D.apply(s, Note(first, "2S"))
    with pytest.raises(IllegalAction) as e:
        D.apply(s, Declare(first, ("T15",)))
    assert e.value.rule in ("diavolo.declare_noted", "diavolo.declare_count")


def test_unknown_cards_the_winner_declares_and_shows_them() -> None:
    s = D.new_state(3, {"hands": "unknown"}, seed=2)
    first = s.turn or 0
    s = D.apply(s, Ask(first))
    with pytest.raises(IllegalAction) as e:
        D.apply(s, Declare(first, ("7S", "7C")))
    assert e.value.rule == "diavolo.declare_not_15"
    with pytest.raises(IllegalAction) as e:
        D.apply(s, Declare(first, ("7S",)))
    assert e.value.rule == "diavolo.declare_count"
    won = D.apply(s, Declare(first, ("7S", "8C")))
    assert won.deal_winner == first and won.pot == 0 and D.view(won, None)["winner_cards"] == ["7S", "8C"]


def test_a_win_declared_while_looking_at_the_new_card_leaves_nobody_looking_in_the_next_deal() -> None:
    """Unknown cards: a player asks, and his win is declared (by the table screen, say) before
    he said anything about the new card. The next deal starts as every deal does: ask or
    withdraw, and no 'go on' that would let somebody stand for free (§3.4)."""
    s = D.new_state(3, {"hands": "unknown"}, seed=2)
    first = s.turn or 0
    s = D.apply(s, Ask(first))
    assert s.checking
    won = D.apply(s, Declare(first, ("7S", "8C")))
    assert won.deal_winner == first and not won.checking
    nxt = D.apply(won, Deal((won.dealer + 1) % 3))
    speaker = nxt.turn or 0
    assert not nxt.checking and D.legal_actions(nxt, speaker) == [Ask(speaker), Withdraw(speaker)]
    assert nxt.history == ((1, first, won.won, False),)
    assert D.view(nxt, None)["last"] == {"winner": first, "won": won.won, "devil": False}
    with pytest.raises(IllegalAction) as e:
        D.apply(nxt, Continue(speaker))
    assert e.value.rule == "diavolo.nothing_to_check"
    assert D.load_state(D.dump_state(nxt)) == nxt


def test_a_win_is_announced_as_the_card_arrives_not_after_saying_no_15() -> None:
    """Unknown cards: once a player has said his new card makes no 15, a claim with those
    cards is refused with the reason; cards entered afterwards that make 15 win nothing but are
    told to the table as a win announced too late; his next card may still win."""
    s = D.new_state(3, {"hands": "unknown"}, seed=2)
    first = s.turn or 0
    s = D.apply(D.apply(s, Ask(first)), Continue(first))  # "my new card makes no 15: go on"
    with pytest.raises(IllegalAction) as e:
        D.apply(s, Declare(first, ("T10", "5H")))
    assert e.value.rule == "diavolo.late_claim" and "as the card arrives" in e.value.message
    assert "appena arriva la carta" in e.value.message_it
    noted = D.apply(s, Note(first, "T10"))
    late = D.apply(noted, Note(first, "5H"))
    assert late.deal_winner is None and late.phase == "offer" and late.missed == ((first, 1),)
    assert late.pot == s.pot and late.turn == s.turn  # the deal goes on as it was
    names = ["Ada", "Bruno", "Carla"]
    (line,) = narrate(names, noted, Note(first, "5H"), late)
    assert f"{names[first]}'s cards, entered after saying they made no 15" in line["en"]
    assert "troppo tardi" in line["it"]
    assert D.load_state(D.dump_state(late)) == late
    # his next card is a new chance: the Devil wins
    while late.turn != first:
        late = D.apply(late, Ask(late.turn or 0))
        late = D.apply(late, Continue(late.turn or 0))
    again = D.apply(late, Ask(first))
    won = D.apply(again, Note(first, "T15"))
    assert won.deal_winner == first


def test_declaring_is_not_for_cards_the_app_knows() -> None:
    s = D.from_setup(2, 1, 1, ["7S", "3S", "8C"], [0, 0], 0)
    with pytest.raises(IllegalAction) as e:
        D.apply(s, Declare(0, ("7S",)))
    assert e.value.rule == "diavolo.declare_known"


def test_the_players_lot_chooses_the_first_dealer() -> None:
    for seat in range(3):
        s = D.new_state(3, {"hands": "unknown", "dealer": seat}, 5)
        assert s.dealer == seat and s.speaking() == [(seat + 1 + i) % 3 for i in range(3)]
        assert D.to_act(s) == {(seat + 1) % 3}
    assert D.new_state(3, {"hands": "unknown"}, 5).dealer == D.new_state(3, {}, 5).dealer
    for bad in (3, -1, "0", True, 0.0):
        with pytest.raises(SetupError, match="option 'dealer' must be a seat from 0 to 2"):
            D.new_state(3, {"dealer": bad}, 5)


def test_decision_d9_a_pot_left_at_the_end_goes_back_to_those_who_paid_it() -> None:
    """DECISION D9 (replacing the app's equal split): 5 chips among 3 players; seats 0 and 1
    asked a card each, so each takes back 2, seat 2 takes back his ante."""
    s = D.from_setup(3, 1, 2, ["2S", "3S", "4S", "5S", "6S"], [0, 0, 0], 0)
    s = D.apply(s, Ask(0))  # 2 + 5 = 7
    s = D.apply(s, Ask(1))  # 3 + 6 = 9
    for p in (2, 0, 1):
        s = D.apply(s, Withdraw(p))
    assert s.pot == 5 and s.balances == (-2, -2, -1) and s.pot_paid == (2, 2, 1) and D.to_act(s) == {0}
    over = D.apply(s, End(0))
    assert over.pot == 0 and over.balances == (0, 0, 0) and over.refunded == (2, 2, 1)
    assert over.refunded_asks == (1, 1, 0)
    out = D.outcome(over)
    assert out is not None and out.payouts == (0, 0, 0)


def test_decision_d9_is_in_the_rule_book_in_both_languages() -> None:
    from companion.games.registry import BOOKS

    para = next(p for p in BOOKS["diavolo"].paragraphs() if p.decision == "D9")
    assert para.anchor == "decision-d9" and not any(p.decision == "A1" for p in BOOKS["diavolo"].paragraphs())
    assert "indivisible" in para.en and "Reason:" in para.en
    assert "takes back exactly what they paid" in para.en
    assert "indivisibile" in para.it and "riprende esattamente" in para.it and "Motivo:" in para.it


def test_totals_are_said_with_the_half_as_players_say_it() -> None:
    assert [points(Fraction(n, 2)) for n in (0, 1, 15, 30)] == ["0", "½", "7½", "15"]
    s = D.from_setup(2, 1, 1, ["KC", "2S", "7S", "3S"], [0, 0], 0)  # the first card: K, ½
    said = " ".join(m.en + " " + m.it for m in hints_for("diavolo", D, s, 0, ["Aldo", "Bice"]).moves)
    assert "Your total is ½." in said and "Il tuo totale è ½." in said and "0.5" not in said
    assert "the chip you paid stays in the pot" in said and "il gettone che hai pagato resta" in said
    unknown = D.new_state(3, {"hands": "unknown"}, seed=2)
    first = unknown.turn or 0
    unknown = D.apply(unknown, Ask(first))
    with pytest.raises(IllegalAction) as e:
        D.apply(unknown, Declare(first, ("7S", "QC")))
    assert e.value.text("en") == "These cards make 7½, not 15, and hold no Devil."
    assert e.value.text("it") == "Queste carte fanno 7½, non 15, e non c'è il Diavolo."
