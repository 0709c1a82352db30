"""Plain functions that turn a public state into words: the board as text, and a summary
as JSON-able data. Used by scenario, replay, play and the full-screen client; testable."""

from __future__ import annotations

from typing import Any

import engine
from engine import cards as C

__all__ = ["planet_name", "board_text", "public_summary", "card_label", "describe_event"]


def planet_name(s: engine.GameState, planet: int) -> str:
    per = s.config.planets
    return f"{s.config.colors[planet // per]}.{planet % per + 1}"


def card_label(face: int | None) -> str:
    return C.CATALOGUE[face].label() if face is not None else "?"


def _colonies(s: engine.GameState, planet: int) -> list[tuple[str, int]]:
    return [(s.config.colors[seat], s.on(planet, seat)) for seat in range(s.n)
            if s.on(planet, seat)]


def public_summary(s: engine.GameState) -> dict[str, Any]:
    colors = s.config.colors
    e = s.enc
    out: dict[str, Any] = {
        "turn": s.turns, "offense": colors[s.offense] if s.offense >= 0 else None,
        "phase": s.phase, "step": s.step()[0],
        "planets": {planet_name(s, p): dict(_colonies(s, p)) for p in range(s.planet_count)},
        "warp": {colors[i]: s.warp[i] for i in range(s.n)},
        "gate": {colors[i]: s.gate[i] for i in range(s.n) if s.gate[i]},
        "beside": {colors[i]: s.beside[i] for i in range(s.n) if s.beside[i]},
        "foreign_colonies": {colors[i]: s.foreign_colonies(i) for i in range(s.n)},
        "hand_sizes": {colors[i]: len(s.hands[i]) for i in range(s.n)},
        "deck": len(s.deck), "discard": [card_label(s.faces.get(h)) for h in s.discard],
        "destiny_deck": len(s.destiny_deck),
        "outcome": None if s.outcome is None else {
            "reason": s.outcome.reason, "winners": [colors[w] for w in s.outcome.winners]},
    }
    if e is not None:
        out["encounter"] = {
            "number": e.number,
            "defense": colors[e.defense] if e.defense >= 0 else None,
            "target": planet_name(s, e.target) if e.target >= 0 else None,
            "offensive_allies": [colors[a] for a in e.allies[0]],
            "defensive_allies": [colors[a] for a in e.allies[1]],
            "cards": [card_label(s.faces.get(h)) if h >= 0 else None for h in e.cards],
            "destiny": card_label(s.faces.get(e.destiny)) if e.destiny >= 0 else None,
            "result": e.result,
        }
    return out


def board_text(s: engine.GameState) -> str:
    """The whole public board in a few lines of plain text (fits 80 columns)."""
    colors = s.config.colors
    lines = []
    if s.outcome is not None:
        winners = ", ".join(colors[w] for w in s.outcome.winners) or "nobody"
        lines.append(f"Game over ({s.outcome.reason}): {winners} won.")
    else:
        who = colors[s.offense] if s.offense >= 0 else "-"
        st = s.step()
        where = f"{st[1]} window" if st[0] == "window" else st[0]
        lines.append(f"Turn {s.turns}, offense {who}; phase {s.phase} ({where})")
    e = s.enc
    if e is not None and e.defense >= 0:
        target = planet_name(s, e.target) if e.target >= 0 else "?"
        lines.append(f"Encounter {e.number}: {colors[e.offense]} vs {colors[e.defense]} at "
                     f"{target}; gate {_counts(s, s.gate)}; beside {_counts(s, s.beside)}")
    for seat in range(s.n):
        planets = []
        for p in s.home_planets(seat):
            cols = ",".join(f"{c}{n}" for c, n in _colonies(s, p)) or "-"
            planets.append(f"{p % s.config.planets + 1}:{cols}")
        lines.append(f"{colors[seat]:>7} [{s.foreign_colonies(seat)} foreign, hand "
                     f"{len(s.hands[seat])}, warp {s.warp[seat]}] " + "  ".join(planets))
    lines.append(f"deck {len(s.deck)}, discard {len(s.discard)}, destiny {len(s.destiny_deck)}")
    return "\n".join(lines)


def _counts(s: engine.GameState, values: list[int]) -> str:
    return ", ".join(f"{s.config.colors[i]} {v}" for i, v in enumerate(values) if v) or "-"


def describe_event(s: engine.GameState, ev: tuple[Any, ...]) -> str:
    """One event in words (the log)."""
    colors = s.config.colors

    def c(seat: int) -> str:
        return colors[seat] if 0 <= seat < len(colors) else "?"
    kind = ev[0]
    if kind == "turn":
        return f"{c(ev[1])}'s turn begins"
    if kind == "encounter":
        return f"{c(ev[1])} begins encounter {ev[2]}"
    if kind == "destiny":
        return f"{c(ev[1])} draws destiny {card_label(ev[2])}: encounter with {c(ev[3])}"
    if kind == "launch":
        return f"{c(ev[1])} aims at {planet_name(s, ev[2])} with {ev[3]} ship(s)"
    if kind == "ally":
        return f"{c(ev[1])} allies with {c(ev[2])}, {ev[3]} ship(s)"
    if kind == "reveal":
        return f"{c(ev[1])} reveals {card_label(ev[2])}"
    if kind == "totals":
        return f"totals: offense {ev[1]}, defense {ev[2]}"
    if kind == "result":
        return f"the {ev[1]} wins the encounter"
    if kind == "play":
        return f"{c(ev[1])} plays {card_label(ev[2])}"
    if kind == "land":
        return f"{c(ev[1])} lands {ev[3]} ship(s) on {planet_name(s, ev[2])}"
    if kind == "warp":
        return f"{c(ev[1])} loses {ev[2]} ship(s) to the warp"
    if kind == "win":
        return "winner(s): " + ", ".join(c(w) for w in ev[1])
    if kind == "compensation":
        return f"{c(ev[1])} takes {ev[3]} card(s) from {c(ev[2])} as compensation"
    if kind == "draw":
        return f"{c(ev[1])} draws {ev[2]} card(s)"
    return " ".join(str(x) for x in ev)
