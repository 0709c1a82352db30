"""`cosmic resume JOURNAL`: restart your node after a crash or a reboot. It rebuilds the
game from its journal, reconnects and catches up from the peers; they wait for it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from bots import HeuristicBot
from node.discovery import DEFAULT_PORT
from protocol.errors import ProtocolError
from protocol.journal import parse_journal

from .netgame import lan_options, play_seat, player_key


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("resume", help="restart your node of a game from its journal")
    p.add_argument("journal", type=Path)
    p.add_argument("--key", type=Path, help="your key file (default ~/.cosmic/key)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help="UDP port of the beacons")
    p.add_argument("--target", default="255.255.255.255")
    p.add_argument("--peer", action="append", default=[], help="a peer's hello endpoint")
    p.add_argument("--bot", action="store_true", help="let a bot play this seat")
    p.add_argument("--plain", action="store_true")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    try:
        genesis = parse_journal(args.journal.read_bytes()).genesis
    except (OSError, ProtocolError) as exc:
        print(f"cosmic resume: {args.journal}: {exc}", file=sys.stderr)
        return 2
    key = player_key(args.key)
    seat = genesis.seat_of_key(key.public)
    if seat is None:
        print("cosmic resume: your key holds no seat in this game (use --key)",
              file=sys.stderr)
        return 2
    opts = lan_options(args.port, args.target, args.peer, peers=args.peer)
    screen = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    bot = HeuristicBot(key.public) if args.bot else None
    return play_seat(genesis, seat, key, args.journal, opts, screen=screen, bot=bot)
