"""Work done ahead (NodeCore.prepare): while it waits, a node applies the move the game most
likely gets next (Rules.likely: a pass) and keeps the result for that very state. Taking
the real move must give exactly what it gives without that work: the same records, the
same states, the same events, whether the guess was right or wrong; and a runner left
quiet does the work by itself."""

from __future__ import annotations

from pathlib import Path

from bots import HeuristicBot
from engine.cosmic import rules as cosmic_rules
from engine.cosmic.actions import Pass
from node.core import NodeCore
from node.runner import AHEAD_AFTER_MS, NodeOptions, NodeRunner
from protocol.envelope import open_envelope
from protocol.game import ACTION_KIND, GAME_KINDS
from test_node_core import _cores, _genesis_keys


def _round(cores: list[NodeCore], bots: list[HeuristicBot], ahead: bool,
           seen: list[list[tuple[int, bytes]]]) -> None:
    """One round: each node decides if it is its turn, then every envelope sent goes to
    every other node (which, with `ahead`, prepares first, as a quiet runner does); each
    node's (serial, public hash) after each envelope is added to `seen`."""
    for i, c in enumerate(cores):
        c.pump()
        if c.my_turn():
            c.act(bots[i].choose(c.state, i, c.knowledge))
    mail = [(i, raw) for i, c in enumerate(cores) for raw in c.outbox()]
    for i, raw in mail:
        for j, d in enumerate(cores):
            if j != i:
                if ahead:
                    d.prepare()
                d.offer(raw)
                d.pump()
                seen[j].append((d.state.serial, d.public_hash()))


def _play(cores: list[NodeCore], ahead: bool) -> list[list[tuple[int, bytes]]]:
    """Play the game to its end; what each node saw on the way (see _round)."""
    bots = [HeuristicBot(bytes([i])) for i in range(len(cores))]
    seen: list[list[tuple[int, bytes]]] = [[] for _ in cores]
    for _ in range(20000):
        if all(c.done for c in cores):
            return seen
        _round(cores, bots, ahead, seen)
    raise AssertionError("the game did not finish")


def test_moves_applied_ahead_give_the_same_game_as_moves_applied_on_arrival() -> None:
    plain, ahead = _cores(turns=2), _cores(turns=2)
    seen_plain, seen_ahead = _play(plain, False), _play(ahead, True)
    for p, a in zip(plain, ahead):
        assert p.done and a.done and not p.blames and not a.blames
        assert a.record == p.record  # byte for byte
        assert a.public_hash() == p.public_hash()
        assert a.events == p.events
        assert p.taken_ahead == 0
    assert seen_ahead == seen_plain  # every state on the way, not only the last
    # The guess was used often (passes are most of a game's moves), and was wrong too.
    g = ahead[0].genesis
    for a in ahead:
        theirs = sum(1 for raw in a.record
                     if (e := open_envelope(raw, g, GAME_KINDS)).kind == ACTION_KIND
                     and e.author != a.seat)
        assert 10 < a.taken_ahead < theirs, (a.taken_ahead, theirs)


def test_a_result_made_ahead_is_used_only_for_its_own_state_and_move() -> None:
    cores = _cores(turns=1)
    c = cores[0]
    bots = [HeuristicBot(bytes([i])) for i in range(len(cores))]
    seen: list[list[tuple[int, bytes]]] = [[] for _ in cores]
    while not (c.pending().chance is None and c.pending().seats
               and c.pending().seats[0] != c.seat and "pass" in c.pending().kinds):
        _round(cores, bots, False, seen)
    state = c.state
    c.prepare()
    assert not c.unprepared()
    guess = cosmic_rules.likely(state)
    assert guess == Pass(c.pending().seats[0])
    _, _, result, after = c._ahead  # noqa: SLF001 (the cache is what is under test)
    assert result is not None and after is not None
    # Another state (even an equal one) is not the state the result was made for.
    c.state = state.clone()
    assert c.unprepared()
    c.state = state
    assert not c.unprepared()


def test_a_quiet_runner_prepares_and_a_busy_tick_does_not(tmp_path: Path) -> None:
    g, keys = _genesis_keys(2, 1)
    runner = NodeRunner(g, 0, keys[0], tmp_path / "seat-0.journal", NodeOptions())
    try:
        runner.tick(0)  # no time to wait: no work ahead
        assert runner.core.unprepared()
        runner.tick(AHEAD_AFTER_MS + 5)  # nobody else is there: the mesh stays quiet
        assert not runner.core.unprepared()
    finally:
        runner.close()
