"""Hidden cards under the powers of issue 14's hidden-card group (rules 004, classic):
Atrophy, Collector, Evolutionary, Aura, and the rest as they come. Every move of a hidden
card goes through the card source's chance steps, so each seat learns exactly what the
text shows it: checked with the local source's knowledge in scripted positions, and in
whole networked games with the real card protocol (mental poker), where no seat may
ever know a face it was not entitled to, and the end-of-game audit checks every claim.
"""

from __future__ import annotations

import functools
from collections import Counter

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.scenario import run_scenario
from protocol.cards_inprocess import InProcessGame

from _secret_games import assert_entitled, secret_game


def _labels(faces: list[int]) -> list[str]:
    return sorted(C.CATALOGUE[f].label() for f in faces)


ATROPHY = """
title = "Atrophy takes from the defense and its ally"
rule = "004 Atrophy (classic)"
seats = 4
aliens = { red = "atrophy" }

[position]
offense = "red"
hands = { red = ["attack 04"], blue = ["attack 30", "negotiate", "morph"], yellow = ["attack 20", "attack 10"], green = ["negotiate"] }
destiny = ["blue"]

[[step]]
do = ["red proceed", "red launch blue.1 red.1:4", "red invite none", "blue invite yellow",
      "yellow ally blue yellow.1:1", "red power 0"]
expect = { "hand.red" = 3, "hand.blue" = 2, "hand.yellow" = 1, step = "atrophy_keep" }
"""


def test_atrophy_learns_the_cards_it_took_and_nothing_else() -> None:
    res = run_scenario(ATROPHY)
    assert res.ok, res.failures
    s, src = res.state, res.source
    red, blue, yellow, green = (src.knowledge[i].faces for i in range(4))
    taken = s.hands[0][1:]
    assert len(taken) == 2 and all(red[h] == src.truth[h] for h in taken)
    assert not (set(s.hands[1]) | set(s.hands[2])) & set(red), "red saw a card it left"
    assert all(h in blue for h in s.hands[1]) and all(h in yellow for h in s.hands[2])
    assert not set(taken) & set(green), "the bystander learns nothing"
    assert not set(taken) & set(s.faces), "nothing becomes public"
    # Keeping them (pass) shows nothing either.
    s2, _ = engine.apply(s, engine.Pass(0))
    assert s2.hands[0] == s.hands[0] and not set(taken) & set(s2.faces)


COLLECTOR_LIE = """
title = "Collector says its hand is complete when it is not"
rule = "004 Collector (classic)"
seats = 3
aliens = { red = "collector" }

[position]
offense = "red"
hands = { red = ["reinforcement +3"], blue = ["attack 10"], yellow = ["negotiate"] }
deck = ["attack 04", "attack 05", "attack 06", "attack 07", "negotiate", "negotiate", "attack 09", "reinforcement +2", "cosmic zap"]
destiny = ["blue"]

[[step]]
do = ["red newhand", "red pass"]
expect = { claims = 1, "hand.red" = 8 }
"""


def test_a_collector_that_stops_too_early_is_caught_by_the_audit() -> None:
    res = run_scenario(COLLECTOR_LIE)
    assert res.ok, res.failures
    (line,) = engine.audit_claims(res.state, res.source.truth)
    assert "has_all:attack,negotiate,artifact" in line
    # A client that knows its hand is offered only the truth: draw on.
    start = run_scenario(COLLECTOR_LIE.replace('"red newhand", "red pass"', '"red newhand"')
                         .replace("claims = 1", "claims = 0"))
    assert engine.legal_actions(start.state, 0, start.source.knowledge[0]) == [
        engine.UsePower(0, 0, ())]


AURA = """
title = "Aura: compensation stays hidden while the encounter lasts"
rule = "004 Aura (classic)"
seats = 4
aliens = { yellow = "aura", green = "fido" }

[position]
offense = "red"
hands = { red = ["negotiate"], blue = ["attack 20", "attack 12", "attack 13"], yellow = ["attack 30"], green = ["attack 15"] }
destiny = ["blue"]

[[step]]
do = ["red proceed", "red launch blue.1 red.1:4", "red invite none", "blue invite none",
      "red select @negotiate", "blue select @attack20"]
expect = { step = "reveal" }
"""


def test_aura_shows_hands_but_not_the_choice_nor_cards_got_mid_encounter() -> None:
    res = run_scenario(AURA)
    assert res.ok, res.failures
    s, src = res.state, res.source
    assert set(s.hands[1]) <= set(s.faces), "blue's hand is face up"
    assert not set(s.hands[2]) & set(s.faces), "the Aura's own hand is hidden"
    assert src.knowledge[1].selected in s.hands[1]  # chosen; the public state names none
    for a in (engine.Reveal(0, s.hands[0][0], src.truth[s.hands[0][0]]),
              engine.Reveal(1, src.knowledge[1].selected, src.truth[src.knowledge[1].selected])):
        s, _ = engine.apply(s, a)
    got_mid_encounter: set[int] = set()
    asked = 0
    while s.enc is not None:  # answer chance and pass windows until the encounter is over
        p = engine.pending(s)
        if p.chance is not None:
            s, _ = engine.apply(s, src.answer(p.chance))
        else:
            seat = p.seats[0]
            asked += s.enc.result == "defense"
            s, _ = engine.apply(s, engine.legal_actions(s, seat, src.knowledge[seat])[0])
        if s.enc is not None and s.enc.result == "defense":
            got_mid_encounter |= set(s.hands[0])
            assert not set(s.hands[0]) & set(s.faces), "red's compensation shown too early"
    assert got_mid_encounter and asked, "a seat (the Fido) must be asked after compensation"
    while engine.pending(s).chance is not None:  # the next seat waits: red's cards turn up
        s, _ = engine.apply(s, src.answer(engine.pending(s).chance))
    assert s.hands[0] and set(s.hands[0]) <= set(s.faces)
    assert _labels([s.faces[h] for h in s.hands[0]]) == ["attack 12", "attack 13"]


# -- whole networked games with the card protocol ------------------------------------------

GROUP = ("atrophy", "collector", "evolutionary", "aura", "chaos")
STANDING = {"collect": "collector", "face_up": "aura"}


@functools.cache
def networked(aliens: tuple[str, ...], tag: bytes, turns: int) -> tuple[InProcessGame, Counter[str]]:
    """A networked game of random bots (real crypto), checking after every step that no
    seat knows a face it is not entitled to (its own hand ever, its own shuffled hand,
    cards shown to it) unless the face is public; returns it with the power uses."""
    n = len(aliens)
    cfg = engine.Config(n, aliens=aliens, planets=4, max_turns=turns)
    game = secret_game(cfg, b"hidden cards" + tag)
    uses: Counter[str] = Counter()
    public: dict[int, int] = {}
    auras = [seat for seat, a in enumerate(aliens) if a == "aura"]
    while game.step():
        s = game.state
        public.update(s.faces)
        assert_entitled(game, public)
        p = engine.pending(s)
        for aura in auras:  # whenever a seat is asked, the Aura's table shows its hands
            if p.chance is None and not p.over and s.has_power(aura):
                taken_up = s.enc.selected if s.enc is not None else ()
                for x in range(n):
                    if x != aura and x not in taken_up:
                        assert set(s.hands[x]) <= set(s.faces), (x, s.step())
                if any(s.hands[x] for x in range(n) if x != aura):
                    uses["aura shown"] += 1
    replay = engine.new_game(cfg)
    for action in game.actions:
        replay, events = engine.apply(replay, action)
        for ev in events:
            if ev[0] == "power":
                uses[ev[2]] += 1
            elif ev[0] in STANDING:
                uses[STANDING[ev[0]]] += 1
    assert engine.public_hash(replay) == engine.public_hash(game.state)
    return game, uses


def test_the_group_plays_over_the_card_protocol_and_nothing_leaks() -> None:
    uses: Counter[str] = Counter()
    # Two games, and more until every power was used (a seed's course changes with the
    # rules hash, which every new flare changes).
    for i, tag in enumerate((b"b", b"d", b"e", b"f", b"g")):
        if i >= 2 and set(GROUP) <= set(uses):
            break
        game, used = networked(GROUP, tag, 4)
        uses += used
        assert len({engine.public_hash(s) for s in game.states}) == 1
        faces = game.finish()  # every hidden claim (the Collector's too) is audited here
        for src in game.sources:
            assert all(faces[h] == f for h, f in src.knowledge.faces.items())
    assert set(GROUP) <= set(uses), f"powers never used: {set(GROUP) - set(uses)}"


def test_aura_keeps_the_other_hands_face_up_in_networked_play() -> None:
    """Checked after every step of the games (networked()): whenever a seat is asked,
    every hand but the Aura's and those taken up by a main player is public."""
    for tag in (b"b", b"d"):
        game, uses = networked(GROUP, tag, 4)
        assert uses["aura shown"] > 10


CHAOS = """
title = "Chaos mixes"
rule = "004 Chaos (classic)"
seats = 4
aliens = { red = "chaos" }

[position]
offense = "red"
hands = { red = ["attack 04", "negotiate"], blue = ["attack 30", "attack 40", "morph"], yellow = ["negotiate"], green = ["attack 15"] }
discard = ["attack 20", "attack 23", "reinforcement +5"]
destiny = ["blue"]

[[step]]
do = ["red proceed", "red launch blue.1 red.1:4", "red invite none", "blue invite none",
      "red power 0 MIX"]
expect = { step = "planning" }
"""


def _chaos(mix: str) -> tuple[engine.GameState, engine.LocalSource]:
    res = run_scenario(CHAOS.replace("MIX", mix))
    assert res.ok, res.failures
    return res.state, res.source


def test_chaos_two_hands_each_learns_only_its_new_cards() -> None:
    s, src = _chaos("red blue")
    red, blue = s.hands[0], s.hands[1]
    assert (len(red), len(blue)) == (2, 3)
    assert _labels([src.truth[h] for h in red + blue]) == [
        "attack 04", "attack 30", "attack 40", "morph", "negotiate"]
    assert all(src.knowledge[0].faces[h] == src.truth[h] for h in red)
    assert all(src.knowledge[1].faces[h] == src.truth[h] for h in blue)
    assert not set(blue) & set(src.knowledge[0].faces), "the Chaos learns nothing more"
    assert not set(red) & set(src.knowledge[1].faces)
    for seat in (2, 3):
        assert not set(red + blue) & set(src.knowledge[seat].faces)
    assert not set(red + blue) & set(s.faces)


def test_chaos_hand_and_discard_pile_the_rest_is_face_up() -> None:
    s, src = _chaos("blue -2")
    blue = s.hands[1]
    assert len(blue) == 3 and len(s.discard) == 3 and set(s.discard) <= set(s.faces)
    assert _labels([src.truth[h] for h in blue] + [s.faces[h] for h in s.discard]) == [
        "attack 20", "attack 23", "attack 30", "attack 40", "morph", "reinforcement +5"]
    assert all(src.knowledge[1].faces[h] == src.truth[h] for h in blue)
    assert not set(blue) & (set(src.knowledge[0].faces) | set(s.faces))


def test_chaos_hand_and_deck_the_hand_gets_its_count_unseen_by_others() -> None:
    s, src = _chaos("blue -1")
    blue = s.hands[1]
    assert len(blue) == 3 and len(s.deck) == 72 - 7 - 3  # 7 cards in hands, 3 discarded: as before
    assert all(src.knowledge[1].faces[h] == src.truth[h] for h in blue)
    for seat in (0, 2, 3):
        assert not set(blue) & set(src.knowledge[seat].faces)
