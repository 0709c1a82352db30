"""`cosmic join`: list the games on the LAN, take a seat in one, play it. The game (Cosmic
or the map game) is the one the lobby id announces (node/lobby.py `lobby_game`)."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING, Any

from .botopts import seat_bot
from .cmd_host import (
    key_file, lan_trouble, lobby_args, start_game, to_stderr, to_width,
)
from .options import add_game_options, mismatch, wanted

if TYPE_CHECKING:
    from protocol.keys import SigningKey


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "join", help="join a game announced on the LAN")
    p.add_argument("--game", default="", help="the lobby's id prefix or host name")
    p.add_argument("--list", action="store_true", help="only list the games seen")
    p.add_argument("--wait", type=_wait, default=30.0, metavar="S",
                   help="keep looking this long for a game not announced yet (default "
                        "30; 0 looks once, for two seconds)")
    add_game_options(p, max_turns=False, join=True)
    lobby_args(p)
    p.set_defaults(func=run)
    return p


def lobby_words(g: Any, me: str = "") -> str:
    """A lobby in a line: whose game, its id, who sits in it so far, then its options,
    "ann's game (00ff34f9) with ann (green): 1/2 seated; random aliens; four planets"
    (`me`, "as bob (key 17147715)", after the id when joining). The seated came last once,
    after the options, and read as one of them: "... keeps one: ann as bob"."""
    from node.lobby import lobby_game, options_text
    try:
        v = options_text(g.config(), lobby_game(g.lobby))
    except ValueError as exc:
        v = f"options this version cannot read ({exc})"
    who = ", ".join(c.name + (f" ({c.colour})" if c.colour else "") for c in g.joined)
    return (f"{g.host.name}'s game ({g.lobby[:4].hex()}){' ' + me if me else ''} with "
            f"{who or 'nobody yet'}: {len(g.joined)}/{g.players} seated; {v}")


def _wait(text: str) -> float:
    """An argparse type: --wait's seconds, 0 (look once) or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 or more)")
    return value


def _look(args: argparse.Namespace,
          key: SigningKey | None) -> tuple[list[Any], list[tuple[bytes, list[str]]]]:
    """The lobbies seen on the LAN for two seconds, and the games heard already under
    way (raises OSError: the sockets; ValueError: a key file that cannot be read, when
    --peer needs one to probe)."""
    from node.discovery import Beacon, Listener
    from node.lobby import games_under_way, parse_peer, probe_card, visible_lobbies

    from .netgame import player_key

    listener = Listener(port=args.port, bind=args.listen)
    try:
        probe = None
        if args.peer:  # where broadcast does not reach: ask the named peers directly
            key = key or player_key(args.key)
            probe = Beacon(key, probe_card(key, args.name), port=args.port,
                           target=args.target, interval_s=0.5, source=args.listen)
            for peer in args.peer:
                probe.add_target(*parse_peer(peer, args.port))
        try:
            return list(visible_lobbies(listener, 2.0, probe)), games_under_way(listener)
        finally:
            if probe is not None:
                probe.close()
    finally:
        listener.close()


def run(args: argparse.Namespace) -> int:
    from node.lobby import Lobby, lobby_game

    from .netgame import cosmic_home, seat_key

    try:
        seat_bot(args, b"check")  # a bad --bot-budget is refused before anything starts
    except ValueError as exc:
        print(f"cosmic join: {exc}", file=sys.stderr)
        return 2
    key = None
    if not args.list:  # refused before looking, not after a game is chosen
        key = seat_key(args, "join")
        if key is None:
            return 2
    deadline = time.monotonic() + (0.0 if args.list else max(0.0, args.wait))
    told = False
    while True:
        try:
            games, playing = _look(args, key)
        except ValueError as exc:  # the key, for --list --peer
            print(f"cosmic join: {exc}", file=sys.stderr)
            return 2
        except OSError as exc:  # the beacon sockets: a --listen address not of this machine
            print(f"cosmic join: {lan_trouble(args, exc)}", file=sys.stderr)
            return 2
        named = [g for g in games if not args.game or g.lobby.hex().startswith(args.game)
                 or g.host.name == args.game]
        left = deadline - time.monotonic()
        if named or playing and not games or left <= 0:
            break
        if not told:  # friends start together: the host may come up a moment later
            which = f"game {args.game}" if args.game else "game"
            print(to_stderr(f"No {which} announced yet: looking for {left:.0f} s more "
                            f"(Ctrl-C stops; is a host running `cosmic host` on the same "
                            f"--port?)"), file=sys.stderr, flush=True)
            told = True
    if not games:
        if playing:  # true, but "no game" would be puzzling beside a game being played
            under_way = "; ".join(f"{', '.join(names)} in game {game[:4].hex()}"
                                  for game, names in playing)
            print(to_stderr(f"No game here takes players now. Under way (nobody new can "
                            f"join): {under_way}. Start a new one with `cosmic host`."),
                  file=sys.stderr)
            for game, _ in playing:  # one of ours, left (a crash, Ctrl-C): back by resume
                for journal in sorted((cosmic_home() / "games" / game[:6].hex())
                                      .glob("seat-*.journal")):
                    again = f"cosmic resume {journal}"  # whole, on a row of its own
                    print(to_stderr(f"You have a seat in game {game[:4].hex()}: to go back "
                                    f"to it, {again}", whole=(again,)), file=sys.stderr)
            return 1
        print("No game announced on this network (is a host running `cosmic host`, "
              "on the same --port?)", file=sys.stderr)
        return 1
    want = wanted(args)

    def why_not(g: Any) -> str:
        """Why game g has not the options asked for ("" if it has them)."""
        try:
            name = lobby_game(g.lobby).NAME
            return mismatch(g.config(), want) if name == "cosmic" else \
                f"the {name} game, which has none of Cosmic's options"
        except ValueError as exc:
            return f"options this version cannot read ({exc})"
    if args.list:  # OPTIONS given: only the games that have them
        shown = [g for g in games if not want or not why_not(g)]
        for i, g in enumerate(shown, 1):
            print(to_width(f"  {i}. {lobby_words(g)}"))
        other = len(games) - len(shown)
        if not shown:
            print(f"cosmic join: no game here has the options you asked for ({other} "
                  f"without them; `cosmic join --list` shows every game)", file=sys.stderr)
            return 1
        if other:
            print(f"({other} more game{'s' * (other > 1)} here without the options you "
                  "asked for)", file=sys.stderr)
        return 0
    for i, g in enumerate(games, 1):
        print(to_width(f"  {i}. {lobby_words(g)}"))
    picks = named  # the games --game names (all of them without it)
    if want:  # the host chose the options: join only a game that has those asked for
        fit = []
        for g in picks:
            why = why_not(g)
            if why:
                print(f"{g.host.name}'s game ({g.lobby[:4].hex()}) is not what you asked "
                      f"for: it has {why}", file=sys.stderr)
            else:
                fit.append(g)
        if picks and not fit:
            print("cosmic join: no game here has the options you asked for", file=sys.stderr)
            return 1
        picks = fit
    if not picks:  # --game named none of them (the options were answered above)
        print(f"cosmic join: no game here matches --game {args.game} (a lobby id's start "
              "or a host's name, as listed above)", file=sys.stderr)
        return 1
    if len(picks) > 1:
        print(f"cosmic join: {len(picks)} games match: name one with --game ID (the id in "
              "brackets above) or the host's name", file=sys.stderr)
        return 1
    game = picks[0]
    try:
        seat_bot(args, b"check", lobby_game(game.lobby).NAME)  # the game's own bots
    except ValueError as exc:
        print(f"cosmic join: {exc}", file=sys.stderr)
        return 2
    if len(game.joined) >= game.players:
        print(f"cosmic join: that game is full ({len(game.joined)}/{game.players})",
              file=sys.stderr)
        return 1
    colour = args.colour
    asking = not colour and not args.yes and sys.stdin.isatty()
    while True:
        if asking:  # a person at the prompt: a wrong answer is told, and asked again
            try:
                # the free colours on a row of their own: the question stays short,
                # and what is typed is not pushed to a wrapped row's end
                print(to_width(f"Free colours: {', '.join(game.free())}."))
                colour = input("Your colour (Enter for any): ")
            except EOFError:  # Ctrl-D at the question
                print("\ncosmic join: no colour given; you did not join", file=sys.stderr)
                return 1
            colour = colour.strip().lower()
        if not colour or colour in game.free():
            break
        known = colour in lobby_game(game.lobby).COLOURS
        print(to_width(f"cosmic join: {colour!r} is "
                       + ("taken in that game" if known else "not a colour of that game")
                       + f"; free: {', '.join(game.free())}", sys.stderr), file=sys.stderr)
        if not asking:
            return 2
    assert key is not None
    name = args.name or f"player-{key.public[:2].hex()}"
    try:
        lobby = Lobby(key, name, game.lobby, game.players, host=False, port=args.port,
                      target=args.target, colour=colour, peers=tuple(args.peer),
                      listen=args.listen, key_file=key_file(args))
    except ValueError as exc:  # a lobby id this version cannot read
        print(f"cosmic join: that game's options: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"cosmic join: {lan_trouble(args, exc)}", file=sys.stderr)
        return 2
    print(to_width(f"Joining {lobby_words(game, f'as {name} (key {key.public[:4].hex()})')}"),
          flush=True)
    return start_game(lobby, args)
