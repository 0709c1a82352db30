"""A misbehaving seat for tests (never shipped as a product option): it plays like a
bot, but also sends the kinds of bad messages a cheating or broken peer might.

    python tests/helpers/evil_node.py GENESIS KEY SEAT JOURNAL PORT MODE

MODE: "noise" (garbage bytes, an oversized frame, a forged signature, an envelope of
another game, and an illegal but well-signed move, then plays on honestly),
"equivocate" (two different signed envelopes with one sequence number), "flood" (once the
deck is set up, FLOOD_FAR envelopes of 64 KiB signed by this seat with seqs far ahead of
its chain, and FLOOD_FORGED of 64 KiB claiming the other seats' next seqs under a
signature of its own, then garbage; it plays on honestly, so the game can end) or
"curve" (signed beacons of this seat naming another seat's Curve key, then plays on).
"""

from __future__ import annotations

import secrets
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import cosmic as engine  # noqa: E402
from bots import HeuristicBot  # noqa: E402
from node.journal_file import read_key_file  # noqa: E402
from node.runner import ENVELOPE, NodeOptions, NodeRunner  # noqa: E402
from node.discovery import seal_card  # noqa: E402
from protocol import canonical  # noqa: E402
from protocol.envelope import ENVELOPE_VERSION, empty_view, seal  # noqa: E402
from protocol.game import GAME_KINDS, seal_action  # noqa: E402
from protocol.genesis import Genesis  # noqa: E402

FLOOD_FAR, FLOOD_FORGED, FLOOD_BATCH = 3000, 500, 50
PAYLOAD = 64 * 1024


class Evil(NodeRunner):
    mode = "noise"
    done_evil = False
    flood: list[bytes] | None = None

    def _decide(self) -> None:
        if self.mode == "flood":
            self._flood()
        elif self.mode == "curve":
            self._curve()
        elif not self.done_evil and self.core.my_turn() and self.core.state.turns >= 1:
            self.done_evil = True
            getattr(self, "_" + self.mode)()
        super()._decide()

    def _flood(self) -> None:
        """Send the flood a batch a tick (a real sender is paced by its socket too)."""
        if self.flood is None:
            if len(self.core.record) < 40:
                return
            self.flood = []
            print("EVIL flooding", flush=True)
        if not self.done_evil and not self.flood:
            self.flood = self._flood_envelopes()
            self.done_evil = True
        batch, self.flood = self.flood[:FLOOD_BATCH], self.flood[FLOOD_BATCH:]
        for raw in batch:
            self.mesh.broadcast([ENVELOPE, raw])
        if self.done_evil and batch and not self.flood:
            print("EVIL flooded", flush=True)

    def _flood_envelopes(self) -> list[bytes]:
        g, core = self.genesis, self.core
        seq = core._next_link()[0]
        far, out = [], []
        for i in range(FLOOD_FAR):  # signed by us, far ahead of our chain
            body = ["flood", secrets.token_bytes(32), secrets.token_bytes(PAYLOAD)]
            _, raw = seal(g, self.key, self.seat, seq + 10_000 + i, secrets.token_bytes(32),
                          core.public_hash(), "reveal", body, kinds=GAME_KINDS)
            far.append(raw)
        others = [s for s in range(g.n_seats) if s != self.seat]
        for i in range(FLOOD_FORGED):  # the others' next seqs, signed by us: forged
            victim = others[i % len(others)]
            signed = canonical.encode([
                ENVELOPE_VERSION, g.game_id, victim, g.seats[victim].key,
                core.ledger.last_seq(victim) + 1 + i % 8, secrets.token_bytes(32),
                core.public_hash(), "reveal",
                ["flood", secrets.token_bytes(32), secrets.token_bytes(PAYLOAD)],
                empty_view(g.n_seats).encode()])
            out.append(signed + self.key.sign(signed))
        out.extend(far)  # the forged first: they must come while the others still play
        out.extend(secrets.token_bytes(PAYLOAD) for _ in range(100))  # garbage
        return out

    def _curve(self) -> None:
        """Beacon a signed card of ours that names another seat's Curve key."""
        if self.beacon is None or self.done_evil or len(self.core.record) < 10:
            return
        victim = (self.seat + 1) % self.genesis.n_seats
        stolen = self.mesh.allowed().get(self.genesis.seats[victim].key)
        if stolen is None:
            return  # not met yet: its card tells us its key
        lie = replace(self.card, curve=stolen, stamp=int(time.time() * 1000) + 1)
        for _ in range(3):
            self.beacon._sock.sendto(seal_card(lie, self.key), self.beacon._address)
        self.done_evil = True
        print("EVIL claimed another Curve key", flush=True)

    def _noise(self) -> None:
        s, core = self.core.state, self.core
        seq, prev = core._next_link()
        self.mesh.broadcast([ENVELOPE, b"\x93garbage"])
        # An illegal move, well signed: a launch at a planet that is not in play.
        _, raw = seal_action(self.genesis, self.key, seq, prev, s,
                             engine.Launch(self.seat, 999, ((0, 1),)))
        self.mesh.broadcast([ENVELOPE, raw])
        forged = raw[:-1] + bytes([raw[-1] ^ 1])
        self.mesh.broadcast([ENVELOPE, forged])
        time.sleep(0.3)  # let those go before the connection is dropped
        check = self.mesh._check_frames
        self.mesh._check_frames = lambda frames: None  # type: ignore[method-assign]
        # Over the receivers' frame limit; last, since a receiver drops the connection.
        self.mesh.broadcast([ENVELOPE, b"x" * 400_000])
        self.mesh._check_frames = check  # type: ignore[method-assign]
        print("EVIL sent noise", flush=True)

    def _equivocate(self) -> None:
        seq, prev = self.core._next_link()
        h = engine.public_hash(self.core.state)
        for text in ("I will attack", "I will not"):
            _, raw = seal(self.genesis, self.key, self.seat, seq, prev, h, "chat",
                          [-1, text], kinds=GAME_KINDS)
            self.mesh.broadcast([ENVELOPE, raw])
        print("EVIL equivocated", flush=True)


def main() -> int:
    gpath, kpath, seat, jpath, port, mode = sys.argv[1:7]
    genesis = Genesis.decode(Path(gpath).read_bytes())
    bot = HeuristicBot(b"evil")
    Evil.mode = mode
    runner = Evil(genesis, int(seat), read_key_file(kpath), Path(jpath),
                  NodeOptions(discovery_port=int(port), discovery_target="127.255.255.255"),
                  bot.choose, progress=sys.stdout)
    return runner.run()


if __name__ == "__main__":
    sys.exit(main())
