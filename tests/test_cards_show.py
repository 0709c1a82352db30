"""A card shown to one seat in networked play (the engine's `show` chance), real crypto.

The Mind looks at a main player's hand: every holder of a card shown boxes its shares to
the viewer (cards.show); the viewer opens the boxes and learns exactly those faces;
nobody else learns anything and nothing moves. We check it in whole in-process games,
that the record replays (as an observer: the boxes are opaque to it, the audit opens
them), that the viewer blames a bad box's sender, and that the viewer and the holders
resume mid-game. Random aliens then catch any chance kind networked play cannot answer.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine import cosmic as engine
from bots import RandomBot
from protocol.cards import CardSeat
from protocol.cards_inprocess import CardTable, InProcessGame
from protocol.cards_source import NetworkCardSource, ObserverSource, replay_game, resume_game
from protocol.cards_wire import SHOW
from protocol.envelope import Ledger, open_envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError

MIND = 0  # the Mind's seat
CONFIG = engine.Config(3, aliens=("mind", "", ""), planets=4, max_turns=3)
FACES = list(range(12))


def _names(k: int) -> list[bytes]:
    return [b"look" + bytes([i]) + k.to_bytes(2, "big") for i in range(3)]


def _secret(names: list[bytes]) -> list[bytes]:
    return [hashlib.sha256(b"show secret " + n).digest() for n in names]


def _game(names: list[bytes], tamper: Any = None) -> InProcessGame:
    return InProcessGame(CONFIG, names, [RandomBot(n + b"bot") for n in names],
                         tamper=tamper, secret_seeds=_secret(names))


@functools.cache
def _looking() -> tuple[list[bytes], list[Look], InProcessGame]:
    """The first seeds (in a fixed order) whose game has the Mind look twice, that game
    and its looks: whatever the rules data, the tests below meet real looks."""
    for k in range(40):
        game = _game(_names(k))
        looks = play(game)
        if len(looks) >= 2:
            return _names(k), looks, game
    raise AssertionError("the Mind never looked twice in 40 games")


def mind_game(tamper: Any = None) -> InProcessGame:
    """The same game every time: all its randomness comes from the seeds."""
    return _game(_looking()[0], tamper)


@dataclass
class Look:
    chance: engine.Chance
    holders: dict[int, tuple[int, ...]]  # seat -> its cards shown
    before: list[dict[int, int]]  # every seat's knowledge.faces before the show
    after: list[dict[int, int]] = field(default_factory=list)
    envelopes: list[bytes] = field(default_factory=list)


@dataclass
class Played:
    game: InProcessGame
    looks: list[Look]
    faces: dict[int, int]  # the audit


def play(game: InProcessGame,
         before_step: Callable[[InProcessGame], None] | None = None) -> list[Look]:
    """Run the game to its end, recording every show chance."""
    looks: list[Look] = []
    public: dict[int, int] = {}
    while True:
        if before_step is not None:
            before_step(game)
        p = engine.pending(game.state)
        look = None
        if p.chance is not None and p.chance.kind == "show":
            holders: dict[int, tuple[int, ...]] = {}
            for h in p.chance.handles:
                (seat,) = [s for s in range(game.n) if h in game.state.hands[s]]
                holders[seat] = holders.get(seat, ()) + (h,)
            look = Look(p.chance, holders, [dict(s.knowledge.faces) for s in game.sources])
            start = len(game.journal)
        if not game.step():
            break
        public.update(game.state.faces)
        for seat, src in enumerate(game.sources):  # nobody knows a face it may not know
            assert all(h in game.entitled[seat] or h in public for h in src.knowledge.faces)
        if look is not None:
            look.after = [dict(s.knowledge.faces) for s in game.sources]
            look.envelopes = game.journal[start:]
            looks.append(look)
    return looks


@functools.cache
def played() -> Played:
    _, looks, game = _looking()
    return Played(game, looks, game.finish())


def test_the_mind_sees_the_hand_and_nobody_else_learns_anything() -> None:
    p = played()
    g = p.game
    assert g.state.outcome is not None
    assert p.looks, "the Mind never looked: pick other seeds or more turns"
    assert any(set(look.after[MIND]) - set(look.before[MIND]) for look in p.looks)
    assert len({engine.public_hash(s) for s in g.states}) == 1
    replay = engine.new_game(CONFIG)  # the engine's own game: the record's actions replay
    for action in g.actions:
        replay, _ = engine.apply(replay, action)
    assert engine.public_hash(replay) == engine.public_hash(g.state)
    for look in p.looks:
        c = look.chance
        assert c.seat == MIND and MIND not in look.holders
        gained = {h: f for h, f in look.after[MIND].items() if h not in look.before[MIND]}
        # Exactly the cards shown, truly (a card seen in an earlier look is known already).
        assert set(gained) <= set(c.handles) <= set(look.after[MIND])
        assert all(p.faces[h] == look.after[MIND][h] for h in c.handles)
        for seat in range(g.n):
            if seat != MIND:
                assert look.after[seat] == look.before[seat]
        # One box per holder, to the Mind, naming its cards; nothing else was sent.
        envs = [open_envelope(raw, g.genesis) for raw in look.envelopes]
        assert [(e.kind, e.author, e.body[1], tuple(e.body[2])) for e in envs] == [
            (SHOW, seat, MIND, hs) for seat, hs in sorted(look.holders.items())]
    for src in g.sources:
        assert [env.raw for env in src.cards.record] == g.journal
        assert all(p.faces[h] == f for h, f in src.knowledge.faces.items())
        assert src.truth == p.faces


def test_the_record_replays_and_the_audit_opens_the_boxes() -> None:
    p = played()
    g = p.game
    state, observer = replay_game(g.genesis, g.config, g.table.log)
    assert engine.public_hash(state) == engine.public_hash(g.state)
    assert observer.truth == p.faces and not observer.knowledge.faces
    assert len(observer.cards.shows) == sum(len(look.holders) for look in p.looks)
    observer.check_claims(state)


def test_a_journal_verifiers_observer_source_follows_the_shows() -> None:
    """ObserverSource as protocol.game's verifier drives it: envelopes as they come,
    chance facts asked of it, actions checked, the audit at the end."""
    p = played()
    g = p.game
    obs = ObserverSource(g.genesis)
    ledger = Ledger(g.genesis)
    state = engine.new_game(CONFIG)
    obs.observe(state)
    for entry in g.table.log:
        if isinstance(entry, bytes):
            env = ledger.receive(entry)
            assert env is not None
            obs.receive(env)
            continue
        chance = engine.pending(state).chance
        if chance is not None:
            assert obs.answer(chance) == entry
        else:
            obs.check(entry)
        state, _ = engine.apply(state, entry)
        obs.observe(state)
    assert engine.public_hash(state) == engine.public_hash(g.state)
    assert obs.audit_faces() == p.faces
    assert obs.obs.knowledge.faces == {}  # the boxes were opaque to it


def flip_box(author: int, kind: str, body: list[Any]) -> list[Any]:
    if kind == SHOW:
        box = bytearray(body[3])
        box[0] ^= 1
        body = body[:3] + [bytes(box)]
    return body


def test_a_bad_box_is_refused_by_the_viewer_naming_the_holder() -> None:
    holder = sorted(played().looks[0].holders)[0]
    game = mind_game(tamper=flip_box)
    with pytest.raises(RemoteProtocolError) as info:
        play(game)
    assert info.value.author == holder and info.value.check == "box"
    # The refused box is the last envelope sent; only the viewer can open it.
    env = open_envelope(game.journal[-1], game.genesis)
    assert env.kind == SHOW and env.body[1] == MIND


def test_a_show_for_other_cards_or_another_seat_is_refused_by_everyone() -> None:
    def retarget(author: int, kind: str, body: list[Any]) -> list[Any]:
        third = 3 - author - MIND  # neither the holder nor the viewer
        return body[:1] + [third] + body[2:] if kind == SHOW else body

    game = mind_game(tamper=retarget)
    with pytest.raises(RemoteProtocolError) as info:
        play(game)
    holder = sorted(played().looks[0].holders)[0]
    assert info.value.author == holder and info.value.check == "schema"


def view(src: NetworkCardSource) -> dict[str, Any]:
    c = src.cards
    return {"known": dict(c.known), "faces": dict(src.knowledge.faces), "cts": dict(c.cts),
            "shares": {h: dict(s) for h, s in c.shares.items()}, "opened": dict(c.opened),
            "shows": [s.env.raw for s in c.shows], "record": [e.raw for e in c.record],
            "op": c.op, "idle": c.idle, "chance": src._chance,
            "selected": src.knowledge.selected}


def test_the_mind_and_the_holders_resume_around_a_show_and_play_on() -> None:
    """Rebuilt from the record and their seeds just before each show (the holders then
    box their cards again from the seed) and the Mind just after the boxes came (before
    the engine has its answer): the same game, byte for byte, and the same knowledge."""
    ref = played()
    game = mind_game()
    resumed: list[tuple[int, str]] = []

    def resume(seat: int, when: str) -> None:
        state, src = resume_game(game.genesis, CONFIG, seat, _secret(_looking()[0])[seat],
                                 game.table.log)
        assert engine.public_hash(state) == engine.public_hash(game.states[seat])
        assert view(src) == view(game.sources[seat])
        game.sources[seat] = src  # the table's members are this very list
        resumed.append((seat, when))

    def before_step(g: InProcessGame) -> None:
        p = engine.pending(g.state)
        if p.chance is not None and p.chance.kind == "show":
            for seat in range(g.n):  # holders and the Mind, before anything is begun
                resume(seat, "before")

    def after_send(raw: bytes) -> None:
        if open_envelope(raw, game.genesis).kind == SHOW:
            resume(MIND, "boxed")

    game.table.after_send = after_send
    looks = play(game, before_step)
    faces = game.finish()
    assert game.journal == ref.game.journal and faces == ref.faces
    assert [look.after for look in looks] == [look.after for look in ref.looks]
    assert (MIND, "boxed") in resumed and len(resumed) >= 4 * len(looks)
    assert all(src.truth == faces for src in game.sources)


def test_several_holders_each_box_their_cards_to_the_viewer() -> None:
    """A show of cards in several hands (none of today's aliens asks for one, the
    chance allows it): one box per holder, in seat order, in one operation."""
    t = CardTable.create(4, FACES, [b"m0", b"m1", b"m2", b"m3"])
    s: list[CardSeat] = [m for m in t.members if isinstance(m, CardSeat)]

    def everyone(method: str, *args: Any) -> None:
        for m in s:
            getattr(m, method)(*args)
        t.pump()

    everyone("begin_keys")
    everyone("begin_shuffle", FACES, FACES)
    everyone("begin_deliver", 2, [11, 10])
    everyone("begin_deliver", 0, [9, 8])
    start = len(t.journal)
    everyone("begin_show_many", 3, [(2, [11]), (0, [9, 8]), (1, [])])
    envs = [open_envelope(raw, t.genesis) for raw in t.journal[start:]]
    assert [(e.author, e.body[1], e.body[2]) for e in envs] == [(0, 3, [9, 8]), (2, 3, [11])]
    assert s[3].known == {11: s[2].known[11], 9: s[0].known[9], 8: s[0].known[8]}
    assert not s[1].known and set(s[0].known) == {9, 8} and set(s[2].known) == {11, 10}
    everyone("begin_end")
    faces = s[1].audit()  # opens and checks both boxes
    assert all(faces[h] == f for h, f in s[3].known.items())
    with pytest.raises(LocalProtocolError):
        s[0].begin_show_many(0, [(0, [9])])  # nobody shows to itself


@pytest.mark.parametrize("aliens,tag", [(("?",) * 4, b"a"), (("?",) * 4, b"b"),
                                        (("reincarnator", "?", "?", "?"), b"c")])
def test_random_aliens_play_through_the_protocol(aliens: tuple[str, ...], tag: bytes) -> None:
    """Whatever aliens are dealt (the deal itself, and a Reincarnator's change, are
    new_alien chances answered from the beacon), networked play answers every chance
    the engine asks, and every seat ends with the same public state."""
    cfg = engine.Config(4, aliens=aliens, planets=4, max_turns=2)
    names = [b"random aliens" + tag + bytes([i]) for i in range(4)]
    secret = [hashlib.sha256(b"secret " + n).digest() for n in names]
    game = InProcessGame(cfg, names, [RandomBot(n + b"bot") for n in names],
                         secret_seeds=secret)
    game.run()
    assert "?" not in game.state.aliens
    kinds = {a.KIND for a in game.actions}
    assert {"newalien", "shuffled", "delivered", "firstplayer"} <= kinds
    assert len({engine.public_hash(s) for s in game.states}) == 1
    faces = game.finish()
    for src in game.sources:
        assert all(faces[h] == f for h, f in src.knowledge.faces.items())
