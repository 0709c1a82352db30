"""The Ambush's use, told to each reader: the ships it sends to the warp are named by
their owner as that reader says it ("your ships" to their own player, "blue's ships" to
the others and in a replay), never a fixed "their" (it read "a kept destiny card of your
colour to send one of their ships" to the ships' own player, the Ambush's own player too
when it hit a ship of its own colour)."""

from __future__ import annotations

from engine import cosmic as engine

from cli.power_words import told_sentence, told_words, use_words

TAIL = "ships on the gate to the warp, spending a kept destiny card of that colour"


def test_the_ships_the_ambush_hits_are_named_for_each_reader() -> None:
    s = engine.new_game(engine.Config(3, aliens=("ambush", "warlock", "queue")))
    assert told_sentence(s, 0, 0, (1,), viewer=1) == f"red's Ambush sends one of your {TAIL}"
    assert told_sentence(s, 0, 0, (1,), viewer=0) == f"your Ambush sends one of blue's {TAIL}"
    assert told_sentence(s, 0, 0, (1,), viewer=2) == f"red's Ambush sends one of blue's {TAIL}"
    assert told_words(s, 0, 0, (1,)) == f"the Ambush sends one of blue's {TAIL}"
    # a kept card of the Ambush's own colour: its own ships, "your" to its player
    assert told_sentence(s, 0, 0, (0,), viewer=0) == f"your Ambush sends one of your {TAIL}"
    assert use_words(s, 0, 0, (1,)) == f"send one of blue's {TAIL} (ambush)"
    for viewer in (None, 0, 1, 2):
        for target in range(3):
            assert "their" not in told_sentence(s, 0, 0, (target,), viewer=viewer)
