"""A seat's own hand keeps its faces, whatever moved it: each seat must always know every
card of its hand (a 10-seat networked game once showed four of the player's own cards as
"?" after the win).

- A fifth foreign colony made against a negotiate comes with compensation: the loser
  takes cards at random from the winner's hand in the same resolution. The win used to
  end the game before that hand shuffle and its delivery were done, so the final hands
  held handles no card protocol operation ever backed: the taker could not see the cards
  it took, the giver its own cards left, and the end-of-game audit opened neither.
- A card face up on the table can come back to a hand with no delivery (its face is
  public: the Fido keeps a discarded card). When that hand was then shuffled for a
  random take, its holder knew the new handles of its own cards only, not of that one.
"""

from __future__ import annotations

import hashlib

from engine import cosmic as engine
from engine.cosmic import cards as C
from bots.heuristic import HeuristicBot
from protocol.cards_inprocess import CardTable, InProcessGame
from test_cards_ops import everyone, seats


def test_a_face_up_card_in_a_shuffled_hand_stays_known_to_its_holder() -> None:
    """Seat 0 holds three cards dealt to it and one turned face up in public (no delivery:
    the face is public); a random take shuffles the hand under new handles. Seat 0 knows
    every new handle's face, the one from the public card too, as the audit opens it."""
    t = CardTable.create(3, list(range(12)))
    s = seats(t)

    everyone(t, "begin_keys")
    everyone(t, "begin_shuffle", range(12), range(12))
    everyone(t, "begin_deliver", 0, [11, 10, 9])
    everyone(t, "begin_reveal", [8])
    assert 8 not in s[0].known and s[0].opened[8] == s[1].opened[8]
    everyone(t, "begin_hand_shuffle", 0, [11, 10, 9, 8], [20, 21, 22, 23], 1, 1)
    assert sorted(s[0].known.get(h, -1) for h in (20, 21, 22, 23)) == sorted(
        [s[0].known[11], s[0].known[10], s[0].known[9], s[0].opened[8]])
    everyone(t, "begin_deliver", 1, [20])
    everyone(t, "begin_end")
    faces = s[2].audit()
    assert all(faces[h] == s[0].known[h] for h in (20, 21, 22, 23))


class Compensating(HeuristicBot):
    """The offense plays its best attack, the defense a negotiate when it holds one, and
    nobody is invited: encounters end in compensation often, the game's last one too."""

    def _invite(self, state: engine.GameState, seat: int, kn: engine.Knowledge,
                options: list[engine.Action]) -> engine.Action:
        return min(options, key=lambda a: len(a.seats))  # type: ignore[attr-defined]

    def _card(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> int:
        hands = engine.encounter_card_options(state, seat, kn)
        faces = [(h, C.CATALOGUE[kn.faces[h]]) for h in hands if h in kn.faces]
        if state.enc is not None and seat == state.enc.defense:
            for h, f in faces:
                if f.kind == "negotiate":
                    return h
        attacks = sorted(((f.value, h) for h, f in faces if f.kind == "attack"), reverse=True)
        return attacks[0][1] if attacks else hands[0]


def _game(tag: int) -> tuple[InProcessGame, list[tuple[int, tuple[object, ...]]]]:
    """One game played to its end; every engine event with the index of its action."""
    names = [b"win hands" + bytes([tag, seat]) for seat in range(3)]
    game = InProcessGame(engine.Config(3, planets=4), names,
                         [Compensating(n) for n in names],
                         secret_seeds=[hashlib.sha256(b"secret " + n).digest() for n in names])
    events: list[tuple[int, tuple[object, ...]]] = []
    game.run(lambda g: events.extend((len(g.actions), ev) for ev in g.states[0].events))
    return game, events


def test_own_hands_keep_their_faces_after_a_win_with_compensation() -> None:
    """Games are played until one is won in an encounter that ends with compensation
    (tried in order, so a change to the rules data that reshuffles every game still finds
    one). Then every card in every hand is one its holder knows and the audit opens."""
    for tag in range(12):
        game, events = _game(tag)
        won = next(i for i, ev in events if ev[0] == "win")
        paid = [i for i, ev in events if ev[0] == "compensation"]
        # compensated in the winning resolution: only chance facts since (card work)
        if paid and all(isinstance(a, (engine.HandShuffled, engine.Delivered))
                        for a in game.actions[paid[-1]:won]):
            break
    else:
        raise AssertionError("no game was won in an encounter that ended in compensation")
    s = game.state
    faces = game.finish()
    for seat, src in enumerate(game.sources):
        hand = s.hands[seat]
        assert all(h in faces for h in hand), f"seat {seat}'s hand holds cards that are none"
        unknown = [h for h in hand if h not in src.knowledge.faces and h not in s.faces]
        assert not unknown, f"seat {seat} cannot see its own cards {unknown}"
        assert all(src.knowledge.faces.get(h, s.faces.get(h)) == faces[h] for h in hand)
