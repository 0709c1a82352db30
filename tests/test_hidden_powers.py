"""Hidden powers (issue 16; engine.hidden): the deal keeps every alien face down and known
to its seat alone, with flares the chosen flares go into the cosmic deck unrevealed, a
face-down seat can turn up at any question. Random-bot games: tests/test_variants_random.py."""

from __future__ import annotations

import pytest

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.hidden import FACE_DOWN, PUBLIC_DRAWERS, alien_of_flare
from engine.cosmic.local import LocalSource


def _setup(cfg: engine.Config, seed: bytes) -> tuple[engine.GameState, LocalSource]:
    """Play the setup with the local source (a seat keeps its first of two)."""
    s, src = engine.new_game(cfg), LocalSource(seed, cfg.seats)
    while s.step()[0] != "start_turn":
        p = engine.pending(s)
        if p.chance is not None:
            s, _ = engine.apply(s, src.answer(p.chance))
        else:
            s, _ = engine.apply(s, engine.KeepAlien(p.seats[0], 0))
    return s, src


@pytest.mark.parametrize("aliens,flares", [("?", ()), ("choose", ()), ("", True)])
def test_the_deal_leaves_every_alien_face_down_known_to_its_seat_alone(aliens, flares):
    cfg = engine.Config(4, aliens=(aliens,) * 4, flares=flares, hidden_powers=True)
    s, src = _setup(cfg, b"deal")
    down = s.extra[FACE_DOWN]
    assert s.aliens == ("",) * 4 and all(h >= 0 for h in down)
    names = [alien_of_flare(src.truth[h]) for h in down]
    assert len(set(names)) == 4 and not set(names) & set(PUBLIC_DRAWERS)
    for seat, h in enumerate(down):
        assert h not in s.faces  # nobody's alien is public
        for other in range(4):
            assert (h in src.knowledge[other].faces) == (other == seat)
    if flares is True:  # the chosen flares are in the cosmic deck, unrevealed
        deck_faces = [src.truth[h] for h in s.deck + sum(s.hands, ())]
        for h in down:
            assert src.truth[h] in deck_faces
        assert not any(C.CATALOGUE[f].kind == "flare" for f in s.faces.values())


def test_turning_up_reveals_the_alien_to_all_and_it_stays_up():
    cfg = engine.Config(3, aliens=("?",) * 3, hidden_powers=True)
    s, src = _setup(cfg, b"turn")
    seat = engine.pending(s).seats[0]
    h = s.extra[FACE_DOWN][seat]
    assert engine.TurnUp(seat) in engine.legal_actions(s, seat, src.knowledge[seat])
    other = (seat + 1) % 3
    with pytest.raises(engine.IllegalAction):  # not its question
        engine.apply(s, engine.TurnUp(other))
    s, events = engine.apply(s, engine.TurnUp(seat))
    s, events = engine.apply(s, src.answer(engine.pending(s).chance))
    name = alien_of_flare(src.truth[h])
    assert ("turned_up", seat, name) in events
    assert s.aliens[seat] == name and s.faces[h] == src.truth[h]
    assert s.extra[FACE_DOWN][seat] == -1
    assert engine.TurnUp(seat) not in engine.legal_actions(s, seat, src.knowledge[seat])
    with pytest.raises(engine.IllegalAction, match="no alien face down"):
        engine.apply(s, engine.TurnUp(seat))


def test_a_named_public_drawer_is_refused_and_a_named_alien_starts_face_up():
    with pytest.raises(ValueError, match="reincarnator"):
        engine.Config(3, aliens=("reincarnator", "?", "?"), hidden_powers=True)
    with pytest.raises(ValueError, match="need aliens"):
        engine.Config(3, hidden_powers=True)
    s, _ = _setup(engine.Config(3, aliens=("virus", "?", "?"), hidden_powers=True), b"n")
    assert s.aliens[0] == "virus" and s.extra[FACE_DOWN] == [-1, s.extra[FACE_DOWN][1],
                                                             s.extra[FACE_DOWN][2]]
    assert engine.variant_options(["hidden_powers"])["hidden_powers"] is True
    assert engine.Config(3, aliens=("?",) * 3, hidden_powers=True).variants == (
        "hidden_powers",)
