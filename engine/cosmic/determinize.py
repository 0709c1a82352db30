"""Determinization: one full deal consistent with what a single seat knows.

For search bots (bots/search.py). Given the public state, one seat's `Knowledge` and a
seed, it returns a seeded local card source (engine.local) whose truth gives a face to
every card hidden from that seat, so the game can be played on from there as if the deal
were true.

Invariants:
- It reads the public state and the observer's knowledge, nothing else: a face hidden
  from the observer can only come from the pool of cards not seen elsewhere (the game's
  cards minus every face that is public or known to the observer), never from the real
  deal, which it is not given.
- The randomness is an input: the seed, through the documented hash-based `Stream`; the
  same state, knowledge and seed give the same deal, bit for bit.
- The sampled deal is consistent with the public record where it matters for play: a
  seat with a card face down holds an encounter card there, and each seat knows the
  faces of its own hand (and only those, besides the observer's knowledge).

Interpretation: claims on hidden hands other than a face-down card (a seat said it held
no card of some kind) are not used to narrow the deal; the sampled hands may break them,
which only makes the search a little less well informed. With the advanced setup the
flares that went into the cosmic deck are partly unknown; the deal takes as many of the
possible flares as the deck holds hidden cards, at random.
"""

from __future__ import annotations

from collections import Counter

from . import cards as C
from .flares import ADVANCED_SET, deck_flares
from .local import LocalSource, Stream
from .state import GameState, Knowledge

__all__ = ["Undeterminable", "determinize", "cosmic_zones", "destiny_zones"]


class Undeterminable(ValueError):
    """The position has hidden cards this module does not know how to deal (the setup, a
    shuffle under way); a bot falls back to a simpler policy there."""


def cosmic_zones(s: GameState) -> list[int]:
    """Every handle of the cosmic deck's cards, in zone order (deck, discard, hands, cards
    in play, cards resolving, cards a power set aside)."""
    zones = list(s.deck) + list(s.discard) + [h for hand in s.hands for h in hand]
    if s.enc is not None:
        zones += list(s.enc.played)
    zones += [st[2] for st in s.stack if st[0] == "resolve_card"]
    zones += [h for _, h in s.extra.get("aside", ())]
    return zones


def destiny_zones(s: GameState) -> list[int]:
    """Every handle of the destiny deck's cards."""
    zones = list(s.destiny_deck) + list(s.destiny_discard)
    zones += [h for _, h in s.extra.get("destiny_held", ())]
    if s.enc is not None and s.enc.destiny >= 0:
        zones.append(s.enc.destiny)
    return zones


def _cosmic_universe(s: GameState) -> list[int]:
    cfg = s.config
    if cfg.flares is True:
        return list(cfg.cosmic_deck) + sorted(C.flare_id(n) for n in ADVANCED_SET)
    return list(cfg.cosmic_deck) + list(deck_flares(cfg))


def _deal(s: GameState, kn: Knowledge, zones: list[int], universe: list[int],
          stream: Stream, truth: dict[int, int]) -> list[int]:
    """Give a face to each handle of `zones` hidden from the observer, from the pool of
    `universe` faces not seen elsewhere; returns the hidden handles."""
    pool = Counter(universe)
    hidden = []
    for h in zones:
        f = s.faces.get(h, kn.faces.get(h))
        if f is None:
            hidden.append(h)
            continue
        if pool[f] <= 0:
            raise Undeterminable(f"card {f} is seen twice")
        pool[f] -= 1
        truth[h] = f
    faces = sorted(pool.elements())
    if len(faces) < len(hidden):
        raise Undeterminable(f"{len(hidden)} hidden cards but {len(faces)} unseen faces")
    perm = stream.permutation(len(faces))
    for h, k in zip(hidden, perm):
        truth[h] = faces[k]
    return hidden


def determinize(state: GameState, kn: Knowledge, seed: bytes) -> LocalSource:
    """A local card source holding one deal consistent with `kn` (the observer's
    knowledge), for playing on from `state`; raises Undeterminable where the hidden
    cards cannot be dealt (the setup, or a shuffle waiting on the stack)."""
    s = state
    if s.offense < 0 or any(k in s.extra for k in ("flare_deck", "flare_hands")):
        raise Undeterminable("the setup is under way")
    if any(st[0] in ("shuffle", "hand_shuffle") for st in s.stack):
        raise Undeterminable("a shuffle is under way")
    stream = Stream(seed, "determinize")
    truth: dict[int, int] = {}
    hidden = _deal(s, kn, cosmic_zones(s), _cosmic_universe(s), stream, truth)
    _deal(s, kn, destiny_zones(s), list(C.destiny_cards(s.config.colors)), stream, truth)
    src = LocalSource(seed, s.n)
    src.truth = truth
    for seat in range(s.n):
        if seat == kn.seat:
            mine = src.knowledge[seat]
            mine.faces = dict(kn.faces)
            mine.selected = kn.selected
            continue
        src.knowledge[seat].faces = {h: truth[h] for h in s.hands[seat] if h in truth}
    _face_down(s, kn, stream, src, hidden)
    return src


def _face_down(s: GameState, kn: Knowledge, stream: Stream, src: LocalSource,
               hidden: list[int]) -> None:
    """Each other main player with a card face down gets one: an encounter card of its
    hand, swapping an unseen encounter face in from another hidden card if the sampled
    hand has none."""
    e = s.enc
    if e is None:
        return
    for seat in e.selected:
        if seat == kn.seat or seat not in (e.offense, e.defense):
            continue
        side = 0 if seat == e.offense else 1
        if e.cards[side] >= 0 or not s.hands[seat]:
            continue
        hand = s.hands[seat]
        truth = src.truth
        fits = [h for h in hand if h in truth and C.CATALOGUE[truth[h]].is_encounter]
        if not fits:
            mine = [h for h in hand if h in hidden]
            donors = [h for h in hidden if h not in hand
                      and C.CATALOGUE[truth[h]].is_encounter]
            if not mine or not donors:
                continue  # nothing consistent to give: the seat reveals what it can
            a, b = mine[stream.below(len(mine))], donors[stream.below(len(donors))]
            truth[a], truth[b] = truth[b], truth[a]
            for other in range(s.n):  # the swap moved faces a seat may hold
                kn_o = src.knowledge[other]
                for h in (a, b):
                    if h in s.hands[other] and other != kn.seat:
                        kn_o.faces[h] = truth[h]
            fits = [a]
        src.knowledge[seat].selected = fits[stream.below(len(fits))]
