"""Whole games through the card protocol, every seat in one process, real crypto.

Each seat has its own engine state and knowledge; the driver checks after every action
that all public states agree. Here we also check that the game is the engine's own (the
recorded actions replay to the same public state), that the record is one list of
envelopes for every seat, that every seat knows only faces it may know and knows them
right, and that the end-of-game audit agrees with every face ever shown.
"""

from __future__ import annotations

import hashlib

import pytest

from engine import cosmic as engine
from engine.cosmic import cards as C
from bots import HeuristicBot, RandomBot
from protocol.cards_inprocess import InProcessGame, run_inprocess_game
from protocol.cards_source import replay_game
from protocol.errors import RemoteProtocolError


def game(seats: int, turns: int, bot: type = RandomBot, tag: bytes = b"g") -> InProcessGame:
    cfg = engine.Config(seats, planets=4, max_turns=turns)
    seeds = [tag + bytes([seats, i]) for i in range(seats)]
    # Derived secrets: the same game every run, so what a test expects to happen does.
    secret = [hashlib.sha256(b"cards-games secret " + s).digest() for s in seeds]
    return InProcessGame(cfg, seeds, [bot(s + b"bot") for s in seeds], secret_seeds=secret)


def check_knowledge(g: InProcessGame, public: dict[int, int]) -> None:
    """Every face a seat knows is one it may know: its own cards, or public ones."""
    for seat, src in enumerate(g.sources):
        for h, face in src.knowledge.faces.items():
            assert h in g.entitled[seat] or h in public, (seat, h)


@pytest.mark.parametrize("seats,turns,bot", [(2, 3, RandomBot), (3, 2, HeuristicBot),
                                             (5, 2, RandomBot)])
def test_games_through_the_protocol_are_engine_games(seats: int, turns: int, bot: type) -> None:
    g = game(seats, turns, bot)
    public: dict[int, int] = {}

    def each(g: InProcessGame) -> None:
        public.update(g.state.faces)
        check_knowledge(g, public)

    outcome = g.run(each)
    assert outcome.reason in ("turn_limit", "colonies")

    replay = engine.new_game(g.config)
    for action in g.actions:
        replay, _ = engine.apply(replay, action)
    assert {engine.public_hash(s) for s in g.states} == {engine.public_hash(replay)}

    for src in g.sources:
        assert [env.raw for env in src.cards.record] == g.journal

    # The audit opens every card and finds every hidden claim of the game true.
    faces = g.finish()
    assert all(src.truth == faces for src in g.sources)
    for h, face in public.items():
        assert faces[h] == face
    for src in g.sources:
        for h, face in src.knowledge.faces.items():
            assert faces[h] == face
    dealt = sorted(f for h, f in faces.items() if h in set(g.state.deck) | set(g.state.discard)
                   or any(h in hand for hand in g.state.hands))
    assert len(dealt) == len(set(dealt))  # no card twice in play


def test_every_hand_is_dealt_by_the_protocol() -> None:
    g = game(3, 1)
    while engine.pending(g.state).step != "first_player":
        g.step()
    for seat, src in enumerate(g.sources):
        hand = g.state.hands[seat]
        assert len(hand) == 8 and set(src.knowledge.faces) == set(hand)
    g.step()
    assert g.state.offense in range(3)  # chosen by the beacon


def test_run_inprocess_game_plays_to_the_end_and_audits() -> None:
    cfg = engine.Config(2, planets=4, max_turns=1)
    g = run_inprocess_game(cfg, [b"r0", b"r1"], [RandomBot(b"b0"), RandomBot(b"b1")])
    assert g.state.outcome is not None
    assert g.sources[0].truth and g.sources[0].truth == g.sources[1].truth


def test_an_observer_verifies_the_game_from_its_record_alone() -> None:
    g = game(3, 1, tag=b"replay")
    g.run()
    faces = g.finish()
    state, observer = replay_game(g.genesis, g.config, g.table.log)
    assert engine.public_hash(state) == engine.public_hash(g.state)
    assert observer.truth == faces and not observer.knowledge.faces
    observer.check_claims(state)
    # A record with a card's message missing cannot be replayed.
    gap = [e for e in g.table.log if e is not g.journal[len(g.journal) // 2]]
    with pytest.raises(RemoteProtocolError):
        replay_game(g.genesis, g.config, gap)


class Negotiator:
    """A HeuristicBot that puts a negotiate card face down when it can, on a schedule
    (so deals, gifts and compensation, the random take, come up)."""

    def __init__(self, seed: bytes, every: int) -> None:
        self.bot = HeuristicBot(seed)
        self.every = every

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        action = self.bot.choose(state, seat, kn)
        if isinstance(action, engine.Select) and state.encounters % self.every == 0:
            for h in state.hands[seat]:
                f = kn.faces.get(h)
                if f is not None and C.CATALOGUE[f].kind == "negotiate":
                    kn.selected = h
                    break
        return action


def test_gifts_and_random_takes_move_cards_between_hands_secretly() -> None:
    seen: set[str] = set()
    for attempt in range(4):  # each game almost surely has both; a few tries make it sure
        cfg = engine.Config(2, planets=4, max_turns=5)
        names = [b"n0" + bytes([attempt]), b"n1" + bytes([attempt])]
        g = InProcessGame(cfg, names, [Negotiator(b"a", 1), Negotiator(b"b", 2)],
                          secret_seeds=[hashlib.sha256(b"gifts " + n).digest() for n in names])
        public: dict[int, int] = {}

        def each(g: InProcessGame) -> None:
            public.update(g.state.faces)
            check_knowledge(g, public)

        g.run(each)
        faces = g.finish()
        for src in g.sources:
            assert all(faces[h] == f for h, f in src.knowledge.faces.items())
        kinds = {a.KIND for a in g.actions}
        seen |= kinds & {"give", "handshuffled"}
        if seen == {"give", "handshuffled"}:
            break
    assert seen == {"give", "handshuffled"}
