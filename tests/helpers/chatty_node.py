"""An honest seat that chats, for tests: a bot that also says something now and then, and
always when its own card messages are waiting their turn (the moment a crash used to
leave peers with a chat its journal lacked). It prints "CHATTY behind SEQ waiting SEAT"
when it speaks so (SEAT: the one whose message the card work waits for, or None).

    python tests/helpers/chatty_node.py GENESIS KEY SEAT JOURNAL PORT SEED [SLOW [LINGER_MAX]]

SLOW: this many of its first card messages are each made 1 s late (a slow machine), so
that another seat's messages wait for it long enough for a test to act in that window.
LINGER_MAX: at the end, wait at most this many seconds for the peers to say they hold
what it holds (NodeOptions.linger_max_s; the default when not given).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bots import HeuristicBot  # noqa: E402
from node.journal_file import read_key_file  # noqa: E402
from node.runner import NodeOptions, NodeRunner  # noqa: E402
from protocol.genesis import Genesis  # noqa: E402


class Chatty(NodeRunner):
    rng = random.Random(0)  # test timing only, nothing a peer relies on
    chats: set[int] = set()  # seqs of our chats
    status: tuple[int, int | None] | None = None

    def tick(self, timeout_ms: int = 0) -> None:
        super().tick(timeout_ms)
        core = self.core
        if core.done or core.ledger.halted:
            return
        last = core._tail[0]  # our last envelope sealed; a card message waiting its turn:
        behind = last > core.ledger.last_seq(self.seat)
        if behind and last not in self.chats:
            self.chats.add(last + 1)
            # Its words differ from one run of the node to the next (as a person's
            # would after a restart), so a chat lost in a crash is never made again.
            core.say(f"while my cards wait ({last}) {self.rng.randrange(10**6)}")
        status = (core._tail[0], core.cards.waiting_for()) if behind else None
        if status != self.status and status is not None:
            print(f"CHATTY behind {status[0]} waiting {status[1]}", flush=True)
        self.status = status
        if not behind and self.rng.random() < 0.02:
            self.chats.add(last + 1)
            core.say(f"tick {len(core.record)}", to=self.rng.choice(
                [-1] + [s for s in range(self.genesis.n_seats) if s != self.seat]))


def main() -> int:
    gpath, kpath, seat, jpath, port, seed = sys.argv[1:7]
    slow = int(sys.argv[7]) if len(sys.argv) > 7 else 0
    linger_max = float(sys.argv[8]) if len(sys.argv) > 8 else NodeOptions.linger_max_s
    genesis = Genesis.decode(Path(gpath).read_bytes())
    Chatty.rng = random.Random(seed)
    runner = Chatty(genesis, int(seat), read_key_file(kpath), Path(jpath),
                    NodeOptions(discovery_port=int(port), discovery_target="127.255.255.255",
                                linger_max_s=linger_max),
                    HeuristicBot(b"test").choose, progress=sys.stdout)
    produce = runner.core.cards.produce
    made = [0]

    def slowly() -> Any:
        made[0] += 1
        if made[0] <= slow:
            print("CHATTY slow", flush=True)
            time.sleep(1.0)
        return produce()
    runner.core.cards.produce = slowly  # type: ignore[method-assign]
    return runner.run()


if __name__ == "__main__":
    sys.exit(main())
