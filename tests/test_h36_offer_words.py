"""The setup's status while aliens are dealt to choose from, as a person reads it: each
player is offered two aliens and keeps one (rules 000, Setup, Choose Aliens), so the
status says "offering you 2 aliens to choose from", never "dealing you 2 cards" as if
they were a hand (and the kept ones are "the chosen aliens" turned up, not "3 cards");
under hidden powers a seat dealt one alien at random is dealt "its
alien face down"; the hands of eight stay "dealing you 8 cards".

A real local game (engine, seeded card source, bots) is stepped through its setup; at
each chance step the seat client's status (the one both faces show) is read."""

from __future__ import annotations

from engine import cosmic as engine
from bots import HeuristicBot
from cli.client import LocalSession, SeatClient
from node.local import LocalGame, game_seed


def _setup_statuses(config: engine.Config, seed: str) -> list[str]:
    """The statuses of seat 0 at each chance step of the setup, in order."""
    s = game_seed(seed, 0)
    game = LocalGame(config, s, [HeuristicBot(s + bytes([k])) for k in range(config.seats)])
    client = SeatClient(LocalSession(game, 0))
    said: list[str] = []
    for _ in range(200):
        p = engine.pending(game.state)
        if game.state.turns > 0 or game.state.outcome is not None:
            break
        if p.chance is not None:
            said.append(client.waiting_text())
        game.step()
    return said


def test_aliens_to_choose_from_are_offered_not_dealt_as_cards() -> None:
    said = _setup_statuses(engine.Config(3, aliens=("choose", "choose", "choose")), "offer")
    assert "setting up: offering you 2 aliens to choose from" in said, said
    assert "setting up: offering blue 2 aliens to choose from" in said, said
    assert "setting up: shuffling the aliens to deal" in said, said
    assert "setting up: turning the chosen aliens up" in said, said
    assert not [w for w in said if "cards" in w and "8 cards" not in w
                or "flares deck" in w], said
    assert "setting up: dealing you 8 cards" in said, said  # a hand is still dealt


def test_the_advanced_setup_offers_aliens_too() -> None:
    said = _setup_statuses(engine.Config(2, flares=True), "offer-flares")
    assert "setting up: offering you 2 aliens to choose from" in said, said
    assert "setting up: turning the chosen aliens up" in said, said  # together
    assert not [w for w in said if "2 cards" in w], said


def test_a_hidden_alien_dealt_at_random_is_dealt_face_down() -> None:
    said = _setup_statuses(engine.Config(2, aliens=("?", "choose"), hidden_powers=True),
                           "offer-hidden")
    assert "setting up: dealing you your alien face down" in said, said
    assert "setting up: offering blue 2 aliens to choose from" in said, said
    assert not [w for w in said if "1 card" in w or "2 cards" in w], said
