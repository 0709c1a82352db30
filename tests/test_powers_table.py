"""The table of powers in play (engine.cosmic.powers `_Sheets`): kept by the sheets and the
powers kept beneath them, shared by every state holding the same, and read together with
what decides whether a power is in effect now, which is never kept.

When a power is in effect (rules 001, Losing Home Planets and Alien Powers; Zapping
Powers; Hidden Powers): a seat with fewer home colonies than the threshold has lost its
power and regains it as soon as it has enough again; a zapped power is out for the rest of
the encounter; a face-down alien is no power until turned up. Each test below warms the
table on a state, changes a clone in one of those ways (or moves sheets, kept, lent,
silenced, used up or excluded powers), and checks both: the clone follows the change, the
original is as it was. The first test compares the table with the long way (every seat's
powers expanded) at every state of seeded games with the powers that lend, exclude, keep
or move others.
"""

import dataclasses

import pytest

from bots import RandomBot
from engine import cosmic as engine
from engine.cosmic import powers as P
from engine.cosmic.alien_deal import set_alien
from engine.cosmic.aliens._util import set_flag
from engine.cosmic.state import Encounter, GameState
from node.local import LocalGame, game_seed

HOOKS = tuple(f.name for f in dataclasses.fields(P.Alien) if f.default is None)


def _lends(name: str) -> bool:
    a = P.ALIENS.get(name)
    return a is not None and a.lends is not None


def _own(s: GameState, seat: int) -> tuple[str, ...]:
    return tuple(n for n in (s.aliens[seat], *P.kept_powers(s, seat)) if n)


def _powers_of(s: GameState, seat: int) -> tuple[str, ...]:
    """powers_of the long way: the seat's own powers unless a sheet lends, or (in an
    encounter) a power is silenced, used up or excluded; then every seat expanded."""
    e = s.enc
    if not any(_lends(n) for n in s.aliens) and (e is None or not (
            e.has_flag(P.SILENCED) or e.has_flag(P.SPENT) or P._exclusive() & set(s.aliens))):
        return _own(s, seat)
    return tuple(P._expand(s, seat, 0, True)[0])


def _acting(s: GameState, seat: int) -> str:
    if not s.aliens[seat]:
        return ""
    names, own = P._expand(s, seat, 0, True)
    lent = P._unspent(s, seat, names[own:])
    return lent[0] if lent else (s.aliens[seat] if s.aliens[seat] in names else "")


def _powered(s: GameState, hook: str) -> list[tuple[int, str]]:
    if not any(s.aliens):
        return []
    return [(seat, name) for seat in s.timing_order() for name in _powers_of(s, seat)
            if name in P.ALIENS and getattr(P.ALIENS[name], hook) is not None
            and s.has_power(seat)]


def _got(s: GameState, hook: str) -> list[tuple[int, str]]:
    return [(seat, a.name) for seat, a, _ in P.powered(s, hook)]


def _check(s: GameState) -> None:
    for seat in range(s.n):
        assert P._own(s, seat) == _own(s, seat)
        assert P.powers_of(s, seat) == _powers_of(s, seat), seat
        assert P.acting_power(s, seat) == _acting(s, seat), seat
    for hook in HOOKS:
        assert _got(s, hook) == _powered(s, hook), hook
        for seat in range(s.n):
            want = [getattr(P.ALIENS[n], hook) for n in _powers_of(s, seat)
                    if s.aliens[seat] and s.has_power(seat) and n in P.ALIENS
                    and getattr(P.ALIENS[n], hook) is not None]
            assert P._hooks_of(s, seat, hook) == want, (hook, seat)


GAMES = [
    (("insect", "oracle", "?", "?", "?"), {}),
    (("plant", "null", "?", "?"), {}),
    (("pentaform", "insect", "?", "?"), {}),
    (("xenomorph", "null", "zephyr", "?"), {}),
    (("reincarnator", "oracle", "changeling", "?"), {}),
    (("?", "?", "?", "?"), {"hidden_powers": True, "rotating_powers": True}),
]


@pytest.mark.parametrize("aliens,variants", GAMES)
def test_the_table_gives_what_the_long_way_gives(aliens: tuple[str, ...],
                                                 variants: dict[str, bool]) -> None:
    """At every state of a seeded game (states after each action, before the bots ask
    anything): powers_of, acting_power, every hook's `powered` and `_hooks_of` agree with
    the long way."""
    config = engine.Config(len(aliens), aliens=aliens, max_turns=12, **variants)
    seed = game_seed("powers-table", len(aliens) + 7 * GAMES.index((aliens, variants)))
    game = LocalGame(config, seed, [RandomBot(seed + bytes([k])) for k in range(len(aliens))])
    checked = 0
    while game.state.outcome is None and checked < 600:
        game.step()
        assert type(game.state.aliens) is tuple  # the table's key: never changed in place
        _check(game.state)
        checked += 1
    assert checked > 100


def _table_state(aliens: tuple[str, ...]) -> GameState:
    """A game under way: an encounter of seat 0 against seat 1."""
    s = engine.new_game(engine.Config(len(aliens), aliens=aliens))
    s.offense = 0
    s.enc = Encounter(0, 1)
    s.enc.defense = 1
    return s


def _warm(s: GameState) -> None:
    for hook in HOOKS:
        P.powered(s, hook)
    for seat in range(s.n):
        P.powers_of(s, seat)
        P.acting_power(s, seat)


def test_a_zapped_power_is_out_for_the_clone_only() -> None:
    s = _table_state(("healer", "zombie", "human", "vulch"))
    _warm(s)
    c = s.clone()
    c.enc.zapped = (1,)  # type: ignore[union-attr]
    assert _got(c, "after_warp") == [(0, "healer")]
    assert _got(s, "after_warp") == [(0, "healer"), (1, "zombie")]
    assert P._hooks_of(c, 1, "after_warp") == []
    _check(c)
    _check(s)


def test_too_few_home_colonies_lose_the_power_and_enough_regain_it() -> None:
    """Lost with two home colonies (the Plague, an attack), regained with three."""
    s = _table_state(("healer", "zombie", "human", "vulch"))
    _warm(s)
    c = s.clone()
    for planet in list(c.home_planets(1))[:3]:
        c.ships[planet * c.n + 1] = 0
    assert not c.has_power(1)
    assert _got(c, "after_warp") == [(0, "healer")]
    assert _got(s, "after_warp") == [(0, "healer"), (1, "zombie")]
    back = c.clone()
    back.ships[list(back.home_planets(1))[0] * back.n + 1] = 1
    assert _got(back, "after_warp") == [(0, "healer"), (1, "zombie")]
    for state in (s, c, back):
        _check(state)


def test_a_sheet_turned_up_or_changing_hands() -> None:
    """A face-down alien ("" in public) turned up; sheets exchanged (the Changeling),
    passed round (the Zephyr), a new one dealt (rotating powers), all taken for a redeal
    (the Anarchy): the table follows the sheets."""
    s = _table_state(("healer", "", "human", "vulch"))
    _warm(s)
    up = s.clone()
    set_alien(up, 1, "zombie")
    assert _got(up, "after_warp") == [(0, "healer"), (1, "zombie")]
    assert _got(s, "after_warp") == [(0, "healer")]
    swapped = up.clone()
    P.swap_aliens(swapped, 0, 2)
    assert _got(swapped, "after_warp") == [(1, "zombie"), (2, "healer")]
    assert P.acting_power(swapped, 0) == "human" and P.acting_power(up, 0) == "healer"
    passed = up.clone()
    P.pass_aliens(passed, 1)
    assert _got(passed, "after_warp") == [(1, "healer"), (2, "zombie")]
    rotated = up.clone()
    set_alien(rotated, 0, "vacuum")
    assert _got(rotated, "after_warp") == [(0, "vacuum"), (1, "zombie")]
    taken = up.clone()
    P.take_all_aliens(taken, [0, 1])
    assert _got(taken, "after_warp") == []
    for state in (s, up, swapped, passed, rotated, taken):
        _check(state)


def test_kept_powers_follow_what_is_kept() -> None:
    """A power kept beneath the sheet (the Reincarnator's) works as the seat's own: added,
    changed in place, or gone."""
    s = _table_state(("human", "zombie", "vulch", "gorgon"))
    _warm(s)
    kept = s.clone()
    kept.extra["kept"] = [[0, "healer"]]
    assert _got(kept, "after_warp") == [(0, "healer"), (1, "zombie")]
    assert P.powers_of(kept, 0) == ("human", "healer")
    assert _got(s, "after_warp") == [(1, "zombie")]
    changed = kept.clone()
    changed.extra["kept"][0][1] = "vacuum"  # the same list, changed in place
    assert P.powers_of(changed, 0) == ("human", "vacuum")
    assert _got(changed, "after_warp") == [(0, "vacuum"), (1, "zombie")]
    assert P.powers_of(kept, 0) == ("human", "healer")
    gone = kept.clone()
    del gone.extra["kept"]
    assert P.powers_of(gone, 0) == ("human",)
    for state in (s, kept, changed, gone):
        _check(state)


def test_silenced_and_used_up_powers() -> None:
    """The Null's silenced power drops out for the rest of the encounter; a power used
    up (the Xenomorph's) stays among the seat's powers but is never its acting power."""
    s = _table_state(("healer", "zombie", "null", "vulch"))
    _warm(s)
    quiet = s.clone()
    P.silence_power(quiet, 1, "zombie")
    assert P.powers_of(quiet, 1) == () and P.acting_power(quiet, 1) == ""
    assert _got(quiet, "after_warp") == [(0, "healer")]
    assert P.powers_of(s, 1) == ("zombie",) and P.acting_power(s, 1) == "zombie"
    used = s.clone()
    P.spend(used, 0, "healer")
    assert P.powers_of(used, 0) == ("healer",)
    for state in (s, quiet, used):
        _check(state)


def test_lent_powers_follow_the_state() -> None:
    """What a sheet lends is read from the state each time: the Pentaform's power by its
    foreign colonies, the Insect's copy (once made) by its opponent, the Plant's graft by
    its flag."""
    s = _table_state(("pentaform", "zombie", "insect", "healer"))
    s.extra[P.RESERVED] = [["pentaform", "human"], ["pentaform", "vacuum"]]
    _warm(s)
    assert P.acting_power(s, 0) == "human"
    colony = s.clone()
    colony.ships[list(colony.home_planets(1))[0] * colony.n + 0] = 1  # a foreign colony
    assert P.acting_power(colony, 0) == "vacuum"
    assert _got(colony, "after_warp")[0] == (0, "vacuum")
    assert P.acting_power(s, 0) == "human"
    insect = s.clone()
    insect.enc.defense = 2  # type: ignore[union-attr]
    set_flag(insect, "insect", 2)  # its copy made (a use)
    assert P.acting_power(insect, 2) == "human"  # it copies the power its opponent uses
    insect.enc.offense = insect.offense = 3  # type: ignore[union-attr]
    assert P.acting_power(insect, 2) == "healer"
    assert (2, "healer") not in _got(s, "after_warp")
    assert (2, "healer") in _got(insect, "after_warp")
    plant = engine.new_game(engine.Config(4, aliens=("plant", "zombie", "human", "vulch")))
    plant.offense, plant.enc = 0, Encounter(0, 1)
    plant.enc.defense = 1
    _warm(plant)
    grafted = plant.clone()
    grafted.enc.add_flag("plant_graft:0:zombie")  # type: ignore[union-attr]
    assert P.powers_of(grafted, 0) == ("plant", "zombie")
    assert P.powers_of(plant, 0) == ("plant",)
    for state in (s, colony, insect, plant, grafted):
        _check(state)


def test_excluded_powers_between_the_main_players_only() -> None:
    """The Insect and the Oracle are not used against each other while they are the two
    main players; a new defense brings them back."""
    s = _table_state(("insect", "oracle", "healer", "zombie"))
    set_flag(s, "insect", 0)  # its copy made (a use)
    _warm(s)
    assert "oracle" not in P.powers_of(s, 1)
    other = s.clone()
    P.change_defense(other, 2)
    assert P.powers_of(other, 1) == ("oracle",)
    assert P.acting_power(other, 0) == "healer"  # the Insect copies its new opponent
    assert "oracle" not in P.powers_of(s, 1)
    for state in (s, other):
        _check(state)


def test_the_timing_order_follows_offense_and_defense() -> None:
    s = _table_state(("healer", "zombie", "vacuum", "ghoul"))
    _warm(s)
    assert [k for k, _ in _got(s, "after_warp")] == [0, 1, 2, 3]
    c = s.clone()
    c.offense = c.enc.offense = 2  # type: ignore[union-attr]
    c.enc.defense = 0  # type: ignore[union-attr]
    assert [k for k, _ in _got(c, "after_warp")] == [2, 0, 3, 1]
    assert [k for k, _ in _got(s, "after_warp")] == [0, 1, 2, 3]
    _check(c)


def test_an_alien_registered_later_is_seen() -> None:
    """A table names the hooks of the aliens registered when it was built: registering
    another drops every table (a test registering its own alien, a module loaded late)."""
    s = _table_state(("healer", "zombie", "human", "vulch"))
    set_alien(s, 1, "test_latecomer")
    _warm(s)
    assert _got(s, "after_warp") == [(0, "healer")]
    try:
        P.register(P.Alien(name="test_latecomer", lamp="green", summary="test",
                           roles=("any",), phases=(), mandatory=False, source="test",
                           after_warp=lambda s, seat, owner, count: []))
        assert _got(s, "after_warp") == [(0, "healer"), (1, "test_latecomer")]
        assert P.powers_of(s, 1) == ("test_latecomer",)
        _check(s)
    finally:
        P.ALIENS.pop("test_latecomer", None)
        P._TABLES.clear()
        P._LAST[:] = [None, None]
    assert _got(s, "after_warp") == [(0, "healer")]
