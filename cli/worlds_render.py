"""Words for the map game (worlds): its events and its board, as plain text.

The board is the 10 x 10 map: each world shows its letter, the initial of the colour
controlling it (lower case: nobody) and the tokens on it; empty squares are dots. Below
it, one line a player: worlds controlled, tokens on the map, cards in hand (a count:
hands are hidden). Only public facts are read, but for the player's own lines
(`player_lines`: the seat's hand with the faces its knowledge holds, its face-down force
card, its stacks by origin) and the conflict under way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.worlds.actions import world_name
from engine.worlds.data import CARDS, RACES
from engine.worlds.state import GRID, MOVES, WORLDS, GameState

from .worlds_action_words import card_name
from .worlds_words import power_words, the_race
from .you_words import Voice

__all__ = ["board_text", "describe_event", "summary", "player_lines", "conflict_line",
           "natives_line", "card_label"]


def _many(n: int, noun: str) -> str:
    """'1 card', '2 cards', '0 cards'."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _colour(s: GameState, seat: int) -> str:
    colours = s.config.colors
    return colours[seat] if 0 <= seat < len(colours) else f"seat {seat}"


def _race(r: int) -> str:
    return RACES[r].name if 0 <= r < len(RACES) else "an unknown race"


def board_text(s: GameState, kn: Any = None) -> str:
    """The map and each player's line; with a seat's knowledge `kn`, also the worlds'
    races, the conflict under way and that seat's own lines (player_lines)."""
    cell: dict[int, str] = {}
    for w in range(WORLDS):
        if s.pos[w] < 0:
            continue
        owner = s.control[w]
        mark = _colour(s, owner)[0].upper() if owner >= 0 else "."
        tokens = sum(len(s.tokens(w, p)) for p in range(s.n))
        cell[s.pos[w]] = f"{world_name(w)}{mark}{tokens:<2}"
    for square, (mark, tokens) in _deep_space(s).items():
        cell[square] = f"~{mark}{tokens:<2}"
    rows = ["    " + "".join(f"{x:<5}" for x in range(GRID))]
    for y in range(GRID):
        rows.append(f"{y:>2}  " + "".join(f"{cell.get(x * GRID + y, '.'):<5}"
                                           for x in range(GRID)))
    for seat in range(s.n):
        worlds = sum(1 for w in range(WORLDS) if s.control[w] == seat)
        tokens = sum(len(s.tokens(w, seat)) for w in range(WORLDS))
        space = sum(len(s.tokens(p, seat)) for p in s.space_stacks(seat))
        rows.append(f"{_colour(s, seat):>7}: {_many(worlds, 'world')}, "
                    f"{_many(tokens, 'token')}, {_many(len(s.hands[seat]), 'card')}"
                    + (f", {space} in deep space" if space else ""))
    if s.space:
        rows.append("   ~: a stack in deep space (a square with no world), its owner's "
                    "initial and its tokens")
    if kn is not None:
        rows.append(natives_line(s))
        conflict = conflict_line(s)
        if conflict:
            rows.append(conflict)
        rows += player_lines(s, kn)
    return "\n".join(rows)


def _deep_space(s: GameState) -> dict[int, tuple[str, int]]:
    """Each deep-space square with tokens: (its owner's initial, or * for several
    owners; how many tokens)."""
    out: dict[int, tuple[str, int]] = {}
    for key in sorted(s.space):
        place, seat = divmod(key, s.n)
        square = s.square(place)
        mark, count = out.get(square, ("", 0))
        initial = _colour(s, seat)[0].upper()
        out[square] = (initial if mark in ("", initial) else "*",
                       count + len(s.space[key]))
    return out


def natives_line(s: GameState) -> str:
    """The races of the explored worlds (the others are still unknown), with a Gifted
    world's gifts."""
    known = [f"{world_name(w)} {_race(s.native[w])}"
             + (f" (and {', '.join(_race(s.faces.get(h, -1)) for h in s.gifts[w])})"
                if s.gifts[w] else "")
             for w in range(WORLDS) if s.pos[w] >= 0 and s.native[w] >= 0]
    return "Races: " + (", ".join(known) or "no world explored yet")


def conflict_line(s: GameState) -> str:
    """The conflict under way in words, or "" (public facts: sides, allies, cards shown)."""
    c = s.conf
    if c is None:
        return ""
    def side(i: int) -> str:
        who = _colour(s, c.primary[i]) + "".join(f"+{_colour(s, a)}" for a in c.allies[i])
        shown = [_card(s.faces[h]) + (" doubled" if f"double:{h}" in c.flags else "")
                 for h in c.cards[i] if h in s.faces]
        down = " (a card face down)" if i in c.selected and not c.cards[i] else ""
        force = " (Use the Force: a second card)" if f"force2:{i}" in c.flags else ""
        return who + (f" [{', '.join(shown)}]" if shown else "") + down + force
    return (f"Conflict on {world_name(c.world)}: {side(0)} attacks {side(1)}"
            + (f"; extra force {c.extra[0]} to {c.extra[1]}" if any(c.extra) else ""))


def player_lines(s: GameState, kn: Any) -> list[str]:
    """The seat's own: its hand with the faces it knows (the card it put face down
    marked), and its stacks by the world their tokens were born on."""
    seat = kn.seat
    cards = []
    for h in s.hands[seat]:
        face = kn.faces.get(h, s.faces.get(h))
        label = _card(face) if face is not None else "a card"
        cards.append(label + (" (face down)" if h == kn.selected and s.conf is not None
                              else ""))
    stacks = []
    for w in range(WORLDS):
        codes = s.tokens(w, seat)
        if not codes:
            continue
        by_origin: dict[int, int] = {}
        for code in codes:
            by_origin[code // MOVES] = by_origin.get(code // MOVES, 0) + 1
        born = ",".join(f"{world_name(o)}:{n}" for o, n in sorted(by_origin.items()))
        stacks.append(f"{world_name(w)} {len(codes)} ({born})")
    for place in s.space_stacks(seat):
        x, y = divmod(s.square(place), GRID)
        stacks.append(f"deep space {x},{y} {len(s.tokens(place, seat))}")
    lines = [f"Your hand ({_colour(s, seat)}): " + (", ".join(cards) or "no cards"),
             "Your tokens (world count (born on:count)): " + ("; ".join(stacks) or "none")]
    chits = [_race(kn.faces.get(h, -1)) for h in s.dealt[seat]] if s.dealt else []
    if chits:  # setup: the four race chits dealt, face down to everyone else
        lines.append("Keep one race chit ('info RACE' tells it): " + ", ".join(chits))
    st = s.step()
    if st[0] in ("limit", "throw", "pay", "shed") and st[1] == seat:
        lines.append(_owed(s, st))
    hint = _MOMENTS.get(str(st[0]))
    if hint and s.outcome is None and seat in _asked(s):
        lines.append(hint)
    hidden = getattr(kn, "hidden", None) or {}
    if any(hidden.values()) or s.unseen[seat]:
        page = ", ".join(f"{world_name(w)} {k}" for w, k in sorted(hidden.items()) if k)
        lines.append("Your unseen tokens (your secret page, only you see it): "
                     + (page or "none"))
    return lines


# What a conflict's moment asks of the seat, for a player new to the rules (the status
# line names only the kinds of command).
_MOMENTS = {
    "conflicts": "Attack where you share a world (attack WORLD COLOUR), or done",
    "counter": "Attack the active player where you share a world, or decline",
    "invite": "Invite players here to your side: invite COLOUR,... or none",
    "join": "Invited: ally attacker|defender (the side asking), or decline",
    "open": "Opening: play force1 (call off), force3 WORLD (retreat), done",
    "select": "Put a force card face down: select forceN (both sides at once)",
    "powerup": "Power Up doubles a shown card: play power-up CARD SIDE, or done",
}


def _asked(s: GameState) -> tuple[int, ...]:
    from engine.worlds.api import pending
    return tuple(pending(s).seats)


def _owed(s: GameState, st: tuple[Any, ...]) -> str:
    """What a discard step asks of its seat, in words."""
    from engine.worlds.races import hand_limit
    from engine.worlds.state import HAND_LIMIT
    held = len(s.hands[st[1]])
    if st[0] == "limit":
        limit = hand_limit(s, st[1], HAND_LIMIT)
        return (f"Hand limit {limit}: discard {held - limit} of your {held} (several: "
                "discard force5,force7)")
    if st[0] == "shed":
        return "A race's price for this conflict: discard 1 card of your choice"
    count = st[2]
    return (f"A race's price: discard {'your whole hand' if count < 0 else _many(count, 'card')}"
            + (" (after your fate draw)" if st[0] == "throw" else ""))


def summary(s: GameState) -> dict[str, Any]:
    """Public facts as JSON-able data."""
    return {
        "turn": s.turns, "active": _colour(s, s.active) if s.active >= 0 else None,
        "worlds": {_colour(s, p): sum(1 for w in range(WORLDS) if s.control[w] == p)
                   for p in range(s.n)},
        "natives": {world_name(w): _race(s.native[w]) for w in range(WORLDS)
                    if s.native[w] >= 0},
    }


def card_label(face: int | None) -> str:
    """A card of a hand as a person reads it, wherever they read it (the hand of the
    full screen and of `hand`, every hand in the replays): its spoken name, "force 7",
    "Use the Force"; "a card" when its face is unknown. What a person types keeps the
    command's word (cli/worlds_commands.py card_word: force7, use-the-force)."""
    return "a card" if face is None else _card(face)


def _card(face: int) -> str:
    """A card as people read it ("force 7", "Population Explosion": spaces, never the
    engine's underscores; commands keep their words: cli/worlds_commands.py card_word)."""
    return card_name(face) if 0 <= face < len(CARDS) else f"card {face}"


def describe_event(s: GameState, ev: tuple[Any, ...], viewer: int | None = None) -> str:
    """One event of the engine in words (unknown ones as their raw form), as the person at
    `viewer` reads it: their own seat "you", its verbs agreeing (cli/you_words.py); with no
    viewer (a replay, a spectator) every seat by its colour."""
    kind, args = ev[0], ev[1:]
    v = Voice(s.config.colors, viewer)
    d, its = v.does, v.its

    def c(seat: int) -> str:
        return v.name(seat) if 0 <= seat < len(v.colors) else f"seat {seat}"

    def tok(seat: int) -> str:  # "a blue token", "a token of yours"
        return "a token of yours" if v.you(seat) else f"a {c(seat)} token"

    w = world_name
    words: dict[str, Callable[[], str]] = {
        "ally": lambda: f"{d(args[0], 'allies')} with the "
                        f"{'defender' if args[1] else 'attacker'}",
        "born": lambda: f"{args[2]} new token(s) of {v.owner(args[1])} on {w(args[0])}",
        "called_off": lambda: f"{d(args[0], 'calls')} off the conflict on {w(args[1])}",
        "card_taken": lambda: f"{d(args[0], 'takes')} a card from {c(args[1])}",
        "conflict": lambda: f"conflict on {w(args[0])}: {d(args[1], 'attacks')} {c(args[2])}",
        "control": lambda: f"{d(args[1], 'controls')} {w(args[0])}",
        "discarded": lambda: f"{d(args[0], 'discards')} {args[1]} card(s)",
        "drew": lambda: f"{d(args[0], 'draws')} {args[1]} card(s)",
        "explored": lambda: f"{w(args[0])} is explored: {_race(args[1])} live there",
        "force_card": lambda: f"{d(args[0], 'shows')} {_card(args[1])}",
        "home": lambda: f"{d(args[0], 'makes')} {w(args[1])} {its(args[0])} homeworld",
        "killed": lambda: f"a token of {v.owner(args[1])} on {w(args[0])} is killed",
        "moved": lambda: f"{d(args[0], 'moves')} {args[3]} token(s) from {w(args[1])} to "
                         f"{w(args[2])}",
        "no_force": lambda: f"{d(args[0], 'shows')} no force card",
        "played": lambda: f"{d(args[0], 'plays')} {card_name(args[1])}",
        "power": lambda: f"{d(args[0], 'uses')} the power of {the_race(args[1])}"
                         + (f": {power_words(s, args[1], args[2], None, viewer, args[0])}"
                            if len(args) > 2 else ""),
        "result": lambda: (f"the {'defender' if args[1] else 'attacker'} wins the conflict "
                           f"on {w(args[0])}, {args[2][0]} to {args[2][1]}"),
        "retreat": lambda: f"{d(args[0], 'retreats')} from {w(args[1])} to {w(args[2])}",
        "rolled": lambda: {"place": "dice placing the worlds (two a world): ",
                           "ranked": "dice for the order of choosing homeworlds: "}.get(
            str(args[0]), "dice: ") + ", ".join(map(str, args[1])),
        "supernova": lambda: f"a supernova destroys every token on {w(args[0])}",
        "turn": lambda: f"turn {args[1]}: {c(args[0])}",
        "turn_order": lambda: "turn order: " + ", ".join(c(x) for x in args[0]),
        "setup_order": lambda: "homeworlds are chosen in the order "
                               + ", ".join(c(x) for x in args[0]),
        "map": lambda: "the worlds are placed on the map",
        "born_unseen": lambda: f"{args[2]} unseen token(s) of {v.owner(args[1])} born on "
                               f"{w(args[0])}",
        "card_given": lambda: f"{d(args[0], 'gives')} a card to {c(args[1])}",
        "enslaved": lambda: f"{d(args[1], 'keeps')} {tok(args[2])} born on "
                            f"{w(args[3])} on {w(args[0])}",
        "reanimated": lambda: f"{d(args[1], 'brings')} back {args[2]} fallen token(s) on "
                              f"{w(args[0])}",
        "redirected": lambda: f"{d(args[1], 'turns')} the attack on {w(args[0])} onto "
                              f"{c(args[2])}",
        "refight": lambda: f"the {'defender' if args[1] else 'attacker'} fights again on "
                           f"{w(args[0])} ({args[2][0]} to {args[2][1]})",
        "roles_swapped": lambda: f"on {w(args[0])}, {d(args[2], 'attacks')} and "
                                 f"{d(args[1], 'defends')} now",
        "shown": lambda: f"{d(args[0], 'is')} shown {args[1]} card(s) of a hand",
        "switched": lambda: f"{d(args[1], 'switches')} a Body Snatcher with {tok(args[2])} "
                            f"born on {w(args[3])}",
        "copies": lambda: f"{v.whose(args[0])} {_race(args[2])} on {w(args[1])} copy the "
                          f"power of {the_race(args[3])}",
        "gifted": lambda: f"the Gifted of {w(args[0])} are given the powers of "
                          + " and ".join(the_race(r) for r in args[1]),
        "unveiled": lambda: f"{d(args[0], 'brings')} {args[2]} unseen token(s) into view on "
                            f"{w(args[1])}",
    }
    try:
        return words[kind]() if kind in words else " ".join(map(str, ev))
    except (IndexError, TypeError):
        return " ".join(map(str, ev))
