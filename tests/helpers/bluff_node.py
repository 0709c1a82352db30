"""A seat that lies about its hand, for tests (never shipped as a product option): it
plays like the heuristic bot but, as the offense in planning, claims to hold no
encounter card (it always holds one then), so the end-of-game audit catches it.

    python tests/helpers/bluff_node.py GENESIS KEY SEAT JOURNAL PORT
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bots import HeuristicBot  # noqa: E402
from engine import cosmic as engine  # noqa: E402
from node.journal_file import read_key_file  # noqa: E402
from node.runner import NodeOptions, NodeRunner  # noqa: E402
from protocol.genesis import Genesis  # noqa: E402


class Bluffer:
    def __init__(self) -> None:
        self.bot = HeuristicBot(b"bluff")

    def choose(self, state: engine.GameState, seat: int,
               kn: engine.Knowledge) -> engine.Action:
        if (state.step()[0] == "planning" and state.enc is not None
                and seat == state.enc.offense):
            return engine.NoEncounter(seat)
        return self.bot.choose(state, seat, kn)


def main() -> int:
    gpath, kpath, seat, jpath, port = sys.argv[1:6]
    genesis = Genesis.decode(Path(gpath).read_bytes())
    runner = NodeRunner(genesis, int(seat), read_key_file(kpath), Path(jpath),
                        NodeOptions(discovery_port=int(port),
                                    discovery_target="127.255.255.255"),
                        Bluffer().choose)
    return runner.run()


if __name__ == "__main__":
    sys.exit(main())
