"""The worlds heuristic bot and the races whose gain the position value once could not see
(bots/worlds_look.py): the Temporaneans (a new turn order: the value's tempo), the
Worldship and the Planet Jumpers (a world that moves: its stacks' reach), the Gatherers
(every Gatherer of the seat onto one world: reach, and the worlds left behind). For
each, a position where using the power is clearly right (the bot uses it) and one where
it is clearly wrong or gains nothing (the bot leaves it). Positions come from the
scenario reader; the bot sees only its seat's knowledge."""

from __future__ import annotations

from bots.worlds import HeuristicWorldsBot
from engine import worlds as W
from engine.worlds.scenario import _settle, build_position, load_scenario


def _position(body: str, seats: int = 2) -> tuple[W.GameState, object]:
    sc = load_scenario(f'game = "worlds"\ntitle = "t"\nrule = "003"\nseats = {seats}\n'
                       f"[position]\n{body}")
    s, src = build_position(sc)
    return _settle(s, src), src  # type: ignore[arg-type]


def _choose(s: W.GameState, src: object, seat: int) -> W.Action:
    kn = src.knowledge[seat]  # type: ignore[attr-defined]
    return HeuristicWorldsBot(b"t").choose(s, seat, kn)


def _uses(a: W.Action, race: str) -> bool:
    return isinstance(a, W.Power) and W.RACES[a.race].key == race


def _round_start(body: str, seats: int = 3) -> tuple[W.GameState, object]:
    """The position `body`, its active seat's turn passed (opportunity, fate, migration)
    so that a round begins."""
    s, src = _position(body, seats)
    active = s.active
    for _ in range(3):
        s, _ = W.apply(s, W.Done(active))
        s = _settle(s, src)  # type: ignore[arg-type]
    assert W.pending(s).step == "round_start", W.pending(s).step
    return s, src


def _offered_and_left(s: W.GameState, src: object, race: str) -> None:
    """The race's power is offered to seat 0, and the bot leaves it."""
    assert any(_uses(o, race) for o in W.legal_actions(
        s, 0, src.knowledge[0]))  # type: ignore[attr-defined]
    assert not _uses(_choose(s, src, 0), race)


def _two_worlds(race: str, a: tuple[int, int], c: tuple[int, int], ours: int,
                theirs: int) -> tuple[W.GameState, object]:
    """Seat 0 holds A (the race's world) with `ours` tokens, seat 1 holds C (plebs) with
    `theirs`; seat 0 to play."""
    return _position(f'active = 0\nmap = {{ A = [{a[0]}, {a[1]}], C = [{c[0]}, {c[1]}] }}\n'
                     f'natives = {{ A = "{race}", C = "plebs" }}\n'
                     'control = { A = 0, C = 1 }\n'
                     f'tokens = {{ A = {{ 0 = {ours} }}, C = {{ 1 = {theirs} }} }}\n')


def _brings_c_into_reach(race: str, a: tuple[int, int], c: tuple[int, int]) -> None:
    """Five tokens on A, four spaces from C's one: the bot uses the race's power, and
    afterwards C lies within reach (3 spaces) of A."""
    s, src = _two_worlds(race, a, c, 5, 1)
    act = _choose(s, src, 0)
    assert _uses(act, race) and isinstance(act, W.Power), act
    s2, _ = W.apply(s, act)
    assert W.distance(s2.pos[0], s2.pos[2]) <= 3


# Seat 2 leads (three worlds to one each); seat 0 holds the Temporaneans.
TEMPO = ('natives = { A = "temporaneans", B = "plebs", C = "plebs", D = "plebs", '
         'E = "plebs" }\ncontrol = { A = 0, B = 1, C = 2, D = 2, E = 2 }\n'
         'tokens = { A = { 0 = 1 }, B = { 1 = 1 }, C = { 2 = 1 }, D = { 2 = 1 }, '
         'E = { 2 = 1 } }\n')


def test_temporaneans_put_their_holder_first_when_he_played_last() -> None:
    """Seat 0 was last in the round just ended: playing first in the next one gives it two
    turns in a row; the leader (seat 2) goes last."""
    s, src = _round_start("active = 0\norder = [1, 2, 0]\n" + TEMPO)
    a = _choose(s, src, 0)
    assert _uses(a, "temporaneans") and isinstance(a, W.Power), a
    assert a.args == (0, 1, 2), a
    s2, _ = W.apply(s, a)
    assert _settle(s2, src).active == 0  # type: ignore[arg-type]


def test_temporaneans_keep_an_order_that_already_puts_the_holder_first() -> None:
    """Seat 0 plays first and the leader last: any other order loses tempo."""
    s, src = _round_start("active = 2\norder = [0, 1, 2]\n" + TEMPO)
    _offered_and_left(s, src, "temporaneans")
    assert isinstance(_choose(s, src, 0), W.Done)


def test_worldship_moves_a_big_stack_into_reach_of_a_weak_world() -> None:
    """A's five tokens lie four spaces from C, held by one token: a step east brings C
    within range, and this turn's migration can take it."""
    _brings_c_into_reach("worldship", (1, 1), (5, 1))


def test_worldship_stays_out_of_reach_of_a_bigger_stack() -> None:
    """A's lone token is four spaces from C's six enemy tokens: a step towards them puts A
    at risk, a step elsewhere gains nothing."""
    s, src = _two_worlds("worldship", (1, 1), (5, 1), 1, 6)
    _offered_and_left(s, src, "worldship")


def test_planet_jumpers_swap_their_world_next_to_a_weak_one() -> None:
    """A (five tokens, amid unexplored worlds) is four spaces from C (one enemy token);
    swapping A with a world nearer to C (H, I) puts C within reach."""
    _brings_c_into_reach("planet_jumpers", (4, 4), (8, 4))


def test_planet_jumpers_do_not_swap_into_reach_of_a_bigger_stack() -> None:
    """A's lone token is four spaces from C's six enemy tokens: a swap with a world nearer
    to C puts A at risk, one with a world farther away gains nothing."""
    s, src = _two_worlds("planet_jumpers", (4, 4), (8, 4), 1, 6)
    _offered_and_left(s, src, "planet_jumpers")


def test_gatherers_gather_where_the_stack_can_take_a_world() -> None:
    """Seat 0's Gatherers lie one on A, one on B and three on E; only B is within reach of
    C (two enemy tokens). Gathered on B, six of them can take C this turn; A and E, left
    empty, are out of every enemy's reach."""
    s, src = _position('active = 0\nmap = { A = [1, 1], B = [3, 1], C = [5, 1], '
                       'E = [10, 1] }\n'
                       'natives = { A = "gatherers", B = "plebs", C = "plebs", '
                       'E = "plebs" }\n'
                       'control = { A = 0, B = 0, C = 1, E = 0 }\n'
                       'tokens = { A = { 0 = 1 }, B = { 0 = ["A"] }, C = { 1 = 2 }, '
                       'E = { 0 = ["A", "A", "A"] } }\n')
    a = _choose(s, src, 0)
    assert a == W.Power(0, W.race_id("gatherers"), (1,)), a


def test_gatherers_do_not_leave_a_world_shared_with_an_enemy() -> None:
    """Seat 0's two Gatherers hold C against one enemy token; gathering them home to A
    would hand C over, gathering A's one onto C gains nothing."""
    s, src = _position('active = 0\nmap = { A = [1, 1], C = [5, 1] }\n'
                       'natives = { A = "gatherers", C = "plebs" }\n'
                       'control = { A = 0, C = 0 }\n'
                       'tokens = { A = { 0 = 1 }, C = { 0 = ["A", "A"], 1 = ["C"] } }\n')
    _offered_and_left(s, src, "gatherers")
