"""`cosmic resume JOURNAL`: restart your node after a crash or a reboot. It rebuilds the
game from its journal, reconnects and catches up from the peers; they wait for it.

Everything else it needs was written beside the journal when the game started
(seat-N.resume.json, node/resume.py): the key file, the discovery port and addresses,
and for a game against bots the bots' nodes, which it starts again if they have gone.
Flags given here override what that file says.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError

from .botopts import BOT_KINDS, add_seat_bot_option, seat_bot
from .cmd_host import lan_peer, lan_target
from .options import DEFAULT_PORT, udp_port


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("resume", help="restart your node of a game from its journal")
    p.add_argument("journal", type=Path, nargs="?",
                   help="your seat's journal (seat-N.journal)")
    # more than one (a glob that matched two games): refused in words by run, not as an
    # "unrecognized argument"
    p.add_argument("more", type=Path, nargs="*", help=argparse.SUPPRESS)
    p.add_argument("--key", type=Path,
                   help="your key file (default: the one the game was started with, "
                        "else ~/.cosmic/key)")
    p.add_argument("--port", type=udp_port,
                   help="UDP port of the beacons (default: the game's)")
    p.add_argument("--target", type=lan_target, help="where beacons go (default: the game's)")
    p.add_argument("--peer", action="append", default=[], type=resume_peer,
                   metavar="HOST[:PORT]",
                   help="also send beacons to HOST, as host and join take it; or "
                        "tcp://HOST:PORT, a node's hello endpoint (added to the game's)")
    add_seat_bot_option(p, "", checked=False)
    p.add_argument("--plain", action="store_true",
                   help="plain text instead of the full-screen client")
    p.set_defaults(func=run)
    return p


def resume_peer(text: str) -> str:
    """An argparse type: a peer for resume, tcp://HOST:PORT (a node's hello endpoint) or
    HOST[:PORT] as host and join take it (beacons go there too): checked, kept."""
    if text.startswith("tcp://"):
        host, sep, port = text.removeprefix("tcp://").rpartition(":")
        if not (host and sep and port.isdigit() and 0 < int(port) < 65536):
            raise argparse.ArgumentTypeError(f"{text!r}: a hello endpoint is tcp://HOST:PORT")
        return text
    return lan_peer(text)


def _fail(message: str) -> int:
    """Say why on stderr, between words at a terminal (a path or `a command` whole)."""
    from .cmd_host import to_stderr
    print(to_stderr(f"cosmic resume: {message}"), file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from node.journal_file import default_key_path, read_key_file
    from node.lobby import parse_peer
    from node.resume import ResumeInfo, resume_path
    from protocol.journal import parse_journal

    from .cmd_play import bots_wait
    from .netgame import journal_held, play_seat, players_journal, start_bots

    if args.bot is not None and args.bot not in BOT_KINDS:
        if args.journal is not None:
            return _fail(f"unknown bot {args.bot!r}; known: {', '.join(BOT_KINDS)}")
        args.journal, args.bot = Path(args.bot), "heuristic"  # `resume --bot JOURNAL`
    if args.more:
        named = [args.journal, *args.more]
        return _fail(f"one journal at a time, your seat's of one game; you named "
                     f"{len(named)}: " + ", ".join(
                         f"{j} (finished)" if _over(j) else str(j) for j in named))
    if args.journal is None:
        return _fail("name your seat's journal: `cosmic resume DIR/seat-N.journal`"
                     + _newest_journals())
    journal: Path = args.journal.resolve()
    if journal.is_dir():  # the game's folder (play --dir, or one under the games folder)
        found = players_journal(journal)
        if found is not None:
            return _fail(f"{args.journal} is a game's folder, not a journal; your seat's "
                         f"journal in it: `cosmic resume {found}`"
                         + (" (that game is over)" if _over(found) else ""))
        return _fail(f"{args.journal} is a folder that holds no journal (seat-N.journal)"
                     + _newest_journals())
    try:
        seat_bot(args, b"check")  # a bad --bot-budget is refused before anything starts
    except ValueError as exc:
        return _fail(str(exc))
    try:
        contents = parse_journal(journal.read_bytes())
    except OSError as exc:
        return _fail(f"{args.journal}: {exc.strerror or exc}")
    except ProtocolError as exc:
        return _fail(f"{args.journal}: not a journal cosmic can resume ({exc})")
    genesis = contents.genesis
    try:
        info = ResumeInfo.load(journal)
    except ValueError as exc:
        return _fail(f"{exc}; it was written beside the journal when the game started, "
                     "to say how to reach the others: move it away to resume with the "
                     "default LAN settings (then give --key, --port or --peer as the game "
                     "was started)")
    if info is not None:  # a `play` game's folder moved: its bots and key are there now
        info = info.moved(journal.parent)
    person = _players_of(journal) if args.bot is None else None
    if person is not None:  # (a bot's seat is the bots' to play, or --bot's)
        return _fail(f"{args.journal} is a bot's journal of the `cosmic play` game in "
                     f"{journal.parent}; your seat's, which starts the bots again: "
                     f"`cosmic resume {person}` (or --bot, to have a bot play this one)")
    # The key: the one asked for, else the one the game was started with, else the
    # player's default; never a new one.
    tried = [args.key] if args.key else [p for p in (
        Path(info.key) if info and info.key else None, default_key_path()) if p is not None]
    # Whose journal this is: the seat its resume file names, else its file's name. A key
    # of another seat of the game would play that seat into this journal.
    owner = info.seat if info is not None else _seat_of_name(journal)
    key = seat = None
    other = None  # (key file, seat) of a key that holds another seat
    for path in tried:
        try:
            candidate = read_key_file(path)
        except (OSError, ValueError, ProtocolError) as exc:
            if args.key:
                return _fail(f"cannot read the key {path}: {getattr(exc, 'strerror', None) or exc}")
            continue
        seat = genesis.seat_of_key(candidate.public)
        if seat is not None and owner is not None and seat != owner:
            other, seat = (path, seat), None
            continue
        if seat is not None:
            key = candidate
            break
    if (key is None or seat is None) and other is not None and owner is not None:
        who = genesis.seats
        return _fail(f"{args.journal} is seat {owner}'s journal ({who[owner].name}, "
                     f"{who[owner].colour}); the key {other[0]} holds seat {other[1]} "
                     f"({who[other[1]].name}, {who[other[1]].colour}): resume that seat's "
                     f"own journal (seat-{other[1]}.journal, where it played), or give "
                     f"seat {owner}'s key with --key")
    if key is None or seat is None:
        where = ", ".join(str(p) for p in tried)
        return _fail(f"no key that holds a seat in this game (tried {where}); give your "
                     "key file with --key")
    if info is None:
        info = ResumeInfo(seat=seat, started_by="unknown")
        print(f"No {resume_path(journal).name} beside the journal: resuming with the "
              "default LAN settings (give --port/--peer if the game used others).")
    opts = info.options()
    if args.port is not None:
        opts.discovery_port = args.port
    if opts.discovery_port is None and not opts.peers and not args.peer:
        opts.discovery_port = DEFAULT_PORT
    if args.target:
        opts.discovery_target = args.target
    for peer in args.peer:
        if peer.startswith("tcp://"):
            if peer not in opts.peers:
                opts.peers.append(peer)
            continue
        host, port = parse_peer(peer, opts.discovery_port or DEFAULT_PORT)
        if opts.discovery_port is None:  # beacons need a port: the one named, or ours
            opts.discovery_port = port
        if host not in opts.beacon_to:
            opts.beacon_to.append(host)
    from .rows import journal_words, to_terminal  # "(check it:" on the row of its command
    end, whole = journal_words(args.journal)  # check it, watch it again: as a game's end
    whole += ("Your journal:",)
    over = f"This game is over; your journal holds it to the end. Nothing to resume. {end}"
    if _finished(genesis, seat, key, contents.records):
        print(to_terminal(over, whole))
        return 0
    if journal_held(journal):  # said before the bots start or the resume file changes
        return _fail(f"{args.journal} is in use: this seat's node still runs (in another "
                     f"terminal: the game's own, or another `cosmic resume`). Go on there, "
                     f"or 'quit' there and resume again.")
    try:  # (before any bot node starts)
        from protocol.game import game_of
        bot = seat_bot(args, key.public, game_of(genesis).NAME)  # the game's own bots
    except ValueError as exc:
        return _fail(str(exc))
    if info.bots:
        try:
            taken = _end_from_bots(journal, info, genesis, seat, key, contents.records)
        except (OSError, ProtocolError) as exc:
            return _fail(f"{args.journal}: {getattr(exc, 'strerror', None) or exc}")
        if taken:
            print(to_terminal(taken))
            print(to_terminal(over, whole))
            return 0
    taken_port = _port_taken(opts.discovery_port, opts.discovery_bind)
    if taken_port == "taken" and info.bots and args.port is None and \
            not any(journal_held(j) for j in _bot_journals(info)):
        # A `play` game on this machine (after a reboot, another program took its port):
        # its nodes, all started here now, meet on another.
        from .cmd_demo import free_udp_port
        port = free_udp_port()
        print(to_terminal(f"The game's beacon port {opts.discovery_port} is taken by "
                          f"another program; its nodes meet on {port} now."))
        _meet_on(info, opts, port)
    elif taken_port == "taken":
        return _fail(f"cannot hear the game's beacons: UDP port {opts.discovery_port} is "
                     "taken by another program; stop it and resume again")
    elif taken_port:  # (an address of this machine it no longer has, say)
        return _fail(f"cannot hear the game's beacons on UDP port {opts.discovery_port}"
                     f"{' at ' + opts.discovery_bind if opts.discovery_bind else ''}: "
                     f"{taken_port}")
    if info.bots and args.port is not None:  # the bots started again here go there too
        _meet_on(info, opts, args.port)
    if info.bots:
        start_bots(info.bots, journal.parent)  # a bot still running keeps its seat
    screen = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    # A `play` game's person's node waits for its bots as long as play had it wait (and
    # answers at card windows as fast): resumed, it would wait for killed bots for ever.
    patience = info.patience()
    unfinished = bots_wait(patience, journal.parent) if info.bots else ""
    if bot is not None and info.bots:  # a bot plays the person's seat: the bots' patience
        opts.patience_s = patience
    return play_seat(genesis, seat, key, journal, opts, screen=screen, bot=bot, resume=info,
                     patience_s=patience, unfinished=unfinished)


def _port_taken(port: int | None, bind: str) -> str:
    """Why this seat's node cannot listen for beacons on UDP `port` as its listener
    does (node/discovery.py: shared with the game's other nodes here): "taken" when
    another program holds it, else the system's words; "" if it can."""
    import errno
    import socket

    if port is None:
        return ""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if sys.platform != "linux" and hasattr(socket, "SO_REUSEPORT"):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        try:
            sock.bind((bind, port))
        except OSError as exc:
            return "taken" if exc.errno == errno.EADDRINUSE else exc.strerror or str(exc)
    return ""


def _meet_on(info: Any, opts: Any, port: int) -> None:
    """A `play` game's nodes (the person's, the bots' started again) meet on `port`."""
    info.bots = [[str(port) if k and argv[k - 1] == "--discovery-port" else a
                  for k, a in enumerate(argv)] for argv in info.bots]
    info.discovery_port = opts.discovery_port = port


def _bot_journals(info: Any) -> list[Path]:
    """The journals of a `play` game's bots (their nodes' --journal)."""
    return [Path(argv[argv.index("--journal") + 1]) for argv in info.bots
            if "--journal" in argv[:-1]]


def _players_of(journal: Path) -> Path | None:
    """The person's journal of the `play` game whose bot plays this journal's seat (its
    resume file names this journal among its bots' nodes); None if none does."""
    from node.resume import ResumeInfo

    for other in sorted(journal.parent.glob("seat-*.journal")):
        if other == journal:
            continue
        try:
            info = ResumeInfo.load(other)
        except ValueError:
            continue
        if info is None:
            continue
        for argv in info.moved(journal.parent).bots:
            if "--journal" in argv[:-1] and Path(argv[argv.index("--journal") + 1]) == journal:
                return other
    return None


def _seat_of_name(journal: Path) -> int | None:
    """N of a journal named seat-N.journal, else None."""
    import re

    found = re.fullmatch(r"seat-(\d+)\.journal", journal.name)
    return int(found.group(1)) if found else None


def _newest_journals(count: int = 3) -> str:
    """The newest journals under the games folder (those of host, join and play) and in
    the current folder or a folder in it (a game given --dir), as a hint after a kill or a
    reboot has cleared the terminal that said which; "" if none."""
    from node.resume import ResumeInfo

    from .netgame import cosmic_home

    def a_players(journal: Path) -> bool:  # not one of the bots' seats of a `play` game
        if len(list(journal.parent.glob("seat-*.journal"))) == 1:
            return True
        try:
            info = ResumeInfo.load(journal)
        except ValueError:
            return False
        return info is not None and bool(info.bots)  # the seat that runs the bots
    try:
        here = Path.cwd()
        seen = {j.resolve(): None for j in (*cosmic_home().glob("games/*/seat-*.journal"),
                                            *here.glob("seat-*.journal"),
                                            *here.glob("*/seat-*.journal"))}
        found = sorted((j for j in seen if a_players(j)), key=lambda j: j.stat().st_mtime,
                       reverse=True)[:count]
    except OSError:
        return ""
    if not found:
        return ""
    return "; the newest here, newest first: " + ", ".join(
        f"{p} (finished)" if _over(p) else str(p) for p in found)


def _over(journal: Path) -> bool:
    """Does this journal hold its game to the end? (Read quickly, for a list: a Cosmic
    game's end-of-game reveal is each seat's cards.secret; another game is replayed with
    the key its resume file names.) False when it cannot tell."""
    from node.resume import ResumeInfo
    from protocol.envelope import open_envelope
    from protocol.game import GAME_KINDS, game_of
    from protocol.journal import parse_journal

    try:
        contents = parse_journal(journal.read_bytes())
        genesis = contents.genesis
        if game_of(genesis).NAME != "cosmic":
            from node.journal_file import read_key_file
            info = ResumeInfo.load(journal)
            key = read_key_file(Path(info.key)) if info and info.key else None
            seat = genesis.seat_of_key(key.public) if key else None
            return key is not None and seat is not None and \
                _finished(genesis, seat, key, contents.records)
        told = set()
        for raw in contents.records:
            env = open_envelope(raw, genesis, GAME_KINDS, check_signature=False)
            if env.kind == "cards.secret":
                told.add(env.author)
        return len(told) == genesis.n_seats
    except (OSError, ValueError, ProtocolError):
        return False


def _finished(genesis: Any, seat: int, key: Any, records: list[bytes]) -> bool:
    """Does this journal hold the game to its end (the end-of-game reveal included)?"""
    return bool(_replayed(genesis, seat, key, records).done)


def _replayed(genesis: Any, seat: int, key: Any, records: list[bytes]) -> Any:
    """This seat's node core (node/core.py) after taking these records, each checked as
    a restarted node checks its journal (signatures, legality, the card protocol)."""
    from node.core import NodeCore, secret_seed_for

    core = NodeCore(genesis, seat, key, append=lambda raw: None,
                    append_batch=lambda raws: None, secret_seed=secret_seed_for(key, genesis))
    core.restore(list(records))
    core.pump()
    return core


def _end_from_bots(journal: Path, info: Any, genesis: Any, seat: int, key: Any,
                   records: list[bytes]) -> str:
    """The end of a `play` game that the person's journal lacks (killed during the
    end-of-game reveal, or its last record torn), taken from a bot's journal beside it:
    the bots' nodes, their game over, leave at once and would never send it, and the
    person's node would wait for them for ever. Only records that follow ours in that
    journal and finish the game, every one of them taken as a restarted node takes its
    journal, are added to ours. Returns what to say, or "" (nothing taken)."""
    from node.journal_file import JournalFile
    from protocol.journal import parse_journal

    for argv in info.bots:
        if "--journal" not in argv[:-1]:
            continue
        theirs = Path(argv[argv.index("--journal") + 1])
        try:
            contents = parse_journal(theirs.read_bytes())
        except (OSError, ProtocolError):
            continue
        more = contents.records
        if contents.genesis.encode() != genesis.encode() or len(more) <= len(records) \
                or more[:len(records)] != records:
            continue
        core = _replayed(genesis, seat, key, more)
        if not core.done or core.blames:
            continue
        with JournalFile.open(journal)[0] as ours:  # (locked; a torn tail is cut off)
            ours.append_many(more[len(records):])
        count = len(more) - len(records)
        return (f"Your journal lacked the game's last "
                f"{'record' if count == 1 else f'{count} records'}; taken from {theirs}, "
                f"each checked as your node checks its own journal.")
    return ""
