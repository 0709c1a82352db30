"""The Invisible Beings' secret pages through the card protocol (protocol/pages.py), real
crypto, every seat in one process: a seat keeps the race, its births go to its page, it
moves them in secret and commits each new page place by place, opens a world's count
when a conflict starts there (every peer checks the opening), and at the end every page
opens with its key share and is audited against the births, the openings and the rule
of moves. Cheats are refused: at the message (an opening that does not open its
commitment) or by the audit (a page that moves a token too far, a page that does not
hold what the births left), naming the seat; a refused message changes nothing."""

from __future__ import annotations

import functools
import hashlib
import random
from typing import Any

import pytest

from bots.worlds import RandomWorldsBot
from engine import games
from engine import worlds as W
from engine.worlds.state import RANGE, WORLDS, distance
from engine.worlds.unseen import UNSEEN_RACE
from protocol.cards_inprocess import InProcessGame
from protocol.cards_source import replay_game, resume_game
from protocol.cards_wire import PAGE, UNVEIL
from protocol.envelope import open_envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError

RULES = games.load("worlds")
# Nine races for two seats (the fewest a pile may have): eight are dealt, so one seat is
# dealt the Invisible Beings more often than not, and keeps them (PageBot); the ninth is
# the one chit left to explore with.
POOL = ["invisible_beings", "tachyons", "plebs", "hive", "breeders", "searchers",
        "politicians", "strategists", "foundation"]
CONFIG = RULES.config_from(RULES.COLOURS[:2], (), {"max_turns": 24, "races": POOL})


class PageBot:
    """A random bot that keeps the Invisible Beings when dealt them and, at `conceal`,
    moves its unseen tokens at random, each at most RANGE spaces (or, as `reach` says,
    farther: a cheat)."""

    def __init__(self, seed: bytes, reach: int = RANGE) -> None:
        self.bot = RandomWorldsBot(seed)
        self.rng = random.Random(seed)
        self.reach = reach
        self.moved = 0

    def choose(self, state: W.GameState, seat: int, kn: W.Knowledge) -> W.Action:
        options = W.legal_actions(state, seat, kn)
        keep = [a for a in options if isinstance(a, W.Keep)
                and kn.faces.get(a.handle) == UNSEEN_RACE]
        if keep:
            return keep[0]
        before = dict(kn.hidden)  # the random bot writes a page of its own: ours wins
        a = self.bot.choose(state, seat, kn)
        if isinstance(a, W.Conceal):
            kn.hidden = self._move(state, before)
        return a

    def _move(self, state: W.GameState, page: dict[int, int]) -> dict[int, int]:
        out: dict[int, int] = {}
        for w, k in sorted(page.items()):
            for _ in range(k):
                near = [v for v in range(WORLDS) if state.pos[v] >= 0
                        and distance(state.pos[w], state.pos[v]) <= self.reach]
                v = self.rng.choice(near) if self.rng.random() < 0.6 else w
                self.moved += v != w
                out[v] = out.get(v, 0) + 1
        return out


def _seeds(k: int) -> list[bytes]:
    return [b"pages%d-%d" % (k, i) for i in range(2)]


def _secret_seeds(k: int) -> list[bytes]:
    return [hashlib.sha256(s).digest() for s in _seeds(k)]


def _game(k: int, tamper: Any = None, reach: int = RANGE) -> InProcessGame:
    return InProcessGame(CONFIG, _seeds(k), [PageBot(s, reach) for s in _seeds(k)],
                         rules=RULES, tamper=tamper, secret_seeds=_secret_seeds(k))


def _kinds(game: InProcessGame) -> list[tuple[int, str, list[Any]]]:
    out = []
    for raw in game.journal:
        env = open_envelope(raw, game.genesis)
        out.append((env.author, env.kind, env.body))
    return out


def _moved(game: InProcessGame) -> int:
    return sum(c.moved for c in game.controllers)  # type: ignore[attr-defined]


def _shows_everything(game: InProcessGame) -> bool:
    """Births, secret moves and an opening of a commitment with tokens in it."""
    unveils = [b for _, kind, b in _kinds(game) if kind == UNVEIL]
    return (any(c.kind == "born" for c in RULES.claims(game.state)) and _moved(game) > 0
            and any(b[1] > 0 for b in unveils))


@functools.cache
def _honest() -> tuple[int, InProcessGame]:
    """The first seeded game (in a fixed order) that shows births, moves and an opening
    of a committed count, played to its end and audited."""
    for k in range(16):
        game = _game(k)
        game.run()
        if _shows_everything(game):
            game.finish()
            return k, game
    raise AssertionError("no game in 16 showed births, secret moves and an opening")


def _holder(game: InProcessGame) -> int:
    return next(a for a, kind, _ in _kinds(game) if kind == PAGE)


def _first_unveil(game: InProcessGame) -> int:
    """The journal index of the first opening of a committed count with tokens in it."""
    return next(i for i, (_, kind, b) in enumerate(_kinds(game)) if kind == UNVEIL
                and b[1] > 0)


def test_a_networked_game_with_secret_pages_replays_and_audits() -> None:
    _, game = _honest()
    assert RULES.outcome(game.state) is not None
    pages = [b for _, kind, b in _kinds(game) if kind == PAGE]
    assert pages and all(len(b[1]) == 32 * WORLDS for b in pages)
    holder = _holder(game)
    # Only the holder knows its page; every seat knows how many tokens it keeps.
    assert sum(game.sources[holder].knowledge.hidden.values()) == game.state.unseen[holder]
    assert not game.sources[1 - holder].knowledge.hidden
    # Every seat opened every page alike at the end, and they passed the audit.
    assert game.sources[0].pages == game.sources[1].pages
    assert len(game.sources[0].pages[holder]) == len(pages)
    assert any(c.kind == "unveil" and c.hand[1] > 0 for c in RULES.claims(game.state))
    # An observer with no secret replays the record and audits the pages too.
    state, observer = replay_game(game.genesis, CONFIG, game.table.log)
    assert RULES.public_hash(state) == RULES.public_hash(game.state)
    observer.check_claims(state)
    assert observer.pages == game.sources[0].pages


def test_a_wrong_opening_of_a_worlds_count_is_refused_at_the_message() -> None:
    """The holder's opening names another count than its commitment: a peer refuses the
    cards.unveil naming the holder, and the refused message changes nothing (the honest
    opening is taken after it)."""
    _, game = _honest()
    n = _first_unveil(game)
    env = open_envelope(game.journal[n], game.genesis)
    at = game.table.log.index(game.journal[n])
    state, observer = replay_game(game.genesis, CONFIG, game.table.log[:at])
    forged = [env.body[0], env.body[1] - 1, env.body[2]]
    raw = game.table.seal(env.author, UNVEIL, forged)  # the holder's next link, re-signed
    with pytest.raises(RemoteProtocolError) as err:
        observer.receive(open_envelope(raw, game.genesis))
    assert err.value.check == "commitment" and err.value.author == env.author
    assert "does not match the commitment" in str(err.value)
    observer.receive(env)  # nothing changed: the true opening still opens
    assert observer.cards.idle and observer.cards.last is not None
    assert observer.cards.last.result >= env.body[1]


def test_a_page_that_moves_a_token_too_far_is_named_by_the_audit() -> None:
    """A holder that moves its unseen tokens up to 9 spaces: every page still commits
    and opens, but the end-of-game audit names the seat (a breach, like a false claim)."""
    for k in range(16):
        game = _game(k, reach=9)
        game.run()
        if not _moved(game):
            continue
        try:
            game.finish()
        except RemoteProtocolError as err:
            assert err.check == "claim" and err.author == _holder(game)
            assert "cannot follow its page before" in str(err) and "3 spaces" in str(err)
            return
    raise AssertionError("no game in 16 moved a token too far")


def test_a_page_that_does_not_match_the_births_is_named_by_the_audit() -> None:
    """The holder's node cheats: its first page holds one token fewer than its births
    left (consistently: its own record and openings follow the forged page, so every
    opening checks). The end-of-game audit names it."""
    k, honest = _honest()
    holder = _holder(honest)
    game: InProcessGame | None = None

    def tamper(author: int, kind: str, body: list[Any]) -> list[Any]:
        if kind != PAGE or any(k == PAGE for _, k, _ in _kinds(game)):  # type: ignore[arg-type]
            return body
        cards = game.sources[author].cards  # type: ignore[union-attr]
        op = cards.current
        counts = list(op.data["counts"])
        counts[counts.index(max(counts))] -= 1
        op.data["counts"] = tuple(counts)
        return cards._make_page(op, PAGE, None)

    game = _game(k, tamper=tamper)
    game.run()
    with pytest.raises(RemoteProtocolError) as err:
        game.finish()
    assert err.value.check == "claim" and err.value.author == holder
    assert "births and openings left" in str(err.value)


def test_the_seat_holding_the_page_resumes_from_its_record() -> None:
    """The holder rebuilt from the record alone, just before it opens a committed count
    (a crash there): its page comes back from its commitments and its key, and the
    opening it makes again is the one it made, byte for byte."""
    k, game = _honest()
    holder = _holder(game)
    n = _first_unveil(game)
    env = open_envelope(game.journal[n], game.genesis)
    at = game.table.log.index(game.journal[n])
    state, src = resume_game(game.genesis, CONFIG, holder, _secret_seeds(k)[holder],
                             game.table.log[:at])
    assert sum(src.knowledge.hidden.values()) == state.unseen[holder]
    world = RULES.pending(state).chance.carry[0]
    assert src.knowledge.hidden.get(world, 0) >= env.body[1] > 0
    src.begin(RULES.pending(state).chance)
    assert src.produce() == (UNVEIL, env.body)
    with pytest.raises(LocalProtocolError):  # another seed cannot be this seat
        resume_game(game.genesis, CONFIG, holder, bytes(32), game.table.log[:at])


# --- local games: the page travels in the clear, and the same audit runs ----------------


def _local(k: int, reach: int = RANGE) -> Any:
    from node.local import LocalGame

    seed = b"local-pages%d" % k
    game = LocalGame(CONFIG, seed, [PageBot(seed + bytes([i]), reach) for i in range(2)],
                     rules=RULES)
    game.run()
    return game


def test_a_local_journal_carries_its_pages_and_the_verifier_audits_them() -> None:
    """A local game's conceal carries its page (a count a world, one byte each) in the
    clear; `verify` answers the openings from it and audits every page. A page moved
    too far fails the verify, naming the seat; so does a page that does not hold what
    the births left, refused at its action."""
    from node.records import record_local_game
    from protocol.game import verify_journal_bytes

    for k in range(16):
        game = _local(k)
        if game.pages and any(c.moved for c in game.controllers):
            break
    else:
        raise AssertionError("no local game in 16 moved a secret page")
    journal = record_local_game(game)
    verdict = verify_journal_bytes(journal)
    assert verdict.audited and "claims audit" in verdict.checked
    assert "page" in [kind for _, _, kind in verdict.claims]

    for k in range(16):
        cheat = _local(k, reach=9)
        if any(c.moved for c in cheat.controllers):
            break
    else:
        raise AssertionError("no local game in 16 moved a token too far")
    with pytest.raises(RemoteProtocolError) as err:
        verify_journal_bytes(record_local_game(cheat))
    assert err.value.check == "audit" and "cannot follow its page before" in str(err.value)

    first = min(game.pages)
    seat = game.actions[first].seat
    counts = list(game.pages[first])
    counts[counts.index(max(counts))] -= 1
    game.pages[first] = tuple(counts)
    with pytest.raises(RemoteProtocolError) as err:
        verify_journal_bytes(record_local_game(game))
    assert err.value.check == "commitment" and err.value.author == seat
    assert "the page of a conceal holds" in str(err.value)


def test_bad_page_messages_from_a_peer_are_refused_and_change_nothing() -> None:
    """A cards.page of the wrong size, or from the seat that does not act, is refused
    naming its author; the honest page is then taken as if nothing had come."""
    _, game = _honest()
    holder = _holder(game)
    n = next(i for i, (_, kind, _) in enumerate(_kinds(game)) if kind == PAGE)
    env = open_envelope(game.journal[n], game.genesis)
    at = game.table.log.index(game.journal[n])
    state, observer = replay_game(game.genesis, CONFIG, game.table.log[:at])
    short = game.table.seal(holder, PAGE, [env.body[0], env.body[1][:-32]])
    with pytest.raises(RemoteProtocolError) as err:
        observer.receive(open_envelope(short, game.genesis))
    assert err.value.check == "schema" and err.value.author == holder
    other = game.table.seal(1 - holder, PAGE, [env.body[0], env.body[1]])
    with pytest.raises(RemoteProtocolError) as err:
        observer.receive(open_envelope(other, game.genesis))
    assert err.value.check == "too-early" and err.value.author == 1 - holder
    assert observer.cards.idle and not observer.announced()
    observer.receive(env)  # the true page: taken
    assert [op.name for op in observer.announced()] == ["page"]
