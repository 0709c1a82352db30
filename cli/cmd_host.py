"""`cosmic host`: announce a game on the LAN, wait for players, then play your seat.
`--game worlds` hosts the map game of rules 003; joiners learn the game from the lobby id."""

from __future__ import annotations

import argparse
import select
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from engine import games
from protocol.errors import ProtocolError

from .botopts import add_seat_bot_option, seat_bot
from .options import (COLORS, DEFAULT_PORT, UsageError, add_game_options, game_config,
                      udp_port, worlds_config)

if TYPE_CHECKING:
    from node.lobby import Lobby, Proposal
    from node.runner import NodeOptions
    from protocol.genesis import Genesis


def _address(host: str) -> str:
    """Why `host` is no IPv4 address this machine can send to, or "" (a name is looked
    up: a typo is refused here, not left to beacons that silently go nowhere)."""
    try:
        socket.getaddrinfo(host, None, socket.AF_INET, socket.SOCK_DGRAM)
    except (OSError, UnicodeError) as exc:
        return f"{host!r} is not an address here ({getattr(exc, 'strerror', None) or exc})"
    return ""


def lan_peer(text: str) -> str:
    """An argparse type: a peer as --peer takes it, HOST or HOST:PORT (checked, kept)."""
    from node.lobby import parse_peer

    try:
        host = parse_peer(text, DEFAULT_PORT)[0]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    why = _address(host)
    if why:
        raise argparse.ArgumentTypeError(why)
    return text


def lan_target(text: str) -> str:
    """An argparse type: where beacons go, an address (or a name) of this network."""
    why = _address(text)
    if why:
        raise argparse.ArgumentTypeError(why)
    return text


def seconds(text: str) -> float:
    """An argparse type: a time to wait, more than zero seconds."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds above 0")
    return value


NAME_CHARS = 32  # protocol.genesis.SEAT_NAME_CHARS (not imported: `--help` imports no
# crypto; tests/test_lobby_hostile_names.py holds the two equal)


def player_name(text: str) -> str:
    """An argparse type: a name a genesis takes (at most NAME_CHARS characters, no
    control characters), checked before the lobby: a longer one was announced, and
    the game's start failed once every seat had said yes."""
    from protocol.errors import ProtocolError
    from protocol.schema import Str

    try:
        Str(NAME_CHARS).check(text, "name")
    except ProtocolError as exc:
        raise argparse.ArgumentTypeError(
            f"{len(text)} characters, at most {NAME_CHARS}" if len(text) > NAME_CHARS
            else "control characters (escapes, line breaks) are not allowed in a name"
        ) from exc
    return text


TURN_S = 180.0  # a LAN game's turn clock for a person (--turn-seconds)
WINDOW_S = 60.0  # cli.netgame.WINDOW_S (not imported: `--help` stays light)


def turn_seconds(text: str) -> float:
    """An argparse type: `seconds`, or 0 (never)."""
    try:
        if float(text) == 0:
            return 0.0
    except ValueError:
        pass
    return seconds(text)


def lobby_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--name", default="", type=player_name,
                   help=f"your name in the game (at most {NAME_CHARS} characters)")
    p.add_argument("--key", type=Path, help="your key file (default ~/.cosmic/key)")
    p.add_argument("--port", type=udp_port, default=DEFAULT_PORT,
                   help=f"UDP port of the beacons (default {DEFAULT_PORT}; host and join "
                        "must use the same)")
    p.add_argument("--target", default="255.255.255.255", type=lan_target,
                   help="where beacons go (default 255.255.255.255, the LAN; "
                        "127.255.255.255 for games on one machine)")
    p.add_argument("--dir", type=Path, help="where your journal goes")
    # (any case: `--colour Red` is red, as the colour prompt takes it)
    p.add_argument("--colour", "--color", default="", choices=COLORS, metavar="COLOUR",
                   type=str.lower,
                   help=f"the colour you ask for ({', '.join(COLORS)}); default: any free")
    p.add_argument("--peer", action="append", default=[], metavar="HOST[:PORT]", type=lan_peer,
                   help="also send the lobby's beacons here (where broadcast does not reach)")
    p.add_argument("--listen", default="", metavar="ADDR",
                   help="hear beacons only on this local address and send them from it "
                        "(broadcasts are then not heard: name peers with --peer)")
    p.add_argument("--yes", action="store_true",
                   help="confirm the game without asking once every seat is taken")
    add_seat_bot_option(p, " (you still confirm the game)")
    p.add_argument("--plain", action="store_true", help="plain text, not full screen")
    p.add_argument("--timeout", type=seconds, default=600.0,
                   help="seconds to wait for players (default 600)")
    p.add_argument("--answer-seconds", type=seconds, default=WINDOW_S, metavar="SECONDS",
                   help="at a card window you may play at, the game passes for you after "
                        f"this long without an answer (default {WINDOW_S:g})")
    p.add_argument("--turn-seconds", type=turn_seconds, default=TURN_S, metavar="SECONDS",
                   help="when you leave a decision of yours unanswered this long (a card "
                        "window and a deal have their own clocks), your node plays it for "
                        "you as the heuristic bot would, and says so: the others do not "
                        f"wait for ever (default {TURN_S:g}; 0: never)")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "host", help="announce a game on the LAN and play it")
    p.add_argument("--game", choices=sorted(games.GAMES), default=games.DEFAULT,
                   help="cosmic (default) or worlds, the map game of rules 003")
    p.add_argument("--players", type=int, default=4,
                   help="seats, you included (2 to 10, worlds 2 to 6; default 4)")
    add_game_options(p)
    lobby_args(p)
    p.set_defaults(func=run)
    return p


class Confirm:
    """Asks the player, on standard input, whether to play each game the lobby proposes;
    answers without blocking the lobby (None until a line arrives).

    A person's answer counts only for the game on the screen when it was typed: what a
    terminal holds when a new game is proposed was typed before it was shown (for the
    game someone has since left, say) and is dropped. Piped answers (a script) count
    whenever they come."""

    def __init__(self, auto: bool, stdin: TextIO = sys.stdin) -> None:
        self.auto, self.stdin = auto, stdin
        self.shown = b""
        self.asking = False  # a question ends the row the cursor is on: no line break yet

    def end_row(self) -> None:
        """Whatever is said next starts on a row of its own (not after the question)."""
        if self.asking:
            print(flush=True)
            self.asking = False

    def lobby_changed(self) -> None:
        """The members changed: the game shown, if any, is no longer on offer."""
        if self.shown:
            print("\nThat game is off: the lobby changed. Wait for the next one.",
                  flush=True)
        self.shown, self.asking = b"", False

    def __call__(self, proposal: Proposal) -> bool | None:
        from node.lobby import LobbyError

        if self.shown != proposal.genesis.game_id:
            self.shown = proposal.genesis.game_id
            if not self.auto and _isatty(self.stdin):
                while select.select([self.stdin], [], [], 0)[0]:
                    if not self.stdin.readline():  # typed before this game was shown
                        break
            print(to_width(f"Every seat is taken: {proposal.describe()} "
                           f"({len(proposal.agreed)} of {proposal.genesis.n_seats} "
                           "confirmed)"), flush=True)
            if self.auto:
                return True
            print("Play this game? [y/n] ", end="", flush=True)
            self.asking = True
        if self.auto:
            return True
        if not select.select([self.stdin], [], [], 0)[0]:
            return None
        line = self.stdin.readline()
        self.asking = False  # the answer's Enter ended the row (or nothing more comes)
        if not line:
            raise LobbyError("no answer (standard input is closed); --yes confirms "
                             "without asking")
        answer = line.strip().lower()
        if answer in ("y", "yes"):
            print("Confirmed; waiting for the others to confirm.", flush=True)
            return True
        if answer in ("n", "no"):
            return False
        print("Answer y or n: ", end="", flush=True)
        self.asking = True
        return None


def to_width(text: str, stream: TextIO | None = None, whole: tuple[str, ...] = ()) -> str:
    """`text` broken between words to the width of the terminal `stream` (stdout) shows
    it in, continued rows indented; as it is when the stream is no terminal (a pipe, a
    file: a reader there wraps as it likes). A long line of the lobby's (the free
    colours, every seat and its key) or of the end of a game (the journal's path) would
    otherwise break in the middle of a word. A word longer than the width (a long path)
    stays whole on a row of its own, to be copied in one piece, and so does each phrase
    of `whole` (a command to type again: `cosmic resume PATH`); each line of a text of
    several is wrapped on its own."""
    import shutil
    import textwrap

    stream = stream or sys.stdout
    if not _isatty(stream):
        return text
    for phrase in whole:  # NUL is no space to textwrap: the phrase is one word to it
        text = text.replace(phrase, phrase.replace(" ", "\0"))
    width = max(40, shutil.get_terminal_size().columns - 1)
    return "\n".join("\n".join(textwrap.wrap(line, width, subsequent_indent="  ",
                                             break_on_hyphens=False,
                                             break_long_words=False)) or line
                     for line in text.split("\n")).replace("\0", " ")


def to_stderr(text: str, whole: tuple[str, ...] = ()) -> str:
    """`text` for stderr as to_width breaks it, each `quoted` command in it kept whole
    (`cosmic resume PATH`, `--key FILE`), as are the phrases of `whole`."""
    import re

    return to_width(text, sys.stderr, whole=(*re.findall(r"`[^`]+`", text), *whole))


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def lan_trouble(args: argparse.Namespace, exc: OSError) -> str:
    """Why the lobby's sockets could not be opened, in one line naming the flags."""
    where = f"--listen {args.listen}" if args.listen else f"--port {args.port}"
    return f"cannot open the lobby's sockets ({where}): {exc.strerror or exc}"


def key_file(args: argparse.Namespace) -> str:
    """The player's key file, as messages name it."""
    from node.journal_file import default_key_path

    return str(args.key or default_key_path())


def start_game(lobby: Lobby, args: argparse.Namespace) -> int:
    from node.discovery import SameKeyError
    from node.journal_file import JournalFile
    from node.lobby import LobbyError, parse_peer
    from node.resume import ResumeInfo
    from protocol.game import game_of

    from .netgame import lan_options, play_seat

    confirm = Confirm(args.yes)

    def show(members: list[Any]) -> None:
        confirm.lobby_changed()
        if not lobby.host and not any(c.seated == 1 for c in members):
            return  # (a joiner's first look: its own card, the host's not heard yet; shown
            # it read "in the lobby: bob" alone, as if the game had no host)
        names = ", ".join(f"{c.name or '?'}{' (' + c.colour + ')' if c.colour else ''} "
                          f"[{c.key[:4].hex()}]" for c in members)
        print(to_width(f"  in the lobby: {names}"), flush=True)

    def warn(text: str) -> None:  # a node with our key came in after us; beacons lost
        still = "Still hosting." if lobby.host else "Still in the lobby."
        print(to_stderr(f"cosmic: warning: {text} {still}"), file=sys.stderr, flush=True)
    def options() -> NodeOptions:
        return lan_options(args.port, args.target, args.peer, args.listen,
                           turn_s=args.turn_seconds, window_s=args.answer_seconds,
                           beacon_to=sorted(set(lobby.addresses.values())
                                            | {parse_peer(p, args.port)[0] for p in args.peer}))

    made: list[Path] = []  # the journal written when we confirmed, while it stands

    def confirmed(prop: Proposal | None) -> None:
        """Our confirmation, about to be announced (or withdrawn: None). Once it is out,
        the others may start the game with us though we never hear their last word (we
        are killed first, say): the seat's journal and resume file are written now, so
        that `cosmic resume` can take the seat into that game."""
        for journal in made:
            _unmake(journal, remove_folder=args.dir is None)
        made.clear()
        if prop is None or prop.seat is None:
            return
        journal = _game_folder(args, prop.genesis) / f"seat-{prop.seat}.journal"
        try:
            journal.parent.mkdir(parents=True, exist_ok=True)
            JournalFile.create(journal, prop.genesis).close()
            made.append(journal)
            ResumeInfo.from_options(prop.seat, options(), key=str(
                Path(key_file(args)).resolve())).save(journal)
        except OSError:
            pass  # said when the game starts, where it is needed (below)
    try:
        genesis, seat = lobby.wait(args.timeout, show, confirm, warn, confirmed)
    except (TimeoutError, LobbyError, SameKeyError) as exc:
        confirm.end_row()
        print(to_stderr(f"cosmic: {exc}"), file=sys.stderr)
        confirmed(None)
        return 1
    finally:
        lobby.close()
    print(to_width("The game: " + ", ".join(f"{s.colour} {s.name} ({s.key[:4].hex()})"
                                            for s in genesis.seats)), flush=True)
    directory = _game_folder(args, genesis)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"cosmic: cannot use {directory} for the game: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    opts = options()
    screen = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
    try:
        bot = seat_bot(args, lobby.key.public, game_of(genesis).NAME)
    except ValueError as exc:  # a bot the game does not have (join learns the game late)
        print(f"cosmic: {exc}", file=sys.stderr)
        return 2
    journal = directory / f"seat-{seat}.journal"
    # said before the full screen takes over: after a kill or a crash it is still there
    again = f"`cosmic resume {journal}`"  # whole on a row of its own, at a terminal
    # ("cut off?" said it once: a newcomer read it as a question about the journal)
    print(to_width(f"Your journal: {journal} (to pick it up again: {again})",
                   whole=("(to pick it up again:", again)), flush=True)
    try:
        # the key file named in full: `cosmic resume` finds it, --key given or not
        info = ResumeInfo.from_options(seat, opts, key=str(Path(key_file(args)).resolve()))
        return play_seat(genesis, seat, lobby.key, journal, opts, screen=screen, bot=bot,
                         resume=info)
    except SameKeyError as exc:  # another node plays our seat, and was there first
        print(to_stderr(f"cosmic: {exc}"), file=sys.stderr)
        return 1


def _game_folder(args: argparse.Namespace, genesis: Genesis) -> Path:
    """Where a game's journals go: --dir, or a folder of its own under the games folder."""
    from .netgame import cosmic_home

    return Path(args.dir) if args.dir else cosmic_home() / "games" / genesis.game_id[:6].hex()


def _unmake(journal: Path, remove_folder: bool) -> None:
    """Take back a journal written at a confirmation that was withdrawn: it holds the
    genesis alone (nothing was played); with it its resume file, and its folder if that
    is the game's own and now empty."""
    from node.journal_file import JournalFile
    from node.resume import resume_path

    try:
        handle, contents, _ = JournalFile.open(journal)
        handle.close()
        if contents.records:
            return  # played: never ours to remove
        journal.unlink()
        resume_path(journal).unlink(missing_ok=True)
        if remove_folder:
            journal.parent.rmdir()
    except (OSError, ValueError, ProtocolError):
        pass  # gone, changed, or a folder holding more: left as it is


def run(args: argparse.Namespace) -> int:
    from node.lobby import Lobby, new_lobby_id

    from .netgame import seat_key

    rules = games.load(args.game)
    if args.game == "cosmic" and not 2 <= args.players <= 10:
        raise UsageError("--players must be between 2 and 10")
    try:
        seat_bot(args, b"check", args.game)  # a bad --bot is refused before anything starts
        if args.game == "worlds":
            config = worlds_config(args, args.players, network=True)
            if args.colour and args.colour not in rules.COLOURS:
                raise ValueError(f"--colour {args.colour}: the map game's colours are "
                                 f"{', '.join(rules.COLOURS)}")
        else:
            config = game_config(args, args.players)
        lobby_id = new_lobby_id(config, rules)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    key = seat_key(args, "host")
    if key is None:
        return 2
    name = args.name or f"host-{key.public[:2].hex()}"
    try:
        lobby = Lobby(key, name, lobby_id, args.players,
                      host=True, port=args.port, target=args.target, colour=args.colour,
                      peers=tuple(args.peer), listen=args.listen, key_file=key_file(args))
    except OSError as exc:  # the beacon sockets: a --listen address not of this machine
        print(f"cosmic host: {lan_trouble(args, exc)}", file=sys.stderr)
        return 2
    print(to_width(f"Hosting {name}'s game for {args.players} (lobby "
                   f"{lobby.lobby[:4].hex()}; {rules.options_text(config)}); others run "
                   f"`cosmic join`. Your key: {key.public[:4].hex()}",
                   whole=("others run `cosmic join`",)), flush=True)
    return start_game(lobby, args)
