"""The search bot (bots/search.py) and the determinizations it searches over
(engine/determinize.py).

- A determinization keeps every face the observer may see, deals the hidden handles
  exactly the cards nobody has seen (the game's cards are all there, once each), and
  gives each other main player with a card face down an encounter card in its hand.
- It depends on the public state, the observer's knowledge and the seed alone: two true
  deals that differ in the other seats' hidden cards, with identical knowledge for the
  bot, give the same determinization and the same decision for the same bot seed.
- In whole games with random aliens the bot only ever returns legal actions (the local
  game refuses anything else) and a face-down card from its encounter cards.
"""

from __future__ import annotations

import copy
from collections import Counter

from engine import cosmic as engine
from bots import HeuristicBot, SearchBot
from bots.search import _moves
from engine.cosmic import cards as C
from engine.cosmic.determinize import (
    Undeterminable, _cosmic_universe, cosmic_zones, destiny_zones, determinize,
)
from node.local import LocalGame, game_seed


def _positions(seats: int, games: int, every: int, label: str,  # type: ignore[no-untyped-def]
               turns: int = 12, **options):
    """(state, true source) at every `every`-th decision of heuristic games with random
    aliens (or the options given), past the setup."""
    for i in range(games):
        seed = game_seed(label, i)
        config = engine.Config(seats, **(options or {"aliens": ("?",) * seats}),
                               max_turns=turns)
        g = LocalGame(config, seed, [HeuristicBot(seed + bytes([k])) for k in range(seats)])
        k = 0
        while g.state.outcome is None:
            p = engine.pending(g.state)
            if p.chance is None and g.state.offense >= 0:
                k += 1
                if k % every == 0:
                    yield g.state, g.source
            g.step()


def _check_deal(s: engine.GameState, kn: engine.Knowledge, src) -> None:  # type: ignore[no-untyped-def]
    truth = src.truth
    zones = cosmic_zones(s)
    for h in zones + destiny_zones(s):
        seen = s.faces.get(h, kn.faces.get(h))
        if seen is not None:
            assert truth[h] == seen, f"handle {h}: a seen face was changed"
    if s.config.flares is not True:
        assert Counter(truth[h] for h in zones) == Counter(_cosmic_universe(s))
    assert sorted(truth[h] for h in destiny_zones(s)) == sorted(
        C.destiny_cards(s.config.colors))
    e = s.enc
    for seat in range(s.n):
        if seat == kn.seat:
            continue
        mine = src.knowledge[seat]
        assert all(mine.faces[h] == truth[h] for h in s.hands[seat])
        if e is not None and seat in e.selected and seat in (e.offense, e.defense) \
                and e.cards[0 if seat == e.offense else 1] < 0 and s.hands[seat]:
            assert mine.selected in s.hands[seat]
            assert C.CATALOGUE[truth[mine.selected]].is_encounter


def test_determinizations_keep_what_is_seen_and_deal_the_unseen() -> None:
    checked = differ = 0
    for s, true_src in _positions(5, 4, 7, "determinize"):
        seat = engine.pending(s).seats[0]
        kn = true_src.knowledge[seat]
        try:
            a = determinize(s, kn, b"one")
        except Undeterminable:
            continue
        b = determinize(s, kn, b"two")
        _check_deal(s, kn, a)
        _check_deal(s, kn, b)
        assert a.truth == determinize(s, kn, b"one").truth  # the seed decides, nothing else
        others = [h for o in range(s.n) if o != seat for h in s.hands[o]]
        differ += any(a.truth[h] != b.truth[h] for h in others)
        checked += 1
    assert checked >= 20 and differ >= checked // 2, (checked, differ)


def test_determinizations_with_flares_artifacts_and_two_decks() -> None:
    """The advanced setup (flares in the deck, partly unknown), the classic artifacts and
    a ten-seat table (two cosmic decks) deal consistently too."""
    for seats, options in ((5, {"flares": True}),
                           (4, {"aliens": ("?",) * 4, "classic_artifacts": True}),
                           (10, {"aliens": ("?",) * 10})):
        checked = 0
        for s, true_src in _positions(seats, 1, 9, f"variants-{seats}", 4, **options):
            seat = engine.pending(s).seats[0]
            try:
                _check_deal(s, true_src.knowledge[seat],
                            determinize(s, true_src.knowledge[seat], b"v"))
            except Undeterminable:
                continue
            checked += 1
        assert checked >= 5, (seats, options, checked)


def _other_deal(s: engine.GameState, true_src, seat: int):  # type: ignore[no-untyped-def]
    """A second true world for the same public state: the card source of a deal that
    agrees with everything `seat` knows but differs in the others' hidden cards."""
    for k in range(20):
        world = determinize(s, true_src.knowledge[seat], b"world" + bytes([k]))
        others = [h for o in range(s.n) if o != seat for h in s.hands[o]]
        if any(world.truth[h] != true_src.truth[h] for h in others):
            return world
    return None  # the others' cards are all known to `seat` here (or it sees them all)


def test_same_knowledge_other_hidden_cards_same_decision() -> None:
    compared = 0
    for s, true_src in _positions(4, 3, 5, "same-knowledge"):
        seat = engine.pending(s).seats[0]
        kn = true_src.knowledge[seat]
        if len(_moves(s, seat, kn, engine.legal_actions(s, seat, kn))) < 2:
            continue
        try:
            world = _other_deal(s, true_src, seat)
        except Undeterminable:
            continue
        if world is None:
            continue
        choices = []
        for src in (true_src, world):
            controllers = [HeuristicBot(bytes([k])) for k in range(s.n)]
            controllers[seat] = SearchBot(b"same bot", iterations=3)
            g = LocalGame(s.config, b"unused", controllers)
            g.state, g.source = s, copy.deepcopy(src)
            action = g.next_action()
            choices.append((action, g.source.knowledge[seat].selected))
        assert choices[0] == choices[1]
        compared += 1
        if compared >= 6:
            break
    assert compared >= 6


def test_search_bot_plays_whole_games_legally() -> None:
    searched = 0
    for i in range(2):
        seed = game_seed("search-legal", i)
        config = engine.Config(4, aliens=("?",) * 4, max_turns=6)
        bots = [HeuristicBot(seed + bytes([k])) for k in range(4)]
        bot = bots[i] = SearchBot(seed, iterations=2)
        g = LocalGame(config, seed, bots)
        while g.state.outcome is None:
            p = engine.pending(g.state)
            if p.chance is None and p.seats[0] == i:
                kn = g.source.knowledge[i]
                legal = engine.legal_actions(g.state, i, kn)
                action = g.next_action()
                assert action in legal
                if isinstance(action, engine.Select):
                    assert kn.selected in engine.encounter_card_options(g.state, i, kn)
                g.step(action)  # the engine and the local game refuse anything illegal
            else:
                g.step()
        searched += bot.decisions
    assert searched > 10
