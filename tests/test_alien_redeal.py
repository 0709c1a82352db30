"""The Anarchy's redeal (engine.alien_deal `redeal_steps`): every seat's alien is a
`new_alien` chance from what is left of the pool, and the leftovers are out of the game."""

from __future__ import annotations

from pathlib import Path

from engine import cosmic as engine
from engine.cosmic.alien_deal import REMOVED, unheld
from engine.cosmic.api import _settle  # runs the automatic steps, as apply does
from engine.cosmic.scenario import run_scenario

KEPT = Path(__file__).parent / "scenarios" / "aliens" / "anarchy_kept.toml"


def test_leftover_powers_are_out_of_the_game() -> None:
    res = run_scenario(KEPT.read_text(encoding="utf-8"))
    assert res.ok, res.failures
    s = res.state
    assert s.extra[REMOVED] == ["warpish"]
    assert "kept" not in s.extra  # nothing is kept beneath any more
    free = unheld(s)
    assert "warpish" not in free and "macron" in free
    assert not set(s.aliens) & set(free)


def test_each_draw_is_a_chance_from_what_is_left() -> None:
    s = engine.new_game(engine.Config(3, aliens=("mind", "warpish", "anarchy")))
    from engine.cosmic.alien_deal import redeal_steps
    s = s.clone()  # a redeal pushed on top of the setup: its chances come first
    s.stack = s.stack + tuple(redeal_steps([0, 1, 2], ["anarchy", "mind", "warpish"], "alliance"))
    _settle(s)
    seen = []
    for index in (2, 0, 0):
        p = engine.pending(s)
        assert p.chance is not None and p.chance.kind == "new_alien"
        seen.append(p.chance.names)
        s, _ = engine.apply(s, engine.NewAlien(engine.SOURCE, index))
    assert seen == [("anarchy", "mind", "warpish"), ("anarchy", "mind"), ("mind",)]
    assert s.aliens == ("warpish", "anarchy", "mind")
