"""Chaos: when in the encounter, shuffles two of these together: the hand of a player in
the encounter, another such hand, the deck, the discard pile; a hand shuffled gets back as
many cards as it had.

Text followed: rules 004 (classic), in 2008 terms. Choices:
- "In the encounter" is a main player or an ally, and "a player in the encounter" is
  one of those too (the Chaos included). The use is offered at the planning window
  (after alliances, before the cards go face down, so no face-down card is ever mixed
  in), once per encounter: `power 0 A B`, A and B two different sources among those
  hands (by seat), the deck (-1) and the discard pile (-2), each with a card in it.
- Every mix is the card source's `shuffle` chance with the hidden cards carried in
  (`carry`): every seat shuffles in turn in networked play, so nobody, the Chaos
  included, knows where any card went. New handles replace the old ones at once.
  * two hands: each gets back as many of the mixed cards as it had, opened to it alone
    (`deliver`);
  * a hand and the deck: the mix is the new deck; the hand gets its count from the top
    (opened to it alone); this is no draw (a Collector does not draw on);
  * a hand and the discard pile: the hand gets its count at random (opened to it alone);
    the rest is the new discard pile, face up (`reveal_cards`), as the pile always is;
  * the deck and the discard pile: a new deck of both, the discard pile empty.
- Cards held for someone else (the Demon's) stay out of the mix.
"""

from __future__ import annotations

from .. import cards as C
from ..powers import Alien, Option, held_for_others, register
from ..state import GameState
from ..steps import emit, push
from ..zones import DRY_DECK
from ._util import has, is_main_or_ally, set_flag

NAME = "chaos"
DECK, DISCARD = -1, -2


def _own(s: GameState, seat: int) -> tuple[int, ...]:
    keep = held_for_others(s, seat)
    return tuple(h for h in s.hands[seat] if h not in keep)


def _sources(s: GameState) -> list[int]:
    e = s.enc
    assert e is not None
    involved = {e.offense, e.defense, *e.allies[0], *e.allies[1]}
    out = [x for x in s.timing_order() if x in involved and _own(s, x)]
    return out + ([DECK] if s.deck else []) + ([DISCARD] if s.discard else [])


def _options(s: GameState, seat: int, window: str) -> list[Option]:
    if window != "planning" or not is_main_or_ally(s, seat) or has(s, NAME, seat):
        return []
    src = _sources(s)
    return [(0, (a, b)) for i, a in enumerate(src) for b in src[i + 1:]]


def _take_hand(s: GameState, seat: int) -> tuple[int, ...]:
    """Take a hand's own cards out (their handles go away in the mix)."""
    old = _own(s, seat)
    s.set_hand(seat, tuple(h for h in s.hands[seat] if h not in old))
    for h in old:
        s.own_faces().pop(h, None)
    return old


def _use(s: GameState, seat: int, option: int, args: tuple[int, ...]) -> None:
    set_flag(s, NAME, seat)
    a, b = args
    if a not in _sources(s) or b not in _sources(s):
        return  # a source emptied since the use was chosen: nothing to mix
    emit(s, "chaos", seat, a, b)
    if b == DISCARD and a == DECK:
        faces = [s.own_faces().pop(h) for h in s.discard]
        carry = s.deck
        keep_dry = DRY_DECK in s.extra and not any(C.CATALOGUE[f].is_encounter for f in faces)
        s.discard = ()
        s.deck = s.new_handles(len(faces) + len(carry))
        if not keep_dry:
            s.extra.pop(DRY_DECK, None)
        push(s, ("shuffle", "cosmic", tuple(sorted(faces)), s.deck, carry))
        return
    old = _take_hand(s, a)
    if b >= 0:  # two hands
        other = _take_hand(s, b)
        new = s.new_handles(len(old) + len(other))
        s.set_hand(a, s.hands[a] + new[:len(old)])
        s.set_hand(b, s.hands[b] + new[len(old):])
        push(s, ("shuffle", NAME, (), new, old + other),
             ("deliver", a, new[:len(old)]), ("deliver", b, new[len(old):]))
    elif b == DECK:
        carry = s.deck + old
        new = s.new_handles(len(carry))
        got = tuple(reversed(new[-len(old):]))  # the top of the new deck
        s.deck = new[:-len(old)]
        s.extra.pop(DRY_DECK, None)  # hidden cards went in: it may hold anything now
        s.set_hand(a, s.hands[a] + got)
        push(s, ("shuffle", "cosmic", (), new, carry), ("deliver", a, got))
    else:  # a hand and the discard pile
        faces = [s.own_faces().pop(h) for h in s.discard]
        new = s.new_handles(len(faces) + len(old))
        s.discard = new[len(old):]
        s.set_hand(a, s.hands[a] + new[:len(old)])
        push(s, ("shuffle", NAME, tuple(sorted(faces)), new, old),
             ("deliver", a, new[:len(old)]), ("reveal_cards", new[len(old):]))


ALIEN = register(Alien(
    name=NAME, lamp="yellow", summary="Shuffles two hands, or a hand and a pile, together",
    roles=("main", "ally"), phases=("planning",), mandatory=False,
    source="rules 004 (classic)", windows=("planning",), options=_options, use=_use,
))
