"""A scenario command naming a card with a space in it ("red select attack 06") is
refused with the way to write it: a card is one word in a command ("@attack06")."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cosmic.scenario import ScenarioError, run_scenario

BASE = (Path(__file__).parent / "scenarios" / "start_turn_new_hand_refused.toml").read_text()


def test_a_card_split_in_two_words_is_refused_with_the_one_word_form() -> None:
    text = BASE.replace('do = "red newhand"', 'do = "red select attack 06"') \
        .replace('error = "holds no encounter card"\n', "")
    with pytest.raises(ScenarioError, match=r"red holds no 'attack' \(a card is one word "
                                            r"in a command, as @attack08\)"):
        run_scenario(text)
    one_word = BASE.replace('do = "red newhand"', 'do = "red select @nonesuch"') \
        .replace('error = "holds no encounter card"\n', "")
    with pytest.raises(ScenarioError) as refused:
        run_scenario(one_word)
    assert "one word" not in str(refused.value)
