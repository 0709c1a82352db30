"""A face-down card handed over to a power must be the one its seat committed to.

The Gambler's kept bluff and the Enigma's mix take the card a main player put face down,
unseen. Before, the engine accepted any card of that player's hand as "the face-down
card", so a cheating seat could keep its committed card and hand over another one. Now
the Give must open the face-down commitment to the very card given (in networked games
with a card-protocol open that shows no face; in local games with the Select's nonce),
and every node refuses anything else, with nothing changed.
"""

from __future__ import annotations

import pytest

from engine import cosmic as engine
from _journal_games import Recorded, resign
from _secret_games import secret_game
from bots import RandomBot
from node.local import LocalGame, game_seed
from node.records import record_local_game
from protocol.errors import RemoteProtocolError
from protocol.game import verify_journal_bytes
from protocol.journal import parse_journal
from protocol.cards_inprocess import InProcessGame

ENIGMA = ("enigma", "", "", "")


def _at_handover(label: bytes) -> InProcessGame | None:
    """A networked game with an Enigma, played up to a face-down handover (or None)."""
    game = secret_game(engine.Config(len(ENIGMA), aliens=ENIGMA, planets=4, max_turns=8),
                       label)
    while engine.face_down_handover(game.states[0]) is None:
        if not game.step():
            return None
    return game


def _networked_handover() -> InProcessGame:
    for k in range(12):
        game = _at_handover(b"handover" + bytes([k]))
        if game is not None:
            return game
    raise AssertionError("no seeded game reached a face-down handover")


def test_a_networked_handover_must_open_the_commitment_to_the_card_given() -> None:
    game = _networked_handover()
    s = game.states[0]
    seat = engine.face_down_handover(s)
    assert seat is not None
    mine = game.sources[seat]
    committed = mine.knowledge.selected
    assert committed is not None and committed in s.hands[seat]
    other = next(h for h in s.hands[seat] if h != committed)
    others = [src for k, src in enumerate(game.sources) if k != seat]
    hashes = [engine.public_hash(st) for st in game.states]

    # No opening at all: refused by every other seat, for either card.
    for src in others:
        for h in (committed, other):
            with pytest.raises(RemoteProtocolError) as info:
                src.check(engine.Give(seat, (h,)))
            assert (info.value.check, info.value.author) == ("commitment", seat)

    # The commitment opened honestly, then another card given: refused.
    honest = engine.Give(seat, (committed,))
    assert mine.announce(honest)
    game.table.send(seat, *mine.produce())
    opened = mine.announced()[0]
    assert opened.result == () and opened.data["revealed"] == committed  # no face shown
    for src in others:
        with pytest.raises(RemoteProtocolError) as info:
            src.check(engine.Give(seat, (other,)))
        assert (info.value.check, info.value.author) == ("commitment", seat)
    assert [engine.public_hash(st) for st in game.states] == hashes  # nothing changed

    # The card committed to is accepted everywhere, and the game plays on to its audit.
    for src in game.sources:
        src.check(honest)
    game._apply([honest] * game.n)
    game.run()
    faces = game.finish()
    assert engine.CATALOGUE[faces[committed]].is_encounter


def _local_handover() -> Recorded:
    """A recorded local game whose record holds a face-down handover."""
    for n in range(40):
        seed = game_seed("handover-local", n)
        g = LocalGame(engine.Config(len(ENIGMA), aliens=ENIGMA, planets=4, max_turns=8), seed,
                      [RandomBot(seed + bytes([k])) for k in range(len(ENIGMA))])
        handed = False
        while g.state.outcome is None:
            handed = handed or engine.face_down_handover(g.state) is not None
            g.step()
        if handed:
            journal = record_local_game(g)
            contents = parse_journal(journal)
            return Recorded(g, journal, contents.genesis, [e.data for e in contents.entries])
    raise AssertionError("no seeded local game reached a face-down handover")


def test_a_local_handover_carries_the_nonce_and_a_forged_card_is_caught() -> None:
    rec = _local_handover()
    assert verify_journal_bytes(rec.journal).outcome is not None  # honest: verifies
    # The handover Give carries the nonce of its seat's Select.
    gives = [i for i, env in enumerate(rec.envelopes)
             if env.body[0][0] == engine.Give.KIND and len(env.body[1]) == 32]
    assert gives
    i = gives[0]
    env = rec.envelopes[i]
    seat = env.author

    given = engine.action_from_data(env.body[0])
    assert isinstance(given, engine.Give)
    before = rec.game.actions  # the hand it was given from: any other card of it
    del before

    def other_card(fields: list[object]) -> None:
        body = fields[8]
        assert isinstance(body, list)
        fake = engine.Give(seat, (given.handles[0] + 1,))  # signed by the cheating seat
        fields[8] = [fake.to_data(), body[1]]

    forged = rec.rebuild(rec.raws[:i] + [resign(rec.genesis, rec.raws[i], other_card)])
    with pytest.raises(RemoteProtocolError) as info:
        verify_journal_bytes(forged)
    assert (info.value.check, info.value.author, info.value.record) == ("commitment", seat, i)

    # A handover Give without the nonce is refused too.
    stripped = rec.rebuild(rec.raws[:i] + [resign(rec.genesis, rec.raws[i],
                                                  lambda f: f[8].__setitem__(1, b""))])
    with pytest.raises(RemoteProtocolError) as info:
        verify_journal_bytes(stripped)
    assert (info.value.check, info.value.record) == ("commitment", i)
