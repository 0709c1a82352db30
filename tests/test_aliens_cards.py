"""The card powers of issue 15 (rules 004, classic; the Reserve from 001's summary):
Jinx, Laser, Leech, Rot, Seeker, Visionary, Wastrel, Reserve.

What scenarios cannot show is checked here: which cards a client is offered to put face
down under a power's rule (engine.api `encounter_card_options`), that a broken promise is
a claim the end-of-game audit reports, that random picks go through the card source's
`hand_shuffle` so that only the entitled seats learn faces, and whole networked games
with the real card protocol (mental poker) where no seat ever knows a face it may not.
"""

from __future__ import annotations

import functools
from pathlib import Path
from collections import Counter

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.scenario import run_scenario
from protocol.cards_inprocess import InProcessGame

from _secret_games import assert_entitled, secret_game


def _labels(faces: list[int]) -> list[str]:
    return sorted(C.CATALOGUE[f].label() for f in faces)


def _options(s: engine.GameState, src: engine.LocalSource, seat: int) -> list[str]:
    return _labels([src.truth[h] for h in engine.encounter_card_options(s, seat, src.knowledge[seat])])


VISIONARY = """
title = "Visionary names an attack 04"
rule = "004 Visionary (classic)"
seats = 3
aliens = { red = "visionary" }

[position]
offense = "red"
hands = { red = ["attack 10"], blue = ["attack 04", "attack 20", "morph"], yellow = ["negotiate"] }
destiny = ["blue"]

[[step]]
do = ["red proceed", "red launch blue.1 red.1:4", "red invite none", "blue invite none",
      "red power 0 @attack04"]
expect = { step = "planning" }
"""


def test_visionary_opponent_is_offered_only_the_named_card_and_a_lie_is_audited() -> None:
    res = run_scenario(VISIONARY)
    assert res.ok, res.failures
    s, src = res.state, res.source
    assert _options(s, src, 1) == ["attack 04"]
    assert _options(s, src, 0) == ["attack 10"], "the Visionary itself is free"
    # Blue plays its attack 20 anyway: the engine cannot see the hand, so it accepts the
    # reveal and records blue's claim that it had no attack 04; the audit finds it false.
    lie = run_scenario(VISIONARY.replace('expect = { step = "planning" }', '''
[[step]]
do = ["red select @attack10", "blue select @attack20", "red reveal", "blue reveal"]
expect = { result = "defense", claims = 2 }'''))
    assert lie.ok, lie.failures
    (line,) = engine.audit_claims(lie.state, lie.source.truth)
    assert "playable:is:" in line and "attack 04" in line
    # With a morph instead (no attack 04 left after it), every card is offered again.
    free = run_scenario(VISIONARY.replace('"attack 04", "attack 20", "morph"', '"attack 20", "morph"'))
    assert free.ok, free.failures
    assert _options(free.state, free.source, 1) == ["attack 20", "morph"]


SEEKER = """
title = "Seeker asks about an intention"
rule = "004 Seeker (classic)"
seats = 3
aliens = { red = "seeker" }

[position]
offense = "red"
hands = { red = ["attack 08"], blue = ["negotiate", "attack 20", "morph"], yellow = ["negotiate"] }
destiny = ["blue"]

[[step]]
do = ["red proceed", "red launch blue.1 red.1:4", "red power 0 blue QUESTION", "blue ANSWER",
      "red invite none", "blue invite none"]
expect = { step = "planning" }
"""


def _seek(question: int, answer: str, more: str = "") -> tuple[engine.GameState, engine.LocalSource]:
    res = run_scenario(SEEKER.replace("QUESTION", str(question)).replace("ANSWER", answer) + more)
    assert res.ok, res.failures
    return res.state, res.source


def test_seeker_intention_binds_the_card_offered_and_a_broken_promise_is_audited() -> None:
    s, src = _seek(7, "accept")  # "will you play a negotiate?" yes
    assert _options(s, src, 1) == ["negotiate"]
    s, src = _seek(7, "decline")  # no
    assert _options(s, src, 1) == ["attack 20", "morph"]
    s, src = _seek(6, "decline")  # "will you play an attack?" no
    assert _options(s, src, 1) == ["morph", "negotiate"]
    # Blue said yes to the negotiate and plays the attack 20: accepted, and the audit
    # reports the claim that nothing left in its hand was a negotiate.
    s, src = _seek(7, "accept", """
[[step]]
do = ["red select @attack08", "blue select @attack20", "red reveal", "blue reveal"]
expect = { result = "defense" }""")
    (line,) = engine.audit_claims(s, src.truth)
    assert "playable:kind:negotiate" in line


def test_seeker_hand_answers_are_claims_the_audit_checks() -> None:
    s, src = _seek(0, "accept")  # "do you hold an attack?" yes: true
    assert engine.audit_claims(s, src.truth) == []
    s, src = _seek(2, "decline")  # "do you hold a morph?" no: a lie
    (line,) = engine.audit_claims(s, src.truth)
    assert "none_of:morph" in line
    # A client is offered the truth only.
    res = run_scenario(SEEKER.replace("QUESTION", "2").replace(', "blue ANSWER",\n      "red invite none", "blue invite none"]', "]").replace('step = "planning"', 'step = "seek"'))
    assert res.ok, res.failures
    assert engine.legal_actions(res.state, 1, res.source.knowledge[1]) == [engine.Accept(1)]


LASER = (Path(__file__).parent / "scenarios" / "aliens" / "laser.toml").read_text("utf-8")


def _laser_at_offer() -> tuple[engine.GameState, engine.LocalSource]:
    """The Laser scenario up to the picked attack 04 accepted (its last step cut off)."""
    text = LASER[:LASER.rindex("[[step]]")] + """[[step]]
do = ["blue accept"]
expect = { step = "planning" }
"""
    res = run_scenario(text)
    assert res.ok, res.failures
    return res.state, res.source


def test_laser_pick_is_the_only_card_offered_and_another_is_refused_at_the_reveal() -> None:
    s, src = _laser_at_offer()
    assert _options(s, src, 1) == ["attack 04"]
    picked = engine.encounter_card_options(s, 1, src.knowledge[1])[0]
    # Red never learned the picked card; yellow learned nothing of blue's hand.
    assert picked not in src.knowledge[0].faces and picked not in s.faces
    assert not set(s.hands[1]) & set(src.knowledge[2].faces)
    shown = [h for h in s.hands[1] if h in src.knowledge[0].faces]
    assert _labels([src.truth[h] for h in shown]) == ["artifact mobius_tubes"]
    other = next(h for h in s.hands[1] if C.CATALOGUE[src.truth[h]].label() == "attack 20")
    src.knowledge[0].selected = s.hands[0][0]
    s, _ = engine.apply(s, engine.Select(0))
    src.knowledge[1].selected = other  # a client ignoring the pick
    s, _ = engine.apply(s, engine.Select(1))
    s, _ = engine.apply(s, engine.Reveal(0, s.hands[0][0], src.truth[s.hands[0][0]]))
    try:
        engine.apply(s, engine.Reveal(1, other, src.truth[other]))
    except engine.IllegalAction as exc:
        assert "picked card" in exc.reason
    else:
        raise AssertionError("a card other than the Laser's pick was revealed")
    engine.apply(s, engine.Reveal(1, picked, src.truth[picked]))


def test_laser_declined_encounter_card_is_a_false_claim() -> None:
    """The opponent says the picked attack 04 is no encounter card: the Laser sees it
    (a show), and the audit reports the lie."""
    text = LASER[:LASER.rindex("[[step]]")] + """[[step]]
do = ["blue decline"]
expect = { "knows.red.blue" = ["artifact mobius_tubes", "attack 04"] }
"""
    res = run_scenario(text)
    assert res.ok, res.failures
    lines = engine.audit_claims(res.state, res.source.truth)
    assert len(lines) == 1 and "no_encounter" in lines[0] and "attack 04" in lines[0]


# -- whole networked games with the card protocol ------------------------------------------


@functools.cache
def networked(aliens: tuple[str, ...], tag: bytes, turns: int) -> tuple[InProcessGame, Counter[str]]:
    """A networked game of random bots (real crypto), checking after every step that no
    seat knows a face it is not entitled to (ever in its hand, its own shuffled hand,
    shown or delivered to it) unless the face is public, and that a card picked at
    random is never known to its picker; returns it with the power uses."""
    n = len(aliens)
    cfg = engine.Config(n, aliens=aliens, planets=4, max_turns=turns)
    game = secret_game(cfg, b"cards group" + tag)
    uses: Counter[str] = Counter()
    public: dict[int, int] = {}
    picked: list[tuple[int, int]] = []  # (picker, handle) of random picks
    # What a seat may know besides: cards shown or delivered to it, cards in its hand
    # (but not the picked cards, which sit in the picker's hand during the pick alone).
    opened: list[set[int]] = [set() for _ in range(n)]
    while True:
        s = game.state
        p = engine.pending(s)
        picking = p.chance is not None and p.chance.kind == "hand_shuffle" and \
            s.stack[-2][0] == "picked"
        if picking:
            picked += [(s.stack[-2][1], h) for h in s.stack[-2][3]]
            uses["picks"] += 1
        elif p.chance is not None and p.chance.kind in ("show", "deliver"):
            for picker, h in picked:  # only the Laser's look at a card said not to count
                assert picker != p.chance.seat or h not in p.chance.handles or (
                    p.chance.kind == "show" and s.enc is not None
                    and s.enc.has_flag(f"laser_shown:{h}")), (picker, h, p.chance)
            opened[p.chance.seat].update(p.chance.handles)
        if not game.step():
            break
        s = game.state
        public.update(s.faces)
        assert_entitled(game, public)
        p = engine.pending(s)
        now_picking = p.chance is not None and p.chance.kind == "hand_shuffle" and \
            s.stack[-2][0] == "picked"
        for seat in range(n):
            hand = set(s.hands[seat])
            if now_picking and seat == s.stack[-2][1]:
                hand -= set(s.stack[-2][3])
            opened[seat] |= hand
        for picker, h in picked:
            kn = game.sources[picker].knowledge.faces
            assert h not in kn or h in public or h in opened[picker], (picker, h)
    replay = engine.new_game(cfg)
    for action in game.actions:
        replay, events = engine.apply(replay, action)
        uses.update(ev[2] for ev in events if ev[0] == "power")
    assert engine.public_hash(replay) == engine.public_hash(game.state)
    return game, uses


GROUP = ("laser", "visionary", "seeker", "wastrel", "rot", "leech")


def test_the_group_plays_over_the_card_protocol_and_nothing_leaks() -> None:
    """Six-seat games until every power of the group has been used (at most four: a
    seed's course changes with the rules hash, so none is fixed), each checked."""
    uses: Counter[str] = Counter()
    for tag in (b"c", b"a", b"b", b"d"):
        game, used = networked(GROUP, tag, 8)
        uses += used
        assert len({engine.public_hash(s) for s in game.states}) == 1
        faces = game.finish()  # every hidden claim (Laser, Seeker, Visionary) audited here
        for src in game.sources:
            assert all(faces[h] == f for h, f in src.knowledge.faces.items())
        if set(GROUP) <= set(uses):
            break
    assert set(GROUP) <= set(uses), f"powers never used: {set(GROUP) - set(uses)}"
    assert uses["picks"] > 0
