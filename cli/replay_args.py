"""The parser of `cosmic replay` (cli/cmd_replay.py runs the command).

Apart from the command, so that building it (`cosmic --help`, every other command's
`cosmic SUB --help`) imports no journal reader: cli/cmd_replay.py's visitor subclasses
protocol.game's, which brings the crypto libraries with it.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

__all__ = ["add_parser"]


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "replay", help="show the public state of a game from its journal",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Verify and replay a journal; print the public state after its first "
        "N records (default: all).\n\nIn a terminal, without --to, --json or --plain, "
        "step through the game instead:\n"
        "  Right, n, Enter   next record         Left, p       previous record\n"
        "  PageDown, e       next encounter      PageUp, E     previous encounter\n"
        "                    (the map game: the next or previous conflict)\n"
        "  Home / End        first / last        g N, N Enter  position after N records\n"
        "  h                 every hand (once the game is revealed: local games,\n"
        "                    or network games after the end-of-game reveal)\n"
        "  /TEXT Enter       the next record that says TEXT (its line or events,\n"
        "                    any case: /seeker, /red.3); / Enter the next again\n"
        "  ?                 the keys            q, Ctrl-C     quit\n"
        "A fault ends the game at the failing record; the viewer names it. NO_COLOR is "
        "respected.")
    p.add_argument("journal", type=Path, metavar="JOURNAL")
    p.add_argument("--to", type=int, metavar="N", default=None,
                   help="stop after the first N records (0: the game as dealt)")
    p.add_argument("--json", action="store_true", help="print the state as JSON")
    p.add_argument("--plain", action="store_true",
                   help="print the final state, even in a terminal (no viewer)")
    p.add_argument("--html", type=Path, metavar="OUT", default=None,
                   help="write the whole game as one self-contained web page to OUT (open "
                   "it in any browser: no server, no network); add #record=N to its "
                   "address to open it after N records")
    p.add_argument("--key", type=Path, metavar="KEY", default=None,
                   help="your key file: show the tells you sent or received (others' "
                   "stay private)")
    p.set_defaults(func=_run)
    return p


def _run(args: argparse.Namespace) -> int:
    from .cmd_replay import run

    return run(args)
