"""Diavolo DECISION D7 (shared/rules/diavolo.md): a withdrawal is final for the deal."""

from __future__ import annotations

import pytest

from companion.games.diavolo.engine import RULES as D
from companion.games.diavolo.state import Ask, Withdraw
from companion.games.engine import IllegalAction


def test_decision_d7_a_withdrawn_player_never_speaks_again_in_the_deal() -> None:
    # Three players, player 2 deals: 0 gets 2S, 1 gets 3S, 2 gets 4S; 5S and 6S stay in the pile.
    s = D.from_setup(3, 1, 2, ["2S", "3S", "4S", "5S", "6S", "7S"], [0, 0, 0], 0)
    s = D.apply(s, Withdraw(0))
    assert s.withdrawn[0] and D.legal_actions(s, 0) == []
    s = D.apply(s, Ask(1))
    s = D.apply(s, Ask(2))
    # The next round of offers passes him by: player 1 speaks, never player 0 again.
    assert D.to_act(s) == {1}
    for action in (Ask(0), Withdraw(0)):
        with pytest.raises(IllegalAction) as refused:
            D.check(s, action)
        assert refused.value.rule == "diavolo.withdrawn"
        assert refused.value.text("en") != refused.value.text("it")  # said in both languages
