"""The audit of the Invisible Beings' secret pages judges each page on the map as it stood
when the page was written (engine.worlds.unseen: a page claim keeps the map, `Claim.pos`).
The Planet Jumpers swap two worlds' squares in their opportunity phase, so two worlds 1
space apart when a page moved a token between them may stand 4 apart at the end: an
honest game like that verifies clean, and a page out of reach on its own map is still
blamed, even where the map at the end would have let it pass."""

from __future__ import annotations

import functools
import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

from bots.worlds import HeuristicWorldsBot
from engine import games
from engine.worlds.rules import canonical_pile
from engine.worlds.state import RANGE, WORLDS, Claim, GameState, distance
from engine.worlds.unseen import audit_pages, page_reachable
from node.local import LocalGame, game_seed
from node.records import record_local_game
from protocol.cards_inprocess import InProcessGame
from protocol.cards_source import replay_game
from protocol.errors import RemoteProtocolError
from protocol.game import verify_journal_bytes

ROOT = Path(__file__).resolve().parent.parent
RULES = games.load("worlds")
RACES = ("invisible-beings,planet-jumpers,tachyons,plebs,hive,breeders,searchers,"
         "politicians,strategists")
# `cosmic simulate --bots heuristic --seed 25`, its first game: seat 0 moves an unseen
# token from A to H at action 248, 1 space, and the Planet Jumpers later set them 4 apart.
SEED = "25"


def cosmic(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@functools.cache
def _game() -> LocalGame:
    """The same game in this process (the journal's bytes are compared below)."""
    pile = canonical_pile([r.replace("-", "_") for r in RACES.split(",")])
    config = RULES.config_from(RULES.COLOURS[:2], (), {"races": list(pile)})
    seed = game_seed(SEED, 0)
    game = LocalGame(config, seed, [HeuristicWorldsBot(seed + bytes([p])) for p in range(2)],
                     rules=RULES)
    game.run()
    return game


def _pages(game: LocalGame) -> dict[int, list[tuple[int, ...]]]:
    out: dict[int, list[tuple[int, ...]]] = {}
    for i, page in sorted(game.pages.items()):
        out.setdefault(game.actions[i].seat, []).append(page)
    return out


def _on_last_map(s: GameState) -> GameState:
    """The state with every claim's own map dropped: pages judged on the map at the end
    (the audit before the fix)."""
    t = s.clone()
    t.claims = tuple(Claim(c.seat, c.kind, c.hand, c.serial) for c in s.claims)
    return t


def test_an_honest_game_whose_worlds_jumped_after_a_page_verifies(tmp_path: Path) -> None:
    r = cosmic("simulate", "--game", "worlds", "--players", "2", "--games", "1", "--seed",
               SEED, "--bots", "heuristic", "--races", RACES, "--journal-dir", str(tmp_path))
    assert r.returncode == 0, r.stderr
    journal = tmp_path / "game-0000.journal"
    r = cosmic("verify", str(journal))
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"{journal}: OK" in r.stdout and "claims audit" in r.stdout

    # the game that was blamed: a page judged on the map at the end fails
    game = _game()
    assert record_local_game(game) == journal.read_bytes()
    s = game.state
    assert audit_pages(s, _pages(game)) == []
    bad = audit_pages(_on_last_map(s), _pages(game))
    assert [seat for seat, _ in bad] == [0] and "page of action 248 (H:1)" in bad[0][1]
    claim = next(c for c in s.claims if c.kind == "page" and c.serial == 248)
    a, h = 0, 7  # A and H
    assert distance(claim.pos[a], claim.pos[h]) <= RANGE < distance(s.pos[a], s.pos[h])


def _before(game: LocalGame, seat: int, serial: int) -> dict[int, int]:
    """The seat's page just before its page claim at `serial`: its pages, births and
    openings in order (the audit's bookkeeping)."""
    page: dict[int, int] = {}
    for c in game.state.claims:
        if c.seat != seat or c.serial >= serial:
            continue
        if c.kind == "born":
            page[c.hand[0]] = page.get(c.hand[0], 0) + c.hand[1]
        elif c.kind == "unveil":
            page[c.hand[0]] = 0
        elif c.kind == "page":
            page = {w: k for w, k in enumerate(game.pages[c.serial]) if k}
    return {w: k for w, k in page.items() if k}


def _last_page(game: LocalGame) -> tuple[int, Claim]:
    """A seat's last page claim with no opening of its after it (so the local verifier
    answers nothing from a forged page before the audit)."""
    s = game.state
    for c in reversed(s.claims):
        if c.kind == "page" and not any(o.seat == c.seat and o.kind == "unveil"
                                        and o.serial > c.serial for o in s.claims):
            return c.seat, c
    raise AssertionError("no page claim")


def test_a_page_out_of_reach_on_its_own_map_is_blamed() -> None:
    """Forge a seat's last page: one token moved to a world more than 3 spaces from every
    world it held, on the map of that action, but within 3 on the map at the end (a
    cheat an audit on the last map lets pass). The audit and `verify` blame the seat."""
    game = _game()
    s = game.state
    seat, claim = _last_page(game)
    honest = game.pages[claim.serial]
    before = _before(game, seat, claim.serial)
    assert page_reachable(claim.pos, before, {w: k for w, k in enumerate(honest) if k})
    far = [(a, b) for a in sorted(before) for b in range(WORLDS) if s.pos[b] >= 0
           and all(distance(claim.pos[w], claim.pos[b]) > RANGE for w in before)
           and distance(s.pos[a], s.pos[b]) <= RANGE]
    assert far, "the map never moved a world into reach of this page"
    a, b = far[0]
    forged = [before.get(w, 0) for w in range(WORLDS)]  # every token stays, but one
    forged[a] -= 1
    forged[b] += 1
    after = {w: k for w, k in enumerate(forged) if k}
    assert page_reachable(s.pos, before, after)  # on the last map: in reach
    assert not page_reachable(claim.pos, before, after)
    pages = _pages(game)
    pages[seat][[c.serial for c in s.claims if c.kind == "page" and c.seat == seat]
                .index(claim.serial)] = tuple(forged)
    bad = audit_pages(s, pages)
    assert [p for p, _ in bad] == [seat]
    assert f"page of action {claim.serial}" in bad[0][1] and "cannot follow" in bad[0][1]

    game.pages[claim.serial] = tuple(forged)  # the same forgery in a journal
    try:
        with pytest.raises(RemoteProtocolError) as err:
            verify_journal_bytes(record_local_game(game))
    finally:
        game.pages[claim.serial] = honest
    assert err.value.check == "audit" and err.value.author == seat
    assert f"page of action {claim.serial}" in str(err.value)


def test_a_token_moves_only_to_a_world_on_the_map() -> None:
    """A world set aside at setup (square -1) is never in reach, though it may look near
    a corner square by arithmetic; a token already on a world stays there at no cost."""
    pos = [-1] * WORLDS
    pos[0], pos[1] = 0, 9  # A at (0,0), B at (0,9); C (2) off the map
    assert page_reachable(pos, {1: 1}, {1: 1})
    assert not page_reachable(pos, {1: 1}, {2: 1})
    assert not page_reachable(pos, {0: 1}, {2: 1})
    assert not page_reachable(pos, {2: 1}, {1: 1})
    assert page_reachable(pos, {2: 1}, {2: 1})


def test_a_networked_game_whose_worlds_jumped_after_a_page_passes_every_audit() -> None:
    """The same over the card protocol: the pages are committed, opened at the end and
    audited by every seat and by an observer replaying the record (a seeded game in
    which a page judged on the map at the end would be blamed)."""
    pool = list(canonical_pile([r.replace("-", "_") for r in RACES.split(",")]))
    config = RULES.config_from(RULES.COLOURS[:2], (), {"max_turns": 40, "races": pool})
    seeds = [b"netpj39-%d" % i for i in range(2)]
    game = InProcessGame(config, seeds, [HeuristicWorldsBot(s) for s in seeds], rules=RULES,
                         secret_seeds=[hashlib.sha256(s).digest() for s in seeds])
    game.run()
    game.finish()  # every seat opens every page and audits it
    pages = game.sources[0].pages
    assert audit_pages(_on_last_map(game.states[0]), pages)  # the old audit blamed it
    state, observer = replay_game(game.genesis, config, game.table.log)
    observer.check_claims(state)
    assert observer.pages == pages
