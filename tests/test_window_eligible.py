"""engine.cosmic.windows `eligible`, with its shortcuts (an effect with more copies in the
game than cards face up is hidden without counting them; a seat's sheet taken as its
acting power when nothing lends or is silenced), asks exactly the seats the plain
definition asks: every seat, in timing order, that may hold a card usable there (a copy
this game uses and the face-up cards do not account for, its role allowing it), whose
acting power offers something there, or that has a window use. Checked at every window
opened in random games with and without aliens, against that definition written out."""

from __future__ import annotations

import pytest

from engine import cosmic as engine
from engine.cosmic import windows as W
from engine.cosmic.powers import ALIENS, acting_power
from engine.cosmic.steps import STEPS
from bots import RandomBot
from node.local import LocalGame, game_seed


def plain_eligible(s: engine.GameState, name: str) -> list[int]:
    """The seats asked at window `name`, worked out the long way."""
    played = s.enc.played if s.enc is not None else ()
    public = {s.faces.get(h) for h in s.discard + played}
    effects = [e for e in W.CARD_EFFECTS if name in e.windows]
    hidden = [e for e in effects if (ids := W._in_game(s, e)) and not ids <= public]
    out = []
    for seat in s.timing_order():
        card = bool(s.hands[seat]) and any(e.who(s, seat) for e in hidden)
        alien = ALIENS.get(acting_power(s, seat)) if s.aliens[seat] else None
        power = (alien is not None and name in alien.windows and s.has_power(seat)
                 and bool(alien.options(s, seat, name)))
        table = any(u.offers(s, seat, name) for u in W.WINDOW_USES if u.in_game(s.config))
        if card or power or table:
            out.append(seat)
    return out


def plain_must_use(s: engine.GameState, seat: int, name: str) -> bool:
    """A mandatory power with options at this window: its owner may not pass."""
    alien = ALIENS.get(acting_power(s, seat)) if s.aliens[seat] else None
    return bool(alien is not None and name in alien.windows and s.has_power(seat)
                and alien.options(s, seat, name) and alien.must_use(s, seat, name))


CONFIGS = {
    "plain5": engine.Config(5),  # to the end: the face-up cards account for more copies
    "aliens5": engine.Config(5, aliens=("?",) * 5, max_turns=8),
    # powers that lend others (and the Insect's and Oracle's exclusion): the acting
    # power is not the sheet
    "lenders5": engine.Config(5, aliens=("insect", "oracle", "plant", "xenomorph",
                                         "pentaform"), max_turns=12),
    "flares4": engine.Config(4, flares=True, max_turns=6),
    "tech4": engine.Config(4, aliens=("?",) * 4, technology=True, max_turns=6),
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_eligible_asks_whom_the_definition_asks(name: str) -> None:
    cfg = CONFIGS[name]
    opened = 0
    for game in range(2):
        seed = game_seed(f"window-eligible-{name}", game)
        g = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(cfg.seats)])

        def check(_action: engine.Action, s: engine.GameState) -> None:
            nonlocal opened
            for st in s.stack:  # windows waiting to open, as they will be asked now
                if st[0] == "window" and st[2] is None:
                    assert W.eligible(s, st[1]) == plain_eligible(s, st[1]), (s.serial, st)
                    opened += 1
            top = s.step()
            if top[0] == "window" and top[2] is not None:  # may the seat asked pass?
                seat = STEPS["window"].actors(s, top)[0]
                assert W._must_use(s, seat, top[1]) == plain_must_use(s, seat, top[1])

        g.run(check)
    assert opened >= 200
