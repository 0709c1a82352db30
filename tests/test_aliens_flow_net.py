"""Powers that change the shape of the turn and the encounter in networked play, real
crypto: the Paradigm's destiny draw during planning (a `reveal` the card protocol
answers) and its face-down card turned up for the seat that took over the defense, the
Queue's choice of the next player, the Wavebender's late ships, the Zealot's forced
encounters (their claims audited) and the Wrack's torture of a random card (a hand
shuffle and a reveal) run through the card protocol; every seat keeps the same public
state, nobody learns a face it is not entitled to, and the end-of-game audit checks
every claim. (The Juggernaut, Worm and Paragon act on public facts only.)

The bots are random bots keen on these powers (they use a power whenever one is offered,
and the Wrack's victim refuses the deal), so the games do not depend on luck; seeded
games are played in turn until every effect has been seen (which games show which
depends on the rules hash, which every new card changes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from engine import cosmic as engine
from bots import RandomBot

from _secret_games import play_secret_game


class KeenBot(RandomBot):
    """A random bot that uses its power whenever it may (the highest option first: the
    Wrack's card torture), refuses the Wrack's deal, and keeps out of an encounter the
    Paradigm defends: no ally there, so any other seat's colour the Paradigm's destiny
    draw turns up moves the encounter (allies made its shift rare, and the games long)."""

    def choose(self, state: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        options = engine.legal_sequence(state, seat, kn)
        e = state.enc
        if e is not None and e.defense >= 0 and state.aliens[e.defense] == "paradigm":
            refuse = [a for a in options if isinstance(a, engine.Decline)]
            if refuse:
                return refuse[0]  # an ally's colour could not take the defense over
        if len(options) <= 64:
            uses = [a for a in options if isinstance(a, engine.UsePower)]
            if uses:
                return max(uses, key=lambda a: a.option)
            if state.step()[0] == "wrack":
                refuse = [a for a in options if isinstance(a, engine.NoDeal)]
                if refuse:
                    return refuse[0]
        return super().choose(state, seat, kn)


def _play(aliens: tuple[str, ...], tag: bytes, turns: int,
          done: Callable[[Counter[str]], bool]) -> Counter[str]:
    """Play seeded networked games until `done(events seen in them all)`; check each
    game's secrecy and audit; return what they saw."""
    seen: Counter[str] = Counter()
    n = len(aliens)
    for k in range(12):
        tortured: list[int] = []

        def watch(s: engine.GameState) -> None:
            for ev in s.events:
                seen[ev[2] if ev[0] == "power" else ev[0]] += 1
                if ev[0] == "torture":
                    seen["torture_" + ev[3]] += 1
                    if ev[3] == "card":
                        tortured.append(s.discard[-1])  # turned up by the next chance

        public = play_secret_game(
            engine.Config(n, aliens=aliens, planets=4, max_turns=turns),
            b"flow net" + tag + bytes([k]), watch, bot=KeenBot)
        assert all(h in public for h in tortured), "a tortured card is turned up for all"
        if done(seen):
            break
    return seen


@pytest.mark.heavy
def test_flow_powers_play_through_the_protocol() -> None:
    """The Paradigm moves the encounter to another seat's system; the Queue, the
    Wavebender and the Zealot act too."""
    wanted = ("paradigm", "paradigm_shift", "queue", "late_ships", "zealot")
    seen = _play(("paradigm", "queue", "wavebender", "zealot", "", ""), b"a", 14,
                 lambda seen: all(seen[k] for k in wanted))
    assert all(seen[k] for k in wanted), {k: seen[k] for k in wanted}


def test_wrack_random_card_goes_through_the_protocol() -> None:
    """The Wrack's card torture: the victim's hand is shuffled by the card protocol and
    the first card turned up on the discard pile (nobody chose it)."""
    seen = _play(("wrack", "", ""), b"w", 6, lambda seen: bool(seen["torture_card"]))
    assert seen["torture_card"], seen
