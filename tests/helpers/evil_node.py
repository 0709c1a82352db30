"""A misbehaving seat for tests (never shipped as a product option): it plays like a
bot, but also sends the kinds of bad messages a cheating or broken peer might.

    python tests/helpers/evil_node.py GENESIS KEY SEAT JOURNAL PORT MODE

MODE: "noise" (garbage bytes, an oversized frame, a forged signature, an envelope of
another game, and an illegal but well-signed move, then plays on honestly) or
"equivocate" (two different signed envelopes with one sequence number).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import engine  # noqa: E402
from bots import HeuristicBot  # noqa: E402
from node.journal_file import read_key_file  # noqa: E402
from node.runner import ENVELOPE, NodeOptions, NodeRunner  # noqa: E402
from protocol.envelope import seal  # noqa: E402
from protocol.game import GAME_KINDS, seal_action  # noqa: E402
from protocol.genesis import Genesis  # noqa: E402


class Evil(NodeRunner):
    mode = "noise"
    done_evil = False

    def _decide(self) -> None:
        if not self.done_evil and self.core.my_turn() and self.core.state.turns >= 1:
            self.done_evil = True
            getattr(self, "_" + self.mode)()
        super()._decide()

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
