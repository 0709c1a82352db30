"""Playing one's own seat of a networked game, shared by play, host, join and resume."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from node.discovery import local_address
from node.journal_file import JournalBusy, default_key_path, read_key_file, write_key_file
from node.lobby import parse_peer
from node.resume import ResumeInfo
from node.runner import NodeOptions, NodeRunner
from protocol.errors import ProtocolError
from protocol.genesis import Genesis
from protocol.keys import SigningKey

from .options import os_why, udp_port

__all__ = ["cosmic_home", "game_folder", "player_key", "play_seat", "lan_options",
           "start_bots", "WINDOW_S", "goal_words", "udp_port"]

WINDOW_S = 60.0  # an absent person passes at card windows after a minute


def cosmic_home() -> Path:
    """$COSMIC_HOME, else ~/.cosmic: where the player's key and games live."""
    return default_key_path().parent


def player_key(path: Path | None) -> SigningKey:
    """The player's key: the given file, or ~/.cosmic/key (made on first use, 0600).
    Raises ValueError, in words naming the file, for one that cannot be made or read
    (a folder, another file, a key others may read)."""
    path = path or default_key_path()
    try:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            write_key_file(path, SigningKey.generate())
            from .cmd_host import to_width
            print(to_width(f"A new player key was made in {path} (readable only by you)."))
        return read_key_file(path)
    except OSError as exc:
        raise ValueError(f"cannot use the key file {path}: {os_why(exc)}") from None
    except ProtocolError as exc:
        why = getattr(exc, "message", "") or str(exc)
        raise ValueError(f"cannot use the key file {path}: {why}") from None


def seat_key(args: Any, command: str) -> SigningKey | None:
    """The player's key, with --dir found usable, for `cosmic COMMAND` (host, join); None
    when either is refused, said on stderr first: before the lobby, so nobody is left
    waiting for a player whose game could not start."""
    try:
        key = player_key(args.key)
    except ValueError as exc:
        print(f"cosmic {command}: {exc}", file=sys.stderr)
        return None
    trouble = game_folder(args.dir)
    if trouble:
        from .cmd_host import to_stderr
        print(to_stderr(f"cosmic {command}: {trouble}"), file=sys.stderr)
        return None
    return key


def game_folder(directory: Path | None) -> str:
    """Why the games cannot go to `directory` (--dir; None: the games folder of
    cosmic_home()), or "" if they can: it is made if missing, must be writable, and a
    --dir must hold no seat's journal yet (each new game is another game, and a journal
    is never written over). Asked before the lobby, so that a game is never agreed by
    a player who cannot then play it."""
    where = directory if directory is not None else cosmic_home() / "games"
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot use {where} for the game: {os_why(exc)}"
    if not os.access(where, os.W_OK | os.X_OK):
        return f"cannot use {where} for the game: it is not writable"
    if directory is not None:
        taken = sorted(directory.glob("seat-*.journal"))
        if taken:
            return (f"{directory} already holds a game's journal ({taken[0].name}); give "
                    f"another --dir for a new game (that game: "
                    f"`cosmic resume {players_journal(directory)}`)")
    return ""


def held_game(directory: Path) -> str:
    """Why `directory` cannot hold a new game of `cosmic play`, or "" if it can: it holds
    another game's files (a journal, its genesis, a seat's key), which a new game would
    write over. Said before anything is written, so that the other game stays whole."""
    if directory.exists() and not directory.is_dir():
        return f"cannot use {directory} for the game: it is a file, not a folder"
    if not directory.is_dir():
        return ""
    found = sorted(p.name for pattern in ("seat-*.journal", "genesis.bin", "seat-*.key")
                   for p in directory.glob(pattern))
    if not found:
        return ""
    shown = ", ".join(found[:3]) + (", ..." if len(found) > 3 else "")
    again = players_journal(directory)
    return (f"{directory} already holds another game ({shown}); nothing in it was "
            "changed. For a new game give a new folder with --dir (or no --dir: a folder "
            "of its own under the games folder)"
            + (f"; to go on with that game: `cosmic resume {again}`" if again else "")
            + ".")


def players_journal(directory: Path) -> Path | None:
    """The journal of `directory` to resume: the seat that runs the bots of a `play` game
    (its resume file names them), else the only or first journal; None if none."""
    journals = sorted(directory.glob("seat-*.journal"))
    for journal in journals:
        try:
            info = ResumeInfo.load(journal)
        except ValueError:
            continue
        if info is not None and info.bots:
            return journal
    return journals[0] if journals else None


def lan_options(port: int, target: str, peers: list[str], listen: str = "",
                **more: Any) -> NodeOptions:
    """Node options for a game across machines: the mesh listens on this machine's
    address toward the others (the first peer's host, else the beacon target), not on
    loopback, so that players elsewhere can dial what our card says."""
    toward = parse_peer(peers[0], port)[0] if peers else target
    here = listen or local_address(toward)
    return NodeOptions(bind=f"tcp://{here}:0", hello_bind=f"tcp://{here}:0",
                       discovery_port=port, discovery_target=target, discovery_bind=listen,
                       **more)


def start_bots(commands: list[list[str]], directory: Path) -> list[subprocess.Popen[bytes]]:
    """Start bot nodes (`cosmic node` arguments); each logs to seat-N.log in directory.
    A bot whose node still runs (its journal is held: `cosmic resume` of a `play` game
    whose bots waited) is not started twice."""
    procs = []
    for argv in commands:
        if "--journal" in argv and journal_held(Path(argv[argv.index("--journal") + 1])):
            continue
        seat = argv[argv.index("--seat") + 1] if "--seat" in argv else "x"
        with open(directory / f"seat-{seat}.log", "a") as log:
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "cli.main", *argv], stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=log, start_new_session=True,
                cwd=Path(__file__).resolve().parent.parent))
    return procs


def journal_held(journal: Path) -> bool:
    """Does a running node hold this journal (its lock, node/journal_file.py)?"""
    import fcntl

    try:
        fd = os.open(journal, os.O_RDONLY)
    except OSError:
        return False  # none yet (or unreadable: the bot's node says why)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # (and with it the shared lock, if it was taken)
    return False


def _default_key_path(key: SigningKey) -> str:
    """The default key file's path if it holds this key (so resume finds it), else ""."""
    path = default_key_path()
    try:
        return str(path) if read_key_file(path).public == key.public else ""
    except (OSError, ValueError, ProtocolError):
        return ""


def play_seat(genesis: Genesis, seat: int, key: SigningKey, journal: Path,
              opts: NodeOptions, *, screen: bool, bot: Any = None,
              resume: ResumeInfo | None = None, unfinished: str = "",
              patience_s: float = 0.0) -> int:
    """Play this seat to the end: a bot, the full-screen client, or plain text. A person's
    node waits `patience_s` for seats gone (once all have been here; 0: for ever), then
    stops, and the screen says so.

    Writes how to resume beside the journal first (node/resume.py). Another node that
    plays this seat with this key and started first stops this one: said on stderr,
    between words at a terminal, exit status 1."""
    from node.discovery import SameKeyError

    try:
        return _play_seat(genesis, seat, key, journal, opts, screen=screen, bot=bot,
                          resume=resume, unfinished=unfinished, patience_s=patience_s)
    except SameKeyError as exc:
        from .cmd_host import to_stderr
        print(to_stderr(f"cosmic: {exc}"), file=sys.stderr)
        return 1


def _play_seat(genesis: Genesis, seat: int, key: SigningKey, journal: Path,
               opts: NodeOptions, *, screen: bool, bot: Any,
               resume: ResumeInfo | None, unfinished: str, patience_s: float) -> int:
    colors = [s.colour for s in genesis.seats]
    if resume is None:
        resume = ResumeInfo.from_options(seat, opts, key=_default_key_path(key))
    resume.save(journal)
    if bot is None and not opts.window_s:
        opts.window_s = WINDOW_S
    standing_in = None
    if bot is None and opts.turn_s:  # a person's turn clock: who plays when it runs out
        from protocol.game import game_of
        from .botopts import stand_in
        standing_in = stand_in(game_of(genesis).NAME, b"stand-in/" + key.public).choose
    try:
        runner = NodeRunner(genesis, seat, key, journal, opts,
                            bot.choose if bot is not None else None, stand_in=standing_in)
    except JournalBusy as exc:
        print(f"cosmic: {exc}", file=sys.stderr)
        return 2
    except (OSError, ValueError, ProtocolError) as exc:
        print(f"cosmic: {journal}: {exc}", file=sys.stderr)
        return 2
    if bot is not None:
        print(f"A bot plays {colors[seat]} for you"
              + (f" (resumed from {runner.resumed} records)" if runner.resumed else "")
              + "...", flush=True)
        code = runner.run()
        if runner.gave_up:
            from .cmd_host import to_stderr  # between words at a terminal
            print(to_stderr(f"cosmic: {runner.gave_up}"), file=sys.stderr)
        _said_the_end(runner, journal, "")
        return _audit_failed(runner, journal) or code
    from .client import NetworkSession
    session = NetworkSession(runner, patience_s)
    from .game_ui import for_rules, variant_words
    goal = for_rules(runner.core.rules).goal(runner.core.state.config)
    limit = getattr(runner.core.state.config, "max_turns", 0)
    if limit:  # as the lobby announced it: a game that stops short is no surprise
        goal += f" At most {limit} turn{'s' if limit != 1 else ''}."
    hello = (f"You are {colors[seat]}. {goal} "
             + variant_words(runner.core.state.config, seat) + "Type 'help'; "
             + ("Tab completes what is legal now; " if screen else "")
             + "'say TEXT' chats.")
    ended = ""
    try:
        if screen:
            from .app import ClientApp
            client: Any = ClientApp(session, title=f"cosmic - you are {colors[seat]}")
        else:
            from .textplay import PlainClient
            client = PlainClient(session)
        if runner.torn:
            client.say(runner.torn)
        if runner.resumed:
            before, runner.core.events = runner.core.events, []
            client.say(f"Resumed from {journal} ({runner.resumed} records); catching up.")
            client.recap(before, str(journal))
        client.say(hello)
        ended = asyncio.run(client.run())
        if runner.core.done and not session.stopped():
            while not runner.finished():  # stay until the peers hold the whole record
                runner.tick(20)
    except KeyboardInterrupt:
        pass
    finally:
        runner.close()
    if screen or ended != "over":  # (plain text says the end itself, once, last)
        # (a node that stopped for the bots: they are gone, not waiting for you)
        _said_the_end(runner, journal, "" if session.stopped() else unfinished)
    if runner.gave_up:  # as a bot's seat says it (above): the game cannot go on
        from .cmd_host import to_stderr  # between words at a terminal
        print(to_stderr(f"cosmic: {runner.gave_up}"), file=sys.stderr)
        return 3
    if session.failure:  # the node itself failed: the journal keeps what it took
        from .cmd_host import to_stderr
        print(to_stderr(f"cosmic: your node stopped: {session.failure} (the game so far "
                        f"is in {journal}: cosmic resume {journal})"), file=sys.stderr)
        return 3
    return _audit_failed(runner, journal)


AUDIT_FAILED = 1
"""The exit status of play, host, join and resume when the end-of-game audit failed
(a seat's hidden claim was false, or the cards opened at the end do not fit the game):
the game's result cannot stand. docs/playing.md lists the exit statuses."""


def _audit_failed(runner: NodeRunner, journal: Path) -> int:
    """AUDIT_FAILED, said on stderr (what failed, the seat blamed, the journal to verify),
    if the end-of-game audit of this game failed; else 0."""
    from .cmd_host import to_width

    failed = [b for b in runner.core.blames if b.check in ("audit", "claim")]
    if not runner.core.done or not failed:
        return 0
    seats = runner.genesis.seats
    for blame in failed:
        # the audit's own finding names its author in words (protocol/errors.py), not
        # as a signed proof: "[claim] author 1: claimed no_encounter at action 47 ..."
        said = re.match(r"\[\w+\] (?:record \d+, )?author (\d+)\b[^:]*: (.*)$",
                        blame.message, re.S)
        author = blame.author if blame.author is not None else \
            int(said.group(1)) if said else None
        who = (f"seat {author} ({seats[author].colour}) is blamed"
               if author is not None and 0 <= author < len(seats) else "no seat is named")
        what = "a hidden claim was false" if blame.check == "claim" else \
            "what the cards showed at the end does not fit the game"
        check = f"cosmic verify {journal}"
        print(to_width(f"cosmic: the end-of-game audit failed: {what}; {who} "
                       f"({said.group(2) if said else blame.message}). The result above "
                       f"cannot stand. The journal keeps the evidence: {check}",
                       sys.stderr, whole=(check,)), file=sys.stderr)
    return AUDIT_FAILED


def _said_the_end(runner: NodeRunner, journal: Path, unfinished: str) -> None:
    """The last words in the terminal: the screen's own headline of the end (who won and
    how, cli/game_ui headline), or how to pick the game up again."""
    from .rows import to_terminal  # between words, "(check it:" with its command
    s = runner.core.state
    if s.outcome is None and runner.core.halted:  # no resume makes a forked game go on
        check = f"cosmic verify {journal}"
        print(to_terminal(f"Game left unfinished: it cannot go on, a seat signed two "
                          f"histories (the proof: {check})."))
    elif s.outcome is None or not runner.core.done:  # (or its end-of-game reveal)
        again = f"cosmic resume {journal}"
        print(to_terminal(f"Game left unfinished. Pick it up again with: {again}"
                          + (f"\n{unfinished}" if unfinished else "")))
    else:
        from .game_ui import for_rules, headline
        said = headline(for_rules(runner.core.rules), s, runner.core.seat)
        print(to_terminal("Game over: " + said.partition(": ")[2]))
        from .rows import journal_words  # check it, watch it again
        print(to_terminal(*journal_words(journal)))
    from .rows import not_on_path_words  # (after `make play`, .venv/bin is not on PATH)
    where, whole = not_on_path_words()
    if where:
        print(to_terminal(where, whole))


def goal_words(config: Any) -> str:
    """What wins a game of this configuration, in words (four planets: four colonies)."""
    return f"{'Five' if config.win_colonies == 5 else 'Four'} foreign colonies win."
