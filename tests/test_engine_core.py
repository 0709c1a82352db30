"""Engine unit tests: setup facts, action encodings, determinism across processes, the
cosmic quake, the claim audit, and errors that name the phase and the rule."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cosmic as engine
from engine.cosmic import cards as C
from engine.cosmic.actions import ACTION_KINDS, action_from_data, parse_action
from engine.cosmic.scenario import run_scenario
from engine.cosmic.local import LocalSource
from node.local import LocalGame, game_seed
from bots import RandomBot

ROOT = Path(__file__).resolve().parent.parent


def test_cosmic_deck_is_the_2008_deck() -> None:
    """Rules 000, Components: 72 cosmic cards (our issue lists the exact mix)."""
    deck = [C.CATALOGUE[i] for i in C.COSMIC_DECK]
    assert len(deck) == 72
    attacks = sorted(c.value for c in deck if c.kind == "attack")
    assert attacks == [0, 1, 4, 4, 4, 4, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 8, 8, 8, 8, 8, 8, 9,
                       10, 10, 10, 10, 11, 12, 12, 13, 14, 14, 15, 20, 20, 23, 30, 40]
    kinds = [c.kind for c in deck]
    assert kinds.count("negotiate") == 15 and kinds.count("morph") == 1
    assert sorted(c.value for c in deck if c.kind == "reinforcement") == [2, 2, 3, 3, 3, 5]
    names = sorted(c.name for c in deck if c.kind == "artifact")
    assert names == sorted(["card_zap"] * 2 + ["cosmic_zap"] * 2 + ["mobius_tubes"] * 2 + [
        "emotion_control", "force_field", "ionic_gas", "plague", "quash"])


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_setup(seats: int) -> None:
    """Rules 001, Setup: four ships on each of five planets, eight cards each, a destiny
    deck of the colours in play (three each) plus two wilds and three specials."""
    g = LocalGame(engine.Config(seats), game_seed("setup", seats),
                  [RandomBot(bytes([k])) for k in range(seats)])
    while engine.pending(g.state).step != "start_turn":
        g.step()
    s = g.state
    assert len(s.destiny_deck) == 3 * seats + 5
    for seat in range(seats):
        assert [s.on(p, seat) for p in s.home_planets(seat)] == [4] * 5
        assert len(s.hands[seat]) == 8
        assert s.foreign_colonies(seat) == 0
    assert len(s.deck) == 72 - 8 * seats
    assert 0 <= s.offense < seats


def test_ten_colours_defined_and_config_checked() -> None:
    assert len(C.COLORS) == 10
    with pytest.raises(ValueError):
        engine.Config(3, colors=("red", "red", "blue"))
    with pytest.raises(ValueError):
        engine.Config(11)


def _one_of_each() -> list[engine.Action]:
    out = []
    for kind, cls in ACTION_KINDS.items():
        values = []
        for shape in cls.SHAPES:
            values.append({"int": 3, "ints": (1, 2), "pairs": ((4, 1), (-1, 2))}[shape])
        out.append(cls(1, *values))
    return out


def test_action_round_trips() -> None:
    for a in _one_of_each():
        assert action_from_data(a.to_data()) == a
        assert parse_action(a.format()) == a
        assert eval(repr(a), vars(engine)) == a  # the repr pastes back in


@pytest.mark.parametrize("bad", [
    None, [], ["nosuch", 0], ["pass"], ["pass", "0"], ["pass", 0, 1], ["launch", 0, 1],
    ["launch", 0, 1, [[1]]], ["launch", 0, 1.5, []], ["give", 0, list(range(200))],
    ["launch", 0, 2**40, []], ["reveal", True, 1, 2],
])
def test_bad_action_data_is_refused(bad: object) -> None:
    with pytest.raises(engine.ActionParseError):
        action_from_data(bad)


def test_illegal_action_names_phase_and_step_and_leaves_state() -> None:
    g = LocalGame(engine.Config(3), game_seed("illegal", 0), [RandomBot(bytes([k])) for k in range(3)])
    while engine.pending(g.state).step != "start_turn":
        g.step()
    before = engine.public_hash(g.state)
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(g.state, engine.Launch(g.state.offense, 0, ((0, 1),)))
    assert "start_turn/start_turn" in str(err.value)
    assert engine.public_hash(g.state) == before


def test_same_seed_same_hashes_across_processes() -> None:
    """Determinism: a seed gives the same public hashes under any PYTHONHASHSEED."""
    code = (
        "import hashlib\nfrom engine import cosmic as engine\n"
        "from bots import RandomBot\n"
        "from node.local import LocalGame, game_seed\n"
        "seed = game_seed('determinism', 0)\n"
        "g = LocalGame(engine.Config(5), seed, [RandomBot(seed + bytes([k])) for k in range(5)])\n"
        "h = hashlib.sha256()\n"
        "g.run(lambda a, s: h.update(engine.public_hash(s)))\n"
        "print(h.hexdigest(), len(g.actions))\n"
    )
    outs = set()
    for hashseed in ("0", "1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                           capture_output=True, text=True, check=True)
        outs.add(r.stdout)
    assert len(outs) == 1


def test_cosmic_quake() -> None:
    """Rules 001, Cosmic Quake: a draw with the deck and the discard pile both empty makes
    everyone discard, the discards become the deck, and everyone gets eight cards."""
    all_cards = [C.CATALOGUE[i].label() for i in C.COSMIC_DECK]
    # Red holds no encounter card, blue and yellow hold the other 70 cards.
    red = ["reinforcement +2", "reinforcement +3"]
    rest = list(all_cards)
    for label in red:
        rest.remove(label)
    blue, yellow = rest[:35], rest[35:]
    q = lambda xs: "[" + ", ".join(f'"{x}"' for x in xs) + "]"  # noqa: E731
    text = f'''
title = "cosmic quake"
rule = "001, Clarifications, Cosmic Quake"
seats = 3
[position]
offense = "red"
hands = {{ red = {q(red)}, blue = {q(blue)}, yellow = {q(yellow)} }}
[[step]]
do = "red newhand"
expect = {{ "hand.red" = 8, "hand.blue" = 8, "hand.yellow" = 8, deck = 48, discard = 0 }}
'''
    res = run_scenario(text)
    assert res.ok, res.failures


def test_audit_finds_false_claims() -> None:
    """A claim made on hidden cards ('I hold an encounter card') is checked at the end."""
    res = run_scenario((ROOT / "tests/scenarios/start_turn_new_hand.toml").read_text())
    assert res.ok
    false = engine.audit_claims(res.state, res.source.truth)
    assert len(false) == 1 and "has_encounter" in false[0]
    honest = run_scenario((ROOT / "tests/scenarios/regroup.toml").read_text())
    assert engine.audit_claims(honest.state, honest.source.truth) == []


def test_a_defense_holding_an_encounter_card_cannot_play_before_planning_unseen() -> None:
    """Only a defense without an encounter card may play an any-time card at the planning
    step. A defense that holds one is not offered the play; if it sends it anyway (the
    engine of a networked peer cannot see the hand), its claim fails the audit."""
    text = (ROOT / "tests/scenarios/defense_no_encounter_plays_first.toml").read_text()
    text = text.replace('blue = ["plague", "reinforcement +2"]', 'blue = ["plague", "attack 10"]')
    text = text.split("[[step]]")[0] + "[[step]]" + text.split("[[step]]")[1].split(
        "expect")[0]
    res = run_scenario(text)
    s, kn = res.state, res.source.knowledge[1]
    assert s.step()[0] == "planning" and engine.pending(s).seats == (1,)
    legal = engine.legal_actions(s, 1, kn)
    assert not any(isinstance(a, engine.Play) for a in legal), legal
    plague = next(h for h in s.hands[1] if C.CATALOGUE[kn.faces[h]].name == "plague")
    s2, _ = engine.apply(s, engine.Play(1, plague, kn.faces[plague], (2,)))
    assert any("claimed no_encounter" in line
               for line in engine.audit_claims(s2, res.source.truth))


def test_two_views_one_public_state() -> None:
    """Seats know different faces (a card drawn from the deck is known to its drawer
    alone), yet they all see one public state."""
    g = LocalGame(engine.Config(3), game_seed("views", 0), [RandomBot(bytes([k])) for k in range(3)])
    drawn: dict[int, int] = {}  # handle -> the seat it was dealt to from the deck
    for _ in range(400):
        p = engine.pending(g.state)
        deck = set(g.state.deck)
        if p.chance is not None and p.chance.kind == "deliver":
            for h in p.chance.handles:
                if h not in g.state.faces and h not in deck:
                    drawn.setdefault(h, p.chance.seat)
        g.step()
    assert drawn
    for seat, kn in enumerate(g.source.knowledge):
        for h, owner in drawn.items():
            if owner != seat and h in g.state.deck:
                assert h not in kn.faces
    k0, k1 = g.source.knowledge[0], g.source.knowledge[1]
    assert set(k0.faces) != set(k1.faces)
    first_deal = [h for h, owner in drawn.items() if owner == 1][:8]
    assert not (set(first_deal) & set(k0.faces))  # seat 0 never saw seat 1's first hand


def test_honest_bots_make_no_false_claims() -> None:
    """Every claim an honest controller makes survives the audit (a claim made before a
    Select covers the card later put face down; one made after it does not)."""
    from bots import HeuristicBot
    for i in range(12):
        seed = game_seed("honest-claims", i)
        g = LocalGame(engine.Config(4), seed, [HeuristicBot(seed + bytes([k])) for k in range(4)])
        g.run()
        assert g.state.claims
        assert engine.audit_claims(g.state, g.source.truth) == []


def test_clones_copy_every_field_and_share_no_list() -> None:
    """GameState.clone and Encounter.clone spell their fields out (for speed): each field
    is copied, and no mutable container is shared with the original."""
    from engine.cosmic.state import Encounter, GameState
    e = Encounter(0, 1)
    for k, name in enumerate(Encounter.__slots__):
        v = getattr(e, name)
        setattr(e, name, [k, k] if isinstance(v, list) else (k,))
    c = e.clone()
    for name in Encounter.__slots__:
        assert getattr(c, name) == getattr(e, name), name
        if isinstance(getattr(e, name), list):
            assert getattr(c, name) is not getattr(e, name), name
    s = engine.new_game(engine.Config(3))
    s.enc = e
    s.extra = {"x": [1]}
    t = s.clone()
    for name in GameState.__slots__:
        if name in ("enc", "events", "_faces_owned"):
            continue
        assert getattr(t, name) == getattr(s, name), name
        if isinstance(getattr(s, name), (list, dict)) and name not in ("faces", "_ships"):
            assert getattr(t, name) is not getattr(s, name), name
    assert t.extra["x"] is not s.extra["x"] and t.enc is not None and t.enc is not e


def test_a_gamblers_bluff_keeps_its_earlier_claims_true() -> None:
    """A card the Gambler keeps face down in a bluff leaves the hands of its claims made
    while it lay face down, never of claims made before it was chosen (when it was an
    ordinary card of the hand): honest games with bluffs pass the audit, among them one
    where a card an earlier claim covered is later kept face down."""
    cfg = engine.Config(4, aliens=("gambler", "?", "?", "?"))
    covered = 0
    for i in range(8):
        seed = game_seed("0", i)
        g = LocalGame(cfg, seed, [RandomBot(seed + bytes([k])) for k in range(4)])
        g.run()
        assert engine.audit_claims(g.state, g.source.truth) == [], i
        kept = [(c.hand[0], c.serial) for c in g.state.claims if c.kind.startswith("facedown:")]
        covered += sum(1 for h, at in kept for c in g.state.claims
                       if c.seat == 0 and c.serial < at - 10 and h in c.hand)
        if covered:
            return
    raise AssertionError("no game kept face down a card an earlier claim covered")
