"""The map game through the card protocol, real crypto, in one process: hands, race
chits and face-down force cards stay hidden, dice come from the beacon, a seat with no
force card commits to no card, and an observer holding no secret replays the record and
audits every claim."""

from __future__ import annotations

import functools
import hashlib

import pytest

from bots.worlds import RandomWorldsBot
from engine import games
from engine.worlds.data import CARDS
from protocol.cards_inprocess import InProcessGame, run_inprocess_game
from protocol.cards_source import replay_game
from protocol.errors import RemoteProtocolError

RULES = games.load("worlds")
CONFIG = RULES.config_from(RULES.COLOURS[:2], (), {"max_turns": 20,
                                                   "without": ["invisible_beings"]})


@functools.cache
def _game_with_no_force() -> InProcessGame:
    """The first seeded game (in a fixed order) where a seat shows no force card."""
    for k in range(12):
        seeds = [b"wn%d-%d" % (k, i) for i in range(2)]
        game = run_inprocess_game(CONFIG, seeds, [RandomWorldsBot(s) for s in seeds],
                                  rules=RULES,  # the same secrets, so the same games
                                  secret_seeds=[hashlib.sha256(s).digest() for s in seeds])
        if any(c.kind == "no_force" for c in RULES.claims(game.state)):
            return game
    raise AssertionError("no seat ever lacked a force card in 12 games")


def test_a_worlds_game_through_the_card_protocol_replays_and_audits() -> None:
    game = _game_with_no_force()
    assert RULES.outcome(game.state) is not None
    assert len({RULES.public_hash(s) for s in game.states}) == 1
    state, observer = replay_game(game.genesis, CONFIG, game.table.log)
    assert RULES.public_hash(state) == RULES.public_hash(game.state)
    observer.check_claims(state)  # every claim true, the commitments to no card included
    rolled = [a for a in game.actions if a.KIND == "rolled"]
    assert rolled and all(1 <= v <= 10 for a in rolled for v in a.values)


def test_a_false_claim_of_no_force_card_is_caught_by_the_audit() -> None:
    """A seat that shows no force card while it holds one is named by the audit: the
    same record, with a force card added to the hand the claim was made with."""
    game = _game_with_no_force()
    state, observer = replay_game(game.genesis, CONFIG, game.table.log)
    claim = next(c for c in RULES.claims(state) if c.kind == "no_force")
    force = next(h for h, f in sorted(observer.truth.items())
                 if f < len(CARDS) and CARDS[f].kind == "force")
    assert RULES.audit_claim(state, claim, observer.truth) is None  # the true claim
    forged = RULES.claim(claim.seat, claim.kind, claim.hand + (force,), claim.serial)
    line = RULES.audit_claim(state, forged, observer.truth)
    assert line is not None and f"seat {claim.seat} showed no force card" in line
    # The card source blames the seat when its tracked claim is the false one.
    observer._claims = [forged if c == claim else c for c in observer._claims]
    with pytest.raises(RemoteProtocolError) as err:
        observer.check_claims(state)
    assert err.value.author == claim.seat
