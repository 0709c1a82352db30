"""Scenarios: a small TOML file that sets up a position, plays commands, and states what
must hold afterwards. docs/scenarios.md is the user's guide; this module is the reader.

A scenario starts at the beginning of the offense's turn in a position it describes
(ships, warp, hands, deck and destiny order). Chance is answered by a scripted card
source that knows every face. Windows nobody acts at in a command are passed for the
seats asked, so a scenario names only the moves that matter. Pure: text in, results out.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import cards as C
from .actions import (
    GATE, Accept, Action, Ally, ChooseDefense, Decline, Discard, DrawAgain, EndTurn, Give,
    Invite, Launch, NewHand, NoDeal, NoEncounter, Pass, Play, Proceed, Propose, Reestablish,
    Retrieve, Reveal, Rewards, SecondEncounter, Select, Ships, UsePower, parse_action,
)
from .actions import (
    SOURCE, AbandonTech, CompleteTech, KeepAlien, KeepTech, NewAlien, NewTech, Research,
    TurnUp, UseTech,
)
from .hidden import ALIEN_PILE, FACE_DOWN, alien_of_flare, face_down_handle, face_down_seats
from .api import apply, legal_actions, pending
from .artifacts import KIND_CODES
from ..errors import EngineError, IllegalAction
from .local import LocalSource
from .research import tech_location
from .powers import ALIENS, HELD_DESTINY, acting_power, held_destiny, powers_of
from .steps import BESIDE, WARP, Chance
from .state import Config, GameState, variant_options
from .targets import warp_site

__all__ = ["Scenario", "ScenarioError", "ScenarioResult", "load_scenario", "run_scenario"]


class ScenarioError(Exception):
    """The scenario file itself is wrong (not the game it describes)."""


@dataclass
class ScenarioResult:
    title: str
    state: GameState
    source: LocalSource
    failures: list[str] = field(default_factory=list)
    checks: int = 0
    log: list[str] = field(default_factory=list)
    # every event the game caused, in order, with how many commands of `log` were typed
    # (or refused) when it happened: what a player's log said, and when
    events: list[tuple[int, tuple[Any, ...]]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


@dataclass
class Scenario:
    title: str
    rule: str
    config: Config
    position: dict[str, Any]
    steps: list[dict[str, Any]]


def load_scenario(text: str) -> Scenario:
    """Parse scenario TOML text; raises ScenarioError with the problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"not valid TOML: {exc}") from None
    known = {"game", "title", "rule", "seats", "variants", "aliens", "flares", "position",
             "step"}
    extra = sorted(set(data) - known)
    if extra:
        raise ScenarioError(f"unknown keys {extra}; expected some of {sorted(known)}")
    if data.get("game", "cosmic") != "cosmic":
        raise ScenarioError(f"game {data['game']!r}: this reader plays cosmic scenarios")
    seats = data.get("seats", 3)
    variants = data.get("variants", [])
    try:
        chosen = variant_options(variants)
    except ValueError as exc:
        raise ScenarioError(str(exc)) from None
    colors = C.COLORS[:seats]
    aliens_by_color = data.get("aliens", {})
    aliens = tuple(aliens_by_color.get(c, "") for c in colors)
    try:
        config = Config(seats, **chosen, aliens=aliens,
                        flares=tuple(data.get("flares", ())))
    except ValueError as exc:
        raise ScenarioError(str(exc)) from None
    return Scenario(data.get("title", ""), data.get("rule", ""), config,
                    data.get("position", {}), data.get("step", []))


# -- building the position --------------------------------------------------------------------


class _Builder:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.colors = config.colors
        self.used: set[int] = set()

    def seat(self, color: str) -> int:
        if color not in self.colors:
            raise ScenarioError(f"no seat has colour {color!r} (seats: {list(self.colors)})")
        return self.colors.index(color)

    def planet(self, name: str) -> int:
        color, _, num = name.partition(".")
        if not num.isdigit() or not 1 <= int(num) <= self.config.planets:
            raise ScenarioError(f"planet {name!r}: expected COLOUR.N with N 1..{self.config.planets}")
        return self.seat(color) * self.config.planets + int(num) - 1

    def target(self, name: str) -> int:
        """A planet, or a seat's warp as the gate's target (`red.warp`, engine.targets)."""
        color, _, where = name.partition(".")
        return warp_site(self.seat(color)) if where == "warp" else self.planet(name)

    def card(self, label: str, pool: Sequence[int]) -> int:
        want = " ".join(label.replace("_", " ").split()).lower()
        for cid in pool:
            if cid not in self.used and _label_matches(C.CATALOGUE[cid], want):
                self.used.add(cid)
                return cid
        raise ScenarioError(f"no unused card {label!r} left")


def _norm(text: str) -> str:
    return " ".join(text.replace("_", " ").split()).lower()


def _label_matches(info: C.CardInfo, want: str) -> bool:
    """Does a card answer to this name? ('attack 08', 'attack 8', 'ionic gas',
    'artifact ionic_gas', 'reinforcement +2', 'red', 'most cards in hand' ...)"""
    want = _norm(want)
    names = {_norm(info.label())}
    if info.kind == "attack":
        names.add(f"attack {info.value}")
    if info.name:
        names.add(_norm(info.name))
    return want in names or want.replace(" ", "") in {x.replace(" ", "") for x in names}


def build_position(sc: Scenario) -> tuple[GameState, LocalSource]:
    cfg = sc.config
    b = _Builder(cfg)
    pos = dict(sc.position)
    known = {"offense", "ships", "warp", "hands", "deck", "discard", "destiny", "deck_rest",
             "destiny_rest", "alien_draws", "destiny_held", "face_down", "techs",
             "tech_deck", "tech_discard"}
    extra = sorted(set(pos) - known)
    if extra:
        raise ScenarioError(f"position: unknown keys {extra}; expected some of {sorted(known)}")
    for name in cfg.aliens:
        if name and name not in ALIENS:
            raise ScenarioError(f"unknown alien {name!r}; known: {', '.join(sorted(ALIENS))}")
    s = GameState(cfg)
    src = LocalSource(b"scenario", cfg.seats)
    n = cfg.seats
    for name, counts in pos.get("ships", {}).items():
        p = b.planet(name)
        for color, count in counts.items():
            s.ships[p * n + b.seat(color)] = int(count)
    warp = {b.seat(c): int(v) for c, v in pos.get("warp", {}).items()}
    tech_rows = _tech_rows(b, pos.get("techs", {}))
    if (tech_rows or "tech_deck" in pos or "tech_discard" in pos) and not cfg.technology:
        raise ScenarioError("techs in the position need the technology variant")
    for seat in range(n):
        placed = s.ships_on_planets(seat) + sum(r[2] for r in tech_rows if r[0] == seat)
        left = cfg.ships_per_seat - placed - warp.get(seat, 0)
        if left < 0:
            raise ScenarioError(f"{cfg.colors[seat]} has more than {cfg.ships_per_seat} ships")
        # Ships the position does not place are in the warp.
        s.warp[seat] = warp.get(seat, 0) + left
    # The cosmic deck: 72 cards (twice that at 9 and 10 seats), plus the flares the
    # scenario's `flares` key names.
    named = cfg.flares if isinstance(cfg.flares, tuple) else ()
    cosmic = cfg.cosmic_deck + tuple(C.flare_id(f) for f in named)

    def handles_for(labels: Sequence[str]) -> tuple[int, ...]:
        out = []
        for label in labels:
            h = s.new_handles(1)[0]
            src.truth[h] = b.card(label, cosmic)
            out.append(h)
        return tuple(out)

    for color, labels in pos.get("hands", {}).items():
        seat = b.seat(color)
        s.set_hand(seat, handles_for(labels))
        for h in s.hands[seat]:
            src.knowledge[seat].faces[h] = src.truth[h]
    top = handles_for(pos.get("deck", []))
    discard = handles_for(pos.get("discard", []))
    for h in discard:
        s.faces[h] = src.truth[h]
    s.discard = discard
    rest = [cid for cid in cosmic if cid not in b.used]
    rest_handles = s.new_handles(len(rest))
    for h, cid in zip(rest_handles, rest):
        src.truth[h] = cid
    if pos.get("deck_rest", "deck") == "discard":  # the cards not named are face up
        for h in rest_handles:
            s.faces[h] = src.truth[h]
        s.discard = s.discard + rest_handles
        rest_handles = ()
    s.deck = tuple(reversed(rest_handles)) + tuple(reversed(top))  # top of deck is last
    destiny_pool = C.destiny_cards(cfg.colors)
    top_d = []
    for label in pos.get("destiny", []):
        h = s.new_handles(1)[0]
        src.truth[h] = b.card(label, destiny_pool)
        top_d.append(h)
    held = []  # destiny cards a power holds face up (engine.cosmic.powers, Destiny deck)
    for color, labels in pos.get("destiny_held", {}).items():
        for label in labels:
            h = s.new_handles(1)[0]
            s.faces[h] = src.truth[h] = b.card(label, destiny_pool)
            held.append([b.seat(color), h])
    if held:
        s.extra[HELD_DESTINY] = held
    rest_d = [cid for cid in destiny_pool if cid not in b.used]
    rest_dh = s.new_handles(len(rest_d))
    for h, cid in zip(rest_dh, rest_d):
        src.truth[h] = cid
    if pos.get("destiny_rest", "deck") == "discard":
        for h in rest_dh:
            s.faces[h] = src.truth[h]
        s.destiny_discard = rest_dh
        rest_dh = ()
    s.destiny_deck = tuple(reversed(rest_dh)) + tuple(reversed(top_d))
    _hidden_position(s, src, b, pos)
    if cfg.technology:
        _tech_position(s, src, b, pos, tech_rows)
    s.offense = b.seat(pos.get("offense", cfg.colors[0]))
    s.stack = (("turn",),)
    from .api import _settle
    _settle(s)
    return s, src


def _sheet(s: GameState, src: LocalSource, alien: str) -> int:
    """A new hidden handle standing for `alien`'s sheet (its flare: engine.hidden)."""
    h = s.new_handles(1)[0]
    src.truth[h] = C.flare_id("filch_classic" if alien == "filch" else alien)
    return h


def _hidden_position(s: GameState, src: LocalSource, b: _Builder, pos: dict[str, Any]) -> None:
    """Hidden powers: the `face_down` seats hold their named alien face down (known to
    themselves alone); with rotating powers, `alien_draws` is the pile of unused sheets
    (its first name on top)."""
    cfg = s.config
    if not cfg.hidden_powers:
        if "face_down" in pos:
            raise ScenarioError("position: face_down needs the hidden_powers variant")
        return
    down = [-1] * cfg.seats
    aliens = list(s.aliens)
    for color in pos.get("face_down", []):
        seat = b.seat(color)
        if not aliens[seat]:
            raise ScenarioError(f"face_down: {color} has no alien to hold face down")
        down[seat] = _sheet(s, src, aliens[seat])
        src.knowledge[seat].faces[down[seat]] = src.truth[down[seat]]
        aliens[seat] = ""
    s.aliens = tuple(aliens)
    s.extra[FACE_DOWN] = down
    if cfg.rotating_powers:
        s.extra[ALIEN_PILE] = [_sheet(s, src, a) for a in reversed(pos.get("alien_draws", []))]


def _tech_rows(b: _Builder, techs: dict[str, Any]) -> list[list[Any]]:
    """[seat, name, ships, completed] for each tech the position puts before a seat:
    `techs = { red = [{ tech = "warpspace key", ships = 2 }, { tech = "enigma device",
    completed = true }] }`."""
    out: list[list[Any]] = []
    for color, entries in techs.items():
        for e in entries:
            unknown = sorted(set(e) - {"tech", "ships", "completed"})
            if unknown or "tech" not in e:
                raise ScenarioError(f"techs.{color}: each tech is {{ tech = NAME, ships = N, "
                                    f"completed = BOOL }}")
            out.append([b.seat(color), str(e["tech"]), int(e.get("ships", 0)),
                        bool(e.get("completed", False))])
    return out


def _tech_position(s: GameState, src: LocalSource, b: _Builder, pos: dict[str, Any],
                   tech_rows: list[list[Any]]) -> None:
    """The tech deck (named top cards first, the rest in catalogue order), the discard
    pile and the techs before the seats (engine.techs)."""
    pool = C.tech_deck(s.config.planets == 4)

    def one(label: str) -> int:
        h = s.new_handles(1)[0]
        src.truth[h] = b.card(label, pool)
        return h

    rows = []
    for seat, name, ships, done in tech_rows:
        h = one(name)
        src.knowledge[seat].faces[h] = src.truth[h]
        if done:
            s.faces[h] = src.truth[h]
        rows.append([seat, h, 0 if done else ships, int(done)])
    top = [one(label) for label in pos.get("tech_deck", [])]
    discard = [one(label) for label in pos.get("tech_discard", [])]
    for h in discard:
        s.faces[h] = src.truth[h]
    rest = [cid for cid in pool if cid not in b.used]
    rest_h = s.new_handles(len(rest))
    for h, cid in zip(rest_h, rest):
        src.truth[h] = cid
    s.extra["techs"] = rows
    s.extra["tech_discard"] = discard
    s.extra["tech_deck"] = list(reversed(rest_h)) + list(reversed(top))


# -- commands ---------------------------------------------------------------------------------


class _Commands:
    """Turns a scenario command line into an engine action for the current state."""

    def __init__(self, b: _Builder, s: GameState, src: LocalSource) -> None:
        self.b, self.s, self.src = b, s, src

    def _hand_card(self, seat: int, ref: str) -> tuple[int, int]:
        want = " ".join(ref.lstrip("@").replace("_", " ").split()).lower()
        for h in self.s.hands[seat]:
            face = self.src.truth[h]
            if _label_matches(C.CATALOGUE[face], want):
                return h, face
        example = {"attack": "@attack08", "reinforcement": "@reinforcement+3",
                   "flare": "@flare_amoeba", "artifact": "@cosmic_zap"}.get(want)
        hint = f" (a card is one word in a command, as {example})" if example else ""
        raise ScenarioError(f"{self.b.colors[seat]} holds no {ref!r}{hint}")

    def _ships(self, text: str) -> tuple[tuple[int, int], ...]:
        if text in ("-", "none"):
            return ()
        out = []
        for item in text.split(","):
            loc, _, count = item.partition(":")
            where = {"gate": GATE, "warp": WARP}.get(loc)
            if loc.startswith("tech."):  # ships researching a tech, by its true name
                want = _norm(loc[5:])
                h = next((r[1] for r in self.s.extra.get("techs", ())
                          if _label_matches(C.CATALOGUE[self.src.truth[r[1]]], want)), None)
                if h is None:
                    raise ScenarioError(f"no tech {loc[5:]!r} on the table")
                where = tech_location(h)
            out.append((self.b.planet(loc) if where is None else where, int(count)))
        return tuple(sorted(out))

    def _seats(self, text: str) -> tuple[int, ...]:
        if text in ("-", "none"):
            return ()
        return tuple(sorted(self.b.seat(c) for c in text.split(",")))

    def _arg(self, text: str) -> tuple[int, ...]:
        """A power argument: a number, a planet (`red.2`), ships (`red.2:3`, two numbers),
        a card face by name (`@attack40`: its first catalogue id) or a destiny deck card's
        handle by its true face (`^blue`: the deepest such card in the deck)."""
        if text.startswith("@"):
            want = _norm(text[1:])
            ids = [c.id for c in C.CATALOGUE if _label_matches(c, want)]
            if not ids:
                raise ScenarioError(f"no card is called {text[1:]!r}")
            return (ids[0],)
        if text.startswith("^"):  # a destiny deck card by its true face: the deepest one
            want = _norm(text[1:])
            for h in self.s.destiny_deck:
                if _label_matches(C.CATALOGUE[self.src.truth[h]], want):
                    return (h,)
            raise ScenarioError(f"no {text[1:]!r} in the destiny deck")
        if text in self.b.colors:  # a seat by its colour
            return (self.b.seat(text),)
        loc, _, count = text.partition(":")
        where = int(loc) if loc.lstrip("-").isdigit() else (
            GATE if loc == "gate" else self.b.planet(loc))
        return (where, int(count)) if count else (where,)

    def _tech(self, seat: int, ref: str) -> int:
        """The handle of a tech before `seat` (or being chosen by it) by its true name."""
        want = _norm(ref.lstrip("@"))
        st = self.s.step()
        mine = [r[1] for r in self.s.extra.get("techs", ()) if r[0] == seat]
        if st[0] == "tech_keep" and st[1] == seat:
            mine = list(st[2])
        for h in mine:
            if _label_matches(C.CATALOGUE[self.src.truth[h]], want):
                return int(h)
        raise ScenarioError(f"{self.b.colors[seat]} has no tech {ref!r}")

    def _planet_or_none(self, text: str) -> int:
        return -1 if text in ("-", "none") else self.b.planet(text)

    def action(self, line: str) -> Action:
        words = line.split()
        if len(words) < 2:
            raise ScenarioError(f"command {line!r}: expected 'COLOUR VERB ...'")
        if words[0] not in self.b.colors:
            try:
                return parse_action(line)
            except EngineError as exc:
                raise ScenarioError(str(exc)) from None
        seat = self.b.seat(words[0])
        verb, args = words[1], words[2:]
        try:
            return self._verb(seat, verb, args)
        except (IndexError, ValueError):
            raise ScenarioError(f"command {line!r}: wrong arguments for {verb!r}") from None

    def _verb(self, seat: int, verb: str, args: list[str]) -> Action:
        s, b = self.s, self.b
        simple = {"pass": Pass, "proceed": Proceed, "drawagain": DrawAgain,
                  "decline": Decline, "noencounter": NoEncounter, "accept": Accept,
                  "nodeal": NoDeal, "second": SecondEncounter, "endturn": EndTurn,
                  "newtech": NewTech}
        if verb in simple:
            return simple[verb](seat)
        if verb == "select":
            h, _ = self._hand_card(seat, args[0])
            self.src.knowledge[seat].selected = h
            return Select(seat)
        if verb == "reveal":
            down = self.src.knowledge[seat].selected
            if down is None:
                raise ScenarioError(f"{b.colors[seat]} reveals without a select")
            return Reveal(seat, down, self.src.truth[down])
        if verb == "play":
            h, face = self._hand_card(seat, args[0])
            rest = args[1:]
            info = C.CATALOGUE[face]
            if info.kind in ("reinforcement", "attack"):  # for a side (an attack: the Flak)
                return Play(seat, h, face, (0 if rest[0] == "offense" else 1,))
            if info.kind == "flare":  # numbers, planets, ships, as for a power
                return Play(seat, h, face, tuple(x for a in rest for x in self._arg(a)))
            if rest and "," not in rest[0] and rest[0] not in ("-", "none"):
                return Play(seat, h, face, tuple(x for a in rest for x in self._arg(a)))
            return Play(seat, h, face, self._seats(rest[0]) if rest else ())
        if verb == "launch":
            return Launch(seat, b.target(args[0]), self._ships(args[1]))
        if verb == "invite":
            return Invite(seat, self._seats(args[0] if args else "none"))
        if verb == "ally":
            return Ally(seat, b.seat(args[0]), self._ships(args[1]))
        if verb == "retrieve":
            return Retrieve(seat, b.planet(args[0]))
        if verb == "defense":
            return ChooseDefense(seat, b.seat(args[0]))
        if verb == "reestablish":
            return Reestablish(seat, b.planet(args[0]), self._ships(args[1]))
        if verb == "newhand":
            return NewHand(seat, tuple((h, self.src.truth[h]) for h in s.hands[seat]))
        if verb == "propose":
            return Propose(seat, (int(args[0]), int(args[1]), self._planet_or_none(args[2]),
                                  self._planet_or_none(args[3]), *map(int, args[4:5])))
        if verb == "give":
            return Give(seat, tuple(self._hand_card(seat, r)[0] for r in args[0].split(",")))
        if verb == "ships":
            return Ships(seat, self._ships(args[0]))
        if verb == "rewards":
            return Rewards(seat, int(args[0]), self._ships(args[1] if len(args) > 1 else "-"))
        if verb == "discard":
            cards = tuple(self._hand_card(seat, r) for r in args[0].split(",")) if args else ()
            kinds = {C.CATALOGUE[f].kind for _, f in cards}
            if s.step()[0] != "plague_discard":  # only the Plague's discard claims types
                return Discard(seat, cards, ())
            return Discard(seat, cards, tuple(i for i, k in enumerate(KIND_CODES)
                                              if k not in kinds))
        if verb == "power":
            return UsePower(seat, int(args[0]), tuple(x for a in args[1:] for x in self._arg(a)))
        if verb == "keep":  # an alien: 0 the first offered, 1 the second
            return KeepAlien(seat, int(args[0]))
        if verb == "turnup":  # hidden powers: turn the face-down alien up
            return TurnUp(seat)
        if verb == "keeptech":
            return KeepTech(seat, self._tech(seat, args[0]))
        if verb == "research":  # research TECH PLANET
            return Research(seat, self._tech(seat, args[0]), b.planet(args[1]))
        if verb == "complete":
            return CompleteTech(seat, self._tech(seat, args[0]))
        if verb == "abandon":
            return AbandonTech(seat, self._tech(seat, args[0]))
        if verb == "usetech":
            return UseTech(seat, self._tech(seat, args[0]))
        raise ScenarioError(f"unknown verb {verb!r}")


_WINDOW_VERBS = ("pass", "play", "power", "usetech")
_TECH_VERBS = ("research", "complete", "abandon")


def _is_flare(ref: str) -> bool:
    want = " ".join(ref.lstrip("@").replace("_", " ").split()).lower()
    return any(c.kind == "flare" and _label_matches(c, want) for c in C.CATALOGUE)


def _card_windows(ref: str) -> frozenset[str]:
    """The windows where a card named in a command can be played."""
    from .windows import CARD_EFFECTS
    want = " ".join(ref.lstrip("@").replace("_", " ").split()).lower()
    infos = [c for c in C.CATALOGUE if _label_matches(c, want)]
    return frozenset(w for e in CARD_EFFECTS for c in infos if e.matches(c) for w in e.windows)


Upcoming = tuple[int, str, frozenset[str] | None]


def _upcoming(b: _Builder, line: str | None) -> Upcoming | None:
    """(seat, verb, windows) of a command line, without resolving it (for looking ahead).
    `windows` limits where a `play` command may stop: where its card can be played; and a
    `power` command: the windows of the seat's alien (if it has any)."""
    if line is None:
        return None
    words = line.split()
    if len(words) >= 2 and words[0] in b.colors:
        windows = _card_windows(words[2]) if words[1] == "play" and len(words) > 2 else None
        if words[1] == "power":
            alien = ALIENS.get(b.config.aliens[b.seat(words[0])])
            # a power that lends others (the Plant's graft) acts at their windows too
            windows = (frozenset(alien.windows) if alien is not None and alien.windows
                       and alien.lends is None else None)
        if words[1] == "play" and len(words) > 2 and _is_flare(words[2]):
            return b.seat(words[0]), "play_flare", windows
        return b.seat(words[0]), words[1], windows
    try:
        a = parse_action(line)
    except EngineError:
        return None
    return a.seat, a.KIND, None


def _advance(s: GameState, src: LocalSource, upcoming: Upcoming | None,
             memory: dict[str, Any]) -> GameState:
    """Answer chance; pass windows and send ships home where the upcoming command does
    not act; stop at the first decision the upcoming command may be for."""
    for _ in range(10_000):
        p = pending(s)
        if p.over:
            return s
        if p.chance is not None:
            s, events = apply(s, _chance(src, p.chance, memory))
            _remember(memory, events)
            continue
        seat, verb, windows = upcoming if upcoming is not None else (-9, "", None)
        here = windows is None or p.step != "window" or s.step()[1] in windows
        if verb == "power" and p.step == "window" and seat in p.seats:
            # A power command waits for a window where that power is offered.
            here = any(isinstance(a, UsePower) for a in legal_actions(s, seat, src.knowledge[seat]))
        if verb == "play_flare" and p.step == "window" and seat in p.seats and here:
            # A flare's wild and super sides act at different windows: wait for a play.
            here = any(isinstance(a, Play) for a in legal_actions(s, seat, src.knowledge[seat]))
            verb = "play"
        if p.step == "turn_up" and not (verb in ("turnup", "pass") and seat in p.seats):
            s, events = apply(s, Pass(p.seats[0]))  # hidden powers: stays face down
        elif p.step == "window" and not (verb in _WINDOW_VERBS and seat in p.seats and here):
            asked = p.seats[0]
            options = legal_actions(s, asked, src.knowledge[asked])
            if Pass(asked) in options:
                s, events = apply(s, Pass(asked))
            elif len(options) == 1:  # a mandatory power with one way to use it
                s, events = apply(s, options[0])
            else:
                return s  # a mandatory choice: the scenario must name it
        elif p.step == "tech_moment" and not (verb in _TECH_VERBS and seat in p.seats):
            s, events = apply(s, Pass(p.seats[0]))  # a tech moment nobody names: pass
        elif p.step in ("place", "tech_return") and not (verb == "ships" and seat in p.seats):
            # Ships going home that no command places go to the first colonies offered.
            s, events = apply(s, legal_actions(s, p.seats[0], src.knowledge[p.seats[0]])[0])
        else:
            return s
        _remember(memory, events)
    raise ScenarioError("the game did not reach a decision (too many automatic steps)")


def _chance(src: LocalSource, chance: Chance, memory: dict[str, Any]) -> Action:
    """The card source's answer; new aliens come from the position's `alien_draws` first."""
    draws = memory.setdefault("alien_draws", [])
    if chance.kind == "new_alien" and draws:
        name = draws.pop(0)
        if name not in chance.names:
            raise ScenarioError(f"alien_draws: {name!r} is not among {list(chance.names)}")
        return NewAlien(SOURCE, chance.names.index(name))
    return src.answer(chance)


def _lines(step: dict[str, Any]) -> list[str]:
    commands = step.get("do", [])
    return [commands] if isinstance(commands, str) else list(commands)


def run_scenario(text: str) -> ScenarioResult:
    """Build the position, play the steps, check every expectation."""
    sc = load_scenario(text)
    s, src = build_position(sc)
    b = _Builder(sc.config)
    res = ScenarioResult(sc.title, s, src)
    draws = [] if sc.config.hidden_powers else sc.position.get("alien_draws", [])
    memory: dict[str, Any] = {"alien_draws": list(draws)}  # hidden: a pile (build_position)
    memory["said"] = (res.log, res.events)  # (_remember records each event)
    flat = [line for step in sc.steps for line in _lines(step)]
    done = 0
    for i, step in enumerate(sc.steps, 1):
        known = {"do", "expect", "error"}
        if set(step) - known:
            raise ScenarioError(f"step {i}: unknown keys {sorted(set(step) - known)}")
        commands = _lines(step)
        for j, line in enumerate(commands):
            s = _advance(s, src, _upcoming(b, line), memory)
            try:
                action = _Commands(b, s, src).action(line)
            except ScenarioError as exc:
                raise ScenarioError(f"step {i}: {exc}") from None
            done += 1
            last = j == len(commands) - 1
            try:
                src.check(action)
                s2, events = apply(s, action)
            except IllegalAction as exc:
                if last and "error" in step:
                    res.checks += 1
                    if step["error"] not in str(exc):
                        res.failures.append(f"step {i}: refused with {exc}, expected "
                                            f"{step['error']!r}")
                    res.log.append(f"{line}  -> refused: {exc.reason}")
                    break
                res.failures.append(f"step {i}: {line!r} refused: {exc}")
                res.state = s
                return res
            if last and "error" in step:
                res.failures.append(f"step {i}: {line!r} was accepted, expected refusal "
                                    f"{step['error']!r}")
            s = s2
            res.log.append(line)
            _remember(memory, events)
        nxt = flat[done] if done < len(flat) else None
        s = _advance(s, src, _upcoming(b, nxt), memory)
        _check(res, i, s, src, b, memory, step.get("expect", {}))
    res.state = s
    return res


def _remember(memory: dict[str, Any], events: list[tuple[Any, ...]]) -> None:
    if "said" in memory:
        typed, said = memory["said"]
        said += [(len(typed), ev) for ev in events]
    for ev in events:
        if ev[0] == "totals":
            memory["totals"] = [ev[1], ev[2]]
        elif ev[0] == "result":
            memory["result"] = ev[1]
        elif ev[0] in ("deal", "no_deal", "quashed"):
            memory["result"] = {"deal": "deal", "no_deal": "nodeal", "quashed": "nodeal"}[ev[0]]
        elif ev[0] == "reestablish":
            memory["result"] = "reestablished"
        elif ev[0] == "no_encounter":
            memory["result"] = "aborted"


def _actual(key: str, s: GameState, src: LocalSource, b: _Builder,
            memory: dict[str, Any]) -> Any:
    parts = key.split(".")
    head = parts[0]
    if head in ("totals", "result"):
        return memory.get(head)
    if head == "phase":
        return s.phase
    if head == "step":
        return s.step()[0]
    if head == "offense":
        return b.colors[s.offense]
    if head == "defense":
        return b.colors[s.enc.defense] if s.enc is not None and s.enc.defense >= 0 else None
    if head == "winners":
        return [b.colors[w] for w in s.outcome.winners] if s.outcome else []
    if head == "over":
        return s.outcome.reason if s.outcome else ""
    if head in ("tech_deck", "tech_discard"):
        return len(s.extra.get(head, ()))
    if head in ("deck", "discard", "claims", "destiny", "destiny_discard"):
        return len({"deck": s.deck, "discard": s.discard, "claims": s.claims,
                    "destiny": s.destiny_deck, "destiny_discard": s.destiny_discard}[head])
    if head == "turn":
        return s.turns
    if head == "encounter":
        return s.enc.number if s.enc is not None else 0
    if head == "waiting":
        p = pending(s)
        return [b.colors[x] for x in p.seats if x >= 0]
    if head == "legal":  # legal.COLOUR: how many actions that seat has now
        seat = b.seat(parts[1])
        return len(legal_actions(s, seat, src.knowledge[seat]))
    if head == "destiny_held":  # destiny_held.COLOUR: the destiny cards that seat holds
        return sorted(C.CATALOGUE[s.faces[h]].label()
                      for h in held_destiny(s, b.seat(parts[1])))
    if head == "face_down":  # the colours whose alien lies face down (hidden powers)
        return [b.colors[x] for x in face_down_seats(s)]
    if head == "sees":  # sees.VIEWER.SEAT: SEAT's face-down alien as VIEWER knows it
        viewer, seat = b.seat(parts[1]), b.seat(parts[2])
        h = face_down_handle(s, seat)
        face = src.knowledge[viewer].faces.get(h, s.faces.get(h)) if h >= 0 else None
        return alien_of_flare(face) if face is not None else ""
    if head == "knows":  # knows.VIEWER.HOLDER: the cards of HOLDER's hand VIEWER can name
        viewer, holder = b.seat(parts[1]), b.seat(parts[2])
        kn = src.knowledge[viewer].faces
        return sorted(C.CATALOGUE[src.truth[h]].label() for h in s.hands[holder]
                      if h in kn or h in s.faces)
    seat = b.seat(parts[-1])
    if head == "ships":  # ships.COLOUR.N.COLOUR
        return s.on(b.planet(".".join(parts[1:3])), seat)
    if head == "stack":  # stack.PLACE.COLOUR: ships COLOUR holds captive there (Fungus)
        where = ".".join(parts[1:-1])
        place = GATE if where == "gate" else BESIDE if where == "beside" else b.planet(where)
        return sum(r[3] for r in s.extra.get("captives", ()) if r[0] == seat and r[1] == place)
    table: dict[str, Callable[[], Any]] = {
        "warp": lambda: s.warp[seat], "gate": lambda: s.gate[seat],
        "beside": lambda: s.beside[seat], "foreign": lambda: s.foreign_colonies(seat),
        "captives": lambda: sum(r[3] for r in s.extra.get("captives", ()) if r[0] == seat),
        "captive": lambda: sum(r[3] for r in s.extra.get("captives", ()) if r[2] == seat),
        "home": lambda: s.home_colonies(seat), "hand": lambda: len(s.hands[seat]),
        "power": lambda: s.has_power(seat), "alien": lambda: s.aliens[seat],
        "powers": lambda: list(powers_of(s, seat)), "acting": lambda: acting_power(s, seat),
        "holds": lambda: sorted(C.CATALOGUE[src.truth[h]].label() for h in s.hands[seat]),
        "techs": lambda: sorted(C.CATALOGUE[src.truth[r[1]]].name
                                for r in s.extra.get("techs", ()) if r[0] == seat),
        "completed": lambda: sorted(C.CATALOGUE[s.faces[r[1]]].name
                                    for r in s.extra.get("techs", ()) if r[0] == seat and r[3]),
        "researching": lambda: sum(r[2] for r in s.extra.get("techs", ()) if r[0] == seat),
    }
    if head not in table:
        raise ScenarioError(f"unknown expectation {key!r}")
    return table[head]()


def _flat(expect: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Expectations by dotted key: TOML reads an unquoted dotted key (`power.red = true`)
    as nested tables, which mean the same as the quoted key (`"power.red" = true`)."""
    out: dict[str, Any] = {}
    for k, v in expect.items():
        if isinstance(v, dict):
            out.update(_flat(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def _check(res: ScenarioResult, i: int, s: GameState, src: LocalSource, b: _Builder,
           memory: dict[str, Any], expect: dict[str, Any]) -> None:
    for key, want in _flat(expect).items():
        try:
            got = _actual(key, s, src, b, memory)
        except IndexError:
            raise ScenarioError(f"step {i}: expectation {key!r} names too few parts "
                                "(e.g. 'power.red', 'sees.red.blue')") from None
        res.checks += 1
        if isinstance(want, list) and isinstance(got, list) and key.startswith((
                "holds", "knows", "destiny_held")):
            want = sorted(want)
        if got != want:
            res.failures.append(f"step {i}: {key} is {got!r}, expected {want!r}")
