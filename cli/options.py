"""The game options every command that starts a game takes, defined once.

`add_game_options(parser)` adds --aliens, --flares, --variant (and --max-turns where the
command has a turn limit); `game_config(args, seats)` builds the engine.Config they
describe, raising ValueError with the message a person sees. `play`, `host`, `demo` and
`simulate` set up games with them; `join` takes the same flags as what the game it joins
must be (`wanted` / `mismatch`), since the host chooses the options.

--aliens: "random" (one dealt to each seat by the card source), "choose" (each seat is
dealt two face down and keeps one), or one name per seat separated by commas, where "?"
deals that seat one at random, "choose" lets it choose, and "-" gives it none.
--flares: the advanced setup (each seat keeps one of two dealt flares' aliens; ten flares
go into the cosmic deck); with it, --aliens may only be "choose" (which it implies).
"""

from __future__ import annotations

import argparse
import difflib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine import cosmic as engine

__all__ = ["UsageError", "VARIANTS", "COLORS", "DEFAULT_PORT", "udp_port", "add_game_options",
           "game_config", "parse_aliens", "options_text", "wanted", "mismatch"]

# What the parsers show, written out here so that building them imports no engine and no
# sockets (cli/main.py); tests/test_cli_startup.py holds each to the value it copies.
VARIANTS = ("four_planets", "single_encounter", "classic_artifacts", "teams", "two_player",
            "freewheeling_flares", "rotating_powers", "hidden_powers", "technology")
"""engine.cosmic.VARIANTS"""
COLORS = ("red", "blue", "yellow", "green", "purple", "orange", "black", "white", "brown",
          "pink")
"""engine.cosmic.COLORS: the seats' colours in seat order"""
DEFAULT_PORT = 45670
"""node.discovery.DEFAULT_PORT: the UDP port of the LAN beacons"""

ALIENS_HELP = ("aliens in play: 'random' (one dealt to each seat by the card source), "
               "'choose' (each seat is dealt two face down and keeps one), or one NAME per "
               "seat separated by commas ('?' random, 'choose', '-' none)")
FLARES_HELP = ("the advanced setup: two flares dealt to each seat, each keeps one alien, "
               "ten flares in the cosmic deck (the aliens are chosen: no --aliens needed); "
               "only the Amoeba, Kamikaze and Filch flares are played, the others are held "
               "only (the hand marks them)")


def os_why(exc: OSError) -> str:
    """Why a file or folder could not be made or used, in words: when the path runs
    through a file where a folder must be, which file (the system says only 'File
    exists' or 'Not a directory')."""
    if isinstance(exc, (FileExistsError, NotADirectoryError)) and exc.filename is not None:
        path = Path(os.fsdecode(exc.filename))
        for part in (path, *path.parents):
            if part.exists() and not part.is_dir():
                return f"{part} is a file, not a folder"
    return exc.strerror or str(exc)


def udp_port(text: str) -> int:
    """An argparse type: a UDP port number, 1 to 65535 (refused before any socket)."""
    try:
        port = int(text)
    except ValueError:
        port = 0
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (1 to 65535)")
    return port


class UsageError(ValueError):
    """Options a person gave that cannot be: `cosmic` says it as the command's own usage
    error (`cosmic CMD: error: ...`, exit 2), as it does for an unknown flag."""


def add_game_options(p: argparse.ArgumentParser, *, max_turns: bool = True,
                     join: bool = False) -> None:
    """Add the game options to a subcommand's parser. `join`: the options are what the
    game to join must have (unset ones match any game)."""
    must = "only join a game with " if join else ""
    p.add_argument("--variant", action="append", default=[], choices=list(VARIANTS),
                   help=f"{must}this variant (repeatable)")
    p.add_argument("--aliens", default=None if join else "", metavar="SPEC",
                   help=f"{must}{ALIENS_HELP}" if join else ALIENS_HELP)
    p.add_argument("--flares", action="store_true",
                   help=f"{must}flares (the advanced setup)" if join else FLARES_HELP)
    if not join:
        p.add_argument("--races", default="", metavar="NAMES", help=RACES_HELP)
    if max_turns:
        p.add_argument("--max-turns", type=int, default=None if join else 0, metavar="N",
                       help=f"{must}this turn limit" if join
                       else "end the game after this many turns (0: play to the end)")


RACES_HELP = ("the map game's race pile: NAME,NAME,... (at least four a seat and one "
              "more), or, to leave races out, --races=-NAME,-NAME (default: every race; the "
              "names are in docs/worlds-rules.md, e.g. invisible-beings)")


def parse_races(spec: str) -> dict[str, list[str]]:
    """The map game's pile options of a --races value: {"races": [...]} for a pile of these
    races, {"without": [...]} for every race but these, {} for every race. Names are
    race keys, case and '-'/'_' alike ("space-pilgrims"). Raises ValueError."""
    from engine.worlds.data import RACE_KEYS

    names = [n.strip().lower() for n in spec.split(",") if n.strip()]
    if not names:
        return {}
    out = [n.startswith("-") for n in names]
    if any(out) and not all(out):
        raise ValueError("--races: name the races of the pile, or the races to leave out "
                         "(each with '-'), not both")
    keys = [n.lstrip("-").replace("-", "_") for n in names]
    unknown = [k for k in keys if k not in RACE_KEYS]
    if unknown:
        close = difflib.get_close_matches(unknown[0], list(RACE_KEYS), n=3)
        raise ValueError(f"--races: no race {unknown[0]!r}"
                         + (f" (did you mean {', '.join(close)}?)" if close else ""))
    if len(set(keys)) != len(keys):
        raise ValueError("--races: a race is named twice")
    return {"without": keys} if all(out) else {"races": keys}


def options_text(config: Any, rules: Any = None) -> str:
    """node.lobby.options_text: the options of a game of `config`, in words (the lobby's
    module, with its sockets, is imported when a game is set up, not for a parser)."""
    from node.lobby import options_text as text
    return text(config, rules)


def parse_aliens(spec: str, seats: int) -> tuple[str, ...]:
    """The Config.aliens of an --aliens value; () for none. Raises ValueError."""
    from engine.cosmic.alien_deal import CHOOSE, DEAL_AT_RANDOM
    from engine.cosmic.aliens import names as alien_names

    if not spec:
        return ()
    if spec == "random":
        return (DEAL_AT_RANDOM,) * seats
    if spec == CHOOSE:
        return (CHOOSE,) * seats
    # a name as docs/aliens.md writes it is read too: "Anti-Matter" is anti_matter
    names = tuple("" if n.strip() == "-" else n.strip().lower().replace("-", "_")
                  for n in spec.split(","))
    known = alien_names()
    for n in names:  # a typo is named first, whatever the count
        if n not in ("", DEAL_AT_RANDOM, CHOOSE) and n not in known:
            close = difflib.get_close_matches(n, known, n=1)
            raise ValueError(f"--aliens: unknown alien {n!r}"
                             + (f" (did you mean {close[0]}?)" if close else "")
                             + f"; known: {', '.join(known)}")
    if len(names) != seats:
        raise ValueError(f"--aliens: give 'random', 'choose' or one name per seat "
                         f"({seats}, separated by commas); got {len(names)}")
    for i, n in enumerate(names):
        if n not in ("", DEAL_AT_RANDOM, CHOOSE) and n in names[:i]:
            raise ValueError(f"--aliens: {n} is named twice; there is one of each alien "
                             "(each seat plays a different one)")
    return names


def game_config(args: argparse.Namespace, seats: int,
                colors: tuple[str, ...] = ()) -> engine.Config:
    """The engine configuration the parsed options describe for `seats` seats.
    Raises ValueError with what to change."""
    from engine import cosmic as engine
    from engine.cosmic.alien_deal import CHOOSE

    if getattr(args, "races", ""):
        raise ValueError("--races: the map game's race pile (--game worlds); Cosmic's "
                         "aliens are chosen with --aliens")
    aliens = parse_aliens(args.aliens or "", seats)
    turns = getattr(args, "max_turns", 0) or 0
    if turns < 0:
        raise ValueError("--max-turns: 0 (no limit) or more")
    if args.flares:
        if any(a not in ("", CHOOSE) for a in aliens):
            raise ValueError("--flares deals the aliens itself (each seat keeps one of two "
                             "flares): leave out --aliens, or give --aliens choose")
        aliens = ()
    return engine.Config(seats, colors, **engine.variant_options(args.variant),
                         aliens=aliens, max_turns=turns, flares=True if args.flares else ())


def wanted(args: argparse.Namespace) -> dict[str, object]:
    """What a joiner asked the game to be: only the options given on its command line."""
    out: dict[str, object] = {}
    if args.variant:
        out["variants"] = tuple(v for v in VARIANTS if v in args.variant)
    if args.aliens is not None:
        out["aliens"] = args.aliens
    if args.flares:
        out["flares"] = True
    if getattr(args, "max_turns", None) is not None:
        out["max_turns"] = args.max_turns
    return out


def mismatch(config: engine.Config, want: dict[str, object]) -> str:
    """Why a game of `config` is not what `want` (see wanted) asks for, in words ("it
    has ..."); "" if it is: it has every variant asked for (and maybe more), the aliens,
    flares and turn limit asked for."""
    from engine.cosmic.alien_deal import CHOOSE
    from engine.cosmic.rules import aliens_text

    why = []
    # the variants asked for must be there; the host may have chosen more (a team game
    # with technology is a team game)
    wanted_variants = want.get("variants", ())
    missing = [v for v in (wanted_variants if isinstance(wanted_variants, tuple) else ())
               if v not in config.variants]
    if missing:
        why.append((f"variants {', '.join(config.variants)}" if config.variants
                    else "no variants") + f", not {', '.join(missing)}")
    if "flares" in want and config.flares is not True:
        why.append("no flares")
    if "aliens" in want:
        spec = str(want["aliens"])
        try:
            asked = () if config.flares is True else parse_aliens(spec, config.seats)
        except ValueError:
            asked = None
        if config.flares is True:
            ok = spec in ("", CHOOSE)
        else:
            ok = asked is not None and (asked or ("",) * config.seats) == config.aliens
        if not ok:
            why.append(aliens_text(config))
    if "max_turns" in want and config.max_turns != want["max_turns"]:
        why.append(f"a turn limit of {config.max_turns}" if config.max_turns
                   else "no turn limit")
    return "; ".join(why)


def worlds_config(args: argparse.Namespace, players: int, *, network: bool = False) -> Any:
    """The map game's config from a command's options (players, --max-turns); ValueError
    with the message a person sees for Cosmic's options or a table size it lacks. A
    networked game's race pile leaves out the races the card protocol cannot play
    (engine.worlds.rules NETWORK_UNSUPPORTED: none since secret pages, protocol/pages.py)."""
    from engine import games
    from engine.worlds.rules import NETWORK_UNSUPPORTED, canonical_pile

    cosmic_only = [flag for flag, on in (("--variant", args.variant), ("--aliens", args.aliens),
                                         ("--flares", args.flares)) if on]
    if cosmic_only:
        raise ValueError(f"{', '.join(cosmic_only)}: Cosmic's options; worlds has none of them")
    if not 2 <= players <= 6:
        raise ValueError("--players must be between 2 and 6 for worlds")
    rules = games.load("worlds")
    turns = getattr(args, "max_turns", 0) or 0
    if turns < 0:
        raise ValueError("--max-turns: 0 (no limit) or more")
    options: dict[str, Any] = {"max_turns": turns} if turns else {}
    pile = parse_races(getattr(args, "races", "") or "")
    if network and NETWORK_UNSUPPORTED and not pile:
        pile = {"without": list(NETWORK_UNSUPPORTED)}
    if "races" in pile:  # in catalogue order: the same genesis and lobby id for a pile
        pile["races"] = list(canonical_pile(pile["races"]))
    options.update(pile)
    try:
        return rules.config_from(rules.COLOURS[:players], (), options)
    except ValueError as exc:
        raise ValueError(f"--races: {exc}" if pile else str(exc)) from None

