"""A seat that forks its chain, for tests (never shipped as a product option): one key,
two node instances in one process, each showing one honest peer its own version of the
seat's envelopes, released in step so that neither peer ever lacks a seq the other could
pass on to it (catch-up alone would then never notice).

    python tests/helpers/fork_node.py GENESIS KEY SEAT DIR MODE HELLO_A PEER_A HELLO_B PEER_B

Instance A binds its hello endpoint at HELLO_A and meets only the node at PEER_A (that
node's hello endpoint); B likewise with HELLO_B and PEER_B. MODE:
- "chat": both instances play the same game (same secrets, same bot) and once the game is
  under way A says one thing and B another at the same seq; from then on every envelope
  of the seat differs between the two versions (its prev does);
- "keys": the instances derive different card secrets, so the seat registers one card
  key with one peer and another with the other (and every card message after differs).
Neither instance checks the views it is shown (it would notice the fork itself).
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bots import HeuristicBot  # noqa: E402
from node.core import NodeCore, secret_seed_for  # noqa: E402
from node.journal_file import read_key_file  # noqa: E402
from node.runner import ENVELOPE, NodeOptions, NodeRunner  # noqa: E402
from protocol.envelope import Ledger, open_envelope  # noqa: E402
from protocol.game import GAME_KINDS  # noqa: E402
from protocol.genesis import Genesis  # noqa: E402

# The forking seat accepts whatever view it is shown.
Ledger.view_missing = lambda self, env: []  # type: ignore[method-assign]
Ledger.check_view = lambda self, env: None  # type: ignore[method-assign]


class Instance(NodeRunner):
    """One of the two instances: its own envelopes leave only when the pair releases them."""

    seed_tag = b""
    released = 0  # the pair's: our own envelopes with a seq up to this may leave

    def _rebuild(self, resumed: list[bytes]) -> NodeCore:
        seed = secret_seed_for(self.key, self.genesis)
        if self.seed_tag:
            seed = hashlib.sha256(self.seed_tag + seed).digest()
        self._stored = set()
        core = NodeCore(self.genesis, self.seat, self.key, append=self._append,
                        append_batch=self._append_batch, secret_seed=seed)
        core.restore(resumed)
        return core

    def setup(self) -> None:
        self.queue: list[tuple[int, bytes]] = []
        self.core.send = self._hold

    def _hold(self, raw: bytes) -> None:
        env = open_envelope(raw, self.genesis, GAME_KINDS, check_signature=False)
        if env.author == self.seat:
            self.queue.append((env.seq, raw))
        else:
            self.mesh.broadcast([ENVELOPE, raw])

    def made(self) -> int:
        """The highest seq of our own we have made and not yet released, or released."""
        return max([s for s, _ in self.queue] + [self.released])

    def release(self, upto: int) -> None:
        self.released = max(self.released, upto)
        keep = []
        for seq, raw in self.queue:
            if seq <= upto:
                self.mesh.broadcast([ENVELOPE, raw])
            else:
                keep.append((seq, raw))
        self.queue = keep

    def _send_missing(self, peer: bytes, payload: bytes) -> None:
        # Catch-up must not pass on our envelopes before the other instance has its own.
        send = self.mesh.send

        def gated(to: bytes, frames: list[bytes]) -> bool:
            env = open_envelope(frames[1], self.genesis, GAME_KINDS, check_signature=False)
            if env.author == self.seat and env.seq > self.released:
                return True
            return send(to, frames)
        self.mesh.send = gated  # type: ignore[method-assign]
        try:
            super()._send_missing(peer, payload)
        finally:
            self.mesh.send = send  # type: ignore[method-assign]


def main() -> int:
    gpath, kpath, seat, folder, mode, hello_a, peer_a, hello_b, peer_b = sys.argv[1:10]
    genesis = Genesis.decode(Path(gpath).read_bytes())
    key = read_key_file(kpath)
    pair = []
    for name, hello, peer in (("a", hello_a, peer_a), ("b", hello_b, peer_b)):
        Kind = type(f"Instance{name.upper()}", (Instance,),
                    {"seed_tag": b"other secrets" if mode == "keys" and name == "b" else b""})
        runner = Kind(genesis, int(seat), key, Path(folder) / f"fork-{name}.journal",
                      NodeOptions(hello_bind=hello, peers=[peer], linger_max_s=5.0),
                      HeuristicBot(b"fork").choose)
        runner.setup()
        pair.append(runner)
    a, b = pair
    said = False
    stop = time.monotonic() + 600
    while time.monotonic() < stop:
        for r in pair:
            r.tick(5)
        if (mode == "chat" and not said and a.core.state.turns >= 1
                and a.core._tail == b.core._tail):
            a.core.say("I will attack")
            b.core.say("I will retreat")
            said = True
            print("FORK said", flush=True)
        a.release(min(a.made(), b.made()))
        b.release(min(a.made(), b.made()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
