"""The verifier's end-of-game audit beyond the claims (protocol.game GameVerifier.audit_end),
on real recorded games and the faces their audit opened: every card in a hand at the end
is one the card source dealt (the '?' cards of a win made in the middle of a card move,
engine/cosmic/flow: the audit passed them); and under hidden powers every alien sheet
kept face down is a real one (rules.audit_end: checked by each node at its game's end, by
`cosmic verify` too)."""

from __future__ import annotations

import pytest

from engine import cosmic as engine
from engine.cosmic import cards as C
from bots import RandomBot
from node.local import LocalGame, game_seed
from node.records import record_local_game
from protocol.errors import RemoteProtocolError
from protocol.game import GameVerifier
from protocol.journal import RECORD_ENVELOPE, parse_journal


class KeepsItsAlienHidden:
    """A random bot that never turns its alien sheet up (it passes when asked to, and
    takes another of its choices where turning up is one of them)."""

    def __init__(self, seed: bytes) -> None:
        self.bot = RandomBot(seed)

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        legal = [a for a in engine.legal_actions(state, seat, kn)
                 if not isinstance(a, engine.TurnUp)]
        if state.step()[0] == "turn_up":
            return next(a for a in legal if isinstance(a, engine.Pass))
        for _ in range(20):
            a = self.bot.choose(state, seat, kn)
            if not isinstance(a, engine.TurnUp):
                return a
        return legal[0]


def _verified(cfg: engine.Config, tag: str) -> GameVerifier:
    seed = game_seed(tag, 0)
    game = LocalGame(cfg, seed, [KeepsItsAlienHidden(seed + bytes([k]))
                                 for k in range(cfg.seats)])
    game.run()
    contents = parse_journal(record_local_game(game))
    v = GameVerifier(contents.genesis)
    for e in contents.entries:
        if e.type == RECORD_ENVELOPE:
            v.feed(e.data, e.index)
    assert v.finish().audited  # the real game passes
    return v


def test_a_card_in_a_hand_that_no_card_was_dealt_behind_fails_the_audit() -> None:
    v = _verified(engine.Config(3, max_turns=3), "hands-at-the-end")
    faces = dict(v.source.audit_faces() or {})
    v.audit_end(faces)
    seat = next(x for x in range(3) if v.state.hands[x])
    handle = v.state.hands[seat][0]
    del faces[handle]
    with pytest.raises(RemoteProtocolError) as caught:
        v.audit_end(faces)
    colour = v.genesis.seats[seat].colour
    assert caught.value.check == "audit" and caught.value.author is None
    assert caught.value.message == (f"{colour}'s hand holds 1 card(s) the card source never "
                                    f"dealt (handles {handle})")
    # the verdict makes this check: a card source that lost that card fails the game
    truth = v.source.audit_faces()
    assert isinstance(truth, dict)
    del truth[handle]
    with pytest.raises(RemoteProtocolError, match="never dealt"):
        v.finish()


def test_an_alien_sheet_that_is_no_flare_fails_the_verifier_audit() -> None:
    cfg = engine.Config(3, aliens=("?",) * 3, hidden_powers=True, max_turns=3)
    v = _verified(cfg, "sheets-at-the-end")
    faces = dict(v.source.audit_faces() or {})
    from engine.cosmic.hidden import ALIEN_PILE, FACE_DOWN, OUT
    sheets = [h for h in v.state.extra.get(FACE_DOWN, ()) if h >= 0] + list(
        v.state.extra.get(ALIEN_PILE, ())) + list(v.state.extra.get(OUT, ()))
    assert sheets
    not_flare = next(i for i, c in enumerate(C.CATALOGUE) if c.kind != "flare")
    faces[sheets[0]] = not_flare
    with pytest.raises(RemoteProtocolError) as caught:
        v.audit_end(faces)
    assert caught.value.check == "audit"
    assert caught.value.message.startswith(f"the alien sheet {sheets[0]} opens to ")
