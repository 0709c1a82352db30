"""Powers that look at or move hidden cards go through the card source: only the entitled
seat learns the faces (LocalSource knowledge), and the public state learns none of them.

The Mind's look is a `show` chance (rules 001, Mind: it may not tell anyone what it saw);
the Trader's swap and the Demon's possession `deliver` cards to their new holder; the
Mutant's random take is a `hand_shuffle` followed by a `deliver` of the taken card alone.
"""

from __future__ import annotations

import pytest

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.local import LocalSource
from engine.cosmic.scenario import run_scenario

MIND = """
title = "Mind looks at the defense's hand"
rule = "001 Mind (FFG sheet)"
seats = 4
aliens = { yellow = "mind" }

[position]
offense = "red"
hands = { red = ["attack 20"], blue = ["attack 04", "negotiate", "morph"], yellow = ["negotiate"], green = ["attack 06"] }
destiny = ["blue"]

[[step]]
do = ["red proceed", "red launch blue.1 red.1:1", "yellow power 0 blue"]
expect = { step = "invite" }
"""


def _labels(faces: list[int]) -> list[str]:
    return sorted(C.CATALOGUE[f].label() for f in faces)


def test_mind_sees_the_hand_and_nobody_else_does() -> None:
    res = run_scenario(MIND)
    assert res.ok, res.failures
    s, src = res.state, res.source
    blue = s.hands[1]
    assert len(blue) == 3
    yellow_kn = src.knowledge[2].faces
    assert _labels([yellow_kn[h] for h in blue]) == ["attack 04", "morph", "negotiate"]
    for seat in (0, 3):  # the offense and the bystander learn nothing
        assert not set(blue) & set(src.knowledge[seat].faces)
    assert not set(blue) & set(s.faces), "the look must not make faces public"
    assert s.hands[1] == blue, "nothing moves"


def test_mind_look_is_a_show_chance_for_the_viewer(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[engine.Chance] = []
    answer = LocalSource.answer

    def recording(self: LocalSource, chance: engine.Chance) -> engine.Action:
        asked.append(chance)
        return answer(self, chance)

    monkeypatch.setattr(LocalSource, "answer", recording)
    res = run_scenario(MIND)
    shows = [c for c in asked if c.kind == "show"]
    assert len(shows) == 1 and shows[0].seat == 2
    assert sorted(shows[0].handles) == sorted(res.state.hands[1])
    revealed = {h for c in asked if c.kind == "reveal" for h in c.handles}
    assert not revealed & set(res.state.hands[1])


TRADER = """
title = "Trader swaps hands"
rule = "004 Trader (classic)"
seats = 3
aliens = { red = "trader" }

[position]
offense = "red"
hands = { red = ["attack 04", "negotiate"], blue = ["attack 30"], yellow = ["negotiate"] }
destiny = ["blue"]

[[step]]
do = ["red proceed", "red launch blue.1 red.1:4", "red invite none", "blue invite none",
      "red power 0"]
expect = { "holds.red" = ["attack 30"] }
"""


def test_trader_delivers_each_hand_to_its_new_holder_only() -> None:
    res = run_scenario(TRADER)
    assert res.ok, res.failures
    s, src = res.state, res.source
    (red_card,) = s.hands[0]
    assert src.knowledge[0].faces[red_card] == src.truth[red_card]
    assert red_card not in src.knowledge[2].faces  # the bystander learns nothing
    assert not (set(s.hands[0]) | set(s.hands[1])) & set(s.faces)


MUTANT = """
title = "Mutant takes at random"
rule = "004 Mutant (classic)"
seats = 3
aliens = { red = "mutant" }

[position]
offense = "red"
hands = { red = ["attack 04"], blue = ["attack 30", "negotiate", "morph"], yellow = ["negotiate"] }
destiny = ["blue"]

[[step]]
do = ["red proceed", "red launch blue.1 red.1:4", "red invite none", "blue invite none",
      "red power 0", "red power 1 blue", "red pass"]
expect = { "hand.red" = 2, "hand.blue" = 2 }
"""


def test_mutant_random_take_opens_only_the_taken_card() -> None:
    res = run_scenario(MUTANT)
    assert res.ok, res.failures
    s, src = res.state, res.source
    red_kn, blue_kn = src.knowledge[0].faces, src.knowledge[1].faces
    assert len(s.hands[0]) == 2 and all(red_kn[h] == src.truth[h] for h in s.hands[0])
    assert not set(s.hands[1]) & set(red_kn), "red must not learn blue's other cards"
    assert all(h in blue_kn for h in s.hands[1]), "blue still knows its own hand"
    assert not set(s.hands[1]) & set(s.faces)


DEMON = """
title = "Demon possesses"
rule = "001 Demon (FFG sheet)"
seats = 3
aliens = { red = "demon" }

[position]
offense = "red"
hands = { red = ["attack 04"], blue = ["attack 10"], yellow = ["attack 30", "negotiate"] }
destiny = ["blue"]

[[step]]
do = ["red proceed", "red launch blue.1 red.1:4", "red power 0 yellow"]
expect = { "hand.red" = 3 }
"""


def test_demon_possession_is_marked_and_opened_to_the_demon_only() -> None:
    res = run_scenario(DEMON)
    assert res.ok, res.failures
    s, src = res.state, res.source
    demon, owner, cards = s.extra["demon"]
    assert (demon, owner) == (0, 2) and set(cards) <= set(s.hands[0])
    assert all(h in src.knowledge[0].faces for h in cards)
    assert not set(cards) & set(src.knowledge[1].faces)
    assert engine.powers.held_for_others(s, 0) == tuple(cards)
    assert engine.powers.held_for_others(s, 1) == ()
