"""A seat's powers (engine.cosmic.powers `powers_of`, `acting_power`, `powered`) against the
plain reading of the framework's rule, written out here: the seat's sheet and kept powers,
each asked whether it is usable now (not silenced this encounter, not excluded against the
opposing main player), then what those lend and the powers used up this encounter, each
asked the same. The engine asks only where the answer could be no (a silenced power, a
main player facing a defense); this checks that it finds the same at every state of seeded
games where powers lend, exclude each other or are silenced (the Null, the Plant)."""

import dataclasses

import pytest

from bots import RandomBot
from engine import cosmic as engine
from engine.cosmic import powers as P
from engine.cosmic.state import GameState
from node.local import LocalGame, game_seed

HOOKS = tuple(f.name for f in dataclasses.fields(P.Alien) if f.default is None)


def _usable(s: GameState, seat: int, name: str, depth: int) -> bool:
    e = s.enc
    if e is None:
        return True
    if f"{P.SILENCED}:{seat}:{name}" in e.flags:
        return False
    mine = P.ALIENS.get(name)
    if mine is not None and e.defense >= 0 and seat in (e.offense, e.defense):
        other = e.defense if seat == e.offense else e.offense
        for theirs in _expand(s, other, depth + 1, False)[0]:
            b = P.ALIENS.get(theirs)
            if theirs in mine.excludes or (b is not None and name in b.excludes):
                return False
    return True


def _expand(s: GameState, seat: int, depth: int, check: bool) -> tuple[list[str], int]:
    own = [n for n in (s.aliens[seat], *P.kept_powers(s, seat)) if n]
    names = [n for n in own if not check or _usable(s, seat, n, depth)]
    count = len(names)
    if depth >= P.MAX_LEND_DEPTH:
        return names, count
    i = 0
    for more in ((), P.spent(s, seat)):
        for n in more:
            if n not in names and n in P.ALIENS and (not check or _usable(s, seat, n, depth)):
                names.append(n)
        while i < len(names):
            a = P.ALIENS.get(names[i])
            for n in (a.lends(s, seat, depth + 1) if a is not None and a.lends else ()):
                if n and n not in names and n in P.ALIENS and (
                        not check or _usable(s, seat, n, depth)):
                    names.append(n)
            i += 1
    return names, count


def _check(s: GameState) -> None:
    for seat in range(s.n):
        names, own = _expand(s, seat, 0, True)
        assert P.powers_of(s, seat) == tuple(names), seat
        lent = [n for n in names[own:] if n not in P.spent(s, seat)]
        acting = lent[0] if lent else (s.aliens[seat] if s.aliens[seat] in names else "")
        assert P.acting_power(s, seat) == (acting if s.aliens[seat] else ""), seat
    for hook in HOOKS:
        want = [(seat, name) for seat in s.timing_order() if s.has_power(seat)
                for name in _expand(s, seat, 0, True)[0]
                if name in P.ALIENS and getattr(P.ALIENS[name], hook) is not None]
        assert [(seat, a.name) for seat, a, _ in P.powered(s, hook)] == want, hook


GAMES = [
    ("insect", "oracle", "null", "?", "?"),
    ("plant", "null", "oracle", "?", "?"),
    ("xenomorph", "insect", "null", "?", "?"),
]


@pytest.mark.parametrize("aliens", GAMES)
def test_powers_found_as_the_plain_reading_finds_them(aliens: tuple[str, ...]) -> None:
    config = engine.Config(len(aliens), aliens=aliens, max_turns=10)
    seed = game_seed("powers-expand", GAMES.index(aliens))
    game = LocalGame(config, seed, [RandomBot(seed + bytes([k])) for k in range(len(aliens))])
    checked = 0
    while game.state.outcome is None and checked < 500:
        game.step()
        _check(game.state)
        checked += 1
    assert checked > 100
