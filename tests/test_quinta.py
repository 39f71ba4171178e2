"""Quinta rules, one test per rule and DECISION of shared/rules/quinta.md."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from companion.games.engine import IllegalAction, SetupError
from companion.games.quinta.engine import RULES as Q
from companion.games.quinta.scoring import score_pile
from companion.games.quinta.state import ChooseRow, Play, QuintaState
from companion.games.quinta.story import narrate

NAMES = ["CHIARA", "FABIO", "GIADA"]


def setup(
    rows: dict[str, list[str]] | None = None,
    hands: Sequence[Sequence[str] | None] = (),
    piles: Sequence[Sequence[str]] | None = None,
    sizes: Sequence[int] | None = None,
) -> QuintaState:
    n = len(hands)
    return Q.from_setup(n, rows or {}, hands, piles or [[] for _ in range(n)], None, sizes)


def play_round(s: QuintaState, cards: Sequence[str]) -> QuintaState:
    for seat, card in enumerate(cards):
        s = Q.apply(s, Play(seat, card))
    return s


def refused(s: QuintaState, action: Play | ChooseRow, rule: str) -> None:
    with pytest.raises(IllegalAction) as e:
        Q.apply(s, action)
    assert e.value.rule == f"quinta.{rule}"
    assert e.value.message and e.value.message_it and e.value.message != e.value.message_it


# ---- the deal (§2) ---------------------------------------------------------
@pytest.mark.parametrize(("players", "size", "aside"), [(3, 16, 2), (4, 12, 2), (5, 10, 0), (6, 8, 2)])
def test_deal_sizes(players: int, size: int, aside: int) -> None:
    s = Q.new_state(players, {"hands": "known"}, seed=7)
    assert all(len(h or ()) == size for h in s.hands)
    assert len(s.put_aside or ()) == aside
    assert [r[0] for r in s.rows] == ["AH", "AD", "AC", "AS"]
    dealt = [c for h in s.hands for c in h or ()] + list(s.put_aside or ())
    assert len(set(dealt)) == 50 and not {"AH", "AD", "AC", "AS"} & set(dealt)


def test_deal_is_reproducible_from_the_seed() -> None:
    assert Q.new_state(4, {}, 3) == Q.new_state(4, {}, 3)
    assert Q.new_state(4, {}, 3) != Q.new_state(4, {}, 4)


def test_setup_refuses_bad_tables() -> None:
    with pytest.raises(SetupError):
        Q.new_state(2, {}, 0)
    with pytest.raises(SetupError):
        Q.new_state(7, {}, 0)
    with pytest.raises(SetupError):
        Q.new_state(3, {"stake": 2}, 0)
    with pytest.raises(SetupError):
        Q.new_state(3, {"hands": "maybe"}, 0)
    with pytest.raises(SetupError):
        setup(hands=[["2H"], ["2H"], ["3H"]])  # a card twice
    with pytest.raises(SetupError):
        setup(rows={"H": ["2H"]}, hands=[["3H"], ["4H"], ["5H"]])  # a row without its ace


# ---- a round (§3) ----------------------------------------------------------
def test_choices_are_simultaneous_and_hidden_until_all_have_chosen() -> None:
    s = setup(hands=[["3C", "5C"], ["6S", "10S"], ["7C", "10C"]])
    assert Q.to_act(s) == {0, 1, 2}
    s = Q.apply(s, Play(1, "6S"))
    assert Q.to_act(s) == {0, 2}
    assert s.row("S") == ("AS",)  # nothing laid yet
    others = Q.view(s, 0)
    assert "6S" not in str(others) and others["has_chosen"] == [False, True, False]
    assert Q.view(s, 1)["chosen"] == "6S"


def test_decision_q1_lowest_suit_first_and_ascending_in_a_row() -> None:
    # The seed's round 1: 6S is laid before 3C, and 3C before 7C.
    s = play_round(setup(hands=[["3C", "2H"], ["6S", "3H"], ["7C", "4H"]]), ["3C", "6S", "7C"])
    assert s.row("C") == ("AC", "3C", "7C") and s.row("S") == ("AS", "6S")
    # Ascending inside a row even when played in the other order.
    s = play_round(setup(hands=[["KD", "2H"], ["JD", "3H"], ["9D", "4H"]]), ["KD", "JD", "9D"])
    assert s.row("D") == ("AD", "9D", "JD", "KD")


def test_decision_q8_jack_before_king_before_nothing_else() -> None:
    s = play_round(setup(hands=[["KS", "2H"], ["10S", "3H"], ["JS", "4H"]]), ["KS", "10S", "JS"])
    assert s.row("S") == ("AS", "10S", "JS", "KS")


def test_fifth_card_takes_four_and_ace_never_taken() -> None:
    rows = {"C": ["AC", "3C", "7C"]}
    s = play_round(setup(rows, [["5C", "2H"], ["10S", "3H"], ["10C", "4H"]]), ["5C", "10S", "10C"])
    assert s.row("C") == ("AC",)
    assert s.piles[2] == ("3C", "7C", "5C", "10C")  # DECISION Q2: GIADA laid the fifth card
    assert s.piles[0] == () and s.piles[1] == ()


def test_rows_never_hold_more_than_five_and_refill() -> None:
    rows = {"H": ["AH", "2H", "3H", "4H"]}
    s = play_round(setup(rows, [["5H", "2S"], ["6H", "3S"], ["7H", "4S"]]), ["5H", "6H", "7H"])
    assert s.piles[0] == ("2H", "3H", "4H", "5H")
    assert s.row("H") == ("AH", "6H", "7H")


def test_queen_takes_its_row_first_however_short() -> None:
    rows = {"D": ["AD", "6D", "8D"]}
    s = play_round(setup(rows, [["3D", "2S"], ["QD", "3S"], ["10D", "4S"]]), ["3D", "QD", "10D"])
    assert s.piles[1] == ("6D", "8D", "QD")
    assert s.row("D") == ("AD", "3D", "10D")
    # A queen on a bare ace takes only itself.
    s = play_round(setup({}, [["QS", "2H"], ["3C", "3H"], ["4C", "4H"]]), ["QS", "3C", "4C"])
    assert s.piles[0] == ("QS",) and s.row("S") == ("AS",)


def test_jokers_wait_for_their_rows_black_first() -> None:
    rows = {"H": ["AH", "3H", "6H"], "S": ["AS", "7S", "4S", "2S"]}
    s = play_round(setup(rows, [["JK1"], ["JK2"], ["3S"]]), ["JK1", "JK2", "3S"])
    assert s.phase == "joker_row" and Q.to_act(s) == {1}
    refused(s, ChooseRow(0, "H"), "joker_order")
    refused(s, ChooseRow(1, "D"), "joker_colour")
    refused(s, ChooseRow(2, "S"), "no_joker")
    refused(s, Play(2, "3S"), "joker_pending")
    s = Q.apply(s, ChooseRow(1, "S"))
    assert s.piles[1] == ("7S", "4S", "2S", "JK2") and Q.to_act(s) == {0}
    refused(s, ChooseRow(0, "C"), "joker_colour")
    s = Q.apply(s, ChooseRow(0, "H"))
    assert s.row("H") == ("AH", "3H", "6H", "JK1") and s.row("S") == ("AS", "3S")
    assert s.phase == "over"


def test_choose_row_without_a_joker_is_refused() -> None:
    s = setup(hands=[["2H"], ["3H"], ["4H"]])
    refused(s, ChooseRow(0, "H"), "no_joker")


def test_decision_q6_a_choice_cannot_be_changed() -> None:
    s = Q.apply(setup(hands=[["2H", "5H"], ["3H", "6H"], ["4H", "7H"]]), Play(0, "2H"))
    refused(s, Play(0, "5H"), "already_chosen")


def test_card_not_in_hand_and_nonsense_are_refused() -> None:
    s = setup(hands=[["2H"], ["3H"], ["4H"]])
    refused(s, Play(0, "3H"), "not_in_hand")
    refused(s, Play(0, "ZZ"), "unknown_card")
    with pytest.raises(IllegalAction) as e:
        Q.check(s, Play(5, "2H"))
    assert e.value.rule == "quinta.seat"
    with pytest.raises(IllegalAction):
        Q.load_action({"type": "stand", "player": 0})
    with pytest.raises(IllegalAction):
        Q.load_action({"type": "play", "card": "2H"})


def test_nothing_after_the_game_is_over() -> None:
    s = play_round(setup(hands=[["2H"], ["3H"], ["4H"]]), ["2H", "3H", "4H"])
    assert s.phase == "over"
    refused(s, Play(0, "5H"), "game_over")


def test_a_refused_action_changes_nothing() -> None:
    s = Q.apply(setup(hands=[["2H", "5H"], ["3H", "6H"], ["4H", "7H"]]), Play(0, "2H"))
    before = Q.dump_state(s)
    with pytest.raises(IllegalAction):
        Q.apply(s, Play(0, "5H"))
    assert Q.dump_state(s) == before


# ---- scoring (§4) ----------------------------------------------------------
@pytest.mark.parametrize(
    ("pile", "points"),
    [
        ([], 0),
        (["2H", "3H"], 0),
        (["2H", "2S"], 1),
        (["2H", "2S", "2D"], 2),
        (["2H", "2S", "2D", "2C"], 4),
        (["KH", "KS", "QH", "QD", "QC"], 3),
        (["JK1"], 0),
        (["JK1", "JK2"], 1),  # DECISION Q4: two jokers make a pair on their own
        (["9H", "9D", "JK1"], 1),  # DECISION Q3: JK1 cannot be a third red nine
        (["9H", "9C", "JK1"], 2),
        (["7S", "7D", "7H", "JK2"], 4),  # JK2 as 7C completes a four
        (["7S", "7C", "7H", "JK2"], 2),  # no black seven left for JK2: it can only make nothing
        # The seed's closing example: three pairs, two threes, the joker makes a four (Q5).
        (["JK2", "7S", "7D", "7H", "8D", "8C", "8H", "4S", "4H", "2S", "2D", "6D", "6C"], 9),
    ],
)
def test_scoring(pile: list[str], points: int) -> None:
    assert score_pile(pile) == points


def test_decision_q7_equal_totals_share_the_win() -> None:
    s = setup(hands=[["2H"], ["3H"], ["4H"]], piles=[["5S", "5H"], ["6S", "6H"], ["7S"]])
    s = play_round(s, ["2H", "3H", "4H"])
    out = Q.outcome(s)
    assert out is not None and out.winners == (0, 1) and out.scores == (1, 1, 0)
    assert Q.outcome(setup(hands=[["2H"], ["3H"], ["4H"]])) is None


# ---- unknown hands: a real table ---------------------------------------------
def test_unknown_hands_learn_cards_when_revealed() -> None:
    s = Q.new_state(3, {"hands": "unknown"}, seed=1)
    assert s.hands == (None, None, None) and s.hand_sizes == (16, 16, 16)
    s = play_round(s, ["3C", "6S", "7C"])
    assert s.row("C") == ("AC", "3C", "7C") and s.hand_sizes == (15, 15, 15)


def test_unknown_hands_refuse_what_cannot_be() -> None:
    s = play_round(Q.new_state(3, {"hands": "unknown"}, seed=1), ["3C", "6S", "7C"])
    refused(s, Play(0, "6S"), "card_seen")  # already on the table
    refused(s, Play(0, "AH"), "card_seen")  # the aces never leave the table
    s = Q.apply(s, Play(0, "9D"))
    refused(s, Play(0, "9H"), "already_chosen")  # a second card in the same round


def test_unknown_hands_refuse_cards_from_an_empty_hand() -> None:
    s = setup(hands=[None, None, None], sizes=[1, 1, 1])
    s = play_round(s, ["2H", "3H", "4H"])
    assert s.phase == "over"
    refused(s, Play(0, "5H"), "game_over")
    s = Q.from_setup(3, {}, [None, None, None], [[], [], []], None, [1, 1, 1])
    s = Q.apply(s, Play(0, "2H"))
    assert s.hand_sizes == (1, 1, 1)  # not revealed yet


def test_unknown_hands_list_every_unseen_card_as_possible() -> None:
    s = Q.new_state(3, {"hands": "unknown"}, seed=1)
    legal = Q.legal_actions(s, 0)
    assert len(legal) == 50  # 54 less the four aces
    s = Q.apply(s, Play(0, "2H"))
    # Seat 1 must not learn seat 0's face-down choice from his own list of cards.
    assert Q.legal_actions(s, 0) == [] and len(Q.legal_actions(s, 1)) == 50


def test_a_face_down_choice_changes_nothing_the_others_see_but_the_tick() -> None:
    s0 = Q.new_state(3, {"hands": "unknown"}, seed=1)
    s1 = Q.apply(s0, Play(0, "7H"))
    for seat in (1, 2):
        before, after = Q.view(s0, seat), Q.view(s1, seat)
        for key in ("has_chosen", "to_act"):
            before.pop(key), after.pop(key)
        assert before == after
    assert "7H" not in str(Q.view(s1, None))


def test_the_same_card_entered_twice_is_caught_at_the_reveal() -> None:
    s = Q.new_state(3, {"hands": "unknown"}, seed=1)
    s = play_round(s, ["9D", "5C", "9D"])
    assert s.phase == "choose" and s.round == 1 and s.row("D") == ("AD",)
    assert s.conflict == ("9D", (0, 2))
    assert Q.to_act(s) == {0, 2} and s.chosen == (None, "5C", None)
    assert Q.view(s, 1)["conflict"] == {"card": "9D", "players": [0, 2]}
    # the log says so in both languages, the card named as a card (not "il 9♦", "il Q♥")
    before = play_round(Q.new_state(3, {"hands": "unknown"}, seed=1), ["9D", "5C"])
    said = narrate(["Ada", "Bruno", "Carla"], before, Play(2, "9D"), s)[-1]
    assert said["en"].startswith("The 9♦ was entered twice (Ada & Carla)")
    assert said["it"].startswith("La carta 9♦ è stata indicata due volte (Ada & Carla)")
    s = Q.apply(Q.apply(s, Play(0, "9D")), Play(2, "8D"))
    assert s.round == 2 and s.conflict is None and s.row("D") == ("AD", "8D", "9D")


def test_unknown_hand_view_shows_no_hand() -> None:
    s = Q.new_state(3, {"hands": "unknown"}, seed=1)
    assert Q.view(s, 0)["hand"] is None and Q.view(s, 0)["known_hands"] is False


# ---- undo ------------------------------------------------------------------
def test_undo_allowed_until_the_round_is_revealed() -> None:
    s0 = setup(hands=[["2H", "5H"], ["3H", "6H"], ["4H", "7H"]])
    s1 = Q.apply(s0, Play(0, "2H"))
    assert Q.can_undo(s1, Play(0, "2H"))
    s3 = play_round(s0, ["2H", "3H", "4H"])
    assert not Q.can_undo(s3, Play(2, "4H"))


def test_json_round_trip() -> None:
    s = play_round(Q.new_state(4, {"hands": "known"}, seed=5), [])
    s = Q.apply(s, Q.legal_actions(s, 0)[0])
    assert Q.load_state(Q.dump_state(s)) == s
    a = Play(2, "10S")
    assert Q.load_action(Q.dump_action(a)) == a
    r = ChooseRow(1, "C")
    assert Q.load_action(Q.dump_action(r)) == r


def test_score_sets_explain_the_total_with_the_jokers_choice() -> None:
    from companion.games.quinta.scoring import best_assignment, score_sets

    pile = ["JK2", "7S", "7D", "7H", "8D", "8C", "8H", "4S", "4H", "2S", "2D", "6D", "6C", "QD"]
    points, jokers = best_assignment(pile)
    assert points == 9 and jokers["JK2"] in ("7", "8")
    sets = score_sets(pile)
    assert sum(x["points"] for x in sets) == 9
    assert sets[0]["points"] == 4 and "JK2" in sets[0]["cards"]
    assert score_sets(["2H", "3H"]) == []


@pytest.mark.parametrize(
    ("card", "it", "en"),
    [
        ("9D", "Il 9 di quadri non è nella tua mano.", "The 9 of diamonds is not in your hand."),
        ("AS", "L'asso di picche non è nella tua mano.", "The ace of spades is not in your hand."),
        ("QH", "La donna di cuori non è nella tua mano.", "The queen of hearts is not in your hand."),
        ("8C", "L'8 di fiori non è nella tua mano.", "The 8 of clubs is not in your hand."),
        ("JK1", "Il jolly rosso non è nella tua mano.", "The red joker is not in your hand."),
    ],
)
def test_refusals_name_the_card_in_both_languages(card: str, it: str, en: str) -> None:
    s = setup(hands=[["2H"], ["3H"], ["4H"]])
    with pytest.raises(IllegalAction) as e:
        Q.check(s, Play(0, card))
    assert (e.value.message_it, e.value.message) == (it, en)
