"""`cosmic campaign new|add|show FILE [JOURNAL]`: a series of games with a running score
(rules 004, Campaign Play), kept in a campaign file that links the series' journals.

The rules document's list of campaign exceptions is cut off, so the scoring is ours
(docs/rules.md, Campaign): each game, every player scores one point per external colony
it holds at the end, and every winner ten more; a team scores what its two players score.
The standings rank by points, then by wins.

The file (JSON, docs/journal-format.md, Campaign files) names each game's journal by a
path relative to the file and by the SHA-256 of its bytes, so a journal cannot be swapped
or changed after it joined. Only a whole game joins (a journal that verifies to its end
and audit), and only one played by the campaign's players: the same public keys (for
local games, whose keys are made from the public seed, the same names), in teams the
same pairs. `cosmic verify FILE` checks every game again and prints the standings.

A game of the map game (`--game worlds`) has no colonies to score and is refused.

Exit status: 0 done; 1 a journal does not verify, was changed, is not the campaign's
players' game or is no Cosmic game; 2 a file cannot be read or written, or is not a campaign file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cmd_verify import exit_code, result_text

if TYPE_CHECKING:
    from engine import cosmic as engine
    from node.verify import VerifyResult
    from protocol.genesis import Genesis

__all__ = ["add_parser", "run", "FORMAT", "is_campaign_file", "verify_campaign"]

FORMAT = "cosmic-campaign/1"
WIN_POINTS = 10  # a winner's bonus; every external colony scores one
COSMIC_ENGINE = "cosmic-engine/"  # a genesis's engine version: only Cosmic's games score


class CampaignError(Exception):
    """A campaign file or a game in it is not what it must be; `code` is the exit status."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "campaign", help="a series of games with a running score (new, add, show)",
        description="Keep a campaign: a series of games by the same players (or teams) "
        "with a running score. 'new FILE' starts one; 'add FILE JOURNAL' verifies a "
        "whole game and adds it; 'show FILE' prints the standings. `cosmic verify FILE` "
        "checks every game of the campaign again.")
    p.add_argument("action", choices=["new", "add", "show"])
    p.add_argument("file", type=Path, metavar="FILE", help="the campaign file")
    p.add_argument("journal", type=Path, nargs="?", metavar="JOURNAL",
                   help="for 'add': the journal of a finished game")
    p.add_argument("--json", action="store_true", help="the standings as JSON")
    p.set_defaults(func=run)
    return p


def is_campaign_file(path: Path) -> bool:
    """Does this file start like a campaign file (JSON naming our format)?"""
    try:
        with open(path, "rb") as f:
            head = f.read(64)
    except OSError:
        return False
    return head.lstrip().startswith(b"{") and FORMAT.encode() in head


# -- the file ---------------------------------------------------------------------------------


def _load(path: Path) -> list[dict[str, str]]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise CampaignError(f"{path}: cannot read: {exc.strerror or exc}", 2) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise CampaignError(f"{path}: not a campaign file: {exc}", 2) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignError(f"{path}: not a campaign file (no \"format\": \"{FORMAT}\")", 2)
    games = data.get("games")
    if not isinstance(games, list) or not all(
            isinstance(g, dict) and isinstance(g.get("journal"), str)
            and isinstance(g.get("sha256"), str) for g in games):
        raise CampaignError(f"{path}: \"games\" must be a list of {{journal, sha256}}", 2)
    return games


def _save(path: Path, games: list[dict[str, str]]) -> None:
    text = json.dumps({"format": FORMAT, "games": games}, indent=1) + "\n"
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, "utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise CampaignError(f"{path}: cannot write: {exc.strerror or exc}", 2) from None


# -- scoring ----------------------------------------------------------------------------------


@dataclass
class Standing:
    """One player's (or team's) line of the standings."""

    name: str
    wins: int = 0
    games: list[int] = field(default_factory=list)  # points per game

    @property
    def points(self) -> int:
        return sum(self.games)


def _game_name(engine_version: str) -> str:
    """The game a genesis's engine version names, in words ("worlds, the map game")."""
    name = engine_version.split("-engine/", 1)[0]
    return "worlds, the map game" if name == "worlds" else name


def _identity(genesis: Genesis, seat: int) -> str:
    """Who a seat is across games: its key; in a local game (keys made from the public
    seed, a new one each game) its name."""
    s = genesis.seats[seat]
    if genesis.option("mode") == "local":
        return "name:" + s.name
    return "key:" + s.key.hex()


def _sides(config: engine.Config) -> list[tuple[int, ...]]:
    """The scoring sides of a game: each seat, or each team (teammates opposite)."""
    if config.teams:
        return [(x, config.teammate(x)) for x in range(config.seats // 2)]
    return [(x,) for x in range(config.seats)]


def _side_key(genesis: Genesis, side: tuple[int, ...]) -> str:
    return "+".join(sorted(_identity(genesis, x) for x in side))


def _side_name(genesis: Genesis, side: tuple[int, ...]) -> str:
    return " + ".join(genesis.seats[x].name for x in side)


@dataclass
class Campaign:
    """The verified games of a campaign and their standings."""

    sides: dict[str, Standing] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # side keys, as the first game seats them
    results: list[VerifyResult] = field(default_factory=list)

    def add(self, result: VerifyResult, where: str) -> None:
        """Score one verified whole game; CampaignError if its players are not ours."""
        from engine.cosmic.flow import external_colonies

        v = result.verdict
        assert v is not None and v.outcome is not None
        g, s = v.genesis, v.state
        if not g.engine_version.startswith(COSMIC_ENGINE):  # the map game has no colonies
            raise CampaignError(f"{where}: a game of {_game_name(g.engine_version)}: a "
                                "campaign scores Cosmic games (points per external colony)")
        for n, earlier in enumerate(self.results, 1):
            if earlier.verdict is not None and earlier.verdict.genesis.game_id == g.game_id:
                raise CampaignError(f"{where}: this game is already in the campaign (game "
                                    f"{n}, {g.game_id.hex()[:16]}): a game counts once")
        sides = _sides(v.config)
        keys = [_side_key(g, side) for side in sides]
        if self.sides and sorted(keys) != sorted(self.sides):
            ours = ", ".join(self.sides[k].name for k in self.order)
            raise CampaignError(f"{where}: not this campaign's players"
                                + (" (or teams)" if v.config.teams else "") + ": "
                                + ", ".join(_side_name(g, side) for side in sides)
                                + f" (the campaign's: {ours})")
        for key, side in zip(keys, sides):
            line = self.sides.get(key)
            if line is None:
                line = self.sides[key] = Standing(_side_name(g, side))  # the first game
                self.order.append(key)
            line.name = _side_name(g, side)  # the latest names
            won = any(x in v.outcome.winners for x in side)
            line.wins += won
            line.games.append(sum(len(external_colonies(s, x)) for x in side)
                              + (WIN_POINTS if won else 0))
        self.results.append(result)

    def standings(self) -> list[Standing]:
        """Best first: points, then wins, then the first game's seating."""
        ranked = sorted(enumerate(self.order), key=lambda ik: (
            -self.sides[ik[1]].points, -self.sides[ik[1]].wins, ik[0]))
        return [self.sides[k] for _, k in ranked]


def _verify_game(journal: Path) -> VerifyResult:
    from node.verify import verify_journal

    try:
        result = verify_journal(journal)
    except (OSError, ValueError) as exc:
        raise CampaignError(f"{journal}: cannot read: {exc}", 2) from None
    code = exit_code(result)
    if code != 0:
        raise CampaignError(result_text(result), code)
    v = result.verdict
    if v is None or v.outcome is None:
        raise CampaignError(f"{journal}: the game is not over", 1)
    return result


def verify_campaign(path: Path, say: Callable[[str], None] = lambda _: None) -> Campaign:
    """Check every game of a campaign file (its bytes unchanged since it joined, a whole
    game that verifies, the campaign's players, each game once) and score them;
    CampaignError if not."""
    games = _load(path)
    campaign = Campaign()
    for i, entry in enumerate(games, 1):
        journal = path.parent / entry["journal"]
        try:
            data = journal.read_bytes()
        except OSError as exc:
            raise CampaignError(f"game {i}: {journal}: cannot read: {exc.strerror or exc}",
                                2) from None
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise CampaignError(f"game {i}: {journal} was changed since it joined the "
                                "campaign (its SHA-256 differs)")
        campaign.add(_verify_game(journal), f"game {i}: {journal}")
        say(f"game {i}: {entry['journal']}: OK")
    return campaign


def standings_text(campaign: Campaign) -> str:
    n = len(campaign.results)
    lines = [f"standings after {n} game{'s' if n != 1 else ''} "
             f"(1 point per external colony, {WIN_POINTS} per win):"]
    ranked = campaign.standings()
    width = len(str(len(ranked)))  # ranks right-aligned: " 9." above "10."
    names = max([20, *(len(line.name) for line in ranked)])  # a column, long names too
    for rank, line in enumerate(ranked, 1):
        per = " ".join(f"{p:>2}" for p in line.games)
        lines.append(f"  {rank:>{width}}. {line.name:<{names}} {line.points:>4} "
                     f"point{'s' if line.points != 1 else ''}, {line.wins} "
                     f"win{'s' if line.wins != 1 else ''}  (by game: {per})")
    return "\n".join(lines)


def standings_data(campaign: Campaign) -> dict[str, Any]:
    return {"games": len(campaign.results), "standings": [
        {"name": x.name, "points": x.points, "wins": x.wins, "per_game": x.games}
        for x in campaign.standings()]}


def _relative(journal: Path, base: Path) -> str:
    return os.path.relpath(journal.resolve(), base.resolve())


def run(args: argparse.Namespace) -> int:
    try:
        if args.action == "new":
            if args.file.exists():
                raise CampaignError(f"{args.file} already exists: a campaign starts once "
                                    "(add games with 'cosmic campaign add')", 2)
            _save(args.file, [])
            print(f"campaign started: {args.file} (add finished games with `cosmic "
                  f"campaign add {args.file} JOURNAL`)")
            return 0
        if args.action == "add":
            if args.journal is None:
                raise CampaignError("campaign add: name the JOURNAL of a finished game", 2)
            games = _load(args.file)
            campaign = verify_campaign(args.file)
            result = _verify_game(args.journal)
            campaign.add(result, str(args.journal))
            data = args.journal.read_bytes()
            games.append({"journal": _relative(args.journal, args.file.parent),
                          "sha256": hashlib.sha256(data).hexdigest()})
            _save(args.file, games)
            print(f"game {len(games)} added: {args.journal}")
        else:
            campaign = verify_campaign(args.file)
        if args.json:
            print(json.dumps(standings_data(campaign), sort_keys=True))
        else:
            print(standings_text(campaign))
        return 0
    except CampaignError as exc:
        print(f"cosmic campaign: {exc}", file=sys.stderr)
        return exc.code

