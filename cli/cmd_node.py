"""`cosmic node`: run one seat of a networked game (what demo and play start for each bot;
also usable by hand). Prints progress as JSON lines with --progress."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError

from .botopts import add_bot_options, bot_maker

# A node started on the journal of a game already over stays this long at most, for peers
# that are still lingering to hear it holds the whole game (a few beacon intervals).
BACK_AFTER_END_S = 5.0


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("node", help="run one seat of a networked game with a bot")
    p.add_argument("--genesis", type=Path, required=True, help="the game's genesis file")
    p.add_argument("--key", type=Path, required=True, help="this seat's key file")
    p.add_argument("--seat", type=int, required=True,
                   help="the seat this node plays (0 is red), as in the genesis")
    p.add_argument("--journal", type=Path, required=True,
                   help="this node's journal (resumed if it exists)")
    add_bot_options(p)
    p.add_argument("--bot-seed", default="", help="the bot's seed (text)")
    p.add_argument("--bind", default="tcp://127.0.0.1:0", help="the mesh socket to bind")
    p.add_argument("--discovery-port", type=int, help="UDP port of the LAN beacon")
    p.add_argument("--discovery-target", default="255.255.255.255",
                   help="where beacons go (127.255.255.255 for one machine)")
    p.add_argument("--peer", action="append", default=[],
                   help="a peer's hello endpoint tcp://HOST:PORT (when broadcast does not reach)")
    p.add_argument("--hello-bind", default="tcp://127.0.0.1:0",
                   help="the unencrypted hello socket peers may be given with --peer")
    p.add_argument("--deal-seconds", type=float, default=60.0,
                   help="how long a deal may be negotiated before it fails (default 60)")
    p.add_argument("--patience", type=float, default=0.0, metavar="SECONDS",
                   help="leave when the game has waited this long for a seat whose node "
                        "is not there (0, the default: wait for ever)")
    p.add_argument("--faults", help="test networks: SEED:drop:dup:reorder:delay, per mille")
    p.add_argument("--progress", action="store_true", help="print progress as JSON lines")
    p.add_argument("--timing", type=Path, help="benchmarks: log when each action is taken")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    import secrets

    from node.journal_file import read_key_file
    from node.runner import NodeOptions, NodeRunner
    from node.transport import Faults
    from protocol.game import game_of
    from protocol.genesis import Genesis

    try:
        bot_maker(args)  # the bot options are refused first, whatever the game
    except ValueError as exc:
        print(f"cosmic node: {exc}", file=sys.stderr)
        return 2
    try:
        genesis = Genesis.decode(args.genesis.read_bytes())
        key = read_key_file(args.key)
        game = game_of(genesis).NAME
    except (OSError, ProtocolError) as exc:
        print(f"cosmic node: {exc}", file=sys.stderr)
        return 2
    try:
        maker = bot_maker(args, game=game)
    except ValueError as exc:
        print(f"cosmic node: {exc}", file=sys.stderr)
        return 2
    seed = f"{args.bot_seed}/{args.seat}".encode()
    if args.bot == "search":  # its own randomness: nothing a peer relies on or could guess
        seed += secrets.token_bytes(16)
    bot = maker(seed)
    faults = None
    if args.faults:
        try:
            seed, drop, dup, reorder, delay = args.faults.split(":")
            faults = Faults(seed.encode(), drop=int(drop), duplicate=int(dup),
                            reorder=int(reorder), delay=int(delay))
        except ValueError:
            print("--faults takes SEED:drop:dup:reorder:delay (per mille)", file=sys.stderr)
            return 2
    opts = NodeOptions(bind=args.bind, hello_bind=args.hello_bind,
                       discovery_port=args.discovery_port,
                       discovery_target=args.discovery_target, peers=args.peer,
                       deal_s=args.deal_seconds, faults=faults, patience_s=args.patience)
    from node.resume import ResumeInfo
    ResumeInfo.from_options(args.seat, opts, key=str(args.key.resolve()),
                            started_by="node").save(args.journal)
    try:
        runner = NodeRunner(genesis, args.seat, key, args.journal, opts, bot.choose,
                            progress=sys.stdout if args.progress else None,
                            timing=open(args.timing, "w") if args.timing else None)
    except (OSError, ValueError, ProtocolError) as exc:
        print(f"cosmic node: {exc}", file=sys.stderr)
        return 2
    if runner.resumed and runner.core.done:  # as `cosmic resume` says of a finished game
        # Back after the end (killed while it lingered): peers still there wait, up to
        # their linger_max_s, to hear that this seat holds the whole game. It tells them,
        # then leaves; peers gone long ago are not waited for beyond BACK_AFTER_END_S.
        from .rows import journal_words, to_terminal  # "(check it:" on its command's row
        end, whole = journal_words(args.journal)  # check it, watch it again (as resume)
        whole += ("Your journal:",)
        print(to_terminal(f"This game is over; your journal holds it to the end. "
                          f"Nothing to play. {end}", whole), flush=True)
        runner.opts.linger_max_s = min(runner.opts.linger_max_s, BACK_AFTER_END_S)
        return runner.run()
    code = runner.run()
    if runner.gave_up:
        print(f"cosmic node: seat {args.seat}: {runner.gave_up}", file=sys.stderr)
    return code
