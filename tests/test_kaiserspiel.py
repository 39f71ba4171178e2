"""Kaiserspiel rules: one test per rule and DECISION of shared/rules/kaiserspiel.md (the trick
table is in test_kaiserspiel_tricks.py, the scenarios replay in test_scenarios.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

from companion.games.engine import IllegalAction, SetupError, can
from companion.games.kaiserspiel.cards import logical_cards
from companion.games.kaiserspiel.engine import (
    RULES as K,
)
from companion.games.kaiserspiel.engine import (
    Accept,
    Action,
    Deal,
    DeclareKaiser,
    Discard,
    KaiserState,
    Pass,
    Play,
    Raise,
    Refuse,
    Reveal,
)
from companion.games.kaiserspiel.hand import marks
from companion.games.kaiserspiel.tally import total

URS, VRENI, WERNER, YVONNE = range(4)  # teams: A = Urs & Werner, B = Vreni & Yvonne

# Scenario 01's deal: trumps hearts (2H and 2D tie; Vreni's was dealt first).
UP1 = ["6C", "2H", "KS", "2D"]
HANDS1 = [["5H", "KC", "3S", "7D", "QD", "4C"], ["JH", "6S", "5C", "KD", "2C", "3D"],
          ["6H", "QS", "4D", "7S", "5S", "2S"], ["3H", "KH", "6D", "JC", "4S", "AS"]]
DISCARDS1 = [("4C", "3S"), ("2C", "3D"), ("2S", "7S"), ("4S", "AS")]
# Scenario 02's deal: trumps spades; Urs holds AC, Vreni AH.
UP2 = ["2S", "5D", "7C", "JH"]
HANDS2 = [["QD", "AC", "4H", "7H", "3C", "5H"], ["3S", "KH", "6C", "2D", "4C", "AH"],
          ["KD", "JS", "5C", "3H", "2C", "6D"], ["6S", "4S", "KC", "QH", "7D", "3D"]]
DISCARDS2 = [("3C", "5H"), ("6C", "4C"), ("2C", "5C"), ("KC", "3D")]
# Trumps hearts; Urs holds the three top trumps and team A sweeps; Vreni holds the Devil 7H.
UP3 = ["2H", "KS", "QC", "KD"]
HANDS3 = [["5H", "JH", "6H", "3C", "4C", "5C"], ["2S", "3S", "4S", "5S", "6S", "7H"],
          ["2C", "6C", "7C", "2D", "3D", "4D"], ["5D", "6D", "7D", "JD", "QD", "JC"]]
DISCARDS3 = [("4C", "5C"), ("2S", "3S"), ("3D", "4D"), ("QD", "JC")]


def table(up: Sequence[str] = UP1, hands: Sequence[Sequence[str]] = HANDS1, dealer: int = YVONNE,
          scores: tuple[int, int] = (0, 0), size: int = 40, target: int = 101) -> KaiserState:
    return K.from_setup(size, target, dealer, up, hands, scores)


def run(s: KaiserState, *actions: Action) -> KaiserState:
    for a in actions:
        s = K.apply(s, a)
    return s


def discard(s: KaiserState, discards: Sequence[tuple[str, str]]) -> KaiserState:
    return run(s, *(Discard(p, d) for p, d in enumerate(discards)))


def passes(s: KaiserState, n: int = 4) -> KaiserState:
    for _ in range(n):
        s = K.apply(s, Pass(s.turn if s.turn is not None else -1))
    return s


def plays(s: KaiserState, *cards: str) -> KaiserState:
    for c in cards:
        (seat,) = K.to_act(s)
        s = K.apply(s, Play(seat, c))
    return s


def refused(s: KaiserState, a: Action) -> str:
    before = K.dump_state(s)
    with pytest.raises(IllegalAction) as e:
        K.apply(s, a)
    assert e.value.message and e.value.message_it and e.value.message != e.value.message_it
    assert K.dump_state(s) == before
    return e.value.rule


# ---- set-up ------------------------------------------------------------------
def test_options_and_setup_limits() -> None:
    for players, options in [(3, {}), (5, {}), (4, {"deck": 44}), (4, {"pack": "italian", "deck": 48}),
                             (4, {"target": 0}), (4, {"stake": 2}), (4, {"dealer": 4}),
                             (4, {"pack": "uno"}), (4, {"hands": "some"})]:
        with pytest.raises(SetupError):
            K.new_state(players, options, 1)
    s = K.new_state(4, {"deck": 48, "target": 51, "pack": "tarot", "dealer": 2}, 5)
    assert (s.size, s.target, s.pack, s.dealer, s.first) == (48, 51, "tarot", 2, 3)
    with pytest.raises(SetupError):
        table(scores=(101, 0))
    with pytest.raises(SetupError):
        table(hands=[*HANDS1[:3], ["3H", "KH", "6D", "JC", "4S", "2H"]])  # 2H twice


def test_decision_k1_teams_and_k4_the_face_up_card_stays_in_hand() -> None:
    s = K.new_state(4, {"dealer": 1}, 9)
    assert s.phase == "discard" and K.to_act(s) == frozenset(range(4))
    dealt = [c for h in s.hands for c in h or ()]
    assert len(dealt) == 28 == len(set(dealt)) and set(dealt) <= set(logical_cards(40))
    for p in range(4):
        hand = s.hands[p] or ()
        assert len(hand) == 7 and hand[0] == s.face_up[p]
    order = [2, 3, 0, 1]  # the first player (after the dealer) gets the first face-up card
    lowest = min(order, key=lambda p: ("23456789AJQK".index((s.face_up[p] or "")[0]), order.index(p)))
    assert s.trump == (s.face_up[lowest] or "")[-1]


def test_decision_k3_the_first_dealt_of_tied_lowest_cards_fixes_trumps() -> None:
    assert table().trump == "H"  # Vreni's 2H before Yvonne's 2D
    assert table(dealer=URS).trump == "H"  # Vreni, Werner, Yvonne, Urs: Vreni's 2H first
    assert table(dealer=VRENI).trump == "D"  # Werner, Yvonne, Urs, Vreni: Yvonne's 2D first
    assert table(dealer=WERNER).trump == "D"  # Yvonne first


# ---- the discard -------------------------------------------------------------
def test_discard_exactly_two_of_your_own_cards_once_in_any_order() -> None:
    s = table()
    assert refused(s, Discard(URS, ("4C",))) == "kaiserspiel.discard_two"
    assert refused(s, Discard(URS, ("4C", "4C"))) == "kaiserspiel.discard_two"
    assert refused(s, Discard(URS, ("4C", "JH"))) == "kaiserspiel.not_in_hand"
    assert refused(s, Pass(URS)) == "kaiserspiel.declare_early"
    assert refused(s, Play(URS, "5H")) == "kaiserspiel.play_early"
    s = run(s, Discard(YVONNE, ("3H", "2D")), Discard(URS, ("6C", "5H")))  # face-up cards may go
    assert refused(s, Discard(URS, ("KC", "7D"))) == "kaiserspiel.discarded_twice"
    assert K.to_act(s) == frozenset({VRENI, WERNER})
    s = run(s, Discard(WERNER, DISCARDS1[2]), Discard(VRENI, DISCARDS1[1]))
    assert s.phase == "declare" and s.turn == URS and s.hand_sizes == (5, 5, 5, 5)
    assert s.hands[URS] == ("KC", "3S", "7D", "QD", "4C")
    assert refused(s, Discard(URS, ("KC", "7D"))) == "kaiserspiel.discarded_twice"


# ---- declarations ------------------------------------------------------------
def test_decision_k5_the_declaration_round() -> None:
    s = discard(table(), DISCARDS1)
    assert refused(s, Pass(VRENI)) == "kaiserspiel.not_your_turn"
    assert refused(s, Accept(VRENI)) == "kaiserspiel.nothing_to_answer"
    s = run(s, Pass(URS), Raise(VRENI))
    assert (s.phase, s.turn, s.value) == ("respond", WERNER, 4)  # the raise is not counted yet
    assert refused(s, Accept(URS)) == "kaiserspiel.not_responder"  # Werner's partner may not answer
    assert refused(s, Pass(WERNER)) == "kaiserspiel.answer_first"
    assert refused(s, Raise(VRENI)) == "kaiserspiel.pending"
    s = run(s, Accept(WERNER))
    assert (s.phase, s.turn, s.value, s.passes) == ("declare", WERNER, 7, 0)  # the responder speaks
    s = run(s, Pass(WERNER), Pass(YVONNE), Raise(URS), Accept(VRENI), Pass(VRENI))
    s = run(s, Raise(WERNER), Accept(YVONNE))  # the same team raises again
    assert s.value == 13 and s.raises == (3, 3, 3)
    s = passes(s, 3)
    assert s.phase == "declare"  # only three passes in a row
    s = passes(s, 1)
    assert (s.phase, K.to_act(s), s.value) == ("play", frozenset({URS}), 13)
    assert refused(s, Raise(URS)) == "kaiserspiel.play_started"  # DECISION K6


def test_a_refused_raise_ends_the_hand_at_the_previous_value() -> None:
    s = discard(table(), DISCARDS1)
    s = run(s, Raise(URS), Accept(VRENI), Raise(VRENI), Accept(WERNER), Raise(WERNER), Refuse(YVONNE))
    assert s.phase == "await_deal" and s.scores == (10, 0)  # team A raised: it scores 4 + 3 + 3
    assert s.result is not None and (s.result.by, s.result.points) == ("refusal", 10)
    assert marks(s) == {"A": ["LHX"], "B": []}
    assert refused(s, Play(URS, "5H")) == "kaiserspiel.hand_over"
    assert refused(s, Pass(URS)) == "kaiserspiel.hand_over"


def test_kaisers_are_shown_aces_that_count_once_accepted() -> None:
    s = discard(table(UP2, HANDS2), DISCARDS2)
    assert refused(s, DeclareKaiser(URS, "QD")) == "kaiserspiel.not_an_ace"
    assert refused(s, DeclareKaiser(URS, "AH")) == "kaiserspiel.not_in_hand"
    assert refused(s, DeclareKaiser(URS, "9C")) == "kaiserspiel.unknown_card"
    s = run(s, DeclareKaiser(URS, "AC"))
    assert s.kaisers == () and s.value == 4 and s.context.kind("AC") == "plain"
    s = run(s, Accept(VRENI))
    assert s.kaisers == ((URS, "AC"),) and s.value == 5 and s.context.kind("AC") == "unter_beater"
    s = run(s, Pass(VRENI), Pass(WERNER), Pass(YVONNE))
    assert refused(s, DeclareKaiser(URS, "AC")) == "kaiserspiel.kaiser_twice"
    s = run(s, Raise(URS), Accept(VRENI), DeclareKaiser(VRENI, "AH"), Refuse(WERNER))
    # Team B's Kaiser was refused: team B scores the value before it, with Urs's raises in it.
    assert s.result is not None and (s.result.team, s.result.points) == (1, 8)
    assert marks(s)["B"] == ["LSH"]


def test_a_kaiser_refused_is_not_a_kaiser() -> None:
    s = run(discard(table(UP2, HANDS2), DISCARDS2), DeclareKaiser(URS, "AC"), Refuse(VRENI))
    assert s.kaisers == () and s.scores == (4, 0) and marks(s)["A"] == ["L"]


# ---- play --------------------------------------------------------------------
def test_free_play_out_of_turn_refused_and_decision_k9_three_tricks_end_the_hand() -> None:
    s = passes(discard(table(UP3, HANDS3), DISCARDS3))
    assert refused(s, Play(VRENI, "KS")) == "kaiserspiel.not_your_turn"
    assert refused(s, Play(URS, "4C")) == "kaiserspiel.not_in_hand"  # discarded
    s = plays(s, "5H", "KS", "QC", "KD")  # nobody need follow: any card goes
    assert s.trick_winners == (URS,) and s.tricks_won == (1, 0) and s.leader == URS
    assert refused(s, Play(URS, "5H")) == "kaiserspiel.card_seen"
    s = plays(s, "JH", "4S", "2C", "5D", "6H", "5S", "6C", "6D")
    assert s.tricks_won == (3, 0) and s.phase == "await_deal"
    assert [len(h or ()) for h in s.hands] == [2, 2, 2, 2]  # the last two tricks are not played
    assert s.result is not None and (s.result.team, s.result.by, s.result.points) == (0, "tricks", 4)
    assert refused(s, Play(URS, "2H")) == "kaiserspiel.hand_over"


def test_the_devil_not_led_beats_nothing() -> None:
    s = passes(discard(table(UP3, HANDS3), DISCARDS3))
    s = plays(s, "3C", "7H", "2C", "5D")
    assert s.trick_winners == (URS,)
    view = K.view(s, None)["last_trick"]
    assert [v["reason"] for v in view] == ["lead", "devil_not_led", "lower_plain", "off_suit"]


def test_forty_eight_cards_the_nine_of_trumps_is_the_devil() -> None:
    up = ["8C", "9S", "2H", "4D"]
    hands = [["9H", "8H", "3S", "5D", "6C", "9D"], ["JH", "7H", "2C", "KC", "8D", "4S"],
             ["4H", "QD", "7C", "5S", "3C", "8S"], ["AH", "6H", "7S", "9C", "QS", "2D"]]
    s = passes(discard(table(up, hands, size=48), [("3S", "6C"), ("2C", "KC"), ("QD", "3C"),
                                                     ("9C", "QS")]))
    led = plays(s, "9H", "7H", "2H", "6H")
    assert led.trick_winners == (URS,)  # the led 9 beats the full trumps 2H and 6H
    s = plays(s, "9H", "JH", "2H", "6H")
    assert s.trick_winners == (VRENI,)


# ---- the deal and the game ----------------------------------------------------
def test_decision_k2_the_deal_passes_to_the_next_player() -> None:
    s = run(discard(table(), DISCARDS1), Raise(URS), Refuse(VRENI))
    assert K.to_act(s) == frozenset({URS}) and K.legal_actions(s, URS) == [Deal(URS)]
    assert refused(s, Deal(VRENI)) == "kaiserspiel.not_dealer"
    assert refused(s, Deal(URS, tuple(UP1), (("2H",) * 6,) * 4)) == "kaiserspiel.bad_deal"
    dealt = K.apply(s, Deal(URS))
    assert (dealt.dealer, dealt.first, dealt.hand_no, dealt.phase) == (URS, VRENI, 2, "discard")
    assert dealt.result is None and dealt.value == 4 and dealt.scores == (4, 0)
    given = K.apply(s, Deal(URS, ("7C", "4H", "JS", "QC"), tuple(tuple(h) for h in HANDS1)))
    assert given.trump == "H" and given.hands[URS] == ("7C", *HANDS1[0])
    given = discard(given, DISCARDS1)
    assert given.turn == VRENI
    assert K.to_act(passes(given)) == frozenset({VRENI})  # the first player leads


def test_reaching_the_target_ends_the_game_even_a_tavolino() -> None:
    s = run(discard(table(scores=(99, 100)), DISCARDS1), Raise(URS), Refuse(VRENI))
    assert s.phase == "over" and s.scores == (103, 100)
    out = K.outcome(s)
    assert out is not None and out.winners == (URS, WERNER) and out.scores == (103, 100, 103, 100)
    assert out.payouts == () and K.winner(s) == "A" and K.to_act(s) == frozenset()
    assert refused(s, Deal(VRENI)) == "kaiserspiel.game_over"
    assert marks(s) == {"A": ["L" * 24 + "H", "L"], "B": ["L" * 25]}  # openings drawn canonically


def _random_game(seed: int, mode: str, target: int = 101) -> KaiserState:
    rng = random.Random(seed)
    s = K.new_state(4, {"hands": mode, "target": target}, seed)
    hands_done = 0
    while K.outcome(s) is None:
        seat = rng.choice(sorted(K.to_act(s)))
        s = K.apply(s, rng.choice(K.legal_actions(s, seat)))
        if len(s.results) > hands_done:
            hands_done = len(s.results)
            board = marks(s)
            assert (total(board["A"]), total(board["B"])) == s.scores
            assert sum(len(board[t]) for t in "AB") == hands_done
    return s


@pytest.mark.parametrize("mode", ["known", "unknown"])
@pytest.mark.parametrize("seed", range(6))
def test_random_games_to_101_keep_the_board_equal_to_the_score(seed: int, mode: str) -> None:
    s = _random_game(seed, mode)
    a, b = s.scores
    assert max(a, b) >= 101 and min(a, b) < 101
    assert K.winner(s) == ("A" if a > b else "B")
    last = s.results[-1]
    assert s.scores[last.team] - last.points < 101  # the game ended with the hand that crossed


# ---- unknown hands --------------------------------------------------------------
def test_unknown_hands_enforce_what_everybody_sees() -> None:
    s = K.new_state(4, {"hands": "unknown", "dealer": YVONNE}, 1)
    assert s.phase == "reveal" and K.to_act(s) == frozenset(range(4)) and s.trump is None
    assert refused(s, Discard(URS)) == "kaiserspiel.reveal_first"
    s = run(s, Reveal(URS, "6C"), Reveal(WERNER, "AS"))
    assert refused(s, Reveal(VRENI, "6C")) == "kaiserspiel.card_seen"
    assert refused(s, Reveal(URS, "2H")) == "kaiserspiel.revealed_twice"
    s = run(s, Reveal(YVONNE, "2D"), Reveal(VRENI, "2H"))
    assert (s.trump, s.phase) == ("H", "discard")  # Vreni's 2H was dealt before Yvonne's 2D
    assert refused(s, Discard(URS, ("4C", "3S"))) == "kaiserspiel.discard_unseen"
    s = run(s, *(Discard(p) for p in range(4)))
    assert s.hand_sizes == (5, 5, 5, 5)
    assert refused(s, DeclareKaiser(URS, "AS")) == "kaiserspiel.card_seen"  # Werner's face-up Ace
    s = run(s, DeclareKaiser(URS, "AD"), Accept(VRENI))
    s = passes(s)
    assert refused(s, Play(URS, "2H")) == "kaiserspiel.card_seen"  # dealt face up to Vreni
    s = plays(s, "6C")  # his own face-up card
    assert refused(s, Play(VRENI, "6C")) == "kaiserspiel.card_seen"
    assert refused(s, Play(VRENI, "AD")) == "kaiserspiel.card_seen"  # Urs showed it
    assert refused(s, Play(VRENI, "9H")) == "kaiserspiel.unknown_card"
    assert Play(VRENI, "AD") not in K.legal_actions(s, VRENI)
    assert refused(s, Play(VRENI, "AS")) == "kaiserspiel.card_seen"  # Werner's face-up card
    s = plays(s, "2H", "AS", "JH")
    assert s.trick_winners == (YVONNE,)
    assert K.view(s, URS)["hand"] is None and not K.private(s, URS)
    # What everybody knows a seat does not hold, whoever's turn it is: the first trick's cards
    # (played, no longer on the table) and the cards shown to be another's, never his own.
    trick = {"6C", "2H", "AS", "JH"}
    assert K.cannot_hold(s, VRENI) == frozenset(trick | {"AD", "2D"})  # Urs's Kaiser, Yvonne's card
    assert K.cannot_hold(s, URS) == frozenset(trick | {"2D"})
    assert K.view(s, None)["cannot_hold"][URS] == sorted(trick | {"2D"})
    assert refused(s, Play(YVONNE, "6C")) == "kaiserspiel.card_seen"  # played in the first trick


def test_unknown_hands_take_no_dealt_cards() -> None:
    s = K.new_state(4, {"hands": "unknown", "dealer": YVONNE}, 1)
    s = run(s, *(Reveal(p, c) for p, c in enumerate(UP1)), *(Discard(p) for p in range(4)))
    s = run(s, Raise(URS), Refuse(VRENI))
    assert refused(s, Deal(URS, tuple(UP1), tuple(tuple(h) for h in HANDS1))) == "kaiserspiel.deal_unknown"
    assert K.apply(s, Deal(URS)).phase == "reveal"


# ---- the engine's contract, in detail ------------------------------------------
def _candidates(s: KaiserState, seat: int) -> list[Action]:
    cards = logical_cards(s.size)
    out: list[Action] = [Pass(seat), Raise(seat), Accept(seat), Refuse(seat), Deal(seat), Discard(seat)]
    out += [Play(seat, c) for c in cards] + [Reveal(seat, c) for c in cards]
    out += [DeclareKaiser(seat, c) for c in cards if c.startswith("A")]
    hand = s.hands[seat] or ()
    out += [Discard(seat, (a, b)) for a in hand for b in hand if a < b]
    return out


@pytest.mark.parametrize("mode", ["known", "unknown"])
def test_legal_actions_are_exactly_the_actions_check_accepts(mode: str) -> None:
    rng = random.Random(4)
    s = K.new_state(4, {"hands": mode}, 4)
    for _ in range(400):
        if K.outcome(s) is not None:
            break
        for seat in range(4):
            legal = K.legal_actions(s, seat)
            for a in _candidates(s, seat):
                if isinstance(a, Discard) and a.cards:
                    a = Discard(seat, tuple(sorted(a.cards, key=logical_cards(48).index)))
                assert can(K, s, a) == (a in legal), (s.phase, a)
        seat = rng.choice(sorted(K.to_act(s)))
        s = K.apply(s, rng.choice(K.legal_actions(s, seat)))


@pytest.mark.parametrize("mode", ["known", "unknown"])
def test_json_round_trips_at_every_step(mode: str) -> None:
    rng = random.Random(11)
    s = K.new_state(4, {"hands": mode, "target": 30}, 11)
    while K.outcome(s) is None:
        assert K.load_state(json.loads(json.dumps(K.dump_state(s)))) == s
        seat = rng.choice(sorted(K.to_act(s)))
        a = rng.choice(K.legal_actions(s, seat))
        assert K.load_action(json.loads(json.dumps(K.dump_action(a)))) == a
        s = K.apply(s, a)
    assert K.load_state(json.loads(json.dumps(K.dump_state(s)))) == s
    deal = Deal(0, tuple(UP1), tuple(tuple(h) for h in HANDS1))
    assert K.load_action(K.dump_action(deal)) == deal
    for junk in ({"type": "stand", "player": 0}, {"type": "play", "player": "x", "card": "AH"},
                 {"type": "discard", "player": 0, "cards": "AH"}, {"type": "deal", "player": 0,
                                                                     "face_up": ["AH"], "hands": 3}):
        with pytest.raises(IllegalAction):
            K.load_action(junk)


def test_views_hide_other_hands_and_discards() -> None:
    s = run(discard(table(), DISCARDS1), Pass(URS))
    public = K.view(s, None)
    text = json.dumps(public)
    assert '"hand"' not in text and "my_discards" not in text
    assert public["face_up"] == UP1 and public["trump"] == "H" and public["marks"] == {"A": [], "B": []}
    for seat in range(4):
        view = K.view(s, seat)
        assert view["hand"] == list(s.hands[seat] or ())
        assert view["my_discards"] == list(DISCARDS1[seat])
        seen = json.dumps(view)
        for other in range(4):
            if other == seat:
                continue
            for card in [*(s.hands[other] or ()), *DISCARDS1[other]]:
                if card not in UP1:
                    assert f'"{card}"' not in seen, (seat, card)


def test_undo_corrections_and_simultaneous_discards() -> None:
    s0 = table()
    s1 = K.apply(s0, Discard(URS, DISCARDS1[0]))
    assert K.commutes(s0, s1, Discard(VRENI, DISCARDS1[1]))
    assert not K.commutes(s0, s1, Discard(URS, DISCARDS1[0]))
    s = discard(s0, DISCARDS1)
    assert K.can_undo(s, Discard(YVONNE, DISCARDS1[3]))
    s = run(s, Raise(URS))
    assert K.can_undo(s, Raise(URS))
    s = passes(run(s, Accept(VRENI)))
    after = plays(s, "5H")
    assert K.can_undo(after, Play(URS, "5H"))
    assert not K.can_undo(K.apply(after, Play(VRENI, "JH")), Play(URS, "5H"))
    assert not K.can_correct(s, after, Play(URS, "5H"), Play(URS, "KC"))  # a known hand
    u = K.new_state(4, {"hands": "unknown"}, 2)
    assert K.can_correct(u, u, Reveal(URS, "5H"), Reveal(URS, "6H"))
    assert not K.can_correct(u, u, Reveal(URS, "5H"), Reveal(VRENI, "6H"))
    assert K.can_correct(u, u, DeclareKaiser(URS, "AH"), DeclareKaiser(URS, "AD"))  # the Ace shown
    assert not K.can_correct(u, u, DeclareKaiser(URS, "AH"), DeclareKaiser(VRENI, "AD"))
    assert not K.can_correct(u, u, Raise(URS), Raise(URS))  # no card: nothing to correct
