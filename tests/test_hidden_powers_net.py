"""Hidden powers over the real card protocol (issue 16): every face-down alien is a card
dealt to its seat alone; no other seat's knowledge holds it until it is turned up (checked
after every step), the public state is the same at every seat, turning up opens it to all
by the public reveal, and the end-of-game audit opens every sheet (the ones let go face
down under rotating powers too) and finds each a flare of an alien nobody else held."""

from __future__ import annotations

import pytest

from engine import cosmic as engine
from bots import HeuristicBot, RandomBot
from engine.cosmic import cards as C
from engine.cosmic.hidden import ALIEN_PILE, FACE_DOWN, OUT, alien_of_flare
from protocol.cards_inprocess import InProcessGame

from _secret_games import assert_entitled, secret_game

CASES = {
    "random": (engine.Config(3, aliens=("?",) * 3, hidden_powers=True, max_turns=6), HeuristicBot),
    "choose+rotating": (engine.Config(3, aliens=("choose",) * 3, hidden_powers=True,
                                      rotating_powers=True, max_turns=6), HeuristicBot),
    "flares": (engine.Config(3, flares=True, hidden_powers=True, max_turns=4), RandomBot),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_face_down_aliens_stay_secret_until_turned_up(case: str) -> None:
    cfg, bot = CASES[case]
    game = secret_game(cfg, b"hidden " + case.encode(), bot)
    public: set[int] = set()
    sheets: set[int] = set()  # every sheet handle ever face down
    turned: list[int] = []

    def step(g: InProcessGame) -> None:
        s = g.states[0]
        public.update(s.faces)
        hashes = {engine.public_hash(st) for st in g.states}
        assert len(hashes) == 1, "the seats disagree on the public state"
        down = s.extra.get(FACE_DOWN, ())
        for seat, h in enumerate(down):
            if h < 0:
                continue
            sheets.add(h)
            assert h not in s.faces
            assert h in g.sources[seat].knowledge.faces  # its owner sees it
            for other, src in enumerate(g.sources):
                if other != seat:
                    assert h not in src.knowledge.faces, f"seat {other} sees seat {seat}'s alien"
        for h in s.extra.get(ALIEN_PILE, ()):  # the unused sheets: nobody has seen them
            assert not any(h in src.knowledge.faces for src in g.sources)
        turned.extend(seat for seat in range(s.n)
                      if s.aliens[seat] and seat not in turned and FACE_DOWN in s.extra)

    game.run(step)
    faces = game.finish()  # the audit: every hidden card opens, every claim holds
    for src in game.sources:
        assert all(faces[h] == f for h, f in src.knowledge.faces.items())
    assert_entitled(game, public)
    s = game.states[0]
    out = list(s.extra.get(OUT, ()))
    assert all(C.CATALOGUE[faces[h]].kind == "flare" for h in sheets | set(out))
    held = [a for a in s.aliens if a] + [alien_of_flare(faces[h]) for h in s.extra[FACE_DOWN]
                                         if h >= 0]
    assert len(held) == len(set(held))
    assert turned, "nobody turned an alien up"
    assert engine.audit_sheets(s, faces) == []
    left = [h for h in s.extra[FACE_DOWN] if h >= 0] + list(s.extra.get(ALIEN_PILE, ())) + out
    for h in left[:1]:  # a sheet that opened to an encounter card would be caught
        assert engine.audit_sheets(s, {**faces, h: 0}), "a bad sheet passed"
    if cfg.rotating_powers:
        assert sheets - set(game.states[0].extra[FACE_DOWN]) or out
