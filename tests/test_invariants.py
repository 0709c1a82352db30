"""Random playouts with the engine's invariants checked after every action.

1,000 seeded random-bot games (3, 4 and 5 seats), split in chunks so they run in
parallel: every seat's ships are all somewhere; every card is in exactly one zone; the
colony track is the counted foreign colonies; apply never mutates its input; an illegal
action changes nothing; every game ends with a winner or an explicit reason; and someone
can always act.
"""

import functools
import itertools
from collections import Counter
from typing import Any

import pytest

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic import cards as C
from engine.cosmic.flares import cosmic_count
from node.local import LocalGame, game_seed

GAMES = 1000
CHUNKS = 16


@functools.lru_cache(maxsize=None)
def _destiny_size(colors: tuple[str, ...]) -> int:
    return len(C.destiny_cards(colors))


def _foreign_colonies(s: engine.GameState, seat: int) -> int:
    """The seat's colonies off its home planets, counted from the ships (planet p holds
    the seat's ships at ships[p * n + seat]; its home planets come seat-th in order)."""
    col, per = s.ships[seat::s.n], s.config.planets
    home = col[seat * per:(seat + 1) * per]
    return (len(col) - col.count(0)) - (len(home) - home.count(0))  # (no count is negative)


# Parts of the last state checked (copies or tuples, so no later write reaches them), for
# the checks that read only them: a state whose part equals the last one checked passes
# its checks again, unread. Random games move ships on about one step in six and cards or
# destiny cards on fewer; their stack changes on nearly every step.
_last: dict[str, list[Any]] = {"ships": [], "cards": [], "destiny": []}


def _check_ships(s: engine.GameState, captives: Any, researching: Any) -> None:
    total = s.config.ships_per_seat
    n = s.n
    ships, gate, beside, warp = s.ships, s.gate, s.beside, s.warp
    for seat in range(n):  # every ship is on a planet, in the gate, beside it or in the warp
        where = sum(ships[seat::n]) + gate[seat] + beside[seat] + warp[seat]
        if captives:  # held by the Fungus
            where += sum(r[3] for r in captives if r[2] == seat)
        if researching:
            where += sum(r[2] for r in researching if r[0] == seat)
        assert where == total, f"seat {seat} has {where} ships"
    assert min(warp) >= 0 and min(gate) >= 0 and min(beside) >= 0 and min(ships) >= 0
    for holder, place, owner, count in captives:  # stuck to its ships
        assert count > 0 and holder != owner
        at = s.gate[holder] if place == -1 else s.beside[holder] if place == -3 else \
            s.on(place, holder)
        assert at > 0, f"seat {holder} holds captives at {place} without a ship there"
    for seat in range(n):  # the colony track: foreign colonies counted from the ships
        assert s.foreign_colonies(seat) == _foreign_colonies(s, seat)


def _check_cards(s: engine.GameState, played: tuple[int, ...], resolving: list[int],
                 aside: Any, expected: int | None) -> None:
    """Every cosmic card is in exactly one zone, and all of them are there."""
    zones: list[int] = [*s.deck, *s.discard, *itertools.chain.from_iterable(s.hands)]
    zones += played
    zones += resolving  # on the table, resolving
    zones += [h for _, h in aside]  # set aside by a power (the Chronos)
    # The Demon's possessed cards stay in hands (marked, not a zone of their own), so the
    # count above covers them.
    assert len(set(zones)) == len(zones), "a card is in two zones"
    if expected is not None:  # 72, plus the game's flares (None: advanced setup under way)
        assert len(zones) == expected, f"{len(zones)} cosmic cards in play"


def _check_destiny(s: engine.GameState, held: Any, drawn: int) -> None:
    destiny = list(s.destiny_deck) + list(s.destiny_discard)
    destiny += [h for _, h in held]  # held by a power (Ambush)
    if drawn >= 0:
        destiny.append(drawn)
    assert len(destiny) == len(set(destiny)) == _destiny_size(s.config.colors)


def check_invariants(s: engine.GameState) -> None:
    # Called after every step of thousands of games: the state's fields are read once
    # into locals (a property read or a generator per seat was half of some tests' time),
    # and a part equal to the last state's is not checked twice (_last).
    extra, enc, stack = s.extra, s.enc, s.stack
    captives, researching = extra.get("captives", ()), extra.get("techs", ())
    last = _last["ships"]
    if captives or researching or last != [s.config, s.ships, s.gate, s.beside, s.warp]:
        _check_ships(s, captives, researching)
        if not captives and not researching:
            last[:] = [s.config, s.ships[:], s.gate[:], s.beside[:], s.warp[:]]
    played = enc.played if enc is not None else ()
    resolving = [st[2] for st in stack if st[0] == "resolve_card"] if stack else []
    aside = extra.get("aside", ())
    expected = cosmic_count(s)
    last = _last["cards"]
    if aside or last != [s.deck, s.discard, s.hands, played, resolving, expected]:
        _check_cards(s, played, resolving, aside, expected)
        if not aside:
            last[:] = [s.deck, s.discard, s.hands, played, resolving, expected]
    # The Demon's mark on possessed cards lasts one encounter.
    assert "demon" not in extra or enc is not None, "possessed cards outlived the encounter"
    # Cards whose faces are public are all distinct physical cards. A cosmic quake puts the
    # hands on the discard pile and then turns them up (a reveal the card source answers).
    turning_up = {h for st in stack if st[0] == "reveal_cards" for h in st[1]}
    public = [s.faces[h] for h in s.discard if h not in turning_up] if turning_up else \
        list(map(s.faces.__getitem__, s.discard))
    assert len(public) == len(set(public))
    held = extra.get("destiny_held", ())
    drawn = enc.destiny if enc is not None else -1
    last = _last["destiny"]
    if held or last != [s.config, s.destiny_deck, s.destiny_discard, drawn]:
        _check_destiny(s, held, drawn)
        if not held:
            last[:] = [s.config, s.destiny_deck, s.destiny_discard, drawn]
    if s.config.technology and "techs" in s.extra:  # every tech card in exactly one place
        techs = list(s.extra["tech_deck"]) + list(s.extra["tech_discard"])
        techs += [r[1] for r in s.extra["techs"]]
        techs += [h for st in s.stack if st[0] == "tech_keep" for h in st[2]]
        techs += [h for st in s.stack if st[0] == "tech_draw" for h in st[3]]
        assert len(techs) == len(set(techs)) == len(C.tech_deck(s.config.planets == 4))
        assert all(r[2] >= 0 and (r[2] == 0 or not r[3]) for r in s.extra["techs"])
        assert all(h in s.faces for h in s.extra["tech_discard"]
                   if not any(st[0] == "reveal_cards" and h in st[1] for st in s.stack))


def _play_chunk(chunk: int) -> tuple[Counter[str], int]:
    """Play this chunk's games; return their end reasons and how many illegal actions
    were tried (and refused, changing nothing)."""
    reasons: Counter[str] = Counter()
    refused = 0
    for i in range(chunk, GAMES, CHUNKS):
        seats = 3 + i % 3
        seed = game_seed("invariants", i)
        g = LocalGame(engine.Config(seats, max_turns=40), seed,
                      [RandomBot(seed + bytes([k])) for k in range(seats)])
        check_invariants(g.state)
        steps = 0
        while g.state.outcome is None:
            before = g.state
            sampled = steps % 3 == 0  # hashing every state would double the run time
            snapshot = engine.public_hash(before) if sampled else b""
            p = engine.pending(before)
            assert p.seats, f"nobody can act at {before.step()}"
            action = g.next_action()
            if steps % 99 == 0:  # an illegal action changes nothing (99: a sampled step)
                wrong = engine.Pass(p.seats[0] if p.seats[0] >= 0 else 0)
                if wrong.KIND not in p.kinds or p.chance is not None:
                    with pytest.raises(engine.IllegalAction):
                        engine.apply(before, wrong)
                    assert engine.public_hash(before) == snapshot
                    refused += 1
            g.step(action)
            if sampled:
                assert engine.public_hash(before) == snapshot, "apply mutated its input"
            check_invariants(g.state)
            steps += 1
        s = g.state
        assert s.outcome is not None and s.outcome.reason in ("colonies", "turn_limit")
        # The winners are exactly the seats with enough foreign colonies; a game cut by
        # the turn limit has none.
        won = tuple(x for x in range(seats) if _foreign_colonies(s, x) >= s.config.win_colonies)
        assert s.outcome.winners == (won if s.outcome.reason == "colonies" else ()), s.outcome
        reasons[s.outcome.reason] += 1
    return reasons, refused


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(chunk: int) -> None:
    reasons, refused = _play_chunk(chunk)
    # Games are won, not only cut short; and illegal actions were tried and refused.
    assert reasons["colonies"] > 0, dict(reasons)
    assert refused > 0


def test_a_part_unlike_the_last_checked_is_checked_again() -> None:
    """check_invariants passes a part equal to the last state's unread (_last): a state
    that differs from the last one checked in one part only still fails on that part, and
    a failed check leaves nothing behind that lets the same state pass."""
    seed = game_seed("invariants-last", 0)
    g = LocalGame(engine.Config(4), seed, [RandomBot(seed + bytes([k])) for k in range(4)])
    while g.state.encounters < 2 or not g.state.discard or g.state.enc is None:
        g.step()
    good = g.state
    check_invariants(good)

    def broken(part: str) -> engine.GameState:
        s = good.clone()
        if part == "ships":  # a ship appears on a home planet
            s.ships[0] += 1
        elif part == "cards":  # a hand holds a card that is also in the deck
            s.hands = (s.hands[0] + (s.deck[0],), *s.hands[1:])
        else:  # a destiny card is both in the deck and on the discard pile
            s.destiny_discard = s.destiny_discard + (s.destiny_deck[0],)
        return s

    for part in ("ships", "cards", "destiny"):
        bad = broken(part)
        for _ in range(2):  # and again, right after it failed
            with pytest.raises(AssertionError):
                check_invariants(bad)
        check_invariants(good)
