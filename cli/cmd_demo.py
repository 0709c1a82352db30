"""`cosmic demo --players N [--seed S] [--dir D] [--game worlds]`: N node processes on
this machine, each with a bot, play a whole networked game through the full stack (LAN
discovery on loopback, the card protocol, signed journals). Each node's journal ends up
in D. `--game worlds` plays the map game of rules 003 instead of Cosmic.

With a seed, everything that is not a secret is reproducible: the same keys, genesis and
bots. The card protocol's secrets derive from each seat's key and the game, so the same
seed gives the same game, byte for byte.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from engine import games
from engine.game import Rules

from .botopts import add_bot_options, bot_maker, node_bot_args
from .options import UsageError, add_game_options, game_config, options_text, worlds_config

LOOPBACK_BROADCAST = "127.255.255.255"


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("demo", help="bots play a whole networked game in N node processes")
    p.add_argument("--game", choices=sorted(games.GAMES), default=games.DEFAULT,
                   help="cosmic (default) or worlds, the map game of rules 003")
    p.add_argument("--players", type=int, default=3,
                   help="seats (2 to 10, worlds 2 to 6; default 3)")
    p.add_argument("--seed", default="", help="the same seed gives the same game")
    p.add_argument("--dir", type=Path, default=Path("demo-game"),
                   help="where journals, keys and the genesis go (default ./demo-game)")
    add_game_options(p)
    add_bot_options(p)
    p.add_argument("--quiet", action="store_true", help="only the summary")
    p.set_defaults(func=run)
    return p


# Where a game on this machine (play, demo, a resume) looks for its discovery port: below
# the kernel's ephemeral range. A port the kernel hands out for port 0 comes from that
# range and is free only at that moment: the kernel hands it again to the next socket that
# sends before it binds (every node's beacon socket does) or connects, and a game's
# nodes bind it a second or more later, once their processes run (EADDRINUSE then, or two
# games on one port). Below it, a port is taken only by whoever asks for it by number.
PORTS_FROM = 20000
_EPHEMERAL = "/proc/sys/net/ipv4/ip_local_port_range"


def ephemeral_start() -> int:
    """The first port of the kernel's ephemeral range (32768 where it cannot be read, as
    on macOS, whose range starts higher still)."""
    try:
        with open(_EPHEMERAL) as f:
            return min(int(f.read().split()[0]), 32768)
    except (OSError, ValueError, IndexError):
        return 32768


def port_free(port: int, tcp: bool = False) -> bool:
    """Can a UDP socket (and, with `tcp`, a TCP server) bind `port` on every address now?"""
    for kind in (socket.SOCK_DGRAM, socket.SOCK_STREAM) if tcp else (socket.SOCK_DGRAM,):
        with socket.socket(socket.AF_INET, kind) as s:
            if kind == socket.SOCK_STREAM:  # as a server binds: a TIME_WAIT left is fine
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind(("", port))
            except OSError:
                return False
    return True


def free_udp_port() -> int:
    """A UDP port free now for a game's discovery on this machine: drawn at random (two
    games started at once seldom draw the same) from PORTS_FROM up to the ephemeral range
    (see there); one the kernel gives if none of 64 draws is free."""
    import secrets  # not for secrecy: `random` is not used in this project

    high = ephemeral_start()
    if high > PORTS_FROM:
        for _ in range(64):
            port = PORTS_FROM + secrets.randbelow(high - PORTS_FROM)
            if port_free(port):
                return port
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def prepare(players: int, seed: str, directory: Path, max_turns: int = 0,
            config: Any = None, rules: Rules | None = None,
            names: list[str] | None = None) -> tuple[Path, list[Path]]:
    """Keys, genesis and key files for a demo game of `rules` (Cosmic unless given);
    returns (genesis path, key paths). `config` (seats = players) gives the options; by
    default the base game. `names`: each seat's name in the game (default bot-N)."""
    from node.journal_file import write_key_file
    from protocol.game import make_genesis
    from protocol.keys import SigningKey

    game = rules if rules is not None else games.load(games.DEFAULT)
    directory.mkdir(parents=True, exist_ok=True)
    base = seed.encode() if seed else os.urandom(16)
    keys = [SigningKey.from_seed(hashlib.sha256(b"cosmic/demo-key/v1\0" + base
                                                + bytes([i])).digest())
            for i in range(players)]
    if config is None:
        config = game.config_from(game.COLOURS[:players], (),
                                  {"max_turns": max_turns} if max_turns else {})
    names = names or [f"bot-{i}" for i in range(players)]
    genesis = make_genesis(config, [(names[i], k.public) for i, k in enumerate(keys)],
                           mode="network",
                           salt=hashlib.sha256(b"cosmic/demo-salt/v1\0" + base).digest(),
                           rules=game)
    gpath = directory / "genesis.bin"
    gpath.write_bytes(genesis.encode())
    paths = []
    for i, k in enumerate(keys):
        path = directory / f"seat-{i}.key"
        write_key_file(path, k, force=True)
        paths.append(path)
    return gpath, paths


def run(args: argparse.Namespace) -> int:
    rules = games.load(args.game)
    if args.game == "cosmic" and not 2 <= args.players <= 10:
        raise UsageError("--players must be between 2 and 10")
    try:
        if args.game == "worlds":
            config = worlds_config(args, args.players, network=True)
        else:
            config = game_config(args, args.players)
        bot_maker(args, game=args.game)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    shown, directory = args.dir, args.dir.resolve()  # the nodes run elsewhere: full paths
    taken = sorted(directory.glob("seat-*.journal"))  # another game's: never written over
    if taken:
        from .cmd_host import to_stderr
        print(to_stderr(f"cosmic demo: {shown} already holds a game's journals "
                        f"({', '.join(p.name for p in taken[:3])}"
                        f"{', ...' if len(taken) > 3 else ''}); nothing in it was changed. "
                        "Give a new folder with --dir for this demo (or remove that one "
                        "if you do not keep its game)."), file=sys.stderr)
        return 2
    try:
        gpath, keys = prepare(args.players, args.seed, directory, config=config, rules=rules)
    except OSError as exc:
        # a file where the folder would be: mkdir's "File exists" read as a game there
        why = ("a file, not a folder" if directory.exists() and not directory.is_dir()
               else exc.strerror or exc)
        print(f"cosmic demo: cannot use {shown} for the game: {why}", file=sys.stderr)
        return 2
    if not args.quiet:
        what = rules.options_text(config) if args.game == "worlds" else options_text(config)
        print(f"{args.players} nodes play {what}" if args.game == "worlds"
              else f"{args.players} nodes play: {what}", flush=True)
    port = free_udp_port()
    procs: list[subprocess.Popen[str]] = []
    t0 = time.monotonic()
    # A closed terminal (SIGHUP) or a kill (SIGTERM) stops the nodes too, as Ctrl-C does:
    # in sessions of their own, nothing else would reach them.
    for signum in (signal.SIGHUP, signal.SIGTERM):
        signal.signal(signum, _interrupted)
    try:
        for seat in range(args.players):
            cmd = [sys.executable, "-m", "cli.main", "node", "--genesis", str(gpath),
                   "--key", str(keys[seat]), "--seat", str(seat),
                   "--journal", str(directory / f"seat-{seat}.journal"), *node_bot_args(args),
                   "--bot-seed", args.seed, "--discovery-port", str(port),
                   "--discovery-target", LOOPBACK_BROADCAST]
            # Only seat 0's progress is read: another node writing to a pipe nobody reads
            # would block once the pipe is full, and stall the game.
            # Each node in a session of its own: a Ctrl-C at the terminal reaches the demo
            # alone, which stops the nodes and says so once (each node said "interrupted").
            out = subprocess.PIPE if seat == 0 else subprocess.DEVNULL
            procs.append(subprocess.Popen(cmd + ["--progress"] if seat == 0 else cmd,
                                          stdout=out, text=True, start_new_session=True,
                                          cwd=Path(__file__).resolve().parent.parent))
        return _watch(args, procs, t0, config, rules, shown)
    except KeyboardInterrupt:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            proc.wait()
        from .cmd_host import to_stderr
        try:
            print(to_stderr(f"\ninterrupted: the nodes are stopped; their journals are in "
                            f"{shown}/ (`cosmic verify --partial {shown}/seat-0.journal` "
                            "checks the game so far)"), file=sys.stderr)
        except OSError:  # the terminal is gone
            pass
        return 130


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _watch(args: argparse.Namespace, procs: list[subprocess.Popen[str]], t0: float,
           config: Any, rules: Any, shown: Path) -> int:
    """Follow seat 0's progress to the end of the game, and say how it ended."""
    first_encounter = None
    last: dict[str, Any] = {}
    assert procs[0].stdout is not None
    for line in procs[0].stdout:
        try:
            info = json.loads(line)
        except json.JSONDecodeError:
            continue
        if "blame" in info:
            print(f"  ! seat {info['blame']} named: {info['check']}: {info['message']}")
            continue
        if "turn" not in info:  # a warning (another node with this seat's key...)
            print(f"  ! {info.get('warning', info)}")
            continue
        if first_encounter is None and info.get("encounters", 0) >= 1:
            first_encounter = time.monotonic() - t0
        if not args.quiet and (info.get("turn"), info.get("over")) != (last.get("turn"),
                                                                     last.get("over")):
            count = (f"{info['encounters']} encounters" if "encounters" in info else
                     "worlds " + "/".join(map(str, info.get("worlds", []))))
            print(f"  turn {info['turn']}: {count}, {info['records']} records, "
                  f"{info['phase']}", flush=True)
        last = info
    codes = [p.wait() for p in procs]
    took = time.monotonic() - t0
    colors = config.colors
    winners = ", ".join(colors[w] for w in last.get("winners") or []) or "nobody"
    if any(last.get("aliens") or ()):
        print("aliens: " + ", ".join(f"{c} {a.replace('_', ' ') or 'none'}"
                                     for c, a in zip(colors, last["aliens"])))
    from .game_ui import for_rules
    why = for_rules(rules).reason_words(str(last.get("over")), config)
    print(f"Game over: {winners} won ({why}); {last.get('records')} records "
          f"in {took:.1f} s" + (f"; first encounter after {first_encounter or 0:.1f} s"
                                if args.game == "cosmic" else ""))
    print(f"journals in {shown}/: check one with `cosmic verify {shown}/seat-0.journal`")
    if any(codes):
        print(f"node exit codes: {codes}", file=sys.stderr)
        return 1
    return 0
