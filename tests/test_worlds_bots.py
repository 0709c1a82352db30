"""The worlds heuristic bot's race powers: judged by a one-step lookahead on the public
state (bots/worlds_look.py), used when they help the seat and left alone when they hurt
it, the old bot (`powers=False`) shown to differ where it ignored them. Positions are
built by the scenario reader; the bot sees only its seat's knowledge."""

from __future__ import annotations

import copy

from bots.worlds import HeuristicWorldsBot, play_game
from bots.worlds_look import look, position_value
from engine import worlds as W
from engine.worlds.scenario import build_position, load_scenario

from _worlds_games import won_on_worlds


def _position(body: str, seats: int = 2) -> tuple[W.GameState, object]:
    sc = load_scenario(f'game = "worlds"\ntitle = "t"\nrule = "003"\nseats = {seats}\n'
                       f"[position]\n{body}")
    s, src = build_position(sc)
    s = _settle(s, src)
    return s, src


def _settle(s: W.GameState, src: object) -> W.GameState:
    from engine.worlds.scenario import _settle as settle
    return settle(s, src)  # type: ignore[arg-type]


def _choose(s: W.GameState, src: object, seat: int, powers: bool = True) -> W.Action:
    kn = src.knowledge[seat]  # type: ignore[attr-defined]
    return HeuristicWorldsBot(b"t", powers=powers).choose(s, seat, kn)


def test_breeders_card_for_two_tokens_is_taken_by_the_new_bot_only() -> None:
    for theirs in ('"force 15"', '"force 1", "revolution"'):  # the hidden hand of seat 1
        s, src = _position('active = 0\nnatives = { A = "breeders", B = "plebs" }\n'
                           'control = { A = 0, B = 1 }\n'
                           'tokens = { A = { 0 = 1 }, B = { 1 = 2 } }\n'
                           f'hands = {{ 0 = ["force 5"], 1 = [{theirs}] }}\n')
        assert W.pending(s).step == "opportunity"
        a = _choose(s, src, 0)
        assert isinstance(a, W.Power) and W.RACES[a.race].key == "breeders", a
        assert isinstance(_choose(s, src, 0, powers=False), W.Done)


def test_propagandists_win_over_a_token_where_it_takes_the_world() -> None:
    s, src = _position('active = 0\nnatives = { A = "propagandists", B = "plebs" }\n'
                       'control = { A = 1 }\n'
                       'tokens = { A = { 0 = ["A"], 1 = ["B", "B"] } }\n')
    a = _choose(s, src, 0)
    assert a == W.Power(0, W.race_id("propagandists"), (0, 1, 1)), a
    s2, _ = W.apply(s, a)
    assert s2.count(0, 0) == 2 and s2.count(0, 1) == 1
    assert isinstance(_choose(s, src, 0, powers=False), W.Done)


def test_foundation_never_gives_a_card_away() -> None:
    s, src = _position('active = 0\nnatives = { A = "foundation" }\ncontrol = { A = 0 }\n'
                       'tokens = { A = { 0 = 2 } }\n'
                       'hands = { 0 = ["force 5", "force 9"], 1 = ["force 7"] }\n')
    options = W.legal_actions(s, 0, src.knowledge[0])  # type: ignore[attr-defined]
    assert any(isinstance(o, W.Power) for o in options)
    assert not isinstance(_choose(s, src, 0), W.Power)


def test_repulsors_send_an_arriving_token_back_in_the_movers_migration() -> None:
    s, src = _position('active = 0\nnatives = { A = "plebs", B = "repulsors" }\n'
                       'control = { A = 0, B = 1 }\n'
                       'tokens = { A = { 0 = 3 }, B = { 1 = ["B", "B"] } }\n')
    for text in ("done", "done", "move A B A 2"):  # opportunity, fate, then the move
        s, _ = W.apply(s, W.parse_action(text, 0))
        s = _settle(s, src)
    assert W.pending(s).step == "repel"
    a = _choose(s, src, 1)
    assert isinstance(a, W.Power) and W.RACES[a.race].key == "repulsors", a
    assert isinstance(_choose(s, src, 1, powers=False), W.Decline)


def test_the_lookahead_changes_neither_the_state_nor_the_seat_knowledge() -> None:
    s, src = _position('active = 0\nnatives = { A = "breeders", B = "assassins" }\n'
                       'control = { A = 0, B = 0 }\n'
                       'tokens = { A = { 0 = 1, 1 = 1 }, B = { 0 = 1 } }\n'
                       'hands = { 0 = ["force 5"], 1 = ["force 9"] }\n')
    kn = src.knowledge[0]  # type: ignore[attr-defined]
    before, known = W.public_hash(s), copy.deepcopy(kn)
    now = position_value(s, 0, kn)
    gains = [look(s, 0, kn, a) - now for a in W.legal_actions(s, 0, kn)
             if isinstance(a, W.Power)]
    assert len(gains) >= 2 and max(gains) > 0
    assert W.public_hash(s) == before
    assert (kn.faces, kn.selected, kn.hidden) == (known.faces, known.selected, known.hidden)


def test_new_bot_games_end_with_a_winner_and_use_opportunity_powers() -> None:
    """4-seat games of the new bot against three old ones, seeds played until two are won
    on worlds (at most four: about 2% of such games reach the 400-turn limit,
    bench/worlds_bots.py): every action legal (play_game applies them), and the new seat
    uses race powers outside the conflict's opening window."""
    used = won = 0

    class Counting(HeuristicWorldsBot):
        def choose(self, state: W.GameState, seat: int, kn: W.Knowledge) -> W.Action:
            nonlocal used
            a = super().choose(state, seat, kn)
            if isinstance(a, W.Power) and state.step()[0] != "open":
                used += 1
            return a

    for i in range(4):
        seed = b"newold%d" % i
        bots: list = [Counting(seed)] + [HeuristicWorldsBot(seed + bytes([p]), powers=False)
                                         for p in range(1, 4)]
        s, _, _ = play_game(seed, 4, bots, max_turns=400)
        won += won_on_worlds(s)
        if won == 2:
            break
    assert won == 2 and used > 0, (won, used)
