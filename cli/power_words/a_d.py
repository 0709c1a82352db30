"""Words for the uses of the aliens ambush to doppleganger (see cli/power_words: Spec).

Uses whose arguments are flattened pairs (the Amoeba's planet and count, the
Conscriptor's player and count) take a pair kind ("planet,ships*": "blue.1: 2 ships").

TOLD says the same uses for someone replaying the game: third person, the power the seat
acted with put before the words, the arguments in the same order."""

from __future__ import annotations

OPTIONS: dict[str, dict[int, tuple[str, tuple[str, ...]]]] = {
    "ambush": {
        # (the seat's possessive is the seat's own word, "{}'s": "your" to its player,
        # never a fixed "their")
        0: ("send one of {}'s ships on the gate to the warp, spending a kept destiny card "
            "of that colour", ("seat",)),
    },
    "amoeba": {
        0: ("add ships to the encounter from your colonies ({})", ("planet,ships*",)),
        1: ("take ships out of the encounter back to your colonies ({})",
            ("planet,ships*",)),
    },
    "anarchy": {
        0: ("pool every player's power and deal them out again at random", ()),
    },
    "angel": {
        0: ("count your side as a negotiate and keep the card you chose", ()),
    },
    "anti_matter": {
        0: ("make ships count against their own side: the lower total wins", ()),
    },
    "atrophy": {
        0: ("take a random card from each player on the other side", ()),
    },
    "berserker": {
        0: ("send one ship of every other player on the target planet to the warp", ()),
    },
    "calculator": {
        0: ("if both cards are attacks, cut the higher one by the lower", ()),
    },
    "chameleon": {
        0: ("hand your defense to {}, who has ships on the planet", ("seat",)),
        1: ("call off the encounter: {}, the offense, has ships on the planet",
            ("seat",)),
    },
    "chaos": {
        0: ("shuffle {} and {} together", ("source", "source")),
    },
    "chill": {
        0: ("freeze {}: no ship leaves but for the warp", ("planet*",)),
    },
    "chronos": {
        0: ("undo the reveal: take your card back, set the other aside, both choose "
            "again", ()),
    },
    "clone": {
        0: ("keep the encounter card you played", ()),
    },
    "conjurer": {
        0: ("discard encounter cards and artifacts to bring ships back from the warp",
            ()),
    },
    "conscriptor": {
        0: ("draft ships from the warp to your side ({})", ("seat,ships*",)),
    },
    "crystal": {
        0: ("set the ships {} commits as an ally to {}", ("seat", "number")),
    },
    "cult": {
        0: ("count the others' ships on the target planet for your side", ()),
    },
    "deflector": {
        0: ("make the offense aim at {}", ("planet",)),
    },
    "demon": {
        0: ("use {}'s hand as your own for this encounter", ("seat",)),
    },
    "doppleganger": {
        0: ("borrow {}'s hand for this encounter", ("seat",)),
        1: ("draw a fresh hand of eight for this encounter", ()),
    },
    "collector": {
        0: ("say your hand still lacks an attack, a negotiate or an artifact, and draw one "
            "more card", ()),
    },
    "disease": {
        0: ("spread from {}: move {} to {}", ("planet", "ships", "planet")),
    },
}

TOLD: dict[str, dict[int, str]] = {
    "ambush": {0: "sends one of {}'s ships on the gate to the warp, spending a kept "
                  "destiny card of that colour"},
    "amoeba": {0: "adds ships to the encounter from its colonies ({})",
               1: "takes ships out of the encounter back to its colonies ({})"},
    "anarchy": {0: "pools every player's power and deals them out again at random"},
    "angel": {0: "counts its side as a negotiate, keeping the card it chose"},
    "anti_matter": {0: "makes ships count against their own side: the lower total wins"},
    "atrophy": {0: "takes a random card from each player on the other side"},
    "berserker": {0: "sends one ship of every other player on the target planet to the warp"},
    "calculator": {0: "cuts the higher attack card by the lower"},
    "chameleon": {0: "hands its defense to {}, who has ships on the planet",
                  1: "calls off the encounter: {}, the offense, has ships on the planet"},
    "chaos": {0: "shuffles {} and {} together"},
    "chill": {0: "freezes {}: no ship leaves but for the warp"},
    "chronos": {0: "undoes the reveal: its card back to its hand, the other set aside, both "
                   "choose again"},
    "clone": {0: "keeps the encounter card it played"},
    "conjurer": {0: "discards encounter cards and artifacts to bring ships back from the "
                    "warp"},
    "conscriptor": {0: "drafts ships from the warp to its side ({})"},
    "crystal": {0: "sets the ships {} commits as an ally to {}"},
    "cult": {0: "counts the others' ships on the target planet for its side"},
    "deflector": {0: "makes the offense aim at {}"},
    "demon": {0: "uses {}'s hand as its own for this encounter"},
    "doppleganger": {0: "borrows {}'s hand for this encounter",
                     1: "draws a fresh hand of eight for this encounter"},
    "collector": {0: "draws one more card: its hand still lacks an attack, a negotiate or "
                     "an artifact"},
    "disease": {0: "spreads from {}, moving {} to {}"},
}
