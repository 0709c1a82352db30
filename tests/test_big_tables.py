"""Big tables (docs/rules.md, Big tables): nine and ten seats shuffle two copies of the
cosmic deck together and keep hands of eight; and no draw loops forever: a cosmic quake
deals only the cards it gathered (round the table when they are fewer than a full hand
each), and a search for an encounter card through new hands ends once no card left to draw
could be one. Random games at 2 to 10 seats end within a bound, keeping the invariants."""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine import cosmic as engine
from bots import RandomBot
from engine.cosmic import cards as C
from engine.cosmic.api import _settle
from engine.cosmic.scenario import ScenarioError, build_position, load_scenario, run_scenario
from engine.cosmic.state import Encounter
from engine.cosmic import zones
from node.local import LocalGame, game_seed
from test_invariants import check_invariants

ROOT = Path(__file__).resolve().parent.parent
COSMIC = Path(sys.executable).with_name("cosmic")  # the installed command
ONE_DECK = Counter(C.CATALOGUE[i].label() for i in C.COSMIC_DECK)  # 72 cards (rules 000)


def _q(labels: list[str]) -> str:
    return "[" + ", ".join(f'"{x}"' for x in labels) + "]"


def _through_setup(seats: int) -> LocalGame:
    """A local game just past its setup: decks shuffled, hands dealt, first player known."""
    g = LocalGame(engine.Config(seats), game_seed("big-tables-setup", seats),
                  [RandomBot(bytes([k])) for k in range(seats)])
    for _ in range(5_000):  # a deal is a few hundred chance answers
        if engine.pending(g.state).step == "start_turn":
            return g
        g.step()
    pytest.fail("the setup never ends")


@pytest.mark.parametrize("seats", range(2, 11))
def test_decks_and_hands_by_table_size(seats: int) -> None:
    """The rule: one deck while a hand of eight for every seat leaves cards to draw (up to
    eight seats: 64 of 72 dealt); two decks at nine and ten seats, every card twice."""
    decks = 1 if 8 * seats < 72 else 2
    assert (seats >= 9) == (decks == 2)
    g = _through_setup(seats)
    s = g.state
    check_invariants(s)
    assert [len(h) for h in s.hands] == [8] * seats
    assert len(s.deck) == 72 * decks - 8 * seats
    faces = [g.source.truth[h] for h in list(s.deck) + [h for hand in s.hands for h in hand]]
    assert len(set(faces)) == len(faces) == 72 * decks  # distinct physical cards
    labels = Counter(C.CATALOGUE[f].label() for f in faces)
    assert labels == Counter({k: v * decks for k, v in ONE_DECK.items()})
    assert C.cosmic_decks(seats) == decks and len(s.config.cosmic_deck) == 72 * decks


def test_a_scenario_at_ten_seats_holds_cards_only_a_second_deck_has() -> None:
    res = run_scenario('''
title = "ten seats: two of each card"
rule = "docs/rules.md, Big tables"
seats = 10
[position]
offense = "red"
hands = { red = ["attack 40", "attack 40", "morph", "morph", "plague", "plague"] }
[[step]]
do = "red proceed"
expect = { "hand.red" = 6, deck = 138 }
''')
    assert res.ok, res.failures
    with pytest.raises(ScenarioError, match="no unused card 'attack 40'"):
        run_scenario('''
title = "eight seats: one deck"
rule = "docs/rules.md, Big tables"
seats = 8
[position]
hands = { red = ["attack 40", "attack 40"] }
[[step]]
do = "red proceed"
expect = { "hand.red" = 2 }
''')


def test_cosmic_quake_at_ten_seats_deals_eight_each_from_both_decks() -> None:
    """Rules 001, Cosmic Quake, at ten seats: 144 cards gathered, eight dealt to each."""
    deck = [C.CATALOGUE[i].label() for i in C.cosmic_deck(10)]
    red = ["reinforcement +2", "reinforcement +3"]
    for label in red:
        deck.remove(label)
    colours = C.COLORS[1:10]
    hands = {c: deck[i::9] for i, c in enumerate(colours)}  # all the other 142 cards
    text = f'''
title = "cosmic quake at ten seats"
rule = "001, Clarifications, Cosmic Quake; docs/rules.md, Big tables"
seats = 10
[position]
offense = "red"
hands = {{ red = {_q(red)}, {", ".join(f"{c} = {_q(h)}" for c, h in hands.items())} }}
[[step]]
do = "red newhand"
expect = {{ "hand.red" = 8, "hand.pink" = 8, "hand.blue" = 8, deck = 64, discard = 0 }}
'''
    res = run_scenario(text)
    assert res.ok, res.failures


def test_quake_shares() -> None:
    assert zones.quake_shares(72, 8) == [8] * 8
    assert zones.quake_shares(64, 8) == [8] * 8
    assert zones.quake_shares(60, 8) == [8, 8, 8, 8, 7, 7, 7, 7]
    assert zones.quake_shares(5, 3) == [2, 2, 1]
    assert zones.quake_shares(0, 4) == [0, 0, 0, 0]
    for total in range(0, 90):
        shares = zones.quake_shares(total, 9)
        assert sum(shares) == min(total, 72) and max(shares) - min(shares) <= 1


def test_a_quake_short_of_cards_deals_them_round_the_table_and_ends() -> None:
    """Eight seats, every card in a hand, twelve of them on the table (an encounter's
    cards): a draw quakes, and the 60 cards gathered cannot give eight to everyone. The
    quake deals them one at a time round the table, so it never runs dry and never starts
    another quake (before: every deal ran dry and quaked again, for ever)."""
    labels = [C.CATALOGUE[i].label() for i in C.COSMIC_DECK]
    hands = {c: labels[i::8] for i, c in enumerate(C.COLORS[:8])}  # all 72, nine each
    sc = load_scenario(f'''
title = "quake short of cards"
rule = "001, Clarifications, Cosmic Quake; docs/rules.md, Big tables"
seats = 8
[position]
offense = "red"
hands = {{ {", ".join(f"{c} = {_q(h)}" for c, h in hands.items())} }}
''')
    s, src = build_position(sc)
    assert not s.deck and not s.discard
    # Twelve cards go to the table: the first four hands put three each into play.
    s.enc = Encounter(0, 1)
    for seat in range(4):
        s.enc.played += s.hands[seat][:3]
        s.set_hand(seat, s.hands[seat][3:])
    check_invariants(s)
    s.stack = s.stack + (("draw", 5, 1),)  # orange must draw a card: nothing to draw
    _settle(s)
    for _ in range(200):  # chance answers only: a quake, its shuffle, its deal
        p = engine.pending(s)
        if p.chance is None:
            break
        s, _ = engine.apply(s, src.answer(p.chance))
        check_invariants(s)
    else:
        pytest.fail("the quake did not end")
    check_invariants(s)
    order = s.timing_order()
    assert [len(s.hands[seat]) for seat in order] == zones.quake_shares(60, 8)
    assert len(s.deck) == 0 and len(s.discard) == 0
    assert engine.pending(s).step == "start_turn"  # the game goes on where it was


ENCOUNTER = [C.CATALOGUE[i].label() for i in C.COSMIC_DECK if C.CATALOGUE[i].is_encounter]


def _no_encounter_left(red: list[str], blue: list[str], yellow: list[str],
                       deck_top: list[str]) -> str:
    """A three-seat position: the hands as given, the deck holding `deck_top` only, and
    every other card face up in the discard pile; no encounter card outside the hands."""
    held = Counter(red + blue + yellow)
    assert all(held[x] >= n for x, n in Counter(ENCOUNTER).items())  # all in hands
    assert not any(x in ENCOUNTER for x in deck_top)
    return f'''
rule = "001, Start Turn Phase; 001, Planning Phase; docs/rules.md, Big tables"
seats = 3
[position]
offense = "red"
hands = {{ red = {_q(red)}, blue = {_q(blue)}, yellow = {_q(yellow)} }}
deck = {_q(deck_top)}
deck_rest = "discard"
destiny = ["blue"]
'''


def test_start_turn_ends_when_no_card_left_to_draw_is_an_encounter_card() -> None:
    """Red has no encounter card and every one is in another hand: a new hand draws the
    deck's one card and then the discards, none of them an encounter card. From then on
    a new hand is refused and red says it has none: its turn ends (before: new hands for
    ever)."""
    head = _no_encounter_left(["reinforcement +2", "card zap"], ENCOUNTER[::2],
                              ENCOUNTER[1::2], ["reinforcement +5"])
    res = run_scenario('title = "no encounter card left to draw"' + head + '''
[[step]]
do = "red newhand"
expect = { "hand.red" = 8, deck = 9, discard = 0, "legal.red" = 1 }
[[step]]
do = "red newhand"
error = "no card left to draw is an encounter card"
[[step]]
do = "red noencounter"
expect = { offense = "blue", turn = 2, "hand.red" = 8, claims = 1 }
''')
    assert res.ok, res.failures
    assert engine.audit_claims(res.state, res.source.truth) == []  # red told the truth


def test_a_new_hand_is_still_drawn_while_an_encounter_card_may_come() -> None:
    """The deck's hidden card is an encounter card: red may not give up."""
    labels = [C.CATALOGUE[i].label() for i in C.COSMIC_DECK]
    res = run_scenario(f'''
title = "an encounter card may come"
rule = "001, Start Turn Phase; docs/rules.md, Big tables"
seats = 3
[position]
offense = "red"
hands = {{ red = ["reinforcement +2"], blue = {_q(labels[:30])} }}
[[step]]
do = "red noencounter"
error = "an encounter card may still be drawn"
[[step]]
do = "red newhand"
expect = {{ "hand.red" = 8 }}
''')
    assert res.ok, res.failures


def test_a_defense_with_no_encounter_card_to_draw_calls_the_encounter_off() -> None:
    """Blue, the defense, holds no encounter card and none is left to draw: blue says so
    and the encounter is called off, the ships going home, as when the offense has none."""
    yellow = list(ENCOUNTER)
    yellow.remove("attack 40")
    head = _no_encounter_left(["attack 40"], ["plague", "quash"], yellow, [])
    res = run_scenario('title = "the defense has no encounter card to draw"' + head + '''
[[step]]
do = ["red proceed", "red launch blue.1 red.1:2", "red invite none", "blue invite none",
      "red select @attack40", "blue newhand"]
error = "no card left to draw is an encounter card"
[[step]]
do = "blue noencounter"
expect = { result = "aborted", offense = "blue", "gate.red" = 0, "ships.red.1.red" = 4 }
''')
    assert res.ok, res.failures
    assert engine.audit_claims(res.state, res.source.truth) == []


MAX_ACTIONS = 20_000  # a 60-turn game of ten seats takes a few thousand


@pytest.mark.parametrize("seats", [2, 6, 8, 9, 10])
def test_random_games_end_and_keep_the_invariants(seats: int) -> None:
    """Random-bot games, invariants after every action; each ends (a winner, or the turn
    limit) within a bounded number of actions."""
    for i in range(2):
        seed = game_seed("big-tables", seats * 10 + i)
        g = LocalGame(engine.Config(seats, max_turns=60), seed,
                      [RandomBot(seed + bytes([k])) for k in range(seats)])
        check_invariants(g.state)
        while g.state.outcome is None:
            assert len(g.actions) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
            g.step()
            check_invariants(g.state)
        out = g.state.outcome
        assert out.reason in ("colonies", "turn_limit")
        if out.reason == "colonies":
            assert out.winners and all(g.state.foreign_colonies(w) >= 5 for w in out.winners)
        else:
            assert g.state.turns == 60


def _cosmic(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(COSMIC), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_cosmic_simulate_plays_nine_and_ten_seats_to_the_end() -> None:
    """What a user runs: `cosmic simulate --players 9|10 --json` finishes every game with
    winners (or at the turn limit asked for), the same way twice from the same seed."""
    for players in (9, 10):
        args = ["simulate", "--players", str(players), "--games", "2", "--seed", "big",
                "--max-turns", "40", "--json"]
        r = _cosmic(*args)
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert len(out["games"]) == 2
        for g in out["games"]:
            assert g["reason"] in ("colonies", "turn_limit"), g
            assert (g["reason"] == "colonies") == bool(g["winners"]), g
            assert g["turns"] <= 40 and g["actions"] > 0
            assert set(g["winners"]) <= set(C.COLORS[:players])
        assert _cosmic(*args).stdout == r.stdout  # same seed, same games
    r = _cosmic("simulate", "--players", "10", "--games", "1", "--seed", "2", "--max-turns", "30")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("game 1: ") and "turns" in r.stdout and "pink" in r.stdout


@pytest.mark.parametrize("command", ["demo", "host", "play", "simulate"])
def test_every_players_help_states_two_to_ten(command: str) -> None:
    r = _cosmic(command, "--help")
    assert r.returncode == 0, r.stderr
    text = " ".join(r.stdout.split())  # argparse wraps long help lines
    assert "--players PLAYERS" in text
    after = text.split("--players PLAYERS", 2)[-1]
    assert "2 to 10" in after.split("--", 1)[0], after[:120]


@pytest.mark.parametrize("seats", [5, 10])
def test_who_is_asked_counts_only_the_copies_a_table_plays_with(seats: int) -> None:
    """Asking depends on public information: once every Mobius Tubes this game holds is in
    the discard pile, none can be in a hand, and the offense is no longer asked at the
    start window for one. A table of 5 plays one deck (the twin deck's copies are not in
    its game), a table of 10 both, so there one deck's copies leave two unaccounted for."""
    from engine.cosmic.windows import CARD_EFFECTS, eligible, may_be_hidden
    s = engine.new_game(engine.Config(seats))
    s.offense = 0
    mobius = next(e for e in CARD_EFFECTS if e.name == "mobius_tubes")
    plague = next(e for e in CARD_EFFECTS if e.name == "plague")
    assert may_be_hidden(s, mobius) and may_be_hidden(s, plague)
    first_deck = [c for c in C.COSMIC_DECK if C.CATALOGUE[c].kind == "artifact"
                  and C.CATALOGUE[c].name in ("mobius_tubes", "plague")]
    handles = s.new_handles(len(first_deck))
    s.discard = handles
    for h, face in zip(handles, first_deck):
        s.own_faces()[h] = face
    s.set_hand(0, s.new_handles(3))  # the offense holds cards it might play
    assert may_be_hidden(s, mobius) == (seats == 10)
    assert may_be_hidden(s, plague) == (seats == 10)
    assert (0 in eligible(s, "start")) == (seats == 10)
