"""Words for the uses of the aliens null to zero (see cli/power_words: Spec)."""

from __future__ import annotations

OPTIONS: dict[str, dict[int, tuple[str, tuple[str, ...]]]] = {
    "null": {0: ("stop {} using {} for this encounter", ("seat", "power"))},
    "oracle": {0: ("make your opponent show its encounter card before you choose yours",
                   ())},
    "pacifist": {0: ("win with your negotiate against the attack", ())},
    "paradigm": {0: ("draw from destiny and move the encounter to that player's system, "
                     "your card defending it", ())},
    "philanthropist": {0: ("give one card from your hand to {}", ("seat",))},
    "plant": {0: ("graft {}'s power for this encounter", ("seat",))},
    "quantum": {0: ("teleport one of {}'s ships from {} to {}",
                    ("seat", "planet", "planet"))},
    "seeker": {0: ("ask {}: {} (it must answer truly; an answer about its card binds)",
                   ("seat", "question"))},
    "sorcerer": {0: ("switch the two face-down encounter cards", ())},
    "trader": {0: ("swap hands with your opponent", ())},
    "troll": {0: ("bring one of your ships back from the warp to {}", ("planet",))},
    "virus": {0: ("multiply your attack card by your side's ships", ())},
    "visionary": {0: ("make your opponent play {} if it holds one", ("face",))},
    "warpish": {0: ("add every ship in the warp to your total", ())},
    "wastrel": {0: ("discard your whole hand and draw a new one", ())},
    "worm": {0: ("move the gate to {}", ("planet",))},
    "wrack": {
        0: ("offer your opponent a deal, to be tortured into taking it", ()),
        1: ("torture: send one of your opponent's ships from {} to the warp", ("planet",)),
        2: ("torture: discard a random card from your opponent's hand", ()),
    },
    "wrath": {0: ("multiply your total by your ships in the warp", ())},
    "xenophobe": {0: ("add your opponents' ships in your home system to your total", ())},
    "zealot": {0: ("keep attacking this system until you win", ())},
    "zero": {0: ("make every attack card played count as 0", ())},
}
