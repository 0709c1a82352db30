"""A refused action changes nothing in the networked card source, and its refusal names
the seat that broke the rule: a seat's lie about its face-down card (or a card it
plays) is refused by every seat, its valid action is then taken, and the game goes on
to an audit that holds. A card message from a seat whose turn it is not waits
(recoverable) instead of standing in front of the seat to act."""

from __future__ import annotations

import hashlib

import pytest

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic import cards as C
from protocol.cards_inprocess import InProcessGame
from protocol.errors import RemoteProtocolError


def _game(tag: bytes) -> InProcessGame:
    cfg = engine.Config(3, planets=4, max_turns=2)
    seeds = [tag + bytes([i]) for i in range(3)]
    return InProcessGame(cfg, seeds, [RandomBot(s + b"bot") for s in seeds],
                         secret_seeds=[hashlib.sha256(b"integrity " + s).digest() for s in seeds])


def _until(g: InProcessGame, kind: str) -> tuple[int, engine.Action]:
    """Play on until the seat to act chooses an action of `kind`; announce it and send its
    card message to every seat. The seat and its (valid, not yet checked) action."""
    while True:
        p = engine.pending(g.state)
        assert not p.over, f"the game ended before a {kind}"
        if p.chance is None and kind in p.kinds:
            seat = p.seats[0]
            action = g.controllers[seat].choose(g.states[seat], seat, g.sources[seat].knowledge)
            if action.KIND == kind:
                if g.sources[seat].announce(action):
                    g.table.send(seat, *g.sources[seat].produce())
                return seat, action
            # another choice: let the game take it as step() would
            if g.sources[seat].announce(action):
                g.table.send(seat, *g.sources[seat].produce())
            for src in g.sources:
                src.check(action)
            g._apply([action] * g.n)
            continue
        g.step()


def _refused_by_all(g: InProcessGame, lie: engine.Action, check: str, seat: int) -> None:
    for src in g.sources:
        before = [(op.name, op.done) for op in src.announced()]
        with pytest.raises(RemoteProtocolError) as info:
            src.check(lie, seq=7)
        e = info.value
        assert (e.check, e.author, e.seq, e.proven) == (check, seat, 7, True), str(e)
        assert [(op.name, op.done) for op in src.announced()] == before  # nothing changed


def _take(g: InProcessGame, action: engine.Action) -> None:
    for src in g.sources:
        src.check(action)
        assert src.announced() == []
    g._apply([action] * g.n)


def _finish(g: InProcessGame) -> None:
    g.run()
    faces = g.finish()  # every seat audits, hidden claims included
    assert faces


def test_a_lie_about_the_face_down_card_then_the_true_reveal() -> None:
    g = _game(b"reveal")
    seat, reveal = _until(g, "reveal")
    assert isinstance(reveal, engine.Reveal)
    other = next(c for c in range(len(C.CATALOGUE)) if c != reveal.card)
    _refused_by_all(g, engine.Reveal(seat, reveal.handle, other), "face", seat)
    _refused_by_all(g, engine.Reveal(seat, reveal.handle, other), "face", seat)  # again
    _take(g, reveal)  # the refusals changed nothing: the true reveal is taken
    _finish(g)


def test_a_lie_about_a_played_card_then_the_true_play() -> None:
    g = _game(b"play")
    seat, play = _until(g, "play")
    assert isinstance(play, engine.Play)
    other = next(c for c in range(len(C.CATALOGUE)) if c != play.card)
    _refused_by_all(g, engine.Play(seat, play.handle, other, play.args), "face", seat)
    _take(g, play)
    _finish(g)


def test_a_select_without_its_commitment_names_the_seat_and_changes_nothing() -> None:
    g = _game(b"select")
    seat, select = _until(g, "select")
    assert isinstance(select, engine.Select)
    # Another seat "acts" with the commitment of `seat` pending: out of turn, its fault.
    intruder = (seat + 1) % g.n
    _refused_by_all(g, engine.Select(intruder), "kind", intruder)
    _take(g, select)
    _finish(g)


def test_an_announcement_out_of_turn_waits_and_changes_nothing() -> None:
    g = _game(b"early")
    seat, select = _until(g, "select")
    p = engine.pending(g.state)
    assert p.seats[0] == seat
    assert len(p.seats) == 2  # both main players choose; `seat`'s choice is applied first
    other = p.seats[1]
    # The other main player sends its face-down commitment before `seat` has acted: a
    # properly signed message that every seat holds back as too early, taking nothing.
    op = g.sources[other].cards.op + 1  # the number its operation would take
    raw = g.table.seal(other, "cards.facedown", [op, hashlib.sha256(b"a card").digest()])
    for s, src in enumerate(g.sources):
        before = [(op.name, op.done) for op in src.announced()]
        with pytest.raises(RemoteProtocolError) as info:
            g.table.deliver(s, raw)
        e = info.value
        assert (e.check, e.author, e.recoverable) == ("too-early", other, True), str(e)
        assert [(op.name, op.done) for op in src.announced()] == before
    _take(g, select)
    _finish(g)
