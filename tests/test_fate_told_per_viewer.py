"""The Fate's placing of a destiny card, told to each reader: the Fate's own player reads
the card by its name (it has seen the deck); another player, whose knowledge holds no
face of the deck, and a replay (no reader) read "a destiny card" and where it lay."""

from __future__ import annotations

from bots.random_bot import RandomBot
from engine import cosmic as engine
from engine.cosmic import cards as C
from node.local import LocalGame, game_seed

from cli.action_words import action_sentence
from cli.power_words import told_sentence


def test_only_the_fate_reads_the_card_it_placed() -> None:
    seed = game_seed("fate-told-per-viewer", 0)
    g = LocalGame(engine.Config(3, aliens=("fate", "warlock", "queue")), seed,
                  [RandomBot(seed + bytes([j])) for j in range(3)])
    while g.state.step()[0] != "fate_arrange":
        g.step()
    s = g.state
    h = s.destiny_deck[-2]  # the 2nd from the top
    use = engine.UsePower(0, 1, (h,))
    face = C.CATALOGUE[g.source.knowledge[0].faces[h]].label()
    mine = told_sentence(s, 0, 1, (h,), viewer=0, kn=g.source.knowledge[0])
    assert mine == f"your Fate puts {face} (now 2nd from the top) next, from the top down"
    assert action_sentence(s, use, 0, g.source.knowledge[0]) == mine
    theirs = told_sentence(s, 0, 1, (h,), viewer=1, kn=g.source.knowledge[1])
    assert theirs == "red's Fate puts a destiny card (now 2nd from the top) next, from the " \
        "top down"
    # another reader's knowledge never names what only the Fate knows
    assert told_sentence(s, 0, 1, (h,), viewer=1, kn=g.source.knowledge[0]) == theirs
    assert told_sentence(s, 0, 1, (h,)) == "red's Fate puts a destiny card (now 2nd from " \
        "the top) next, from the top down"
