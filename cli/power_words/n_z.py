"""Words for the uses of the aliens null to zero (see cli/power_words: Spec); TOLD says
them in the third person, for a replay (the power put before them)."""

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
    "rot": {1: ("make {} lose a card at random (it goes face up to the discard pile)",
                ("seat",))},
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
    "paragon": {0: ("attack {}, among the strongest, at the colony on {} instead",
                    ("seat", "planet"))},
    "piranha": {0: ("devour {}'s ships on {}: yours outnumber them, all of theirs go to "
                    "the warp", ("seat", "planet"))},
    "queue": {0: ("give the next turn to {} (each player once a round)", ("seat",))},
    "sting": {0: ("make {} lose {} outside the encounter instead of you (yours come back "
                  "from the warp); it may then take as many cards from your hand",
                  ("seat", "ships"))},
    "vacuum": {0: ("take others' ships along to the warp: {}", ("seat,loss*",))},
    "warlock": {0: ("draw {} for the ships you lost to the warp", ("cards",))},
    "will": {0: ("encounter {} instead of drawing destiny, at any planet where it has a "
                 "colony", ("seat",))},
    "xenomorph": {0: ("trade your current power for a new one drawn at random", ())},
}

TOLD: dict[str, dict[int, str]] = {
    "null": {0: "stops {} using {} for this encounter"},
    "oracle": {0: "makes its opponent show its encounter card before choosing its own"},
    "pacifist": {0: "wins with its negotiate against the attack"},
    "paradigm": {0: "draws from destiny and moves the encounter to that player's system, "
                    "its own card defending it"},
    "philanthropist": {0: "gives one card from its hand to {}"},
    "plant": {0: "grafts {}'s power for this encounter"},
    "quantum": {0: "teleports one of {}'s ships from {} to {}"},
    "rot": {1: "makes {} lose a card at random, face up to the discard pile"},
    "seeker": {0: "asks {} \"{}\" (the answer must be true; one about its card binds it)"},
    "sorcerer": {0: "switches the two face-down encounter cards"},
    "trader": {0: "swaps hands with its opponent"},
    "troll": {0: "brings one of its ships back from the warp to {}"},
    "virus": {0: "multiplies its attack card by its side's ships"},
    "visionary": {0: "makes its opponent play {} if it holds one"},
    "warpish": {0: "adds every ship in the warp to its total"},
    "wastrel": {0: "discards its whole hand and draws a new one"},
    "worm": {0: "moves the gate to {}"},
    "wrack": {0: "offers its opponent a deal, to be tortured into taking it",
              1: "tortures: sends one of its opponent's ships from {} to the warp",
              2: "tortures: discards a random card from its opponent's hand"},
    "wrath": {0: "multiplies its total by its ships in the warp"},
    "xenophobe": {0: "adds its opponents' ships in its home system to its total"},
    "zealot": {0: "keeps attacking this system until it wins"},
    "zero": {0: "makes every attack card played count as 0"},
    "paragon": {0: "attacks {}, among the strongest, at the colony on {} instead"},
    "piranha": {0: "devours {}'s ships on {}: outnumbered there, they all go to the warp"},
    "queue": {0: "gives the next turn to {}"},
    "sting": {0: "makes {} lose {} outside the encounter instead (the Sting's come back "
                 "from the warp), for as many cards from the Sting's hand"},
    "vacuum": {0: "takes others' ships along to the warp: {}"},
    "warlock": {0: "draws {} for the ships it lost to the warp"},
    "will": {0: "chooses to encounter {} instead of drawing destiny"},
    "xenomorph": {0: "trades its current power for a new one drawn at random"},
}
