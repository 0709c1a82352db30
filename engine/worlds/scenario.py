"""Worlds scenarios: a small TOML file that sets up a position at the start of a turn,
plays commands and states what must hold (the format of cosmic's scenarios, with worlds'
own position keys and commands; docs/worlds-rules.md, Scenarios). Pure: text in, results
out.

Invariants: the position is built as the engine would have it (every card a handle whose
face only the card source and its holder know; the race pile's chits hidden); chance is
answered by a LocalSource that knows every face, and dice from the scenario's `dice`
list (an error when it runs out). Commands name a seat and an action in the short text
form (`0 move A B A 2`), with `@name` for a card of that seat's hand (`@force5`,
`@revolution`) and `0 select @force5` / `0 select none` for the face-down choice. A
waiting window of another seat is passed (Done, Decline, an empty Invite) until the
command's seat may act; a step whose `error` is set expects its last command refused.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

from .actions import (
    SOURCE, Action, Conceal, Decline, Done, Invite, Play, Reveal, Rolled, Second, Select,
    format_action,
    parse_action, world_index,
)
from .api import _settle as _run_auto  # the scenario builds a state and settles it as new_game does
from .api import apply, legal_actions, pending
from .conflict import totals
from .data import CARDS, RACE_KEYS, card
from ..errors import EngineError, IllegalAction
from .local import LocalSource
from .state import GRID, MOVES, WORLDS, Config, GameState, space_place
from .steps import Chance, push

__all__ = ["Scenario", "ScenarioError", "ScenarioResult", "load_scenario", "run_scenario"]


class ScenarioError(Exception):
    """The scenario file itself is wrong (not the game it describes)."""


@dataclass
class Scenario:
    title: str
    rule: str
    config: Config
    position: dict[str, Any]
    steps: list[dict[str, Any]]


@dataclass
class ScenarioResult:
    title: str
    state: GameState
    failures: list[str] = field(default_factory=list)
    checks: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures


def load_scenario(text: str) -> Scenario:
    """Parse scenario TOML text; raises ScenarioError naming the problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"not valid TOML: {exc}") from None
    known = {"game", "title", "rule", "seats", "position", "step"}
    extra = sorted(set(data) - known)
    if extra:
        raise ScenarioError(f"unknown keys {extra}; expected some of {sorted(known)}")
    if data.get("game", "worlds") != "worlds":
        raise ScenarioError(f"game {data['game']!r}: this reader plays worlds scenarios")
    try:
        config = Config(int(data.get("seats", 2)))
    except ValueError as exc:
        raise ScenarioError(str(exc)) from None
    return Scenario(str(data.get("title", "")), str(data.get("rule", "")), config,
                    dict(data.get("position", {})), list(data.get("step", [])))


class _Source(LocalSource):
    def __init__(self, seats: int, dice: list[int]) -> None:
        super().__init__(b"worlds-scenario", seats)
        self.dice_left = list(dice)

    def answer(self, chance: Chance) -> Action:
        if chance.kind == "roll":
            if len(self.dice_left) < chance.count:
                raise ScenarioError(f"the position's dice ran out ({chance.count} needed)")
            got, self.dice_left = self.dice_left[:chance.count], self.dice_left[chance.count:]
            return Rolled(SOURCE, tuple(got))
        return super().answer(chance)


def _default_square(w: int) -> int:
    """Worlds a scenario does not place: 5 by 5 on every other square, Z in a corner."""
    return (w % 5) * 2 * GRID + (w // 5) * 2 if w < 25 else 9 * GRID + 9


def _card_ids(label: str, used: set[int]) -> int:
    want = label.replace(" ", "").replace("_", "").lower()
    for c in CARDS:
        name = (f"force{c.value}" if c.kind == "force" else c.key.replace("_", ""))
        if c.id not in used and name == want:
            used.add(c.id)
            return c.id
    raise ScenarioError(f"no unused card {label!r} left")


def _world(name: str) -> int:
    try:
        w = world_index(name)
    except EngineError as exc:
        raise ScenarioError(str(exc)) from None
    if not 0 <= w < WORLDS:
        raise ScenarioError(f"no world {name!r}")
    return w


def _place(name: str) -> int:
    """A world by letter, or a square of deep space written `cCOLrROW` (1..10 each)."""
    m = re.fullmatch(r"c(\d+)r(\d+)", name)
    if m is None:
        return _world(name)
    x, y = int(m.group(1)), int(m.group(2))
    if not (1 <= x <= GRID and 1 <= y <= GRID):
        raise ScenarioError(f"no square {name!r}")
    return space_place((x - 1) * GRID + y - 1)


def _race(key: str) -> int:
    if key not in RACE_KEYS:
        raise ScenarioError(f"unknown race {key!r}")
    return RACE_KEYS[key]


def build_position(sc: Scenario) -> tuple[GameState, _Source]:
    pos = sc.position
    known = {"active", "order", "map", "natives", "control", "tokens", "hands", "deck",
             "discard", "race_pile", "dice", "gifts"}
    extra = sorted(set(pos) - known)
    if extra:
        raise ScenarioError(f"position: unknown keys {extra}; expected some of {sorted(known)}")
    n = sc.config.seats
    s = GameState(sc.config)
    src = _Source(n, [int(v) for v in pos.get("dice", [])])
    s.pos = [_default_square(w) for w in range(WORLDS)]
    for name, xy in pos.get("map", {}).items():
        s.pos[_world(name)] = (int(xy[0]) - 1) * GRID + int(xy[1]) - 1
    if len(set(s.pos)) != WORLDS:
        raise ScenarioError("two worlds on one square")
    chits_used: set[int] = set()
    for name, key in pos.get("natives", {}).items():
        w, r = _world(name), _race(key)
        h = s.new_handles(1)[0]
        s.chit[w], s.native[w], s.faces[h] = h, r, r
        src.truth[h] = r
        chits_used.add(r)
    for name, keys in pos.get("gifts", {}).items():  # the Gifted's races, turned up
        hs = s.new_handles(len(keys))
        s.gifts[_world(name)] = hs
        for h, key in zip(hs, keys):
            s.faces[h] = src.truth[h] = _race(key)
            chits_used.add(_race(key))
    for name, seat in pos.get("control", {}).items():
        s.control[_world(name)] = int(seat)
    for name, by_seat in pos.get("tokens", {}).items():
        w = _world(name)
        for seat, what in by_seat.items():
            origins = [w] * int(what) if isinstance(what, int) else [_world(o) for o in what]
            s.set_tokens(w, int(seat), [o * MOVES for o in origins])
    used: set[int] = set()

    def handles(labels: list[str]) -> tuple[int, ...]:
        out = []
        for label in labels:
            h = s.new_handles(1)[0]
            src.truth[h] = _card_ids(label, used)
            out.append(h)
        return tuple(out)

    for seat, labels in pos.get("hands", {}).items():
        hand = handles(list(labels))
        s.set_hand(int(seat), hand)
        for h in hand:
            src.knowledge[int(seat)].faces[h] = src.truth[h]
    top = handles(list(pos.get("deck", [])))
    discard = handles(list(pos.get("discard", [])))
    for h in discard:
        s.faces[h] = src.truth[h]
    s.discard = discard
    rest = [c.id for c in CARDS if c.id not in used]
    s.deck = tuple(reversed(top + handles_rest(s, src, rest)))
    pile = [_race(k) for k in pos.get("race_pile", [])]
    pile += [r for r in sc.config.pool() if r not in pile and r not in chits_used]
    hs = s.new_handles(len(pile))
    for h, r in zip(hs, pile):
        src.truth[h] = r
    s.race_pile = tuple(reversed(hs))
    order = tuple(int(p) for p in pos.get("order", range(n)))
    if sorted(order) != list(range(n)):
        raise ScenarioError("order must name every seat once")
    s.order = order
    push(s, ("turn", int(pos.get("active", order[0]))))
    return s, src


def handles_rest(s: GameState, src: _Source, rest: list[int]) -> tuple[int, ...]:
    out = []
    for cid in rest:
        h = s.new_handles(1)[0]
        src.truth[h] = cid
        out.append(h)
    return tuple(out)


def _settle(s: GameState, src: _Source) -> GameState:
    _run_auto(s)
    while s.outcome is None:
        p = pending(s)
        if p.chance is None:
            break
        s, _ = apply(s, src.answer(p.chance))
    return s


def _command(s: GameState, src: _Source, text: str) -> Action:
    words = text.split()
    if len(words) < 2 or not words[0].lstrip("-").isdigit():
        raise ScenarioError(f"command {text!r}: expected 'SEAT action ...'")
    seat = int(words[0])
    if not 0 <= seat < s.n:
        raise ScenarioError(f"command {text!r}: no seat {seat}")
    kn = src.knowledge[seat]
    verb, args = words[1], words[2:]
    if verb == "select":
        if args == ["none"]:
            kn.selected = None
        else:
            kn.selected = _hand_card(s, src, seat, args[0])
        return Select(seat)
    if verb == "page":  # `0 page A:2,B:1`: the seat's new secret page, committed by select
        page: dict[int, int] = {}
        for item in ",".join(args).split(","):
            if item:
                w, _, k = item.partition(":")
                page[_world(w)] = int(k)
        kn.hidden = page
        return Conceal(seat)
    if verb == "reveal" and not args:  # the card the rules turn up (face down or shown)
        opts = [a for a in legal_actions(s, seat, kn) if isinstance(a, (Reveal, Second))]
        return opts[0] if opts else Reveal(seat, -1, -1)
    if verb == "reveal" and args[0].startswith("@"):  # shown (`second`) where the rules
        h = _hand_card(s, src, seat, args[0])  # turn up a card not put face down
        shown = any(isinstance(o, Second) for o in legal_actions(s, seat, kn))
        return (Second if shown else Reveal)(seat, h, src.truth[h])
    if verb == "second" and args and args[0].startswith("@"):
        h = _hand_card(s, src, seat, args[0])
        return Second(seat, h, src.truth[h])
    if verb == "discard" and len(args) > 1 and all(a.startswith("@") for a in args):
        hs: list[int] = []
        for ref in args:
            hs.append(_hand_card(s, src, seat, ref, hs))
        return parse_action("discard " + ",".join(f"{h}:{src.truth[h]}" for h in hs), seat)
    if verb in ("play", "discard") and args and args[0].startswith("@"):
        h = _hand_card(s, src, seat, args[0])
        f = src.truth[h]
        if verb == "discard":
            return parse_action(f"discard {h}:{f}", seat)
        return Play(seat, h, f, tuple(_arg(s, src, a) for a in args[1:]))
    if verb == "power" and args:
        rest = " ".join(str(_world(a)) if a.isalpha() and len(a) == 1
                        else str(_hand_card(s, src, seat, a)) if a.startswith("@")
                        else str(_place(a)) if re.fullmatch(r"c\d+r\d+", a) else a
                        for a in args[1:])
        vals = ",".join(rest.split()) or "-"
        return parse_action(f"power {_race(args[0])} {vals}", seat)
    if verb == "invite":
        return Invite(seat, tuple(int(a) for a in args if a != "none"))
    try:
        return parse_action(" ".join(words[1:]), seat)
    except EngineError as exc:
        raise ScenarioError(f"command {text!r}: {exc}") from None


def _arg(s: GameState, src: _Source, text: str) -> int:
    """A play's argument: a world letter, a number, or `@forceN`: that revealed card."""
    if text.startswith("@"):
        want = text[1:].replace("_", "").lower()
        c = s.conf
        for h in (c.cards[0] + c.cards[1]) if c is not None else ():
            info = card(src.truth[h])
            if f"force{info.value}" == want:
                return h
        raise ScenarioError(f"no revealed {text!r} in the conflict")
    if text.isalpha():
        return _world(text)
    if text.startswith("c") and "r" in text:
        return _place(text)
    try:
        return int(text)
    except ValueError:
        raise ScenarioError(f"cannot read argument {text!r}") from None


def _hand_card(s: GameState, src: _Source, seat: int, ref: str,
               taken: list[int] | None = None) -> int:
    want = ref.lstrip("@").replace("_", "").lower()
    for h in s.hands[seat]:
        if taken and h in taken:
            continue
        c = card(src.truth[h])
        name = f"force{c.value}" if c.kind == "force" else c.key.replace("_", "")
        if name == want:
            return h
    raise ScenarioError(f"seat {seat} holds no {ref!r}")


# The conflict's windows a scenario need not name; the phases' own steps it must.
PASSABLE = ("invite", "join", "open", "powerup")


def _pass_others(s: GameState, src: _Source, a: Action) -> GameState:
    """Pass the conflict windows (PASSABLE) of other seats, and of this one for other
    kinds, until `a` fits."""
    for _ in range(200):
        p = pending(s)
        if p.over or (a.seat in p.seats and a.KIND in p.kinds) or p.step not in PASSABLE:
            return s
        waiting = p.seats[0]
        opts = legal_actions(s, waiting, src.knowledge[waiting])
        passes = [o for o in opts if isinstance(o, (Done, Decline))
                  or (isinstance(o, Invite) and not o.seats)]
        if not passes:
            return s
        s = _settle(apply(s, passes[0])[0], src)
    return s


def _value(s: GameState, src: _Source, key: str, last_totals: list[int]) -> Any:
    parts = key.split(".")
    head = parts[0]
    if head == "control":
        return s.control[_world(parts[1])]
    if head == "tokens":
        return s.count(_place(parts[1]), int(parts[2]))
    if head == "gifts":
        return [[k for k, v in RACE_KEYS.items() if v == s.faces[h]][0]
                for h in s.gifts[_world(parts[1])]]
    if head == "native":
        r = s.native[_world(parts[1])]
        return [k for k, v in RACE_KEYS.items() if v == r][0] if r >= 0 else ""
    if head == "hand":
        return len(s.hands[int(parts[1])])
    if head == "worlds":
        return s.controlled(int(parts[1]))
    if head == "step":
        return s.step()[0]
    if head == "phase":
        return pending(s).phase
    if head == "active":
        return s.active
    if head == "outcome":
        return s.outcome.reason if s.outcome is not None else "none"
    if head == "winners":
        return list(s.outcome.winners) if s.outcome is not None else []
    if head == "discard":
        return len(s.discard)
    if head == "knows":  # knows.SEAT.OTHER: how many of OTHER's cards SEAT has seen
        faces = src.knowledge[int(parts[1])].faces
        return sum(1 for h in s.hands[int(parts[2])] if h in faces)
    if head == "totals":
        return last_totals
    if head == "flags":
        return list(s.flags)
    if head == "pos":  # pos.W: the world's square as [column, row]
        sq = s.pos[_world(parts[1])]
        return [sq // GRID + 1, sq % GRID + 1]
    if head == "unseen":  # unseen.SEAT: tokens the seat keeps off the map
        return s.unseen[int(parts[1])]
    if head == "page":  # page.SEAT.W: the seat's secret count on world W
        return src.knowledge[int(parts[1])].hidden.get(_world(parts[2]), 0)
    if head == "claims":  # claims: the kinds of the claims recorded, in order
        return [c.kind for c in s.claims]
    if head == "order":
        return list(s.order)
    if head == "known":  # known.SEAT: deck cards whose face the seat knows
        return sum(1 for h in s.deck if h in src.knowledge[int(parts[1])].faces)
    if head == "legal":  # legal.SEAT: the seat's legal actions, short text form
        seat = int(parts[1])
        return [format_action(a) for a in legal_actions(s, seat, src.knowledge[seat])]
    raise ScenarioError(f"unknown expectation {key!r}")


def run_scenario(sc: Scenario) -> ScenarioResult:
    """Build the position, play the steps, check the expectations."""
    s, src = build_position(sc)
    s = _settle(s, src)
    res = ScenarioResult(sc.title, s)
    last_totals: list[int] = []
    for i, step in enumerate(sc.steps):
        cmds = step.get("do", [])
        cmds = [cmds] if isinstance(cmds, str) else list(cmds)
        err = step.get("error")
        for j, text in enumerate(cmds):
            a = _command(s, src, text)
            s = _pass_others(s, src, a)
            try:
                src.check(a)
                if s.conf is not None and pending(s).step == "resolve":
                    last_totals = totals(s)
                nxt, events = apply(s, a)
            except IllegalAction as exc:
                if err is not None and j == len(cmds) - 1:
                    if str(err) not in str(exc):
                        res.failures.append(f"step {i + 1}: refused as {exc}, expected {err!r}")
                    res.checks += 1
                    break
                res.failures.append(f"step {i + 1}: {text!r} refused: {exc}")
                return res
            for ev in events:
                if ev[0] in ("result", "refight"):  # a refight reports the lost totals too
                    last_totals = list(ev[3])
            s = _settle(nxt, src)
            for ev in s.events:
                if ev[0] in ("result", "refight"):  # a refight reports the lost totals too
                    last_totals = list(ev[3])
        else:
            if err is not None:
                res.failures.append(f"step {i + 1}: expected a refusal ({err!r})")
        for key, want in step.get("expect", {}).items():
            if isinstance(want, dict):  # a TOML dotted key: control.A = 0
                items = [(f"{key}.{k}", v) for k, v in want.items()]
                flat: list[tuple[str, Any]] = []
                while items:
                    k, v = items.pop(0)
                    if isinstance(v, dict):
                        items += [(f"{k}.{kk}", vv) for kk, vv in v.items()]
                    else:
                        flat.append((k, v))
            else:
                flat = [(key, want)]
            for k, v in flat:
                got = _value(s, src, k, last_totals)
                res.checks += 1
                if got != v:
                    res.failures.append(f"step {i + 1}: {k} = {got!r}, expected {v!r}")
    res.state = s
    return res
