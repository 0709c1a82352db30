"""A seat resumes from its record after a crash (real crypto).

With a secret seed every secret a seat draws is derived from it, so a fresh seat fed its
record from the start regenerates its own messages byte for byte and ends where the live
seat was: the same knowledge, the same face-down handle, the same next message.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any

import pytest

from engine import cosmic as engine
from bots import HeuristicBot, RandomBot
from engine.cosmic import cards as C
from protocol import canonical
from protocol.cards import CardSeat
from protocol.cards_inprocess import CardTable, InProcessGame
from protocol.cards_source import NetworkCardSource, resume_game
from protocol.crypto import elgamal as eg
from protocol.crypto import group as g
from protocol.envelope import Ledger, open_envelope
from protocol.errors import LocalProtocolError

FACES = list(range(12))
K = 1  # the seat that crashes


# --- a scripted table: every kind of operation, seat K in every role ---------------------

# (method, author or None when every seat begins alike, peer arguments, author arguments):
# an author begins its own announced operation with its secret choice; a peer (and a
# restarted author replaying its record) begins it without.
SCRIPT: list[tuple[str, int | None, tuple[Any, ...], tuple[Any, ...] | str]] = [
    ("begin_keys", None, (), ()),
    ("begin_shuffle", None, (FACES, FACES), ()),
    ("begin_deliver", None, (K, [11, 10, 9, 8]), ()),
    ("begin_deliver", None, (0, [7, 6, 5]), ()),
    ("begin_hand_shuffle", None, (K, [11, 10, 9, 8], [20, 21, 22, 23], 2, 2), ()),  # K holds
    ("begin_deliver", None, (2, [20, 21]), ()),
    ("begin_hand_shuffle", None, (0, [7, 6, 5], [30, 31, 32], K, 1), ()),  # K takes
    ("begin_deliver", None, (K, [30]), ()),
    ("begin_show", None, (K, 0, [22]), ()),
    ("begin_beacon", None, (), ()),
    ("begin_reveal", None, ([4],), ()),
    ("begin_facedown", K, (K, [22, 23, 30]), (K, [22, 23, 30], 23)),
    ("begin_deliver", None, (K, [31]), ()),  # a card held before: K re-masks it
    ("begin_open", K, (K,), "open"),  # see own_args: K opens 22 and its face-down 23
    ("begin_facedown", K, (K, [22, 30, 31]), (K, [22, 30, 31], 30)),  # left face down
    ("begin_end", None, (), ()),
]


def own_args(own: tuple[Any, ...] | str, seat: CardSeat) -> tuple[Any, ...]:
    """The author's arguments of a SCRIPT entry ("open": card 22 with its face, and the
    face-down card 23)."""
    return (K, [(22, seat.known[22])], 23) if isinstance(own, str) else own


def enc(body: Any) -> bytes:
    return canonical.encode(body)


def snapshot(seat: CardSeat) -> dict[str, Any]:
    """Everything of a seat a resume must restore, as plain comparable values."""
    op = seat.current
    return {
        "x": seat._x, "keys": list(seat.keys), "xkeys": list(seat.xkeys), "joint": seat.joint,
        "cts": dict(seat.cts), "shares": {h: dict(s) for h, s in seat.shares.items()},
        "opened": dict(seat.opened), "known": dict(seat.known), "mine": dict(seat._mine),
        "facedowns": [(f.seat, f.op, f.digest, f.hand, f.handle) for f in seat.facedowns],
        "secrets": list(seat.secrets), "record": [e.raw for e in seat.record], "op": seat.op,
        "facedown": seat.own_facedown(),
        "current": None if op is None else (
            op.number, op.pos, sorted(op.sent), op.data.get("perm"), op.data.get("nonce"),
            op.data.get("mine"), op.data.get("handle")),
    }


def run_script(secret_seeds: Sequence[bytes | None],
               seeds: list[bytes] | None = None
               ) -> tuple[CardTable, list[int], list[dict[str, Any]]]:
    """Play SCRIPT on a 3-seat table; the journal index where each operation starts and
    seat K's snapshot after each envelope (snaps[j]: after the first j envelopes)."""
    t = CardTable.create(3, FACES, seeds or [b"s0", b"s1", b"s2"], secret_seeds)
    s: list[CardSeat] = [m for m in t.members if isinstance(m, CardSeat)]
    starts, snaps = [], [snapshot(s[K])]
    for method, author, peer, own in SCRIPT:
        starts.append(len(t.journal))
        for m in s:
            getattr(m, method)(*(own_args(own, m) if m.seat == author else peer))
        while (who := t.next_author()) is not None:
            t.send(who, *t.members[who].produce())
            snaps.append(snapshot(s[K]))
    assert s[K].own_facedown() is None and all(x is not None for x in s[K].secrets)
    return t, starts, snaps


def rebuild(t: CardTable, starts: list[int], upto: int, seed: bytes | None) -> CardSeat:
    """Seat K rebuilt from the first `upto` envelopes of the journal and its seed, each
    operation begun as a peer begins it."""
    seat = CardSeat(t.genesis, K, FACES, seed)
    ledger = Ledger(t.genesis)
    for j, raw in enumerate(t.journal[:upto]):
        if j in starts:
            method, _, peer, _ = SCRIPT[starts.index(j)]
            getattr(seat, method)(*peer)
        env = ledger.receive(raw)
        assert env is not None
        seat.receive(env)
    return seat


def test_seeded_seats_produce_the_same_bytes_and_other_seeds_differ() -> None:
    seeds = [secrets.token_bytes(32) for _ in range(3)]
    a, _, _ = run_script(seeds)
    b, _, _ = run_script(seeds)
    assert a.journal == b.journal  # the same operations give byte-identical envelopes
    other = list(seeds)
    other[K] = secrets.token_bytes(32)
    c, _, _ = run_script(other)
    for ra, rc in zip(a.journal, c.journal):
        ea, ec = open_envelope(ra, a.genesis), open_envelope(rc, c.genesis)
        if ea.author == K and ea.kind != "cards.pick":  # a pick may fall alike by chance
            assert ea.body != ec.body
    # Without seeds, secrets come from `secrets`: two runs differ from the first message.
    d, _, _ = run_script([None] * 3)
    e, _, _ = run_script([None] * 3)
    first = [open_envelope(x.journal[0], x.genesis).body for x in (d, e)]
    assert first[0] != first[1]


def test_a_seat_rebuilt_at_every_point_of_the_record_is_the_live_seat() -> None:
    seeds = [secrets.token_bytes(32) for _ in range(3)]
    t, starts, snaps = run_script(seeds)
    ours = 0
    for upto in range(len(t.journal) + 1):
        seat = rebuild(t, starts, upto, seeds[K])
        assert snapshot(seat) == snaps[upto], upto
        if upto == len(t.journal):
            break
        env = open_envelope(t.journal[upto], t.genesis)
        if env.author != K:
            continue
        # Our next message, lost in the crash: it comes out byte for byte as recorded.
        if upto in starts:  # the operation had not begun yet: begin it as the live seat did
            method, author, peer, own = SCRIPT[starts.index(upto)]
            getattr(seat, method)(*(own_args(own, seat) if author == K else peer))
        assert seat.can_send()
        kind, body = seat.produce()
        assert (kind, enc(body)) == (env.kind, enc(env.body)), upto
        ours += 1
    assert ours == sum(open_envelope(r, t.genesis).author == K for r in t.journal)


def test_a_rebuilt_seat_between_select_and_reveal_knows_its_face_down_card() -> None:
    seeds = [secrets.token_bytes(32) for _ in range(3)]
    t, starts, snaps = run_script(seeds)
    select = starts[[m for m, *_ in SCRIPT].index("begin_facedown")]
    seat = rebuild(t, starts, select + 1, seeds[K])
    assert seat.own_facedown() == 23 and seat.idle
    # It opens the commitment as the live seat did (the open is not yet in the record).
    upto = starts[[m for m, *_ in SCRIPT].index("begin_open")]
    seat = rebuild(t, starts, upto, seeds[K])
    seat.begin_open(K, [(22, seat.known[22])], 23)
    kind, body = seat.produce()
    env = open_envelope(t.journal[upto], t.genesis)
    assert enc(body) == enc(env.body) and body[4][0] == 23


def test_a_wrong_seed_or_none_cannot_take_the_seats_own_messages() -> None:
    seeds = [secrets.token_bytes(32) for _ in range(3)]
    t, starts, _ = run_script(seeds)
    for seed in (secrets.token_bytes(32), None):
        with pytest.raises(LocalProtocolError) as info:
            rebuild(t, starts, 2, seed)
        assert info.value.check == "secret-seed"
    # A refused message changes nothing: with the right seat state it is taken after all.
    seat = rebuild(t, starts, 1, seeds[K])
    env = Ledger(t.genesis).receive(t.journal[1])
    assert env is not None and env.author == K
    before = snapshot(seat)
    seat._seed = secrets.token_bytes(32)
    with pytest.raises(LocalProtocolError):
        seat.receive(env)
    assert snapshot(seat) == before
    seat._seed = seeds[K]
    seat.receive(env)
    with pytest.raises(LocalProtocolError):
        CardSeat(t.genesis, None, FACES, seeds[K])  # an observer has no secrets
    with pytest.raises(LocalProtocolError):
        NetworkCardSource(t.genesis, K, secret_seed=b"short")


# --- whole games: rebuild a seat at many points and play on with it ---------------------


def view(src: NetworkCardSource) -> dict[str, Any]:
    out = snapshot(src.cards)
    out.update(faces=dict(src.knowledge.faces), selected=src.knowledge.selected,
               claims=list(src._claims), since=dict(src._facedown_since),
               announced=[op.number for op in src._announced],
               chance=src._chance, op_number=None if src._op is None else src._op.number)
    return out


class Resumer:
    """Rebuilds a seat's source from the game's record and its seed after some of the
    envelopes and at some steps, checks it against the live one, then plays on with it."""

    def __init__(self, game: InProcessGame, seeds: list[bytes], seats: tuple[int, ...],
                 every: int) -> None:
        self.game, self.seeds, self.seats, self.every = game, seeds, seats, every
        self.sent = 0
        self.busy = False
        self.resumes = 0
        self.produced = 0  # next messages made again by a rebuilt seat
        self.regenerated: set[str] = set()  # kinds the rebuilt seats produced again
        game.table.after_send = self.after_send

    def resume(self, seat: int) -> NetworkCardSource:
        g_ = self.game
        live = g_.sources[seat]
        state, src = resume_game(g_.genesis, g_.config, seat, self.seeds[seat], g_.table.log)
        assert engine.public_hash(state) == engine.public_hash(g_.states[seat])
        assert view(src) == view(live)
        for env in src.cards.record:
            if env.author == seat:
                self.regenerated.add(env.kind)
        self.resumes += 1
        if g_.table.next_author() == seat and live.can_send():
            # The crash lost our next message: the rebuilt seat makes it again, the same.
            kind, body = src.produce()
            live_kind, live_body = live.produce()
            assert (kind, enc(body)) == (live_kind, enc(live_body))
            self.produced += 1
            g_.sources[seat] = src  # the table's members are this very list
            g_.table.send(seat, kind, body)
        g_.sources[seat] = src
        return src

    def after_send(self, raw: bytes) -> None:
        if self.busy:
            return
        self.sent += 1
        if self.sent % self.every:
            return
        self.busy = True
        try:
            self.resume(self.seats[(self.sent // self.every) % len(self.seats)])
        finally:
            self.busy = False

    def on_step(self, game: InProcessGame) -> None:
        """Right after a Select of ours: rebuild, between the Select and its Reveal."""
        action = game.actions[-1]
        if isinstance(action, engine.Select) and action.seat in self.seats:
            selected = game.sources[action.seat].knowledge.selected
            assert self.resume(action.seat).own_facedown() == selected is not None


BASIC = {"cards.key-commit", "cards.key", "cards.shuffle", "cards.shares", "cards.facedown",
         "cards.open", "cards.beacon-commit", "cards.beacon-reveal"}


# The seeds are fixed, so each game is the same on every run (all of its randomness is
# derived): the first needs random takes (picks), the second gifts (re-masks) too. A
# change to the rules changes every game, so the test plays games from `salt` on until
# one has those kinds and a crash that lost a message (at most TRIES games); every game
# played must audit cleanly whether or not it is the one kept. A game is first rehearsed
# without crashes (a fraction of a second; the same game, since a rebuilt seat makes the
# very messages the live one would), stopping at the same points: one where no rebuilt
# seat would make every kind wanted, or two lost messages again, cannot be kept, and is
# not played again with rebuilds (seconds). (The rehearsal only picks the game: the
# played one is checked for all of it.)
TRIES = 30


class Rehearsal(Resumer):
    """Stops where Resumer would rebuild a seat, and counts what the rebuilt seat would
    do there (the kinds of its messages in the record so far, and whether its next
    message is due: a lost one), without rebuilding it."""

    uncounted = 0  # sends Resumer makes while busy, so does not count

    def resume(self, seat: int) -> NetworkCardSource:
        g_ = self.game
        live = g_.sources[seat]
        self.regenerated.update(env.kind for env in live.cards.record if env.author == seat)
        self.resumes += 1
        if g_.table.next_author() == seat and live.can_send():
            self.produced += 1  # the live seat sends it next, as the rebuilt one would
            self.uncounted += self.busy
        return live

    def after_send(self, raw: bytes) -> None:
        if self.uncounted and not self.busy:
            self.uncounted -= 1
        else:
            super().after_send(raw)


def _rehearse(cfg: engine.Config, names: list[bytes], secret: list[bytes], bot: type,
              seats: tuple[int, ...], every: int) -> Rehearsal:
    """This game played once to its audit, with the rebuild points of Resumer counted."""
    game = InProcessGame(cfg, names, [bot(n + b"bot") for n in names], secret_seeds=secret)
    r = Rehearsal(game, secret, seats, every)
    game.run(r.on_step)
    game.finish()
    return r


@pytest.mark.heavy
@pytest.mark.parametrize("seats,turns,bot,resumed,every,kinds,salt", [
    (3, 2, RandomBot, (0, 1, 2), 3, BASIC | {"cards.pick", "cards.secret"}, 34),
    (2, 4, HeuristicBot, (0, 1), 2, BASIC | {"cards.remask", "cards.pick", "cards.secret"}, 42),
])
def test_a_seat_rebuilt_mid_game_plays_on_and_the_audit_passes(
        seats: int, turns: int, bot: type, resumed: tuple[int, ...], every: int,
        kinds: set[str], salt: int) -> None:
    cfg = engine.Config(seats, planets=4, max_turns=turns)
    for tried in range(salt, salt + TRIES):
        names = [b"resume" + bytes([seats, i, tried % 256]) for i in range(seats)]
        secret = [hashlib.sha256(b"secret seed of " + n).digest() for n in names]
        rehearsed = _rehearse(cfg, names, secret, bot, resumed, every)
        if rehearsed.produced < 2 or not kinds <= rehearsed.regenerated:
            continue
        game = InProcessGame(cfg, names, [bot(n + b"bot") for n in names],
                             secret_seeds=secret)
        r = Resumer(game, secret, resumed, every)
        game.run(r.on_step)
        faces = game.finish()  # every seat audits, rebuilt ones included, checks claims
        assert r.resumes > 10
        for seat in resumed:
            src = game.sources[seat]
            assert all(faces[h] == f for h, f in src.knowledge.faces.items())
            assert src.truth == faces
        if r.produced >= 2 and kinds <= r.regenerated:
            return
    raise AssertionError(f"no game from salt {salt} in {TRIES} had {sorted(kinds)} "
                         "and two lost messages made again")


def test_secrecy_holds_with_derived_secrets() -> None:
    """The coalition of every seat but one knows its members' secret seeds (so their key
    shares and every other secret), not the honest seat's: it still cannot open the
    honest seat's hand, nor regenerate the honest seat's messages."""
    cfg = engine.Config(3, planets=4, max_turns=2)
    names = [b"secret-seeds" + bytes([i]) for i in range(3)]
    # Fixed seeds: the game is the same every run, and its honest hand holds cards that
    # only that seat knows (a random game need not).
    secret = [hashlib.sha256(b"cosmic/test/secret-seed" + bytes([i])).digest()
              for i in range(3)]
    game = InProcessGame(cfg, names, [RandomBot(n) for n in names], secret_seeds=secret)
    game.run()
    honest, coalition = 1, (0, 2)
    hand = [h for h in game.state.hands[honest]
            if h not in game.state.faces and not any(h in game.entitled[c] for c in coalition)]
    assert hand
    # The coalition's key shares, from its seeds alone.
    xs = [CardSeat(game.genesis, c, range(len(C.CATALOGUE)), secret[c])._x for c in coalition]
    assert xs == [game.sources[c].cards._x for c in coalition]
    total = sum(xs) % g.ORDER
    faces = eg.face_lookup(range(len(C.CATALOGUE)))
    honest_shares = []
    for raw in game.journal:
        env = open_envelope(raw, game.genesis)
        if env.author == honest and env.kind in ("cards.shares", "cards.open"):
            data = env.body[1] if env.kind == "cards.shares" else env.body[2]
            honest_shares += [g.Point(data[i:i + 32]) for i in range(0, len(data), 32)]
    view_ = game.sources[0].cards
    for h in hand:
        ct = view_.cts[h]
        rest = g.sub(ct.c2, g.mul(total, ct.c1))
        assert rest not in faces
        assert all(g.sub(rest, d) not in faces for d in honest_shares)
    # Guessing the honest seat's seed fails at its very first message.
    with pytest.raises(LocalProtocolError):
        resume_game(game.genesis, cfg, honest, secrets.token_bytes(32), game.table.log)
    opened = game.finish()
    assert all(opened[h] == game.sources[honest].knowledge.faces[h] for h in hand)
