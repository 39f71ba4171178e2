"""Il Diavolo's indivisible pot (DECISION D9): what each paid into the standing pot is known,
one more deal is offered while a pot waits, and an evening ended anyway gives each player
back exactly what he paid, line by line. Each refusal is checked in English and Italian."""

from __future__ import annotations

import json
import random

import pytest
from flask.testing import FlaskClient

from companion.games.diavolo.bot import EVENING, LAST_DEAL, DiavoloBot
from companion.games.diavolo.engine import RULES as D
from companion.games.diavolo.state import Ask, Deal, DiavoloState, End, Note, Withdraw
from companion.games.diavolo.story import narrate
from companion.games.engine import IllegalAction, SetupError
from companion.games.registry import hints_for, rule_link

from .helpers import act, bearer, create, join, state

NAMES = ["Aldo", "Bice", "Ciro"]


def _refused(s: DiavoloState, a: object) -> IllegalAction:
    before = D.dump_state(s)
    with pytest.raises(IllegalAction) as e:
        D.apply(s, a)  # type: ignore[arg-type]
    assert D.dump_state(s) == before
    return e.value


def _pot_left() -> DiavoloState:
    """Ciro deals; Aldo asks once, then everybody withdraws: a pot of 4 stays (D3)."""
    s = D.from_setup(3, 1, 2, ["2S", "3S", "4S", "5S"], [0, 0, 0], 0)
    s = D.apply(s, Ask(0))
    for p in (1, 2, 0):
        s = D.apply(s, Withdraw(p))
    assert s.phase == "await_deal" and s.pot == 4 and s.pot_paid == (2, 1, 1) and s.pot_asks == (1, 0, 0)
    return s


def test_the_engine_counts_what_each_paid_into_the_standing_pot() -> None:
    s = _pot_left()
    s = D.apply(s, Deal(0, ("6S", "7S", "8S", "9S")))  # Aldo deals: antes from everyone
    assert s.pot == 7 and s.pot_paid == (3, 2, 2) and sum(s.pot_paid) == s.pot
    s = D.apply(s, Ask(1))  # Bice: 6 + 9 = 15, she takes the pot: nobody is owed anything
    assert s.deal_winner == 1 and s.pot == 0 and s.pot_paid == (0, 0, 0) and s.pot_asks == (0, 0, 0)
    devil = D.from_setup(2, 2, 1, ["T15", "2S"], [0, 0], 0)  # the Devil on the first card
    assert devil.deal_winner == 0 and devil.pot_paid == (0, 0)


def test_ending_the_evening_gives_back_what_each_paid_never_an_equal_split() -> None:
    s = _pot_left()
    over = D.apply(s, End(0))
    assert over.phase == "over" and over.pot == 0 and over.balances == (0, 0, 0)
    assert over.refunded == (2, 1, 1) and over.refunded_asks == (1, 0, 0)
    out = D.outcome(over)
    assert out is not None and out.payouts == (0, 0, 0)
    view = D.view(over, None)
    assert view["refunded"] == [2, 1, 1] and view["refunded_asks"] == [1, 0, 0]
    assert D.load_state(json.loads(json.dumps(D.dump_state(over)))) == over


def test_the_stake_counts_in_chips() -> None:
    s = D.from_setup(2, 5, 1, ["2S", "3S", "4S"], [0, 0], 0)
    s = D.apply(s, Ask(0))
    s = D.apply(s, Withdraw(1))
    s = D.apply(s, Withdraw(0))
    assert s.pot == 15 and s.pot_paid == (10, 5)
    assert D.apply(s, End(0)).balances == (0, 0)


def test_with_real_cards_the_payments_are_counted_the_same_way() -> None:
    s = D.new_state(3, {"hands": "unknown", "dealer": 2}, 4)
    s = D.apply(s, Ask(0))
    s = D.apply(s, Note(0, "2S"))
    s = D.apply(s, Note(0, "3C"))  # entered both: no 15, his turn passes
    for p in (1, 2, 0):
        s = D.apply(s, Withdraw(p))
    assert s.pot_paid == (2, 1, 1)
    assert D.apply(s, End(0)).balances == (0, 0, 0)


def test_between_deals_the_deal_is_offered_first_and_ending_stays_allowed() -> None:
    s = _pot_left()
    assert D.legal_actions(s, 0) == [Deal(0), End(0)]
    assert D.view(s, 0)["pot_paid"] == [2, 1, 1]


def test_ending_the_evening_out_of_turn_is_refused_in_both_languages() -> None:
    e = _refused(_pot_left(), End(1))
    assert e.rule == "diavolo.end_not_dealer"
    assert e.text("en") == ("Seat 1, the next dealer, chooses between dealing the next hand and ending "
                            "the evening (DECISION D9).")
    assert e.text("it") == ("Sceglie il posto 1, il prossimo mazziere: distribuire la prossima mano o "
                            "chiudere la serata (DECISIONE D9).")
    assert rule_link(e.rule) == "/rules/diavolo#decision-d9"


def test_ending_the_evening_during_a_deal_is_refused_in_both_languages() -> None:
    s = D.from_setup(3, 1, 2, ["2S", "3S", "4S", "5S"], [0, 0, 0], 0)
    e = _refused(s, End(0))
    assert e.rule == "diavolo.end_mid_deal"
    assert e.text("en") == "The evening ends only between deals: finish this deal first (DECISION D9)."
    assert e.text("it") == ("La serata si chiude solo tra una mano e l'altra: prima finite questa mano "
                            "(DECISIONE D9).")
    assert rule_link(e.rule) == "/rules/diavolo#decision-d9"


def test_a_deal_after_the_evening_ended_is_refused_in_both_languages() -> None:
    over = D.apply(_pot_left(), End(0))
    e = _refused(over, Deal(0))
    assert e.rule == "diavolo.game_over"
    assert e.text("en") == "The evening is over." and e.text("it") == "La serata è finita."


def test_a_setup_pot_says_who_paid_it_or_stays_on_the_table() -> None:
    with pytest.raises(SetupError):
        D.from_setup(2, 1, 1, ["2S", "3S", "4S"], [0, 0], 3, [2, 2])  # more than the pot
    with pytest.raises(SetupError):
        D.from_setup(2, 1, 1, ["2S", "3S", "4S"], [0, 0], 3, [1])
    s = D.from_setup(2, 1, 1, ["2S", "3S", "4S"], [-2, -1], 3, [2, 1])
    assert s.pot_paid == (3, 2)
    # Nobody's share of a carried pot on record: that part is not handed to anyone.
    s = D.from_setup(2, 1, 1, ["2S", "3S", "4S"], [0, 0], 3)
    for p in (0, 1):
        s = D.apply(s, Withdraw(p))
    over = D.apply(s, End(0))
    assert over.pot == 3 and over.balances == (0, 0) and over.refunded == (1, 1)
    lines = narrate(["Aldo", "Bice"], s, End(0), over)
    assert "3 of the pot came from before the record" in lines[-1]["en"]
    assert "resta sul tavolo" in lines[-1]["it"]


def test_the_log_gives_the_pot_back_line_by_line_in_both_languages() -> None:
    s = _pot_left()
    lines = narrate(NAMES, s, End(0), D.apply(s, End(0)))
    assert [line["en"] for line in lines] == [
        "The evening is over.",
        "Nobody won the pot of 4, and it is indivisible: each player takes back what they paid into it "
        "since it was last won.",
        "Aldo takes back 2 (1 for antes, 1 for cards asked).",
        "Bice takes back 1 (1 for antes, 0 for cards asked).",
        "Ciro takes back 1 (1 for antes, 0 for cards asked)."]
    assert [line["it"] for line in lines][1:3] == [
        "Nessuno ha vinto il piatto di 4, che è indivisibile: ognuno riprende quanto ci ha versato da "
        "quando è stato vinto l'ultima volta.",
        "Aldo riprende 2 (1 per le entrate, 1 per le carte chieste)."]
    assert not any("equal" in line["en"] or "uguali" in line["it"] for line in lines)


def test_hints_between_deals_explain_the_pot_waiting_and_what_ending_gives_back() -> None:
    s = _pot_left()
    found = hints_for("diavolo", D, s, 0, NAMES)
    deal, end = found.moves
    assert deal.action == {"type": "deal"} and end.action == {"type": "end"}
    assert "the pot of 4 is indivisible" in deal.en and "con le entrate sale a 7" in deal.it
    assert "Aldo 2, Bice 1, Ciro 1" in end.en and "Aldo 2, Bice 1, Ciro 1" in end.it
    assert end.facts == {"refunds": [2, 1, 1]}
    assert hints_for("diavolo", D, s, 1, NAMES).moves == ()  # not his choice


def test_the_bot_deals_on_while_a_pot_waits_and_ends_the_evening_once_it_is_won() -> None:
    bot = DiavoloBot()
    rng = random.Random(0)
    legal = [Deal(0), End(0)]
    waiting = {"deal": EVENING + 3, "pot": 6}
    assert bot.choose(waiting, legal, rng) == Deal(0)
    assert bot.choose({"deal": EVENING, "pot": 0}, legal, rng) == End(0)
    assert bot.choose({"deal": LAST_DEAL, "pot": 6}, legal, rng) == End(0)  # an evening must end
    assert bot.choose({"deal": 2, "pot": 0}, legal, rng) == Deal(0)


def test_an_evening_ended_with_a_pot_through_the_api(client: FlaskClient) -> None:
    tid = create(client, game="diavolo", players=NAMES, options={"hands": "known", "dealer": 2})["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    for _ in range(30):
        view = state(client, tid)
        s = view["state"]
        if s["phase"] == "await_deal" and s["pot"]:
            break
        seat = s["to_act"][0]
        kind = "deal" if s["phase"] == "await_deal" else "withdraw"
        assert act(client, tid, tokens[seat], {"type": kind}).status_code == 200
    paid, dealer = s["pot_paid"], s["to_act"][0]
    assert sum(paid) == s["pot"] > 0
    assert act(client, tid, tokens[dealer], {"type": "end"}).status_code == 200
    done = client.get(f"/api/tables/{tid}/state", headers=bearer(tokens[0])).get_json()
    # the deal is shuffled: a deal may have been won before the pot formed, so each seat ends
    # with what it had, plus what it paid into the pot given back
    back = [b + p for b, p in zip(s["balances"], paid, strict=True)]
    assert done["outcome"]["payouts"] == back and sum(back) == 0 and done["state"]["refunded"] == paid
    refunds = [line for line in done["log"] if line.get("kind") == "refund"]
    assert [line["en"] for line in refunds] == [
        f"{n} takes back {paid[i]} ({paid[i]} for antes, 0 for cards asked)." for i, n in enumerate(NAMES)]


def test_the_end_hint_says_what_of_a_carried_pot_has_no_known_payer() -> None:
    """A pot of 5 carried in from before the record: the antes paid since are known, the 5 are
    nobody's on record and stay on the table (the settlement says the same)."""
    s = D.from_setup(2, 1, 1, ["2S", "3S", "4S"], [0, 0], 5)
    s = D.apply(D.apply(s, Withdraw(0)), Withdraw(1))
    assert s.pot == 7 and s.pot_paid == (1, 1)
    end = hints_for("diavolo", D, s, 0, ["Aldo", "Bice"]).moves[1]
    assert end.en == ("End the evening anyway: nobody wins the pot of 7; each player takes back what they "
                      "paid into it since it was last won (Aldo 1, Bice 1); the other 5 has no known payer "
                      "and stays on the table.")
    assert end.it == ("Chiudi comunque la serata: nessuno vince il piatto di 7; ognuno riprende quanto ci "
                      "ha versato da quando è stato vinto l'ultima volta (Aldo 1, Bice 1); gli altri 5 non "
                      "si sa chi li ha versati e restano sul tavolo.")
    over = D.apply(s, End(0))
    assert over.pot == 5 and over.balances == (0, 0)
