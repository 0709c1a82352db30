"""Shared by the evidence tests: a 3-seat networked game (cores in memory, real
signatures and card protocol, as tests/test_integrity_inside.py) in which seat 1 lies,
and each honest seat's journal as its node writes it: envelope records and evidence
records, in the order written."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bots import HeuristicBot
from engine import cosmic as engine
from engine.cosmic.actions import ACTION_KINDS
from node.core import NodeCore, secret_seed_for
from protocol import canonical
from protocol.envelope import ENVELOPE_VERSION, Envelope, open_envelope, seal
from protocol.errors import RemoteProtocolError
from protocol.game import GAME_KINDS, action_body, make_genesis
from protocol.genesis import Genesis
from protocol.journal import encode_evidence, encode_header, encode_record
from protocol.keys import SigningKey

CHEAT = 1
HONEST = (0, 2)
# A lie: the signed bytes to send before env (the cheater's true envelope), or None.
Lie = Callable[[NodeCore, Envelope], "bytes | None"]


@dataclass
class Table:
    genesis: Genesis
    cores: list[NodeCore]
    # per seat, what its node wrote, in order: ("e", envelope) or ("x", evidence)
    written: list[list[tuple[str, bytes]]] = field(default_factory=list)
    lies: list[tuple[str, bytes]] = field(default_factory=list)  # (name, bytes) sent

    def journal(self, seat: int, change: Callable[[bytes], bytes] = lambda b: b) -> bytes:
        """Seat's journal file bytes; `change` applies to each evidence record's bytes."""
        return encode_header(self.genesis) + b"".join(
            encode_record(raw) if t == "e" else encode_evidence(change(raw))
            for t, raw in self.written[seat])


def key(seat: int) -> SigningKey:
    return SigningKey.from_seed(bytes([seat + 1]) * 32)


def table(turns: int = 1, salt: int = 7) -> Table:
    """Three seats' cores; their card secrets are what a node's runner derives from its
    key (so a runner resumes on their journals). `salt` makes another game."""
    keys = [key(i) for i in range(3)]
    g = make_genesis(engine.Config(3, max_turns=turns),
                     [(f"p{i}", k.public) for i, k in enumerate(keys)],
                     mode="network", salt=bytes([salt]) * 32)
    written: list[list[tuple[str, bytes]]] = [[], [], []]

    def writer(i: int, t: str) -> Callable[[bytes], None]:
        return lambda raw: written[i].append((t, raw))
    cores = [NodeCore(g, i, keys[i], secret_seed=secret_seed_for(keys[i], g),
                      append=writer(i, "e"), keep=writer(i, "x")) for i in range(3)]
    return Table(g, cores, written)


def play(t: Table, lies: list[tuple[str, str, Lie]], limit: int = 3000,
         until: Callable[[], bool] = lambda: False) -> None:
    """Play the game (or until `until()`); each lie (name, envelope kind, lie) is told
    once, before the first true envelope of that kind it gives bytes for (one lie per
    envelope), then the truth."""
    bots = [HeuristicBot(bytes([i])) for i in range(3)]
    todo = list(lies)
    quiet = 0
    for _ in range(limit):
        if all(t.cores[s].done for s in HONEST) or until():
            return
        moved = False
        for i, c in enumerate(t.cores):
            moved |= c.pump()
            if c.my_turn():
                c.act(bots[i].choose(c.state, i, c.knowledge))
                moved = True
        for i, c in enumerate(t.cores):
            for raw in c.outbox():
                moved = True
                mail = [raw]
                if i == CHEAT:
                    env = open_envelope(raw, t.genesis, GAME_KINDS)
                    for n, (name, kind, lie) in enumerate(todo):
                        bad = lie(c, env) if kind == env.kind else None
                        if bad is not None:
                            t.lies.append((name, bad))
                            del todo[n]
                            mail = [bad, raw]
                            break
                for m in mail:
                    for j, d in enumerate(t.cores):
                        if j != i and not (j == CHEAT == _author(m, t.genesis)):
                            d.offer(m)
                            d.pump()  # each lie is judged before the truth comes
        quiet = 0 if moved else quiet + 1
        if quiet > 3:
            return
    raise AssertionError("the game neither ended nor stalled")


def _author(raw: bytes, g: Genesis) -> int | None:
    try:
        return open_envelope(raw, g, GAME_KINDS, check_signature=False).author
    except RemoteProtocolError:
        return None


def resign(core: NodeCore, env: Envelope, kind: str, body: canonical.Value, *,
           state_hash: bytes | None = None, prev: bytes | None = None) -> bytes:
    """Another envelope at env's place in the cheater's chain, signed with its real key."""
    _, raw = seal(core.genesis, core.key, env.author, env.seq,
                  env.prev if prev is None else prev,
                  env.state_hash if state_hash is None else state_hash,
                  kind, body, kinds=GAME_KINDS, view=env.view)
    return raw


def raw_signed(core: NodeCore, env: Envelope, kind: str, body: canonical.Value) -> bytes:
    """Like resign, signed as is: seal() would refuse such a body (so would a peer)."""
    g = core.genesis
    signed = canonical.encode([ENVELOPE_VERSION, g.game_id, env.author, g.seats[env.author].key,
                               env.seq, env.prev, env.state_hash, kind, body,
                               env.view.encode()])
    return signed + core.key.sign(signed)


def flip_last(b: bytes) -> bytes:
    return b[:-1] + bytes([b[-1] ^ 1])


# The lies, by the check an honest node (and verify) finds in them.
def _illegal(core: NodeCore, env: Envelope) -> bytes | None:
    if core.state.turns < 1:
        return None
    return resign(core, env, "action", action_body(ACTION_KINDS["endturn"](CHEAT)))


def _state_hash(core: NodeCore, env: Envelope) -> bytes | None:
    return resign(core, env, env.kind, env.body, state_hash=bytes(32))


def _misattributed(core: NodeCore, env: Envelope) -> bytes | None:
    data = list(env.body[0])
    data[1] = (CHEAT + 1) % 3  # the action of the seat after it
    return raw_signed(core, env, "action", [data, env.body[1]])


def _share_proof(core: NodeCore, env: Envelope) -> bytes | None:
    op, shares, proof = env.body
    return resign(core, env, env.kind, [op, shares, flip_last(proof)])


def _commitment(core: NodeCore, env: Envelope) -> bytes | None:
    op, faces, shares, proof, facedown = env.body
    if facedown is None:
        return None
    handle, nonce = facedown
    return resign(core, env, env.kind, [op, faces, shares, proof, [handle, flip_last(nonce)]])


def _escapes(core: NodeCore, env: Envelope) -> bytes | None:
    return raw_signed(core, env, "chat", [-1, "\x1b]0;owned\x07\x1b[2J\rfake: gg"])


def _chain(core: NodeCore, env: Envelope) -> bytes | None:
    return resign(core, env, env.kind, env.body, prev=b"\x55" * 32)


LIES: list[tuple[str, str, Lie]] = [
    ("state-hash", "action", _state_hash),
    ("schema", "action", _misattributed),
    ("illegal", "action", _illegal),
    ("share-proof", "cards.shares", _share_proof),
    ("commitment", "cards.open", _commitment),
    ("schema", "chat", _escapes),
    ("chain", "cards.shares", _chain),
    ("state-hash", "cards.shares", _state_hash),
]


def lying_game() -> Table:
    """A 1-turn game in which seat 1 tells every lie of LIES once (it chats once, so
    that the chat lie has its place): the first of a fixed list of games that gives each
    lie its place (a face-down card of seat 1's to open: the cards dealt and the first
    encounter's players change with the engine's version)."""
    for salt in range(7, 17):
        t = table(salt=salt)
        t.cores[CHEAT].say("hello")
        play(t, LIES)
        if len(t.lies) == len(LIES):
            return t
    raise AssertionError(f"no game of ten gave every lie its place: {[n for n, _ in t.lies]}")


def named(t: Table, name: str) -> bytes:
    return next(raw for n, raw in t.lies if n == name)
