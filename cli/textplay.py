"""A plain text game against bots on this machine (local mode): the board, your hand, your
choices numbered, answers by number or by action text. The full-screen client reuses
`describe_action` and `choices`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO

import engine
from engine import cards as C

from .render import board_text, card_label, describe_event, planet_name

__all__ = ["describe_action", "choices", "TextPlayer"]


def _ships(s: engine.GameState, pairs: Sequence[tuple[int, int]]) -> str:
    return ", ".join(f"{n} from {'the gate' if loc == engine.GATE else planet_name(s, loc)}"
                     for loc, n in pairs) or "no ships"


def describe_action(s: engine.GameState, a: engine.Action, kn: engine.Knowledge | None = None
                    ) -> str:
    """One action in words, as the player would say it."""
    colors = s.config.colors
    if isinstance(a, engine.Launch):
        return f"launch at {planet_name(s, a.planet)}: {_ships(s, a.ships)}"
    if isinstance(a, engine.Ally):
        return f"ally with {colors[a.side]}: {_ships(s, a.ships)}"
    if isinstance(a, engine.Invite):
        return "invite " + (", ".join(colors[x] for x in a.seats) or "nobody")
    if isinstance(a, engine.Play):
        extra = ""
        if C.CATALOGUE[a.card].kind == "reinforcement":
            extra = " for the " + ("offense" if a.args == (0,) else "defense")
        elif a.args:
            extra = " on " + ", ".join(colors[x] for x in a.args)
        return f"play {card_label(a.card)}{extra}"
    if isinstance(a, engine.Ships):
        return f"ships: {_ships(s, a.ships)}"
    if isinstance(a, engine.Retrieve):
        return f"bring a ship back from the warp to {planet_name(s, a.planet)}"
    if isinstance(a, engine.ChooseDefense):
        return f"encounter {colors[a.defender]}"
    if isinstance(a, engine.Reestablish):
        return f"re-establish {planet_name(s, a.planet)}: {_ships(s, a.ships)}"
    if isinstance(a, engine.Propose):
        og, dg, op, dp = a.terms
        parts = []
        if og:
            parts.append(f"offense gives {og} card(s)")
        if dg:
            parts.append(f"defense gives {dg} card(s)")
        if op >= 0:
            parts.append(f"offense settles {planet_name(s, op)}")
        if dp >= 0:
            parts.append(f"defense settles {planet_name(s, dp)}")
        return "propose: " + "; ".join(parts)
    if isinstance(a, engine.Rewards):
        return f"rewards: draw {a.draws}, ships back: {_ships(s, a.ships)}"
    if isinstance(a, engine.Give):
        return "give " + ", ".join(card_label(kn.faces.get(h) if kn else None) for h in a.handles)
    if isinstance(a, engine.Reveal):
        return f"reveal {card_label(a.card)}"
    if isinstance(a, engine.NewHand):
        return "show your hand and draw a new one"
    if isinstance(a, engine.Discard):
        return "discard " + (", ".join(card_label(f) for _, f in a.cards) or "nothing")
    words = {"pass": "pass", "proceed": "keep your hand and go on", "drawagain":
             "discard the destiny card and draw again", "decline": "decline",
             "noencounter": "no encounter card: end the turn", "accept": "accept the deal",
             "nodeal": "give up the deal", "second": "have a second encounter",
             "endturn": "end the turn"}
    return words.get(a.KIND, a.format())


def choices(s: engine.GameState, seat: int, kn: engine.Knowledge
            ) -> list[tuple[str, engine.Action, int | None]]:
    """What a person may do now, as (words, action, handle to select)."""
    out: list[tuple[str, engine.Action, int | None]] = []
    for a in engine.legal_sequence(s, seat, kn):
        if isinstance(a, engine.Select):
            for h in engine.encounter_card_options(s, seat, kn):
                out.append((f"put {card_label(kn.faces.get(h))} face down", a, h))
        else:
            out.append((describe_action(s, a, kn), a, None))
    return out


class TextPlayer:
    """The human controller: asks on `inp`, writes on `out`."""

    LIMIT = 30

    def __init__(self, inp: TextIO, out: TextIO) -> None:
        self.inp, self.out = inp, out

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def hand(self, s: engine.GameState, seat: int, kn: engine.Knowledge) -> str:
        return ", ".join(card_label(kn.faces.get(h, s.faces.get(h))) for h in s.hands[seat])

    def choose(self, s: engine.GameState, seat: int, kn: engine.Knowledge) -> engine.Action:
        opts = grouped(s, choices(s, seat, kn))
        if len(opts) == 1 and opts[0][1].KIND == "pass":
            return opts[0][1]  # nothing playable here: pass without asking
        self.say("")
        self.say(board_text(s))
        self.say(f"Your hand ({s.config.colors[seat]}): {self.hand(s, seat, kn)}")
        self.say(f"-- {s.phase}: your decision ({len(opts)} choice(s))")
        shown = opts if len(opts) <= self.LIMIT else opts[: self.LIMIT]
        for i, (words, _, _) in enumerate(shown, 1):
            self.say(f"  {i:>3}. {words}")
        if len(opts) > self.LIMIT:
            self.say(f"  ... {len(opts) - self.LIMIT} more: type 'all' to list them, or the "
                     "action text, e.g. 'launch 0 planet=5 ships=0:2,1:2'")
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise EOFError("input closed")
            line = line.strip()
            if line == "all":
                for i, (words, _, _) in enumerate(opts, 1):
                    self.say(f"  {i:>3}. {words}")
                continue
            if line in ("help", "?"):
                self.say("Type a choice's number, 'all' to list every choice, the action "
                         "text ('kind seat key=value ...'), or 'quit'.")
                continue
            if line in ("quit", "exit"):
                raise EOFError("quit")
            picked = self._pick(line, opts)
            if picked is None:
                self.say("Not a choice here. Type a number from the list, or 'help'.")
                continue
            words, action, handle = picked
            if isinstance(action, list):  # a group of ship choices: ask which ships
                chosen = self._ships(s, seat, action)
                if chosen is None:
                    continue
                return chosen
            if handle is not None:
                kn.selected = handle
            return action

    def _ships(self, s: engine.GameState, seat: int, group: list[engine.Action]
               ) -> engine.Action | None:
        totals = sorted({sum(c for _, c in a.ships) for a in group})  # type: ignore[attr-defined]
        self.say(f"How many ships ({', '.join(map(str, totals))})? Or name them: "
                 f"e.g. {planet_name(s, s.colonies(seat)[0]) if s.colonies(seat) else 'gate'}:2")
        self.out.write("ships> ")
        self.out.flush()
        line = self.inp.readline().strip()
        if line.isdigit():
            fits = [a for a in group if sum(c for _, c in a.ships) == int(line)]  # type: ignore[attr-defined]
            if not fits:
                self.say("That many ships is not possible here.")
                return None
            return max(fits, key=lambda a: _leftover(s, seat, a.ships))  # type: ignore[attr-defined]
        want = _parse_ships(s, line)
        for a in group:
            if want is not None and tuple(sorted(a.ships)) == want:  # type: ignore[attr-defined]
                return a
        self.say("Those ships are not a choice here (names like red.1:2,gate:1).")
        return None

    def _pick(self, line: str, opts: list[tuple[str, engine.Action, int | None]]
              ) -> tuple[str, engine.Action, int | None] | None:
        if line.isdigit() and 1 <= int(line) <= len(opts):
            return opts[int(line) - 1]
        try:
            action = engine.actions.parse_action(line)
        except engine.EngineError:
            return None
        for o in opts:
            if o[1] == action and o[2] is None:
                return o
        return None


def _leftover(s: engine.GameState, seat: int, pairs: Sequence[tuple[int, int]]) -> int:
    """Prefer taking from big stacks and never emptying a planet."""
    score = 0
    for loc, n in pairs:
        if loc >= 0:
            left = s.on(loc, seat) - n
            score += left - (100 if left == 0 else 0)
    return score


def _parse_ships(s: engine.GameState, text: str) -> tuple[tuple[int, int], ...] | None:
    names = {planet_name(s, p): p for p in range(s.planet_count)}
    names["gate"] = engine.GATE
    out = []
    for item in text.replace(" ", ",").split(","):
        if not item:
            continue
        where, _, count = item.partition(":")
        if where not in names or not count.isdigit():
            return None
        out.append((names[where], int(count)))
    return tuple(sorted(out))


def grouped(s: engine.GameState, opts: list[tuple[str, engine.Action, int | None]]
            ) -> list[tuple[str, object, int | None]]:
    """Fold the many ways of choosing ships into one entry per target."""
    out: list[tuple[str, object, int | None]] = []
    groups: dict[str, list[engine.Action]] = {}
    for words, action, handle in opts:
        if hasattr(action, "ships") and len(opts) > 12:
            key = words.split(":")[0]
            if key not in groups:
                groups[key] = []
                out.append((key + ": choose ships", groups[key], None))
            groups[key].append(action)
        else:
            out.append((words, action, handle))
    return [(w, g[0] if isinstance(g, list) and len(g) == 1 else g, h) for w, g, h in out]


def play_events(s: engine.GameState, events: list, say: Callable[[str], None]) -> None:
    for ev in events:
        if ev[0] in ("turn", "encounter", "destiny", "launch", "ally", "reveal", "totals",
                     "result", "play", "land", "warp", "win", "compensation", "deal",
                     "no_deal", "reestablish", "negated", "plague", "allies_cancelled"):
            say("   * " + describe_event(s, ev))
